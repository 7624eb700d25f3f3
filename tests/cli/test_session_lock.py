"""A writer that finds FILE locked by another waits a bounded time, says so, then gives up
with the ``locked`` code, exit 1 and FILE unchanged (it never hangs forever)."""

from __future__ import annotations

import fcntl
import json
import os
import time
from pathlib import Path

from tests.support.cli import run

HAND = '{"hand": "11122233344455m", "discarder": "S"}'


def _sitting(tmp_path: Path) -> Path:
    path = tmp_path / "sitting.jsonl"
    path.write_text('{"session": {"rules": "shanghai"}}\n', encoding="utf-8")
    return path


def test_a_held_lock_makes_a_writer_give_up_after_its_wait(tmp_path: Path) -> None:
    path = _sitting(tmp_path)
    before = path.read_bytes()
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # another writer, stopped with Ctrl-Z
        started = time.monotonic()
        out = run("session", str(path), "--add", HAND, "--wait", "0.5", "--json")
        took = time.monotonic() - started
    finally:
        os.close(fd)
    assert out.exit_code == 1
    assert took < 10
    assert "another writer holds its lock" in out.stderr
    assert out.stderr.index("waiting for") < out.stderr.index("gave up")
    record = json.loads(out.stdout)
    assert (record["ok"], record["error"]["code"]) == (False, "locked")
    assert path.read_bytes() == before


def test_a_free_lock_is_taken_at_once(tmp_path: Path) -> None:
    path = _sitting(tmp_path)
    out = run("session", str(path), "--add", HAND, "--wait", "0")
    assert out.exit_code == 0, out.stderr
    assert "waiting" not in out.stderr


def test_the_wait_has_help_in_both_languages() -> None:
    assert "--wait" in run("session", "--help").stdout
    assert "--wait" in run("session", "--help", "--lang", "zh").stdout
