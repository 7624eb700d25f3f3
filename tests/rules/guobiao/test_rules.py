"""``mjcalc rules guobiao``: every fan of the table with its value, and the payments, in both
languages; the ruleset is listed beside the others."""

from __future__ import annotations

import json

from mjcalc.rules.guobiao.fan.table import FANS
from tests.support.cli import run


def test_every_fan_is_listed_with_its_value() -> None:
    out = run("rules", "guobiao")
    assert out.exit_code == 0, out.output
    for spec in FANS.values():
        assert spec.id in out.stdout and spec.en in out.stdout
    assert "A 番 the 81 fan" in out.stdout and "B payments" in out.stdout
    assert "off a discard, 8 fan" in out.stdout


def test_the_listing_in_chinese() -> None:
    out = run("rules", "guobiao", "--lang", "zh")
    assert out.exit_code == 0, out.output
    assert "番种表" in out.stdout and "七星不靠" in out.stdout and "底分 8" in out.stdout


def test_the_tables_in_json() -> None:
    out = run("rules", "guobiao", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    text = json.dumps(data, ensure_ascii=False)
    assert "seven_pairs" in text and "七对" in text
    assert "false_win_penalty" in text and "rounds" in text


def test_the_payments_follow_the_options() -> None:
    out = run("rules", "guobiao", "-o", "base=5")
    assert "base 5" in out.stdout


def test_guobiao_is_listed_beside_the_others() -> None:
    out = run("rules")
    assert "guobiao" in out.stdout and "nanchang" in out.stdout
