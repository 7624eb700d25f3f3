"""The request of a Nanchang hand: the shared fields, then the turned-up jing, jing held per
seat, 天胡 / 地胡, 跟庄 and the opening flip (上下翻精)."""

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, Strict, StrictBool, field_validator

from mjcalc.plugin import Request, Seat, TileText, empty_dict

# like mjcalc.models, annotations are kept as objects (no ``from __future__ import annotations``)

COPIES = 4
"""Copies of each kind: the indicator stays in the wall, so all four jing of each kind are live."""

Copies = Annotated[int, Strict(), Field(ge=0, le=COPIES)]

MAX_WRITTEN = 128
"""Characters of the written form: a tile and four seats fit many times over."""

_SEAT_WORDS = {"东": "E", "東": "E", "南": "S", "西": "W", "北": "N"}
"""The Chinese seat names of the written form, for their letters (as every seat flag reads)."""


class OpeningFlip(BaseModel):
    """上下翻精: the settlement tile turned up (the jing indicator is the tile under it) and,
    per seat, how many copies of it and of the next kind its dealt hand held."""

    model_config = ConfigDict(extra="forbid")

    tile: TileText = Field(description="the settlement tile T (the jing indicator is under it)")
    dealt: dict[Seat, tuple[Copies, Copies]] = Field(
        default_factory=empty_dict,
        description="per seat, copies of T and of the kind after T in its dealt hand",
    )


def written_flip(text: str) -> dict[str, Any]:
    """The written form of ``opening_flip`` (what ``--opening-flip`` takes): ``T SEAT=C,D ...``,
    e.g. ``3m E=1,0 S=0,2``, as the JSON object it stands for."""
    words = text.split() if len(text) <= MAX_WRITTEN else []
    if not words:
        raise ValueError(
            f"give the tile, then SEAT=C,D for each seat dealt some (at most {MAX_WRITTEN}"
            " characters)"
        )
    dealt: dict[str, list[int]] = {}
    for word in words[1:]:
        name, sep, value = word.partition("=")
        first, comma, second = value.partition(",")
        seat = _SEAT_WORDS.get(name, name.upper())
        numbers = (first + second).isascii() and first.isdigit() and second.isdigit()
        if not (sep and comma and numbers) or seat not in ("E", "S", "W", "N"):
            raise ValueError(f"expected SEAT=C,D (two whole numbers), got {word!r}")
        if seat in dealt:
            raise ValueError(f"seat {seat} given twice")
        dealt[seat] = [int(first), int(second)]
    return {"tile": words[0], "dealt": dealt}


class NanchangRequest(Request):
    """A Nanchang hand: the jing indicator, jing held per seat, 天胡 / 地胡, 跟庄, 上下翻精."""

    jing: TileText = Field(description="the indicator: its kind is 正精, the next kind 副精")
    jings: dict[Seat, tuple[Copies, Copies]] = Field(
        default_factory=empty_dict,
        description="[正精, 副精] each other seat holds at the end (hand and melds, the four"
        " tiles of a jing kong included); the winner's are read from its hand",
    )
    heavenly: StrictBool = Field(False, description="天胡: the dealer wins on its dealt tiles")
    earthly: StrictBool = Field(False, description="地胡: won off the dealer's first discard")
    follow_dealer: Annotated[int, Strict(), Field(ge=0, le=1)] = Field(
        0, description="跟庄: 1 when the first four discards were the same tile"
    )
    opening_flip: OpeningFlip | None = Field(
        None,
        description="上下翻精 (option off when absent): the settlement tile and the dealt"
        " copies per seat, or its written form 'T SEAT=C,D ...'",
    )

    @field_validator("opening_flip", mode="before")
    @classmethod
    def _written(cls, value: Any) -> Any:
        """The written form (a command-line flag's text) read as the object."""
        return written_flip(value) if isinstance(value, str) else value
