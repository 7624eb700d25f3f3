"""A session for people: one row per line as it is replayed, then the standings.

Each line is printed as soon as it is replayed (its own small table with the same fixed column
widths), so a long session streams in constant memory like ``batch``. A row is the line number,
the dealer, what happened (wrapped inside its column) and each seat's change; under it the
running totals and, when silver is kept, the balances. The widths are worked out once from the
console width so the whole view fits an 80-column terminal; piped, it is plain text 120 wide.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from mjcalc.app.session.records import Record, Summary
from mjcalc.i18n import text
from mjcalc.models import SEATS, Seat
from mjcalc.render.console import ERROR_STYLE, HEADER_STYLE, amount_text, emit, plain_table
from mjcalc.render.errors import shown_hand
from mjcalc.render.text import Lang, named, safe, seat_name, signed
from mjcalc.rules.ledger import others

LINE_WIDTH = 5
SEAT_WIDTH = 7
MIN_WHAT = 16
GAPS = 2 * 6  # one space each side between the 7 columns
DIM = "dim"


def render_session(
    items: Iterable[Record | Summary], console: Console, lang: Lang = "en"
) -> Summary:
    """Print each record as it comes, then the standings; returns the summary."""
    view = SessionView(console, lang)
    emit(console, view.header())
    for item in items:
        if isinstance(item, Summary):
            emit(console, Group(Text(), *view.standings(item)))
            return item
        emit(console, view.row(item))
    raise ValueError("a replay always ends with its summary")


class SessionView:
    """The column layout of one session view, fixed at the start."""

    def __init__(self, console: Console, lang: Lang) -> None:
        self.lang = lang
        self.dealer_width = max(2, cell_len(self.word("session.dealer")))
        fixed = LINE_WIDTH + self.dealer_width + 4 * SEAT_WIDTH + GAPS
        self.what_width = max(MIN_WHAT, console.width - fixed)
        self.width = fixed + self.what_width
        self.sep = "；" if lang == "zh" else "; "

    def word(self, key: str, **params: Any) -> str:
        return text(key, self.lang, **params)

    def seat(self, seat: Seat | None) -> str:
        return "" if seat is None else seat_name(seat, self.lang)

    def _table(self, *, header: bool) -> Table:
        table = Table(
            box=None,
            show_header=header,
            header_style=HEADER_STYLE,
            show_edge=False,
            pad_edge=False,
        )
        table.add_column(self.word("session.line"), width=LINE_WIDTH, justify="right")
        table.add_column(self.word("session.dealer"), width=self.dealer_width, no_wrap=True)
        table.add_column(self.word("session.what"), width=self.what_width, overflow="fold")
        for seat in SEATS:
            table.add_column(self.seat(seat), width=SEAT_WIDTH, justify="right", overflow="fold")
        return table

    def header(self) -> RenderableType:
        """The column heads and a rule under them (rows are tables of their own)."""
        return Group(self._table(header=True), Text("─" * self.width))

    def row(self, record: Record) -> Table:
        table = self._table(header=False)
        if not record.ok:
            assert record.error is not None
            err = record.error
            message = err.message_zh or err.message if self.lang == "zh" else err.message
            line = self.word("session.error", code=err.code, message=shown_hand(message))
            table.add_row(str(record.line), "", Text(line, style=ERROR_STYLE))
            return table
        change = [amount_text(record.payments[s] - record.fees[s]) for s in SEATS]
        table.add_row(str(record.line), self.seat(record.dealer), self.describe(record), *change)
        table.add_row(*self._sub_row("session.total", record.totals))
        if record.balances is not None:
            table.add_row(*self._sub_row("session.silver", record.balances, signs=False))
        return table

    def _sub_row(self, key: str, amounts: dict[Seat, int], *, signs: bool = True) -> list[Any]:
        label = Text(self.word(key), style=DIM, justify="right")
        cells = [Text(signed(amounts[s]) if signs else str(amounts[s])) for s in SEATS]
        return ["", "", label, *cells]

    # --- what happened ------------------------------------------------------------------------

    def describe(self, record: Record) -> str:
        """The line in words: the win, draw or event, then what the win got from earlier hands
        (in its ruleset's words), shortfalls and fees."""
        parts = [self._event(record)]
        if record.event in ("hand", "multi_win") and record.carried is not None:
            parts.append(record.carried.get(self.lang))
        for seat in SEATS:
            owed, paid = -record.owed.get(seat, 0), -record.payments[seat]
            if owed > 0 and paid < owed:
                parts.append(self.word("session.short", seat=self.seat(seat), paid=paid, owed=owed))
        fees = {s: f for s, f in record.fees.items() if f}
        if fees:
            if len(fees) == 4 and len(set(fees.values())) == 1:
                parts.append(self.word("session.fee_each", fee=fees["E"]))
            else:
                listed = " ".join(f"{self.seat(s)} {f}" for s, f in fees.items())
                parts.append(self.word("session.fees", fees=listed))
        return self.sep.join(parts)

    def _event(self, record: Record) -> str:
        if record.event == "hand":
            return self._win(record)
        if record.event == "multi_win":
            sep = "，" if self.lang == "zh" else ", "
            winners = sep.join(
                self.word(
                    "session.multi_winner", winner=self.seat(r.winner), pattern=self._pattern(r)
                )
                for r in record.results
            )
            return self.word(
                "session.multi_win", discarder=self.seat(record.discarder), winners=winners
            )
        if record.event == "draw":
            if record.carried is None:
                return self.word("session.draw_void")
            return record.carried.get(self.lang)
        assert record.seat is not None
        if record.event == "false_win":
            each = record.owed[others(record.seat)[0]]
            return self.word("session.false_win", seat=self.seat(record.seat), amount=each)
        key = "session.escape_ends" if record.ends else "session.escape_on"
        return self.word(key, seat=self.seat(record.seat), paid=-record.payments[record.seat])

    def _pattern(self, result: Any) -> str:
        pattern = result.pattern
        return "" if pattern is None else named(pattern.zh, pattern.en, self.lang)

    def _win(self, record: Record) -> str:
        result = record.results[0]
        winner, pattern = self.seat(result.winner), self._pattern(result)
        if result.discarder is None:
            return self.word("session.self_draws", winner=winner, pattern=pattern)
        discarder = self.seat(result.discarder)
        return self.word("session.wins_off", winner=winner, pattern=pattern, discarder=discarder)

    # --- standings ----------------------------------------------------------------------------

    def standings(self, summary: Summary) -> list[RenderableType]:
        """The standings table and one closing line (counts, next dealer, fees, end)."""
        if summary.rules is None:
            closing = [self.word("session.counts", lines=summary.lines, errors=summary.errors)]
            return [Text(" · ".join([*closing, self.word("session.no_header")]))]
        headers = [self.word("session.seat"), self.word("session.player"), self.word("session.net")]
        if summary.balances is not None:
            headers.append(self.word("session.balance"))
        if summary.ranks is not None:
            headers.append(self.word("session.rank"))
        table = plain_table(*headers)
        table.columns[1].max_width = 16
        table.columns[1].overflow = "fold"
        for column in table.columns[2:4]:
            column.justify = "right"
        for seat in SEATS:
            cells: list[Any] = [
                self.seat(seat),
                safe(summary.players.get(seat, "")),
                amount_text(summary.totals[seat]),
            ]
            if summary.balances is not None:
                cells.append(str(summary.balances[seat]))
            if summary.ranks is not None:
                rank = summary.ranks[seat]
                cells.append(
                    self.word(
                        "session.rank_value",
                        level=rank.rank.level,
                        zh=rank.rank.zh,
                        dan=rank.rank.dan,
                    )
                )
            table.add_row(*cells)
        closing = [
            self.word("session.counts", lines=summary.lines, errors=summary.errors),
            self.word("session.next_dealer", seat=self.seat(summary.dealer)),
        ]
        if summary.fees:
            closing.append(self.word("session.fees_collected", fees=summary.fees))
        if summary.ended_at is not None:
            closing.append(self.word("session.ended", line=summary.ended_at))
        title = Text(self.word("session.standings"), style=HEADER_STYLE)
        label = self.word("view.warning")
        warnings = [
            Text.assemble((label, "bold yellow"), " ", safe(warning.get(self.lang)))
            for warning in summary.warnings
        ]
        return [
            title,
            table,
            Text(" · ".join(closing), style=ERROR_STYLE if summary.errors else ""),
            *warnings,
        ]
