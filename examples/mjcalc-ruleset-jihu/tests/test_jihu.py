"""The 鸡胡 ruleset, installed beside mjcalc, scored through mjcalc's own API.

Run where both are installed: ``pip install <mjcalc> './examples/mjcalc-ruleset-jihu[test]'``,
then ``pytest examples/mjcalc-ruleset-jihu``. Every amount is worked out by hand beside it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import mjcalc
import pytest
from mjcalc.models import Result
from mjcalc.rules.plugins import plugins
from mjcalc.rules.registry import load_rules


def score(hand: str, **fields: Any) -> Result:
    return mjcalc.score({"rules": "jihu", "hand": hand, **fields})


def fans(result: Result) -> dict[str, int]:
    return {item.id: item.fan for item in result.items if item.fan is not None}


def test_mjcalc_finds_the_plugin() -> None:
    assert "jihu" in plugins()
    assert load_rules("jihu").ruleset.name == "jihu"


def test_a_full_flush_off_a_discard_is_paid_by_the_discarder_alone() -> None:
    # 清一色 6 (an exposed chow: no 门前清) → 1 × 2^6 = 64, from S alone
    result = score("123m456m789m55m [234m]", discarder="S")
    assert result.ok, result.error
    assert result.pattern is not None and result.pattern.id == "full_flush"
    assert fans(result) == {"full_flush": 6}
    assert result.payments == {"E": 64, "S": -64, "W": 0, "N": 0}


def test_a_self_drawn_win_is_paid_by_each_other_seat() -> None:
    # 自摸 1 + 清一色 6 = 7 fan → 128 from each of S, W, N
    result = score("123m456m789m55m [234m]")
    assert result.payments == {"E": 384, "S": -128, "W": -128, "N": -128}


def test_a_bare_chicken_hand_wins_one_base_unless_the_table_asks_for_more() -> None:
    result = score("123m456p234s55s [789s]", discarder="S")
    assert result.pattern is not None and result.pattern.id == "chicken_hand"
    assert result.payments == {"E": 1, "S": -1, "W": 0, "N": 0}
    refused = score("123m456p234s55s [789s]", discarder="S", options={"min_fan": 1})
    assert refused.error is not None and refused.error.code == "illegal_win"
    assert "min_fan" in refused.error.message


def test_seven_pairs_are_concealed() -> None:
    # 门前清 1 + 七对 4 = 5 fan → 32
    result = score("1122m3344p5566s77z", discarder="W")
    assert fans(result) == {"concealed": 1, "seven_pairs": 4}
    assert result.payments["W"] == -32


def test_the_seat_wind_follows_the_dealer_and_the_round_wind_is_a_request_field() -> None:
    # W's seat wind is South when S deals (S sits East, W South): 门风 1 → 2
    hand = "123m456p789s55s [222z]"
    assert score(hand, winner="W", dealer="S", discarder="N").payments["W"] == 2
    assert score(hand, winner="W", dealer="E", discarder="N").payments["W"] == 1
    # South round: the 222z pung is 圈风 for any winner
    result = score(hand, winner="W", discarder="N", round_wind="S")
    assert fans(result) == {"round_wind": 1}


def test_all_honors_is_capped_at_max_fan() -> None:
    # 门前清 1 + 字一色 10 + 门风 1 + 圈风 1 (S wins in the South round) = 13, paid as 8: 256
    result = score("111z222z333z444z55z", winner="S", discarder="E", round_wind="S")
    assert result.payments == {"E": -256, "S": 256, "W": 0, "N": 0}
    assert [item.id for item in result.items][-3:] == ["max_fan", "share", "discard"]


@pytest.mark.parametrize(
    ("hand", "fields", "code"),
    [
        ("123m456p789s13579m", {}, "not_winning"),
        ("123m456p789s55s [234m]", {"after_kong": True}, "invalid_request"),
        ("123m456p789s55s [234m]", {"round_wind": "X"}, "invalid_request"),
        ("123m456p789s55s [234m]", {"options": {"max_fan": 99}}, "invalid_request"),
    ],
)
def test_refusals_have_the_documented_codes(hand: str, fields: dict[str, Any], code: str) -> None:
    result = score(hand, **fields)
    assert result.error is not None and result.error.code == code
    assert result.error.message_zh


def test_a_house_rule_is_one_line_of_toml(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('ruleset = "jihu"\n[options]\nmin_fan = 3\n', encoding="utf-8")
    result = mjcalc.score({"rules": str(house), "hand": "1122m3344p5566s77z"})
    assert result.ok  # 自摸 1 + 门前清 1 + 七对 4 = 6 ≥ 3
    chicken = mjcalc.score({"rules": str(house), "hand": "123m456p234s55s [789s]"})
    assert chicken.error is not None and chicken.error.code == "illegal_win"


def test_the_tables_are_built_by_the_evaluator() -> None:
    loaded = load_rules("jihu")
    fan_table, pay_table = loaded.ruleset.tables(loaded.options({"fan_all_pungs": 2}))
    assert ["碰碰胡", "All pungs", "2"] in [row[:3] for row in fan_table.rows]
    assert pay_table.rows[3] == ["3", "8", "8", "+24"]


def test_a_penalty_is_a_session_line_of_the_ruleset_s_own() -> None:
    header = '{"session": {"rules": "jihu"}}'
    lines = [header, "penalty W 10", "罚分 南 3", '{"event": "penalty", "seat": "N", "amount": 1}']
    *records, summary = (json.loads(item.to_json()) for item in mjcalc.replay(lines))
    assert [r["event"] for r in records] == ["penalty"] * 3
    # the seat pays the amount to each other seat
    assert records[0]["payments"] == {"E": 10, "S": 10, "W": -30, "N": 10}
    assert records[1]["penalty"] == {"seat": "S", "amount": 3}
    assert summary["summary"]["totals"] == {"E": 14, "S": 2, "W": -26, "N": 10}
    (bad, _) = mjcalc.replay([header, "penalty W 101"])
    assert not bad.ok and "less than or equal to 100" in bad.error.message
