"""A change to a session file that was made, but whose output could not be written, ends with
its own status (3), never the refusal's (1): a script that retries on failure must not add the
line twice. Run as real processes, with stdout on /dev/full or a pipe nobody reads."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjcalc.cli.output import ExitStatus

HEADER = '{"session": {"rules": "shanghai"}}\n'


def run(args: list[str], stdout: int, lang: str = "en") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MJCALC_LANG": lang, "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "mjcalc", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


@pytest.fixture
def sitting(tmp_path: Path) -> Path:
    path = tmp_path / "night.jsonl"
    path.write_text(HEADER)
    return path


needs_dev_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")


@needs_dev_full
@pytest.mark.parametrize("shape", [["--json"], []], ids=["json", "text"])
def test_an_add_whose_output_fails_is_written_and_says_so(sitting: Path, shape: list[str]) -> None:
    with open("/dev/full", "w") as full:
        out = run(["session", str(sitting), "--add", "draw", *shape], full.fileno())
    assert out.returncode == ExitStatus.WRITTEN_NOT_SHOWN == 3
    assert sitting.read_text() == HEADER + "draw\n"  # the change is there, once
    assert "was written (line 2), but its output could not be" in out.stderr
    assert "Do not make the change again." in out.stderr
    assert "Traceback" not in out.stderr


@needs_dev_full
def test_the_message_is_in_chinese_too(sitting: Path) -> None:
    sitting.write_text(HEADER + "draw\n")
    with open("/dev/full", "w") as full:
        out = run(["session", str(sitting), "--undo", "--lang", "zh"], full.fileno(), "zh")
    assert out.returncode == 3
    assert sitting.read_text() == HEADER
    assert "改动已经写入（第 2 行），但结果无法输出" in out.stderr


@needs_dev_full
def test_a_new_session_whose_output_fails_is_written(tmp_path: Path) -> None:
    path = tmp_path / "new.jsonl"
    with open("/dev/full", "w") as full:
        out = run(["session", str(path), "--new", "--rules", "xingguo", "--json"], full.fileno())
    assert out.returncode == 3
    assert path.read_text().startswith('{"session":')


def test_a_broken_pipe_after_the_change_is_status_3(sitting: Path) -> None:
    read, write = os.pipe()
    os.close(read)  # nobody will read: the first write is a broken pipe
    try:
        out = run(["session", str(sitting), "--add", "draw", "--json"], write)
    finally:
        os.close(write)
    assert out.returncode == 3
    assert sitting.read_text() == HEADER + "draw\n"


@needs_dev_full
def test_a_refused_change_is_still_status_1(sitting: Path) -> None:
    with open("/dev/full", "w") as full:
        out = run(["session", str(sitting), "--add", "bogus words", "--json"], full.fileno())
    assert out.returncode == ExitStatus.FAILED == 1
    assert sitting.read_text() == HEADER


def test_one_name_per_exit_value() -> None:
    values = [member.value for member in ExitStatus]
    assert values == [0, 1, 2, 3, 141]
    assert len(ExitStatus.__members__) == len(set(values))  # no alias
