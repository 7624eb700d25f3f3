"""``mjcalc rules``: the installed rulesets, or one ruleset's options and generated tables.

A ruleset that cannot be loaded (an unknown name, a bad TOML file, a broken plug-in) is reported
like a hand that cannot be scored: the error on stderr and exit status 1.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from mjcalc.cli.lang import LocalCommand, lang_option, option
from mjcalc.cli.output import ExitStatus, echo_error
from mjcalc.cli.params import CliUsageError, complete_rules, options
from mjcalc.i18n import Lang, bi


@click.command("rules", cls=LocalCommand, help="help.rules")
@click.argument("name", required=False, shell_complete=complete_rules)
@option("--option", "-o", multiple=True, metavar="NAME=VALUE", help="help.rules.option")
@option("--json", "as_json", is_flag=True, help="help.rules.json")
@lang_option("help.rules.lang")
def rules(name: str | None, option: tuple[str, ...], as_json: bool, lang: Lang) -> None:
    """``mjcalc rules``: the rulesets, or one's options and tables (help: ``help.rules``)."""
    if option and name is None:
        raise CliUsageError(bi("cli.option_needs_name"))
    from mjcalc.app.rules import ruleset_doc, rulesets_listing
    from mjcalc.app.score import error_result
    from mjcalc.errors import MjcalcError

    try:
        data: Any = ruleset_doc(name, options(option)) if name else rulesets_listing()
    except MjcalcError as exc:
        echo_error(error_result(exc, {"rules": name}), lang)
        sys.exit(ExitStatus.NOT_SCORED)
    if as_json:
        from dataclasses import asdict

        payload = data if name is None else asdict(data)
        from mjcalc.models import json_dumps

        click.echo(json_dumps(payload, indent=2))
        return
    from mjcalc.render import rules as view
    from mjcalc.render.console import make_console

    if name is None:
        view.print_listing(make_console(), data, lang)
    else:
        view.print_ruleset(make_console(), data, lang)
