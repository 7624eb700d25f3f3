"""Replaying a session: lines in, one record per line out, in constant memory.

:class:`Session` holds only the running position (dealer, totals, silver, rank points, the
counts the ruleset carries to the next win, whether the game ended) and turns one line at a time
into a :class:`Record`. A bad line becomes an error record and changes nothing, as if it were
absent. Hands are scored by :func:`mjcalc.app.score.score` exactly as ``mjcalc score`` would: the
session only adds ``rules``, ``dealer``, the carried counts and the header's options to the line's
request.

What a ruleset carries (:class:`~mjcalc.rules.session.Carry`) is a tuple of numbers to the
session: it keeps them, hands them to the ruleset's hooks and shows the words those return, so a
ruleset's carry-over needs no knowledge of it here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mjcalc.app.arglines import in_flag_words, session_request
from mjcalc.app.score import score
from mjcalc.app.session.header import Table, is_header, read_header
from mjcalc.app.session.lines import (
    EVENT_MODELS,
    AdjustLine,
    EscapeLine,
    FalseWinLine,
    LineMarks,
    RawLine,
    event_line,
    own_event_model,
    read_line,
)
from mjcalc.app.session.records import Amounts, RankOut, Record, Summary
from mjcalc.app.session.silver import charge, escape_payments, settle, zero
from mjcalc.app.session.standings import SeatStats, Tally, table_points
from mjcalc.app.session.words import is_word_line, word_line
from mjcalc.errors import MjcalcError
from mjcalc.i18n import Bilingual
from mjcalc.models import EVENT_KINDS as ALL_EVENT_KINDS
from mjcalc.models import SEATS, EventKind, Result, Seat
from mjcalc.rules.carry import Carry, Counts
from mjcalc.rules.events import SessionEvent
from mjcalc.rules.ledger import others
from mjcalc.rules.plugins import carries
from mjcalc.rules.registry import describe_validation_error, example_name

"""Turns a line of ``mjcalc score`` arguments into a request (the CLI supplies one). The line may
also hold the switches given second (the table's line marks), each put in the request as
``True`` under its field."""

EVENT_KINDS: dict[str, EventKind] = {
    kind: kind for kind in ALL_EVENT_KINDS if kind not in ("hand", "multi_win")
}
"""The kinds named by an ``event`` field (hands and multiple wins have none), read from the
contract's kinds so that a new one is named in one place."""

EVERY_TABLE: frozenset[EventKind] = frozenset({"adjust"})
"""Lines every ruleset's table takes: a correction agreed at the table is no ruleset's rule."""

PLAYED = frozenset({"hand", "multi_win", "draw"})
"""The lines that are a hand played (won or drawn): they count towards a match's hands."""

SUPPLIED = ("rules", "dealer")
"""Request fields the session fills in, before the carried ones (:func:`supplied`): a hand line
that sets one is ``invalid_request``."""


@dataclass(frozen=True, slots=True)
class Position:
    """Everything a session remembers between lines: a few numbers per seat."""

    dealer: Seat
    totals: Amounts
    balances: Amounts | None
    points: Amounts | None
    carried: Counts = ()  # what the ruleset carries to the next win
    ended_at: int | None = None
    fees: int = 0  # collected so far
    hands: int = 0  # hands played so far, drawn hands included


@dataclass(slots=True)
class Outcome:
    """What a line does before silver limits and fees."""

    event: str  # an EventKind, or the name of one of the ruleset's own events
    next_dealer: Seat
    owed: list[Amounts] = field(default_factory=list)  # zero-sum vectors, as owed
    results: tuple[Result, ...] = ()
    fee_seats: tuple[Seat, ...] = ()
    carried: Counts = ()  # pending after this line
    counts: Counts | None = None  # given to this win / pending after this drawn hand
    seat: Seat | None = None
    ends: bool = False
    discarder: Seat | None = None
    adjust: AdjustLine | None = None
    own: SessionEvent[Any] | None = None  # the ruleset's event of the line, if it is one
    values: dict[str, Any] | None = None  # its fields, as the line gave them
    name: str | None = None  # the ruleset's word for the line (a false win: 诈胡, 错和)


class MultiWinLine(BaseModel):
    """``{"discarder": "S", "winners": [req, req]}``: 一炮多响 (line marks already taken out)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    discarder: Seat
    winners: list[dict[str, Any]] = Field(min_length=2, max_length=3)


class Session:
    """A sitting being replayed; :meth:`feed` it lines in order, then ask for :meth:`summary`."""

    def __init__(
        self,
        *,
        directory: str | None = None,
        strict_rules: bool = False,
    ) -> None:
        """``directory``: the session file's, against which a relative ``rules`` path in the
        header is read (``None``, a stream: the current directory). ``strict_rules``: a ruleset
        file that changed since the sitting started fails the header instead of a warning."""
        self._directory = directory
        self._strict_rules = strict_rules
        self._table: Table | None = None
        self._marks = LineMarks("", (), ())  # the table's, once its header is read
        self._supplied: tuple[str, ...] = SUPPLIED
        self._at: Position | None = None
        self.lines = 0  # records given out
        self.errors = 0
        self._tally = Tally()

    @property
    def table(self) -> Table | None:
        """The checked header, once one was read."""
        return self._table

    def feed(self, number: int, raw: RawLine) -> Record | None:
        """The record of line ``number``; ``None`` for a blank, comment or header line."""
        try:
            content = read_line(raw)
            if content is None:
                return None
            if self._table is None:
                if isinstance(content, dict) and is_header(content):
                    self._start(number, content)
                    return None
                raise MjcalcError.from_key(
                    "invalid_request", "err.session.no_header", example=example_name()
                )
            record = self._apply(number, content)
        except MjcalcError as exc:
            record = Record.failed(number, exc)
        except Exception as exc:  # a bug: one error record, and the sitting goes on
            error = MjcalcError.from_key(
                "internal_error", "err.internal", kind=type(exc).__name__, detail=exc
            )
            record = Record.failed(number, error)
        self.lines += 1
        self.errors += not record.ok
        self._tally.add(record)
        return record

    @property
    def position(self) -> Position | None:
        """Where the sitting stands (``None`` before its header): all a checkpoint needs, with
        the header and the counts of lines and errors, to :meth:`resume` the replay later."""
        return self._at

    @property
    def stats(self) -> dict[Seat, SeatStats]:
        """The per-seat counts so far (a copy): saved beside the :attr:`position`."""
        return self._tally.snapshot()

    def resume(
        self, position: Position, lines: int, errors: int, stats: dict[Seat, SeatStats]
    ) -> None:
        """Go on from a saved :attr:`position` and :attr:`stats` (this session having read the
        same header): a replay of the lines after it then gives what a replay from the start
        would. Anything a session comes to remember between lines must be saved too for that to
        hold (:mod:`mjcalc.app.session.checkpoint` checks that it holds nothing else)."""
        if self._table is None:
            raise ValueError("resume: the header comes first")
        self._at = position
        self.lines = lines
        self.errors = errors
        self._tally = Tally({seat: stats[seat] for seat in SEATS})

    def summary(self) -> Summary:
        """Where the sitting stands now."""
        table, at = self._table, self._at
        if table is None or at is None:
            return Summary(None, self.lines, self.errors, "E", zero(), None, None)
        rank = table.rules.rank
        ranks = None
        if at.points is not None and rank is not None:
            ranks = {seat: RankOut(p, rank(p)) for seat, p in at.points.items()}
        return Summary(
            rules=table.name,
            lines=self.lines,
            errors=self.errors,
            dealer=at.dealer,
            totals=dict(at.totals),
            balances=None if at.balances is None else dict(at.balances),
            ranks=ranks,
            players=dict(table.header.players),
            fees=at.fees,
            ended_at=at.ended_at,
            warnings=table.warnings,
            stats=self._tally.snapshot(),
            table_points=table_points(at.totals, table.rules.table_points),
            hands=at.hands,
        )

    # --- one line ---------------------------------------------------------------------------

    def _start(self, number: int, data: dict[str, Any]) -> None:
        table = read_header(number, data, self._directory, strict_rules=self._strict_rules)
        carry, installed = table.rules.carry, carries()
        self._table = table
        self._marks = LineMarks.of(table.name, carry, installed)
        self._supplied = supplied(carry, installed)
        fields_of = table.rules.hand_fields
        if fields_of is not None:  # the fields it supplies, as those of the first hand name them
            self._supplied += tuple(k for k in fields_of(1) if k not in self._supplied)
        self._at = Position(
            dealer=table.header.dealer,
            totals=zero(),
            balances=table.start_balances(),
            points=table.start_points(),
            carried=_nothing_carried(table),
        )

    def _apply(self, number: int, content: dict[str, Any] | str) -> Record:
        table, at = self._table, self._at
        assert table is not None and at is not None
        if at.ended_at is not None:
            raise MjcalcError.from_key("invalid_request", "err.session.ended", line=at.ended_at)
        own = table.rules.own_events
        if isinstance(content, str) and is_word_line(content, own):
            data = word_line(content, self._marks.switches, own)
            kind = _kind(data, table)
        elif isinstance(content, str):
            data, kind = self._arguments(content), "hand"
        elif is_header(content):
            raise MjcalcError.from_key(
                "invalid_request", "err.session.second_header", line=table.line
            )
        else:
            data, kind = content, _kind(content, table)
        event = _own(kind, table)
        if event is not None:
            outcome = self._own_event(event_line(data, own_event_model(event)), event, table, at)
            return self._settle(number, outcome, table, at)
        if kind not in table.rules.events and kind not in EVERY_TABLE:
            raise _not_here(kind, table, content)
        worded = isinstance(content, str)  # typed as flags: its errors name them
        if kind in PLAYED:
            _check_limit(table, at)
        if kind == "hand":
            outcome = self._hand(data, table, at, worded)
        elif kind == "multi_win":
            outcome = self._multi_win(data, table, at, worded)
        elif kind == "draw":
            outcome = self._draw(data, table, at)
        else:
            outcome = self._event(event_line(data, EVENT_MODELS[kind]), table, at)
        return self._settle(number, outcome, table, at)

    def _arguments(self, text: str) -> dict[str, Any]:
        return session_request(text, self._marks.switches)

    def _request(
        self, data: dict[str, Any], table: Table, at: Position, counts: Counts | None
    ) -> dict[str, Any]:
        """The line's request with what the session supplies: rules, dealer, options, and the
        carried ``counts`` as the ruleset's request fields."""
        carry = table.rules.carry
        for key in self._supplied:
            if key in data:
                raise MjcalcError.from_key("invalid_request", "err.session.line_sets", field=key)
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise MjcalcError.from_key("invalid_request", "err.session.options_object")
        clash = sorted(table.rules.table_options & options.keys())
        if clash:
            raise MjcalcError.from_key("invalid_request", "err.session.table_option", name=clash[0])
        request = {**data, "rules": table.source, "dealer": at.dealer}
        fields_of = table.rules.hand_fields
        if fields_of is not None:
            request.update(fields_of(at.hands + 1))
        merged = {**table.header.options, **options}
        if merged:
            request["options"] = merged
        if carry is not None and counts is not None:
            request.update(zip(carry.fields, counts, strict=True))
        return request

    def _hand(self, data: dict[str, Any], table: Table, at: Position, worded: bool) -> Outcome:
        counts = _to_win(table, at, self._marks.take(data))
        request = self._request(data, table, at, counts)
        result = score(request)
        if not result.ok:
            raise _result_error(in_flag_words(result, request) if worded else result)
        assert result.winner is not None
        return Outcome(
            event="hand",
            next_dealer=table.rules.dealer_after_win(at.dealer, (result.winner,)),
            owed=[result.payments],
            results=(result,),
            fee_seats=SEATS,
            carried=_nothing_carried(table),
            counts=counts,
        )

    def _multi_win(self, data: dict[str, Any], table: Table, at: Position, worded: bool) -> Outcome:
        marks = self._marks.take(data)
        try:
            line = MultiWinLine.model_validate(data)
        except ValidationError as exc:
            detail = describe_validation_error(exc)
            raise MjcalcError.from_key(
                "invalid_request", "err.session.bad_multi", detail=detail
            ) from None
        counts = _to_win(table, at, marks)
        results: list[Result] = []
        for index, req in enumerate(line.winners, 1):
            self._marks.not_on_winner(index, req)
            if "winner" not in req:
                raise MjcalcError.from_key(
                    "invalid_request", "err.session.winner_missing", index=index
                )
            request = self._request({"discarder": line.discarder, **req}, table, at, counts)
            result = score(request)
            if not result.ok:
                raise _result_error(in_flag_words(result, request) if worded else result, index)
            if result.discarder != line.discarder:
                raise MjcalcError.from_key(
                    "invalid_request",
                    "err.session.winner_discarder",
                    index=index,
                    given=result.discarder or "-",
                    seat=line.discarder,
                )
            if any(r.winner == result.winner for r in results):
                raise MjcalcError.from_key(
                    "invalid_request", "err.session.winner_twice", seat=result.winner
                )
            results.append(result)
        won = {r.winner for r in results}
        order = tuple(seat for seat in others(line.discarder) if seat in won)
        return Outcome(
            event="multi_win",
            next_dealer=table.rules.dealer_after_win(at.dealer, order),
            owed=[r.payments for r in results],
            results=tuple(results),
            fee_seats=SEATS,
            carried=_nothing_carried(table),
            counts=counts,
            discarder=line.discarder,
        )

    def _draw(self, data: dict[str, Any], table: Table, at: Position) -> Outcome:
        """A drawn hand: void, what it still settles (the ruleset's :class:`DrawnHand`), and
        what it leaves pending for the ruleset's next win."""
        rules = table.rules
        drawn = rules.drawn
        owed: list[Amounts] = []
        if drawn is not None:
            own = {key: data.pop(key) for key in list(data) if key in drawn.fields.model_fields}
            moved = drawn.settle(event_line(own, drawn.fields), table.options, at.dealer)
            owed.append(_zero_sum(moved, "drawn hand"))
        marks = self._marks.draw(data)
        next_dealer = rules.dealer_after_draw(at.dealer)
        if rules.carry is None:
            return Outcome("draw", next_dealer, owed, fee_seats=SEATS)
        pending = rules.carry.on_draw(at.carried, marks)
        return Outcome("draw", next_dealer, owed, fee_seats=SEATS, carried=pending, counts=pending)

    def _event(
        self, line: FalseWinLine | EscapeLine | AdjustLine, table: Table, at: Position
    ) -> Outcome:
        rules = table.rules
        if isinstance(line, AdjustLine):
            vector = zero()
            vector[line.source] = -line.amount
            vector[line.target] = line.amount
            return Outcome(
                "adjust", at.dealer, [vector], carried=at.carried, seat=line.source, adjust=line
            )
        if isinstance(line, FalseWinLine):
            assert rules.false_win is not None
            each = rules.false_win(table.options)
            vector = {seat: each for seat in others(line.seat)} | {line.seat: -3 * each}
            return Outcome(
                "false_win",
                at.dealer,
                [vector],
                carried=at.carried,
                seat=line.seat,
                name=rules.false_win_name,
            )
        assert rules.escape is not None
        balance = None if at.balances is None else at.balances[line.seat]
        vector = escape_payments(rules.escape(table.options), line.seat, balance)
        return Outcome(
            "escape",
            at.dealer,
            [vector],
            fee_seats=(line.seat,) if line.ends else SEATS,
            carried=at.carried,
            seat=line.seat,
            ends=line.ends,
        )

    def _own_event(
        self, line: BaseModel, event: SessionEvent[Any], table: Table, at: Position
    ) -> Outcome:
        """A line of the ruleset's own: what its ``settle`` moves, checked to be a zero-sum
        vector of whole amounts over the seats (its failure is the ruleset's bug, an
        ``internal_error`` of the line, as a section that does not sum to zero is)."""
        values = line.model_dump(exclude={"event"})
        vector = _zero_sum(event.settle(values, table.options), f"event {event.name}")
        return Outcome(
            event.name, at.dealer, [vector], carried=at.carried, own=event, values=values
        )

    def _settle(self, number: int, outcome: Outcome, table: Table, at: Position) -> Record:
        """Silver limits, fees, totals and rank points: the new position and the line's record."""
        paid = settle(outcome.owed, at.balances)
        after = None if at.balances is None else {s: at.balances[s] + paid[s] for s in SEATS}
        fee = table.rules.fee(table.options) if outcome.fee_seats else 0
        fees = charge(fee, outcome.fee_seats, after)
        totals = {s: at.totals[s] + paid[s] - fees[s] for s in SEATS}
        balances = None if after is None else {s: after[s] - fees[s] for s in SEATS}
        points = None
        if at.points is not None:
            points = {s: max(0, at.points[s] + paid[s]) for s in SEATS}
        counts, shown = _shown(outcome, table)
        self._at = Position(
            dealer=outcome.next_dealer,
            totals=totals,
            balances=balances,
            points=points,
            carried=outcome.carried,
            ended_at=number if outcome.ends else None,
            fees=at.fees + sum(fees.values()),
            hands=at.hands + (outcome.event in PLAYED),
        )
        return Record(
            line=number,
            ok=True,
            event=outcome.event,
            dealer=at.dealer,
            results=outcome.results,
            payments=paid,
            fees=fees,
            totals=dict(totals),
            balances=None if balances is None else dict(balances),
            next_dealer=outcome.next_dealer,
            seat=outcome.seat,
            ends=outcome.ends,
            counts=counts,
            carried=shown,
            name=outcome.name,
            owed=settle(outcome.owed, None),
            discarder=outcome.discarder,
            adjust=outcome.adjust,
            own=outcome.own,
            values=outcome.values,
        )


def _check_limit(table: Table, at: Position) -> None:
    """A hand after the match's last is refused, naming the limit (and how to play on)."""
    limit_of = table.rules.hand_limit
    if limit_of is None:
        return
    limit = limit_of(table.options)
    if at.hands >= limit:
        raise MjcalcError.from_key("invalid_request", "err.session.match_over", n=limit)


def _zero_sum(moved: Mapping[Seat, int], what: str) -> Amounts:
    """What a ruleset's hook settled, as a vector over the seats, checked to be whole amounts
    summing to zero (anything else is the ruleset's bug: an ``internal_error`` of the line, as
    a section that does not sum to zero is)."""
    vector = zero()
    for seat, amount in dict(moved).items():
        if seat not in vector or type(amount) is not int:
            raise TypeError(f"{what} settled {seat!r}: {amount!r}")
        vector[seat] = amount
    if sum(vector.values()) != 0:
        raise AssertionError(f"{what} does not sum to zero: {vector}")
    return vector


def supplied(own: Carry | None, installed: Iterable[Carry]) -> tuple[str, ...]:
    """The request fields a hand line may not set: those the session fills in, then every
    carried field, the table's ruleset's first. Another installed ruleset's carried field is
    refused the same way, as a line written for that ruleset's table."""
    fields = list(SUPPLIED)
    for carry in (own, *installed):
        if carry is not None:
            fields.extend(name for name in carry.fields if name not in fields)
    return tuple(fields)


def _nothing_carried(table: Table) -> Counts:
    """What a sitting starts with, and what is left after a win."""
    carry = table.rules.carry
    return () if carry is None else carry.zero()


def _to_win(table: Table, at: Position, marks: frozenset[str]) -> Counts | None:
    """The counts a win is scored with (``None``: the ruleset carries nothing)."""
    carry = table.rules.carry
    return None if carry is None else carry.on_win(at.carried, marks)


def _shown(outcome: Outcome, table: Table) -> tuple[dict[str, int] | None, Bilingual | None]:
    """The record's view of the outcome's counts: by request field, and in the ruleset's words
    (those of a drawn hand, or those added to a win)."""
    carry = table.rules.carry
    drawn = table.rules.drawn
    if outcome.event == "draw" and drawn is not None and (carry is None or outcome.counts is None):
        return None, Bilingual(*drawn.shown)
    if carry is None or outcome.counts is None:
        return None, None
    counts = dict(zip(carry.fields, outcome.counts, strict=True))
    shown = carry.shown_draw if outcome.event == "draw" else carry.shown_win
    return counts, shown(outcome.counts)


def _kind(data: dict[str, Any], table: Table) -> str:
    """A JSON line's kind: an event (by its ``event``: mjcalc's, or one of the ruleset's own),
    a multiple win, or a hand."""
    if "event" in data:
        event = data["event"]
        if isinstance(event, str) and event in EVENT_KINDS:
            return EVENT_KINDS[event]
        if isinstance(event, str) and _own(event, table) is not None:
            return event
        mine = {k for k in table.rules.events | EVERY_TABLE if k in EVENT_KINDS}
        known = ", ".join(sorted(mine | {e.name for e in table.rules.own_events}))
        raise MjcalcError.from_key(
            "invalid_request", "err.session.unknown_event", event=str(event)[:40], known=known
        )
    return "multi_win" if "winners" in data else "hand"


def _not_here(kind: str, table: Table, content: dict[str, Any] | str) -> MjcalcError:
    """A line of a kind the table's ruleset has none of, said with the words typed (``逃跑 西``)
    and the kinds of line the table does take, in both languages."""
    from mjcalc.i18n import bilingual

    typed = content.strip()[:40] if isinstance(content, str) else kind
    kinds = [k for k in ALL_EVENT_KINDS if k in table.rules.events or k in EVERY_TABLE]
    names = [bilingual(f"session.lines.{k}") for k in kinds]
    names += [Bilingual(event.name, event.name) for event in table.rules.own_events]
    known = Bilingual(", ".join(n.en for n in names), "、".join(n.zh for n in names))
    return MjcalcError.from_key(
        "invalid_request",
        "err.session.event_not_here",
        rules=table.name,
        what=bilingual(f"session.lines.{kind}"),
        typed=typed,
        known=known,
    )


def _own(kind: str, table: Table) -> SessionEvent[Any] | None:
    """The ruleset's own event of that name, if it has one."""
    return next((event for event in table.rules.own_events if event.name == kind), None)


def _result_error(result: Result, index: int | None = None) -> MjcalcError:
    """The error of a hand that was not scored, as it came (or naming the winner it concerns)."""
    error = result.error
    assert error is not None
    if index is None:
        return MjcalcError(error.code, error.message, error.column, message_zh=error.message_zh)
    from mjcalc.i18n import text

    params = {"index": index}
    zh = error.message_zh or error.message
    return MjcalcError(
        error.code,
        text("err.session.winner_failed", "en", **params, message=error.message),
        error.column,
        message_zh=text("err.session.winner_failed", "zh", **params, message=zh),
    )


def replay(
    lines: Iterable[RawLine],
    *,
    directory: str | None = None,
    strict_rules: bool = False,
) -> Iterator[Record | Summary]:
    """Replay a session: one :class:`Record` per line that is not blank, a comment or the
    header, in order, then one :class:`Summary`.

    ``lines`` may be text, UTF-8 bytes or dicts (a JSON object per line), read lazily one at a
    time. A hand line may be the arguments of ``mjcalc score``, and an event may be written in
    words (``draw``, ``诈胡 西``, ``adjust …``, a ruleset's own): both are read with no Click
    (:mod:`mjcalc.app.arglines`). ``directory`` and ``strict_rules`` are :class:`Session`'s.
    """
    session = Session(directory=directory, strict_rules=strict_rules)
    for number, raw in enumerate(lines, 1):
        record = session.feed(number, raw)
        if record is not None:
            yield record
    yield session.summary()


__all__ = ["Position", "Session", "replay", "table_points"]
