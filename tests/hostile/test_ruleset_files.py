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


# --- whatever the file holds, loading it is a user error, never internal_error -------------------

HOSTILE_FILES = {
    "long_int": 'ruleset = "shanghai"\n[options]\nstake = ' + "9" * 5000 + "\n",
    "long_int_top": 'ruleset = "shanghai"\nx = -' + "1" * 4301 + "\n",
    "huge_float": 'ruleset = "shanghai"\n[options]\nstake = 1e99999\n',
    "nan": 'ruleset = "shanghai"\n[options]\nlezi = nan\n',
    "date": 'ruleset = "shanghai"\n[options]\nstake = 1979-05-27T07:32:00Z\n',
    "bad_date": 'ruleset = "shanghai"\n[options]\nstake = 2020-02-30\n',
    "description_table": 'ruleset = "shanghai"\n[description]\nx = 1\n',
    "description_number": 'ruleset = "shanghai"\ndescription = 1e999\n',
    "ruleset_array": 'ruleset = ["shanghai"]\n',
    "options_array": 'ruleset = "shanghai"\noptions = [1, 2]\n',
    "deep_key": 'ruleset = "shanghai"\n' + ".".join(["a"] * 17) + " = 1\n",
    "deep_quoted_key": 'ruleset = "shanghai"\n[' + ".".join(['"a"'] * 40) + "]\n",
    "deep_array": 'ruleset = "shanghai"\nx = ' + "[" * 5000 + "]" * 5000 + "\n",
    "bad_utf8": b'ruleset = "shanghai"\ndescription = "\xff"\n',
}


def hostile_file(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / f"{kind}.toml"
    content = HOSTILE_FILES[kind]
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    return path


@pytest.mark.parametrize("kind", sorted(HOSTILE_FILES))
def test_every_hostile_file_is_a_user_error_everywhere(tmp_path: Path, kind: str) -> None:
    path = str(hostile_file(tmp_path, kind))
    code = error_code({**SHANGHAI, "rules": path})
    assert code in ("invalid_request", "unknown_rules")
    for args in (
        ("rules", path),
        ("score", SHANGHAI["hand"], "--winner", "E", "-r", path),
        ("waits", "1112223334445m", "-r", path),
    ):
        out = run(*args)
        assert out.exit_code == 1, (args, out.output)
        assert out.exception is None or isinstance(out.exception, SystemExit), args
        assert "internal_error" not in out.output and "Traceback" not in out.output
    line = json.dumps({**SHANGHAI, "rules": path})
    for jobs in ("1", "2"):
        out = run("batch", "-", "--json", "--jobs", jobs, stdin=f"{line}\n{line}\n")
        codes = [json.loads(row)["error"]["code"] for row in out.stdout.splitlines()]
        assert codes == [code, code]
    session = tmp_path / "game.jsonl"
    session.write_text(json.dumps({"session": {"rules": path}}) + "\n")
    out = run("session", str(session), "--json")
    assert out.exit_code == 1
    assert json.loads(out.stdout.splitlines()[0])["error"]["code"] == code


def test_the_long_integer_message_says_what_is_wrong(tmp_path: Path) -> None:
    out = run("rules", str(hostile_file(tmp_path, "long_int")))
    assert "holds a number too long to read (more than 4300 digits)" in out.output
    out = run("rules", str(hostile_file(tmp_path, "deep_key")), "--lang", "zh")
    assert "超过 16 段的点分键" in out.output


def test_a_key_of_sixteen_parts_is_still_read(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('ruleset = "shanghai"\n' + ".".join(["a"] * 16) + " = 1\n")
    result = score({**SHANGHAI, "rules": str(path)})
    assert result.error is not None and "unknown key 'a'" in result.error.message
    path.write_text('ruleset = "shanghai"\ndescription = "' + ".".join("a" * 40) + '"\n')
    assert score({**SHANGHAI, "rules": str(path)}).payments == SHANGHAI_PAYMENTS


def test_a_mebibyte_of_deep_dotted_keys_is_refused_before_parsing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mjcalc.rules import registry

    key = ".".join(["a"] * 400)
    rows = [f"{key}{row} = 1\n" for row in range(((1 << 20) - 2000) // (len(key) + 10))]
    path = tmp_path / "dotted.toml"
    path.write_text('ruleset = "shanghai"\n' + "".join(rows))
    assert path.stat().st_size > 1000 * 1000
    parsed: list[str] = []

    def parse(text: str) -> dict[str, object]:
        parsed.append(text)
        raise AssertionError("the parser was reached")

    monkeypatch.setattr(registry, "tomllib", type("T", (), {"loads": staticmethod(parse)}))
    assert error_code({**SHANGHAI, "rules": str(path)}) == "invalid_request"
    assert parsed == []  # refused by the key-depth check, never handed to the parser
