"""Tests for mjcalc.engine.decompose: every canonical way to read tiles as sets (+ a pair), and
honor sets of any three different honors, solved once per count multiset.

Groups are written as text so each expectation reads like the hand: ``"chow 1m 2m 3m*"`` is the
chow 123m whose 3m is a joker (a wild tile acting as wild), ``?`` a tile a lone joker group may
stand for (:data:`~mjcalc.engine.groups.ANY`).
"""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcalc import score
from mjcalc.engine import ANY, Group, can_decompose, decompose
from mjcalc.engine.decompose import Counts, Decomposition
from mjcalc.tiles import N_KINDS, code, tiles
from tests.support.fuzz_inputs import honor_hand


def counts(text: str) -> Counts:
    c = [0] * N_KINDS
    for t in tiles(text):
        c[t] += 1
    return tuple(c)


def show(g: Group) -> str:
    names = ("?" if t == ANY else code(t) for t in g.tiles)
    return " ".join([g.kind, *(n + ("*" if w else "") for n, w in zip(names, g.wild, strict=True))])


def readings_of(decomps: tuple[Decomposition, ...]) -> set[frozenset[str]]:
    """Decompositions as sets of group texts (a group twice in one reading is listed once)."""
    return {frozenset(show(g) for g in d) for d in decomps}


def sorted_groups(d: Decomposition) -> list[str]:
    return sorted(show(g) for g in d)


# --- plain tiles, no jokers -------------------------------------------------------------------


def test_three_consecutive_triplets_read_as_pungs_or_as_chows() -> None:
    # 111222333m 789s 55p: the pair is 55p; the nine m tiles are 111 222 333 or 123 123 123
    # (one 123 leaves 11 22 33, which only two more 123 can use).
    found = decompose(counts("111222333m789s55p"), 0, 4)
    assert sorted(sorted_groups(d) for d in found) == [
        ["chow 1m 2m 3m"] * 3 + ["chow 7s 8s 9s", "pair 5p 5p"],
        ["chow 7s 8s 9s", "pair 5p 5p", "pung 1m 1m 1m", "pung 2m 2m 2m", "pung 3m 3m 3m"],
    ]


def test_pair_comes_first_in_each_decomposition() -> None:
    for d in decompose(counts("111222333m789s55p"), 0, 4):
        assert d[0].kind == "pair"
        assert [g.kind for g in d[1:]].count("pair") == 0


def test_pair_can_sit_in_several_places() -> None:
    # 11223344m as 2 sets + pair, by hand:
    #   pair 11m -> 223344m = 234m 234m;  pair 44m -> 112233m = 123m 123m;
    #   pair 22m -> 113344m (no set holds 1m);  pair 33m -> 112244m (no set holds 1m).
    found = decompose(counts("11223344m"), 0, 2)
    assert sorted(sorted_groups(d) for d in found) == [
        ["chow 1m 2m 3m", "chow 1m 2m 3m", "pair 4m 4m"],
        ["chow 2m 3m 4m", "chow 2m 3m 4m", "pair 1m 1m"],
    ]


def test_nine_gates_plus_five_has_exactly_one_reading() -> None:
    # 1112345678999m + 5m = 11123455678999m, pair by pair:
    #   11m leaves 1234556789 999: 123 456, then 5 7 8 is no set -> fails
    #   55m leaves 111 234 678 999 -> the one reading
    #   99m leaves 111 234 556789: 567 leaves 5 8 9 -> fails
    found = decompose(counts("11123455678999m"), 0, 4)
    assert [sorted_groups(d) for d in found] == [
        ["chow 2m 3m 4m", "chow 6m 7m 8m", "pair 5m 5m", "pung 1m 1m 1m", "pung 9m 9m 9m"]
    ]


def test_four_of_a_kind_concealed_splits_into_a_pung_and_more() -> None:
    # 1111m 23m + 456p + 99s (3 sets + pair): 111m + 123m, the only way to use four 1m.
    assert len(decompose(counts("111123m456p99s"), 0, 3)) == 1
    assert readings_of(decompose(counts("111123m456p99s"), 0, 3)) == {
        frozenset({"pair 9s 9s", "pung 1m 1m 1m", "chow 1m 2m 3m", "chow 4p 5p 6p"})
    }


@pytest.mark.parametrize(
    "text",
    [
        "89m1p",  # chows stay in one suit: 8m 9m 1p is not a chow
        "9m1p2p",  # neither does 9m 1p 2p
        "123z",  # honors never form chows (no honor sets asked for)
        "135m",  # a gap is not a chow
        "112m",  # two alike and a neighbour
    ],
)
def test_not_a_set(text: str) -> None:
    assert decompose(counts(text), 0, 1, pair=False) == ()


@pytest.mark.parametrize(
    ("text", "kind"), [("123m", "chow"), ("789s", "chow"), ("555p", "pung"), ("777z", "pung")]
)
def test_one_set(text: str, kind: str) -> None:
    (d,) = decompose(counts(text), 0, 1, pair=False)
    assert [g.kind for g in d] == [kind]


def test_tile_count_must_match_the_sets_asked_for() -> None:
    assert decompose(counts("123m456p"), 0, 2, pair=True) == ()  # 6 tiles, 8 wanted
    assert decompose(counts("123m45p"), 1, 2, pair=False) != ()  # 5 tiles + a joker = 6
    assert decompose(counts("123m45p"), 0, 2, pair=False) == ()


def test_just_a_pair() -> None:
    assert readings_of(decompose(counts("77z"), 0, 0)) == {frozenset({"pair 7z 7z"})}
    assert decompose(counts("67z"), 0, 0) == ()


# --- honor sets -------------------------------------------------------------------------------

WINDS_ESW = "123z"  # 東南西
WINDS_ESN = "124z"  # 東南北
DRAGONS_ALL = "567z"  # 白發中
MIXED = "127z"  # 東南中: two winds and a dragon


@pytest.mark.parametrize(
    ("text", "mode", "is_set"),
    [
        (WINDS_ESW, "none", False),
        (WINDS_ESW, "same_class", True),
        (WINDS_ESN, "same_class", True),
        (DRAGONS_ALL, "same_class", True),
        (MIXED, "same_class", False),  # winds never mix with dragons
        (MIXED, "any_distinct", True),
        (DRAGONS_ALL, "any_distinct", True),
        ("567z", "none", False),
        ("557z", "any_distinct", False),  # three different honors, not two alike
    ],
)
def test_honor_sets(text: str, mode: str, is_set: bool) -> None:
    found = decompose(counts(text), 0, 1, pair=False, honor_sets=mode)  # type: ignore[arg-type]
    assert bool(found) == is_set
    if is_set:
        assert [g.kind for g in found[0]] == ["honors"]


def test_all_four_winds_and_a_wind_pair() -> None:
    # 東東南西北 白發中 + 123m 456m (same_class): the winds split only as 東東 + 南西北; 東南西
    # leaves 東北, 東南北 leaves 東西, 東西北 leaves 東南, none of them a pair.
    found = decompose(counts("123m456m11234567z"), 0, 4, honor_sets="same_class")
    assert len(found) == 1
    assert readings_of(found) == {
        frozenset(
            {
                "pair 1z 1z",
                "honors 2z 3z 4z",
                "honors 5z 6z 7z",
                "chow 1m 2m 3m",
                "chow 4m 5m 6m",
            }
        )
    }


def test_three_wind_pungs_or_three_wind_sets() -> None:
    # 東東東南南南西西西 as 3 sets (same_class): pungs 東 南 西, or 東南西 three times. A mix is
    # impossible: one 東南西 leaves 東東南南西西, which only 東南西 twice can use.
    found = decompose(counts("111222333z"), 0, 3, pair=False, honor_sets="same_class")
    assert sorted(sorted_groups(d) for d in found) == [
        ["honors 1z 2z 3z"] * 3,
        ["pung 1z 1z 1z", "pung 2z 2z 2z", "pung 3z 3z 3z"],
    ]


def test_triplets_only_drops_chows_and_honor_sets() -> None:
    found = decompose(counts("111222333m55p"), 0, 3, triplets_only=True)
    assert [sorted_groups(d) for d in found] == [
        ["pair 5p 5p", "pung 1m 1m 1m", "pung 2m 2m 2m", "pung 3m 3m 3m"]
    ]
    assert decompose(counts("111222333m789s55p"), 0, 4, triplets_only=True) == ()
    honors = decompose(counts("123z"), 0, 1, pair=False, honor_sets="any_distinct")
    assert honors != ()
    assert (
        decompose(counts("123z"), 0, 1, pair=False, honor_sets="any_distinct", triplets_only=True)
        == ()
    )


def test_chows_flag() -> None:
    assert decompose(counts("123m"), 0, 1, pair=False, chows=False) == ()


# --- jokers -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "jokers", "expected"),
    [
        ("12m", 1, {"chow 1m 2m 3m*"}),  # open end: canonical joker at the top
        ("13m", 1, {"chow 1m 2m* 3m"}),  # closed wait
        ("89m", 1, {"chow 7m* 8m 9m"}),  # 8 9: only 7 completes it
        ("55p", 1, {"pung 5p 5p 5p*"}),
        ("5p", 2, {"pung 5p 5p* 5p*"}),  # one tile + two jokers: a pung (canonical)
        ("", 3, {"pung ?* ?* ?*"}),  # three jokers alone
    ],
)
def test_joker_completes_one_set(text: str, jokers: int, expected: set[str]) -> None:
    found = decompose(counts(text), jokers, 1, pair=False)
    assert readings_of(found) == {frozenset(expected)}


@pytest.mark.parametrize(
    ("text", "mode", "allowed_third"),
    [
        ("12z", "same_class", {"3z", "4z"}),  # 東南 + joker for 西 or 北
        ("56z", "same_class", {"7z"}),  # 白發 + joker for 中
        ("17z", "any_distinct", {"2z", "3z", "4z", "5z", "6z"}),  # 東中 + any other honor
    ],
)
def test_joker_completes_an_honor_set(text: str, mode: str, allowed_third: set[str]) -> None:
    (d,) = decompose(counts(text), 1, 1, pair=False, honor_sets=mode)  # type: ignore[arg-type]
    (g,) = d
    assert g.kind == "honors"
    assert g.tiles[:2] == tuple(tiles(text))
    assert g.wild == (False, False, True)
    assert code(g.tiles[2]) in allowed_third


def test_joker_never_mixes_winds_and_dragons_under_same_class() -> None:
    # 東中 + a joker: no wind+dragon set; it is not a pung either (two different tiles).
    assert decompose(counts("17z"), 1, 1, pair=False, honor_sets="same_class") == ()


def test_joker_pairs() -> None:
    assert readings_of(decompose(counts("5s"), 1, 0)) == {frozenset({"pair 5s 5s*"})}
    assert readings_of(decompose(counts(""), 2, 0)) == {frozenset({"pair ?* ?*"})}


def test_joker_reads_of_a_near_hand() -> None:
    # 123m 456p 78s 55z + a joker (3 sets + pair): the joker must complete 78s, as 6s or 9s,
    # both the same real tiles: one canonical form, 789s with the joker as 9s.
    found = decompose(counts("123m456p78s55z"), 1, 3)
    assert readings_of(found) == {
        frozenset({"pair 5z 5z", "chow 1m 2m 3m", "chow 4p 5p 6p", "chow 7s 8s 9s*"})
    }


def test_each_joker_placement_using_different_real_tiles_is_kept() -> None:
    # 1233m + a joker as one set + pair: 33m + 12m with the joker as 3m, or 3m + joker as the
    # pair + the real 123m. The two use different real tiles in the chow, so both are kept.
    found = decompose(counts("1233m"), 1, 1)
    assert readings_of(found) == {
        frozenset({"pair 3m 3m", "chow 1m 2m 3m*"}),
        frozenset({"pair 3m 3m*", "chow 1m 2m 3m"}),
    }


def test_can_decompose() -> None:
    assert can_decompose(counts("123m456p789s11155z"), 0, 4)
    assert not can_decompose(counts("123m456p789s11156z"), 0, 4)
    assert can_decompose(counts("123m456p789s1115z"), 1, 4)


# --- honor sets of any three different honors (honor_sets = "any_distinct") -----------------------


def test_honor_sets_dealt_out_differently_are_one_decomposition() -> None:
    # 東東南南西西北北白白 + 4 wilds as 4 sets + a pair, any three different honors a set. The
    # same honor tiles can be dealt between the honor groups in 1,340 ways. Which honor sits
    # beside which changes nothing once an honor set is there (no longer all pungs), so those
    # are one decomposition; without honor sets the pair and pungs stay exact: all pungs (大七)
    # with the pair on each of the five kinds, each pung completed by one wild.
    counts = [0] * N_KINDS
    for t in range(27, 32):  # 1z..5z twice each
        counts[t] = 2
    found = decompose(tuple(counts), 4, 4, honor_sets="any_distinct")
    kinds = sorted(tuple(sorted(g.kind for g in d)) for d in found)
    assert (
        kinds
        == [("honors", "honors", "pair", "pung", "pung")]
        + [("pair", "pung", "pung", "pung", "pung")] * 5
    )
    pairs = sorted(d[0].tiles[0] for d in found if d[0].kind == "pair" and len(d) == 5)
    assert pairs == [27, 27, 28, 29, 30, 31]


def test_all_honor_hand_with_jing_is_still_priced_as_before() -> None:
    # 東東南南西西北北白白發發發中, jing 中 (副精 發), E the dealer self-draws. Best reading:
    # 平胡 (v = 1) with 精吊 (a lone 發, a 副精, paired with the drawn 發: 66z) and 德国 (no
    # jing acting as wild): 1 × 2 self-draw × 2 dealer × 2 精吊 × 2 德国 = 16, + 5 德国 reward
    # = 21 from each → E +63. Jing: 1 正精 (×2) + 3 副精 = 5 → 冲关 5 × 2 = 10, 霸精 doubles
    # it → 20 from each → E +60. Total E +123, each other seat -41.
    result = score(
        {
            "rules": "xingguo",
            "hand": "1234567z 1234566z",
            "jing": "7z",
            "options": {"honor_sets": "any_distinct"},
        }
    )
    assert result.ok, result.error
    assert result.pattern is not None and result.pattern.id == "plain"
    assert result.sections["hu"] == {"E": 63, "S": -21, "W": -21, "N": -21}
    assert result.sections["jing"] == {"E": 60, "S": -20, "W": -20, "N": -20}
    assert result.payments == {"E": 123, "S": -41, "W": -41, "N": -41}


@settings(max_examples=12, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([None, "S"]))
def test_honors_solved_once_per_count_multiset_price_the_same(
    rng: random.Random, discarder: str | None
) -> None:
    # The any_distinct search renames honors sorted by count back to their kinds; turned off,
    # the same hand must be priced the same (caches cleared on both sides).
    request = {
        "rules": "xingguo",
        "hand": honor_hand(rng),
        "jing": f"{rng.randint(1, 7)}z",
        "discarder": discarder,
        "options": {"honor_sets": "any_distinct"},
    }
    decompose_module = sys.modules["mjcalc.engine.decompose"]

    def outcome() -> Any:
        decompose_module.honor_decompositions.cache_clear()
        result = score(request)
        return (result.payments, result.pattern, [i.id for i in result.items], result.error)

    renamed = outcome()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(decompose_module, "honor_order", lambda _counts: None)
        plain = outcome()
    decompose_module.honor_decompositions.cache_clear()
    assert renamed == plain
