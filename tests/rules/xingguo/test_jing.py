"""Xingguo's jing through ``mjcalc.score``: the flipped tile and its wrap-around, the jing ledger
(冲关, 霸精, 相公), 霸胡, and a table where nobody holds a jing.

Unless a test says otherwise: dealer E, the flipped tile 5s (正精 5s, 副精 6s), and N holds one
副精 so that 霸胡 does not apply. Amounts follow the formula quoted in test_seed.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjcalc
from mjcalc.rules.jing import chongguan, next_kind
from mjcalc.tiles import tile
from tests.rules.xingguo.helpers import DEGUO_PLAIN, error_of, item_ids, score

# --- the jing and its wrap-around -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("flipped", "secondary"),
    [
        ("1m", "2m"),
        ("9m", "1m"),
        ("9p", "1p"),
        ("9s", "1s"),
        ("1z", "2z"),  # 東 → 南
        ("4z", "1z"),  # 北 → 東
        ("7z", "6z"),  # 中 → 發
        ("6z", "5z"),  # 發 → 白
        ("5z", "7z"),  # 白 → 中
    ],
)
def test_secondary_jing_is_the_next_kind(flipped: str, secondary: str) -> None:
    assert next_kind(tile(flipped)) == tile(secondary)


def _jing_held_by_winner(hand: str, jing: str) -> dict[str, int]:
    result = mjcalc.score({"rules": "xingguo", "hand": hand, "jing": jing})
    assert result.ok, result.error
    return result.sections["jing"]


@pytest.mark.parametrize(
    ("hand", "jing", "s"),
    [
        ("123m456p789s11z234m", "9m", 1),  # 9m flipped: the one 1m is 副精
        ("123m456p789s234m11z", "4z", 2),  # 北 flipped: the two 東 are 副精
        ("123m456p789s234m77z", "5z", 2),  # 白 flipped: the two 中 are 副精
        ("123m456p789s234m77z", "6z", 0),  # 發 flipped: 白 is 副精, 中 is no jing
    ],
)
def test_wrapped_secondary_jing_is_counted(hand: str, jing: str, s: int) -> None:
    # the winner alone holds jing: s = 1 per 副精, 霸精 doubles it: 2s from each of three
    sole = _jing_held_by_winner(hand, jing)
    assert sole == {"E": 3 * 2 * s, "S": -2 * s, "W": -2 * s, "N": -2 * s}


def test_wrapped_jing_is_wild() -> None:
    # 北 flipped: 東 (副精) completes 78p → 789p as a wild; 十三烂 it is not, 平胡 off a self-draw
    result = score("123m456p78p789s22z1z", "3m", jing="4z")
    assert result.ok, result.error
    assert result.reading is not None
    assert [(w.tile, w.stood_for) for w in result.reading.wilds] == [("1z", "9p")]


def test_xingguo_has_no_flowers() -> None:
    code, message = error_of(score("123m456p789s11z234m 1f", "1m"))
    assert code == "invalid_hand" and "no flowers" in message


def test_flowers_are_not_jing() -> None:
    code, message = error_of(score(DEGUO_PLAIN, "1m", jing="1f"))
    assert code == "invalid_request"
    assert "flowers" in message


def test_bad_jing_tile_names_the_field() -> None:
    code, message = error_of(score(DEGUO_PLAIN, "1m", jing="0m"))
    assert code == "invalid_notation"
    assert message.startswith("jing:")


# --- jing ledger ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("s", "score_"), [(1, 1), (4, 4), (5, 10), (6, 18), (7, 28), (8, 40), (9, 54), (10, 70)]
)
def test_chongguan_scores(s: int, score_: int) -> None:
    assert chongguan(s) == score_


@pytest.mark.parametrize(
    ("held", "c"),
    [((2, 1), 10), ((3, 0), 18), ((3, 1), 28), ((3, 2), 40), ((3, 3), 54)],
)
def test_chongguan_settles_against_another_holder(held: tuple[int, int], c: int) -> None:
    # S holds s = 2z + f (c = s × (s − 3)), W one 副精 (1): no 霸精.
    # Net: S 3c − 1, W 3 − c, E and N −c − 1
    result = score(DEGUO_PLAIN, "1m", jings={"S": list(held), "W": [0, 1]})
    assert result.sections["jing"] == {"E": -c - 1, "S": 3 * c - 1, "W": 3 - c, "N": -c - 1}
    assert "chongguan" in item_ids(result)


@pytest.mark.parametrize(("bawang", "each"), [("double", 140), ("plus10", 80)])
def test_ten_jing_is_always_sole_holder(bawang: str, each: int) -> None:
    # all seven jing with S: s = 10 → 70, 霸精 ×2 = 140 or +10 = 80, from each of three
    result = score(DEGUO_PLAIN, "1m", jings={"S": [3, 4]}, options={"bawang": bawang})
    assert result.sections["jing"] == {"E": -each, "S": 3 * each, "W": -each, "N": -each}


@pytest.mark.parametrize(("bawang", "each"), [("double", 4), ("plus10", 12)])
def test_bawang_sole_holder(bawang: str, each: int) -> None:
    # S alone holds one 正精: 2 → ×2 = 4, or + 10 = 12
    result = score(DEGUO_PLAIN, "1m", jings={"S": [1, 0]}, options={"bawang": bawang})
    assert result.sections["jing"] == {"E": -each, "S": 3 * each, "W": -each, "N": -each}
    assert "bawang" in item_ids(result)


def test_big_xianggong_scores_no_jing_but_pays() -> None:
    # S (大相公) holds 2 正 1 副 = 5 but scores 0; W's one 副精 collects 1 from each. Two seats
    # hold jing, so W is no 霸精
    result = score(DEGUO_PLAIN, "1m", jings={"S": [2, 1], "W": [0, 1]}, xianggong={"S": "big"})
    assert result.sections["jing"] == {"E": -1, "S": -1, "W": 3, "N": -1}


def test_small_xianggong_still_scores() -> None:
    # S (小相公) 5 jing → 10; W 1: S 3×10 − 1 = 29, W 3 − 10 = −7, E N −11
    result = score(DEGUO_PLAIN, "1m", jings={"S": [2, 1], "W": [0, 1]}, xianggong={"S": "small"})
    assert result.sections["jing"] == {"E": -11, "S": 29, "W": -7, "N": -11}


def test_seed_f_one_main_jing_is_two_from_each() -> None:
    # 正精 counts two: 2+2+2 = 6 when the only other holder is a 大相公 (so no 霸精)
    result = score(DEGUO_PLAIN, "1m", jings={"S": [1, 0], "W": [0, 1]}, xianggong={"W": "big"})
    assert result.sections["jing"] == {"E": -2, "S": 6, "W": -2, "N": -2}


def test_winner_counts_its_hand_or_the_larger_jings_entry() -> None:
    hand = "123m456p789p345s11z"  # one 正精 at face value, used or not it counts
    from_hand = score(hand, "1m", jings={})
    assert from_hand.sections["jing"] == {"E": 12, "S": -4, "W": -4, "N": -4}  # 2, 霸精 ×2
    larger = score(hand, "1m", jings={"E": [2, 0]})  # a discarded 正精 added: s = 4, ×2 = 8
    assert larger.sections["jing"] == {"E": 24, "S": -8, "W": -8, "N": -8}
    smaller = score(hand, "1m", jings={"E": [0, 0]})
    assert smaller.sections["jing"] == from_hand.sections["jing"]


def test_melded_and_wild_jing_count_for_the_winner() -> None:
    # E: 666s melded (3 副精) + the 5s used as wild (2): s = 5, 冲关 10; N's one 副精: 1.
    # Net: E 3 × 10 − 1 = 29, N 3 − 10 = −7, S and W −10 − 1 = −11
    result = score("123m456p78p11z5s [666s]", "1m")
    assert result.sections["jing"] == {"E": 29, "S": -11, "W": -11, "N": -7}


def test_jing_has_no_dealer_doubling() -> None:
    as_dealer = score(DEGUO_PLAIN, "1m", jings={"E": [1, 0], "S": [1, 0]})
    assert as_dealer.sections["jing"] == {"E": 4, "S": 4, "W": -4, "N": -4}


# --- 霸胡 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("scope", "each"), [("all", 13), ("others", 21)])
def test_bahu_scope(scope: str, each: int) -> None:
    # only the winner holds a jing (at face value): "all" → no 霸胡 (4×2+5 = 13);
    # "others" → 霸胡 (8×2+5 = 21)
    result = score("123m456p789p345s11z", "1m", jings={}, options={"bahu_scope": scope})
    assert result.sections["hu"] == {"E": 3 * each, "S": -each, "W": -each, "N": -each}


def test_bahu_doubles_a_win_with_wilds_too_when_nobody_else_holds() -> None:
    # "others": the winner's own 5s is wild (1z pair); 1×2×2 ×2 霸胡 = 8 each
    result = score("123m45678p789s11z5s", "1m", jings={}, options={"bahu_scope": "others"})
    assert result.sections["hu"] == {"E": 24, "S": -8, "W": -8, "N": -8}


# --- a table where nobody holds a jing ------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    counts=st.lists(
        st.one_of(st.none(), st.tuples(st.integers(0, 3), st.integers(0, 4))),
        min_size=4,
        max_size=4,
    ),
    winner=st.sampled_from(["E", "S", "W", "N"]),
)
def test_jing_held_by_nobody_settles_as_asked_seat_by_seat(
    counts: list[tuple[int, int] | None], winner: str
) -> None:
    """The shared empty holding tells a jing-free table at once; given ``[0, 0]`` seats, and
    every other table, are asked seat by seat: the same answers either way."""
    from mjcalc.models import SEATS
    from mjcalc.rules.jing import NO_JING, JingHeld
    from mjcalc.rules.xingguo import hu, settle
    from mjcalc.rules.xingguo.options import XingguoOptions

    held = {
        seat: NO_JING if c is None else JingHeld(*c) for seat, c in zip(SEATS, counts, strict=True)
    }
    options = XingguoOptions()

    def answers() -> object:
        return (
            [hu.is_bahu(held, winner, scope) for scope in ("all", "others")],  # type: ignore[arg-type]
            settle.settle_jing(held, {}, options),
        )

    quick = answers()
    with pytest.MonkeyPatch.context() as mp:
        for module in (hu, settle):
            mp.setattr(module, "nobody_holds", lambda _held: False)
        assert answers() == quick
