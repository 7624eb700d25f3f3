"""A request's numbers, types and tables have limits: out of them is one ``invalid_request`` (or a
usage error on the command line), never an exception, a hang or a huge computation.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from mjcalc import score
from tests.support.cli import run
from tests.support.worked import (
    SCORE_ARGS,
    SHANGHAI,
    SHANGHAI_PAYMENTS,
    XINGGUO,
    XINGGUO_PAYMENTS,
    error_code,
)


def test_the_shared_requests_score_as_worked_out() -> None:
    assert score(XINGGUO).payments == XINGGUO_PAYMENTS
    assert score(SHANGHAI).payments == SHANGHAI_PAYMENTS


# --- numbers and types: bounded and strict --------------------------------------------------------


@pytest.mark.parametrize(
    "fields",
    [
        {"kaibao": 20_000},
        {"huangfan": 65},
        {"kaibao": "3"},
        {"kaibao": 1.0},
        {"flowers": 9},
        {"flowers": True},
        {"self_draw": "yes"},
        {"after_kong": 1},
        {"options": {"stake": 10**4000}},
        {"options": {"lezi": 10**50}},
        {"options": {"lezi": "5"}},
        {"options": {"stake": True}},
        {"options": {"base": -1}},
        {"options": {"fee": 1001}},
        {"liable": ["S", "W", "N", "S"]},
        {"hand": "1m" * 200},
        {"win_tile": "1m" * 20},
        {"options": {f"o{i}": 1 for i in range(65)}},
    ],
)
def test_shanghai_numbers_and_types_out_of_bounds(fields: dict[str, Any]) -> None:
    assert error_code({**SHANGHAI, **fields}) == "invalid_request"


@pytest.mark.parametrize(
    "fields",
    [
        {"follow_dealer": 10**100},
        {"follow_dealer": 2.0},
        {"follow_dealer": 65},
        {"heavenly": 1},
        {"earthly": "true"},
        {"jings": {"S": ["1", "0"]}},
        {"jings": {"S": [True, 0]}},
        {"jings": {"S": [4, 0]}},  # 3 正精 are in play at most
        {"jings": {"S": [0, 5]}},
        {"jings": {"S": [1]}},
        {"options": {"kong_score": 10**40}},
        {"options": {"stake": 0}},
        {"options": {"deguo_bonus": True}},
        {"jing": "9s" * 10},
        {"rules": "x" * 5000},
    ],
)
def test_xingguo_numbers_and_types_out_of_bounds(fields: dict[str, Any]) -> None:
    assert error_code({**XINGGUO, **fields}) == "invalid_request"


def test_the_largest_values_still_score() -> None:
    # stake 1000 multiplies every section: E +51 × 1000
    result = score({**XINGGUO, "follow_dealer": 0, "options": {"stake": 1000}})
    assert result.payments == {seat: 1000 * n for seat, n in XINGGUO_PAYMENTS.items()}
    # kaibao 64: any 开宝 fan reaches 2 勒子, which the 清碰 share already is: still 20 each
    assert score({**SHANGHAI, "kaibao": 64, "huangfan": 64}).payments == SHANGHAI_PAYMENTS
    # a JSON array is still the [正, 副] pair of jings
    assert score({**XINGGUO, "jings": {"S": [0, 0]}}).ok


def test_huge_counts_on_the_command_line_are_usage_errors() -> None:
    for flag in ("--kaibao", "--huangfan"):
        out = run("score", "11122233344455m", "-r", "shanghai", flag, "10000000000")
        assert out.exit_code == 2, out.output
    out = run(
        "score", "123m456p789s11z 234m", "-r", "xingguo", "--jing", "9s", "--follow-dealer", "65"
    )
    assert out.exit_code == 2


def test_an_option_given_as_a_huge_or_deep_value_on_the_command_line() -> None:
    for value in ("9" * 5000, "[" * 5000):
        out = run("score", "11122233344455m", "-r", "shanghai", "-o", f"lezi={value}", "--json")
        assert out.exit_code == 1
        assert json.loads(out.stdout)["error"]["code"] == "invalid_request"


# --- impossible tables and ambiguous flags --------------------------------------------------------


@pytest.mark.parametrize(
    "kongs",
    [
        [{"seat": "S", "kind": "exposed", "tile": "1z"}],  # the winner holds 1z 1z
        [
            {"seat": "S", "kind": "exposed", "tile": "7z"},
            {"seat": "W", "kind": "added", "tile": "7z"},
        ],
        [{"seat": "S", "kind": "concealed"}] * 5,  # five kongs for one seat
        [{"seat": "S", "kind": "concealed", "tile": "1f"}],  # a kong of a flower (found by fuzzing)
    ],
)
def test_impossible_tables_are_invalid_requests(kongs: list[dict[str, str]]) -> None:
    assert error_code({**XINGGUO, "kongs": kongs}) == "invalid_request"


def test_a_robbed_kong_shares_its_tile_with_the_winner() -> None:
    # W added 4m to its pung and E robbed it: the 4m in E's hand is the kong's fourth tile.
    # hu: 平胡 with the jing at face value, as a discard by W: W's share 1 × 2 discarder × 2
    # dealer (E) × 2 抢杠 × 2 德国 = 16, S's and N's 1 × 2 dealer × 2 抢杠 × 2 德国 = 8 each;
    # the kong maker pays all three shares and the 德国 reward once: 16 + 8 + 8 + 5 = 37.
    kong = {"seat": "W", "kind": "added", "tile": "4m"}
    result = score({**XINGGUO, "discarder": "W", "robbing_kong": True, "kongs": [kong]})
    assert result.ok, result.error
    assert result.sections["hu"] == {"E": 37, "S": 0, "W": -37, "N": 0}


@pytest.mark.parametrize(
    "flags",
    [
        ["--jings", "S=1"],
        ["--jings", "S=1,0", "--jings", "s=0,1"],
        ["--xianggong", "S=big", "--xianggong", "S=small"],
    ],
)
def test_ambiguous_per_seat_flags_are_usage_errors(flags: list[str]) -> None:
    out = run(*SCORE_ARGS, *flags)
    assert out.exit_code == 2
    assert "--" in out.stderr
