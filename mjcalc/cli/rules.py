"""``mjcalc rules``: the installed rulesets, or one ruleset's options and generated tables.

A ruleset that cannot be loaded (an unknown name, a bad TOML file, a broken plug-in) is reported
like a hand that cannot be scored: the error on stderr (with ``--json``, the error result on
stdout too) and exit status 1. The listing leaves a broken plug-in out and warns of it on stderr,
one line each (``plugin_error``), exit status 0.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from mjcalc.cli.lang import BilingualCommand, lang_option, option
from mjcalc.cli.output import ExitStatus, Format, echo_error, lines, output_options, write_output
from mjcalc.cli.params import CliUsageError, complete_rules, options
from mjcalc.i18n import Lang, bilingual, text

if TYPE_CHECKING:
    from mjcalc.errors import MjcalcError


@click.command("rules", cls=BilingualCommand, help="help.rules")
@click.argument("name", required=False, shell_complete=complete_rules)
@option("--option", "-o", multiple=True, metavar="NAME=VALUE", help="help.rules.option")
@output_options("text", "json", help_key="help.rules")
@lang_option("help.rules.lang")
def rules(name: str | None, option: tuple[str, ...], output_format: Format, lang: Lang) -> None:
    """``mjcalc rules``: the rulesets, or one's options and tables (help: ``help.rules``)."""
    if option and name is None:
        raise CliUsageError(bilingual("cli.option_needs_name"))
    from mjcalc.app.results import error_result
    from mjcalc.app.rules import ruleset_doc, rulesets_listing
    from mjcalc.errors import MjcalcError

    broken: list[MjcalcError] = []
    try:
        data: Any = ruleset_doc(name, options(option)) if name else rulesets_listing(broken)
    except MjcalcError as exc:
        failed = error_result(exc, {"rules": name})
        if output_format == "json":  # the error result on stdout too, as ``score --json`` does
            write_output(output_format, json=lambda: lines([failed.to_json()]))
        echo_error(failed, lang)
        sys.exit(ExitStatus.FAILED)
    for problem in broken:  # the broken plug-ins: one line each, the others listed
        said = _said(problem, lang)
        click.echo(
            text("view.warning_code", lang, code=text(f"code.{problem.code}", lang), message=said),
            err=True,
        )
    write_output(
        output_format,
        text=lambda: _draw(name, data, lang),
        json=lambda: lines([_json(name, data)]),
    )


def _json(name: str | None, data: Any) -> str:
    """The listing, or the ruleset's document, as indented JSON."""
    from dataclasses import asdict

    from mjcalc.models import json_dumps

    return json_dumps(data if name is None else asdict(data), indent=2)


def _draw(name: str | None, data: Any, lang: Lang) -> None:
    from mjcalc.render import rules as view
    from mjcalc.render.console import make_console

    if name is None:
        view.print_listing(make_console(), data, lang)
    else:
        view.print_ruleset(make_console(), data, lang)


def _said(error: MjcalcError, lang: Lang) -> str:
    return error.message_zh if lang == "zh" and error.message_zh else error.message
