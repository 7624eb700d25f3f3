"""Golden hands, one or more per fan of the table: each hand's every fan, worked out by hand.

Each row is a hand as players write it (the tiles before the winning tile, the winning tile,
then the declared melds: ``(9999p)`` a concealed kong), its situation (off a discard, East seat
in the East round unless told) and every fan it scores. For each fan there is a hand where it
counts; :data:`LEFT_OUT` names, for each fan that a bigger one implies, a hand where the bigger
one leaves it out. The values agree with PyMahjongGB's (``test_oracle.py`` checks thousands
more).
"""

from __future__ import annotations

import pytest

from mjcalc.rules.guobiao.fan.table import FANS
from tests.rules.guobiao.fan.helpers import count_written, fan_list

GOLDEN: list[tuple[str, str, dict[str, object], str]] = [
    (
        "big_four_winds",
        "111222333444z5m 5m",
        {},
        "big_four_winds=88 four_concealed_pungs=64 half_flush=6 single_wait=1",
    ),
    (
        "big_three_dragons",
        "555666777z123m9p 9p",
        {},
        "big_three_dragons=88 three_concealed_pungs=16 outside_hand=4 concealed_hand=2 "
        "one_voided_suit=1 single_wait=1",
    ),
    (
        "all_green",
        "223344666888s6z 6z",
        {},
        "all_green=88 concealed_hand=2 two_concealed_pungs=2 pure_double_chow=1 single_wait=1",
    ),
    (
        "four_kongs",
        "9s 9s 1111m 2222p 3333s (7777z)",
        {},
        "four_kongs=88 mixed_shifted_pungs=8 dragon_pung=2 pung_of_terminals_or_honors=1",
    ),
    ("seven_shifted_pairs", "1122334455667m 7m", {}, "seven_shifted_pairs=88"),
    (
        "seven_shifted_pairs_simples",
        "2233445566778p 8p",
        {"drawn": True},
        "seven_shifted_pairs=88 all_simples=2 self_drawn=1",
    ),
    ("thirteen_orphans", "19m19p19s1234567z 1m", {}, "thirteen_orphans=88"),
    (
        "all_terminals",
        "111999m111999p1s 1s",
        {},
        "all_terminals=64 four_concealed_pungs=64 single_wait=1",
    ),
    (
        "little_four_winds",
        "111222333z44z56m 7m",
        {},
        "little_four_winds=64 three_concealed_pungs=16 half_flush=6 prevalent_wind=2 "
        "seat_wind=2 concealed_hand=2",
    ),
    (
        "little_three_dragons",
        "555666z77z123m45p 6p",
        {},
        "little_three_dragons=64 concealed_hand=2 two_concealed_pungs=2 one_voided_suit=1",
    ),
    (
        "all_honors",
        "1112225556667z 7z",
        {},
        "little_three_dragons=64 all_honors=64 four_concealed_pungs=64 prevalent_wind=2 "
        "seat_wind=2 single_wait=1",
    ),
    ("all_honors_pairs", "1122334455667z 7z", {}, "all_honors=64 seven_pairs=24"),
    (
        "four_concealed_pungs",
        "111m222p333s444s5m 5m",
        {},
        "four_concealed_pungs=64 mixed_shifted_pungs=8 pung_of_terminals_or_honors=1 "
        "no_honors=1 single_wait=1",
    ),
    (
        "four_concealed_pungs_drawn",
        "111m222p333s444s5m 5m",
        {"drawn": True},
        "four_concealed_pungs=64 mixed_shifted_pungs=8 pung_of_terminals_or_honors=1 "
        "no_honors=1 single_wait=1 self_drawn=1",
    ),
    (
        "pure_terminal_chows",
        "1122337788995m 5m",
        {},
        "pure_terminal_chows=64 concealed_hand=2 single_wait=1",
    ),
    (
        "quadruple_chow",
        "111122223333m5p 5p",
        {},
        "quadruple_chow=48 concealed_hand=2 all_chows=2 one_voided_suit=1 single_wait=1",
    ),
    (
        "four_pure_shifted_pungs",
        "111222333444m5p 5p",
        {},
        "four_concealed_pungs=64 four_pure_shifted_pungs=48 pung_of_terminals_or_honors=1 "
        "one_voided_suit=1 no_honors=1 single_wait=1",
    ),
    (
        "four_pure_shifted_chows",
        "123234345456m9p 9p",
        {},
        "four_pure_shifted_chows=32 concealed_hand=2 all_chows=2 one_voided_suit=1 single_wait=1",
    ),
    (
        "three_kongs",
        "456s9p 9p 1111m 2222p (3333s)",
        {},
        "three_kongs=32 mixed_shifted_pungs=8 pung_of_terminals_or_honors=1 no_honors=1 "
        "single_wait=1",
    ),
    (
        "all_terminals_and_honors",
        "111m999p111z555z9s 9s",
        {},
        "four_concealed_pungs=64 all_terminals_and_honors=32 all_types=6 dragon_pung=2 "
        "prevalent_wind=2 seat_wind=2 single_wait=1",
    ),
    ("seven_pairs", "1155m2288p3366s7z 7z", {}, "seven_pairs=24"),
    ("greater_honors_and_knitted", "147m25p36s123456z 7z", {}, "greater_honors_and_knitted=24"),
    ("all_even_pungs", "222m444p666888s4m 4m", {}, "four_concealed_pungs=64 all_even_pungs=24"),
    ("full_flush", "1233456667892m 2m", {}, "full_flush=24 concealed_hand=2 two_terminal_chows=1"),
    (
        "pure_triple_chow",
        "123m456p9s 9s 123m 123m",
        {},
        "pure_triple_chow=24 all_chows=2 single_wait=1",
    ),
    (
        "pure_shifted_pungs",
        "333m456p9s 9s 111m 222m",
        {},
        "pure_shifted_pungs=24 pung_of_terminals_or_honors=1 no_honors=1 single_wait=1",
    ),
    (
        "upper_tiles",
        "777m888p999s789s7p 7p",
        {},
        "upper_tiles=24 three_concealed_pungs=16 mixed_shifted_pungs=8 concealed_hand=2 "
        "tile_hog=2 pung_of_terminals_or_honors=1",
    ),
    (
        "middle_tiles",
        "456m456p456s555m6s 6s",
        {},
        "middle_tiles=24 mixed_triple_chow=8 concealed_hand=2 tile_hog=2",
    ),
    (
        "lower_tiles",
        "123m123p123s111m2p 2p",
        {},
        "lower_tiles=24 mixed_triple_chow=8 concealed_hand=2 tile_hog=2 "
        "pung_of_terminals_or_honors=1 closed_wait=1",
    ),
    (
        "pure_straight",
        "123456789m123p5s 5s",
        {},
        "pure_straight=16 concealed_hand=2 all_chows=2 mixed_double_chow=1 single_wait=1",
    ),
    (
        "three_suited_terminal_chows",
        "123789m123789p5s 5s",
        {},
        "three_suited_terminal_chows=16 concealed_hand=2 single_wait=1",
    ),
    (
        "pure_shifted_chows",
        "123345567m999p1s 1s",
        {},
        "pure_shifted_chows=16 concealed_hand=2 pung_of_terminals_or_honors=1 no_honors=1 "
        "single_wait=1",
    ),
    (
        "all_fives",
        "345m456p567s555m5p 5p",
        {},
        "all_fives=16 mixed_shifted_chows=6 concealed_hand=2 tile_hog=2 closed_wait=1",
    ),
    (
        "triple_pung",
        "222m222p222s456m9p 9p",
        {},
        "triple_pung=16 three_concealed_pungs=16 concealed_hand=2 no_honors=1 single_wait=1",
    ),
    (
        "three_concealed_pungs",
        "222m444p666s9p 9p 789m",
        {},
        "three_concealed_pungs=16 no_honors=1 single_wait=1",
    ),
    ("lesser_honors_and_knitted", "147m258p36s12345z 6z", {}, "lesser_honors_and_knitted=12"),
    (
        "lesser_with_knitted_straight",
        "147m258p369s1234z 5z",
        {},
        "lesser_honors_and_knitted=12 knitted_straight=12",
    ),
    (
        "knitted_straight",
        "147m258p369s123s5z 5z",
        {},
        "knitted_straight=12 concealed_hand=2 single_wait=1",
    ),
    (
        "upper_four",
        "666m789p999s678s7m 7m",
        {},
        "upper_four=12 concealed_hand=2 two_concealed_pungs=2 pung_of_terminals_or_honors=1",
    ),
    (
        "lower_four",
        "123m234p444s234s1m 1m",
        {},
        "lower_four=12 concealed_hand=2 tile_hog=2 mixed_double_chow=1",
    ),
    (
        "big_three_winds",
        "111222333z456m9p 9p",
        {},
        "three_concealed_pungs=16 big_three_winds=12 prevalent_wind=2 seat_wind=2 "
        "concealed_hand=2 one_voided_suit=1 single_wait=1",
    ),
    (
        "mixed_straight",
        "123m456p789s555z1s 1s",
        {},
        "mixed_straight=8 dragon_pung=2 concealed_hand=2 single_wait=1",
    ),
    (
        "reversible_tiles",
        "234p456s888s999s5z 5z",
        {},
        "reversible_tiles=8 concealed_hand=2 two_concealed_pungs=2 "
        "pung_of_terminals_or_honors=1 single_wait=1",
    ),
    (
        "mixed_triple_chow",
        "234m234p234s777z9s 9s",
        {},
        "mixed_triple_chow=8 dragon_pung=2 concealed_hand=2 single_wait=1",
    ),
    (
        "mixed_shifted_pungs",
        "222m333p444s789s5z 5z",
        {},
        "three_concealed_pungs=16 mixed_shifted_pungs=8 concealed_hand=2 single_wait=1",
    ),
    ("chicken_hand", "345s78s22z 9s 123m 678p", {}, "chicken_hand=8"),
    (
        "last_tile_draw",
        "345s78s22z 9s 123m 678p",
        {"drawn": True, "wall_last": True},
        "last_tile_draw=8",
    ),
    ("last_tile_claim", "345s78s22z 9s 123m 678p", {"wall_last": True}, "last_tile_claim=8"),
    (
        "out_with_replacement_tile",
        "345s78s22z 9s 123m 6666p",
        {"drawn": True, "after_kong": True},
        "out_with_replacement_tile=8 melded_kong=1",
    ),
    (
        "robbing_the_kong",
        "345s78s22z 9s 123m 678p",
        {"robbing_kong": True, "last_of_kind": True},
        "robbing_the_kong=8",
    ),
    (
        "all_pungs",
        "666s888s9p 9p 222m 444p",
        {},
        "all_pungs=6 two_concealed_pungs=2 no_honors=1 single_wait=1",
    ),
    (
        "half_flush",
        "123m456m777m111z2m 2m",
        {},
        "half_flush=6 prevalent_wind=2 seat_wind=2 concealed_hand=2 two_concealed_pungs=2 "
        "short_straight=1",
    ),
    (
        "mixed_shifted_chows",
        "123m234p345s777z9p 9p",
        {},
        "mixed_shifted_chows=6 dragon_pung=2 concealed_hand=2 single_wait=1",
    ),
    (
        "all_types",
        "123m234p789s111z5z 5z",
        {"seat": "S"},
        "all_types=6 prevalent_wind=2 concealed_hand=2 single_wait=1",
    ),
    (
        "melded_hand",
        "7z 7z 123m 456p 789s 111s",
        {},
        "mixed_straight=8 melded_hand=6 pung_of_terminals_or_honors=1",
    ),
    (
        "two_concealed_kongs",
        "345s78s22z 9s (1111m) (9999p)",
        {},
        "two_concealed_kongs=6 concealed_hand=2 pung_of_terminals_or_honors=2",
    ),
    (
        "two_dragon_pungs",
        "555z666z123m456p9s 9s",
        {},
        "two_dragon_pungs=6 concealed_hand=2 two_concealed_pungs=2 single_wait=1",
    ),
    (
        "outside_hand",
        "123m789m123p999s1z 1z",
        {"seat": "S"},
        "outside_hand=4 concealed_hand=2 mixed_double_chow=1 two_terminal_chows=1 "
        "pung_of_terminals_or_honors=1 single_wait=1",
    ),
    (
        "fully_concealed_hand",
        "345s78s22z123m456p 9s",
        {"drawn": True},
        "mixed_straight=8 fully_concealed_hand=4",
    ),
    (
        "two_melded_kongs",
        "345s78s22z 9s 1111m 2222p",
        {},
        "two_melded_kongs=4 pung_of_terminals_or_honors=1",
    ),
    ("last_tile", "345s78s22z 9s 123m 678p", {"last_of_kind": True}, "last_tile=4"),
    ("dragon_pung", "78s55z 9s 123m 678p 777z", {}, "dragon_pung=2"),
    ("prevalent_wind", "78s55m 9s 123m 678p 222z", {"prevalent": "S"}, "prevalent_wind=2"),
    ("seat_wind", "78s55m 9s 123m 678p 333z", {"seat": "W"}, "seat_wind=2"),
    (
        "both_winds",
        "78s55m 9s 123m 678p 333z",
        {"seat": "W", "prevalent": "W"},
        "prevalent_wind=2 seat_wind=2",
    ),
    ("concealed_hand", "345s78s22z123m456p 9s", {}, "mixed_straight=8 concealed_hand=2"),
    ("all_chows", "345s78s22m123m456p 9s", {}, "mixed_straight=8 concealed_hand=2 all_chows=2"),
    ("tile_hog", "234m345m44m78s 9s 678p", {}, "all_chows=2 tile_hog=2"),
    ("double_pung", "345s78s66z 9s 222m 222p", {}, "double_pung=2"),
    (
        "two_concealed_pungs",
        "111m444p78s22z 9s 567m",
        {},
        "two_concealed_pungs=2 pung_of_terminals_or_honors=1",
    ),
    ("concealed_kong", "345s78s22z 9s 123m (5555p)", {}, "concealed_kong=2"),
    (
        "all_simples",
        "345s78s66m 6s 234m 678p",
        {},
        "all_chows=2 all_simples=2 mixed_double_chow=1 short_straight=1",
    ),
    ("pure_double_chow", "345s78s66z 9s 123m 123m", {}, "pure_double_chow=1 one_voided_suit=1"),
    ("mixed_double_chow", "345s78s66z 9s 123m 345p", {}, "mixed_double_chow=1"),
    ("short_straight", "345s78s66z 9s 123m 456m", {}, "short_straight=1 one_voided_suit=1"),
    (
        "two_terminal_chows",
        "345s78s66z 9s 123m 789m",
        {},
        "mixed_double_chow=1 two_terminal_chows=1 one_voided_suit=1",
    ),
    ("pung_of_terminals_or_honors", "345s78s66z 9s 111m 999p", {}, "pung_of_terminals_or_honors=2"),
    ("melded_kong", "345s78s66z 9s 123m 5555p", {}, "melded_kong=1"),
    ("one_voided_suit", "345s78s66z 9s 123m 567m", {}, "one_voided_suit=1"),
    ("no_honors", "345s78s66m 9s 123m 222p", {}, "no_honors=1"),
    ("all_chows_excludes_no_honors", "345s78s66m 9s 123m 567p", {}, "all_chows=2"),
    (
        "edge_wait",
        "789s12s66z 3s 123m 567p",
        {},
        "mixed_double_chow=1 two_terminal_chows=1 edge_wait=1",
    ),
    ("edge_wait_hidden_second_wait", "345s12s66z 3s 123m 567p", {}, "mixed_double_chow=1"),
    ("closed_wait", "345s13s66z 2s 123m 567p", {}, "mixed_double_chow=1 closed_wait=1"),
    ("single_wait", "345s123s6z 6z 123m 567p", {}, "mixed_double_chow=1 single_wait=1"),
    ("self_drawn", "345s78s22z 9s 123m 678p", {"drawn": True}, "self_drawn=1"),
    ("flower_tiles", "345s78s22z 9s 123m 678p", {"flowers": 3}, "chicken_hand=8 flower_tiles=3"),
    (
        "concealed_and_melded_kong",
        "345s78s22z 9s 1111m (9999p)",
        {},
        "concealed_and_melded_kong=5 pung_of_terminals_or_honors=2",
    ),
]


@pytest.mark.parametrize(
    ("label", "written", "situation", "fans"), GOLDEN, ids=[row[0] for row in GOLDEN]
)
def test_golden_hand(label: str, written: str, situation: dict[str, object], fans: str) -> None:
    assert count_written(written, **situation) == fan_list(fans)


def test_every_fan_counts_in_some_golden_hand() -> None:
    counted = {fan for *_, fans in GOLDEN for fan in fan_list(fans)}
    assert set(FANS) - counted == {"nine_gates"}  # its nine waits: test_tricky.py


LEFT_OUT: dict[str, tuple[str, str]] = {
    # fan left out: (the golden hand, the bigger fan that leaves it out there)
    "big_three_winds": ("big_four_winds", "big_four_winds"),
    "all_pungs": ("big_four_winds", "big_four_winds"),
    "pung_of_terminals_or_honors": ("big_four_winds", "big_four_winds"),
    "prevalent_wind": ("big_four_winds", "big_four_winds"),
    "seat_wind": ("big_four_winds", "big_four_winds"),
    "dragon_pung": ("big_three_dragons", "big_three_dragons"),
    "two_dragon_pungs": ("little_three_dragons", "little_three_dragons"),
    "half_flush": ("all_green", "all_green"),
    "one_voided_suit": ("reversible_tiles", "reversible_tiles"),
    "three_kongs": ("four_kongs", "four_kongs"),
    "seven_pairs": ("seven_shifted_pairs", "seven_shifted_pairs"),
    "full_flush": ("pure_terminal_chows", "pure_terminal_chows"),
    "pure_double_chow": ("pure_terminal_chows", "pure_terminal_chows"),
    "two_terminal_chows": ("pure_terminal_chows", "pure_terminal_chows"),
    "all_chows": ("three_suited_terminal_chows", "three_suited_terminal_chows"),
    "mixed_double_chow": ("three_suited_terminal_chows", "three_suited_terminal_chows"),
    "concealed_hand": ("four_concealed_pungs", "four_concealed_pungs"),
    "fully_concealed_hand": ("four_concealed_pungs_drawn", "four_concealed_pungs"),
    "pure_triple_chow": ("quadruple_chow", "quadruple_chow"),
    "tile_hog": ("quadruple_chow", "quadruple_chow"),
    "pure_shifted_pungs": ("four_pure_shifted_pungs", "four_pure_shifted_pungs"),
    "pure_shifted_chows": ("four_pure_shifted_chows", "four_pure_shifted_chows"),
    "short_straight": ("four_pure_shifted_chows", "four_pure_shifted_chows"),
    "outside_hand": ("all_terminals_and_honors", "all_terminals_and_honors"),
    "double_pung": ("all_terminals", "all_terminals"),
    "all_simples": ("all_even_pungs", "all_even_pungs"),
    "no_honors": ("all_chows_excludes_no_honors", "all_chows"),
    "upper_four": ("upper_tiles", "upper_tiles"),
    "lower_four": ("lower_tiles", "lower_tiles"),
    "lesser_honors_and_knitted": ("greater_honors_and_knitted", "greater_honors_and_knitted"),
    "melded_kong": ("two_melded_kongs", "two_melded_kongs"),
    "concealed_kong": ("two_concealed_kongs", "two_concealed_kongs"),
    "two_concealed_pungs": ("two_concealed_kongs", "two_concealed_kongs"),
    "self_drawn": ("last_tile_draw", "last_tile_draw"),
    "last_tile": ("robbing_the_kong", "robbing_the_kong"),
    "single_wait": ("melded_hand", "melded_hand"),
}


@pytest.mark.parametrize("fan", sorted(LEFT_OUT))
def test_a_bigger_fan_leaves_the_smaller_out(fan: str) -> None:
    label, bigger = LEFT_OUT[fan]
    (fans,) = (row[3] for row in GOLDEN if row[0] == label)
    found = fan_list(fans)
    assert bigger in found
    assert fan not in found
