"""``mjcalc batch``: a file of hands, one result per hand line, as a table, JSON lines, CSV or
Markdown table rows.

The scoring is :mod:`mjcalc.app.batch` (no Click, no Rich, argument lines included); this module
gives the writer of :mod:`mjcalc.cli.output` what it gives back, and counts the outcome
(:class:`mjcalc.cli.output.Report`) for the exit status.
CSV is the records of :func:`mjcalc.batch`, the function a Python caller uses; JSON is the same
pipeline's JSON text as the workers made it (a record is that text decoded), so no line is
encoded twice on the path whose speed is measured.

JSON, CSV and Markdown are written as they come and flushed line by line when the input may keep
a reader waiting (a pipe, a terminal), so each result shows as soon as its hand is scored; from a
regular file only the output buffer's own flushes happen.
"""

from __future__ import annotations

import io
import os
import stat
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any

import click

from mjcalc.app.jobs import MAX_JOBS
from mjcalc.cli.lang import BilingualCommand, BilingualFile, lang_option, option
from mjcalc.cli.output import Format, Report, output_options, write_chunks, write_output, write_rows
from mjcalc.cli.output import lines as output_lines
from mjcalc.cli.params import WholeNumber, rules_option
from mjcalc.i18n import Lang
from mjcalc.seats import SEAT_LETTERS

if TYPE_CHECKING:
    from mjcalc.models import Result


@click.command("batch", cls=BilingualCommand, help="help.batch")
@click.argument("file", type=BilingualFile("rb", lazy=False))
@rules_option("help.batch.rules")
@output_options("text", "json", "csv", "markdown", help_key="help.batch")
@lang_option("help.batch.lang")
@option(
    "--jobs",
    "-j",
    type=WholeNumber(min=0, max=MAX_JOBS),
    default=1,
    show_default=True,
    metavar="N",
    help="help.batch.jobs",
)
def batch(file: IO[bytes], rules: str | None, output_format: Format, lang: Lang, jobs: int) -> None:
    """``mjcalc batch``: a file of hands, one result per hand line (help: ``help.batch``)."""
    from mjcalc.app.jobs import worker_count
    from mjcalc.app.lines import bounded_lines

    jobs = worker_count(jobs)
    name = click.format_filename(getattr(file, "name", "-"))
    refuse_binary(file, name)
    lines = bounded_lines(file)
    report = Report()

    def text() -> None:
        from mjcalc.render.batch import render_batch

        totals = render_batch(
            lines,
            lambda lines: score_lines(lines, rules, jobs),
            size=regular_file_size(file),
            lang=lang,
        )
        report.add(totals.scored + totals.failed, totals.failed)

    def json() -> Iterator[str | bytes]:
        from mjcalc.app.batch import json_lines

        return _counted(json_lines(lines, rules, jobs), report)

    def csv() -> Iterator[Sequence[object]]:
        import mjcalc

        return csv_rows(mjcalc.batch(lines, rules=rules, jobs=jobs), report)

    def markdown() -> Iterable[str]:
        from mjcalc.render.markdown import batch_markdown

        results = _reported(score_lines(lines, rules, jobs), report)
        return output_lines(batch_markdown(results, lang))

    flush = not never_waits(file)
    write_output(output_format, text=text, json=json, csv=csv, markdown=markdown, flush=flush)
    if report.scored + report.failed == 0:  # nothing to score is worth a word: a wrong file?
        from mjcalc.i18n import text as words
        from mjcalc.render.text import safe

        click.echo(words("cli.batch.no_hands", lang, file=safe(name)), err=True)
    sys.exit(report.exit_status)


SNIFF = 8192
"""How much of FILE is looked at for a NUL byte before any line is read (as ``grep`` and
``git`` tell a binary file)."""


def refuse_binary(file: IO[bytes], name: str) -> None:
    """A usage error when the start of FILE holds a NUL byte: a binary file (an image, an
    archive, a program) is no hand file, and reading it line by line would give hundreds of
    error rows instead of the one thing to say. Looked at without consuming what is read."""
    head = _peek(file, SNIFF)
    offset = head.find(b"\0")
    if offset >= 0:
        from mjcalc.cli.params import CliUsageError
        from mjcalc.i18n import bilingual
        from mjcalc.render.text import safe

        raise CliUsageError(bilingual("cli.batch.binary", file=safe(name), offset=offset))


def _peek(file: IO[bytes], size: int) -> bytes:
    """Up to ``size`` bytes from where ``file`` stands, left to be read again: what a buffered
    stream already holds (a pipe is not waited on for more), or read and sought back."""
    peek = getattr(file, "peek", None)
    if peek is not None:
        try:
            return bytes(peek(size)[:size])
        except (OSError, ValueError):
            return b""
    try:
        at = file.tell()
        head = file.read(size)
        file.seek(at)
    except (OSError, ValueError, AttributeError):
        return b""
    return head


def _reported(results: Iterable[Result], report: Report) -> Iterator[Result]:
    """The results as they come, each counted into ``report``."""
    for result in results:
        report.done(result.ok)
        yield result


def score_lines(
    lines: Iterable[bytes | str], default_rules: str | None, jobs: int = 1
) -> Iterator[Result]:
    """:func:`mjcalc.app.batch.score_lines`, numbered from the first line."""
    from mjcalc.app.batch import score_lines as score_all

    return score_all(lines, default_rules, jobs)


def write_json_lines(results: Iterable[Result], flush: bool = True) -> int:
    """One compact JSON result per line, flushed as it comes unless ``flush`` is false;
    returns how many failed."""
    texts = ((result.to_json() + "\n", 1, not result.ok) for result in results)
    return write_json_texts(texts, Report(), flush).failed


def write_json_texts(
    texts: Iterable[tuple[str | bytes, int, int]], report: Report, flush: bool = True
) -> Report:
    """Each ``(JSON text, results, failures)`` as it comes (a line, or a block of lines, as
    text or as UTF-8 bytes: :func:`mjcalc.cli.output.write_chunks`), counted into ``report``."""
    write_chunks(_counted(texts, report), flush)
    return report


def _counted(
    texts: Iterable[tuple[str | bytes, int, int]], report: Report
) -> Iterator[str | bytes]:
    """The JSON texts of ``texts`` as they come, their results and failures counted into
    ``report``."""
    for chunk, results, failures in texts:
        report.add(results, failures)
        yield chunk


CSV_HEADER = (
    "line",
    "ok",
    "rules",
    "winner",
    "pattern",
    *(f"payment_{seat}" for seat in SEAT_LETTERS),
    "error",
)
"""The columns of ``batch --csv``: one row per hand line, for a spreadsheet or a script."""


def csv_row(record: dict[str, Any]) -> list[str | int]:
    """A record of :func:`mjcalc.batch` as a row of :data:`CSV_HEADER`: the pattern by its id,
    each seat's payment (empty when the hand was not scored), the error by its code."""
    pattern = record.get("pattern")
    payments = record.get("payments") or {}
    error = record.get("error")
    return [
        record.get("line", ""),
        "true" if record["ok"] else "false",
        _cell(record.get("rules")),
        record.get("winner") or "",
        pattern["id"] if pattern else "",
        *(payments.get(seat, "") for seat in SEAT_LETTERS),
        error["code"] if error else "",
    ]


def _cell(value: str | None) -> str:
    """Text from the input as a cell a spreadsheet shows as text: control, format and
    line-separator characters written as escapes, as every text view writes them
    (:func:`mjcalc.render.text.safe`: no bidi override reorders a row), and a leading
    ``= + - @`` (a formula to a spreadsheet) behind a ``'``."""
    if not value:
        return ""
    from mjcalc.render.text import safe

    value = safe(value)
    return "'" + value if value[0] in "=+-@" else value


def write_csv(records: Iterable[dict[str, Any]], report: Report, flush: bool = True) -> Report:
    """The header, then one CSV row per record as it comes (flushed row by row with ``flush``,
    as :func:`write_json_texts` does), in UTF-8 whatever the locale, counted into ``report``."""
    write_rows(csv_rows(records, report), flush)
    return report


def csv_rows(records: Iterable[dict[str, Any]], report: Report) -> Iterator[Sequence[object]]:
    """:data:`CSV_HEADER`, then each record's row as it comes, counted into ``report``."""
    yield CSV_HEADER
    for record in records:
        row = csv_row(record)
        report.done(bool(record["ok"]))
        yield row


def never_waits(stream: IO[bytes]) -> bool:
    """Whether reading ``stream`` never waits for a writer: a regular file or in-memory bytes."""
    try:
        return stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (OSError, ValueError, AttributeError):  # no file descriptor: in-memory
        return isinstance(stream, io.BytesIO)


def regular_file_size(stream: IO[bytes]) -> int | None:
    """The size of a regular file (for the progress bar); ``None`` for pipes and terminals."""
    try:
        info = os.fstat(stream.fileno())
    except (OSError, ValueError, AttributeError):  # e.g. an in-memory stream in tests
        return None
    return info.st_size if stat.S_ISREG(info.st_mode) else None
