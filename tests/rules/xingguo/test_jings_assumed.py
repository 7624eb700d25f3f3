"""Forgetting ``--jings``: the other seats count as holding no jing, and mjcalc says so.

With nobody else holding jing, 霸胡 doubles the hu (63 instead of 39 below) and 霸精 the jing
score: a costly silence. The hand is still scored, with a warning naming the seats taken as 0
and a note on the 霸胡 / 霸精 lines; an explicit ``jings`` (even empty) silences it.
"""

from __future__ import annotations

import json
from typing import Any

import mjcalc
from mjcalc.models import Result
from tests.support.cli import run

HAND = {"rules": "xingguo", "hand": "123m456m789p11z234p", "win_tile": "2p", "jing": "5s"}


def _score(**fields: Any) -> Result:
    result = mjcalc.score({**HAND, **fields})
    assert result.ok, result.error
    return result


def _item(result: Result, id: str) -> mjcalc.models.Item:
    return next(i for i in result.items if i.id == id)


def test_no_jings_warns_and_notes_the_bahu_line() -> None:
    result = _score()
    assert result.payments["E"] == 63  # 霸胡 applied: S, W and N were taken as holding none
    assert result.warnings is not None and len(result.warnings) == 1
    warning = result.warnings[0]
    assert "seats S W N are taken as holding no jing" in warning.message
    assert "南、西、北家按没有精计算" in (warning.message_zh or "")
    bahu = _item(result, "bahu")
    assert bahu.detail == "S W N taken as holding no jing (no --jings given)"
    assert bahu.detail_zh == "南、西、北家按无精计（未给 --jings）"


def test_the_winner_is_never_named_and_the_bawang_line_is_noted() -> None:
    # flipped 5s: 正精 5s, 副精 6s. S wins holding three 副精, the only seat said to hold jing
    result = _score(hand="123m456m789p11z666s", win_tile="6s", winner="S")
    assert result.warnings is not None
    assert "seats E W N are taken" in result.warnings[0].message
    bawang = _item(result, "bawang")
    assert bawang.detail is not None and bawang.detail.endswith(
        "; E W N taken as holding no jing (no --jings given)"
    )


def test_given_jings_silence_the_warning_and_change_the_score() -> None:
    given = _score(jings={"N": [0, 1]})
    assert given.warnings is None
    assert given.sections["hu"]["E"] == 39  # no 霸胡 with N holding a 副精
    assert "warnings" not in json.loads(given.to_json())
    # an explicit empty jings says nobody else holds jing: scored the same, without a warning
    none = _score(jings={})
    assert none.warnings is None and none.payments["E"] == 63


def test_the_cli_shows_the_warning_in_both_languages() -> None:
    args = ["score", "123m456m789p11z234p", "--win", "2p", "-r", "xingguo", "--jing", "5s"]
    en = run(*args)
    assert en.exit_code == 0
    assert "S W N taken as holding no jing" in en.stdout
    assert "warning: no jing counts given (--jings)" in en.stderr
    zh = run(*args, "--lang", "zh")
    assert "南、西、北家按无精计" in zh.stdout
    assert "没有给各家的精数" in zh.stderr
    data = json.loads(run(*args, "--json").stdout)
    assert data["warnings"][0]["message"].startswith("no jing counts given")
    quiet = run(*args, "--jings", "N=0,1")
    assert quiet.stderr == ""
