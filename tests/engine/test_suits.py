"""The suit-by-suit search against its slow twin: the whole-hand recursive search it replaced.

:func:`mjcalc.engine.decompose.decompose` solves each suit on its own and joins the suits by a
small product. The twin below is the search as it was before: one recursion over the whole hand,
always taking the lowest tile left, de-duplicating where two copies of a tile allow two orders,
and pooling honor splits. Both must give the same decompositions in the same order (the
rulesets take "the first reading of its kind"), the same groups in the same places.
"""

from __future__ import annotations

import importlib
import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcalc.engine import ANY, Group, decompose
from mjcalc.engine.decompose import Decomposition
from mjcalc.engine.groups import FACTS, HonorSets, all_triplets
from mjcalc.tiles import DRAGONS, HONORS, N_KINDS, WINDS

MODES: tuple[HonorSets, ...] = ("none", "same_class", "any_distinct")


def _partners(t: int, mode: HonorSets) -> tuple[int, ...]:
    if mode == "none":
        return ()
    if mode == "same_class":
        return tuple(h for h in (WINDS if t in WINDS else DRAGONS) if h > t)
    return tuple(h for h in HONORS if h > t)


def _all_partners(t: int, mode: HonorSets) -> tuple[int, ...]:
    if mode == "same_class":
        return WINDS if t in WINDS else DRAGONS
    return HONORS


Cand = tuple[Group, tuple[tuple[int, int], ...], int, bool]


def _candidates(i: int, chows: bool, mode: HonorSets) -> list[Cand]:
    def make(kind: str, tiles: tuple[int, ...], wild: tuple[bool, ...]) -> Cand:
        taken: dict[int, int] = {}
        for t, w in zip(tiles, wild, strict=True):
            if not w:
                taken[t] = taken.get(t, 0) + 1
        g = Group(kind, tiles, wild)  # type: ignore[arg-type]
        return g, tuple(taken.items()), sum(wild), kind == "pair"

    out = [make("pair", (i, i), (False, False)), make("pair", (i, i), (False, True))]
    out += [make("pung", (i,) * 3, (False,) * k + (True,) * (3 - k)) for k in (3, 2, 1)]
    if chows and i < 27 and i % 9 <= 6:
        out.append(make("chow", (i, i + 1, i + 2), (False, False, False)))
        out.append(make("chow", (i, i + 1, i + 2), (False, False, True)))
        out.append(make("chow", (i, i + 1, i + 2), (False, True, False)))
    elif chows and i < 27 and i % 9 == 7:
        out.append(make("chow", (i - 1, i, i + 1), (True, False, False)))
    partners = _partners(i, mode) if i >= 27 else ()
    for k, a in enumerate(partners):
        third = next(h for h in _all_partners(i, mode) if h not in (i, a))
        out.append(make("honors", (i, a, third), (False, False, True)))
        out += [make("honors", (i, a, b), (False,) * 3) for b in partners[k + 1 :]]
    return out


def _key(g: Group) -> tuple[str, tuple[int, ...], tuple[bool, ...]]:
    return (g.kind, g.tiles, g.wild)


def _pooled(out: list[Decomposition]) -> tuple[Decomposition, ...]:
    """One decomposition per way of using the honors (as the engine's docstring says)."""
    unique: dict[object, Decomposition] = {}
    for d in out:
        mixed = any(g.kind == "honors" for g in d)
        others, tiles, wilds, pooled = [], [], 0, 0
        for g in d:
            real = [t for t, w in zip(g.tiles, g.wild, strict=True) if not w]
            honor = all(t >= 27 for t in real)
            always = g.kind == "honors" or (g.kind == "pung" and honor and any(g.wild) and real)
            if always or (mixed and honor):
                tiles += real
                wilds += sum(g.wild)
                pooled += 1
            else:
                others.append(_key(g))
        unique.setdefault((mixed, tuple(sorted(others)), tuple(sorted(tiles)), wilds, pooled), d)
    return tuple(unique.values())


@cache
def whole_hand_search(
    counts: tuple[int, ...], jokers: int, n_sets: int, pair: bool, chows: bool, mode: HonorSets
) -> tuple[Decomposition, ...]:
    """The whole-hand search (the slow twin): the lowest tile, every group holding it."""
    i = next((t for t, n in enumerate(counts) if n), len(counts))
    if i == len(counts):
        if jokers != 3 * n_sets + (2 if pair else 0):
            return ()
        rest = (Group("pung", (ANY,) * 3, (True,) * 3),) * n_sets
        return ((Group("pair", (ANY, ANY), (True, True)), *rest) if pair else rest,)
    if i >= 27 and mode == "any_distinct":
        honors = counts[27:]
        order = tuple(sorted(range(7), key=lambda k: -honors[k]))
        if order != tuple(range(7)):
            canonical = counts[:27] + tuple(honors[k] for k in order)
            subs = whole_hand_search(canonical, jokers, n_sets, pair, chows, mode)

            def renamed(g: Group) -> Group:
                tiles = tuple(t if t < 27 else 27 + order[t - 27] for t in g.tiles)
                return Group(g.kind, tiles, g.wild)

            return tuple(tuple(map(renamed, d)) for d in subs)
    out: list[Decomposition] = []
    for group, taken, used, is_pair in _candidates(i, chows, mode):
        if used > jokers or not (pair if is_pair else n_sets):
            continue
        if any(counts[t] < n for t, n in taken):
            continue
        nxt = list(counts)
        for t, n in taken:
            nxt[t] -= n
        subs = whole_hand_search(
            tuple(nxt), jokers - used, n_sets - (not is_pair), pair and not is_pair, chows, mode
        )
        for sub in subs:
            if is_pair:
                out.append((group, *sub))
            elif sub and sub[0].kind == "pair":
                out.append((sub[0], group, *sub[1:]))
            else:
                out.append((group, *sub))
    if i >= 27 and mode != "none" and len(out) > 1:
        return _pooled(out)
    unique: dict[tuple[object, ...], Decomposition] = {}
    for d in out:
        unique.setdefault(tuple(sorted(map(_key, d))), d)
    return tuple(unique.values())


def random_question(rng: random.Random) -> tuple[tuple[int, ...], int, int, bool]:
    """Tiles of a few random sets (and maybe a pair), some replaced by jokers, the rest of the
    hand; sometimes a tile changed, so that many questions have no answer."""
    n_sets = rng.randint(0, 4)
    pair = rng.random() < 0.8
    honors_heavy = rng.random() < 0.3
    tiles: list[int] = []
    for _ in range(n_sets):
        kind = rng.random()
        if honors_heavy and kind < 0.6:
            tiles += rng.sample(HONORS, 3) if rng.random() < 0.5 else [rng.choice(HONORS)] * 3
        elif kind < 0.5:
            suit, rank = rng.randrange(3), rng.randrange(7)
            tiles += [suit * 9 + rank + k for k in range(3)]
        else:
            tiles += [rng.randrange(N_KINDS)] * 3
    if pair:
        tiles += [rng.choice(HONORS) if honors_heavy else rng.randrange(N_KINDS)] * 2
    rng.shuffle(tiles)
    jokers = rng.choice([0, 0, 1, 2, 3, 4, 5, 7])
    jokers = min(jokers, len(tiles))
    kept = tiles[jokers:]
    if kept and rng.random() < 0.2:
        kept[rng.randrange(len(kept))] = rng.randrange(N_KINDS)
    counts = [0] * N_KINDS
    for t in kept:
        counts[t] += 1
    if max(counts, default=0) > 4:
        counts = [min(n, 4) for n in counts]
        jokers += len(kept) - sum(counts)
    return tuple(counts), jokers, n_sets, pair


@settings(max_examples=400, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.sampled_from(MODES),
    st.booleans(),
    st.booleans(),
)
def test_the_suit_by_suit_search_finds_what_the_whole_hand_search_found(
    rng: random.Random, mode: HonorSets, chows: bool, triplets_only: bool
) -> None:
    counts, jokers, n_sets, pair = random_question(rng)
    found = decompose(
        counts,
        jokers,
        n_sets,
        pair=pair,
        chows=chows,
        honor_sets=mode,
        triplets_only=triplets_only,
    )
    if triplets_only:
        chows, mode = False, "none"
    expected = whole_hand_search(counts, jokers, n_sets, pair, chows, mode)
    whole_hand_search.cache_clear()
    assert found == expected  # the same decompositions, in the same order
    # ...and the same group objects' fields, wild positions included
    assert [[(g.kind, g.tiles, g.wild) for g in d] for d in found] == [
        [(g.kind, g.tiles, g.wild) for g in d] for d in expected
    ]


@pytest.mark.parametrize(
    ("text_counts", "jokers", "n_sets", "mode"),
    [
        ({0: 3, 1: 3, 2: 3, 3: 2, 12: 3}, 0, 4, "none"),  # 111222333m44 345p-ish pungs/chows
        ({27: 2, 28: 2, 29: 2, 30: 2, 31: 2}, 4, 4, "any_distinct"),  # honors explode
        ({0: 1, 9: 1, 18: 1, 27: 1}, 7, 3, "same_class"),  # wilds in every suit
        ({4: 4, 5: 4, 6: 2}, 4, 4, "none"),  # one suit, four wilds, two orders per copy
        ({}, 8, 2, "none"),  # wilds alone
    ],
)
def test_hard_questions_agree_with_the_whole_hand_search(
    text_counts: dict[int, int], jokers: int, n_sets: int, mode: HonorSets
) -> None:
    counts = tuple(text_counts.get(t, 0) for t in range(N_KINDS))
    pair = (sum(counts) + jokers - 3 * n_sets) == 2
    found = decompose(counts, jokers, n_sets, pair=pair, honor_sets=mode)
    expected = whole_hand_search(counts, jokers, n_sets, pair, True, mode)
    whole_hand_search.cache_clear()
    assert found == expected
    assert found  # each of these has readings


def test_a_suits_memo_is_keyed_by_its_own_counts_and_jokers() -> None:
    # The same pattern in another suit, beside other honors, is found remembered: the memos
    # saturate with the patterns of single suits, never with whole hands.
    from mjcalc.engine.decompose import _suit_ways, coded_ways

    _suit_ways.cache_clear()
    coded_ways.cache_clear()
    man = tuple([1, 1, 1, 0, 0, 0, 0, 0, 0] + [0] * 18 + [3, 2, 0, 0, 0, 0, 0])
    sou = tuple([0] * 18 + [1, 1, 1, 0, 0, 0, 0, 0, 0] + [0, 0, 3, 2, 0, 0, 0])
    first = decompose(man, 3, 3)
    misses = coded_ways.cache_info().misses
    again = decompose(sou, 3, 3)
    assert coded_ways.cache_info().misses == misses  # the pattern's ways found remembered
    assert len(first) == len(again) > 1
    assert {g.tiles for d in again for g in d} & {(18, 19, 20), (29, 29, 29)}


def test_a_suit_without_jokers_is_remembered_by_number_in_every_suit() -> None:
    # Without jokers, a dots or bamboo suit's ways are the characters' ways renumbered: the
    # pattern is searched once for all three suits, and the memo holds numbers only, which the
    # garbage collector stops tracking (a memo of groups would stay tracked, entry by entry).
    import gc

    from mjcalc.engine.decompose import _suit_codes, coded_ways

    _suit_codes.cache_clear()
    coded_ways.cache_clear()
    pattern = [1, 1, 1, 0, 2, 0, 0, 0, 0]
    man = tuple(pattern + [0] * 18 + [3, 3, 0, 0, 0, 0, 0])
    sou = tuple([0] * 18 + pattern + [3, 3, 0, 0, 0, 0, 0])
    assert [[g.tiles for g in d] for d in decompose(man, 0, 3)] == [
        [(4, 4), (0, 1, 2), (27, 27, 27), (28, 28, 28)]
    ]
    misses = coded_ways.cache_info().misses
    found = decompose(sou, 0, 3)
    assert coded_ways.cache_info().misses == misses  # the characters' search, renumbered
    assert [[g.tiles for g in d] for d in found] == [
        [(22, 22), (18, 19, 20), (27, 27, 27), (28, 28, 28)]
    ]
    assert all(g is FACTS[g.code].group for g in found[0])  # the one numbered group of each
    entry = _suit_codes(bytes(pattern), 18, True, True)
    for _ in range(3):  # a pass untracks a tuple once what it holds is untracked: inner first
        gc.collect()
    assert not gc.is_tracked(entry)
    assert all(isinstance(c, int) for _, sets, _, _ in entry for c in sets)


def test_a_full_suit_without_jokers_is_searched_not_remembered() -> None:
    # A suit of more than nine tiles seldom recurs: its ways are found each time and fill no
    # memo, so the memos keep the patterns that come back (a long sitting's memory stays flat).
    # The answer is still the whole-hand search's, in every suit.
    from mjcalc.engine.decompose import _suit_codes, coded_ways

    for base in (0, 9, 18):
        _suit_codes.cache_clear()
        coded_ways.cache_clear()
        counts = [0] * N_KINDS
        for rank, n in enumerate([3, 1, 1, 1, 2, 0, 0, 0, 3]):  # 111 234 55 999: 11 tiles
            counts[base + rank] = n
        counts[31] = 3  # and a pung of 白
        found = decompose(tuple(counts), 0, 4)
        assert coded_ways.cache_info().currsize == _suit_codes.cache_info().currsize == 0
        assert found == whole_hand_search(tuple(counts), 0, 4, True, True, "none")
        whole_hand_search.cache_clear()
        assert found and all(d[0].tiles == (base + 4, base + 4) for d in found)
        counts[base + 4] = 0  # the suit less its pair, with 55 of another suit: remembered
        counts[(base + 9) % 27 + 4] = 2
        assert decompose(tuple(counts), 0, 4)
        assert coded_ways.cache_info().currsize + _suit_codes.cache_info().currsize >= 2


def test_a_suit_searched_in_its_own_numbers_is_the_characters_search_renumbered() -> None:
    # A full suit is searched with its own suit's numbers; the characters' search renumbered
    # (what the remembered suits get) is its twin: the same ways, in the same order.
    from mjcalc.engine.decompose import _renumbered, _ways_at_face

    rng = random.Random(5)
    compared = 0
    for _ in range(3000):
        suit = bytes(min(4, rng.randrange(6)) if rng.random() < 0.7 else 0 for _ in range(9))
        if not any(suit):
            continue
        i = len(suit) - len(suit.lstrip(b"\0"))
        for pair in (True, False):
            characters = _ways_at_face(suit, i, pair, True)
            compared += bool(characters)
            for base in (9, 18):
                assert _ways_at_face(suit, i, pair, True, base) == _renumbered(characters, base)
    assert compared > 100


def test_more_jokers_than_a_suit_can_use_ask_the_same_question() -> None:
    # A group holds a real tile and at most two jokers: a suit of n tiles uses at most 2n, so
    # the suit's memo caps the jokers there, and the answer must not change.
    from mjcalc.engine.decompose import _suit, coded_ways

    suit = bytes([1, 0, 1, 0, 0, 0, 0, 0, 1])
    for jokers in range(6, 9):
        coded_ways.cache_clear()
        uncapped = coded_ways.__wrapped__(suit, jokers, True, True)  # asked with all the jokers
        # the memo holds groups by number (:data:`CodedWay`)
        expected = tuple(
            (
                None if p is None else _shift(FACTS[p].group, 9),
                tuple(_shift(FACTS[c].group, 9) for c in s),
                u,
                n,
            )
            for p, s, u, n in uncapped
        )
        assert len(expected) > 3
        assert _suit(suit, 9, jokers, True, True) == expected


def _shift(g: Group, base: int) -> Group:
    return Group(g.kind, tuple(t + base for t in g.tiles), g.wild)


def _kind_signature(d: Decomposition, pair: bool, keep: frozenset[int]) -> object:
    """What a reading's kind depends on, worked out plainly: all pungs, and for each group
    holding jokers in order (the pair first), the group itself where a joker in it may stand
    for a tile to keep, else just how many jokers stand for other tiles (runs added up)."""
    p, sets = (d[0], d[1:]) if pair else (None, d)
    pair_sign: object = None
    if p is not None and any(p.wild):
        wild_tiles = {t for t, w in zip(p.tiles, p.wild, strict=True) if w}
        pair_sign = -sum(p.wild) if wild_tiles.isdisjoint(keep) else _key(p)
    signs: list[object] = []
    for g in sets:
        if any(g.wild):
            wild_tiles = {t for t, w in zip(g.tiles, g.wild, strict=True) if w}
            if wild_tiles.isdisjoint(keep):
                if signs and isinstance(signs[-1], int):
                    signs[-1] -= sum(g.wild)
                else:
                    signs.append(-sum(g.wild))
            else:
                signs.append(_key(g))
    triplets = all(g.kind in ("pung", "kong", "pair") for g in sets)
    return pair_sign, triplets, tuple(signs)


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(MODES))
def test_the_kinds_search_gives_the_first_decomposition_of_each_signature(
    rng: random.Random, mode: HonorSets
) -> None:
    from mjcalc.engine.kinds import decompose_kinds_packed

    counts, jokers, n_sets, pair = random_question(rng)
    if not jokers or sum(counts) + jokers != 3 * n_sets + (2 if pair else 0):
        return
    keep = frozenset([ANY, *rng.sample(range(N_KINDS), rng.randint(1, 2))])
    every = decompose(counts, jokers, n_sets, pair=pair, honor_sets=mode)
    first: dict[object, Decomposition] = {}
    for d in every:
        first.setdefault(_kind_signature(d, pair, keep), d)
    found = decompose_kinds_packed(bytes(counts), jokers, n_sets, pair, mode, keep)
    assert found == tuple(first.values())


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 8), min_size=1, max_size=7), st.booleans())
def test_fewest_jokers_of_a_suit_is_the_least_any_of_its_ways_uses(
    tiles: list[int], pair: bool
) -> None:
    # The caps given to each suit rest on this lower bound: a cap below what some useful way
    # uses would lose decompositions.
    from mjcalc.engine.decompose import coded_ways, fewest_jokers

    counts = [min(tiles.count(t), 4) for t in range(9)]
    suit = bytes(counts)
    ways = coded_ways(suit, 2 * sum(counts), pair, True)
    assert ways  # a pung of two jokers beside any tile: every suit can be completed
    assert fewest_jokers(suit, 0, pair, "none") == min(used for _, _, used, _ in ways)


def test_a_suit_is_complete_exactly_when_the_search_finds_a_way_for_it() -> None:
    # suit_complete answers "does this suit decompose without jokers?" without searching: every
    # suit of up to 8 tiles, and 20,000 of up to 14, against the search itself (its slow twin).
    from itertools import product

    from mjcalc.engine.complete import suit_complete
    from mjcalc.engine.decompose import coded_ways

    rng = random.Random(7)
    small = [c for c in product(range(5), repeat=9) if sum(c) <= 8]
    large = [tuple(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9)) for _ in range(20_000)]
    complete = {True: 0, False: 0}
    for counts in small + [c for c in large if sum(c) <= 14]:
        suit = bytes(counts)
        for pair in (False, True):
            found = bool(coded_ways.__wrapped__(suit, 0, pair, True))
            assert suit_complete(suit, pair) == found, (counts, pair)
            complete[found] += 1
    assert complete[True] > 1_000 and complete[False] > 10_000  # both answers were asked


def test_a_split_of_wilds_at_face_value_no_set_completes_is_refused_before_any_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 1112 4m with 4m wild: kept at face value, the man suit has no way, which the split's check
    # tells without asking the memo of ways for it (nor filling it); as a joker, 4m completes it
    from mjcalc.engine.distinct import distinct_readings

    decompose_module = importlib.import_module("mjcalc.engine.decompose")

    asked: list[tuple[bytes, int]] = []
    ways = decompose_module.coded_ways

    def recorded(suit: bytes, jokers: int, pair: bool, chows: bool) -> object:
        asked.append((suit, jokers))
        return ways(suit, jokers, pair, chows)

    monkeypatch.setattr(decompose_module, "coded_ways", recorded)
    decompose_module._suit_ways.cache_clear()
    tiles = [0, 0, 0, 1, 3, 13, 13, 13, 24, 25, 26, 27, 27, 27]  # 1112 4m 555p 789s EEE
    found = list(distinct_readings(tiles, (), (3,), fewest=True))
    assert found  # 4m a joker standing for 2m: the pair, then 111m 555p 789s EEE
    assert (bytes([3, 1, 0, 1, 0, 0, 0, 0, 0]), 0) not in asked


def test_one_suit_hands_without_jokers_agree_with_the_whole_hand_search() -> None:
    # Suits without jokers take their own search (_ways_at_face): flush hands, where one suit
    # holds all 14 tiles and reads many ways (111222333 as pungs or chows), against the slow
    # twin, same decompositions in the same order.
    rng = random.Random(11)
    many_ways = 0
    for _ in range(400):
        suit = rng.randrange(3) * 9
        tiles: list[int] = [suit + rng.randrange(9)] * 2
        for _ in range(4):
            rank = rng.randrange(9)
            if rng.random() < 0.5 and rank <= 6:
                tiles += [suit + rank, suit + rank + 1, suit + rank + 2]
            else:
                tiles += [suit + rank] * 3
        counts = tuple(min(tiles.count(t), 4) for t in range(N_KINDS))
        if sum(counts) != 14:
            continue
        found = decompose(counts, 0, 4)
        expected = whole_hand_search(counts, 0, 4, True, True, "none")
        whole_hand_search.cache_clear()
        assert found == expected, counts
        many_ways += len(found) > 1
    assert many_ways > 20  # hands with several readings were among them


def test_a_copy_of_a_numbered_group_is_never_read_by_the_number_it_carried() -> None:
    # Group.code is the table's number of the group the searches built; a copy with other
    # tiles (dataclasses.replace keeps the field) must be resolved as what it is.
    import dataclasses

    from mjcalc.engine.distinct import _standard_kind
    from mjcalc.engine.groups import interned
    from mjcalc.engine.readings import resolved_group

    g = interned("chow", (0, 1, 2), (False, False, True))
    moved = dataclasses.replace(g, tiles=(9, 10, 11))
    assert moved.code == g.code  # the field came along
    resolved, uses, _ = resolved_group(moved, (5,))
    assert resolved.tiles == (9, 10, 11) and uses[0].stood_for == 11
    assert _standard_kind((moved,), (11,), frozenset({11}))[1] == 0  # 11 stands for itself


def test_the_suits_memos_hold_what_the_garbage_collector_stops_walking() -> None:
    # With many wilds the memos hold hundreds of thousands of ways: as numbers, a collection
    # untracks them once and no full collection walks them again (as Group objects, every one).
    import gc

    from mjcalc.engine.decompose import coded_ways
    from mjcalc.engine.kinds import _honor_codes, _signed_at

    suit = bytes([3, 4, 1, 1, 1, 1, 1, 1, 1])
    found = (
        coded_ways(suit, 4, True, True),
        _signed_at(suit, 9, 4, True, frozenset({0, 1}), True),
        _honor_codes(bytes([2, 0, 0, 0, 3, 0, 0]), 3, 2, True, "same_class"),
    )
    assert all(len(f) > 3 for f in found[:2]) and found[2]
    for _ in range(5):  # a collection untracks a tuple whose items are untracked: one level
        gc.collect()  # of nesting a pass
    assert not any(gc.is_tracked(f) for f in found)


def _ways_group_by_group(suit: bytes, pair: bool, chows: bool) -> tuple[object, ...]:
    """The search of a suit without jokers as it was (the rank-by-rank search's slow twin): the
    lowest tile's pair, pung, then chow, each followed by every way of what it leaves, and the
    first way of each multiset of groups kept."""
    from mjcalc.engine.decompose import _AT_FACE

    i = len(suit) - len(suit.lstrip(b"\0"))
    if i == len(suit):
        return ((None, (), 0, 0),)
    pair_code, pung_code, chow_code = _AT_FACE[0][i]
    out: list[tuple[int | None, tuple[int, ...], int, int]] = []

    def rest(*taken: int) -> bytes:
        left = bytearray(suit)
        for t in taken:
            left[t] -= 1
        return bytes(left)

    if pair and suit[i] >= 2:
        out += [(pair_code, s, 0, n) for _, s, _, n in _twin(rest(i, i), False, chows)]
    if suit[i] >= 3:
        out += [(p, (pung_code, *s), 0, n + 1) for p, s, _, n in _twin(rest(i, i, i), pair, chows)]
    if chows and i < 7 and suit[i + 1] and suit[i + 2]:
        ways = _twin(rest(i, i + 1, i + 2), pair, chows)
        out += [(p, (chow_code, *s), 0, n + 1) for p, s, _, n in ways]
    unique: dict[tuple[int, ...], object] = {}
    for way in out:
        codes = sorted(way[1]) + ([-1 - way[0]] if way[0] is not None else [])
        unique.setdefault(tuple(codes), way)
    return tuple(unique.values())


_twin = cache(_ways_group_by_group)


def test_a_suit_without_jokers_is_read_rank_by_rank_as_group_by_group() -> None:
    # Every complete suit of up to 14 tiles, and 30,000 random ones (more than four copies
    # too), with and without the pair, with and without chows: the same ways, in the same
    # order, with the same groups in the same places.
    from mjcalc.engine.decompose import coded_ways

    sets = [bytes(3 if k == r else 0 for k in range(9)) for r in range(9)]
    sets += [bytes(1 if r <= k <= r + 2 else 0 for k in range(9)) for r in range(7)]
    complete = {bytes(9)}
    level = {bytes(9)}
    for _ in range(4):
        level = {bytes(map(sum, zip(s, t, strict=True))) for s in level for t in sets}
        level = {s for s in level if max(s) <= 4}
        complete |= level
    pairs = [bytes(2 if k == r else 0 for k in range(9)) for r in range(9)]
    complete |= {bytes(map(sum, zip(s, t, strict=True))) for s in complete for t in pairs}
    rng = random.Random(5)
    suits = sorted(s for s in complete if max(s) <= 4)
    suits += [bytes(rng.choice((0, 0, 1, 2, 3, 4, 5, 6)) for _ in range(9)) for _ in range(30_000)]
    several = 0
    for suit in suits:
        for pair in (True, False):
            for chows in (True, False):
                found = coded_ways.__wrapped__(suit, 0, pair, chows)
                assert found == _twin(suit, pair, chows), (suit, pair, chows)
                several += len(found) > 1
    assert len(suits) > 50_000 and several > 1_000


@settings(max_examples=400, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.sampled_from(MODES),
    st.sampled_from([None, frozenset({True}), frozenset({False}), frozenset({True, False})]),
)
def test_the_first_of_each_kind_is_the_first_of_that_kind_in_the_full_list(
    rng: random.Random, mode: HonorSets, kinds: frozenset[bool] | None
) -> None:
    # Its slow twin: every decomposition, and the first of each kind wanted, in their order.
    from mjcalc.engine.kinds import decomposes, first_of_kinds

    counts, jokers, n_sets, pair = random_question(rng)
    if not jokers or sum(counts) + jokers != 3 * n_sets + (2 if pair else 0):
        return
    every = decompose(counts, jokers, n_sets, pair=pair, honor_sets=mode)
    wanted: list[Decomposition] = []
    seen: set[bool] = set()
    for d in every:
        kind = all_triplets(d)
        if (kinds is None and not wanted) or (kinds is not None and kind in kinds - seen):
            seen.add(kind)
            wanted.append(d)
    found = first_of_kinds(bytes(counts), jokers, n_sets, pair, mode, kinds)
    assert list(found) == wanted
    assert decomposes(bytes(counts), jokers, n_sets, pair, mode) == bool(every)


def test_the_first_of_each_kind_in_order_when_a_chow_comes_before_the_pungs() -> None:
    # The rarer order, a decomposition with a chow found before the first of all pungs (one
    # random question in two hundred): 12,000 questions against the slow twin, every kind.
    from mjcalc.engine.kinds import first_of_kinds

    rng = random.Random(1)
    checked = 0
    for _ in range(12_000):
        counts, jokers, n_sets, pair = random_question(rng)
        if not jokers or sum(counts) + jokers != 3 * n_sets + (2 if pair else 0):
            continue
        every = decompose(counts, jokers, n_sets, pair=pair, honor_sets="none")
        pungs = [d for d in every if all_triplets(d)]
        if not every or all_triplets(every[0]) or not pungs:
            continue
        checked += 1
        packed = bytes(counts)
        both = first_of_kinds(packed, jokers, n_sets, pair, "none", frozenset({True, False}))
        assert both == (every[0], pungs[0])
        assert first_of_kinds(packed, jokers, n_sets, pair, "none", frozenset({True})) == (
            pungs[0],
        )
    assert checked > 20
