"""What every command does with its outcome: its data on stdout in the format asked for,
messages on stderr, and the exit status.

The format of a command's data is one option, declared once for every command
(:func:`output_options`: ``--format`` with the formats the command writes, ``--json`` its short
form, ``--csv`` where CSV is one), and the data reaches stdout through one writer
(:func:`write_output`): JSON and Markdown as text written as it comes (:func:`write_chunks`),
CSV as rows (:func:`write_rows`), the text view drawn by the command's Rich view.

Messages go to stderr through here, so errors, warnings and hints look the same whichever
command prints them: red headline and caret, dim hint, yellow ``warning:``, coloured only on a
terminal and never with ``NO_COLOR``, wrapped to the terminal's width (Chinese counting two
cells) and left whole when piped.

The exit status is one enum (:class:`ExitStatus`) and, for the commands that read many lines
(``batch``, ``session``), one :class:`Report` that counts what became of them and decides it, so
the rule "1 as soon as one line failed" is written once.

No Rich here: the JSON paths print errors too, and must not load it.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from enum import IntEnum
from typing import IO, TYPE_CHECKING, Any, Literal, TypeVar, cast

import click
from click.core import ParameterSource

from mjcalc.cli.lang import option

if TYPE_CHECKING:
    from mjcalc.i18n import Lang
    from mjcalc.models import Result
    from mjcalc.render.errors import Failed


class ExitStatus(IntEnum):
    """The exit status of ``mjcalc``: what a script calling it may test. One name per value."""

    OK = 0
    """Every hand scored, every line applied, the change made and shown."""
    FAILED = 1
    """Something was not done: a hand, a batch line or a session line could not be scored or
    applied, a change to a session file was refused (the file is unchanged), a ruleset could not
    be loaded, the output could not be written or the input read, or the command was stopped."""
    USAGE = 2
    """A usage error: a bad flag or argument (Click's own status for them)."""
    WRITTEN_NOT_SHOWN = 3
    """A change to a session file was made, but what it shows could not be written (stdout full,
    closed or a broken pipe): the file holds the change, so a script must not make it again."""
    READER_GONE = 141
    """The reader of stdout went away (``mjcalc batch FILE | head``): the shell's status for a
    process ended by SIGPIPE (128 + 13), what ``ls | head`` leaves, and nothing said — the
    reader took what it wanted on purpose."""

    @classmethod
    def of(cls, ok: bool) -> ExitStatus:
        """:attr:`OK` when ``ok``, else :attr:`FAILED`."""
        return cls.OK if ok else cls.FAILED


class Report:
    """What became of the lines of a ``batch`` or a ``session``: how many were scored (or
    applied) and how many failed. One failed line makes the whole run
    `ExitStatus.FAILED`."""

    __slots__ = ("failed", "scored")

    def __init__(self) -> None:
        self.scored = 0
        self.failed = 0

    def done(self, ok: bool) -> None:
        """One more line, scored or not."""
        if ok:
            self.scored += 1
        else:
            self.failed += 1

    def add(self, lines: int, failed: int) -> None:
        """``lines`` more lines, of which ``failed`` failed."""
        self.scored += lines - failed
        self.failed += failed

    @property
    def exit_status(self) -> ExitStatus:
        return ExitStatus.of(not self.failed)


def colour() -> bool | None:
    """``False`` when ``NO_COLOR`` is set (non-empty), else Click's own terminal detection."""
    return False if os.environ.get("NO_COLOR") else None


def echo_error(result: Failed, lang: Lang = "en") -> None:
    """The error report of a result on stderr: headline and caret in red on a terminal."""
    from mjcalc.render.errors import INDENT, error_report

    report = error_report(result, lang)
    if report is None:
        return
    use_colour = colour()
    width = stderr_width()
    for line in wrapped(report.headline, width):
        click.echo(click.style(line, fg="red", bold=True), err=True, color=use_colour)
    if report.hand is not None and report.caret is not None:
        click.echo(INDENT + report.hand, err=True)
        click.echo(click.style(INDENT + report.caret, fg="red"), err=True, color=use_colour)
    if report.hint:
        for line in wrapped(report.hint_line(lang), width):
            click.echo(click.style(line, dim=True), err=True, color=use_colour)


def echo_hint(message: str) -> None:
    """A hint line on stderr, dim on a terminal."""
    click.echo(click.style(message, dim=True), err=True, color=colour())


def stderr_width() -> int | None:
    """The terminal's width when stderr is one (messages wrap to it), else ``None``."""
    try:
        if not sys.stderr.isatty():
            return None
    except (AttributeError, ValueError):
        return None
    import shutil

    return shutil.get_terminal_size().columns


def wrapped(line: str, width: int | None) -> list[str]:
    """``line`` wrapped to ``width`` terminal cells (Chinese counts two); whole when piped."""
    if width is None or width < 20:
        return [line]
    from mjcalc.render.text import wrap_cells

    return wrap_cells(line, width)


def echo_warnings(result: Result, lang: Lang, line: int | None = None) -> None:
    """``warning: …`` on stderr for each notice of the result (a field or option that changed
    nothing, what the ruleset assumed), wrapped like errors on a terminal."""
    if not result.warnings:
        return
    from mjcalc.i18n import text
    from mjcalc.render.text import safe

    where = text("view.warning_at_line", lang, line=line) if line is not None else ""
    word = text("view.warning", lang)
    label = click.style(word, fg="yellow", bold=True)
    width = stderr_width()
    for notice in result.warnings or ():
        message = notice.message_zh if lang == "zh" and notice.message_zh else notice.message
        first, *rest = wrapped(f"{word} {where}{safe(message)}", width)
        click.echo(label + first[len(word) :], err=True, color=colour())
        for more in rest:
            click.echo(more, err=True)


# --- the format of a command's data -----------------------------------------------------------

Format = Literal["text", "json", "markdown", "csv"]
"""What a command's data is written as: its text view (Rich), JSON, Markdown tables, CSV rows."""

FORMATS: tuple[Format, ...] = ("text", "json", "markdown", "csv")

SHORT_FORMS: tuple[tuple[str, str, Format], ...] = (
    ("--json", "as_json", "json"),
    ("--csv", "as_csv", "csv"),
)
"""The flags short for a ``--format`` (flag, parameter, format): ``--json`` wherever JSON is
written, ``--csv`` wherever CSV is."""

_F = TypeVar("_F", bound=Callable[..., Any])


def format_option_specs(
    formats: Sequence[Format], help_key: str
) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
    """The declarations and settings of the format options of a command that writes
    ``formats``: ``--format`` and its short forms. Their help texts are ``<help_key>.format``,
    ``<help_key>.json``, ``<help_key>.csv``."""
    specs: list[tuple[tuple[str, ...], dict[str, Any]]] = [
        (
            ("--format", "output_format"),
            {
                "type": click.Choice(list(formats)),
                "default": "text",
                "show_default": True,
                "help": f"{help_key}.format",
            },
        )
    ]
    for flag, name, fmt in SHORT_FORMS:
        if fmt in formats:
            specs.append(((flag, name), {"is_flag": True, "help": f"{help_key}.{fmt}"}))
    return specs


def output_options(*formats: Format, help_key: str) -> Callable[[_F], _F]:
    """``--format`` with the ``formats`` a command writes (``text`` the default) and its short
    forms (:data:`SHORT_FORMS`), as one parameter: the command is given ``output_format``, the
    format asked for. ``--json`` (or ``--csv``) beside a ``--format`` naming another format, or
    two short forms together, is a usage error (exit status 2), worded in both languages.

    ``help_key``: the prefix of the options' help texts (``help.score`` →
    ``help.score.format``, ``help.score.json``)."""

    def decorate(f: _F) -> _F:
        @functools.wraps(f)
        def command(*args: Any, **params: Any) -> Any:
            shorts = {name: params.pop(name) for _flag, name, fmt in SHORT_FORMS if fmt in formats}
            params["output_format"] = chosen_format(params.pop("output_format"), shorts)
            return f(*args, **params)

        decorated: Any = command
        for decls, attrs in reversed(format_option_specs(formats, help_key)):
            decorated = option(*decls, **attrs)(decorated)
        return cast(_F, decorated)

    return decorate


def chosen_format(given: Format, shorts: dict[str, bool]) -> Format:
    """The format of ``--format`` (``given``) and the short forms' switches (``shorts``, by
    parameter name); a usage error when they disagree."""
    from mjcalc.cli.params import CliUsageError
    from mjcalc.i18n import bilingual

    named = [(flag, fmt) for flag, name, fmt in SHORT_FORMS if shorts.get(name)]
    if len(named) > 1:
        raise CliUsageError(bilingual("cli.format.csv_and_json"))
    if not named:
        return given
    flag, fmt = named[0]
    ctx = click.get_current_context(silent=True)
    source = ctx.get_parameter_source("output_format") if ctx is not None else None
    if source not in (None, ParameterSource.DEFAULT) and given != fmt:
        raise CliUsageError(
            bilingual("cli.format.short_and_format", flag=flag, short=fmt, given=given)
        )
    return fmt


def format_flag(fmt: Format) -> str:
    """How the running command was asked for ``fmt``: ``--json``, ``--csv`` or ``--format F``
    (for a message naming the flag as it was typed)."""
    ctx = click.get_current_context(silent=True)
    for flag, name, short in SHORT_FORMS:
        if short == fmt and ctx is not None and ctx.params.get(name):
            return flag
    return f"--format {fmt}"


def asks_for_json(group: click.Group, argv: Sequence[str]) -> bool:
    """Whether a command line asks for JSON output (``--json``, ``--format json`` or
    ``--format=json``), read by the command's own parser, as Click reads it: an option's value
    (``--add --json``) is no flag, and nothing after ``--`` is an option. Only the words are
    parsed (no value converted, no file opened, no callback run) and a word the parser refuses
    is passed over, so a command line with a usage error can still be read. A command line
    whose command is unknown or writes no JSON is read with the format options alone."""
    ctx = click.Context(group, resilient_parsing=True)
    ctx.ignore_unknown_options = True
    words = list(argv)
    with ctx:
        _opts, words, _order = group.make_parser(ctx).parse_args(words)
        command = group.get_command(ctx, words[0]) if words else None
        if command is not None and any(p.name == "output_format" for p in command.params):
            words = words[1:]
        else:
            command = _format_only()
        sub = click.Context(command, parent=ctx, resilient_parsing=True)
        sub.ignore_unknown_options = True
        sub.allow_extra_args = True
        with sub:
            opts, _args, _order = command.make_parser(sub).parse_args(words)
    return bool(opts.get("as_json")) or opts.get("output_format") == "json"


@functools.cache
def _format_only() -> click.Command:
    """A command of the format options alone (every format), to read a command line with."""
    from mjcalc.cli.lang import BilingualOption

    specs = format_option_specs(FORMATS, "help.score")
    params: list[click.Parameter] = [
        BilingualOption(list(decls), **attrs) for decls, attrs in specs
    ]
    return click.Command("format", params=params)


# --- the one writer ---------------------------------------------------------------------------

Chunk = str | bytes
"""Output text: one or more whole lines, each ending in ``\\n``; or their UTF-8 bytes."""


def write_output(
    fmt: Format,
    *,
    text: Callable[[], object] | None = None,
    json: Callable[[], Iterable[Chunk]] | None = None,
    markdown: Callable[[], Iterable[Chunk]] | None = None,
    csv: Callable[[], Iterable[Sequence[object]]] | None = None,
    flush: bool = False,
) -> None:
    """A command's data on stdout in ``fmt``, from the producer the command gives for it.

    ``text`` draws the command's Rich view itself (Rich is imported by it, only then);
    ``json`` and ``markdown`` give text, written as it comes (:func:`write_chunks`); ``csv``
    gives rows, the header first, written as they come in UTF-8 (:func:`write_rows`). With
    ``flush`` every chunk or row is flushed as it is written, for a reader waiting on each.
    A command is only ever asked for a format it declared (:func:`output_options`)."""
    producers = {"text": text, "json": json, "markdown": markdown, "csv": csv}
    produce = producers[fmt]
    if produce is None:
        raise ValueError(f"this command writes no {fmt}")
    if fmt == "text":
        produce()
    elif fmt == "csv":
        write_rows(cast("Iterable[Sequence[object]]", produce()), flush)
    else:
        write_chunks(cast("Iterable[Chunk]", produce()), flush)


def lines(texts: Iterable[str]) -> Iterable[str]:
    """Each text as a line of output (its ``\\n`` added)."""
    return (text + "\n" for text in texts)


def write_chunks(chunks: Iterable[Chunk], flush: bool = False) -> None:
    """Each chunk as it comes. A chunk given as UTF-8 bytes (the blocks the workers of
    ``batch --jobs`` make) goes to a UTF-8 output's byte stream as it is: the same bytes its
    text would have become; to any other output it is decoded.

    With ``flush`` each chunk is flushed as it comes, so a reader of the output sees a hand's
    result as soon as it is scored, when its line was read from a pipe or a terminal. Without,
    the lines go out as the output buffer fills (and at the end): for input that never waits (a
    regular file), where flushing each line only costs a system call per line.
    """
    out = sys.stdout
    write = out.write
    buffer = getattr(out, "buffer", None) if _writes_utf8(out) else None
    text_held = False  # text written and not yet flushed to the byte stream
    for chunk in chunks:
        if isinstance(chunk, str):
            write(chunk)
            if flush:
                out.flush()
            else:
                text_held = True
        elif buffer is not None:
            if text_held:  # the text before these bytes goes first
                out.flush()
                text_held = False
            buffer.write(chunk)
            if flush:
                buffer.flush()
        else:
            write(chunk.decode("utf-8"))
            if flush:
                out.flush()
    out.flush()


def _writes_utf8(stream: IO[str]) -> bool:
    """Whether a text stream encodes as UTF-8 (then UTF-8 bytes can go to its byte stream)."""
    import codecs

    try:
        return codecs.lookup(getattr(stream, "encoding", None) or "").name == "utf-8"
    except LookupError:
        return False


def write_rows(rows: Iterable[Sequence[object]], flush: bool = False) -> None:
    """CSV rows as they come (the header is the first), in UTF-8 whatever the locale, ``\\n``
    line ends, quoted as :mod:`csv` quotes. Each row is flushed with ``flush``, and on an output
    that flushes its lines (a terminal)."""
    import csv
    import io

    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    out = sys.stdout
    buffer = getattr(out, "buffer", None)
    each = flush or bool(getattr(out, "line_buffering", False))

    def emit() -> None:
        chunk = text.getvalue()
        text.seek(0)
        text.truncate()
        if buffer is None:  # a text-only stream (tests): already text
            out.write(chunk)
        else:
            buffer.write(chunk.encode("utf-8"))
        if each:
            (buffer or out).flush()

    out.flush()
    for row in rows:
        writer.writerow(row)
        emit()
    (buffer or out).flush()
