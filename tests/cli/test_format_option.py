"""``--format``: one option on every command that writes data, ``--json`` and ``--csv`` its short
forms (the same bytes), the two together with another format a usage error, and the JSON record
of a usage error read from the format the command line asks for, however it is spelled."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from mjcalc.cli import cli
from tests.support.cli import run

ROOT = Path(__file__).resolve().parents[2]
HANDS = str(ROOT / "docs" / "examples" / "hands.txt")
SITTING = ROOT / "docs" / "examples" / "sitting.jsonl"
HAND = ["111m222m333m444m55m", "-r", "shanghai", "--discarder", "S"]

COMMANDS = {
    "score": [*HAND],
    "score-error": ["123m456p789s11h 234m", "-r", "shanghai"],
    "batch": [HANDS, "-r", "xingguo"],
    "waits": ["1112345678999m", "-r", "shanghai"],
    "waits-error": ["1h", "-r", "shanghai"],
    "session": [str(SITTING)],
    "rules": [],
    "rules-xingguo": ["xingguo"],
    "rules-unknown": ["nowhere"],
}


def _command(case: str) -> list[str]:
    return [case.split("-")[0], *COMMANDS[case]]


@pytest.mark.parametrize("case", COMMANDS)
@pytest.mark.parametrize("spelled", [["--format", "json"], ["--format=json"]])
def test_format_json_writes_what_json_writes_byte_for_byte(case: str, spelled: list[str]) -> None:
    short = run(*_command(case), "--json")
    long = run(*_command(case), *spelled)
    assert short.stdout_bytes  # the check sees the output...
    assert (long.exit_code, long.stdout_bytes) == (short.exit_code, short.stdout_bytes)
    assert long.stderr == short.stderr  # ...and the messages beside it


@pytest.mark.parametrize("case", ["score", "batch", "waits", "session", "rules", "rules-xingguo"])
def test_format_text_is_the_view_without_a_format(case: str) -> None:
    plain = run(*_command(case))
    text = run(*_command(case), "--format", "text")
    assert plain.stdout and (text.exit_code, text.stdout) == (plain.exit_code, plain.stdout)


@pytest.mark.parametrize("command", ["batch", "session"])
def test_format_csv_writes_what_csv_writes_byte_for_byte(command: str) -> None:
    args = _command(command)
    short = run(*args, "--csv")
    assert short.stdout.startswith("line,")
    long = run(*args, "--format", "csv")
    assert (long.exit_code, long.stdout_bytes) == (short.exit_code, short.stdout_bytes)


def test_a_change_to_a_sitting_writes_the_same_json_either_way(tmp_path: Path) -> None:
    outputs = []
    for i, spelled in enumerate((["--json"], ["--format", "json"])):
        game = tmp_path / f"game{i}.jsonl"
        shutil.copy(SITTING, game)
        out = run("session", str(game), "--add", "draw", *spelled)
        outputs.append((out.exit_code, out.stdout_bytes))
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[0][1].splitlines()[-1])["summary"]


@pytest.mark.parametrize(
    ("command", "formats"),
    [
        ("score", "[text|json|markdown]"),
        ("batch", "[text|json|csv|markdown]"),
        ("waits", "[text|json]"),
        ("session", "[text|json|csv]"),
        ("rules", "[text|json]"),
    ],
)
def test_each_command_offers_the_formats_it_writes(command: str, formats: str) -> None:
    page = " ".join(run(command, "--help").stdout.split())  # the help's lines joined
    assert f"--format {formats}" in page
    assert "(short for --format json)" in page
    zh = "".join(run(command, "--help", "--lang", "zh").stdout.split())
    assert f"--format{formats}" in zh and "即--formatjson" in zh


def test_a_format_a_command_does_not_write_is_a_usage_error() -> None:
    out = run("waits", "1112345678999m", "-r", "shanghai", "--format", "markdown")
    assert out.exit_code == 2
    assert "Invalid value for '--format': 'markdown' is not one of 'text', 'json'" in out.stderr


# --- a short form beside another format ----------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "other"),
    [
        (["score", *HAND, "--json", "--format", "text"], "text"),
        (["score", *HAND, "--format=markdown", "--json"], "markdown"),
        (["waits", "1112345678999m", "-r", "shanghai", "--json", "--format", "text"], "text"),
        (["batch", HANDS, "-r", "xingguo", "--json", "--format", "csv"], "csv"),
        (["session", str(SITTING), "--json", "--format", "text"], "text"),
        (["rules", "--format", "text", "--json"], "text"),
    ],
)
def test_json_with_another_format_is_a_usage_error_in_both_languages(
    args: list[str], other: str
) -> None:
    out = run(*args)
    assert out.exit_code == 2
    message = f"--json is short for --format json: not with --format {other}; choose one output"
    assert f"Error: {message}" in out.stderr
    # the command line asked for JSON: the record on stdout, in both languages
    error = json.loads(out.stdout)["error"]
    assert error == {
        "code": "usage",
        "message": message,
        "message_zh": f"--json 即 --format json：不能和 --format {other} 同用；请选一种输出",
    }
    zh = run(*args, "--lang", "zh")
    assert zh.exit_code == 2
    assert f"错误：--json 即 --format json：不能和 --format {other} 同用" in zh.stderr


def test_a_short_form_with_its_own_format_is_that_format() -> None:
    both = run("score", *HAND, "--json", "--format", "json")
    assert (both.exit_code, both.stdout) == (0, run("score", *HAND, "--json").stdout)
    csv = run("batch", HANDS, "-r", "xingguo", "--csv", "--format", "csv")
    assert csv.stdout == run("batch", HANDS, "-r", "xingguo", "--csv").stdout


@pytest.mark.parametrize("command", [["batch", HANDS, "-r", "xingguo"], ["session", str(SITTING)]])
def test_csv_with_another_format_or_with_json_is_a_usage_error(command: list[str]) -> None:
    out = run(*command, "--csv", "--format", "text")
    assert out.exit_code == 2
    assert "--csv is short for --format csv: not with --format text" in out.stderr
    assert out.stdout == ""  # no JSON asked for: no record
    both = run(*command, "--csv", "--json")
    assert both.exit_code == 2
    assert "--csv and --json cannot be used together" in both.stderr


@pytest.mark.parametrize(
    ("args", "other"),
    [
        (["--standings", "--format", "json"], "--format json"),
        (["--chart", "--json"], "--json"),
        (["--standings", "--format=csv"], "--format csv"),
        (["--chart", "--csv"], "--csv"),
    ],
)
def test_the_session_views_take_no_other_format(args: list[str], other: str) -> None:
    out = run("session", str(SITTING), *args)
    assert out.exit_code == 2
    assert f"is a view of the replay: not with {other}" in out.stderr


def test_csv_of_a_sitting_is_no_output_of_a_change(tmp_path: Path) -> None:
    game = tmp_path / "game.jsonl"
    shutil.copy(SITTING, game)
    for spelled in (["--csv"], ["--format", "csv"]):
        out = run("session", str(game), "--add", "draw", *spelled)
        assert out.exit_code == 2
        assert f"{' '.join(spelled)} is a view of the replay: not with --add" in out.stderr
    assert game.read_bytes() == SITTING.read_bytes()


# --- the JSON record of a usage error ------------------------------------------------------------

USAGE_ERRORS = [
    (["score", "123m", "--bogus"], "No such option '--bogus'"),
    (["score", "123m", "--winner", "X"], "Invalid value for '--winner'"),
    (["waits", "123m", "--bogus"], "No such option '--bogus'"),
    (["batch", "no-such-file.txt"], "No such file or directory"),
    (["session"], "Missing argument 'FILE'"),
    (["rules", "--bogus"], "No such option '--bogus'"),
    (["--bogus"], "No such option '--bogus'"),
]


@pytest.mark.parametrize(("args", "message"), USAGE_ERRORS)
@pytest.mark.parametrize("spelled", [["--format", "json"], ["--format=json"], ["--json"]])
def test_a_usage_error_asking_for_json_in_any_spelling_writes_its_record(
    args: list[str], message: str, spelled: list[str]
) -> None:
    out = run(*args, *spelled)
    assert out.exit_code == 2
    lines = out.stdout.splitlines()
    assert len(lines) == 1
    record = json.loads(lines[0])
    assert record["ok"] is False and record["error"]["code"] == "usage"
    assert message in record["error"]["message"] and record["error"]["message_zh"]
    assert "Usage:" in out.stderr
    # the same record whichever way JSON was asked for
    assert out.stdout == run(*args, "--json").stdout


@pytest.mark.parametrize(
    "args",
    [
        ["score", "123m", "--bogus", "--format", "text"],
        ["score", "123m", "--bogus", "--format=markdown"],
        ["score", "123m", "--bogus"],
        # --json is the value of --add here, as Click reads it: no JSON was asked for
        ["session", "game.jsonl", "--add", "--json", "--bogus"],
        ["session", "game.jsonl", "--add", "--format=json", "--bogus"],
        # after --, --json is an argument (the hand)
        ["score", "--bogus", "--", "--json"],
    ],
)
def test_a_usage_error_not_asking_for_json_writes_no_record(args: list[str]) -> None:
    out = run(*args)
    assert out.exit_code == 2 and "No such option '--bogus'" in out.stderr
    assert out.stdout == ""


def test_the_format_is_read_by_the_command_s_parser() -> None:
    from mjcalc.cli.output import asks_for_json

    assert asks_for_json(cli, ["score", "1m", "--format", "json"])
    assert asks_for_json(cli, ["score", "1m", "--format=json", "--nope"])
    assert asks_for_json(cli, ["--lang", "zh", "score", "--json"])
    assert asks_for_json(cli, ["--json"])  # no command: the format options alone read it
    assert asks_for_json(cli, ["schema", "--json"])  # a command without it: the same
    assert not asks_for_json(cli, ["score", "1m", "--format", "json", "--format", "text"])
    assert not asks_for_json(cli, ["score", "--win", "--json"])  # the value of --win
    assert not asks_for_json(cli, ["score", "1m"])


# --- argument lines take the flag too ------------------------------------------------------------


def test_a_batch_line_may_hold_format_as_a_score_line_may() -> None:
    lines = "\n".join(
        [
            "111m222m333m444m55m -r shanghai --discarder S",
            "111m222m333m444m55m -r shanghai --discarder S --format json",
            "111m222m333m444m55m -r shanghai --discarder S --format=markdown",
        ]
    )
    out = run("batch", "-", "--json", stdin=lines)
    assert out.exit_code == 0
    records = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["payments"] for r in records] == [{"E": 20, "S": -20, "W": 0, "N": 0}] * 3
    bad = run("batch", "-", "--json", stdin="111m222m333m444m55m -r shanghai --format csv")
    assert json.loads(bad.stdout)["error"]["message"] == (
        "Invalid value for '--format': 'csv' is not one of 'text', 'json', 'markdown'."
    )
