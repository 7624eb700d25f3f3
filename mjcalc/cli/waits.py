"""``mjcalc waits``: what a hand waits on and what each tile pays, or what to discard.

It takes the flags of ``score`` (one declaration, :func:`mjcalc.cli.params.score_options`) less
those about the winning tile, since it tries every tile and every way of winning it.
"""

from __future__ import annotations

import gc
import sys
from typing import TYPE_CHECKING, Any

import click

from mjcalc.app.options import SHARED_FLAGS
from mjcalc.cli.lang import lang_option
from mjcalc.cli.output import ExitStatus, Format, echo_error, lines, output_options, write_output
from mjcalc.cli.params import ScoreCommand, hand_request, score_options
from mjcalc.i18n import Lang

if TYPE_CHECKING:
    from mjcalc.models.waits import WaitsResult

WIN_TILE_FLAGS = ("self_draw", "discarder", "win", "after_kong", "rob_kong")
"""The ``score`` flags that describe the winning tile: ``waits`` tries every tile and way."""


class WaitsCommand(ScoreCommand):
    """``waits``: ``score``'s command less the flags about the winning tile, each refused
    naming them all (``--discarder`` is not a misspelt ``--dealer``)."""

    left_out = tuple(flag.option for flag in SHARED_FLAGS if flag.name in WIN_TILE_FLAGS)


@click.command("waits", cls=WaitsCommand, help="help.waits")
@score_options
@output_options("text", "json", help_key="help.waits")
@lang_option("help.waits.lang")
def waits(output_format: Format, lang: Lang, **params: Any) -> None:
    """``mjcalc waits``: waits and their prices, or discards (help: ``help.waits``)."""
    request = hand_request(params)
    from mjcalc.app.waits import analyse

    # A one-shot process: what start-up built (modules, models, rulesets) lives to the end, so
    # the collector is told to leave it out of its full passes. A 14-tile hand with many wilds
    # makes hundreds of evaluations, and the full collections their memos trigger walked every
    # object of the start-up each time (about a tenth of the command). The young generation
    # is also collected less often: what the analysis keeps is bounded memos, and what it
    # drops is freed by reference counting, so frequent passes only walk objects still in use.
    # Both are undone after (the command may run inside a longer process, as under tests).
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(20_000, 50, 100)
    try:
        result = analyse(request)
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()
    from mjcalc.app.arglines import in_flag_words

    result = in_flag_words(result, request)
    if result.ok or output_format == "json":  # an error's answer is written as JSON only
        write_output(
            output_format,
            text=lambda: _draw(result, lang),
            json=lambda: lines([result.to_json()]),
        )
    if not result.ok:
        echo_error(result, lang)
    sys.exit(ExitStatus.of(result.ok))


def _draw(result: WaitsResult, lang: Lang) -> None:
    from mjcalc.render.console import make_console
    from mjcalc.render.waits import render_waits

    render_waits(result, make_console(), lang)


waits.params = [p for p in waits.params if p.name not in WIN_TILE_FLAGS]
