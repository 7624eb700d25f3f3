"""``mjcalc session``: replay, ``--json``, ``--add`` (byte-identical on a bad line), ``--new``.

Hands: ``QP`` 清碰 is worth 2 勒子 = 20 a share with the Shanghai defaults (see
tests/app/session/test_replay.py).
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from rich.cells import cell_len

from mjcalc.app.arglines import session_request as session_args
from mjcalc.app.session import replay
from mjcalc.cli import cli
from mjcalc.errors import MjcalcError
from mjcalc.render.console import make_console
from mjcalc.render.session import render_session
from mjcalc.rules.flags import Flag
from mjcalc.rules.shanghai.carry import CARRY
from tests.support.cli import CLEAN_ENV

QP = "11122233344455m"
HEADER = '{"session": {"rules": "shanghai", "balances": {"E": 100, "S": 100, "W": 100, "N": 100}}}'


def run(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> Result:
    runner = CliRunner(env={**CLEAN_ENV, "MJCALC_LANG": None, **(env or {})})
    return runner.invoke(cli, list(args), input=stdin, prog_name="mjcalc")


def write(tmp_path: Path, *lines: str, end: str = "\n") -> Path:
    path = tmp_path / "game.jsonl"
    path.write_bytes(("\n".join(lines) + end).encode("utf-8"))
    return path


def json_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


# --- replay -----------------------------------------------------------------------------------


def test_json_records_then_summary_and_exit_1_on_a_bad_line(tmp_path: Path) -> None:
    path = write(
        tmp_path, HEADER, f"{QP} --winner S --discarder E", "# tea", "1x", '{"event": "draw"}'
    )
    out = run("session", str(path), "--json")
    assert out.exit_code == 1
    first, bad, draw, summary = json_lines(out.stdout)
    assert first["line"] == 2 and first["event"] == "hand" and first["dealer"] == "E"
    assert first["payments"] == {"E": -20, "S": 20, "W": 0, "N": 0}  # E discarded: one share
    assert bad["line"] == 4 and bad["error"]["code"] == "invalid_notation"
    assert draw["dealer"] == "S"  # the winner S deals next; the bad line changed nothing
    assert summary["summary"]["dealer"] == "S" and summary["summary"]["errors"] == 1
    assert out.stderr == ""


def test_all_lines_applied_exits_0_and_stdin_works() -> None:
    out = run("session", "-", "--json", stdin=f"{HEADER}\n{QP} --winner N\n")
    assert out.exit_code == 0
    # N self-draws: 20 from each of three
    assert json_lines(out.stdout)[-1]["summary"]["totals"] == {
        "E": -20,
        "S": -20,
        "W": -20,
        "N": 60,
    }


def test_argument_lines_take_dice_double_but_not_rules_or_dealer() -> None:
    assert session_args(f"{QP} --dice-double --discarder S", CARRY.marks) == {
        "hand": QP,
        "discarder": "S",
        "dice_double": True,
    }
    lines = [HEADER, f"score {QP} --discarder S --rules shanghai", f"{QP} --dealer S"]
    rules_line, dealer_line, _ = replay(lines)
    assert "'rules' is supplied by the session" in rules_line.error.message  # type: ignore[union-attr]
    assert "'dealer' is supplied by the session" in dealer_line.error.message  # type: ignore[union-attr]


def test_mjcalc_rules_in_the_environment_does_not_leak_into_a_line(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER, f"{QP} --discarder S")
    out = run("session", str(path), "--json", env={"MJCALC_RULES": "xingguo"})
    assert out.exit_code == 0
    assert json_lines(out.stdout)[0]["results"][0]["rules"] == "shanghai"


def test_text_view_rows_and_standings(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        '{"session": {"rules": "shanghai", "players": {"E": "Ann", "S": "Bo"},'
        ' "balances": {"E": 100, "S": 10, "W": 100, "N": 100}, "options": {"fee": 5}}}',
        f"{QP} --winner E --discarder S",
    )
    out = run("session", str(path))
    assert out.exit_code == 0
    lines = out.stdout.splitlines()
    # the heads and the rows name the players the header names
    assert lines[0].split() == [
        "line",
        "dealer",
        "what",
        "happened",
        "E",
        "Ann",
        "S",
        "Bo",
        "W",
        "N",
    ]
    # S owes 20 but holds 10: pays 10; then the fee 5 from E, W and N (S has 0 left)
    assert lines[2].split()[:2] == ["2", "E"]
    assert "Ann wins Full flush all pungs 清碰 off Bo" in out.stdout
    assert "Bo short: paid 10 of 20" in out.stdout
    assert lines[2].split()[-4:] == ["+5", "-10", "-5", "-5"]
    # under the row: the running totals, then the silver (100 + 10 − 5, 10 − 10, 100 − 5, …)
    below = [line.split() for line in lines[3:6]]
    assert ["total", "+5", "-10", "-5", "-5"] in below
    assert ["silver", "105", "0", "95", "95"] in below
    # by place: E first (+5), then W and N level at -5 (both 2nd), then S
    first = "1 Jobless 待业 · Sack 麻袋$"
    assert re.search(r"^1st\s+E\s+Ann\s+\+5\s+105\s+10\s+" + first, out.stdout, re.M)
    assert re.search(r"^2nd\s+W\s+-5\s+95\s+0\s+" + first, out.stdout, re.M)
    assert re.search(r"^2nd\s+N\s+-5\s+95\s+0\s+" + first, out.stdout, re.M)
    assert re.search(r"^4th\s+S\s+Bo\s+-10\s+0\s+0\s+" + first, out.stdout, re.M)
    assert "1 line, 0 errors · next dealer E · fees collected 15" in out.stdout


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_view_fits_80_columns(lang: str) -> None:
    lines = [
        '{"session": {"rules": "shanghai", "players": {"E": "一个很长很长的名字的玩家"},'
        ' "balances": {"E": 1000000, "S": 15, "W": 1000000, "N": 1000000},'
        ' "options": {"fee": 10}}}',
        '{"discarder": "S", "dice_double": true, "winners": [{"hand": "11122233344455m",'
        ' "winner": "E"}, {"hand": "111m222p333s444m55p", "winner": "W"}]}',
        '{"event": "draw", "dice_double": true}',
        f"{QP} --winner N --discarder E --option stake=1000",
        '{"event": "escape", "seat": "W", "ends": true}',
        "123m",
    ]
    buffer = io.StringIO()
    console = make_console(file=buffer, force_terminal=True)
    console.width = 80
    render_session(replay(lines), console, lang)  # type: ignore[arg-type]
    shown = re.sub(r"\x1b\[[0-9;]*m", "", buffer.getvalue())
    assert max(cell_len(line) for line in shown.splitlines()) <= 80
    # N's silver: 1000000 − 10 (fee, line 2) − 10 (fee, draw) + 20 × stake 1000 (清碰 off E)
    # − 10 (fee) + 10 (a third of W's escape, 3 勒子 = 30) = 1019980
    assert "逃跑" in shown and "1019980" in shown


# --- --add ------------------------------------------------------------------------------------


def test_add_appends_a_valid_line_and_prints_the_standings(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER)
    out = run("session", str(path), "--add", f"{QP} --winner W --discarder N")
    assert out.exit_code == 0, out.output
    assert path.read_text().splitlines() == [HEADER, f"{QP} --winner W --discarder N"]
    assert "added line 2" in out.stderr
    assert re.search(r"^1st\s+W\s+\+20\s+120\s+20\s+1 Jobless 待业 · Sack 麻袋$", out.stdout, re.M)
    out = run("session", str(path), "--add", '{"event": "draw"}', "--json")
    record, summary = json_lines(out.stdout)
    assert record["line"] == 3 and record["dealer"] == "W"
    assert summary["summary"]["lines"] == 2


@pytest.mark.parametrize(
    "line",
    [
        f"{QP} --dealer S",  # the session supplies the dealer
        "1x",
        '{"event": "escape", "seat": "W"}',
        '{"session": {"rules": "shanghai"}}',
        '{"event": "draw"}\n{"event": "draw"}',
    ],
)
def test_add_leaves_the_file_byte_identical_on_a_bad_line(tmp_path: Path, line: str) -> None:
    path = write(tmp_path, HEADER, f"{QP} --discarder S", end="")  # no final newline
    before = path.read_bytes()
    out = run("session", str(path), "--add", line)
    assert out.exit_code == 1
    assert path.read_bytes() == before
    assert out.stderr.startswith("line 3: error [")
    assert out.stdout == ""


def test_add_after_the_game_ended_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER, '{"event": "escape", "seat": "W", "ends": true}')
    before = path.read_bytes()
    out = run("session", str(path), "--add", '{"event": "draw"}')
    assert out.exit_code == 1 and path.read_bytes() == before
    assert "the game ended at line 2" in out.stderr


def test_add_to_a_file_without_final_newline_starts_a_new_line(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER, end="")
    out = run("session", str(path), "--add", '{"event": "draw"}')
    assert out.exit_code == 0
    assert path.read_text() == HEADER + '\n{"event": "draw"}\n'


# --- --new ------------------------------------------------------------------------------------


def test_new_writes_the_header_and_refuses_to_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    args = ["session", str(path), "--new", "--rules", "shanghai", "--dealer", "s"]
    args += ["--balance", "500", "--balance", "N=300", "--player", "E=Ann", "-o", "fee=10"]
    out = run(*args)
    assert out.exit_code == 0, out.output
    assert json.loads(path.read_text()) == {
        "session": {
            "rules": "shanghai",
            "players": {"E": "Ann"},
            "dealer": "S",
            "balances": {"E": 500, "S": 500, "W": 500, "N": 300},
            "options": {"fee": 10},
        }
    }
    assert "started" in out.stderr and re.search(r"^1st\s+N\s+0\s+300", out.stdout, re.M)
    before = path.read_bytes()
    again = run("session", str(path), "--new", "--rules", "xingguo")
    assert again.exit_code == 1 and "exists: --force replaces it" in again.output
    assert path.read_bytes() == before
    forced = run("session", str(path), "--new", "--rules", "xingguo", "--force", "--json")
    assert forced.exit_code == 0
    assert json.loads(path.read_text()) == {"session": {"rules": "xingguo"}}
    assert json.loads(forced.stdout)["summary"]["ranks"] is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "xingguo", "--balance", "10"], "'xingguo' keeps no silver"),
        (["--rules", "nowhere"], "unknown ruleset 'nowhere'"),
        (["--rules", "shanghai", "-o", "lezi=0"], "option 'lezi'"),
    ],
)
def test_new_with_a_bad_header_writes_nothing(
    tmp_path: Path, args: list[str], message: str
) -> None:
    path = tmp_path / "game.jsonl"
    out = run("session", str(path), "--new", *args)
    assert out.exit_code == 1 and message in out.stderr
    assert not path.exists()


@pytest.mark.parametrize(
    "args",
    [
        ["--rules", "shanghai"],  # header flags need --new
        ["--new", "--add", "{}"],
        ["--new"],  # no --rules
        ["--new", "--rules", "shanghai", "--balance", "E=x"],
    ],
)
def test_usage_errors_exit_2(tmp_path: Path, args: list[str]) -> None:
    path = write(tmp_path, HEADER)
    out = run("session", str(path), *args)
    assert out.exit_code == 2


def test_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    out = run("session", str(tmp_path / "none.jsonl"))
    assert out.exit_code == 2 and "no such file" in out.output


def test_zh_view(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER, f"{QP} --winner S --discarder E")
    out = run("session", str(path), "--lang", "zh")
    assert "南 胡 清碰，東 点炮" in out.stdout
    assert "下局庄家 南" in out.stdout


def test_session_json_does_not_import_rich(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER, f"{QP} --discarder S")
    env = {k: v for k, v in os.environ.items() if k not in ("MJCALC_RULES", "FORCE_COLOR")}
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "mjcalc", "session", str(path), "--json"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert proc.returncode == 0
    assert json.loads(proc.stdout.splitlines()[0])["payments"]["E"] == 20  # 清碰 off S
    imported = {line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines()}
    assert "mjcalc.app.session.sitting" in imported
    assert not {m for m in imported if m == "rich" or m.startswith("rich.")}


def test_control_characters_never_reach_the_terminal(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER)
    out = run("session", str(path), "--add", '{"hand": "1m", "\\u001b[31m": 1}')
    assert out.exit_code == 1 and "\x1b" not in out.stderr
    assert path.read_text() == HEADER + "\n"


def test_blank_add_line_is_a_usage_error(tmp_path: Path) -> None:
    out = run("session", str(write(tmp_path, HEADER)), "--add", "  ")
    assert out.exit_code == 2


# --- argument lines: score's flags and the table's marks ------------------------------------------


HAND = "11122233344455m"
TOY_MARK = Flag("--toy-mark", "toy_mark", "switch", ("toy: a mark.", "玩具：标记。"))


def test_a_session_line_takes_its_tables_marks_beside_scores_flags() -> None:
    line = f"{HAND} --toy-mark --discarder S"
    assert session_args(line, (TOY_MARK,)) == {"hand": HAND, "discarder": "S", "toy_mark": True}
    with pytest.raises(MjcalcError, match="--toy-mark"):  # not a mark of this table
        session_args(line)


def test_a_session_line_keeps_its_rules_for_the_session_to_refuse() -> None:
    assert session_args(f"{HAND} --rules shanghai")["rules"] == "shanghai"
    assert "rules" not in session_args(HAND)


def test_new_names_the_dealer_in_the_language_of_the_command(tmp_path: Path) -> None:
    zh = run("session", str(tmp_path / "a.jsonl"), "--new", "-r", "xingguo", "--lang", "zh")
    assert "庄家 東" in zh.stderr and "庄家 E" not in zh.stderr
    en = run("session", str(tmp_path / "b.jsonl"), "--new", "-r", "xingguo", "--dealer", "S")
    assert "dealer S" in en.stderr
