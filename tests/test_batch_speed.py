"""Batch's own shortcuts (issue 9) give exactly what the long way gives.

``bench/digest.py`` checks the argument lines of 5,000 random requests end to end; these pin the
quick reading of an argument line against Click's parser on lines built to hit its edges.
"""

from __future__ import annotations

from typing import Any

import click
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcalc.cli.arglines import score_line_parser as _score_line_parser
from mjcalc.cli.params import request_from_params

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


@pytest.mark.parametrize(
    "request_",
    [
        {"rules": "xingguo", "hand": '1m\x01"\\\x7f\u2028東', "jing": "9s"},  # echoed in the error
        {"rules": "nope\t\x1f", "hand": "1m"},
        {"rules": "shanghai", "hand": "123m", "kaibao": "x"},
    ],
)
def test_error_results_are_written_as_the_long_way(request_: dict[str, object]) -> None:
    """Error results go through Pydantic's writer too: escapes the same as ``json.dumps``."""
    from mjcalc import score
    from tests.contract.test_models import _long_way

    result = score(request_)
    result.line = 3
    assert not result.ok
    assert result.to_json() == _long_way(result)
