"""The request of a Guobiao hand: the shared fields, then the prevalent wind, 妙手回春 /
海底捞月 and 和绝张 (杠上开花 and 抢杠和 are the shared ``after_kong`` and ``robbing_kong``;
flowers are tiles of the hand, ``1f``–``8f``)."""

from pydantic import Field, StrictBool

from mjcalc.plugin import Request, Seat

# like mjcalc.models, annotations are kept as objects (no ``from __future__ import annotations``)


class GuobiaoRequest(Request):
    """A Guobiao hand: the prevalent wind and the last-tile situations."""

    prevalent: Seat = Field(
        "E", description="the prevalent wind 圈风 (E S W N); a sitting derives it from the hand"
    )
    last_tile_of_wall: StrictBool = Field(
        False,
        description="won on the wall's last tile: 妙手回春 self-drawn, 海底捞月 off a discard",
    )
    last_of_kind: StrictBool = Field(
        False, description="和绝张: the winning tile is the last of its kind, the other three shown"
    )
