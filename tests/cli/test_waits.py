"""``mjcalc waits`` on the command line: flags, exit codes, JSON, and the text view (80 columns,
plain when piped, one line for a wait on every tile). ``mjcalc score`` on 13 tiles points here."""

from __future__ import annotations

import io
import json
import re

import jsonschema
import pytest
from click.testing import CliRunner, Result

from mjcalc.app.waits import analyse
from mjcalc.cli import cli
from mjcalc.render.text import Lang, text_width
from tests.support.cli import CLEAN_ENV

COLUMNS = 80
LANGS: tuple[Lang, ...] = ("en", "zh")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    runner = CliRunner(env={**CLEAN_ENV, **(env or {})})
    return runner.invoke(cli, list(args), prog_name="mjcalc")


def assert_fits(output: str) -> None:
    for line in output.splitlines():
        assert text_width(line) <= COLUMNS, line
        assert line == line.rstrip()
        assert "\x1b" not in line  # plain when piped


def test_json_answer_and_exit_status() -> None:
    out = run("waits", "1112345678999m", "-r", "shanghai", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    # 九莲宝灯 shape: waits on all nine 万 tiles
    assert data["shanten"] == 0
    assert sorted(w["tile"] for w in data["waits"]) == [f"{r}m" for r in range(1, 10)]
    assert "discards" not in data
    jsonschema.validate(data, json.loads(run("schema", "waits").stdout))


def test_context_flags_reach_the_request() -> None:
    # winner S, dealer W: off W's discard the dealer pays; S self-draws a 清一色 — 10 each
    out = run(
        "waits", "1112345678999m", "-r", "shanghai", "--winner", "S", "--dealer", "W", "--json"
    )
    data = json.loads(out.stdout)
    assert data["winner"] == "S" and data["dealer"] == "W"
    two = next(w for w in data["waits"] if w["tile"] == "2m")
    assert set(two["discard"]) == {"W", "N", "E"}
    assert two["self_draw"]["payments"] == {"E": -10, "S": 30, "W": -10, "N": -10}


def test_win_tile_flags_are_not_options_of_waits() -> None:
    said = (
        "so none of --self-draw, --discarder, --win, --after-kong, --rob-kong is one of its flags"
    )
    for flag in ("--discarder", "--self-draw", "--win", "--rob-kong", "--after-kong"):
        args = [flag, "S"] if flag in ("--discarder", "--win") else [flag]
        out = run("waits", "1112345678999m", "-r", "shanghai", *args)
        assert out.exit_code == 2, flag
        assert f"Error: waits takes no {flag}: it prices every tile both self-drawn" in out.stderr
        assert said in out.stderr
        assert "--dealer" not in out.stderr  # not offered as what --discarder was meant to be
    out = run("waits", "1112345678999m", "--discarder", "S", "--lang", "zh")
    assert "错误：waits 没有 --discarder 选项：它把每张牌按自摸和别家点炮都算一遍价" in out.stderr
    help_text = run("waits", "--help").stdout
    assert "--jing" in help_text and "--winner" in help_text
    assert "--discarder" not in help_text and "--win " not in help_text


def test_errors_exit_1_with_one_message() -> None:
    out = run("waits", "1112345678999m12p", "-r", "shanghai")
    assert out.exit_code == 1
    assert out.stdout == ""
    assert out.stderr.startswith("error [invalid_hand]: 15 tiles; waits takes 13")
    assert "Traceback" not in out.output
    out = run("waits", "1112345678999m", "-r", "shanghai", "--json", "--jings", "S=1,0")
    assert out.exit_code == 1
    assert json.loads(out.stdout)["error"]["code"] == "invalid_request"
    assert run("waits", "1112345678999m").exit_code == 2  # no ruleset: usage error


def test_text_view_of_a_ready_hand() -> None:
    out = run("waits", "1112345678999m", "-r", "shanghai")
    assert out.exit_code == 0
    lines = out.stdout.splitlines()
    assert lines[1] == "1112345678999m"
    assert lines[4] == "Ready: waits on 9 kinds of tile, 23 tiles left"
    assert lines[5].split() == ["tile", "left", "pattern", "self-draw", "off", "S", "off", "W",
                                "off", "N"]  # fmt: skip
    # every row: 清一色, +30 self-drawn (10 from each), +10 off each discard; 3 left but 1m / 9m
    rows = [line.split() for line in lines[7:16]]
    assert [r[1] for r in rows] == ["2m", "3m", "4m", "5m", "6m", "7m", "8m", "1m", "9m"]
    assert all(r[2:] == [r[2], "清一色", "+30", "+10", "+10", "+10"] for r in rows)
    assert [r[2] for r in rows] == ["3"] * 7 + ["1", "1"]
    assert_fits(out.stdout)


def test_wait_on_every_tile_is_one_line() -> None:
    # 4 sets + a lone 9p jing: 34 waits; 9p (2 left, +87) and 1p (4 left, +42) pay differently,
    # the 32 others alike (+36): one row for them, with 32 × 4 − the 12 held = 116 copies left;
    # 116 + 2 + 4 = 122 in all (see tests/app/test_waits.py for the amounts).
    out = run("waits", "123m456p789s123s9p", "-r", "xingguo", "--jing", "9p")
    assert out.exit_code == 0
    lines = out.stdout.splitlines()
    assert lines[4] == "Waits on every tile (a lone wild: 精吊 structure), 122 tiles left"
    body = [line.split() for line in lines[7:]]
    assert body[0][:4] == ["🀡", "9p", "2", "平胡"] and body[0][4] == "+87"
    assert body[1][:4] == ["🀙", "1p", "4", "平胡"] and body[1][4] == "+42"
    assert body[2][:6] == ["any", "other", "(32", "kinds)", "116", "平胡"]
    assert body[2][6:] == ["+36", "—", "—", "—"]
    assert len([b for b in body if b and b[-1] == "—"]) == 3  # three rows, not 34
    assert any("self-draw" in line for line in lines[10:])  # the refusal, wrapped
    assert_fits(out.stdout)


def test_discards_view_fits_in_both_languages() -> None:
    for lang in ("en", "zh"):
        out = run("waits", "19m19p19s123456z5p7z", "-r", "xingguo", "--jing", "5s", "--lang", lang)
        assert out.exit_code == 0
        assert_fits(out.stdout)
    out = run("waits", "1112345678999m5p", "-r", "shanghai")
    assert "Discard 🀝 5p: waits on 9 kinds, 23 left, value 690" in out.stdout
    out = run("waits", "1112345678999m5p", "-r", "shanghai", "--lang", "zh")
    assert "打 🀝 5p：听 9 种，剩 23 张，价值 690" in out.stdout


def test_not_ready_view() -> None:
    out = run("waits", "123m456p789s11z23m", "-r", "shanghai")
    assert out.exit_code == 0
    assert "Not ready: shanten 5 (5 tile changes from ready)" in out.stdout
    assert_fits(out.stdout)


def test_score_on_thirteen_tiles_suggests_waits() -> None:
    out = run("score", "1112345678999m", "-r", "shanghai")
    assert out.exit_code == 1
    assert out.stderr.splitlines() == [
        "error [invalid_hand]: 13 tiles; a winning hand has 14",
        "hint: a hand that waits for its winning tile: `mjcalc waits` lists what it waits on",
    ]
    out = run("score", "111234567899m", "-r", "shanghai")  # 12 tiles: no such hint
    assert "mjcalc waits" not in out.stderr


def test_a_hand_that_can_never_win_says_so() -> None:
    out = run("waits", "123s4s11z7z [123m] [456p]", "-r", "shanghai")
    assert out.exit_code == 0
    assert "This hand can never win under these rules" in out.stdout
    assert_fits(out.stdout)


# --- every view on a forced 80-column terminal, and the Chinese view all in Chinese ----------

VIEWS = [
    ("123m456p789s123s9p", "xingguo", "9p"),  # 精吊: waits on every tile, one merged row
    ("123m456p789s11z4m9p", "xingguo", "9p"),  # 有精平胡 refusals
    ("1p755m2s96m2p4m3p8m1s6m1s", "xingguo", "1s"),  # 何切: complete, 11 any-tile discards
    ("19m19p19s123456z5p7z", "xingguo", "5s"),  # 何切 of 七星十三烂
    ("1112345678999m5p", "shanghai", None),  # 何切 of 九莲
    ("1112345678999m", "shanghai", None),  # ready: nine waits
    ("123m456p789s11z23m", "shanghai", None),  # not ready
    ("13579m2468p1357s9s", "xingguo", "1z"),  # far from ready: discards keeping the shanten
    ("119m5z [123p] [456s] [789m]", "shanghai", None),  # can never win
]
ALLOWED_LATIN = re.compile(r"\b(?:\d+[mpsz]|xingguo|shanghai|mjcalc score)\b")
"""Latin text a Chinese view may keep: tile codes, the ruleset's name, a command to type."""


def terminal_view(hand: str, rules: str, jing: str | None, lang: Lang) -> list[str]:
    """The text view as an 80-column terminal shows it (colour codes removed)."""
    from mjcalc.render.console import make_console
    from mjcalc.render.waits import render_waits

    request: dict[str, object] = {"rules": rules, "hand": hand}
    if jing:
        request["jing"] = jing
    result = analyse(request)
    assert result.ok, result.error
    screen = io.StringIO()
    console = make_console(file=screen, force_terminal=True)
    console.width = COLUMNS
    render_waits(result, console, lang)
    return ANSI.sub("", screen.getvalue()).splitlines()


@pytest.mark.parametrize(("hand", "rules", "jing"), VIEWS)
def test_every_view_fits_an_80_column_terminal(hand: str, rules: str, jing: str | None) -> None:
    for lang in LANGS:
        lines = terminal_view(hand, rules, jing, lang)
        assert len(lines) > 3
        for line in lines:
            assert text_width(line) <= COLUMNS, (lang, line)


@pytest.mark.parametrize(("hand", "rules", "jing"), VIEWS)
def test_the_chinese_view_has_no_english_words(hand: str, rules: str, jing: str | None) -> None:
    for line in terminal_view(hand, rules, jing, "zh"):
        words = re.findall(r"[A-Za-z]{2,}", ALLOWED_LATIN.sub("", line))
        assert not words, line


def test_the_pattern_column_names_big_crane_and_the_header_the_ruleset() -> None:
    args = ["waits", "[111m] [222m] [333m] [444m] 5m", "-r", "shanghai"]
    zh = run(*args, "--lang", "zh").stdout
    assert "清碰 大吊车" in zh
    assert "规则 上海清混碰" in zh and "规则 shanghai" not in zh
    en = run(*args).stdout
    assert "清碰 大吊车" in en and "大吊车 Big crane" in en
    data = json.loads(run(*args, "--json").stdout)
    assert [a["id"] for a in data["waits"][0]["also"]] == ["big_crane"]
    # no such name: no "also" in the JSON (unchanged for every other wait)
    plain = json.loads(run("waits", "1112345678999m", "-r", "shanghai", "--json").stdout)
    assert all("also" not in w for w in plain["waits"])
    assert (
        "规则 兴国冲关"
        in run(
            "waits", "123m456p789s78s11z", "-r", "xingguo", "--jing", "5s", "--lang", "zh"
        ).stdout
    )
