"""Batch argument lines: split like the shell (shlex) and read, with no Click, exactly as
``score``'s own Click parser reads the same words — values, errors and their English and Chinese
messages (``bench/digest.py`` checks the argument lines of 5,000 random requests end to end;
here lines are built to hit the parser's edges)."""

from __future__ import annotations

import shlex
from typing import Any

import click
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcalc.app.arglines import split_line as _split_line
from mjcalc.app.arglines import words_request
from mjcalc.app.batch import line_request as _batch_request
from mjcalc.cli.lang import click_language
from mjcalc.cli.params import request_from_params
from mjcalc.cli.score import score
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


# --- the Click-free reader against score's own Click parser ----------------------------------


# words a line may hold: the common ones, and each edge of Click's parser
WORDS = [
    "123m456p789s11z",
    "234m",
    "",
    "--rules",
    "-r",
    "xingguo",
    "shanghai",
    "--jing",
    "9s",
    "--jing=9s",
    "-rxingguo",
    "-r=x",
    "-oa=1",
    "--winner",
    "--winner=e",
    "s",
    "南",
    "X",
    "--liable",
    "--flowers",
    "3",
    "9",
    "-1",
    "x",
    "--follow-dealer",
    "--kong",
    "S=exposed:2m",
    "--jings",
    "S=1,2",
    "S=1",
    "-o",
    "stake=2",
    "--self-draw",
    "--self-draw=1",
    "--json",
    "--format",
    "--format=json",
    "markdown",
    "csv",
    "--heavenly",
    "--lang",
    "zh",
    "ZH",
    "--help",
    "-h",
    "-x",
    "-",
    "--",
    "--nope",
    "score",
]


def _clicks(args: list[str], default_rules: str | None, lang: str) -> Any:
    """The request (or the usage error, in ``lang``) of ``score``'s own Click parser."""
    if args and args[0] == "score":
        args = args[1:]
    with click_language(lang):  # type: ignore[arg-type]
        try:
            ctx = score.make_context("score", list(args), help_option_names=[])
            params = dict(ctx.params)
            if default_rules and "rules" not in _on_line(ctx):
                params["rules"] = default_rules
            return request_from_params(params)
        except click.ClickException as exc:  # mjcalc's own carry both wordings
            both = getattr(exc, "bilingual", None)
            return ("error", both.get(lang) if both is not None else exc.format_message())


def _on_line(ctx: click.Context) -> set[str]:
    from click.core import ParameterSource

    return {
        name for name in ctx.params if ctx.get_parameter_source(name) == ParameterSource.COMMANDLINE
    }


def _reader(args: list[str], default_rules: str | None, lang: str) -> Any:
    try:
        return words_request(list(args), default_rules)
    except MjcalcError as exc:
        return ("error", exc.message if lang == "en" else exc.message_zh or "")


@settings(max_examples=1500, deadline=None)
@given(
    st.lists(st.sampled_from(WORDS), max_size=9),
    st.sampled_from([None, "shanghai"]),
    st.sampled_from(["en", "zh"]),
)
def test_argument_words_read_as_clicks(
    args: list[str], default_rules: str | None, lang: str
) -> None:
    import os

    os.environ.pop("MJCALC_RULES", None)
    os.environ.pop("MJCALC_LANG", None)
    assert repr(_reader(args, default_rules, lang)) == repr(_clicks(args, default_rules, lang))


@pytest.mark.parametrize(
    ("line", "hint"),
    [
        (
            "1m -r shanghai --flower 3",
            "(Did you mean one of: '--flowers', '--winner', '--format'?)",
        ),
        (
            "1m -r xingguo --flower 3",
            "(Did you mean one of: '--follow-dealer', '--winner', '--format'?)",
        ),
        ("1m --flower 3", "(Did you mean one of: '--flowers', '--follow-dealer', '--winner'?)"),
        (
            "1m --rules=shanghai --jngs S=1,1",
            "(Did you mean one of: '--lang', '--kong', '--json'?)",
        ),
        # the closest first, never another ruleset's flag before it
        ("1m -r xingguo --winer S", "(Did you mean one of: '--winner', '--win', '--jing'?)"),
        ("1m -r 兴国 --winer S", "(Did you mean one of: '--winner', '--win', '--jing'?)"),
    ],
)
def test_did_you_mean_is_scoped_to_the_lines_ruleset(line: str, hint: str) -> None:
    with pytest.raises(MjcalcError) as caught:
        _batch_request(line, None)
    assert caught.value.message.endswith(hint)


@pytest.mark.parametrize(
    ("args", "env", "hint"),
    [
        (["-r", "xingguo"], {}, "(Did you mean one of: '--winner', '--win', '--jing'?)"),
        (
            [],
            {"MJCALC_RULES": "shanghai"},
            "(Did you mean one of: '--winner', '--win', '--flowers'?)",
        ),
        (["--lang", "zh", "-r", "xingguo"], {}, "您是不是想写 '--winner', '--win', '--jing'？"),
    ],
)
def test_the_command_lines_did_you_mean_is_scoped_too(
    args: list[str], env: dict[str, str], hint: str
) -> None:
    from tests.support.cli import run

    out = run("score", "1m", *args, "--winer", "S", env=env)
    assert out.exit_code == 2
    assert hint in out.stderr
    assert "--flowers" not in out.stderr or "shanghai" in env.values()
