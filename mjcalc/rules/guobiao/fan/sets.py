"""The fans that sets make together: one row per fan, each a test on two, three or four sets.

A chow is named by its lowest tile, a pung or kong by its tile; the tiles of a row come sorted
by :func:`~.order.tile_key`. Each table's rows are tried in order and the first that holds is
the fan of those sets (a triple of chows is a 清龙 or a 三步高, never both). Which groups of
sets may be tested, and how often one set may count, is :mod:`.combine`'s business.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import cache
from typing import Final

from mjcalc.plugin import EAST, NORTH, SOUTH, WEST, Tile
from mjcalc.rules.guobiao.fan.order import is_dragon, is_terminal, is_wind, rank, suit

Row = tuple[str, Callable[..., bool]]


def _same_suit(*ts: Tile) -> bool:
    return len({suit(t) for t in ts}) == 1


def _three_suits(*ts: Tile) -> bool:
    return len({suit(t) for t in ts}) == len(ts)


def _steps(ts: tuple[Tile, ...], step: int) -> bool:
    """Each tile ``step`` above the one before, all in one suit."""
    return _same_suit(*ts) and all(b - a == step for a, b in itertools.pairwise(ts))


def _ranks_shifted(*ts: Tile) -> bool:
    """The ranks, in any order, are three in a row."""
    rs = sorted(rank(t) for t in ts)
    return rs[0] + 1 == rs[1] and rs[1] + 1 == rs[2]


FOUR_CHOWS: Final[tuple[Row, ...]] = (
    ("four_pure_shifted_chows", lambda *c: _steps(c, 2) or _steps(c, 1)),
    ("quadruple_chow", lambda a, b, c, d: a == b == c == d),
)
THREE_CHOWS: Final[tuple[Row, ...]] = (
    ("mixed_shifted_chows", lambda *c: _three_suits(*c) and _ranks_shifted(*c)),
    ("mixed_triple_chow", lambda *c: _three_suits(*c) and len({rank(t) for t in c}) == 1),
    ("mixed_straight", lambda *c: _three_suits(*c) and {rank(t) for t in c} == {0, 3, 6}),
    ("pure_straight", lambda *c: _steps(c, 3)),
    ("pure_shifted_chows", lambda *c: _steps(c, 2) or _steps(c, 1)),
    ("pure_triple_chow", lambda a, b, c: a == b == c),
)
TWO_CHOWS: Final[tuple[Row, ...]] = (
    ("mixed_double_chow", lambda a, b: suit(a) != suit(b) and rank(a) == rank(b)),
    ("short_straight", lambda a, b: _same_suit(a, b) and abs(a - b) == 3),
    ("two_terminal_chows", lambda a, b: _same_suit(a, b) and {rank(a), rank(b)} == {0, 6}),
    ("pure_double_chow", lambda a, b: a == b),
)

FOUR_PUNGS: Final[tuple[Row, ...]] = (
    ("four_pure_shifted_pungs", lambda *p: p[0] < 27 and _steps(p, 1)),
    ("big_four_winds", lambda *p: p == (EAST, SOUTH, WEST, NORTH)),
)
THREE_PUNGS: Final[tuple[Row, ...]] = (
    ("mixed_shifted_pungs", lambda *p: _suited(*p) and _three_suits(*p) and _ranks_shifted(*p)),
    ("triple_pung", lambda *p: _suited(*p) and _three_suits(*p) and len({rank(t) for t in p}) == 1),
    ("pure_shifted_pungs", lambda *p: _suited(*p) and _steps(p, 1)),
    ("big_three_winds", lambda *p: all(is_wind(t) for t in p)),
    ("big_three_dragons", lambda *p: all(is_dragon(t) for t in p)),
)
TWO_PUNGS: Final[tuple[Row, ...]] = (
    ("double_pung", lambda a, b: _suited(a, b) and rank(a) == rank(b)),
    ("two_dragon_pungs", lambda a, b: is_dragon(a) and is_dragon(b)),
)
ONE_PUNG: Final[tuple[Row, ...]] = (
    ("dragon_pung", is_dragon),
    ("pung_of_terminals_or_honors", lambda t: is_terminal(t) or is_wind(t)),
)


def _suited(*ts: Tile) -> bool:
    return all(t < 27 for t in ts)


def first(rows: tuple[Row, ...], *tiles: Tile) -> str | None:
    """The first fan of ``rows`` that these sets make, if any (remembered: a table of a few
    thousand groups of sets at most, asked again and again)."""
    return _TESTS[id(rows)](*tiles)


def _memoised(rows: tuple[Row, ...]) -> Callable[..., str | None]:
    """:func:`first` of one table, remembered by the tiles: called straight, a remembered
    answer costs a dictionary look-up and no Python call."""

    @cache
    def test(*tiles: Tile) -> str | None:
        for fan, holds in rows:
            if holds(*tiles):
                return fan
        return None

    return test


def terminal_chows(chows: tuple[Tile, ...], pair: Tile) -> str | None:
    """一色双龙会 / 三色双龙会: 123 and 789 twice around a pair of fives, in one suit or in the
    two suits the pair is not of (one 123 and one 789 in each)."""
    if pair >= 27 or rank(pair) != 4 or any(rank(c) not in (0, 6) for c in chows):
        return None
    if all(suit(c) == suit(pair) for c in chows):
        if sorted(rank(c) for c in chows) == [0, 0, 6, 6]:
            return "pure_terminal_chows"
        return None
    others = {s for s in range(3) if s != suit(pair)}
    wanted = {(s, r) for s in others for r in (0, 6)}
    if {(suit(c), rank(c)) for c in chows} == wanted:
        return "three_suited_terminal_chows"
    return None


four_chows: Final = _memoised(FOUR_CHOWS)
three_chows: Final = _memoised(THREE_CHOWS)
two_chows: Final = _memoised(TWO_CHOWS)
four_pungs: Final = _memoised(FOUR_PUNGS)
three_pungs: Final = _memoised(THREE_PUNGS)
two_pungs: Final = _memoised(TWO_PUNGS)
one_pung: Final = _memoised(ONE_PUNG)
_TESTS: Final = {
    id(FOUR_CHOWS): four_chows,
    id(THREE_CHOWS): three_chows,
    id(TWO_CHOWS): two_chows,
    id(FOUR_PUNGS): four_pungs,
    id(THREE_PUNGS): three_pungs,
    id(TWO_PUNGS): two_pungs,
    id(ONE_PUNG): one_pung,
}
