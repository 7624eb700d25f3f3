"""The hands players argue about, each with every fan it scores, and the calculator's shape.

一色双龙会 against 七对, 组合龙 with a chow, 全不靠 against 七星不靠, 九莲宝灯 on each of its
nine waits, 四归一 in seven pairs, 推不倒 with 白, 独听 with a hidden second wait, pungs against
chows (就高不就低), the account-once principle on two suits, 明暗杠 on and off. The values
agree with PyMahjongGB's, except where the option turns 明暗杠 off (the package has no such
switch).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcalc.rules.guobiao.fan import count_fans
from tests.rules.guobiao.fan.helpers import count, count_written, counted, fan_list, hand

TRICKY: list[tuple[str, str, dict[str, object], str]] = [
    (
        "pure_terminal_chows_over_seven_pairs",
        "1122337788995m 5m",
        {},
        "pure_terminal_chows=64 concealed_hand=2 single_wait=1",
    ),
    (
        "knitted_straight_with_a_chow",
        "147m258p369s123s5z 5z",
        {},
        "knitted_straight=12 concealed_hand=2 single_wait=1",
    ),
    ("lesser_honors_and_knitted", "147m258p36s12345z 6z", {}, "lesser_honors_and_knitted=12"),
    ("greater_honors_and_knitted", "147m25p36s123456z 7z", {}, "greater_honors_and_knitted=24"),
    (
        "lesser_honors_and_knitted_with_the_straight",
        "147m258p369s1234z 5z",
        {},
        "lesser_honors_and_knitted=12 knitted_straight=12",
    ),
    (
        "edge_wait_only_wait",
        "789s12s66z 3s 123m 567p",
        {},
        "mixed_double_chow=1 two_terminal_chows=1 edge_wait=1",
    ),
    ("edge_wait_hidden_second_wait", "345s12s66z 3s 123m 567p", {}, "mixed_double_chow=1"),
    ("seven_pairs_with_tile_hog", "1111m2288p3366s7z 7z", {}, "seven_pairs=24 tile_hog=2"),
    (
        "pungs_or_chows_highest",
        "111222333m789p9s 9s",
        {},
        "pure_shifted_pungs=24 three_concealed_pungs=16 concealed_hand=2 "
        "pung_of_terminals_or_honors=1 no_honors=1 single_wait=1",
    ),
    (
        "pungs_or_chows_drawn",
        "111222333m789p9s 9s",
        {"drawn": True},
        "pure_shifted_pungs=24 three_concealed_pungs=16 fully_concealed_hand=4 "
        "pung_of_terminals_or_honors=1 no_honors=1 single_wait=1",
    ),
    (
        "account_once_two_suits",
        "234567s234567p5m 5m",
        {},
        "concealed_hand=2 all_chows=2 all_simples=2 mixed_double_chow=2 short_straight=1 "
        "single_wait=1",
    ),
    (
        "account_once_not_the_same",
        "234s223344567p9m 9m",
        {},
        "concealed_hand=2 all_chows=2 pure_double_chow=1 mixed_double_chow=1 short_straight=1 "
        "single_wait=1",
    ),
    (
        "big_three_winds_and_terminal_pung",
        "111222333z999m5p 5p",
        {"seat": "N", "prevalent": "N"},
        "four_concealed_pungs=64 big_three_winds=12 pung_of_terminals_or_honors=1 "
        "one_voided_suit=1 single_wait=1",
    ),
    (
        "thirteen_orphans_drawn_last",
        "19m19p19s1234567z 7z",
        {"drawn": True, "wall_last": True, "flowers": 2},
        "thirteen_orphans=88 last_tile_draw=8 flower_tiles=2",
    ),
    (
        "knitted_straight_melded_pung",
        "147m258p369s5z 5z 777z",
        {},
        "knitted_straight=12 dragon_pung=2 single_wait=1",
    ),
    (
        "knitted_straight_win_inside",
        "147m25p369s123s55z 8p",
        {},
        "knitted_straight=12 concealed_hand=2",
    ),
    (
        "concealed_and_melded_kong_off",
        "345s78s22z 9s 1111m (9999p)",
        {"option": False},
        "concealed_kong=2 pung_of_terminals_or_honors=2 melded_kong=1",
    ),
    (
        "melded_hand_drawn",
        "7z 7z 123m 456p 789s 111s",
        {"drawn": True},
        "mixed_straight=8 pung_of_terminals_or_honors=1 single_wait=1 self_drawn=1",
    ),
    (
        "four_kongs_single",
        "5z 5z 1111m 9999m (1111p) (9999s)",
        {"drawn": True},
        "four_kongs=88 all_terminals_and_honors=32 double_pung=4 two_concealed_pungs=2 "
        "self_drawn=1",
    ),
    (
        "reversible_with_white",
        "123p45p888s999s55z 3p",
        {},
        "reversible_tiles=8 concealed_hand=2 two_concealed_pungs=2 pung_of_terminals_or_honors=1",
    ),
    (
        "all_green_with_green_dragon",
        "234s234s666s88s66z 6z",
        {"drawn": True},
        "all_green=88 fully_concealed_hand=4 dragon_pung=2 two_concealed_pungs=2 "
        "pure_double_chow=1",
    ),
    (
        "robbing_excludes_last_tile",
        "345s78s22z 9s 123m 678p",
        {"robbing_kong": True, "last_of_kind": True},
        "robbing_the_kong=8",
    ),
    (
        "last_tile_three_in_a_pung",
        "78s22z 9s 123m 678p 999s",
        {},
        "last_tile=4 tile_hog=2 pung_of_terminals_or_honors=1",
    ),
]


@pytest.mark.parametrize(
    ("label", "written", "situation", "fans"), TRICKY, ids=[row[0] for row in TRICKY]
)
def test_tricky_hand(label: str, written: str, situation: dict[str, object], fans: str) -> None:
    assert count_written(written, **situation) == fan_list(fans)


NINE_GATES = {
    1: "nine_gates=88 pure_straight=16 tile_hog=2",
    2: "nine_gates=88 two_concealed_pungs=2 short_straight=1 pung_of_terminals_or_honors=1",
    3: "nine_gates=88 short_straight=1",
    4: "nine_gates=88 short_straight=1",
    5: "nine_gates=88 two_concealed_pungs=2 pung_of_terminals_or_honors=1",
    6: "nine_gates=88 short_straight=1",
    7: "nine_gates=88 short_straight=1",
    8: "nine_gates=88 two_concealed_pungs=2 short_straight=1 pung_of_terminals_or_honors=1",
    9: "nine_gates=88 pure_straight=16 tile_hog=2",
}


@pytest.mark.parametrize("rank", sorted(NINE_GATES))
def test_nine_gates_on_each_of_its_nine_waits(rank: int) -> None:
    assert count("1112345678999p", f"{rank}p") == fan_list(NINE_GATES[rank])
    drawn = count("1112345678999p", f"{rank}p", drawn=True)
    assert drawn == fan_list(NINE_GATES[rank]) | {"self_drawn": 1}


def test_the_shape_and_the_sets_of_the_chosen_reading() -> None:
    found = counted("1122337788995m", "5m")
    assert found.shape == "regular"
    assert found.sets == ((0, 1, 2), (0, 1, 2), (6, 7, 8), (6, 7, 8), (4, 4))
    assert counted("147m258p369s123s5z", "5z").shape == "knitted_straight"
    assert counted("1155m2288p3366s7z", "7z").shape == "seven_pairs"
    assert counted("147m25p36s123456z", "7z").shape == "honors_and_knitted"
    assert counted("19m19p19s1234567z", "1m").shape == "thirteen_orphans"


def test_flowers_count_in_the_total_not_towards_the_minimum() -> None:
    found = counted("345s78s22z", "9s", "123m", "678p", flowers=3)
    assert [item.id for item in found.items] == ["chicken_hand", "flower_tiles"]
    assert (found.total, found.without_flowers) == (11, 8)


def test_two_pungs_of_terminals_are_one_item_counted_twice() -> None:
    found = counted("345s78s66z", "9s", "111m", "999p")
    (item,) = found.items
    assert (item.id, item.fan, item.count) == ("pung_of_terminals_or_honors", 2, 2)


def test_tiles_that_do_not_win_have_no_fan() -> None:
    assert count_fans(hand("123m456p789s1234z", "5z")) is None
    assert count_fans(hand("123m456p789s12z", "5z")) is None  # a tile short


WINNING = [
    "1122337788995m 5m",
    "123m345m666m789m2m 2m",
    "147m258p369s123s5z 5z",
    "1112345678999p 6p",
    "1155m2288p3366s7z 7z",
    "234567s234567p5m 5m",
]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(WINNING), st.randoms(use_true_random=False))
def test_the_order_of_the_tiles_changes_nothing(written: str, rng: random.Random) -> None:
    before, win = written.split()
    h = hand(before, win)
    shuffled = list(h.concealed)
    rng.shuffle(shuffled)
    assert count_fans(replace(h, concealed=tuple(shuffled))) == count_fans(h)
