"""The engine pieces the fan calculator stands on, against plain slow twins.

``arrangements`` (every reading as sets and a pair, suit by suit) against a whole-hand search
that takes the lowest tile first; ``shape_waits`` (block by block, memoised) against trying every
tile; the knitted shapes on hands written out.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from mjcalc.engine import (
    Part,
    arrangements,
    honors_and_knitted,
    knitted_straight,
    pairs_only,
    shape_waits,
    thirteen_orphans,
)
from mjcalc.tiles import tiles


def _counts(text: str) -> list[int]:
    out = [0] * 34
    for t in tiles(text):
        out[t] += 1
    return out


def _slow(counts: list[int]) -> set[tuple[tuple[str, int], ...]]:
    """Every reading as sorted (kind, tile) sets with the pair, by a plain whole-hand search."""
    found: set[tuple[tuple[str, int], ...]] = set()

    def walk(sets: list[tuple[str, int]], pair: int) -> None:
        i = next((t for t in range(34) if counts[t]), -1)
        if i < 0:
            if pair >= 0:
                found.add((*sorted(sets), ("pair", pair)))
            return
        if counts[i] >= 3:
            counts[i] -= 3
            walk([*sets, ("pung", i)], pair)
            counts[i] += 3
        if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
            for k in (i, i + 1, i + 2):
                counts[k] -= 1
            walk([*sets, ("chow", i)], pair)
            for k in (i, i + 1, i + 2):
                counts[k] += 1
        if pair < 0 and counts[i] >= 2:
            counts[i] -= 2
            walk(sets, i)
            counts[i] += 2

    walk([], -1)
    return found


def _random_counts(rng: random.Random, n: int) -> list[int]:
    pool = rng.choice((list(range(34)), list(range(9)), [*range(9, 18), 27, 28]))
    counts = [0] * 34
    while sum(counts) < n:
        t = rng.choice(pool)
        if counts[t] < 4:
            counts[t] += 1
    return counts


def test_arrangements_are_every_reading_of_the_slow_search() -> None:
    rng = random.Random(7)
    for _ in range(1500):
        counts = _random_counts(rng, 14)
        fast = {tuple((p.kind, p.tile) for p in parts) for parts in arrangements(counts)}
        assert fast == _slow(list(counts))


def test_declared_melds_lead_each_arrangement() -> None:
    meld = Part("pung", 27, False)
    (parts,) = arrangements(_counts("123456789m55p"), (meld,))
    assert parts == (
        meld,
        Part("chow", 0, True),
        Part("chow", 3, True),
        Part("chow", 6, True),
        Part("pair", 13, True),
    )
    assert parts[-1].tiles == (13, 13)
    assert arrangements(_counts("123456789m56p")) == ()


def test_shape_waits_are_the_tiles_that_complete_the_hand() -> None:
    rng = random.Random(8)
    for _ in range(1500):
        counts = _random_counts(rng, 13)
        slow = []
        for t in range(34):
            counts[t] += 1
            if _slow(list(counts)) or pairs_only(counts):
                slow.append(t)
            counts[t] -= 1
        assert list(shape_waits(counts)) == slow


def test_the_nine_gates_wait_on_every_tile_of_their_suit() -> None:
    assert shape_waits(_counts("1112345678999p")) == tuple(range(9, 18))


@pytest.mark.parametrize(
    ("hand", "straight", "knitted", "orphans"),
    [
        ("147m258p369s12345z", True, True, False),
        ("147m25p36s1234567z", False, True, False),
        ("147m258p369s123s55z", True, False, False),
        ("19m19p19s12345677z", False, False, True),
        ("147m258p358s12345z", False, False, False),
    ],
)
def test_the_knitted_shapes(hand: str, straight: bool, knitted: bool, orphans: bool) -> None:
    counts = _counts(hand)
    assert (knitted_straight(counts) is not None) == straight
    assert honors_and_knitted(counts) == knitted
    assert thirteen_orphans(counts) == orphans
    assert sum(Counter(tiles(hand)).values()) == 14
