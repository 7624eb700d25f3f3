"""A session for people: one row per line as it is replayed, then the standings.

Each line is printed as soon as it is replayed, so a long session streams in constant memory like
``batch``. A row is the line number, the dealer, what happened (wrapped inside its column) and
each seat's change; under it the running totals and, when silver is kept, the balances. The
widths are worked out once from the console width so the whole view fits an 80-column terminal;
piped, it is plain text 120 wide.

The rows are laid out here, cell by cell, rather than by a Rich table per line: the columns are
fixed, so a table would only measure them again for every line, and that measuring cost several
times the replay itself. Off a terminal a row is written as plain text; on one, each piece with
its style's ANSI codes (worked out once per style by Rich).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any

from rich.color import ColorSystem
from rich.console import COLOR_SYSTEMS, Console, Group, RenderableType
from rich.style import Style
from rich.text import Text

from mjcalc.app.session.records import Record, Summary
from mjcalc.i18n import text
from mjcalc.models import SEATS, Seat
from mjcalc.render.console import ERROR_STYLE, EVEN, GAIN, HEADER_STYLE, LOSS, emit
from mjcalc.render.errors import shown_hand
from mjcalc.render.text import Lang, named, safe, seat_name, signed, text_width, wrap_cells
from mjcalc.rules.ledger import others

LINE_WIDTH = 5
SEAT_WIDTH = 7
MIN_WHAT = 16
GAPS = 2 * 6  # two spaces between each two of the 7 columns
DIM = "dim"
PUNCTUATION = "；，、"
"""Where the "what happened" column would rather break a Chinese line (:func:`wrap`)."""

Segment = tuple[str, str]  # text, style ("" for none)


def render_session(
    items: Iterable[Record | Summary],
    console: Console,
    lang: Lang = "en",
    players: Callable[[], Mapping[Seat, str]] | None = None,
) -> Summary:
    """Print each record as it comes, then the standings; returns the summary.

    ``players`` gives the header's names; it is asked when the first item arrives, since the
    header is only read as ``items`` is.
    """
    view: SessionView | None = None
    for item in items:
        if view is None:
            view = SessionView(console, lang, None if players is None else players())
            view.write([view.header_line(), [("─" * view.width, "")]])
        if isinstance(item, Summary):
            from mjcalc.render.standings import standings_view

            emit(console, Group(Text(), *standings_view(item, lang)))
            return item
        view.write(view.row(item))
    raise ValueError("a replay always ends with its summary")


def _amount(amount: int) -> Segment:
    return signed(amount), GAIN if amount > 0 else LOSS if amount < 0 else EVEN


def cells(words: str) -> int:
    """Terminal cells of ``words`` (ASCII, most of a row, without looking at each character)."""
    return len(words) if words.isascii() else _wide_cells(words)


@lru_cache(maxsize=4096)
def _wide_cells(words: str) -> int:
    return text_width(words)


def _pad(segment: Segment, width: int, *, right: bool) -> list[Segment]:
    room = width - cells(segment[0])
    if room <= 0:
        return [segment]
    return [(" " * room, ""), segment] if right else [segment, (" " * room, "")]


def wrap(line: str, width: int) -> list[str]:
    """``line`` in pieces of at most ``width`` cells, a piece ending after a Chinese comma or
    semicolon when one falls in its second half (:func:`~mjcalc.render.text.wrap_cells`)."""
    return wrap_cells(line, width, marks=PUNCTUATION)


class SessionView:
    """The column layout of one session view, fixed at the start."""

    def __init__(
        self, console: Console, lang: Lang, players: Mapping[Seat, str] | None = None
    ) -> None:
        self.console = console
        self.lang = lang
        self.players = {seat: safe(name) for seat, name in (players or {}).items()}
        self.dealer_width = max(2, text_width(self.word("session.dealer")))
        fixed = LINE_WIDTH + self.dealer_width + 4 * SEAT_WIDTH + GAPS
        self.what_width = max(MIN_WHAT, console.width - fixed)
        self.width = fixed + self.what_width
        self.sep = "；" if lang == "zh" else "; "
        system = None if console.no_color else console.color_system
        self.system = COLOR_SYSTEMS.get(system or "", ColorSystem.STANDARD)
        # style → its ANSI codes around a NUL placeholder (Rich's own rendering of the style);
        # None: write plain text (piped, or no colour)
        self.styles: dict[str, str] | None = None
        if console.is_terminal and system is not None:
            self.styles = {}

    def word(self, key: str, **params: Any) -> str:
        return text(key, self.lang, **params)

    def seat(self, seat: Seat | None) -> str:
        """A seat as the rows name it: the player's name when the header gives one."""
        if seat is None:
            return ""
        return self.players.get(seat) or seat_name(seat, self.lang)

    def write(self, lines: list[list[Segment]]) -> None:
        """Write whole lines to the console's file: plain, or with each style's ANSI codes."""
        if self.styles is None:
            out = "".join("".join(t for t, _ in line).rstrip() + "\n" for line in lines)
        else:
            out = "".join("".join(map(self._styled, line)).rstrip() + "\n" for line in lines)
        self.console.file.write(out)

    def _styled(self, segment: Segment) -> str:
        words, style = segment
        if not style or not words.strip():
            return words
        assert self.styles is not None
        codes = self.styles.get(style)
        if codes is None:
            codes = Style.parse(style).render("\x00", color_system=self.system)
            self.styles[style] = codes
        before, _, after = codes.partition("\x00")
        return before + words + after

    def _line(self, number: str, dealer: str, what: Segment, seats: list[Segment]) -> list[Segment]:
        out = _pad((number, ""), LINE_WIDTH, right=True)
        out.append(("  ", ""))
        out += _pad((dealer, ""), self.dealer_width, right=False)
        out.append(("  ", ""))
        out += _pad(what, self.what_width, right=False) if seats else [what]
        for cell in seats:
            out.append(("  ", ""))
            out += _pad(cell, SEAT_WIDTH, right=True)
        return out

    def head(self, seat: Seat) -> str:
        """A seat's column head: the seat, and the player's name as far as the column allows."""
        name = seat_name(seat, self.lang)
        player = self.players.get(seat)
        if not player:
            return name
        head = f"{name} {player}"
        if text_width(head) <= SEAT_WIDTH:
            return head
        while text_width(head) > SEAT_WIDTH - 1:
            head = head[:-1]
        return head + "…"

    def header_line(self) -> list[Segment]:
        """The column heads (bold)."""
        heads = [(self.head(seat), HEADER_STYLE) for seat in SEATS]
        return self._line_styled(
            self.word("session.line"), self.word("session.dealer"), self.word("session.what"), heads
        )

    def _line_styled(
        self, number: str, dealer: str, what: str, seats: list[Segment]
    ) -> list[Segment]:
        line = self._line(number, dealer, (what, HEADER_STYLE), seats)
        return [(t, HEADER_STYLE if t.strip() else s) for t, s in line]

    def row(self, record: Record) -> list[list[Segment]]:
        """The physical lines of one record."""
        if not record.ok:
            assert record.error is not None
            err = record.error
            message = err.message_zh or err.message if self.lang == "zh" else err.message
            words = self.word("session.error", code=err.code, message=shown_hand(message))
            pieces = wrap(words, self.what_width)
            lines = [self._line(str(record.line), "", (pieces[0], ERROR_STYLE), [])]
            lines += [self._line("", "", (p, ERROR_STYLE), []) for p in pieces[1:]]
            return lines
        change = [_amount(record.payments[s] - record.fees[s]) for s in SEATS]
        pieces = wrap(self.describe(record), self.what_width)
        lines = [
            self._line(
                str(record.line),
                seat_name(record.dealer, self.lang) if record.dealer else "",
                (pieces[0], ""),
                change,
            )
        ]
        lines += [self._line("", "", (p, ""), []) for p in pieces[1:]]
        lines.append(self._sub_row("session.total", record.totals))
        if record.balances is not None:
            lines.append(self._sub_row("session.silver", record.balances, signs=False))
        return lines

    def _sub_row(self, key: str, amounts: dict[Seat, int], *, signs: bool = True) -> list[Segment]:
        label = self.word(key)
        room = self.what_width - cells(label)
        what = (" " * max(0, room) + label, DIM)
        shown = [(signed(amounts[s]) if signs else str(amounts[s]), "") for s in SEATS]
        return self._line("", "", what, shown)

    # --- what happened ------------------------------------------------------------------------

    def describe(self, record: Record) -> str:
        """The line in words: the win, draw or event, then what the win got from earlier hands
        (in its ruleset's words), shortfalls and fees."""
        parts = [self._event(record)]
        if record.event in ("hand", "multi_win") and record.carried is not None:
            parts.append(record.carried.get(self.lang))
        for seat, short in record.short().items():
            parts.append(
                self.word(
                    "session.short", seat=self.seat(seat), paid=short["paid"], owed=short["owed"]
                )
            )
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
        if record.event == "adjust":
            return self._adjust(record)
        if record.own is not None:
            return self._own(record)
        assert record.seat is not None
        if record.event == "false_win":
            each = record.owed[others(record.seat)[0]]
            name = record.name or "诈胡"
            return self.word(
                "session.false_win", seat=self.seat(record.seat), amount=each, name=name
            )
        key = "session.escape_ends" if record.ends else "session.escape_on"
        return self.word(key, seat=self.seat(record.seat), paid=-record.payments[record.seat])

    def _own(self, record: Record) -> str:
        """A line of the ruleset's own, in its words: each seat by its player's name."""
        event, values = record.own, record.values or {}
        assert event is not None
        seats = {arg.field for arg in event.args if arg.kind == "seat"}
        fields = {k: self.seat(v) if k in seats else v for k, v in values.items()}
        template = event.shown[1] if self.lang == "zh" else event.shown[0]
        return safe(template.format(**fields))

    def _adjust(self, record: Record) -> str:
        adjust = record.adjust
        assert adjust is not None
        words = self.word(
            "session.adjust",
            source=self.seat(adjust.source),
            target=self.seat(adjust.target),
            amount=adjust.amount,
        )
        if adjust.reason:
            words += self.word("session.adjust_reason", reason=safe(adjust.reason))
        return words

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


def standings_only(summary: Summary, lang: Lang) -> RenderableType:
    """The standings with nothing above them (``--standings``, ``--add``, ``--new``)."""
    from mjcalc.render.standings import standings_view

    return Group(*standings_view(summary, lang))
