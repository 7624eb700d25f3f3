"""The engine's shortcuts against the full enumeration they stand in for, on many random hands.

:func:`mjcalc.engine.distinct_readings` must give exactly the first reading of each kind that
:func:`mjcalc.engine.readings` gives; the splits ruled out unsearched (no standard shape, no
seven pairs, no whole-hand shape at all) must be exactly those the shape functions refuse; a hand
holding no wild, asked its one split's questions directly, must read as the split-by-split search
reads it; and no lone-wild wait must mean no reading with a lone wild pair. (Xingguo's candidates,
built from the distinct readings, are checked in tests/rules/xingguo/test_candidates.py.)
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from mjcalc.engine import (
    Reading,
    Shape,
    ShapeRules,
    decompose,
    distinct_readings,
    lone_wild_wait,
    readings,
)
from mjcalc.engine.decompose import fewest_outside
from mjcalc.engine.shapes import seven_pairs, thirteen_lan
from mjcalc.hand import Meld
from mjcalc.rules.jing import next_kind
from mjcalc.tiles import DRAGONS, N_KINDS, WINDS, Tile

readings_module = sys.modules["mjcalc.engine.readings"]

Hand = tuple[list[Tile], tuple[Meld, ...], tuple[Tile, ...], ShapeRules]


def random_sets(rng: random.Random) -> list[list[Tile]]:
    """Four random sets (chows, pungs, a few honor sets) and a pair, at most four of a kind."""
    while True:
        sets: list[list[Tile]] = []
        for _ in range(4):
            roll = rng.random()
            if roll < 0.55:
                start = rng.choice([t for t in range(27) if t % 9 <= 6])
                sets.append([start, start + 1, start + 2])
            elif roll < 0.9:
                sets.append([rng.randrange(N_KINDS)] * 3)
            else:
                sets.append(sorted(rng.sample(WINDS, 3)) if rng.random() < 0.5 else list(DRAGONS))
        sets.append([rng.randrange(N_KINDS)] * 2)
        flat = [t for s in sets for t in s]
        if all(flat.count(t) <= 4 for t in flat):
            return sets


def random_hand(rng: random.Random) -> Hand:
    """A winning hand with 0–7 wild copies in place of real tiles, sometimes one tile off (not
    winning), sometimes a meld, sometimes seven pairs or 十三烂-like tiles, random shape rules."""
    main = rng.randrange(N_KINDS)
    wild_kinds = (main, next_kind(main)) if rng.random() < 0.85 else (main,)
    roll = rng.random()
    if roll < 0.15:  # seven pairs
        tiles = [t for t in rng.sample(range(N_KINDS), 7) for _ in range(2)]
    elif roll < 0.22:  # one of each: 十三烂-like
        tiles = rng.sample(range(N_KINDS), 14)
    else:
        tiles = [t for s in random_sets(rng) for t in s]
    faces = [k for k in wild_kinds for _ in range(4)]
    n_wild = min(len(faces), rng.choice([0, 1, 2, 3, 4, 4, 5, 6, 7]))
    for at, face in zip(rng.sample(range(14), n_wild), rng.sample(faces, n_wild), strict=False):
        tiles[at] = face
    if rng.random() < 0.2:
        tiles[rng.randrange(14)] = rng.randrange(N_KINDS)
    melds: tuple[Meld, ...] = ()
    low = sorted(tiles)[:3]
    if rng.random() < 0.15 and Meld(tuple(low)).kind in ("pung", "chow"):
        melds = (Meld(tuple(low)),)
        for t in low:
            tiles.remove(t)
    rng.shuffle(tiles)
    rules = ShapeRules(
        honor_sets=rng.choice(["none", "same_class", "any_distinct"]),
        seven_pairs=rng.random() < 0.8,
        four_as_two=rng.random() < 0.5,
        thirteen_lan=rng.random() < 0.7,
        seven_star_lan=rng.random() < 0.7,
        wild_for_seven_star_honors=rng.random() < 0.5,
        loose_honors=rng.random() < 0.2,
    )
    return tiles, melds, wild_kinds, rules


def questions(seed: int, n: int) -> Iterator[tuple[Hand, tuple[Tile, Tile] | None]]:
    """Each random hand asked without a fixed pair, and with each wild and the last tile fixed."""
    rng = random.Random(seed)
    for _ in range(n):
        hand = random_hand(rng)
        yield hand, None
        for lone in hand[2]:
            yield hand, (lone, hand[0][-1])


def kind_of(r: Reading) -> tuple[Shape, bool, int]:
    substituting = sum(1 for w in r.wilds if w.stood_for not in (None, w.face))
    return (r.shape, r.all_triplets, substituting)


def first_of_each_kind(found: Iterator[Reading]) -> list[Reading]:
    seen: dict[tuple[Shape, bool, int], Reading] = {}
    for r in found:
        seen.setdefault(kind_of(r), r)
    return list(seen.values())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_distinct_readings_are_the_first_of_each_kind_of_every_reading(seed: int) -> None:
    asked = with_wilds = 0
    for (tiles, melds, wild_kinds, rules), pair in questions(seed, 700):
        every = list(readings(tiles, melds, wild_kinds, rules, pair=pair))
        distinct = list(distinct_readings(tiles, melds, wild_kinds, rules, pair=pair))
        expected = first_of_each_kind(iter(every))
        assert [(d.shape, d.all_triplets, d.substituting) for d in distinct] == [
            kind_of(r) for r in expected
        ], (tiles, melds, wild_kinds, pair)
        assert [d.reading() for d in distinct] == expected
        asked += bool(every)
        with_wilds += len(distinct) < len(every)
    assert asked > 500 and with_wilds > 100  # the hands did win, and shortcuts were taken


def wanted_of_each_kind(found: Iterator[Reading], fixed: int) -> list[Reading]:
    """What ``distinct_readings(..., fewest=True)`` must give of the standard readings: for all
    pungs and for not, the first reading with no wild standing for another tile and the first
    with the fewest (more than the fixed pair's ``fixed``)."""
    first = first_of_each_kind(found)
    fewest: dict[bool, int] = {}
    for r in first:
        shape, triplets, n = kind_of(r)
        if shape == "standard" and n > 0 and n < fewest.get(triplets, n + 1):
            fewest[triplets] = n
    return [
        r
        for r in first
        if r.shape != "standard" or kind_of(r)[2] in (0, fixed, fewest.get(r.all_triplets))
    ]


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_fewest_gives_every_reading_a_ruleset_choosing_the_fewest_wilds_wants(seed: int) -> None:
    # the slow twin of ``fewest``: every distinct reading, filtered afterwards
    cut = 0
    for (tiles, melds, wild_kinds, rules), pair in questions(seed, 700):
        args = (tiles, melds, wild_kinds, rules)
        every = [d.reading() for d in distinct_readings(*args, pair=pair)]
        fewest = [d.reading() for d in distinct_readings(*args, pair=pair, fewest=True)]
        fixed = 1 if pair is not None and pair[0] != pair[1] else 0
        wanted = wanted_of_each_kind(iter(every), fixed)
        kept = [r for r in fewest if r in wanted]
        assert kept == wanted, (tiles, melds, wild_kinds, pair)
        assert [r for r in every if r in fewest] == fewest  # the others, as they came
        cut += len(fewest) < len(every)
    assert cut > 30  # standard kinds with more wilds than the fewest were left out


def split_counts(tiles: list[Tile], wild_kinds: tuple[Tile, ...], pair: Any) -> Any:
    """The plan and every split's counts, the fixed pair taken out first (None: not held)."""
    q = readings_module.question(tiles, (), wild_kinds, pair)
    if q is None:
        return None
    plan = readings_module.plan_of(q.counts, wild_kinds)
    faces = readings_module.FaceCounts(q.counts, plan)
    return q, plan, [faces.counts(i) for i in range(len(plan.splits))], faces


@pytest.mark.parametrize("seed", [4, 5])
def test_splits_ruled_out_unsearched_are_those_the_shapes_refuse(seed: int) -> None:
    pruned = 0
    for (tiles, melds, wild_kinds, rules), pair in questions(seed, 600):
        if melds:
            continue
        found = split_counts(tiles, wild_kinds, pair)
        if found is None:
            continue
        _, plan, counts, faces = found
        n_jokers = [len(s.jokers) for s in plan.splits]
        standard = readings_module._decompositions(plan, faces, 4, pair is None, rules.honor_sets)
        assert standard == [
            decompose(c, nj, 4, pair=pair is None, honor_sets=rules.honor_sets)
            for c, nj in zip(counts, n_jokers, strict=True)
        ]
        sp_args: dict[str, Any] = {
            "four_as_two": rules.four_as_two,
            "n_pairs": 7 if pair is None else 6,
            "paired": () if pair is None else pair[1:],
        }
        every_sp = [seven_pairs(c, nj, **sp_args) for c, nj in zip(counts, n_jokers, strict=True)]
        assert readings_module._seven_pairs(plan, faces, rules, pair) == every_sp
        possible = readings_module._possible_shapes(faces, rules, pair is not None)
        if rules.seven_pairs and not possible.seven_pairs:
            pruned += 1
            assert every_sp == [None] * len(counts)
        if (rules.thirteen_lan or rules.seven_star_lan) and pair is None and not possible.lan:
            for c, nj in zip(counts, n_jokers, strict=True):
                assert thirteen_lan(c, nj) is None
                assert thirteen_lan(c, nj, seven_star=True, wild_for_honors=True) is None
    assert pruned > 100


@pytest.mark.parametrize("seed", [7, 8])
def test_no_lone_wild_wait_means_no_reading_with_a_lone_wild_pair(seed: int) -> None:
    # Xingguo asks for its 精吊 readings only when lone_wild_wait says the 13 tiles before the
    # win were complete with a lone wild: that is the widest of those questions.
    rng = random.Random(seed)
    skipped = 0
    for _ in range(700):
        tiles, melds, wild_kinds, rules = random_hand(rng)
        win = tiles[-1]
        thirteen = list(tiles)
        thirteen.remove(win)
        if lone_wild_wait(thirteen, melds, wild_kinds, rules):
            continue
        skipped += 1
        for lone in wild_kinds:
            assert not list(readings(tiles, melds, wild_kinds, rules, pair=(lone, win)))
    assert skipped > 300


# --- a hand holding no wild against the split-by-split search -------------------------------------


def _engine_answers(seed: int) -> list[object]:
    """Every reading and every distinct reading of the random hands of the distinct-readings
    tests (with and without wilds, each wild fixed as a lone pair too)."""
    out: list[object] = []
    for (tiles, melds, wild_kinds, rules), pair in questions(seed, 400):
        out.append(list(readings(tiles, melds, wild_kinds, rules, pair=pair)))
        found = distinct_readings(tiles, melds, wild_kinds, rules, pair=pair)
        out.append([(d.shape, d.all_triplets, d.substituting, d.reading()) for d in found])
    return out


@pytest.mark.parametrize("seed", [11, 12])
def test_the_engine_without_wilds_held_answers_as_the_split_by_split_search(seed: int) -> None:
    """A hand holding no wild is asked its one split's questions directly (``found_at_face``):
    the same readings as the split-by-split code, run on an equal plan that is not the shared
    one. (The key of a split without jokers in ``distinct_readings`` is checked against the
    resolved readings by the tests above.)"""
    readings_module = sys.modules["mjcalc.engine.readings"]
    quick = _engine_answers(seed)
    no_wild = readings_module.NO_WILD
    real_plan = readings_module.plan_of

    def plan_copy(counts: list[int], wild_kinds: tuple[int, ...], *rest: object) -> object:
        plan = real_plan(counts, wild_kinds, *rest)
        return readings_module.Plan(*plan) if plan is no_wild else plan  # equal, not it

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(readings_module, "plan_of", plan_copy)
        assert _engine_answers(seed) == quick
    assert sum(1 for answer in quick if answer) > 300  # the hands did win


@pytest.mark.parametrize("seed", [6, 7])
def test_the_bound_outside_the_wild_parts_rules_out_only_splits_that_cannot_decompose(
    seed: int,
) -> None:
    # fewest_outside's slow twin: the whole search of every split it rules out finds nothing
    ruled_out = 0
    for (tiles, melds, wild_kinds, rules), pair in questions(seed, 500):
        found = split_counts(tiles, wild_kinds, pair)
        if found is None:
            continue
        _, plan, counts, faces = found
        n_sets = 4 - len(melds)
        bound = fewest_outside(faces.packed, plan.kinds, pair is None, rules.honor_sets)
        for c, split in zip(counts, plan.splits, strict=True):
            nj = len(split.jokers)
            if nj < bound:
                ruled_out += 1
                assert not decompose(c, nj, n_sets, pair=pair is None, honor_sets=rules.honor_sets)
    assert ruled_out > 300
