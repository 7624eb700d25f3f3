"""``mjcalc session``: replay a sitting, add a line at the table, or start a session file.

The replay itself is :mod:`mjcalc.app.session` (no Click, no Rich); this module turns flags into a
header, reads and appends the file, and prints records, standings or JSON. A hand line may be
written as the arguments of ``mjcalc score``: the replay reads it with ``score``'s flags as data
(:mod:`mjcalc.app.arglines`), plus the switches the table's ruleset marks a hand with
(``--dice-double`` in Shanghai).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Literal, NoReturn, cast

import click

from mjcalc.cli.lang import BilingualCommand, lang_option, option
from mjcalc.cli.output import (
    ExitStatus,
    Format,
    Report,
    colour,
    format_flag,
    lines,
    output_options,
    write_output,
)
from mjcalc.cli.params import (
    SEAT_CHOICE,
    CliBadParameter,
    CliUsageError,
    Currency,
    Rate,
    options,
    rules_option,
    seat_key,
    split_assignment,
)
from mjcalc.i18n import Lang, bilingual
from mjcalc.i18n import seat as seat_words
from mjcalc.render.text import safe
from mjcalc.rules.flags import whole_number
from mjcalc.seats import SEAT_LETTERS

if TYPE_CHECKING:
    from decimal import Decimal

    from mjcalc.app.session.new import NewSitting
    from mjcalc.app.session.records import Record, Summary
    from mjcalc.app.session.sitting import Session
    from mjcalc.cli.session_views import View
    from mjcalc.errors import MjcalcError

HEADER_FLAGS = ("rules", "dealer", "balance", "points", "player", "option", "force")
"""Flags that only make sense with ``--new``."""

WRITES = ("new", "add", "undo", "replace", "insert", "delete")
"""The flags that change FILE (:mod:`mjcalc.app.session.store`): at most one per command."""

DONE = {
    "added": "session.added",
    "replaced": "session.replaced",
    "inserted": "session.inserted",
    "deleted": "session.deleted",
    "undone": "session.undone",
}
"""What a change did (:attr:`mjcalc.app.session.store.Edit.action`) → its message's key."""


class LineNumber(click.ParamType):  # type: ignore[type-arg]
    """A physical line number: ASCII digits only (no ``1_0``, no ``١``), from 1."""

    name = "N"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        text = str(value).strip()
        if not text.isascii() or not text.isdigit() or int(text) < 1:
            flag = param.opts[0] if param is not None and param.opts else "N"
            raise CliBadParameter(
                bilingual("cli.session.line_number", got=repr(value)), f"'{flag}'"
            )
        return int(text)


LINE_NUMBER = LineNumber()


@click.command("session", cls=BilingualCommand, help="help.session")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@output_options("text", "json", "csv", help_key="help.session")
@option("--standings", "view", flag_value="standings", help="help.session.standings")
@option("--chart", "view", flag_value="chart", help="help.session.chart")
@option("--settle", is_flag=True, help="help.session.settle")
@option("--rate", type=Rate(), metavar="R", help="help.session.rate")
@option("--currency", type=Currency(), metavar="C", help="help.session.currency")
@lang_option("help.session.lang")
@option("--add", "add", metavar="LINE", help="help.session.add")
@option("--undo", is_flag=True, help="help.session.undo")
@option(
    "--replace", nargs=2, type=(LINE_NUMBER, str), metavar="N LINE", help="help.session.replace"
)
@option("--insert", nargs=2, type=(LINE_NUMBER, str), metavar="N LINE", help="help.session.insert")
@option("--delete", type=LINE_NUMBER, metavar="N", help="help.session.delete")
@option("--new", is_flag=True, help="help.session.new")
@rules_option("help.session.rules", envvar=False)
@option("--dealer", type=SEAT_CHOICE, help="help.session.dealer")
@option("--balance", multiple=True, metavar="N|SEAT=N", help="help.session.balance")
@option("--points", multiple=True, metavar="N|SEAT=N", help="help.session.points")
@option("--player", multiple=True, metavar="SEAT=NAME", help="help.session.player")
@option("--option", "-o", multiple=True, metavar="NAME=VALUE", help="help.session.option")
@option("--force", is_flag=True, help="help.session.force")
@option("--strict-rules", is_flag=True, help="help.session.strict_rules")
@option(
    "--wait",
    type=click.FloatRange(0, 86400),
    default=None,
    metavar="SECONDS",
    help="help.session.wait",
)
def session(
    file: str,
    output_format: Format,
    view: str | None,
    lang: Lang,
    settle: bool,
    rate: Decimal | None,
    currency: str | None,
    **params: Any,
) -> None:
    """``mjcalc session``: replay, add to, fix or start a sitting (help: ``help.session``).

    ``--standings`` and ``--chart`` are views of the text output; CSV is a view of the replay
    too: none of them goes with another format or with a change to FILE. ``--settle`` is a view
    of its own, written as text, JSON or CSV, never with a change or another view."""
    writes = _given_writes(params)
    if view is not None and settle:  # said from --settle's side, as its other refusals are
        raise CliUsageError(bilingual("cli.session.view_alone", view="--settle", other=f"--{view}"))
    if view is not None and (output_format != "text" or writes):
        other = format_flag(output_format) if output_format != "text" else f"--{writes[0]}"
        raise CliUsageError(bilingual("cli.session.view_alone", view=f"--{view}", other=other))
    if settle:
        if writes:
            raise CliUsageError(
                bilingual("cli.session.view_alone", view="--settle", other=f"--{writes[0]}")
            )
        params.update(rate=rate, currency=currency)
        run(file, output_format, lang, params, view="settle")
        return
    if rate is not None or currency is not None:
        given = ", ".join(f for f, v in (("--rate", rate), ("--currency", currency)) if v)
        raise CliUsageError(bilingual("cli.session.only_with_settle", flags=given))
    if output_format == "csv" and writes:
        shown = format_flag(output_format)
        raise CliUsageError(bilingual("cli.session.view_alone", view=shown, other=f"--{writes[0]}"))
    run(file, output_format, lang, params, view=cast("View", view or "text"))


def _new_session(file: str, params: dict[str, Any]) -> Session:
    """A replay of session ``file``: a relative ``rules`` path in its header is read against
    the file's own directory (the real file's, through a symlink), or the current directory
    when the file is a stream (``-``, a pipe)."""
    from mjcalc.app.session.header import rules_directory
    from mjcalc.app.session.sitting import Session

    directory = None
    if file != "-" and (os.path.isfile(file) or not os.path.exists(file)):
        directory = rules_directory(file)
    strict = bool(params.get("strict_rules"))
    return Session(directory=directory, strict_rules=strict)


def _per_seat(
    values: Iterable[str], flag: str, convert: Callable[[str], Any] = whole_number
) -> dict[str, Any]:
    """``N`` (every seat) and ``SEAT=N`` flags, later ones winning: ``{"E": N, ...}``."""
    out: dict[str, Any] = {}
    for value in values:
        if "=" in value:
            seat, number = split_assignment(value, flag)
            targets = [seat_key(seat, flag)]
        else:
            number, targets = value, list(SEAT_LETTERS)
        try:
            converted = convert(number)
        except ValueError:
            raise CliBadParameter(
                bilingual("cli.session.whole_number", got=repr(number)), flag
            ) from None
        out.update(dict.fromkeys(targets, converted))
    return out


def _header(params: dict[str, Any]) -> NewSitting:
    """The header fields of ``--new`` from its flags (only the ones given)."""
    from mjcalc.app.session.new import NewSitting

    players = {}
    for value in params["player"]:
        seat, name = split_assignment(value, "--player")
        players[seat_key(seat, "--player")] = name
    return NewSitting(
        rules=params["rules"],
        players=players,
        dealer=params["dealer"],
        balances=_per_seat(params["balance"], "--balance"),
        points=_per_seat(params["points"], "--points"),
        options=options(params["option"]),
    )


# --- output -----------------------------------------------------------------------------------


def _write_json(items: Iterable[Record | Summary]) -> None:
    write_output("json", json=lambda: lines(item.to_json() for item in items))


def _show(items: list[Record | Summary], lang: Lang, *, rows: bool = True) -> None:
    from mjcalc.app.session.records import Summary
    from mjcalc.render.console import emit, make_console
    from mjcalc.render.session import render_session, standings_only

    console = make_console()
    summary = items[-1]
    assert isinstance(summary, Summary)
    if rows:
        render_session(items, console, lang, players=lambda: summary.players)
        return
    emit(console, standings_only(summary, lang))


def run(
    file: str,
    fmt: Format,
    lang: Lang,
    params: dict[str, Any],
    *,
    view: View | Literal["settle"] = "text",
) -> None:
    """The ``session`` command, its flags parsed: a replay written in ``fmt`` (its text in
    ``view``: the rows, ``standings`` or ``chart``; or ``settle``, its settlement), or a change to
    FILE."""
    kind = _chosen_write(params)
    if kind is not None:
        _write(file, kind, fmt == "json", lang, params)
        return
    _refuse_header_flags(params, kind)
    if file != "-" and (not os.path.exists(file) or os.path.isdir(file)):
        raise CliBadParameter(bilingual("cli.session.no_file", file=repr(file)), "FILE")
    from mjcalc.app.lines import bounded_lines

    session_obj = _new_session(file, params)
    stream = click.open_file(file, "rb")
    with stream:
        items = _replay(session_obj, bounded_lines(stream))
        from mjcalc.cli import session_views

        if view == "settle":
            _settle(items, fmt, lang, params)
        else:
            write_output(
                fmt,
                text=lambda: session_views.show(session_obj, items, lang, view),
                json=lambda: lines(item.to_json() for item in items),
                csv=lambda: session_views.csv_rows(session_obj, items, lang),
            )
    report = Report()
    report.add(session_obj.lines, session_obj.errors)
    sys.exit(report.exit_status)


def _settle(
    items: Iterable[Record | Summary], fmt: Format, lang: Lang, params: dict[str, Any]
) -> None:
    """``--settle``: the replayed sitting settled, in the chosen form."""
    from mjcalc.cli.session_settle import settlement_of, show_settlement
    from mjcalc.errors import MjcalcError

    try:
        settlement = settlement_of(items, lang, params["rate"], params["currency"])
    except MjcalcError as exc:  # totals that no sitting gives (fees not summing up)
        _echo_write_error(exc, fmt == "json", lang)
        sys.exit(ExitStatus.FAILED)
    show_settlement(settlement, lang, cast("Literal['text', 'json', 'csv']", fmt))


def _replay(session_obj: Session, lines: Iterable[bytes]) -> Iterator[Record | Summary]:
    for number, raw in enumerate(lines, 1):
        record = session_obj.feed(number, raw)
        if record is not None:
            yield record
    yield session_obj.summary()


# --- writing FILE: --new, --add and the edits (mjcalc.app.session.store does the writing) -----


def _chosen_write(params: dict[str, Any]) -> str | None:
    """Which flag of :data:`WRITES` was given (``None``: a replay); two is a usage error."""
    given = _given_writes(params)
    if len(given) > 1:
        flags = ", ".join(f"--{name}" for name in given)
        raise CliUsageError(bilingual("cli.session.one_write", flags=flags))
    return given[0] if given else None


def _given_writes(params: dict[str, Any]) -> list[str]:
    """The flags of :data:`WRITES` that were given, by name, in that order."""
    return [name for name in WRITES if params[name] not in (None, False)]


def _refuse_header_flags(params: dict[str, Any], kind: str | None) -> None:
    """A usage error when a flag of :data:`HEADER_FLAGS` is given without ``--new`` (``kind``
    is the write chosen, ``None`` for a replay)."""
    given = [f"--{name}" for name in HEADER_FLAGS if params[name]]
    if given and kind != "new":
        raise CliUsageError(bilingual("cli.session.only_with_new", flags=", ".join(given)))


def _write(file: str, kind: str, as_json: bool, lang: Lang, params: dict[str, Any]) -> None:
    """Change FILE as ``--KIND`` asks, then show the changed line and the standings."""
    from mjcalc.app.session import store
    from mjcalc.errors import MjcalcError
    from mjcalc.i18n import text

    if file == "-":
        raise CliUsageError(bilingual("cli.session.write_dash", flag=f"--{kind}"))
    _refuse_header_flags(params, kind)
    how: dict[str, Any] = {
        "strict_rules": params["strict_rules"],
        "wait": params.get("wait"),
        "waiting": lambda path, seconds: click.echo(
            text("session.waiting_lock", lang, file=safe(path), seconds=f"{seconds:g}"), err=True
        ),
    }
    try:
        if kind == "new":
            edit = _start(file, params)
        elif kind == "add":
            if not params["add"].strip():
                raise CliUsageError(bilingual("cli.session.add_blank"))
            edit = store.add(file, params["add"], **how)
        elif kind == "undo":
            edit = store.undo(file, **how)
        elif kind == "delete":
            edit = store.delete(file, params["delete"], **how)
        else:
            number, line = params[kind]
            change = store.replace if kind == "replace" else store.insert
            edit = change(file, number, line, **how)
    except store.Refused as exc:
        if as_json:
            _write_json([exc.record])
        else:
            from mjcalc.cli.session_views import echo_error

            echo_error(exc.record, lang)
        sys.exit(ExitStatus.FAILED)
    except MjcalcError as exc:
        _echo_write_error(exc, as_json, lang)
        sys.exit(ExitStatus.FAILED)
    summary = edit.summary
    shown = safe(file)
    if edit.action == "started":
        message = text(
            "session.started",
            lang,
            file=shown,
            rules=safe(summary.rules or ""),
            dealer=seat_words(summary.dealer),  # 庄家 東 in Chinese, dealer E in English
        )
    else:
        line = safe(edit.text)
        key = DONE[edit.action]
        message = text(key, lang, line=edit.line, file=shown, text=line)
    items: list[Record | Summary] = [summary]
    if edit.record is not None:
        items.insert(0, edit.record)
    try:
        click.echo(message, err=True)
        if summary.errors:
            click.echo(
                text("session.earlier_errors", lang, file=shown, errors=summary.errors), err=True
            )
        if as_json:
            _write_json(items)
        else:
            _show(items, lang, rows=edit.record is not None)
        sys.stdout.flush()  # here, where a failure is known to follow a change made
    except UnicodeEncodeError as exc:
        _written_not_shown(edit, shown, lang, f"{exc.encoding} cannot encode the output")
    except OSError as exc:
        _written_not_shown(edit, shown, lang, exc.strerror or type(exc).__name__)


def _written_not_shown(edit: Any, shown: str, lang: Lang, reason: str) -> NoReturn:
    """The change is in FILE but its output could not be written: one line on stderr (when it
    can be written) and :attr:`ExitStatus.WRITTEN_NOT_SHOWN`, never the status of a refusal,
    so that a script retrying on failure does not make the change twice."""
    from mjcalc.i18n import text

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)  # nothing more reaches the broken stdout, not even at exit
    except OSError:
        pass
    try:
        line = text("session.written_not_shown", lang, file=shown, line=edit.line, reason=reason)
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass
    sys.exit(ExitStatus.WRITTEN_NOT_SHOWN)


def _start(file: str, params: dict[str, Any]) -> Any:
    """``--new``: the header from the flags, started as every front starts a sitting
    (:func:`mjcalc.app.session.new.start`: its ruleset file pinned, checked as the replay would
    and written atomically)."""
    from mjcalc.app.session import new
    from mjcalc.i18n import text

    if not params["rules"]:
        from mjcalc.rules.plugins import installed_names

        raise CliUsageError(bilingual("cli.session.new_rules", known=installed_names()))
    return new.start(
        file,
        _header(params),
        replace=params["force"],
        wait=params.get("wait"),
        waiting=lambda path, seconds: click.echo(
            text("session.waiting_lock", "en", file=safe(path), seconds=f"{seconds:g}"), err=True
        ),
    )


def _echo_write_error(exc: MjcalcError, as_json: bool, lang: Lang) -> None:
    """Why FILE was not changed: one line on stderr (and one JSON error object on stdout)."""
    from mjcalc.i18n import text
    from mjcalc.models import ErrorOut, json_dumps

    message = (exc.message_zh or exc.message) if lang == "zh" else exc.message
    headline = text("session.not_written", lang, code=exc.code, message=safe(message))
    click.echo(click.style(headline, fg="red", bold=True), err=True, color=colour())
    if as_json:
        error = ErrorOut.of(exc).model_dump(mode="json", exclude_none=True)
        body = {"ok": False, "error": error}
        sys.stdout.write(json_dumps(body) + "\n")
        sys.stdout.flush()
