"""Tests for mjcalc.engine.shapes: seven pairs, 十三烂 / 七星十三烂 and loose honors.

Each function takes the counts of the real tiles plus a number of jokers (wilds acting as wild).
"""

from __future__ import annotations

import pytest

from mjcalc.engine import loose_honors, seven_pairs, thirteen_lan
from mjcalc.engine.decompose import Counts
from mjcalc.tiles import HONORS, N_KINDS, Tile, code, tiles


def counts(text: str) -> Counts:
    c = [0] * N_KINDS
    for t in tiles(text):
        c[t] += 1
    return tuple(c)


def pair_codes(pairs: tuple[object, ...] | None) -> list[str]:
    assert pairs is not None
    return sorted(code(g.tiles[0]) for g in pairs)  # type: ignore[attr-defined]


# --- seven pairs ------------------------------------------------------------------------------


def test_seven_distinct_pairs() -> None:
    found = seven_pairs(counts("1122m3344p5566s77z"), 0)
    assert pair_codes(found) == ["1m", "2m", "3p", "4p", "5s", "6s", "7z"]
    assert found is not None
    assert all(g.kind == "pair" and g.wild == (False, False) for g in found)


def test_four_of_a_kind_is_two_pairs_only_when_allowed() -> None:
    hand = counts("1111m3344p5566s77z")  # 1m four times + five pairs = 14 tiles
    assert pair_codes(seven_pairs(hand, 0)) == ["1m", "1m", "3p", "4p", "5s", "6s", "7z"]
    assert seven_pairs(hand, 0, four_as_two=False) is None


@pytest.mark.parametrize(
    "text",
    [
        "1122m3344p5566s7z",  # 13 tiles
        "1122m3344p5566s67z",  # two singles
        "1112m3344p5566s77z",  # three of a kind + a single
        "11122m344p5566s77z",  # odd counts
    ],
)
def test_not_seven_pairs(text: str) -> None:
    assert seven_pairs(counts(text), 0) is None


def test_a_joker_pairs_with_a_single() -> None:
    # 1122m 3344p 5566s 7z + joker: the joker is the second 7z.
    found = seven_pairs(counts("1122m3344p5566s7z"), 1)
    assert found is not None
    (wild_pair,) = [g for g in found if any(g.wild)]
    assert wild_pair.tiles == (tiles("7z")[0],) * 2
    assert wild_pair.wild == (False, True)


def test_two_jokers_pair_with_each_other_or_with_two_singles() -> None:
    # 1122m 3344p 5566s + two jokers: a pair of jokers, standing for a kind not held.
    found = seven_pairs(counts("1122m3344p5566s"), 2)
    assert found is not None
    (joker_pair,) = [g for g in found if any(g.wild)]
    assert joker_pair.wild == (True, True)
    assert joker_pair.tiles[0] == joker_pair.tiles[1]
    assert joker_pair.tiles[0] in range(N_KINDS)
    assert joker_pair.tiles[0] not in tiles("1122m3344p5566s")
    # 1122m 3344p 55s 6s 7s + two jokers: each joker pairs with a single.
    found = seven_pairs(counts("1122m3344p5567s"), 2)
    assert pair_codes(found) == ["1m", "2m", "3p", "4p", "5s", "6s", "7s"]


def test_three_alike_and_a_joker_is_four_of_a_kind() -> None:
    # 111m + joker reads as 1m 1m + 1m 1m: four of a kind as two pairs.
    hand = counts("111m3344p5566s77z")
    assert pair_codes(seven_pairs(hand, 1)) == ["1m", "1m", "3p", "4p", "5s", "6s", "7z"]
    # Without four_as_two the third 1m has nothing to pair with but a fourth 1m: no seven pairs.
    assert seven_pairs(hand, 1, four_as_two=False) is None


def test_six_pairs_for_a_fixed_seventh() -> None:
    assert seven_pairs(counts("1122m3344p5566s"), 0, n_pairs=6) is not None
    assert seven_pairs(counts("1122m3344p5566s"), 0, n_pairs=7) is None


def test_joker_pairs_avoid_kinds_already_paired_without_four_as_two() -> None:
    # 1122m 3344p 5566s + two jokers, four_as_two off: the joker pair must stand for a kind
    # held nowhere else, or it would make four of a kind.
    found = seven_pairs(counts("1122m3344p5566s"), 2, four_as_two=False)
    assert found is not None
    (joker_pair,) = [g for g in found if any(g.wild)]
    held = set(tiles("1122m3344p5566s"))
    assert joker_pair.tiles[0] == joker_pair.tiles[1]
    assert joker_pair.tiles[0] in range(N_KINDS)
    assert joker_pair.tiles[0] not in held


def test_paired_elsewhere_counts_against_four_as_two() -> None:
    # Six pairs around a fixed 77z pair: another 77z among them is four 中, two pairs.
    six = counts("1122m3344p55s77z")
    assert seven_pairs(six, 0, n_pairs=6, paired=tiles("7z")) is not None
    assert seven_pairs(six, 0, n_pairs=6, four_as_two=False, paired=tiles("7z")) is None
    # ...and a joker pair may not stand for 中 then.
    found = seven_pairs(
        counts("1122m3344p55s"), 2, n_pairs=6, four_as_two=False, paired=tiles("7z")
    )
    assert found is not None
    assert all(g.tiles[0] != tiles("7z")[0] for g in found)


def test_a_fixed_pair_and_four_more_are_too_many() -> None:
    # Regression: a fixed 5s pair, then 555s + a joker as two more 5s pairs, read six 5s as three
    # pairs. Four of a kind is two pairs at most.
    assert seven_pairs(counts("1122m3344p555s"), 1, n_pairs=6, paired=tiles("5s")) is None
    assert seven_pairs(counts("1122m3344p55s66s"), 0, n_pairs=6, paired=tiles("5s")) is not None


# --- 十三烂 / 七星十三烂 ----------------------------------------------------------------------

LAN = "147m258p369s12345z"  # 3 + 3 + 3 suit tiles, gaps of 3, five different honors: 14 tiles
STAR = "147m58p26s1234567z"  # 3 + 2 + 2 suit tiles + all seven honors: 14 tiles


def test_thirteen_lan() -> None:
    (g,) = thirteen_lan(counts(LAN), 0) or ()
    assert g.kind == "lan"
    assert sorted(g.tiles) == sorted(tiles(LAN))
    assert not any(g.wild)


@pytest.mark.parametrize(
    "text",
    [
        "147m258p368s12345z",  # 6s 8s: a gap of 2
        "147m258p369s11234z",  # two 東 (no duplicates)
        "146m258p369s12345z",  # 4m 6m: a gap of 2
        "145m258p369s12345z",  # 4m 5m: neighbours
        "147m258p369s1234z",  # 13 tiles
    ],
)
def test_not_thirteen_lan(text: str) -> None:
    assert thirteen_lan(counts(text), 0) is None


@pytest.mark.parametrize("text", ["159m159p159s12345z", "148m269p37s123456z"])
def test_other_lan_spacings(text: str) -> None:
    # 1-5-9 and 1-4-8 / 2-6-9 / 3-7: gaps of at least 3 are all fine.
    assert thirteen_lan(counts(text), 0) is not None


def test_seven_star() -> None:
    assert thirteen_lan(counts(STAR), 0, seven_star=True) is not None
    assert thirteen_lan(counts(LAN), 0, seven_star=True) is None  # only five honors
    assert thirteen_lan(counts(STAR), 0) is not None  # a seven-star hand is also a 十三烂


def lan_fills(text: str, jokers: int, **kw: bool) -> list[Tile] | None:
    """What the jokers stood for in the one lan group, or None."""
    found = thirteen_lan(counts(text), jokers, **kw)
    if found is None:
        return None
    (g,) = found
    assert sorted(t for t, w in zip(g.tiles, g.wild, strict=True) if not w) == sorted(tiles(text))
    return [t for t, w in zip(g.tiles, g.wild, strict=True) if w]


def test_joker_fills_a_lan_gap() -> None:
    # 147m 258p 36s 12345z + joker: the lan may take 9s (36s -> 369s), 6z or 7z; nothing else.
    fills = lan_fills("147m258p36s12345z", 1)
    assert fills is not None
    assert len(fills) == 1
    assert code(fills[0]) in {"9s", "6z", "7z"}


def test_jokers_cannot_repair_a_gap_of_two() -> None:
    # 46m already breaks the lan; no joker can remove a real tile.
    assert lan_fills("1469m258p12345z", 1) is None


def test_jokers_fill_where_there_is_room() -> None:
    # 147m 258p 369s: every suit holds three tiles, the most a lan suit can, so jokers go to the
    # honors not held.
    fills = lan_fills("147m258p369s1234z", 1)  # 13 tiles + 1
    assert [code(t) in {"5z", "6z", "7z"} for t in fills or [0]] == [True]
    fills = lan_fills("147m258p369s12z", 3)  # 11 tiles + 3
    assert fills is not None
    assert len(set(fills)) == 3
    assert {code(t) for t in fills} <= {"3z", "4z", "5z", "6z", "7z"}


def test_no_room_left_for_a_joker() -> None:
    # 37m: 1m and 9m are both 2 away from 3m or 7m, so a suit holding 3 and 7 takes nothing more.
    # 37m 37p 37s + all seven honors = 13 tiles and no place for a fourteenth.
    assert lan_fills("37m37p37s1234567z", 1) is None
    assert lan_fills("37m37p37s1234567z", 1, seven_star=True) is None
    # 37m 37p 37s + six honors = 12 tiles: room for one joker (中), not two.
    assert lan_fills("37m37p37s123456z", 2) is None
    # 36s leaves room at 9s only (1s..5s and 7s..8s are too close): the joker is 9s.
    assert [code(t) for t in lan_fills("37m37p36s1234567z", 1) or []] == ["9s"]


def test_joker_count_must_make_fourteen() -> None:
    assert lan_fills("147m258p369s1234z", 2) is None  # 13 + 2 = 15


def test_seven_star_with_a_joker_for_an_honor() -> None:
    star_missing_red = "147m58p26s123456z"  # 中 missing: 13 tiles
    fills = lan_fills(star_missing_red, 1, seven_star=True)
    assert fills is not None
    assert [code(t) for t in fills] == ["7z"]
    # wild_for_honors off: a wild may not stand in for one of the seven honors...
    assert lan_fills(star_missing_red, 1, seven_star=True, wild_for_honors=False) is None
    # ...but the hand is still a plain 十三烂 (the joker fills a gap or the missing 中).
    assert lan_fills(star_missing_red, 1) is not None


def test_seven_star_jokers_in_the_suits_are_fine_without_wild_for_honors() -> None:
    # All seven honors real, a joker for a suit tile: 147m 58p 2s + J (for 5s, 6s... any lan).
    fills = lan_fills("147m58p2s1234567z", 1, seven_star=True, wild_for_honors=False)
    assert fills is not None
    (t,) = fills
    assert t not in HONORS


# --- loose honors -----------------------------------------------------------------------------


def test_loose_honors_takes_any_honors() -> None:
    (g,) = loose_honors(counts("11123445566777z"), 0) or ()
    assert g.kind == "loose"
    assert loose_honors(counts("1112344556677z"), 1) is not None


def test_loose_honors_rejects_suit_tiles() -> None:
    assert loose_honors(counts("1m1112344556677z"), 0) is None


def test_loose_honors_jokers_read_as_a_held_honor() -> None:
    (g,) = loose_honors(counts("1112z"), 2) or ()
    assert g.wild == (False,) * 4 + (True,) * 2
    assert all(t in HONORS for t in g.tiles)
