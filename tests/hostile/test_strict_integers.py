"""Integers on the command line are as strict as JSON: ASCII digits and an optional sign only.
Python's ``int`` takes ``1_0``, Arabic-indic ``١`` and full-width ``３``; every integer flag
refuses them as a usage error (exit 2), like any other malformed value.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mjcalc.rules.flags import whole_number
from tests.support.cli import run

LOOSE = ["1_0", "١", "٣", "３", "1e3", "0x1", "²", "", "+", "1.0"]
HAND = ("11122233344455m", "--winner", "E")


@pytest.mark.parametrize("text", LOOSE)
def test_whole_number_refuses_what_json_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        whole_number(text)


def test_whole_number_reads_plain_numbers() -> None:
    assert [whole_number(t) for t in ("0", "7", "-3", "+12", " 5 ", "007")] == [0, 7, -3, 12, 5, 7]


@pytest.mark.parametrize("text", ["1_0", "١", "３"])
@pytest.mark.parametrize(
    "args",
    [
        ("score", *HAND, "-r", "shanghai", "--flowers", "{}"),
        ("score", *HAND, "-r", "xingguo", "--jing", "1m", "--jings", "S={},1"),
        ("batch", "-", "--jobs", "{}"),
        ("session", "{file}", "--new", "-r", "shanghai", "--balance", "{}"),
        ("session", "{file}", "--new", "-r", "shanghai", "--points", "E={}"),
    ],
)
def test_every_integer_flag_refuses_loose_digits(
    tmp_path: Path, args: tuple[str, ...], text: str
) -> None:
    file = str(tmp_path / "game.jsonl")
    words = [word.replace("{file}", file).replace("{}", text) for word in args]
    out = run(*words, stdin="")
    assert out.exit_code == 2, out.output
    assert text in out.stderr
    assert not Path(file).exists()


def test_the_message_calls_it_an_integer() -> None:
    """Not Click's "integer range", which reads as if a range were expected."""
    out = run("score", *HAND, "-r", "shanghai", "--flowers", "1_0")
    assert "'1_0' is not a valid integer." in out.stderr


def test_the_same_flags_take_plain_digits(tmp_path: Path) -> None:
    assert run("score", *HAND, "-r", "shanghai", "--flowers", "2", "--json").exit_code == 0
    assert run("batch", "-", "--jobs", "1", stdin="").exit_code == 0
    file = str(tmp_path / "game.jsonl")
    out = run("session", file, "--new", "-r", "shanghai", "--balance", "100", "--points", "E=+5")
    assert out.exit_code == 0, out.output


def test_the_message_is_in_chinese_with_the_command_line() -> None:
    out = run("score", *HAND, "-r", "shanghai", "--flowers", "١", "--lang", "zh")
    assert out.exit_code == 2
    assert "'١' 不是有效的数。" in out.stderr
