"""Wins on a kong that cannot happen are refused in every ruleset, never scored.

杠开 draws after a kong of the winner's; 抢杠 takes the fourth tile of an added kong (补杠), so
the kong maker showed the other three and the winner holds only the tile it robs.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import mjcalc
from tests.support.cli import run


def _error(rules: str, **fields: Any) -> mjcalc.models.ErrorOut:
    result = mjcalc.score({"rules": rules, **fields})
    assert not result.ok and result.error is not None, result
    return result.error


@pytest.mark.parametrize("kind", ["exposed", "concealed"])
def test_robbing_a_kong_that_is_not_added_is_refused(kind: str) -> None:
    args = [
        "score", "123m456p789p789s11z", "--win", "2m", "-r", "xingguo", "--jing", "5s",
        "--winner", "S", "--discarder", "W", "--rob-kong", "--kong", f"W={kind}:2m",
        "--jings", "N=0,1", "--json",
    ]  # fmt: skip
    result = run(*args)
    assert result.exit_code == 1
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "invalid_request"
    assert "robs an added kong (补杠) only" in error["message"]
    assert f"W's kong of 2m is {kind}" in error["message"]
    assert error["message_zh"].startswith("抢杠只能抢补杠")


def test_robbing_the_added_kong_is_scored_and_the_robbed_kong_does_not_pay() -> None:
    result = mjcalc.score(
        {
            "rules": "xingguo",
            "hand": "123m456p789p789s11z",
            "win_tile": "2m",
            "jing": "5s",
            "winner": "S",
            "discarder": "W",
            "robbing_kong": True,
            "kongs": [{"seat": "W", "kind": "added", "tile": "2m"}],
            "jings": {"N": [0, 1]},
        }
    )
    assert result.ok, result.error
    assert result.sections["kong"] == {"E": 0, "S": 0, "W": 0, "N": 0}


@pytest.mark.parametrize("rules", ["shanghai", "xingguo"])
def test_robbing_a_tile_the_winner_holds_more_of_is_refused(rules: str) -> None:
    # six 1m: the robbed seat shows three, the winner holds three → refused even with no kong named
    fields = {"hand": "111m222p333s444m55p", "win_tile": "1m", "discarder": "W"}
    if rules == "xingguo":
        fields["jing"] = "9s"
    error = _error(rules, **fields, robbing_kong=True)
    assert error.code == "invalid_request"
    assert "holds 3" in error.message
    assert "胡家手牌里却有 3 张" in (error.message_zh or "")


def test_robbing_the_only_copy_is_scored() -> None:
    result = mjcalc.score(
        {
            "rules": "shanghai",
            "hand": "123m456m789m234m55z",
            "win_tile": "1m",
            "discarder": "W",
            "robbing_kong": True,
        }
    )
    assert result.ok, result.error
    assert result.payments == {"E": 12, "S": 0, "W": -12, "N": 0}


def test_shanghai_win_after_a_kong_needs_a_kong_in_the_hand() -> None:
    result = run("score", "111m222p333s444m55p", "--after-kong", "-r", "shanghai")
    assert result.exit_code == 1
    assert "after_kong (杠开): the winner's hand shows no kong" in result.stderr
    # with the kong shown it is scored: (2 flowers + 1) × 2^3 = 24 → capped at 10 from each
    shown = mjcalc.score(
        {"rules": "shanghai", "hand": "222p333s444m55p (1111m)", "after_kong": True}
    )
    assert shown.ok and shown.payments["E"] == 30
