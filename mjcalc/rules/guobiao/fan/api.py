"""The seam between Guobiao's fan calculator and the rest of its ruleset.

The ruleset's evaluator (``mjcalc/rules/guobiao/ruleset.py``) turns a checked request into a
:class:`FanHand` and asks :func:`mjcalc.rules.guobiao.fan.count_fans` for its :class:`FanCount`;
the calculator knows nothing of requests, seats or payments, the evaluator nothing of how fan
combine. Both sides import only this module from each other.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjcalc.plugin import Meld, Tile


@dataclass(frozen=True, slots=True)
class FanHand:
    """A winning hand as the fan table sees it."""

    concealed: tuple[Tile, ...]
    """The concealed tiles, the winning tile included (3n+2 with the melds' sets)."""
    melds: tuple[Meld, ...]
    """The declared melds: chows, pungs, exposed kongs, concealed kongs (``concealed=True``)."""
    win_tile: Tile
    self_drawn: bool
    seat_wind: Tile
    """The winner's seat wind (EAST..NORTH), from the dealer."""
    prevalent_wind: Tile
    flowers: int = 0
    after_kong: bool = False
    """杠上开花: self-drawn replacement tile after the winner's own kong."""
    robbing_kong: bool = False
    """抢杠和: won on the tile another seat added to its pung."""
    last_tile_of_wall: bool = False
    """妙手回春 (self-drawn) / 海底捞月 (off a discard)."""
    last_of_kind: bool = False
    """和绝张: the winning tile is the last of its kind (the other three visible)."""


@dataclass(frozen=True, slots=True)
class FanItem:
    """One fan of the result: two 幺九刻 are one item with ``count`` 2 and ``fan`` 2."""

    id: str
    """The fan's id of ``docs/rules/guobiao.md`` (``"pure_straight"``, ``"flower_tiles"``)."""
    fan: int
    """The total of this name: its value times ``count``."""
    count: int = 1


@dataclass(frozen=True, slots=True)
class FanCount:
    """What the calculator found for a winning shape: the chosen arrangement's fan."""

    shape: str
    """``"regular"`` (4 sets + pair), ``"seven_pairs"``, ``"thirteen_orphans"``,
    ``"honors_and_knitted"`` (全不靠 / 七星不靠) or ``"knitted_straight"`` (组合龙 + set + pair)."""
    items: tuple[FanItem, ...]
    """Every fan counted, biggest first, ``flower_tiles`` last when there are flowers."""
    sets: tuple[tuple[Tile, ...], ...] = ()
    """The chosen arrangement's sets and pair (each a sorted tuple of tiles), for the result's
    reading; empty for the shapes that have no sets."""

    @property
    def total(self) -> int:
        """Every fan, flowers included (what the payment uses)."""
        return sum([item.fan for item in self.items])

    @property
    def without_flowers(self) -> int:
        """The fan that the 8-fan minimum is checked against."""
        return sum([item.fan for item in self.items if item.id != "flower_tiles"])
