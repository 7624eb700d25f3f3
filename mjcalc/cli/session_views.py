"""The views of a replayed sitting beside its JSON: the rows, ``--standings``, ``--chart``, and
its CSV rows (``--format csv``).

Each consumes the replay's records as they come. The row view and the standings are Rich (the
standings through :mod:`mjcalc.render.standings`); the CSV rows are written by
:func:`mjcalc.cli.output.write_rows`, one per applied line, in constant memory; the chart keeps
one number per seat and line (plotext is imported only for it). A bad line is reported on stderr
in the CSV, standings and chart views, since they have no row to show it in; the exit status
says so as everywhere.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Literal

import click

from mjcalc.cli.output import colour
from mjcalc.i18n import Lang

if TYPE_CHECKING:
    from mjcalc.app.session.records import Record, Summary
    from mjcalc.app.session.sitting import Session
    from mjcalc.models import Seat

View = Literal["text", "standings", "chart"]
"""The text views of a replay: ``text`` (the rows) unless a flag of its own chooses another."""


def _players(session: Session) -> dict[Seat, str]:
    table = session.table
    return {} if table is None else dict(table.header.players)


def echo_error(record: Record, lang: Lang) -> None:
    """A bad line on stderr: ``line N: error [code] message``."""
    from mjcalc.i18n import text
    from mjcalc.render.errors import shown_hand

    err = record.error
    assert err is not None
    message = err.message_zh or err.message if lang == "zh" else err.message
    headline = text("view.warning_at_line", lang, line=record.line) + text(
        "session.error", lang, code=err.code, message=shown_hand(message)
    )
    click.echo(click.style(headline, fg="red", bold=True), err=True, color=colour())


def echo_warnings(summary: Summary, lang: Lang) -> None:
    """The sitting's warnings (its ruleset file changed…) on stderr, for the views without the
    standings to show them in."""
    from mjcalc.i18n import text
    from mjcalc.render.text import safe

    label = text("view.warning", lang)
    for warning in summary.warnings:
        line = f"{click.style(label, fg='yellow', bold=True)} {safe(warning.get(lang))}"
        click.echo(line, err=True, color=colour())


def show(session: Session, items: Iterable[Record | Summary], lang: Lang, view: View) -> None:
    """Print the replay's ``items`` in ``view``."""
    from mjcalc.render.console import emit, make_console

    console = make_console()
    if view == "text":
        from mjcalc.render.session import render_session

        render_session(items, console, lang, players=lambda: _players(session))
        return
    from mjcalc.app.session.records import Summary
    from mjcalc.models import SEATS

    lines: list[int] = []
    totals: dict[Seat, list[int]] = {seat: [] for seat in SEATS}
    summary: Summary | None = None
    for item in items:
        if isinstance(item, Summary):
            summary = item
        elif not item.ok:
            echo_error(item, lang)
        elif view == "chart":
            if not lines and session.table is not None:  # every total starts at 0
                lines.append(session.table.line)
                for seat in totals:
                    totals[seat].append(0)
            lines.append(item.line)
            for seat, total in item.totals.items():
                totals[seat].append(total)
    assert summary is not None
    if view == "standings":
        from mjcalc.render.session import standings_only

        emit(console, standings_only(summary, lang))
        return
    echo_warnings(summary, lang)
    from mjcalc.render.chart import chart_lines

    width = console.width if console.is_terminal else 80
    chart = chart_lines(
        lines,
        totals,
        summary.players,
        lang,
        width=width,
        colour=console.is_terminal and not console.no_color,
    )
    out = sys.stdout
    out.write("".join(line + "\n" for line in chart))
    out.flush()


def csv_rows(
    session: Session, items: Iterable[Record | Summary], lang: Lang
) -> Iterator[Sequence[object]]:
    """The header row, then one row per applied line, as the replay gives them; a bad line,
    and the sitting's warnings, on stderr."""
    from mjcalc.app.session.records import Summary
    from mjcalc.app.session.table_csv import csv_header, csv_row

    silver: bool | None = None
    points = None
    for item in items:
        if silver is None:  # the header line has been read by now (or there is none)
            table = session.table
            silver = table is not None and table.start_balances() is not None
            points = None if table is None else table.rules.table_points
            yield csv_header(silver, points)
        if isinstance(item, Summary):
            echo_warnings(item, lang)
            break
        row = csv_row(item, silver, points)
        if row is None:
            echo_error(item, lang)
        else:
            yield row
