"""A ruleset file is read only when it is a regular ``.toml`` file of at most 1 MiB, names a
registered ruleset (never a module), and nests no deeper than TOML needs; anything else is one
clean error that never tells which files exist.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mjcalc import score
from tests.support.cli import run
from tests.support.worked import SHANGHAI, SHANGHAI_PAYMENTS, error_code

# --- only a regular .toml file of at most 1 MiB is read -------------------------------------------


def refused_message(name: str) -> str:
    result = score({"rules": name, "hand": "1m"})
    assert result.error is not None and result.error.code == "unknown_rules", result.error
    return result.error.message.replace(name, "NAME")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_devices_fifos_directories_and_big_files_are_refused_unread(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)  # opening it would hang: it is never opened
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (1 << 20) + b"\n")  # one byte over 1 MiB
    names = [
        "/dev/zero",
        "/dev/stdin",
        str(fifo),
        str(folder),
        str(big),
        str(tmp_path / "missing.toml"),
        str(tmp_path / "x\x00.toml"),
        "/etc/hostname",  # a regular file, but not .toml
    ]
    # one message for all: it never tells which files exist
    assert {refused_message(name) for name in names} == {refused_message("/nonexistent.toml")}


def test_a_file_of_exactly_one_mebibyte_is_read(tmp_path: Path) -> None:
    header = 'ruleset = "shanghai"\n'
    path = tmp_path / "house.toml"
    path.write_text(header + "#" * ((1 << 20) - len(header) - 1) + "\n")
    assert path.stat().st_size == 1 << 20
    assert score({**SHANGHAI, "rules": str(path)}).payments == SHANGHAI_PAYMENTS


def test_dev_stdin_in_a_batch_does_not_swallow_the_rest() -> None:
    lines = [json.dumps({**SHANGHAI, "rules": "/dev/stdin"}), json.dumps(SHANGHAI)]
    out = run("batch", "-", "--json", stdin="\n".join(lines) + "\n")
    results = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["ok"] for r in results] == [False, True]
    assert results[0]["error"]["code"] == "unknown_rules"


# --- a ruleset file names a registered ruleset, never a module ------------------------------------


@pytest.mark.parametrize("name", ["base", "xingguo_hu", "__init__", "os", "xingguo.hu"])
def test_a_ruleset_key_outside_the_registry_is_unknown_rules(tmp_path: Path, name: str) -> None:
    path = tmp_path / "house.toml"
    path.write_text(f'ruleset = "{name}"\n')
    assert error_code({**SHANGHAI, "rules": str(path)}) == "unknown_rules"


def test_a_deeply_nested_ruleset_file_is_a_clean_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text('ruleset = "shanghai"\nx = ' + "[" * 5000 + "]" * 5000 + "\n")
    assert error_code({**SHANGHAI, "rules": str(path)}) == "invalid_request"
    inline = tmp_path / "inline.toml"
    inline.write_text('ruleset = "shanghai"\nx = ' + "{a=" * 5000 + "1" + "}" * 5000 + "\n")
    assert error_code({**SHANGHAI, "rules": str(inline)}) == "invalid_request"
