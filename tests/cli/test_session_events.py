"""A line of a ruleset's own through ``mjcalc session``, in a real process with the example 鸡胡
installed: its penalty (``penalty SEAT N``, 罚分) is added in words and in JSON, in English and
Chinese, replayed, written by ``--json`` as ``mjcalc schema session`` describes it, and shown in
the ruleset's words; a misspelt word is what it always was, and another ruleset's table reads
the words as it always did.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from tests.support.jihu import EXAMPLE, install_jihu, mjcalc


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_jihu(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="module")
def sitting(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new 鸡胡 sitting with its players named, and three penalties added (the tests that
    follow only read it, or are refused)."""
    tmp_path = tmp_path_factory.mktemp("sitting")
    file = tmp_path / "game.jsonl"
    new = mjcalc(
        "session", file.name, "--new", "-r", "jihu", "--player", "W=Cy", site=site, cwd=tmp_path
    )
    assert new.returncode == 0, new.stderr
    for line, lang, said in (
        ("penalty W 10", "en", "added line 2 to game.jsonl"),
        ("罚分 南 3", "zh", "已在 game.jsonl 添加第 3 行"),
        ('{"event": "penalty", "seat": "N", "amount": 1}', "en", "added line 4 to game.jsonl"),
    ):
        proc = mjcalc("session", file.name, "--add", line, "--lang", lang, site=site, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        assert said in proc.stderr
    return file


def test_the_lines_are_kept_as_written_and_replay_as_the_ruleset_settles_them(
    site: Path, sitting: Path
) -> None:
    lines = sitting.read_text(encoding="utf-8").splitlines()
    assert lines[1:] == [
        "penalty W 10",
        "罚分 南 3",
        '{"event": "penalty", "seat": "N", "amount": 1}',
    ]
    proc = mjcalc("session", str(sitting), "--json", site=site)
    assert proc.returncode == 0, proc.stderr
    *records, summary = (json.loads(line) for line in proc.stdout.splitlines())
    assert [(r["line"], r["event"], r["penalty"]) for r in records] == [
        (2, "penalty", {"seat": "W", "amount": 10}),
        (3, "penalty", {"seat": "S", "amount": 3}),
        (4, "penalty", {"seat": "N", "amount": 1}),
    ]
    assert records[0]["payments"] == {"E": 10, "S": 10, "W": -30, "N": 10}
    assert summary["summary"]["totals"] == {"E": 14, "S": 2, "W": -26, "N": 10}
    schema = json.loads(mjcalc("schema", "session", site=site).stdout)
    validator = jsonschema.Draft202012Validator(schema)
    for item in (*records, summary):
        validator.validate(item)
    assert schema["$defs"]["PenaltyOut"]["required"] == ["seat", "amount"]


def test_the_view_tells_it_in_the_ruleset_s_words(site: Path, sitting: Path) -> None:
    english = mjcalc("session", str(sitting), site=site).stdout
    assert "Cy penalty 罚分: pays 10 to each" in english
    assert "S penalty 罚分: pays 3 to each" in english
    chinese = mjcalc("session", str(sitting), "--lang", "zh", site=site).stdout
    assert "Cy 罚分：付每家 10" in chinese and "南 罚分：付每家 3" in chinese


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("penalty W 101", "event line: field 'amount': input should be less than or equal to 100"),
        ("penalty X 1", "cannot read 'X': the line is penalty SEAT N"),
        ("罚分 西", "罚分 W needs N: the line is 罚分 SEAT N"),  # 西 is written W here
        # a misspelt word is no line of the ruleset's: a hand, as it always was
        (
            "penalti W 5",
            "[invalid_notation] suit letter 'p' at column 1 has no digits before it; for White"
            " (白) write P",
        ),
    ],
)
def test_a_bad_line_is_refused_and_the_file_left_alone(
    site: Path, sitting: Path, line: str, said: str
) -> None:
    before = sitting.read_bytes()
    proc = mjcalc("session", str(sitting), "--add", line, site=site)
    assert proc.returncode == 1
    assert said in proc.stderr.replace("西", "W")
    assert sitting.read_bytes() == before


def test_another_ruleset_s_table_reads_the_words_as_it_always_did(
    site: Path, tmp_path: Path
) -> None:
    file = tmp_path / "xingguo.jsonl"
    assert mjcalc("session", str(file), "--new", "-r", "xingguo", site=None).returncode == 0
    for line in ("penalty W 5", '{"event": "penalty", "seat": "W", "amount": 5}'):
        beside = mjcalc("session", str(file), "--add", line, site=site)
        alone = mjcalc("session", str(file), "--add", line, site=None)
        assert (beside.returncode, beside.stderr) == (alone.returncode, alone.stderr)
    assert "unknown event 'penalty' (known here: adjust, draw, false_win)" in alone.stderr


def test_the_example_sitting_ends_with_a_penalty(site: Path) -> None:
    proc = mjcalc("session", "sitting.jsonl", "--json", site=site, cwd=EXAMPLE)
    assert proc.returncode == 0, proc.stderr
    *_, last, summary = (json.loads(line) for line in proc.stdout.splitlines())
    assert last["event"] == "penalty" and last["penalty"] == {"seat": "W", "amount": 10}
    assert summary["summary"]["totals"] == {"E": -116, "S": 392, "W": 610, "N": -886}
