"""Human output of the CLI (plain text for now)."""

from __future__ import annotations

from collections.abc import Iterable

import click

from mjcalc.models import Result


def error_lines(result: Result) -> list[str]:
    """The message, then the hand with a caret under the bad column."""
    err = result.error
    if err is None:
        return []
    lines = [f"error [{err.code}]: {err.message}"]
    if err.column is not None and result.hand is not None:
        lines += ["  " + result.hand, "  " + " " * (err.column - 1) + "^"]
    return lines


def render_result(result: Result, lang: str = "en") -> None:
    if not result.ok:
        for line in error_lines(result):
            click.echo(line, err=True)
        return
    assert result.pattern is not None
    click.echo(f"{result.hand}  {result.pattern.zh} {result.pattern.en}")
    for item in result.items:
        click.echo(f"  {item.zh} {item.en}: {item.effect}")
    for name, sec in result.sections.items():
        click.echo(f"  {name}: " + " ".join(f"{s}{v:+d}" for s, v in sec.items()))
    click.echo("payments: " + " ".join(f"{s}{v:+d}" for s, v in result.payments.items()))


def render_batch(results: Iterable[Result]) -> int:
    failed = 0
    for r in results:
        if r.ok:
            click.echo(f"{r.line}: " + " ".join(f"{s}{v:+d}" for s, v in r.payments.items()))
        else:
            failed += 1
            assert r.error is not None
            click.echo(f"{r.line}: error [{r.error.code}] {r.error.message}")
    return failed


def render_rules(name: str | None, as_json: bool = False) -> int:
    from mjcalc.registry import bundled_names, load_rules

    if name is None:
        for n in bundled_names():
            click.echo(f"{n}: {load_rules(n).description}")
        return 0
    loaded = load_rules(name)
    for key, value in loaded.options().model_dump().items():
        click.echo(f"{key} = {value!r}")
    return 0
