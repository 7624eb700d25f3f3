"""The request of a 鸡胡 hand: the fields every ruleset shares, and the round wind."""

from typing import ClassVar

from mjcalc.plugin import Request, Seat
from pydantic import Field

# like mjcalc.models, annotations are kept as objects (no ``from __future__ import annotations``):
# Pydantic reads the fields' types when the class is made


class JihuRequest(Request):
    """A 鸡胡 hand: the shared fields, and the round wind (圈风) it was won in."""

    NO_EFFECT: ClassVar[frozenset[str]] = frozenset({"kongs"})
    """Other seats' kongs change nothing in a 鸡胡 hand: given, they are warned about."""

    round_wind: Seat = Field("E", description="the round wind (圈风): E, S, W or N")
