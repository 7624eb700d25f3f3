"""Nanchang across hands (docs/rules/nanchang.md, "Across hands"): the deal and the drawn hand.

The dealer stays after its own win or a drawn hand and otherwise passes to the next seat (the
session core's default). A drawn hand is not void: the jing each seat holds is settled as after
a win, and the kongs made, the opening flip and 跟庄 are paid as in any hand. Its line may give
what a hand line gives for them (``{"event": "draw", "jing": "5s", "jings": {"E": [1, 0]}}``);
a bare ``draw`` settles nothing. A conceded hand is recorded the same way.
"""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict, field_validator

from mjcalc.plugin import (
    SEATS,
    DrawnHand,
    KongMade,
    MjcalcError,
    Seat,
    SessionRules,
    Tile,
    TileText,
    empty_dict,
    empty_list,
    is_flower,
    parse_tile,
    total,
)
from mjcalc.rules.nanchang.base import holdings, parse_jing
from mjcalc.rules.nanchang.options import NanchangOptions
from mjcalc.rules.nanchang.request import Copies, OpeningFlip, written_flip
from mjcalc.rules.nanchang.settle import (
    settle_flip,
    settle_follow_dealer,
    settle_jing,
    settle_kongs,
)

# (no ``from __future__ import annotations``: Pydantic reads the field types when the class is
# made)


class KongLine(BaseModel):
    """A kong made in the drawn hand: its maker, its kind, its tile (of a jing kind, +10 jing)."""

    model_config = ConfigDict(extra="forbid")

    seat: Seat
    kind: Literal["concealed", "exposed", "added"]
    tile: TileText | None = None


class DrawnLine(BaseModel):
    """The fields of a Nanchang drawn hand's line: what it still settles."""

    model_config = ConfigDict(extra="forbid")

    jing: TileText | None = Field(None, description="the indicator (needed for a jing kong)")
    jings: dict[Seat, tuple[Copies, Copies]] = Field(default_factory=empty_dict)
    kongs: list[KongLine] = Field(default_factory=empty_list, max_length=16)
    follow_dealer: Annotated[int, Strict(), Field(ge=0, le=1)] = 0
    opening_flip: OpeningFlip | None = None

    @field_validator("opening_flip", mode="before")
    @classmethod
    def _written(cls, value: object) -> object:
        return written_flip(value) if isinstance(value, str) else value


def _kong_tile(text: str | None) -> Tile | None:
    if text is None:
        return None
    try:
        t = parse_tile(text)
    except MjcalcError as exc:
        raise exc.within("err.in_field", field="kongs.tile") from None
    if is_flower(t):
        raise MjcalcError.from_key("invalid_request", "nc.err.kong_flower", tile=text)
    return t


def settle_drawn(line: DrawnLine, options: NanchangOptions, dealer: Seat) -> dict[Seat, int]:
    """A drawn hand's kong, jing, opening-flip and 跟庄 sections, summed (stake applied)."""
    jing = parse_jing(line.jing) if line.jing is not None else None
    kongs = [KongMade(k.seat, k.kind, _kong_tile(k.tile)) for k in line.kongs]
    holding = holdings(jing, line.jings, kongs)
    sections = (
        settle_kongs(kongs, jing, options)[0],
        settle_jing(holding, options)[0],
        settle_flip(line.opening_flip, jing)[0],
        settle_follow_dealer(dealer, line.follow_dealer, options)[0],
    )
    moved = total(sections)
    return {s: moved[s] * options.stake for s in SEATS}


SESSION: SessionRules[NanchangOptions] = SessionRules(
    events=frozenset({"hand", "draw"}),
    drawn=DrawnHand(
        fields=DrawnLine,
        settle=settle_drawn,
        shown=(
            "drawn hand 流局: jing, kongs, flip and 跟庄 settled",
            "流局：照算精、杠、翻精和跟庄",
        ),
    ),
)
