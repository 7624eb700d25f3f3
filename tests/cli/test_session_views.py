"""``mjcalc session`` views: ``--standings``, ``--csv``, ``--chart``, names in the rows, the
adjust line in words, ``mjcalc schema session``; every view within 80 columns, in English and
in Chinese with no English words but the names users typed.

Hands as in test_session.py: ``QP`` 清碰 is 20 a share (capped), ``PPH`` 碰碰胡 4 a share.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from jsonschema import Draft202012Validator
from rich.cells import cell_len

from mjcalc.app.session import replay
from mjcalc.app.session.records import Summary
from mjcalc.cli import cli
from mjcalc.render.chart import chart_lines
from mjcalc.render.console import emit, make_console
from mjcalc.render.session import render_session, standings_only
from mjcalc.schema import json_schema
from tests.support.cli import CLEAN_ENV

QP = "11122233344455m"
PPH = "111m222p333s444m55p"
HEADER = json.dumps(
    {
        "session": {
            "rules": "shanghai",
            "players": {"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"},
            "balances": {"E": 100, "S": 30, "W": 100, "N": 100},
            "options": {"fee": 5},
        }
    }
)
ZH_HEADER = json.dumps(
    {
        "session": {
            "rules": "shanghai",
            "players": {"E": "老王", "S": "小李", "W": "阿张", "N": "老赵"},
            "balances": dict.fromkeys("ESWN", 1000),
            "options": {"fee": 5},
        }
    },
    ensure_ascii=False,
)
LINES = [
    f"{QP} --winner S --discarder E",  # 2: S +20 off E
    "荒庄 --dice-double",  # 3
    "adjust S E 10 --reason 'late penalty'",  # 4
    f"--discarder S --winners E,W {QP} {PPH}",  # 5: S owes 20 + 16 with 5 − 10 left… short
    "1m",  # 6: a bad line
    "逃跑 N --ends",  # 7: the game ends
]


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    runner = CliRunner(env={**CLEAN_ENV, **(env or {})})
    return runner.invoke(cli, list(args), prog_name="mjcalc")


def write(tmp_path: Path, *lines: str) -> Path:
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def json_records(path: Path) -> list[dict[str, Any]]:
    out = run("session", str(path), "--json")
    return [json.loads(line) for line in out.stdout.splitlines()]


def english_words(shown: str, allowed: set[str]) -> set[str]:
    """Runs of two or more Latin letters that are not ``allowed`` identifiers."""
    return set(re.findall(r"[A-Za-z]{2,}", shown)) - allowed


# --- --standings ------------------------------------------------------------------------------


def test_standings_alone_by_place_with_names_counts_and_no_next_dealer_after_the_end(
    tmp_path: Path,
) -> None:
    out = run("session", str(write(tmp_path, HEADER, *LINES)), "--standings")
    assert out.exit_code == 1  # line 6 is bad: said on stderr, since there is no row for it
    assert "line 6" in out.stderr and "invalid_" in out.stderr
    assert "what happened" not in out.stdout and "total" not in out.stdout
    places = re.findall(r"^(\d)(?:st|nd|rd|th)\s+([ESWN])\s+(\w+)\s+([+-]?\d+)", out.stdout, re.M)
    totals = json_records(tmp_path / "game.jsonl")[-1]["summary"]["totals"]
    by_place = sorted("ESWN", key=lambda s: -totals[s])
    assert [p[1] for p in places] == by_place
    assert [int(p[3]) for p in places] == sorted(totals.values(), reverse=True)
    assert places[0][0] == "1" and dict((p[1], p[2]) for p in places)["E"] == "Ann"
    assert "next dealer" not in out.stdout
    assert "the game ended at line 7" in out.stdout
    # E: won once (line 5), dealt in once (line 2); S won once, dealt in once (line 5)
    row = re.search(r"^E Ann\s+(\d+)\s+(\d+)\s+(\d+)\s+(\S+)", out.stdout, re.M)
    assert row is not None and row.groups() == ("1", "0", "1", "20")


def test_standings_while_the_game_goes_on_name_the_next_dealer(tmp_path: Path) -> None:
    out = run("session", str(write(tmp_path, HEADER, LINES[0])), "--standings")
    assert out.exit_code == 0
    assert "next dealer S" in out.stdout
    # S leads by 20 over E, W and N (E: −20 − 5 fee… all three pay the fee alike)
    assert re.search(r"^1st\s+S\s+Bo\s+\+15\s+45", out.stdout, re.M)
    # E is 40 behind: a self-draw of 40 // 4 + 1 = 11 a payer, or 21 off S's discard
    assert re.search(r"^E Ann\s+0\s+0\s+1\s+-\s+11\s+21$", out.stdout, re.M)
    # W and N are 20 behind: 6 and 11
    assert re.search(r"^W Cy\s+0\s+0\s+0\s+-\s+6\s+11$", out.stdout, re.M)


def test_the_full_view_names_players_in_rows_and_shows_the_adjust_reason(tmp_path: Path) -> None:
    out = run("session", str(write(tmp_path, HEADER, *LINES)))
    assert "Bo wins Full flush all pungs 清碰 off Ann" in out.stdout
    assert "adjustment: Bo pays 10 to Ann (late penalty)" in out.stdout
    assert "Di escapes 逃跑" in out.stdout
    assert "next dealer" not in out.stdout
    zh = run("session", str(write(tmp_path, HEADER, *LINES)), "--lang", "zh")
    assert "调整：南 Bo" not in zh.stdout and "调整：Bo 付给 Ann 10（late penalty）" in zh.stdout
    assert "下局庄家" not in zh.stdout and "牌局在第 7 行结束" in zh.stdout


def test_views_cannot_be_combined(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER)
    for args in (["--standings", "--json"], ["--csv", "--add", "draw"], ["--chart", "--new"]):
        out = run("session", str(path), *args)
        assert out.exit_code == 2, args
        assert "a view of the replay" in out.output


# --- 80 columns, and Chinese with no English ---------------------------------------------------


def rendered(lines: list[str], lang: str, *, only_standings: bool = False) -> str:
    buffer = io.StringIO()
    console = make_console(file=buffer, force_terminal=True)
    console.width = 80
    items = replay(lines)
    if only_standings:
        summary = list(items)[-1]
        assert isinstance(summary, Summary)
        emit(console, standings_only(summary, lang))  # type: ignore[arg-type]
    else:
        render_session(items, console, lang)  # type: ignore[arg-type]
    return re.sub(r"\x1b\[[0-9;]*m", "", buffer.getvalue())


@pytest.mark.parametrize("only_standings", [False, True])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_view_fits_80_columns(lang: str, only_standings: bool) -> None:
    long_names = json.loads(HEADER)
    long_names["session"]["players"] = {
        "E": "一个很长很长的名字的玩家",
        "S": "Bartholomew-Maximilian",
    }
    lines = [json.dumps(long_names, ensure_ascii=False), *LINES]
    shown = rendered(lines, lang, only_standings=only_standings)
    assert max(cell_len(line) for line in shown.splitlines()) <= 80
    assert "Bartholomew" in shown


def test_the_chinese_views_have_no_english_but_what_users_type(tmp_path: Path) -> None:
    lines = [ZH_HEADER, *LINES]
    # the error code of the bad line, and the adjust line's reason, typed in English
    allowed = {"invalid_hand", "invalid", "hand", "late", "penalty"}
    for only in (False, True):
        shown = rendered(lines, "zh", only_standings=only)
        assert english_words(shown, allowed) == set(), only
    chart = run("session", str(write(tmp_path, *lines)), "--chart", "--lang", "zh")
    # the seats' markers E S W N are the letters users type for seats (runs of them: the lines)
    assert {w for w in english_words(chart.stdout, set()) if set(w) - set("ESWN")} == set()
    assert "逐行累计输赢" in chart.stdout and "E = 東 老王" in chart.stdout


# --- --csv ------------------------------------------------------------------------------------


def test_csv_has_one_row_per_applied_line_with_the_json_numbers(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER, *LINES)
    out = run("session", str(path), "--csv")
    assert out.exit_code == 1 and "line 6" in out.stderr
    rows = list(csv.reader(io.StringIO(out.stdout)))
    head = ["line", "event", "dealer"]
    for seat in "ESWN":
        head += [f"payment_{seat}", f"fee_{seat}", f"total_{seat}", f"balance_{seat}"]
    assert rows[0] == head
    records = [r for r in json_records(path) if r.get("ok")]
    assert (
        [row[0] for row in rows[1:]]
        == [str(r["line"]) for r in records]
        == [
            "2",
            "3",
            "4",
            "5",
            "7",
        ]
    )
    for row, record in zip(rows[1:], records, strict=True):
        assert row[1:3] == [record["event"], record["dealer"]]
        for i, seat in enumerate("ESWN"):
            cells = [int(x) for x in row[3 + 4 * i : 7 + 4 * i]]
            expected = [record[k][seat] for k in ("payments", "fees", "totals", "balances")]
            assert cells == expected
    assert rows[3][1] == "adjust" and rows[3][3] == "10"  # E got 10 from S


def test_csv_without_silver_has_no_balance_columns(tmp_path: Path) -> None:
    path = write(tmp_path, '{"session": {"rules": "xingguo"}}', "false-win S", "draw")
    out = run("session", str(path), "--csv")
    assert out.exit_code == 0
    rows = list(csv.reader(io.StringIO(out.stdout)))
    assert len(rows[0]) == 3 + 4 * 3 and not any("balance" in h for h in rows[0])
    # 诈胡: S pays 20 to each (false_win_score 20 × stake 1)
    assert rows[1][:12] == [
        "2",
        "false_win",
        "E",
        "20",
        "0",
        "20",
        "-60",
        "0",
        "-60",
        "20",
        "0",
        "20",
    ]
    assert rows[2][1] == "draw"


# --- --chart ----------------------------------------------------------------------------------


def test_chart_draws_the_running_totals_within_80_columns(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER, *LINES)
    out = run("session", str(path), "--chart")
    assert out.exit_code == 1  # the bad line 6, on stderr
    shown = out.stdout.splitlines()
    assert shown[0] == "running totals, line by line"
    assert max(cell_len(line) for line in shown) <= 80
    assert "\x1b" not in out.stdout  # piped: no colour
    totals = [r["totals"] for r in json_records(path) if r.get("ok")]
    highest = max(max(t.values()) for t in totals)
    lowest = min(min(t.values()) for t in totals)
    ticks = re.findall(r"^\s*(-?\d+)┤", out.stdout, re.M)
    assert str(highest) in ticks and str(lowest) in ticks
    assert "E Ann" in shown[-1] and "N Di" in shown[-1]
    plot = "\n".join(shown[1:-1])
    assert all(seat in plot for seat in "ESWN")
    assert shown[-2].split()[0] == "1"  # every line starts from 0 at the header (line 1)


def test_chart_of_a_long_sitting_keeps_at_most_its_points() -> None:
    lines = list(range(2, 5002))
    totals = {seat: [i * (k + 1) for i in range(5000)] for k, seat in enumerate("ESWN")}
    shown = chart_lines(lines, totals, {}, "en", width=60)  # type: ignore[arg-type]
    assert max(cell_len(line) for line in shown) <= 60
    assert re.search(r"^\s*19996┤", "\n".join(shown), re.M)  # N's last total, 4 × 4999


def x_labels(shown: list[str]) -> list[int]:
    """The numbers under the chart's x axis."""
    axis = next(i for i, line in enumerate(shown) if line.lstrip().startswith("└"))
    return [int(n) for n in shown[axis + 1].split()]


def test_the_chart_marks_every_line_while_the_labels_fit() -> None:
    lines = list(range(1, 19))
    totals = {seat: [i * (k - 1) for i in range(18)] for k, seat in enumerate("ESWN")}
    shown = chart_lines(lines, totals, {}, "en")  # type: ignore[arg-type]
    assert x_labels(shown) == lines  # 18 labels of two digits and two cells between fit


@pytest.mark.parametrize(
    ("count", "step"), [(60, 5), (200, 20), (5000, 500)], ids=["60", "200", "5000"]
)
def test_then_the_chart_marks_a_round_step(count: int, step: int) -> None:
    lines = list(range(2, count + 2))
    totals = {seat: [i * (k - 1) for i in range(count)] for k, seat in enumerate("ESWN")}
    labels = x_labels(chart_lines(lines, totals, {}, "en"))  # type: ignore[arg-type]
    assert {b - a for a, b in itertools.pairwise(labels)} == {step}, labels
    assert labels[0] % step == 0


@pytest.mark.parametrize(("lang", "said"), [("en", "* seats level"), ("zh", "* 同分")])
def test_seats_level_at_a_point_show_the_tie(lang: str, said: str) -> None:
    lines = [1, 2, 3]
    totals = {"E": [0, 10, 20], "S": [0, -10, -20], "W": [0, 0, 0], "N": [0, 0, 0]}
    shown = chart_lines(lines, totals, {}, lang)  # type: ignore[arg-type]
    plot = "\n".join(shown[1:-3])
    assert plot.count("*") == 3  # all four at 0, then W and N level twice
    assert said in shown[-1]


def test_no_tie_no_tie_mark() -> None:
    totals = {"E": [0, 10], "S": [1, -10], "W": [2, 5], "N": [3, -5]}
    shown = chart_lines([1, 2], totals, {}, "en")  # type: ignore[arg-type]
    assert "*" not in "\n".join(shown)


def test_plotext_is_imported_only_for_the_chart(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER, LINES[0])
    env = {k: v for k, v in os.environ.items() if k not in ("MJCALC_RULES", "FORCE_COLOR")}
    for args, wanted in (([], False), (["--standings"], False), (["--chart"], True)):
        proc = subprocess.run(
            [sys.executable, "-X", "importtime", "-m", "mjcalc", "session", str(path), *args],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        assert proc.returncode == 0, proc.stderr[-500:]
        imported = {line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines()}
        assert ("plotext" in imported) is wanted, args


# --- mjcalc schema session ----------------------------------------------------------------------


def test_every_session_output_object_matches_the_schema(tmp_path: Path) -> None:
    schema = json.loads(run("schema", "session").stdout)
    validator = Draft202012Validator(schema)
    records = json_records(write(tmp_path, HEADER, *LINES))
    kinds = {r.get("event") or ("error" if "error" in r else "summary") for r in records}
    assert kinds == {"hand", "draw", "adjust", "multi_win", "escape", "error", "summary"}
    assert any("short" in r for r in records)
    for record in records:
        assert list(validator.iter_errors(record)) == [], record
    # the schema is strict: a field the replay does not write is refused
    assert list(validator.iter_errors({**records[0], "extra": 1}))
    assert list(validator.iter_errors({"summary": {**records[-1]["summary"], "x": 1}}))


def test_schema_session_is_the_library_schema() -> None:
    assert json.loads(run("schema", "session").stdout) == json_schema("session")


# --- wrapping, --add in words ---------------------------------------------------------------------


def test_a_chinese_row_breaks_after_its_punctuation_not_inside_a_phrase() -> None:
    from mjcalc.render.session import wrap

    assert wrap("黄庄（待开宝 1，黄番 1）；服务费每家 5", 16) == [
        "黄庄（待开宝 1，",
        "黄番 1）；",
        "服务费每家 5",
    ]
    assert wrap("一二三四五六七八九十一二", 10) == ["一二三四五", "六七八九十", "一二"]
    assert wrap("fee 5 each", 6) == ["fee 5", "each"]


def test_add_takes_event_words_and_the_file_replays_them_the_same(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER)
    for line in (
        "流局",
        "adjust W N 3 --reason 'spilt tea'",
        f"--winners E,W --discarder S {QP} {PPH}",
    ):
        out = run("session", str(path), "--add", line)
        assert out.exit_code == 0, out.output
    assert path.read_text(encoding="utf-8").splitlines()[1:] == [
        "流局",
        "adjust W N 3 --reason 'spilt tea'",
        f"--winners E,W --discarder S {QP} {PPH}",
    ]
    events = [r.get("event") for r in json_records(path)]
    assert events == ["draw", "adjust", "multi_win", None]
    refused = run("session", str(path), "--add", "escape")
    assert refused.exit_code == 1 and "escape SEAT [--ends]" in refused.stderr


def test_every_view_says_when_the_ruleset_file_changed(tmp_path: Path) -> None:
    rules = tmp_path / "house.toml"
    rules.write_text('ruleset = "shanghai"\n[options]\nstake = 1\n', encoding="utf-8")
    game = tmp_path / "game.jsonl"
    assert run("session", str(game), "--new", "-r", str(rules)).exit_code == 0
    assert run("session", str(game), "--add", f"{QP} --winner E").exit_code == 0
    rules.write_text('ruleset = "shanghai"\n[options]\nstake = 2\n', encoding="utf-8")
    said = "house.toml has changed since the sitting started"
    assert said in run("session", str(game), "--standings").stdout
    for view in ("--csv", "--chart"):
        out = run("session", str(game), view)
        assert out.exit_code == 0 and said in out.stderr, view
        assert said not in out.stdout
    summary = json_records(game)[-1]
    assert summary["summary"]["warnings"]
    assert list(Draft202012Validator(json_schema("session")).iter_errors(summary)) == []


def test_on_a_colour_terminal_gains_are_green_and_losses_red_and_piped_there_is_no_colour() -> None:
    lines = [HEADER, LINES[0]]
    buffer = io.StringIO()
    console = make_console(file=buffer, force_terminal=True)
    console.width = 80
    render_session(replay(lines), console, "en")
    shown = buffer.getvalue()
    # S won 20 off E, less the fee 5 each: +15 and -25
    assert "\x1b[32m+15\x1b[0m" in shown and "\x1b[31m-25\x1b[0m" in shown
    assert "\x1b[1mline\x1b[0m" in shown  # bold heads
    piped = io.StringIO()
    render_session(replay(lines), make_console(file=piped), "en")
    assert "\x1b" not in piped.getvalue() and "+15" in piped.getvalue()
