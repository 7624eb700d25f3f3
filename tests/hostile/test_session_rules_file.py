"""A session's ruleset file is the record's own: a relative ``rules`` path is read against the
session file's directory, whatever the current one, and a file changed since the sitting started
is said (a warning in the view and the summary) or, with ``--strict-rules``, refused.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from mjcalc.app.session import replay
from tests.support.cli import run

QP = "11122233344455m"  # 清碰: 2 勒子 = 20 a share with stake 1
SELF_DRAW = f"{QP} --winner E"


def house(path: Path, stake: int) -> Path:
    path.write_text(f'ruleset = "shanghai"\n[options]\nstake = {stake}\n', encoding="utf-8")
    return path


def json_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


@pytest.fixture
def sitting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``club/game.jsonl`` started from ``tmp_path`` with ``-r club/house.toml`` (stake 1), one
    hand added; a decoy ``house.toml`` of stake 10 in ``tmp_path`` and in ``club/..``."""
    club = tmp_path / "club"
    club.mkdir()
    house(club / "house.toml", 1)
    house(tmp_path / "house.toml", 10)
    monkeypatch.chdir(tmp_path)
    out = run("session", "club/game.jsonl", "--new", "-r", "club/house.toml", "--json")
    assert out.exit_code == 0, out.output
    out = run("session", "club/game.jsonl", "--add", SELF_DRAW, "--json")
    assert out.exit_code == 0, out.output
    return club / "game.jsonl"


def test_new_records_the_path_relative_to_the_file_and_its_digest(sitting: Path) -> None:
    header = json.loads(sitting.read_text(encoding="utf-8").splitlines()[0])["session"]
    data = (sitting.parent / "house.toml").read_bytes()
    assert header["rules"] == "house.toml"
    assert header["rules_digest"] == hashlib.sha256(data).hexdigest()


@pytest.mark.parametrize("where", [".", "club", "elsewhere"])
def test_the_same_file_replays_alike_from_any_directory(
    sitting: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    (sitting.parent.parent / "elsewhere").mkdir(exist_ok=True)
    house(sitting.parent.parent / "elsewhere" / "house.toml", 10)
    monkeypatch.chdir(sitting.parent.parent / where)
    out = run("session", str(sitting.resolve()), "--json")
    assert out.exit_code == 0, out.output
    record, summary = json_lines(out.stdout)
    assert record["payments"] == {"E": 60, "S": -20, "W": -20, "N": -20}  # stake 1, not 10
    assert "warnings" not in summary["summary"]


def test_a_changed_ruleset_file_warns_in_json_and_in_the_view(sitting: Path) -> None:
    house(sitting.parent / "house.toml", 2)
    out = run("session", str(sitting), "--json")
    assert out.exit_code == 0, out.output
    record, summary = json_lines(out.stdout)
    assert record["payments"] == {"E": 120, "S": -40, "W": -40, "N": -40}  # the file as it is
    (warning,) = summary["summary"]["warnings"]
    assert warning["message"].startswith("ruleset file house.toml has changed since")
    assert "已被修改" in warning["message_zh"]
    view = run("session", str(sitting))
    assert view.exit_code == 0
    assert "warning: ruleset file house.toml has changed since" in view.stdout
    assert "警告：" in run("session", str(sitting), "--lang", "zh").stdout


def test_strict_rules_refuses_a_changed_file_and_accepts_an_unchanged_one(sitting: Path) -> None:
    out = run("session", str(sitting), "--json", "--strict-rules")
    assert out.exit_code == 0, out.output
    house(sitting.parent / "house.toml", 2)
    out = run("session", str(sitting), "--json", "--strict-rules")
    assert out.exit_code == 1
    first = json_lines(out.stdout)[0]
    assert first["line"] == 1 and first["error"]["code"] == "invalid_request"
    assert "--strict-rules" in first["error"]["message"]
    before = sitting.read_bytes()
    out = run("session", str(sitting), "--strict-rules", "--add", SELF_DRAW)
    assert out.exit_code == 1
    assert sitting.read_bytes() == before


def test_a_header_without_a_digest_still_replays(tmp_path: Path) -> None:
    house(tmp_path / "house.toml", 3)
    path = tmp_path / "game.jsonl"
    path.write_text('{"session": {"rules": "house.toml"}}\n' + SELF_DRAW + "\n")
    out = run("session", str(path), "--json", "--strict-rules")
    assert out.exit_code == 0, out.output
    record, summary = json_lines(out.stdout)
    assert record["payments"]["E"] == 180
    assert "warnings" not in summary["summary"]


def test_a_stream_reads_a_relative_path_against_the_current_directory(
    sitting: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = sitting.read_text(encoding="utf-8")
    monkeypatch.chdir(sitting.parent)
    out = run("session", "-", "--json", stdin=text)
    assert out.exit_code == 0, out.output
    assert json_lines(out.stdout)[0]["payments"]["E"] == 60
    monkeypatch.chdir(sitting.parent.parent)  # its house.toml has stake 10, and no digest match
    out = run("session", "-", "--json", "--strict-rules", stdin=text)
    assert out.exit_code == 1
    assert json_lines(out.stdout)[0]["error"]["code"] == "invalid_request"


def test_the_library_replay_takes_the_directory(sitting: Path) -> None:
    lines = sitting.read_text(encoding="utf-8").splitlines()
    records = list(replay(lines, directory=str(sitting.parent)))
    assert records[0].payments == {"E": 60, "S": -20, "W": -20, "N": -20}


def _args(text: str, marks: Any) -> dict[str, Any]:
    from mjcalc.app.arglines import session_request as session_args

    return session_args(text, marks)


def test_an_absolute_path_stays_absolute(tmp_path: Path) -> None:
    rules = house(tmp_path / "house.toml", 1)
    path = tmp_path / "sub" / "game.jsonl"
    path.parent.mkdir()
    out = run("session", str(path), "--new", "-r", str(rules))
    assert out.exit_code == 0, out.output
    header = json.loads(path.read_text(encoding="utf-8"))["session"]
    assert header["rules"] == str(rules)


def test_new_with_an_unreadable_ruleset_file_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    bad = tmp_path / "big.toml"
    bad.write_text('ruleset = "shanghai"\n[options]\nstake = ' + "9" * 5000 + "\n")
    for rules in (str(bad), str(tmp_path / "missing.toml")):
        out = run("session", str(path), "--new", "-r", rules)
        assert out.exit_code == 1
        assert "Traceback" not in out.output and "internal_error" not in out.output
        assert not path.exists()
