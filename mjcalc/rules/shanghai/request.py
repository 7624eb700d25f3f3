"""The request of a Shanghai hand: the shared fields, then flowers, pending 开宝 / 黄番 and the
seats liable under 承包."""

from typing import Annotated, ClassVar

from pydantic import Field, Strict

from mjcalc.plugin import Count, Request, Seat, empty_list

# like mjcalc.models, annotations are kept as objects (no ``from __future__ import annotations``)

MAX_FLOWERS = 8
"""Flower tiles in a set: 8."""


class ShanghaiRequest(Request):
    """A Shanghai hand: flower count, pending 开宝 / 黄番, seats liable under 承包."""

    NO_EFFECT: ClassVar[frozenset[str]] = frozenset({"kongs"})
    """Other seats' kongs pay nothing in Shanghai (a kong only adds the winner's flowers)."""

    flowers: Annotated[int, Strict(), Field(ge=0, le=MAX_FLOWERS)] | None = None
    kaibao: Count = 0
    huangfan: Count = 0
    liable: list[Seat] = Field(default_factory=empty_list, max_length=3)
