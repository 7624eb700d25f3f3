"""The request of a Xingguo hand: the shared fields, then the flipped jing, jing held per seat,
天胡 / 地胡, 跟庄 and 相公."""

from typing import Annotated, Literal

from pydantic import Field, Strict, StrictBool

from mjcalc.plugin import Count, Request, Seat, TileText, empty_dict

# like mjcalc.models, annotations are kept as objects (no ``from __future__ import annotations``)

MAX_MAIN_JING, MAX_SECONDARY_JING = 3, 4
"""Jing one seat can hold: 3 正精 (the flipped tile stays out), 4 副精."""


class XingguoRequest(Request):
    """A Xingguo 冲关 hand: the flipped jing, jing held per seat, 天胡/地胡, 跟庄, 相公."""

    jing: TileText = Field(description="the flipped tile (正精)")
    jings: dict[
        Seat,
        tuple[
            Annotated[int, Strict(), Field(ge=0, le=MAX_MAIN_JING)],
            Annotated[int, Strict(), Field(ge=0, le=MAX_SECONDARY_JING)],
        ],
    ] = Field(default_factory=empty_dict, description="jing held per seat as [正, 副] counts")
    heavenly: StrictBool = False
    earthly: StrictBool = False
    follow_dealer: Count = 0
    xianggong: dict[Seat, Literal["big", "small"]] = Field(default_factory=empty_dict)
