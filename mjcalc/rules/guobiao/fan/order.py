"""Tile facts the fan rows share, and the order in which the reading lists tiles.

The reading this ruleset follows (ChineseOfficialMahjongHelper's, the outside check's) writes
the suits 万 条 饼 and the dragons 中 發 白; where two arrangements of a hand score the same,
or two triples of chows both make a fan, it keeps the first in that order. Sorting by
:func:`tile_key` makes the same choice, so the items agree fan by fan, not only on the total.
"""

from __future__ import annotations

from typing import Final

from mjcalc.plugin import DRAGONS, WINDS, Tile

_SUIT_PLACE: Final = (0, 2, 1)
"""万 first, then 条, then 饼 (mjcalc's tiles run 万 筒 条)."""
_HONOR_PLACE: Final = (0, 1, 2, 3, 6, 5, 4)
"""東 南 西 北, then 中 發 白 (mjcalc's run 白 發 中)."""


def tile_key(t: Tile) -> int:
    """A tile's place in the reading's order."""
    if t < 27:
        return _SUIT_PLACE[t // 9] * 9 + t % 9
    return 27 + _HONOR_PLACE[t - 27]


TILE_KEYS: Final = tuple(tile_key(t) for t in range(34))
""":func:`tile_key` of every tile, for sorting (``key=TILE_KEYS.__getitem__``)."""


def suit(t: Tile) -> int:
    """0..2 for the suits, 3 for the honors."""
    return t // 9 if t < 27 else 3


def rank(t: Tile) -> int:
    """0..8 for a suited tile (1..9 as written)."""
    return t % 9


def is_terminal(t: Tile) -> bool:
    return t < 27 and t % 9 in (0, 8)


def is_wind(t: Tile) -> bool:
    return t in WINDS


def is_dragon(t: Tile) -> bool:
    return t in DRAGONS
