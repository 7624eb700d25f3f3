"""A batch of hands for people: one row per hand as it is scored, then a summary.

Rows are printed as soon as each hand is scored and nothing is kept but three counters and the
running net per seat, so a file of a million lines streams in constant memory (a Rich table would
hold every row until the end). Columns have fixed widths measured in terminal cells so the rows
line up without seeing the whole file. A long regular file gets a progress bar on stderr, when
stderr is a terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.console import Console, Group
from rich.progress import BarColumn, Progress, TaskProgressColumn, TimeRemainingColumn
from rich.text import Text

from mjcalc.i18n import text
from mjcalc.models import SEATS, Result, Seat
from mjcalc.render.console import (
    ERROR_STYLE,
    HEADER_STYLE,
    amount_text,
    emit,
    make_console,
    term_text,
)
from mjcalc.render.text import Lang, ruleset_name, safe, seat_name, word, wrap_cells
from mjcalc.render.views import error_text

LINE_WIDTH = 5
HAND_WIDTH = 34
PATTERN_WIDTH = 26
GAP = "  "
MIN_WRAP = 20
"""Narrower than this, an error message is left whole rather than wrapped into slivers."""
LONG_FILE_BYTES = 100_000
"""Files at least this long get a progress bar (about a thousand hands)."""

ScoreLines = Callable[[Iterable[bytes]], Iterator[Result]]


@dataclass
class BatchTotals:
    """What the summary needs: counts and the net per seat over the scored hands.

    Nets are kept per ruleset: Xingguo points and Shanghai points are different money, so a
    batch that mixes rulesets is summed within each one (``net`` is the sum over them all).
    """

    scored: int = 0
    failed: int = 0
    by_rules: dict[str, dict[Seat, int]] = field(default_factory=dict)

    @property
    def net(self) -> dict[Seat, int]:
        return {s: sum(net[s] for net in self.by_rules.values()) for s in SEATS}

    def add(self, result: Result) -> None:
        if not result.ok:
            self.failed += 1
            return
        self.scored += 1
        net = self.by_rules.setdefault(result.rules or "", dict.fromkeys(SEATS, 0))
        for seat, amount in result.payments.items():
            net[seat] += amount


def render_batch(
    lines: Iterable[bytes],
    score_lines: ScoreLines,
    *,
    size: int | None = None,
    lang: Lang = "en",
    console: Console | None = None,
    err_console: Console | None = None,
) -> BatchTotals:
    """Score ``lines`` with ``score_lines`` and print each row as it comes, then the summary.

    ``size`` is the input's length in bytes when known (a regular file): it sizes the progress bar.
    """
    out = console or make_console()
    err = err_console or make_console(stderr=True)
    totals = BatchTotals()
    emit(out, header_row(lang), soft_wrap=True)
    # on a terminal a long error message wraps under its own column; piped, rows stay whole
    width = out.width if out.is_terminal else None
    with progress_lines(lines, size, err) as tracked:
        for result in score_lines(tracked):
            totals.add(result)
            emit(out, result_row(result, lang, width), soft_wrap=True)
    emit(out, Group(Text(), *summary(totals, lang)))
    return totals


@contextmanager
def progress_lines(
    lines: Iterable[bytes], size: int | None, err: Console
) -> Iterator[Iterable[bytes]]:
    """``lines`` as they are, or advancing a transient progress bar on ``err`` by bytes read."""
    if size is None or size < LONG_FILE_BYTES or not err.is_terminal:
        yield lines
        return
    columns = (BarColumn(), TaskProgressColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True) as progress:
        task = progress.add_task("scoring", total=size)

        def advancing() -> Iterator[bytes]:
            for line in lines:
                progress.advance(task, len(line))
                yield line

        yield advancing()


def _cell(text: Text, width: int, *, right: bool = False) -> Text:
    """``text`` padded to ``width`` terminal cells (never cut: a long hand pushes the row on)."""
    pad = " " * max(0, width - cell_len(text.plain))
    return Text.assemble(pad, text) if right else Text.assemble(text, pad)


def header_row(lang: Lang) -> Text:
    return Text.assemble(
        _cell(Text(word("line", lang)), LINE_WIDTH, right=True),
        GAP,
        _cell(Text(word("hand", lang)), HAND_WIDTH),
        GAP,
        _cell(Text(word("pattern", lang)), PATTERN_WIDTH),
        GAP,
        word("gain", lang),
        style=HEADER_STYLE,
    )


def result_row(result: Result, lang: Lang, width: int | None = None) -> Text:
    """``    3  123m456p789s11z 234m  plain 平胡  E +9``, or the error in place of the pattern.

    With a ``width`` (a terminal), an error message longer than the room left wraps onto
    indented lines under its column instead of running past the edge.
    """
    line = _cell(Text(str(result.line or "")), LINE_WIDTH, right=True)
    hand = _cell(Text(safe(result.hand or "")), HAND_WIDTH)
    if not result.ok:
        message = error_text(result, lang)
        indent = cell_len(line.plain + GAP + hand.plain + GAP)
        if width is not None and width - indent >= MIN_WRAP:
            message = ("\n" + " " * indent).join(wrap_cells(message, width - indent))
        return Text.assemble(line, GAP, hand, GAP, Text(message, ERROR_STYLE))
    pattern = result.pattern
    named = term_text(pattern.zh, pattern.en, lang) if pattern else Text()
    winner = result.winner or "E"
    return Text.assemble(
        line,
        GAP,
        hand,
        GAP,
        _cell(named, PATTERN_WIDTH),
        GAP,
        f"{seat_name(winner, lang)} ",
        amount_text(result.payments.get(winner, 0)),
    )


def summary(totals: BatchTotals, lang: Lang) -> list[Text]:
    """``2 scored, 1 not scored`` and the net per seat over the scored hands, per ruleset."""
    counts_text = text("view.counts", lang, scored=totals.scored, failed=totals.failed)
    counts = Text(counts_text, ERROR_STYLE if totals.failed else HEADER_STYLE)
    lines = [counts]
    several = len(totals.by_rules) > 1
    by_rules = list(totals.by_rules.items()) or [("", dict.fromkeys(SEATS, 0))]
    labels = [
        word("net", lang) + (" " + ruleset_name(rules, lang) if several else "")
        for rules, _net in by_rules
    ]
    label_width = max(cell_len(label) for label in labels)
    for label, (_rules, by_seat) in zip(labels, by_rules, strict=True):
        net = Text(label + " " * (label_width - cell_len(label) + 1))
        for seat in SEATS:
            net.append_text(
                Text.assemble(f"  {seat_name(seat, lang)} ", amount_text(by_seat[seat]))
            )
        lines.append(net)
    return lines
