"""Batch argument lines: split like the shell (shlex) and parsed like ``score`` itself; a common
line read quickly, as Click's parser reads it (``bench/digest.py`` checks the argument lines of
5,000 random requests end to end; here lines are built to hit the parser's edges)."""

from __future__ import annotations

import shlex
from typing import Any

import click
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcalc.cli.arglines import batch_request as _batch_request
from mjcalc.cli.arglines import score_line_parser as _score_line_parser
from mjcalc.cli.arglines import split_line as _split_line
from mjcalc.cli.params import request_from_params
from mjcalc.errors import MjcalcError


def _shlex(text: str) -> list[str] | str:
    try:
        return shlex.split(text)
    except ValueError as exc:
        return f"error: {exc}"


def _ours(text: str) -> list[str] | str:
    try:
        return _split_line(text)
    except ValueError as exc:
        return f"error: {exc}"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="ab1m ='\"\\\t\u3000東-", max_size=16))
def test_split_line_is_shlex_split(text: str) -> None:
    assert _ours(text) == _shlex(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("'123m456p789s11z 234m' --jing 1m", ["123m456p789s11z 234m", "--jing", "1m"]),
        ("'' --jing 1m", ["", "--jing", "1m"]),
        ("a'b c'd", ["ab cd"]),
        ('"1m 2m" x', ["1m 2m", "x"]),  # double quotes: shlex itself
    ],
)
def test_split_line_examples(text: str, words: list[str]) -> None:
    assert _split_line(text) == words


# the messages are Click's own for `mjcalc score` (checked against score.make_context)
def test_argument_line_values_and_errors_are_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MJCALC_RULES", "shanghai")
    line = "'11122233344455m' --discarder s --liable w --liable N --kaibao 2 -o base=2"
    # no "rules": a batch line never reads MJCALC_RULES itself (the command's -r does), so
    # mjcalc.batch gives the same records in any environment
    assert _batch_request(line, None) == {
        "hand": "11122233344455m",
        "discarder": "S",  # seat choices are case-insensitive, normalised
        "kaibao": 2,
        "liable": ["W", "N"],
        "options": {"base": 2},
    }
    # batch --rules beats MJCALC_RULES, a --rules on the line beats both
    assert _batch_request(line, "xingguo")["rules"] == "xingguo"
    assert _batch_request(line + " -r shanghai", "xingguo")["rules"] == "shanghai"
    for bad, message in [
        ("--jing 1m", "Missing argument 'HAND...'."),
        (
            "'1m' --winner Q",
            "Invalid value for '--winner': 'Q' is not a seat (use E, S, W, N or 东 南 西 北)",
        ),
        ("'1m' --jing", "Option '--jing' requires an argument."),
        ("'1m' --kaibao x", "Invalid value for '--kaibao': 'x' is not a valid integer."),
        ("'1m' --help", "No such option '--help'. Did you mean '--heavenly'?"),
    ]:
        with pytest.raises(MjcalcError) as caught:
            _batch_request(bad, "xingguo")
        assert caught.value.message == message


# --- the quick reading of a line against Click's parser -------------------------------------------


# words a line may hold: the common ones, and each kind the quick reading must leave to Click
WORDS = [
    "123m456p789s11z",
    "234m",
    "''",
    "--rules",
    "-r",
    "xingguo",
    "shanghai",
    "--jing",
    "9s",
    "--jing=9s",
    "-rxingguo",
    "--winner",
    "s",
    "南",
    "X",
    "--liable",
    "--flowers",
    "3",
    "9",
    "-1",
    "--follow-dealer",
    "--kong",
    "S=exposed:2m",
    "--jings",
    "S=1,2",
    "S=1",
    "-o",
    "stake=2",
    "--self-draw",
    "--json",
    "--heavenly",
    "--lang",
    "zh",
    "--help",
    "-",
    "--",
    "--nope",
]


def _long_way(args: list[str], default_rules: str | None) -> Any:
    """The request (or the usage error) through Click's parser, as before the quick reading."""
    try:
        params, rules_given = _score_line_parser().parse(list(args))
        if default_rules and not rules_given:
            params["rules"] = default_rules
        return request_from_params(params)
    except click.ClickException as exc:
        return ("error", exc.format_message())


def _quick_way(args: list[str], default_rules: str | None) -> Any:
    params = _score_line_parser().quick(list(args), default_rules)
    if params is None:
        return None
    try:
        return request_from_params(params)
    except click.ClickException as exc:
        return ("error", exc.format_message())


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=9), st.sampled_from([None, "shanghai"]))
def test_quick_argument_line_is_clicks(args: list[str], default_rules: str | None) -> None:
    quick = _quick_way(args, default_rules)
    if quick is not None:  # None: the line is Click's to read
        assert repr(quick) == repr(_long_way(args, default_rules))  # key order included


@pytest.mark.parametrize(
    "args",
    [
        ["1m", "--jing=9s", "-r", "xingguo"],  # an option with its value attached
        ["1m", "-rxingguo"],  # a short option with its value attached
        ["1m", "-r", "xingguo", "--win"],  # a value missing
        ["1m", "-r", "xingguo", "--win", "-1"],  # a value that looks like an option
        ["1m", "-r", "xingguo", "--flowers", "9"],  # a value Click refuses
        ["1m", "-r", "xingguo", "--lang", "zh"],  # --lang has a callback
        ["1m", "-", "-r", "xingguo"],
        ["-r", "xingguo"],  # no HAND
        ["1m"],  # no --rules and no default: MJCALC_RULES is Click's to read
    ],
)
def test_lines_left_to_click(args: list[str]) -> None:
    assert _score_line_parser().quick(args, None) is None


def test_common_line_read_quickly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MJCALC_RULES", "shanghai")  # beaten by the batch's --rules
    args = ["1m", "2m", "-r", "x", "--liable", "w", "--liable", "N", "--kaibao", "2", "--json"]
    assert _score_line_parser().quick(args, None) == {
        "hand": ("1m", "2m"),
        "rules": "x",
        "liable": ("W", "N"),
        "kaibao": 2,
        "as_json": True,
    }
    assert _score_line_parser().quick(["1m"], "xingguo") == {"hand": ("1m",), "rules": "xingguo"}
