"""What every command does with its outcome: messages on stderr, and the exit status.

Data goes to stdout (each command writes its own), messages to stderr through here, so errors,
warnings and hints look the same whichever command prints them: red headline and caret, dim
hint, yellow ``warning:``, coloured only on a terminal and never with ``NO_COLOR``, wrapped to
the terminal's width (Chinese counting two cells) and left whole when piped.

The exit status is one enum (:class:`ExitStatus`) and, for the commands that read many lines
(``batch``, ``session``), one :class:`Report` that counts what became of them and decides it, so
the rule "1 as soon as one line failed" is written once.

No Rich here: the JSON paths print errors too, and must not load it.
"""

from __future__ import annotations

import os
import sys
from enum import IntEnum
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from mjcalc.i18n import Lang
    from mjcalc.models import Result
    from mjcalc.render.errors import Failed


class ExitStatus(IntEnum):
    """The exit status of ``mjcalc``: what a script calling it may test."""

    OK = 0
    """Every hand scored, every line applied."""
    NOT_SCORED = 1
    """A hand, a batch line or a session line could not be scored or applied, or a ruleset asked
    for could not be loaded."""
    ERROR = 1
    """Another failure of the command itself (Ctrl-C, an existing session file): as above."""
    USAGE = 2
    """A usage error: a bad flag or argument (Click's own status for them)."""
    IO = 1
    """Output that cannot be written or input that cannot be read: one line on stderr."""

    @classmethod
    def of(cls, ok: bool) -> ExitStatus:
        """:attr:`OK` when ``ok``, else :attr:`NOT_SCORED`."""
        return cls.OK if ok else cls.NOT_SCORED


class Report:
    """What became of the lines of a ``batch`` or a ``session``: how many were scored (or
    applied) and how many failed. One failed line makes the whole run
    :attr:`ExitStatus.NOT_SCORED`."""

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
