"""``mjcalc score``: one hand, described by flags, scored and shown (or printed as JSON).

Its flags are also what a line of ``batch`` or ``session`` may hold (:mod:`mjcalc.app.arglines`
reads those lines from the same flags' data, without Click) and, less the ones about the winning
tile, the flags of ``waits``.

Scripts call ``mjcalc score --json`` once per hand, so this module is part of every such start:
it imports only Click and the shared option modules; the scoring core is imported when the
command runs, and Rich only by the human view.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from mjcalc.cli.lang import LocalCommand, lang_option, option
from mjcalc.cli.output import ExitStatus, echo_error, echo_hint, echo_warnings
from mjcalc.cli.params import hand_request, score_options
from mjcalc.i18n import Lang

if TYPE_CHECKING:
    from mjcalc.models import Result


@click.command("score", cls=LocalCommand, help="help.score")
@score_options
@option("--json", "as_json", is_flag=True, help="help.score.json")
@lang_option("help.score.lang")
def score(as_json: bool, lang: Lang, **params: Any) -> None:
    """``mjcalc score``: one hand, by its flags (help: ``help.score``)."""
    request = hand_request(params)
    from mjcalc.app.score import score as score_request

    result = score_request(request)
    if as_json:
        click.echo(result.to_json())
    elif result.ok:
        from mjcalc.render.console import make_console
        from mjcalc.render.result import render_result

        render_result(result, make_console(), lang)
    if not result.ok:
        echo_error(result, lang)
        _suggest_waits(result, lang)
    echo_warnings(result, lang)
    sys.exit(ExitStatus.of(result.ok))


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
