"""Tests for mjcalc.engine.readings and mjcalc.engine.waits on whole hands, and the memo of
resolved wild groups against readings resolved anew.

Wild tiles in these hands are 中 (7z) and 發 (6z), as if 中 were the flipped jing: the engine
knows nothing of jing, only of "wild kinds".
"""

from __future__ import annotations

import gc
import sys
from collections import Counter

import pytest

import mjcalc
from mjcalc.engine import (
    Group,
    Reading,
    ShapeRules,
    WildUse,
    counts_of,
    distinct_readings,
    lone_wild_wait,
    meld_group,
    readings,
    single_wait_on_pair,
)
from mjcalc.engine.groups import GROUPS, wild_use
from mjcalc.engine.shapes import seven_pairs
from mjcalc.hand import Meld
from mjcalc.tiles import N_KINDS, Tile, code, tile, tiles
from mjcalc.tiles import tiles as tiles_of

RED, GREEN = tile("7z"), tile("6z")
JING = (RED,)
ALL_SHAPES = ShapeRules(
    honor_sets="same_class", seven_pairs=True, thirteen_lan=True, seven_star_lan=True
)


def show(g: Group) -> str:
    return " ".join(
        [g.kind, *(code(t) + ("*" if w else "") for t, w in zip(g.tiles, g.wild, strict=True))]
    )


def groups_of(r: Reading) -> list[str]:
    return sorted(show(g) for g in r.groups)


def stood_for(r: Reading) -> Counter[tuple[str, str | None]]:
    """Each wild as (face, what it stood for), None for face value; a multiset."""
    return Counter(
        (code(w.face), None if w.stood_for is None else code(w.stood_for)) for w in r.wilds
    )


def all_readings(
    text: str,
    wild: tuple[Tile, ...] = (),
    rules: ShapeRules = ALL_SHAPES,
    melds: tuple[Meld, ...] = (),
    pair: tuple[Tile, Tile] | None = None,
) -> list[Reading]:
    return list(readings(tiles(text), melds, wild, rules, pair=pair))


def shapes(text: str, rules: ShapeRules = ALL_SHAPES, wild: tuple[Tile, ...] = ()) -> set[str]:
    return {r.shape for r in all_readings(text, wild, rules)}


# --- hands without wilds ----------------------------------------------------------------------


def test_plain_hand_has_exactly_its_readings() -> None:
    # 111222333m 789s 55p: the m tiles are three pungs or three 123m chows; nothing else.
    found = all_readings("111222333m789s55p")
    assert sorted(groups_of(r) for r in found) == [
        ["chow 1m 2m 3m"] * 3 + ["chow 7s 8s 9s", "pair 5p 5p"],
        ["chow 7s 8s 9s", "pair 5p 5p", "pung 1m 1m 1m", "pung 2m 2m 2m", "pung 3m 3m 3m"],
    ]
    assert all(r.shape == "standard" and r.wilds == () for r in found)


def test_seven_pairs_only_when_the_rules_ask() -> None:
    # 112233m 445566p 77s is both 123m 123m 456p 456p + 77s and seven pairs.
    hand = "112233m445566p77s"
    assert shapes(hand, ShapeRules()) == {"standard"}
    assert shapes(hand, ShapeRules(seven_pairs=True)) == {"standard", "seven_pairs"}


@pytest.mark.parametrize(("four_as_two", "expected"), [(True, {"seven_pairs"}), (False, set())])
def test_four_of_a_kind_as_two_pairs(four_as_two: bool, expected: set[str]) -> None:
    rules = ShapeRules(seven_pairs=True, four_as_two=four_as_two)
    assert shapes("1111m3344p5566s77z", rules) == expected


@pytest.mark.parametrize(
    ("mode", "winning"), [("none", False), ("same_class", True), ("any_distinct", True)]
)
def test_wind_and_dragon_sets(mode: str, winning: bool) -> None:
    # 東南北 + 白發中 + 123m 456p + 99s.
    rules = ShapeRules(honor_sets=mode)  # type: ignore[arg-type]
    found = all_readings("123m456p99s124567z", rules=rules)
    assert bool(found) == winning
    assert all(r.has_honor_sets for r in found)


@pytest.mark.parametrize(
    ("mode", "winning"), [("none", False), ("same_class", False), ("any_distinct", True)]
)
def test_mixed_honor_sets(mode: str, winning: bool) -> None:
    # 東南中 + 西北白 + 123m 456p + 99s: each honor set mixes winds and a dragon.
    rules = ShapeRules(honor_sets=mode)  # type: ignore[arg-type]
    assert bool(all_readings("123m456p99s127345z", rules=rules)) == winning


def test_thirteen_lan_and_seven_star() -> None:
    lan = "147m258p369s12345z"  # five honors
    star = "147m58p26s1234567z"  # all seven
    assert shapes(lan) == {"thirteen_lan"}
    assert shapes(star) == {"seven_star_lan"}  # the better shape of the same tiles
    assert shapes(star, ShapeRules(thirteen_lan=True)) == {"thirteen_lan"}
    assert shapes(lan, ShapeRules(seven_star_lan=True)) == set()


def test_seven_star_with_a_wild_for_an_honor() -> None:
    # 147m 58p 26s + all seven honors with 發 wild: 發 at face value completes the seven stars
    # (and, acting as wild, it can stand for 發 again).
    star = "147m58p26s1234567z"
    found = all_readings(star, (GREEN,))
    assert {r.shape for r in found} == {"seven_star_lan"}
    assert Counter({("6z", None): 1}) in [stood_for(r) for r in found]
    # 發 replaced by a second 中 (wild): one 中 must stand in for 發 to make seven stars (the
    # other is 中 at face value, or a wild standing for 中).
    no_green = "147m58p26s1234577z"
    with_wild = ShapeRules(seven_star_lan=True, wild_for_seven_star_honors=True)
    without = ShapeRules(seven_star_lan=True, wild_for_seven_star_honors=False)
    found = all_readings(no_green, JING, with_wild)
    assert {r.shape for r in found} == {"seven_star_lan"}
    assert Counter({("7z", "6z"): 1, ("7z", None): 1}) in [stood_for(r) for r in found]
    assert all_readings(no_green, JING, without) == []
    # ...it is still a 十三烂 when the ruleset counts those.
    both = ShapeRules(thirteen_lan=True, seven_star_lan=True, wild_for_seven_star_honors=False)
    assert {r.shape for r in all_readings(no_green, JING, both)} == {"thirteen_lan"}


# --- melds ------------------------------------------------------------------------------------

CHOW_123M = Meld(tuple(tiles("123m")))
KONG_5M = Meld(tuple(tiles("5555m")), concealed=True)
PUNG_7Z = Meld(tuple(tiles("777z")))


def test_melds_are_fixed_groups() -> None:
    # [123m] (5555m) + 456p 789s 11z: two concealed sets + pair.
    (r,) = all_readings("456p789s11z", melds=(CHOW_123M, KONG_5M))
    melded = [g for g in r.groups if g.melded]
    assert [(g.kind, g.exposed) for g in melded] == [("chow", True), ("kong", False)]
    assert r.sets == tuple(g for g in r.groups if g.kind not in ("pair",))
    assert len(r.sets) == 4
    pair = r.pair
    assert pair is not None
    assert pair.tiles == tuple(tiles("11z"))


def test_melded_wild_tiles_keep_their_face() -> None:
    # [777z] with 中 the wild kind: the meld is three 中, no wild use is reported for it.
    (r,) = all_readings("123m456p789s11z", JING, melds=(PUNG_7Z,))
    assert r.wilds == ()
    assert r.all_triplets is False


def test_honor_meld_group() -> None:
    g = meld_group(Meld(tuple(tiles("567z"))))
    assert (g.kind, g.melded, g.exposed) == ("honors", True, True)


def test_invalid_meld_is_refused() -> None:
    with pytest.raises(ValueError, match="not a set"):
        meld_group(Meld(tuple(tiles("124m"))))


def test_counts_of() -> None:
    c = counts_of(tiles("1123m7z"))
    assert len(c) == N_KINDS
    assert (c[tile("1m")], c[tile("2m")], c[tile("3m")], c[tile("7z")], sum(c)) == (2, 1, 1, 1, 5)


def test_loose_honors_reading() -> None:
    # 東東 南 西 北北 白白 發發 中 + [東南西]: honors only, no structure needed when the rules
    # ask for it.
    loose = ShapeRules(loose_honors=True)
    honor_meld = (Meld(tuple(tiles("123z"))),)
    found = all_readings("11234455667z", rules=loose, melds=honor_meld)
    assert [r.shape for r in found] == ["loose_honors"]
    assert all_readings("11234455667z", rules=ShapeRules(), melds=honor_meld) == []
    # a suit tile anywhere, concealed or melded, rules it out
    assert all_readings("11234455667z", rules=loose, melds=(CHOW_123M,)) == []
    assert len(tiles("1m1123445566z")) == 11
    assert all_readings("1m1123445566z", rules=loose, melds=honor_meld) == []


# --- wilds ------------------------------------------------------------------------------------


def test_one_wild_completes_the_pair() -> None:
    # 123m 456p 789s 234s 東 + 中 (wild): 中 can only be the second 東.
    (r,) = all_readings("123m456p789s234s1z7z", JING)
    assert stood_for(r) == Counter({("7z", "1z"): 1})
    assert r.n_wild == 1
    assert r.uses_wild
    assert r.pair is not None
    assert show(r.pair) == "pair 1z 1z*"


def test_two_wilds_every_reading() -> None:
    # 123m 678m 345s 99s 5p + 中中. By hand, with both 中 wild: 55p* + 999s*, or 99s + 555p**.
    # One 中 at face value would be a lone real 中 (nothing pairs it); both at face make 中中 the
    # pair and leave 5p 9s 9s. So exactly two readings.
    found = all_readings("123m678m345s99s5p77z", JING)
    by_pair = {show(r.pair): r for r in found if r.pair is not None}
    assert sorted(by_pair) == ["pair 5p 5p*", "pair 9s 9s"]
    assert stood_for(by_pair["pair 5p 5p*"]) == Counter({("7z", "5p"): 1, ("7z", "9s"): 1})
    assert stood_for(by_pair["pair 9s 9s"]) == Counter({("7z", "5p"): 2})
    assert len(found) == 2


def test_wilds_at_face_value() -> None:
    # 123m 456p 789s 11z + 中中中: a real pung of 中 (no wild use), or three wilds as a pung of
    # any tile.
    found = all_readings("123m456p789s11z777z", JING)
    real = [r for r in found if not r.uses_wild]
    assert len(real) == 1
    assert stood_for(real[0]) == Counter({("7z", None): 3})
    assert "pung 7z 7z 7z" in groups_of(real[0])
    assert all(len(r.wilds) == 3 for r in found)


def test_wild_standing_for_an_honor_in_an_honor_set() -> None:
    # 東南 + 中 (wild) is 東南西 or 東南北; 123m 456p 789s 55p complete the hand.
    (r,) = all_readings("123m456p789s55p12z7z", JING)
    ((face, stood),) = stood_for(r)
    assert face == "7z"
    assert stood in {"3z", "4z"}
    assert r.has_honor_sets


def test_wild_kind_not_held() -> None:
    # naming 中 wild changes nothing for a hand without 中.
    plain = all_readings("123m456p789s234s11z")
    assert all_readings("123m456p789s234s11z", JING) == plain


# --- a fixed pair: the 精吊 question ----------------------------------------------------------

JINGDIAO_14 = "123m678m345s99s5p77z"  # 13 tiles 123m 678m 345s 99s 中中 + the drawn 5p


def test_fixed_pair_lone_wild_with_the_winning_tile() -> None:
    # pair = (中, 5p): the lone 中 stands for 5p; the other 中 makes 99s a pung.
    (r,) = all_readings(JINGDIAO_14, JING, pair=(RED, tile("5p")))
    assert show(r.groups[0]) == "pair 5p 5p*"
    assert stood_for(r) == Counter({("7z", "5p"): 1, ("7z", "9s"): 1})


def test_fixed_pair_must_leave_sets() -> None:
    # pair = (中, 9s): left 123m 678m 345s 9s 5p 中 -- 9s 5p 中 is no set.
    assert all_readings(JINGDIAO_14, JING, pair=(RED, tile("9s"))) == []


def test_fixed_pair_of_the_natural_twin_keeps_face_value() -> None:
    # 123m 678m 345s 999s 中 + drawn 中: the pair 中中 is real, no wild acts (精吊德国).
    (r,) = all_readings("123m678m345s999s77z", JING, pair=(RED, RED))
    assert show(r.groups[0]) == "pair 7z 7z"
    assert not r.uses_wild
    assert stood_for(r) == Counter({("7z", None): 2})


def test_fixed_pair_lone_must_be_wild() -> None:
    assert all_readings(JINGDIAO_14, JING, pair=(tile("5p"), tile("9s"))) == []
    assert all_readings(JINGDIAO_14, (), pair=(RED, tile("5p"))) == []


def test_fixed_pair_tiles_must_be_held() -> None:
    assert all_readings(JINGDIAO_14, JING, pair=(RED, tile("1p"))) == []
    assert all_readings("123m678m345s999s5p7z", JING, pair=(RED, RED)) == []  # one 中 only


def test_fixed_pair_with_six_more_pairs() -> None:
    # 1122m 3344p 5566s 中 + drawn 9s: lone 中 + 9s, six real pairs.
    pairs = ShapeRules(seven_pairs=True)
    found = all_readings("1122m3344p5566s9s7z", JING, pairs, pair=(RED, tile("9s")))
    assert [r.shape for r in found] == ["seven_pairs"]
    assert stood_for(found[0]) == Counter({("7z", "9s"): 1})


def test_fixed_pair_counts_as_a_pair_for_four_as_two() -> None:
    # Regression: 1111m 2233445566m with the pair fixed to 1m 1m read the other 11m as a second
    # pair of 1m even with four_as_two off.
    no_four = ShapeRules(seven_pairs=True, four_as_two=False)
    one = tile("1m")
    assert [r.shape for r in all_readings("11112233445566m", (), no_four, pair=(one, one))] == [
        "standard"
    ]
    # Same with a lone 中 standing for 1m: 中+1m, then 11m 22m 33m 44m 55m 66m would hold 1m
    # four times (three real, one wild). The sets 123m 123m 456m 456m still read.
    hand = "1112233445566m7z"
    with_four = ShapeRules(seven_pairs=True)
    assert {r.shape for r in all_readings(hand, JING, with_four, pair=(RED, one))} == {
        "standard",
        "seven_pairs",
    }
    assert {r.shape for r in all_readings(hand, JING, no_four, pair=(RED, one))} == {"standard"}


def test_fixed_pair_never_makes_three_pairs_of_a_kind() -> None:
    # Regression: 1122m 3344p 555s 中中 + drawn 5s, pair fixed to (中, 5s): the rest was read as
    # 11m 22m 33p 44p 55s 5s中 -- with the fixed pair, six 5s as three pairs. Four of a kind
    # is two pairs at most, and 1122m 3344p 555s 中 holds no four sets.
    hand = "1122m3344p5555s77z"
    assert len(tiles(hand)) == 14
    assert all_readings(hand, JING, ShapeRules(seven_pairs=True), pair=(RED, tile("5s"))) == []


# --- waits ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rules", "expected"),
    [
        ("123m678m345s99s77z", ALL_SHAPES, True),  # 4 sets (99s+中) + a lone 中
        ("123m678m345s999s7z", ALL_SHAPES, True),  # 4 real sets + a lone 中
        ("12m678m345s999s77z", ALL_SHAPES, True),  # one 中 completes 123m, one alone
        ("123m678m345s999s5p", ALL_SHAPES, False),  # 4 sets + a non-jing single
        ("123m678m345s99s5p7z", ALL_SHAPES, False),  # 中 completes 999s; 5p is the single
        ("1122m3344p5566s7z", ALL_SHAPES, True),  # six pairs + a lone 中
        ("1122m3344p5566s7z", ShapeRules(), False),  # ...unless seven pairs do not count
        ("1111m3344p5566s7z", ShapeRules(seven_pairs=True), True),  # 1111m as two pairs
        ("1111m3344p5566s7z", ShapeRules(seven_pairs=True, four_as_two=False), False),
        ("123m678m345s12z77z", ALL_SHAPES, True),  # 東南+中 is an honor set
        ("123m678m345s12z77z", ShapeRules(), False),  # no honor sets
        ("123m678m345s99s66z", ALL_SHAPES, False),  # 發 is not wild here
    ],
)
def test_lone_wild_wait(text: str, rules: ShapeRules, expected: bool) -> None:
    assert len(tiles(text)) == 13
    assert lone_wild_wait(tiles(text), (), JING, rules) is expected


def test_lone_wild_wait_with_melds() -> None:
    # [123m] + 678m 345s 99s 中中: the melded set counts among the four.
    assert lone_wild_wait(tiles("678m345s99s77z"), (CHOW_123M,), JING, ALL_SHAPES)
    # six pairs need 13 concealed tiles: with a meld they cannot be read.
    assert not lone_wild_wait(tiles("1122m3344p7z"), (CHOW_123M,), JING, ALL_SHAPES)


def test_lone_wild_wait_with_two_wild_kinds() -> None:
    # 中 and 發 both wild: 發 completes 99s, 中 waits alone (or the reverse).
    assert lone_wild_wait(tiles("123m678m345s99s67z"), (), (RED, GREEN), ALL_SHAPES)
    assert not lone_wild_wait(tiles("123m678m345s99s67z"), (), JING, ALL_SHAPES)


@pytest.mark.parametrize("seed", range(5))
def test_a_drawn_tile_set_aside_asks_what_the_13_tiles_ask(seed: int) -> None:
    # drawn=: the 14 tiles and the winning tile, one copy set aside inside the engine (its twin:
    # the 13 tiles written out), the only wild sometimes being the drawn one
    import random

    rng = random.Random(seed)
    for _ in range(300):
        hand = [rng.randrange(N_KINDS) for _ in range(14)]
        if rng.random() < 0.5:
            hand[rng.randrange(14)] = rng.choice(JING)
        hand = [t for t in hand if hand.count(t) <= 4] or [RED]
        drawn = rng.choice(hand)
        thirteen = list(hand)
        thirteen.remove(drawn)
        expected = lone_wild_wait(thirteen, (), JING, ALL_SHAPES)
        assert lone_wild_wait(hand, (), JING, ALL_SHAPES, drawn=drawn) is expected
    # complete sets + 中中 before 5p was drawn (one 中 completes 99s, one waits alone)
    assert lone_wild_wait(tiles(JINGDIAO_14), (), JING, ALL_SHAPES, drawn=tile("5p"))


def test_single_wait_on_pair() -> None:
    four_melds = (CHOW_123M, PUNG_7Z, Meld(tuple(tiles("456p"))), Meld(tuple(tiles("999s"))))
    assert single_wait_on_pair(tiles("55s"), four_melds, tile("5s"))
    assert not single_wait_on_pair(tiles("55s"), four_melds, tile("6s"))
    assert not single_wait_on_pair(tiles("56s"), four_melds, tile("5s"))
    assert not single_wait_on_pair(tiles("456p55s"), four_melds[:3], tile("5s"))


# --- reading properties -----------------------------------------------------------------------


def test_all_triplets_and_honor_sets() -> None:
    (pungs,) = all_readings("111m222p333s444z55z")
    assert pungs.all_triplets
    assert not pungs.has_honor_sets
    (winds,) = all_readings("111m222p333s123z55z")
    assert not winds.all_triplets  # an honor set is not a pung
    assert winds.has_honor_sets
    sevens = [r for r in all_readings("1122m3344p5566s77z") if r.shape == "seven_pairs"]
    assert sevens
    assert not sevens[0].all_triplets
    assert sevens[0].pair is None


def test_reading_wild_counts() -> None:
    r = Reading(
        "standard",
        (Group("pair", (1, 1), (False, True)),),
        (WildUse(RED, 1), WildUse(RED, None)),
    )
    assert r.n_wild == 1
    assert r.uses_wild
    assert WildUse(RED, None).as_wild is False


# --- the memo of resolved wild groups -------------------------------------------------------------


readings_module = sys.modules["mjcalc.engine.readings"]  # the package's name is the function


class _Forgetful(dict[object, object]):
    """A memo that never remembers: every wild group resolved anew."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


@pytest.mark.parametrize(
    ("hand", "wild_kinds", "pair"),
    [
        ("11m345p678s567z5m5m6m", (tile("5m"), tile("6m")), None),  # 22 readings, honor set
        ("123m456p78s99s5m5m6m6m", (tile("5m"), tile("6m")), None),  # 67 readings
        ("123m456p789s78m6m5m1z", (tile("5m"), tile("6m")), (tile("5m"), tile("1z"))),  # 精吊
    ],
)
def test_remembered_wild_groups_give_the_readings_resolved_anew(
    hand: str,
    wild_kinds: tuple[int, ...],
    pair: tuple[int, int] | None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = ShapeRules(honor_sets="same_class", seven_pairs=True, thirteen_lan=True)
    concealed = mjcalc.parse_hand(hand).concealed
    readings_module._RESOLVED.clear()
    first = list(readings(concealed, (), wild_kinds, rules, pair=pair))  # fills the memo
    warm = list(readings(concealed, (), wild_kinds, rules, pair=pair))  # all from the memo
    monkeypatch.setattr(readings_module, "_RESOLVED", _Forgetful())
    anew = list(readings(concealed, (), wild_kinds, rules, pair=pair))
    assert anew and first == anew and warm == anew
    assert any(w.stood_for is not None for r in anew for w in r.wilds)  # wilds did act


def test_remembered_wild_groups_are_numbers_the_garbage_collector_leaves_alone() -> None:
    # what a hand with wilds adds to the memo is numbers only: a full collection never walks
    # it, however many hands pass; the answers are the groups and uses, shared
    concealed = mjcalc.parse_hand("123m456p78s99s5m5m6m6m").concealed
    readings_module._RESOLVED.clear()
    found = list(readings(concealed, (), (tile("5m"), tile("6m")), ShapeRules()))
    assert any(w.stood_for is not None for r in found for w in r.wilds)
    assert readings_module._RESOLVED
    gc.collect()
    gc.collect()  # a tuple is let go once the tuples inside it were: a second pass for the keys
    for key, entry in readings_module._RESOLVED.items():
        assert not gc.is_tracked(key) and not gc.is_tracked(entry)
        number, uses, _ = entry
        assert all(isinstance(n, int) for n in uses)
        assert GROUPS[number].code == number
    use = wild_use(tile("5m"), tile("7m"))
    assert use is wild_use(tile("5m"), tile("7m")) and use == WildUse(tile("5m"), tile("7m"))


def test_the_uses_table_is_cleared_with_the_memo_it_serves(monkeypatch: pytest.MonkeyPatch) -> None:
    # bounded as the memo is: never more use tuples than the memo has entries
    concealed = mjcalc.parse_hand("123m456p78s99s5m5m6m6m").concealed
    wilds = (tile("5m"), tile("6m"))
    expected = list(readings(concealed, (), wilds, ShapeRules()))
    monkeypatch.setattr(readings_module, "_RESOLVED_MAX", 3)
    readings_module._RESOLVED.clear()
    readings_module._USE_TUPLES.clear()
    assert list(readings(concealed, (), wilds, ShapeRules())) == expected
    assert 0 < len(readings_module._USE_TUPLES) <= len(readings_module._RESOLVED) <= 3


def test_every_engine_memo_clears_without_arguments() -> None:
    # Regression: bench/bench_engine.py's cold runs call cache_clear() on every engine module
    # value that has one; a memo once exposed a class whose cache_clear needed an instance,
    # and the benchmark stopped with a TypeError.
    import mjcalc.engine.decompose  # noqa: F401  (the modules whose memos are cleared)

    cleared = 0
    for name, module in list(sys.modules.items()):
        if name.startswith("mjcalc.engine"):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
                    cleared += 1
    assert cleared >= 3  # decompose._suit, decompose.honor_decompositions, readings._split_plan


def test_seven_pairs_readings_do_not_fill_the_resolved_groups_memo() -> None:
    # Regression: seven_pairs built new pair groups on every call, and the memo of resolved
    # wild groups (then kept by the group's identity) took a new entry for each: it filled up with
    # groups never seen again and cleared itself, so the decompositions' groups were resolved
    # anew too (7-jing hands took twice as long).
    hand = tiles_of("1122m3344p55s69s77z")  # five pairs, 6s and 9s single, two wild 中
    wild, rules = (tile("7z"),), ShapeRules(seven_pairs=True)

    def read() -> list[Reading]:
        distinct = [d.reading() for d in distinct_readings(hand, (), wild, rules)]
        return list(readings(hand, (), wild, rules)) + distinct

    first = read()
    assert any(r.shape == "seven_pairs" and r.uses_wild for r in first)
    size = len(readings_module._RESOLVED)
    assert read() == first
    assert len(readings_module._RESOLVED) == size
    counts = tuple(counts_of(hand[:-2]))
    one, two = seven_pairs(counts, 2), seven_pairs(counts, 2)
    assert one is not None and two is not None
    assert all(a is b for a, b in zip(one, two, strict=True))
