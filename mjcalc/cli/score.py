"""``mjcalc score``: one hand, described by flags, scored and shown (or written as JSON, Markdown).

Its flags are also what a line of ``batch`` or ``session`` may hold (:mod:`mjcalc.app.arglines`
reads those lines from the same flags' data, without Click) and, less the ones about the winning
tile, the flags of ``waits``.

Scripts call ``mjcalc score --json`` once per hand, so this module is part of every such start:
it imports only Click and the shared option modules; the scoring core is imported when the
command runs, and Rich only by the text view.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from mjcalc.cli.lang import lang_option
from mjcalc.cli.output import (
    ExitStatus,
    Format,
    echo_error,
    echo_hint,
    echo_warnings,
    lines,
    output_options,
    write_output,
)
from mjcalc.cli.params import ScoreCommand, hand_request, score_options
from mjcalc.i18n import Lang

if TYPE_CHECKING:
    from mjcalc.models import Result


@click.command("score", cls=ScoreCommand, help="help.score")
@score_options
@output_options("text", "json", "markdown", help_key="help.score")
@lang_option("help.score.lang")
def score(output_format: Format, lang: Lang, **params: Any) -> None:
    """``mjcalc score``: one hand, by its flags (help: ``help.score``)."""
    request = hand_request(params)
    from mjcalc.app.arglines import in_flag_words
    from mjcalc.app.score import score as score_request

    result = in_flag_words(score_request(request), request)
    if result.ok or output_format == "json":  # an error's result is written as JSON only
        write_output(
            output_format,
            text=lambda: _draw(result, lang),
            json=lambda: lines([result.to_json()]),
            markdown=lambda: lines(_markdown(result, lang)),
        )
    if not result.ok:
        echo_error(result, lang)
        _suggest_waits(result, lang)
    echo_warnings(result, lang)
    sys.exit(ExitStatus.of(result.ok))


def _draw(result: Result, lang: Lang) -> None:
    from mjcalc.render.console import make_console
    from mjcalc.render.result import render_result

    render_result(result, make_console(), lang)


def _markdown(result: Result, lang: Lang) -> list[str]:
    from mjcalc.render.markdown import result_markdown

    return result_markdown(result, lang)


def _suggest_waits(result: Result, lang: Lang = "en") -> None:
    """A hand one tile short (13 + one per kong) is still waiting: ``mjcalc waits`` says on what."""
    if result.error is None or result.error.code != "invalid_hand" or not result.hand:
        return
    from mjcalc.errors import MjcalcError
    from mjcalc.i18n import text
    from mjcalc.notation import parse_hand

    try:
        hand = parse_hand(result.hand)
    except MjcalcError:
        return
    if len(hand.all_tiles) == 13 + len(hand.kongs):
        echo_hint(text("view.hint_line", lang, hint=text("waits.score_hint", lang)))
