"""``mjcalc.batch``: the records ``mjcalc batch --json`` writes, from Python, lazily, in order.

The example club night (docs/examples/hands.txt) with ``-r xingguo``: line 3 is 平胡 self-drawn
by the dealer E (E +63, as the README shows it), line 9 a typo (``invalid_notation``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import mjcalc
from mjcalc.app.jobs import CHUNK, MAX_JOBS
from tests.support.cli import run

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "hands.txt"


def cli_records(path: Path, *args: str) -> list[dict[str, Any]]:
    out = run("batch", str(path), "--json", *args)
    return [json.loads(line) for line in out.stdout_bytes.split(b"\n") if line]


def test_records_are_the_json_lines_of_the_command() -> None:
    expected = cli_records(EXAMPLES, "-r", "xingguo")
    as_bytes = list(mjcalc.batch(EXAMPLES.read_bytes().splitlines(keepends=True), rules="xingguo"))
    as_text = list(mjcalc.batch(EXAMPLES.read_text(encoding="utf-8").splitlines(), rules="xingguo"))
    with EXAMPLES.open("rb") as file:  # a file opened in binary mode is an iterable of lines
        from_file = list(mjcalc.batch(file, rules="xingguo"))
    assert as_bytes == as_text == from_file == expected
    assert [(r["line"], r["ok"]) for r in expected] == [
        (3, True), (4, True), (5, True), (6, True), (7, True), (9, False), (10, True)
    ]  # fmt: skip
    first = expected[0]
    assert (first["pattern"]["id"], first["payments"]) == (
        "plain",
        {"E": 63, "S": -21, "W": -21, "N": -21},
    )
    assert expected[5]["error"]["code"] == "invalid_notation"


def test_workers_give_the_same_records(tmp_path: Path) -> None:
    # 60 copies of the example: 600 lines, 5 chunks, so a pool really scores them
    path = tmp_path / "night.txt"
    path.write_bytes(EXAMPLES.read_bytes() * 60)
    lines = path.read_bytes().splitlines(keepends=True)
    assert len(lines) > 4 * CHUNK
    expected = cli_records(path, "-r", "xingguo")
    assert len(expected) == 7 * 60
    assert list(mjcalc.batch(lines, rules="xingguo", jobs=2)) == expected
    assert list(mjcalc.batch(lines, rules="xingguo")) == expected
    assert expected[-1]["line"] == len(lines)


def test_start_numbers_a_piece_of_a_larger_file() -> None:
    lines = EXAMPLES.read_bytes().splitlines()
    whole = list(mjcalc.batch(lines, rules="xingguo"))
    piece = list(mjcalc.batch(lines[5:], rules="xingguo", start=6))
    assert piece == [r for r in whole if r["line"] >= 6]
    assert [r["line"] for r in piece] == [6, 7, 9, 10]


def test_the_environment_is_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MJCALC_RULES", "shanghai")
    lines = ["'11122233344455m' --discarder N", '{"hand": "11122233344455m"}']
    # no ruleset: the same error for an argument line and a JSON line, whatever the environment
    unnamed = list(mjcalc.batch(lines))
    assert [(r["ok"], r["error"]["code"]) for r in unnamed] == [
        (False, "invalid_request"),
        (False, "invalid_request"),
    ]
    # the caller's ruleset: 清碰 capped at 20, N pays it alone on its discard
    named = list(mjcalc.batch(lines, rules="shanghai"))
    assert named[0]["payments"] == {"E": 20, "S": 0, "W": 0, "N": -20}
    assert named[1]["payments"] == {"E": 60, "S": -20, "W": -20, "N": -20}


def test_records_come_lazily_from_endless_input() -> None:
    def endless() -> Iterator[str]:
        while True:
            yield '{"hand": "11122233344455m", "rules": "shanghai"}'

    for jobs in (1, 2):
        records = mjcalc.batch(endless(), jobs=jobs)
        assert [next(records)["line"] for _ in range(3)] == [1, 2, 3]


def test_bad_arguments_are_refused_at_the_call() -> None:
    with pytest.raises(TypeError, match="iterable of lines"):
        mjcalc.batch("11122233344455m")
    for jobs in (-1, MAX_JOBS + 1):
        with pytest.raises(ValueError, match=f"between 0 and {MAX_JOBS}"):
            mjcalc.batch([], jobs=jobs)


PROBE = """
import sys
import mjcalc

records = mjcalc.batch(['{"hand": "11122233344455m"}', '# c', '{"hand": "1h"}'], rules="shanghai")
print([(r["line"], r["ok"]) for r in records])
print(sorted(m for m in ("click", "rich") if m in sys.modules))
(record,) = mjcalc.batch(["'11122233344455m' --winner S"], rules="shanghai")
print(record["payments"]["S"], sorted(m for m in ("click", "rich") if m in sys.modules))
"""


def test_json_lines_and_argument_lines_never_import_click() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["[(1, True), (3, False)]", "[]", "60 []"]
