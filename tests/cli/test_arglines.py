"""Batch argument lines: split like the shell (shlex) and parsed like ``score`` itself."""

from __future__ import annotations

import shlex

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcalc.cli.arglines import batch_request as _batch_request
from mjcalc.cli.arglines import split_line as _split_line
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
    assert _batch_request(line, None) == {
        "hand": "11122233344455m",
        "rules": "shanghai",  # from MJCALC_RULES, as `score` reads it
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
        ("'1m' --kaibao x", "Invalid value for '--kaibao': 'x' is not a valid integer range."),
        ("'1m' --help", "No such option '--help'. Did you mean '--heavenly'?"),
    ]:
        with pytest.raises(MjcalcError) as caught:
            _batch_request(bad, "xingguo")
        assert caught.value.message == message
