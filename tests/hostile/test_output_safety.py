"""What reaches the terminal is safe: control characters and line separators are escaped, and an
output or input that fails (a full disk, a closed stream, a broken pipe, an encoding without the
glyphs) ends the command with one line and status 1, never a traceback.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjcalc import score
from mjcalc.render.console import make_console
from mjcalc.render.result import render_result
from mjcalc.render.text import safe
from tests.support.cli import run, run_main
from tests.support.worked import SCORE_ARGS, SHANGHAI, XINGGUO

# --- control characters never reach the terminal --------------------------------------------------


def test_safe_escapes_controls_and_separators_only() -> None:
    assert safe("123m 東 　白") == "123m 東 　白"  # the ideographic space stays
    assert safe("a\x1b[31mb") == "a\\x1b[31mb"
    assert safe("a\u2028b\u2029c") == "a\\u2028b\\u2029c"
    assert safe("\u202eevil\u2066") == "\\u202eevil\\u2066"
    assert safe("\x85\x9b\x07\n\t") == "\\x85\\x9b\\x07\\x0a\\x09"


HOSTILE = "\x1b]0;pwned\x07\x1b[2J\u2028forged row\u202e"


def assert_clean(text: str) -> None:
    for ch in ("\x1b", "\x07", "\u2028", "\u202e"):
        assert ch not in text


def test_error_lines_escape_a_hostile_hand_and_field_name() -> None:
    out = run("score", "123m" + HOSTILE, "-r", "shanghai")
    assert out.exit_code == 1
    assert_clean(out.stderr)
    out = run("batch", "-", stdin=json.dumps({**SHANGHAI, HOSTILE: 1}) + "\n")
    assert_clean(out.stdout + out.stderr)
    assert "unknown field" in out.stdout


def test_batch_rows_escape_a_hostile_hand() -> None:
    out = run("batch", "-", stdin=json.dumps({**SHANGHAI, "hand": HOSTILE}) + "\n")
    assert out.exit_code == 1
    assert_clean(out.stdout)
    assert "\\u2028forged row" in out.stdout


def test_the_rules_view_escapes_a_hostile_ruleset_file(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    description = HOSTILE.replace("\x1b", "\\u001b").replace("\x07", "\\u0007")
    description = description.replace("\u2028", "\\u2028").replace("\u202e", "\\u202e")
    path.write_text(f'ruleset = "shanghai"\ndescription = "{description}"\n')
    out = run("rules", str(path))
    assert out.exit_code == 0, out.output
    assert_clean(out.stdout)
    assert "\\x1b]0;pwned" in out.stdout


# --- output and input that fail end with one line, status 1 ---------------------------------------


def assert_one_line_failure(proc: subprocess.CompletedProcess[bytes], what: str) -> None:
    err = proc.stderr.decode()
    assert proc.returncode == 1
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith(f"mjcalc: cannot {what}"), err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("as_json", [True, False])
def test_a_full_disk(as_json: bool) -> None:
    with open("/dev/full", "wb") as full:
        proc = run_main(
            *SCORE_ARGS,
            *(["--json"] if as_json else []),
            stdout=full,
            capture_output=False,
            stderr=subprocess.PIPE,
        )
    assert_one_line_failure(proc, "write the output")


def test_a_closed_stdout() -> None:
    proc = run_main(
        *SCORE_ARGS,
        "--json",
        stdout=subprocess.DEVNULL,
        capture_output=False,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: os.close(1),
    )
    assert_one_line_failure(proc, "write the output")


def test_a_closed_stdin() -> None:
    proc = run_main(
        "batch",
        "-",
        "--json",
        stdout=subprocess.PIPE,
        capture_output=False,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: os.close(0),
    )
    assert_one_line_failure(proc, "read the input")


@pytest.mark.parametrize("shape", [["--json"], [], ["--csv"]], ids=["json", "view", "csv"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_broken_pipe_ends_quietly_as_ls_does(shape: list[str], lang: str) -> None:
    """``mjcalc batch FILE | head``: the reader took what it wanted. As ``ls | head`` ends:
    nothing said, and the shell's status for SIGPIPE (128 + 13)."""
    line = (json.dumps(XINGGUO) + "\n").encode()
    proc = subprocess.Popen(
        [sys.executable, "-m", "mjcalc", "batch", "-", "--lang", lang, *shape],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stdin is not None
    proc.stdout.close()  # the reader went away (`| head -1`)
    try:
        proc.stdin.write(line * 2000)
        proc.stdin.close()
    except BrokenPipeError:
        pass
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 141 == 128 + 13
    assert err == b""


def test_an_ascii_terminal_cannot_show_the_breakdown() -> None:
    env = {"PYTHONIOENCODING": "ascii", "PYTHONUTF8": "0", "LC_ALL": "C"}
    assert_one_line_failure(run_main(*SCORE_ARGS, env=env), "write the output")


def test_an_encoding_without_tile_glyphs_shows_mpsz() -> None:
    buffer = io.BytesIO()
    stream = io.TextIOWrapper(buffer, encoding="gbk")
    console = make_console(file=stream)
    render_result(score(XINGGUO), console)
    stream.flush()
    text = buffer.getvalue().decode("gbk")
    assert text.splitlines()[0] == "12233m456p789s11z 4m"  # the canonical hand, no glyph line
    assert "平胡" in text  # Chinese still shows: GBK has it


# --- every character of Cc, Cf, Zl, Zp from the input is escaped ------------------------------

UNSAFE = {
    "\u202e": "\\u202e",  # right-to-left override (Cf)
    "\u2066": "\\u2066",  # left-to-right isolate (Cf)
    "\u200b": "\\u200b",  # zero-width space (Cf)
    "\x1b": "\\x1b",  # ESC (Cc)
    "\x9b": "\\x9b",  # CSI, a C1 control (Cc)
    "\x85": "\\x85",  # NEL (Cc)
    "\u2028": "\\u2028",  # line separator (Zl)
    "\u2029": "\\u2029",  # paragraph separator (Zp)
}
OSC = "\x1b]0;pwned\x07"
NAME = "x" + "".join(UNSAFE) + OSC


def assert_escaped(text: str, *, allow: str = "") -> None:
    import unicodedata

    raw = [
        ch
        for ch in text
        if ch not in allow and unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp")
    ]
    assert raw == [], raw


def test_player_names_in_the_standings_are_escaped(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    chars = dict(zip("ESWN", "\u202e\u2066\u200b\u2028", strict=True))
    names = {seat: f"{seat}{ch}z" for seat, ch in chars.items()}
    out = run(
        "session",
        str(path),
        "--new",
        "-r",
        "shanghai",
        *[f"--player={s}={n}" for s, n in names.items()],
    )
    assert out.exit_code == 0, out.output
    view = run("session", str(path))
    assert view.exit_code == 0
    assert_escaped(view.stdout, allow="\n")
    for seat in "ESWN":
        assert f"{seat}{UNSAFE[chars[seat]]}z" in view.stdout
    # the header keeps the names, their line breaks written as JSON escapes
    header = path.read_text(encoding="utf-8")
    assert "\u2028" not in header and "\\u2028" in header
    assert json.loads(header)["session"]["players"]["N"] == "N\u2028z"


def test_file_names_are_escaped_when_started_and_added(tmp_path: Path) -> None:
    path = tmp_path / f"{NAME}.jsonl"
    out = run("session", str(path), "--new", "-r", "shanghai")
    assert out.exit_code == 0, out.output
    assert_escaped(out.stderr, allow="\n")
    assert (
        "\\u202e\\u2066\\u200b\\x1b\\x9b\\x85\\u2028\\u2029\\x1b]0;pwned\\x07.jsonl" in out.stderr
    )
    out = run("session", str(path), "--add", "11122233344455m --winner E")
    assert out.exit_code == 0, out.output
    assert "added line 2 to" in out.stderr
    assert_escaped(out.stderr, allow="\n")
    out = run("session", str(path), "--new", "-r", "shanghai")  # exists
    assert out.exit_code == 1
    assert_escaped(out.stderr, allow="\n")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_clicks_invalid_value_for_file_is_escaped(tmp_path: Path, lang: str) -> None:
    folder = tmp_path / f"d{NAME}"
    folder.mkdir()
    missing = str(tmp_path / f"m{NAME}")
    for args in (
        ("session", str(folder)),  # Click's own "is a directory"
        ("batch", missing),  # Click's own "No such file or directory"
        ("batch", str(folder)),
        ("session", missing),
        ("score", "1m", "--winner", NAME),
        ("score", "1m", f"--bogus{NAME}"),
    ):
        out = run(*args, "--lang", lang)
        assert out.exit_code == 2, (args, out.output)
        assert_escaped(out.stderr, allow="\n")
        assert "\\u202e" in out.stderr, out.stderr


def test_clicks_messages_are_escaped_in_a_real_process(tmp_path: Path) -> None:
    proc = run_main("batch", str(tmp_path / f"m{NAME}"))
    err = proc.stderr.decode()
    assert proc.returncode == 2
    assert_escaped(err, allow="\n")
    assert "No such file or directory" in err


def test_json_writes_line_separators_as_escapes(tmp_path: Path) -> None:
    hand = "11122233344455m\u2028\u2029\x85"
    out = run("batch", "-", "--json", stdin=json.dumps({**SHANGHAI, "hand": hand}) + "\n")
    assert out.stdout.count("\n") == 1 and len(out.stdout.splitlines()) == 1
    assert "\\u2028\\u2029\\u0085" in out.stdout
    out = run("score", hand, "-r", "shanghai", "--json")
    assert len(out.stdout.splitlines()) == 1 and "\\u2028" in out.stdout
    out = run("waits", "1112223334445m\u2028", "-r", "shanghai", "--json")
    assert len(out.stdout.splitlines()) == 1 and "\\u2028" in out.stdout
    rules = tmp_path / "house.toml"
    rules.write_text('ruleset = "shanghai"\ndescription = "a\\u2028b\\u0085c"\n')
    out = run("rules", str(rules), "--json")
    assert "\u2028" not in out.stdout and "\\u2028" in out.stdout
    assert json.loads(out.stdout)["description"] == "a\u2028b\x85c"
    session = tmp_path / "game.jsonl"
    session.write_text('{"session": {"rules": "shanghai"}}\n' + json.dumps({"hand": hand}) + "\n")
    out = run("session", str(session), "--json")
    assert len(out.stdout.splitlines()) == 2 and "\u2028" not in out.stdout
