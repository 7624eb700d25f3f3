"""A Guobiao hand through ``mjcalc score``: the situation checked, the 8-fan minimum
(``below_minimum``), the items and the payments worked by hand, in JSON and in both languages."""

from __future__ import annotations

import json

import pytest

from mjcalc.rules.guobiao.ruleset import seat_wind
from mjcalc.tiles import EAST, NORTH, SOUTH, WEST
from tests.rules.guobiao.helpers import (
    CHOWS,
    CHOWS_FAN,
    PAIRS,
    PAIRS_OFF,
    error_of,
    fan_items,
    score,
)
from tests.support.cli import run

ROBBED = "123m345p56s789s22p4s"  # a 4s robbed: no other 4s in the hand

# --- the payments -------------------------------------------------------------------------------


def test_off_a_discard_the_discarder_pays_base_and_fan_the_others_the_base() -> None:
    result = score(PAIRS, winner="S", discarder="W")
    assert result.ok, result.error
    assert fan_items(result) == {"seven_pairs": PAIRS_OFF}
    # W pays 8 + 24 = 32; E and N 8 each: S gets 48
    assert result.payments == {"E": -8, "S": 48, "W": -32, "N": -8}
    assert sum(result.payments.values()) == 0
    assert all(sum(section.values()) == 0 for section in result.sections.values())


def test_self_drawn_each_of_the_three_pays_base_and_fan() -> None:
    result = score(PAIRS, winner="S")
    assert fan_items(result) == {"seven_pairs": 24, "self_drawn": 1}
    # 8 + 25 = 33 from each: S gets 99
    assert result.payments == {"E": -33, "S": 99, "W": -33, "N": -33}


def test_flowers_count_in_the_payment_but_not_in_the_minimum() -> None:
    result = score(PAIRS + " 1f 2f", winner="S", discarder="W")
    assert fan_items(result) == {"seven_pairs": 24, "flower_tiles": 2}
    assert result.payments == {"E": -8, "S": 50, "W": -34, "N": -8}  # 8 + 26
    flowers = next(i for i in result.items if i.id == "flower_tiles")
    assert (flowers.fan, flowers.count) == (2, 2)


def test_the_base_and_the_stake_are_options() -> None:
    result = score(PAIRS, winner="S", discarder="W", options={"base": 5, "stake": 2})
    assert result.payments == {"E": -10, "S": 78, "W": -58, "N": -10}  # (5 + 24) × 2, 5 × 2


def test_every_fan_is_an_item_with_its_names_and_the_rest_carry_no_fan() -> None:
    result = score(PAIRS, winner="S", discarder="W")
    first = result.items[0]
    assert (first.id, first.zh, first.en, first.fan) == ("seven_pairs", "七对", "Seven Pairs", 24)
    assert first.count is None
    rest = [i.id for i in result.items if i.fan is None]
    assert rest == ["total", "base", "discarder_pays"]
    assert sum(i.fan for i in result.items if i.fan) == PAIRS_OFF
    assert result.pattern is not None and result.pattern.id == "seven_pairs"


# --- the minimum --------------------------------------------------------------------------------


def test_a_winning_shape_under_eight_fan_is_below_minimum_with_its_items() -> None:
    result = score(CHOWS, winner="S", discarder="W")
    code, message = error_of(result)
    assert code == "below_minimum"
    assert message.startswith("4 fan (") and "minimum of 8 fan" in message
    assert result.error is not None and result.error.message_zh is not None
    assert "不够 8 番起和" in result.error.message_zh
    items = result.error.items or []
    assert {i.id: i.fan for i in items} == CHOWS_FAN
    assert not result.payments


def test_flowers_do_not_lift_a_hand_to_the_minimum() -> None:
    result = score(CHOWS + " 1f 2f 3f 4f", winner="S", discarder="W")
    assert error_of(result)[0] == "below_minimum"
    assert result.error is not None and result.error.items is not None
    assert {i.id for i in result.error.items} >= {"flower_tiles"}


def test_the_minimum_is_an_option() -> None:
    result = score(CHOWS, winner="S", discarder="W", options={"minimum": 4})
    assert result.ok and fan_items(result) == CHOWS_FAN


def test_no_winning_shape_is_not_winning() -> None:
    assert error_of(score("123m345p56s789s23p7s"))[0] == "not_winning"


# --- the situation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("winner", "dealer", "wind"),
    [("E", "E", EAST), ("S", "E", SOUTH), ("N", "E", NORTH), ("E", "S", NORTH), ("W", "N", NORTH)],
)
def test_seat_winds_follow_the_dealer(winner: str, dealer: str, wind: int) -> None:
    assert seat_wind(winner, dealer) == wind  # type: ignore[arg-type]
    assert seat_wind("N", "W") == SOUTH and seat_wind("S", "S") == EAST
    assert seat_wind("W", "E") == WEST


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"discarder": "W", "after_kong": True}, "self-draw"),
        ({"after_kong": True}, "kong"),
        ({"robbing_kong": True}, "discarder"),
        (
            {"hand": ROBBED, "discarder": "W", "robbing_kong": True, "last_tile_of_wall": True},
            "last tile",
        ),
        ({"discarder": "W", "last_of_kind": True, "win_tile": "1m"}, "2 concealed × 1m"),
        ({"prevalent": "X"}, "prevalent"),
        ({"last_of_kind": "yes"}, "last_of_kind"),
    ],
)
def test_impossible_situations_are_refused_with_the_reason(
    fields: dict[str, object], words: str
) -> None:
    request = {"hand": PAIRS, "winner": "S", **fields}
    code, message = error_of(score(**request))  # type: ignore[arg-type]
    assert code == "invalid_request"
    assert words in message


def test_a_robbed_kong_s_tile_cannot_be_one_the_hand_holds() -> None:
    code, message = error_of(score(PAIRS, winner="S", discarder="W", robbing_kong=True))
    assert code == "invalid_request" and "4z" in message


def test_robbing_a_kong_counts_no_last_of_kind_and_says_so() -> None:
    result = score(ROBBED, winner="S", discarder="W", robbing_kong=True, last_of_kind=True)
    assert result.ok, result.error
    assert "robbing_the_kong" in fan_items(result)
    assert "last_tile" not in fan_items(result)
    assert result.warnings and "和绝张" in (result.warnings[0].message_zh or "")


def test_a_flower_is_no_winning_tile() -> None:
    code, _ = error_of(score(PAIRS + " 1f", win_tile="1f"))
    assert code in ("invalid_request", "invalid_hand")


# --- the command line ---------------------------------------------------------------------------


def test_the_score_json_of_a_hand() -> None:
    out = run("score", PAIRS, "-r", "guobiao", "--winner", "S", "--discarder", "W", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["ok"] and data["rules"] == "guobiao"
    assert data["items"][0] == {
        "id": "seven_pairs",
        "zh": "七对",
        "en": "Seven Pairs",
        "effect": "24 fan",
        "fan": 24,
        "effect_zh": "24 番",
    }
    assert data["payments"] == {"E": -8, "S": 48, "W": -32, "N": -8}


def test_the_flags_fill_the_request() -> None:
    out = run("score", PAIRS, "-r", "guobiao", "--prevalent", "S", "--last-tile-of-wall", "--json")
    data = json.loads(out.stdout)
    assert "last_tile_draw" in {i["id"] for i in data["items"]}
    # 妙手回春 8 beside 七对 24 (it holds the 自摸): 8 + 32 from each of the three
    assert data["payments"] == {"E": 120, "S": -40, "W": -40, "N": -40}


def test_below_minimum_on_the_command_line_in_both_languages() -> None:
    out = run("score", CHOWS, "-r", "guobiao", "--discarder", "W")
    assert out.exit_code == 1
    assert "error [below_minimum]: 4 fan (" in out.stderr
    zh = run("score", CHOWS, "-r", "guobiao", "--discarder", "W", "--lang", "zh")
    assert "错误（不够起和番）：4 番（" in zh.stderr
    data = json.loads(run("score", CHOWS, "-r", "guobiao", "--discarder", "W", "--json").stdout)
    assert data["error"]["code"] == "below_minimum"
    assert {i["id"] for i in data["error"]["items"]} == set(CHOWS_FAN)


def test_the_breakdown_in_chinese() -> None:
    out = run("score", PAIRS, "-r", "guobiao", "--discarder", "W", "--lang", "zh")
    assert out.exit_code == 0, out.output
    assert "七对" in out.stdout and "24 番" in out.stdout
