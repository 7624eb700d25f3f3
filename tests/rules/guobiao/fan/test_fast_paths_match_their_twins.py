"""The fan calculator's fast paths (:mod:`mjcalc.rules.guobiao.fan.fast`), each against its
plain twin on many random hands.

:func:`~mjcalc.rules.guobiao.fan.fast.only_wait_fans` (the hand's waits searched only when an
arrangement could use them, a second wait seen in a chow without a search) against the plain
rule: the hand's waits searched first, and :func:`~mjcalc.rules.guobiao.fan.regular.wait_fans`
given the arrangement when the winning tile was the only one; ``only_wait`` (the engine's: is
one tile the only wait) against ``shape_waits``. The groups of sets that
``chow_fans`` and ``pung_fans`` never ask the rows about, against asking them.
"""

from __future__ import annotations

import dataclasses
import random
from itertools import combinations, combinations_with_replacement

from mjcalc.engine import Part, arrangements, only_wait, shape_waits
from mjcalc.hand import Meld
from mjcalc.rules.guobiao.fan import FanHand, _win
from mjcalc.rules.guobiao.fan.fast import only_wait_fans
from mjcalc.rules.guobiao.fan.order import tile_key
from mjcalc.rules.guobiao.fan.regular import wait_fans
from mjcalc.rules.guobiao.fan.sets import FOUR_CHOWS, FOUR_PUNGS, THREE_CHOWS, THREE_PUNGS, Row
from mjcalc.rules.guobiao.fan.situation import Win
from mjcalc.tiles import EAST
from tests.rules.guobiao.situations import situation


def _twin(concealed: tuple[Part, ...], win: Win, fans: dict[str, int]) -> None:
    """The plain rule: the waits first, then the wait fan of the arrangement if only one."""
    before = list(win.standing)
    before[win.win_tile] -= 1
    if len(shape_waits(before)) == 1:
        wait_fans(concealed, win.win_tile, fans)


def _narrow_hand(rng: random.Random) -> FanHand | None:
    """Four sets and a pair from one or two suits: the shapes with many waits and many
    arrangements (runs, pungs beside chows, 1112345678999)."""
    pool = rng.choice((list(range(9)), list(range(9, 18)), [*range(18, 27), *range(0, 9)]))
    left = [4] * 34
    tiles: list[int] = []
    for _ in range(4):
        t = rng.choice(pool)
        chow = t % 9 <= 6 and rng.random() < 0.6
        s = [t, t + 1, t + 2] if chow else [t] * 3
        if any(left[u] < s.count(u) for u in set(s)):
            return None
        for u in s:
            left[u] -= 1
        tiles += s
    pair = rng.choice(pool)
    if left[pair] < 2:
        return None
    tiles += [pair, pair]
    melds: list[Meld] = []
    if rng.random() < 0.2:  # a declared set taken out: the wait is then in the rest
        first = tiles[:3]
        melds.append(Meld(tuple(first)))
        tiles = tiles[3:]
    win = rng.choice(tiles)
    return FanHand(
        concealed=tuple(tiles),
        melds=tuple(melds),
        win_tile=win,
        self_drawn=rng.random() < 0.5,
        seat_wind=EAST,
        prevalent_wind=EAST,
    )


def test_the_wait_fans_asked_lazily_are_the_plain_rule_s() -> None:
    rng = random.Random(20261208)
    checked = with_fan = 0
    while checked < 20_000:
        hand = _narrow_hand(rng) if rng.random() < 0.6 else situation(rng).hand
        if hand is None:
            continue
        win = _win(hand, True)
        if win is None:
            continue
        for parts in arrangements(win.standing, win.melds):
            concealed = parts[len(win.melds) :]
            for start in ({}, dict(win.base_fans)):
                fast, slow = dict(start), dict(start)
                only_wait_fans(concealed, dataclasses.replace(win, unique_wait=None), fast)
                _twin(concealed, win, slow)
                assert fast == slow, (hand, parts)
                with_fan += fast != start
                checked += 1
    assert with_fan > 1000  # the wait fans were given often enough to be tested


def _plain_first(rows: tuple[Row, ...], *tiles: int) -> str | None:
    return next((fan for fan, holds in rows if holds(*tiles)), None)


def test_groups_of_two_suits_make_no_fan_of_three_or_four_sets() -> None:
    """What :func:`~mjcalc.rules.guobiao.fan.combine.chow_fans` and ``pung_fans`` skip without
    asking the rows (their twin: asking them), on every group of chows and of pungs: three sets
    of exactly two suits, or four not all of one, make no fan (the honors one suit)."""
    starts = [t for t in range(27) if t % 9 <= 6]

    def two_suits(group: tuple[int, ...]) -> bool:
        return len({t // 9 for t in group}) == 2

    for group in combinations_with_replacement(sorted(starts, key=tile_key), 3):
        if two_suits(group):
            assert _plain_first(THREE_CHOWS, *group) is None, group
    for group in combinations_with_replacement(sorted(starts, key=tile_key), 4):
        if len({t // 9 for t in group}) > 1:
            assert _plain_first(FOUR_CHOWS, *group) is None, group
    kinds = sorted(range(34), key=tile_key)
    for group in combinations(kinds, 3):
        if two_suits(group):
            assert _plain_first(THREE_PUNGS, *group) is None, group
    for group in combinations(kinds, 4):
        if len({t // 9 for t in group}) > 1:
            assert _plain_first(FOUR_PUNGS, *group) is None, group


def test_the_only_wait_is_shape_waits_with_one_tile() -> None:
    """:func:`~mjcalc.engine.arrange.only_wait` (one block searched) against its twin, every
    wait of the hand: on hands one tile short of sets and a pair, that tile taken from every
    place, with declared sets taken out or not (seven pairs' own wait only with none)."""
    rng = random.Random(20261209)
    checked = unique = 0
    while checked < 30_000:
        hand = _narrow_hand(rng) if rng.random() < 0.7 else situation(rng).hand
        if hand is None:
            continue
        counts = [0] * 34
        for t in hand.concealed:
            counts[t] += 1
        if not arrangements(counts):
            continue
        for tile in {t for t in hand.concealed}:
            counts[tile] -= 1
            fast = only_wait(counts, tile)
            assert fast == (shape_waits(counts) == (tile,)), (counts, tile)
            unique += fast
            checked += 1
            counts[tile] += 1
    assert unique > 2000
