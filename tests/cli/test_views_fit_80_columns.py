"""Every view fits an 80-column terminal, and wraps between phrases, never inside one.

Rendered as a terminal 80 columns wide would show them (Rich's ``TTY_COMPATIBLE``, ``COLUMNS``):
no line is wider than 80 cells, no line starts with the punctuation that ends a Chinese phrase,
and the phrases a narrow column used to split ("黄番 / 1）", "赔 / 300", "抢 / 杠", the English
"Jing over the pass (冲关…" cut short) stay whole on one line.
"""

from __future__ import annotations

import re

import pytest

from mjcalc.render.phrases import Phrases, phrases, wrap_phrases
from mjcalc.render.text import text_width
from tests.support.cli import run

TERMINAL_80 = {"TTY_COMPATIBLE": "1", "COLUMNS": "80", "NO_COLOR": "1"}
ANSI = re.compile(r"\x1b\[[0-9;]*m")
PHRASE_END = "，；。、：）"

JING = "-r xingguo --jing 5s --jings N=0,1"
CHONGGUAN = f"score 5s5s5s6s6s6s123m456p11z --win 1z {JING}"
ROB = "score 123m456m789m234m55z --win 1m -r shanghai --discarder W --rob-kong --liable N"
VIEWS: list[tuple[str, str]] = [
    ("score en 冲关", CHONGGUAN),
    ("score zh 冲关", f"{CHONGGUAN} --lang zh"),
    ("score en jings warning", "score 123m456p789s11z234m -r xingguo --jing 1m"),
    ("score shanghai 抢杠", ROB),
    ("score shanghai zh", f"{ROB} --lang zh"),
    ("waits zh 精吊", f"waits 11m33m55p77p99p22z5s {JING} --lang zh"),
    ("waits en 精吊", f"waits 11m33m55p77p99p22z5s {JING}"),
    ("waits zh refused", f"waits 123m456p789s7s11z5s {JING} --lang zh"),
    ("waits zh used up", "waits 2344555569999m -r shanghai --lang zh"),
    ("waits big crane", "waits [111m] [222m] [333m] [444m] 5m -r shanghai"),
    ("session zh", "session docs/examples/sitting.jsonl --lang zh"),
    ("session en", "session docs/examples/sitting.jsonl"),
    ("rules zh", "rules xingguo --lang zh"),
    ("rules en", "rules shanghai"),
]


def shown_at_80(command: str) -> list[str]:
    out = run(*command.split(), env=TERMINAL_80)
    assert out.exit_code == 0, out.output
    return [ANSI.sub("", line).rstrip() for line in out.stdout.splitlines()]


@pytest.mark.parametrize("command", [c for _, c in VIEWS], ids=[name for name, _ in VIEWS])
def test_every_view_fits_80_columns_and_no_line_starts_mid_phrase(command: str) -> None:
    lines = shown_at_80(command)
    assert len(lines) > 5
    assert max(text_width(line) for line in lines) <= 80
    for line in lines:
        assert not line.strip() or line.strip()[0] not in PHRASE_END, line


@pytest.mark.parametrize(
    ("command", "whole"),
    [
        ("session docs/examples/sitting.jsonl --lang zh", ["黄番 1）", "赔 300", "服务费每家 5"]),
        (VIEWS[0][1], ["Jing over the pass 冲关", "9 → 9 × 6 = 54 from each"]),
        (VIEWS[5][1], ["不能抓德国点炮或抢杠"]),
        ("rules xingguo --lang zh", ["（牌局记录用）"]),
    ],
)
def test_phrases_a_narrow_column_used_to_split_stay_whole(command: str, whole: list[str]) -> None:
    lines = shown_at_80(command)
    for phrase in whole:
        assert any(phrase in line for line in lines), (phrase, lines)


def test_phrases_break_after_chinese_punctuation_only() -> None:
    text = "黄庄（待开宝 1，黄番 1）；服务费每家 5"
    assert phrases(text, "zh") == ["黄庄", "（待开宝 1，", "黄番 1）；", "服务费每家 5"]
    lines = [text[a:b] for a, b in wrap_phrases(text, 20, "zh")]
    assert lines == ["黄庄（待开宝 1，", "黄番 1）；", "服务费每家 5"]
    # English breaks at spaces too; a bracket starts a phrase
    assert phrases("Jing over (冲关) x", "en") == ["Jing ", "over ", "(冲关) ", "x"]


def test_a_phrase_wider_than_the_line_is_broken_but_never_loses_a_character() -> None:
    text = "有精平胡只能自摸，不能胡点炮或抢杠（有精平胡不能抓点炮）"
    lines = [text[a:b] for a, b in wrap_phrases(text, 16, "zh")]
    assert "".join(lines) == text
    assert all(text_width(line) <= 16 for line in lines)
    assert not any(line[0] in PHRASE_END for line in lines)  # "，" goes down with its character


def test_phrases_measure_their_widest_phrase() -> None:
    from rich.console import Console

    console = Console(width=80, color_system=None)
    measured = Phrases("服务费每家 5；黄番 1", "zh").__rich_measure__(console, console.options)
    assert (measured.minimum, measured.maximum) == (text_width("服务费每家 5；"), 20)
