"""``mjcalc batch --csv``: one row per hand line, for a spreadsheet: line, ok, rules, winner,
pattern, each seat's payment, error code; a header first; UTF-8; streamed.

The example club night (docs/examples/hands.txt) with ``-r xingguo``: its figures are those of
``--json`` (and of the README), row for row.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mjcalc.cli.batch import CSV_HEADER, write_csv
from mjcalc.cli.output import Report
from tests.support.cli import CLEAN_ENV, run

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "hands.txt"
HEADER = "line,ok,rules,winner,pattern,payment_E,payment_S,payment_W,payment_N,error"


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_one_row_per_hand_line_with_the_figures_of_json() -> None:
    out = run("batch", str(EXAMPLES), "-r", "xingguo", "--csv")
    assert out.exit_code == 1  # line 9 is a typo
    assert out.stderr == ""
    assert out.stdout.splitlines() == [
        HEADER,
        "3,true,xingguo,E,plain,63,-21,-21,-21,",
        "4,true,xingguo,S,big_seven,-74,154,-42,-38,",
        "5,true,xingguo,S,seven_pairs,-12,21,-17,8,",
        "6,true,shanghai,E,full_flush_pungs,20,-20,0,0,",
        "7,true,shanghai,S,half_flush,-10,30,-10,-10,",
        "9,false,xingguo,,,,,,,invalid_notation",
        "10,true,xingguo,E,plain,48,-16,-16,-16,",
    ]
    records = [
        json.loads(line)
        for line in run("batch", str(EXAMPLES), "-r", "xingguo", "--json").stdout.splitlines()
    ]
    table = rows(out.stdout)
    assert table[0] == list(CSV_HEADER)
    for row, record in zip(table[1:], records, strict=True):
        cells = dict(zip(table[0], row, strict=True))
        assert int(cells["line"]) == record["line"]
        assert cells["ok"] == str(record["ok"]).lower()
        assert cells["rules"] == record["rules"]
        payments = {seat: cells[f"payment_{seat}"] for seat in "ESWN"}
        if record["ok"]:
            assert cells["pattern"] == record["pattern"]["id"]
            assert {s: int(v) for s, v in payments.items()} == record["payments"]
            assert sum(int(v) for v in payments.values()) == 0
        else:
            assert cells["error"] == record["error"]["code"]
            assert set(payments.values()) == {""}


def test_all_scored_exits_0_and_workers_give_the_same_rows(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    good = [line for line in EXAMPLES.read_text(encoding="utf-8").splitlines() if "11h" not in line]
    path.write_text("\n".join(good * 50) + "\n", encoding="utf-8")
    one = run("batch", str(path), "-r", "xingguo", "--csv")
    assert one.exit_code == 0
    assert len(rows(one.stdout)) == 1 + 6 * 50
    two = run("batch", str(path), "-r", "xingguo", "--csv", "--jobs", "2")
    assert (two.exit_code, two.stdout) == (0, one.stdout)


def test_csv_and_json_together_is_a_usage_error() -> None:
    out = run("batch", str(EXAMPLES), "--csv", "--json")
    assert out.exit_code == 2
    assert "--csv and --json cannot be used together" in out.stderr
    # --json asked for: the usage error's one JSON record on stdout, both wordings
    error = json.loads(out.stdout)["error"]
    assert error["code"] == "usage"
    assert error["message"].startswith("--csv and --json cannot be used together")
    assert error["message_zh"].startswith("--csv 和 --json 不能同用")
    zh = run("batch", str(EXAMPLES), "--csv", "--json", "--lang", "zh")
    assert zh.exit_code == 2 and json.loads(zh.stdout)["error"] == error
    assert "--csv 和 --json 不能同用" in zh.stderr


def test_text_cells_are_quoted_and_never_a_formula() -> None:
    lines = [
        '{"hand": "11122233344455m", "rules": "=HYPERLINK(\\"x\\")"}',
        '{"hand": "11122233344455m", "rules": "上海, \\"清混碰\\""}',
        '{"hand": "11122233344455m", "rules": "a\\u202eb\\u001b[31mc\\u2028d"}',
        "'11122233344455m' --discarder N",
    ]
    out = run("batch", "-", "-r", "shanghai", "--csv", stdin="\n".join(lines) + "\n")
    table = rows(out.stdout)
    assert [row[2] for row in table[1:]] == [
        '\'=HYPERLINK("x")',
        '上海, "清混碰"',
        "a\\u202eb\\x1b[31mc\\u2028d",  # escaped, as the text views escape them
        "shanghai",
    ]
    assert [row[-1] for row in table[1:]] == ["unknown_rules"] * 3 + [""]
    assert table[4][5:9] == ["20", "0", "0", "-20"]  # N's discard: 清碰 capped at 20


def test_csv_is_utf8_whatever_the_output_encoding(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text('{"hand": "11122233344455m", "rules": "清混碰"}\n', encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in CLEAN_ENV}
    env["PYTHONIOENCODING"] = "ascii"
    proc = subprocess.run(
        [sys.executable, "-m", "mjcalc", "batch", str(path), "--csv"],
        capture_output=True,
        env=env,
        check=False,
    )
    assert proc.returncode == 1, proc.stderr
    expected = [HEADER, "1,false,清混碰,,,,,,,unknown_rules"]
    assert proc.stdout.decode("utf-8").splitlines() == expected


def _records_checking(out: io.StringIO) -> Iterator[dict[str, Any]]:
    """Two records, the second handed over only once the first row is out."""
    yield {"line": 1, "ok": True, "rules": "toy", "winner": "E", "payments": {"E": 3, "S": -3}}
    assert out.getvalue().count("\n") == 2  # the header and the first row
    yield {"line": 2, "ok": False, "error": {"code": "not_winning"}}


def test_rows_are_written_as_they_come(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    report = write_csv(_records_checking(out), Report())
    assert (report.scored, report.failed) == (1, 1)
    assert out.getvalue().splitlines() == [
        HEADER,
        "1,true,toy,E,,3,-3,,,",
        "2,false,,,,,,,,not_winning",
    ]
