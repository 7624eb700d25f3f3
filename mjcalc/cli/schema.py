"""``mjcalc schema``: the JSON Schema of a request, a result, a waits answer or a session's output.

The schema is built from the installed rulesets' request models, so it always matches what
``score`` and ``batch`` accept. ``--lang`` is accepted but not listed: only the help page and
Click's messages have words here.
"""

from __future__ import annotations

import json

import click

from mjcalc.cli.lang import BilingualCommand, hidden_lang


@click.command("schema", cls=BilingualCommand, help="help.schema")
@click.argument(
    "which", type=click.Choice(["request", "result", "waits", "session"]), default="request"
)
@hidden_lang("schema")
def schema(which: str) -> None:
    """``mjcalc schema``: a JSON Schema (help: ``help.schema``)."""
    from mjcalc.schema import json_schema

    click.echo(json.dumps(json_schema(which), ensure_ascii=False, indent=2))
