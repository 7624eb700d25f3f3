"""What a replay yields: one :class:`Record` per line, then one :class:`Summary`.

``to_json()`` writes the session's JSON objects. The per-hand results inside a record are
``score``'s own results, written by their own ``to_json`` — never rebuilt. A few attributes
(``seat``, ``ends``, ``counts``, ``carried``, ``owed``…) are for the human view and the caller
only and stay out of the JSON: what a ruleset carries from hand to hand shows in the results it
was scored into, so the JSON needs no ruleset's own fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mjcalc.errors import MjcalcError
from mjcalc.hot_paths import record_json
from mjcalc.i18n import Bilingual
from mjcalc.models import ErrorOut, Result, Seat, json_dumps
from mjcalc.rules.events import SessionEvent
from mjcalc.rules.session import RankLevel

if TYPE_CHECKING:
    from mjcalc.app.session.lines import AdjustLine
    from mjcalc.app.session.standings import SeatStats

Amounts = dict[Seat, int]


def _dumps(value: Any) -> str:
    return json_dumps(value, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class Record:
    """One applied line, or one bad line (``ok`` false, ``error`` set, nothing else)."""

    line: int
    ok: bool
    event: str | None = None  # an EventKind, or the name of one of the ruleset's own events
    dealer: Seat | None = None  # who dealt this hand (or held the deal during the event)
    results: tuple[Result, ...] = ()
    payments: Amounts = field(default_factory=dict)  # after silver limits, fees excluded
    fees: Amounts = field(default_factory=dict)
    totals: Amounts = field(default_factory=dict)  # running net per seat, fees included
    balances: Amounts | None = None
    error: ErrorOut | None = None
    # for the human view only
    next_dealer: Seat | None = None
    seat: Seat | None = None  # who escaped / declared falsely
    ends: bool = False  # an escape that ended the game
    # what the ruleset carries across hands (None when it carries nothing, or for a line that
    # neither uses nor changes it): the counts this win was scored with or this drawn hand left
    # pending, by request field, and the ruleset's words for them (None: nothing to show)
    counts: dict[str, int] | None = None
    carried: Bilingual | None = None
    name: str | None = None  # the ruleset's word for the line (a false win: 诈胡, 错和)
    owed: Amounts = field(default_factory=dict)  # before silver limits
    discarder: Seat | None = None  # of a multiple win
    adjust: AdjustLine | None = None  # of an adjust line (also in the JSON)
    own: SessionEvent[Any] | None = None  # the ruleset's own event of the line, if it is one
    values: dict[str, Any] | None = None  # its fields (also in the JSON, under its name)

    @classmethod
    def failed(cls, line: int, exc: MjcalcError) -> Record:
        return cls.from_error(line, ErrorOut.of(exc))

    @classmethod
    def from_error(cls, line: int, error: ErrorOut) -> Record:
        return cls(line=line, ok=False, error=error)

    def short(self) -> dict[Seat, dict[str, int]]:
        """The losers silver kept from paying in full: what each owed and what it paid."""
        out: dict[Seat, dict[str, int]] = {}
        for seat, amount in self.owed.items():
            paid = -self.payments.get(seat, 0)
            if amount < 0 and paid < -amount:
                out[seat] = {"owed": -amount, "paid": paid}
        return out

    def to_json(self) -> str:
        """``{"line", "ok", "event", "dealer", "results", "payments", "fees", "totals",
        "balances"}`` (with ``"adjust"`` on an adjust line, the fields of a ruleset's own event
        under its name, and ``"short"`` when a loser could not pay in full), or ``{"line", "ok":
        false, "error"}``. The common record is written by :func:`mjcalc.hot_paths.record_json`
        (the same text); :meth:`plain_json` writes any other."""
        quick = record_json(self)
        if quick is not None:
            return quick
        return self.plain_json()

    def plain_json(self) -> str:
        """The record's JSON the plain way, every part through ``json.dumps``: what
        :meth:`to_json` writes for a record the fast path leaves, and the twin that fast path
        is checked against."""
        if not self.ok:
            assert self.error is not None
            error = self.error.model_dump(mode="json", exclude_none=True)
            return _dumps({"line": self.line, "ok": False, "error": error})
        head = _dumps({"line": self.line, "ok": True, "event": self.event, "dealer": self.dealer})
        tail = _dumps(
            {
                "payments": self.payments,
                "fees": self.fees,
                "totals": self.totals,
                "balances": self.balances,
            }
        )
        extra: dict[str, Any] = {}
        if self.adjust is not None:
            extra["adjust"] = self.adjust.model_dump(by_alias=True, exclude={"event"})
        if self.own is not None:
            extra[self.own.name] = self.values
        short = self.short()
        if short:
            extra["short"] = short
        if extra:
            tail = f"{tail[:-1]},{_dumps(extra)[1:]}"
        results = ",".join(r.to_json() for r in self.results)
        return f'{head[:-1]},"results":[{results}],{tail[1:]}'


@dataclass(frozen=True, slots=True)
class RankOut:
    """A seat's rank points and the level they reach."""

    points: int
    rank: RankLevel

    def as_dict(self) -> dict[str, Any]:
        return {
            "points": self.points,
            "level": self.rank.level,
            "zh": self.rank.zh,
            "dan": self.rank.dan,
        }


@dataclass(frozen=True, slots=True)
class Summary:
    """Where the sitting stands after the last line."""

    rules: str | None
    lines: int
    errors: int
    dealer: Seat
    totals: Amounts
    balances: Amounts | None
    ranks: dict[Seat, RankOut] | None
    # for the human view only
    players: dict[Seat, str] = field(default_factory=dict)
    fees: int = 0  # collected over the whole session
    ended_at: int | None = None
    warnings: tuple[Bilingual, ...] = ()  # about the whole sitting (its ruleset file changed)
    stats: dict[Seat, SeatStats] = field(default_factory=dict)  # wins, self-draws, deal-ins…
    table_points: dict[Seat, int | float] | None = None  # by place, where the ruleset keeps them
    hands: int = 0  # hands played, drawn hands included

    def to_json(self) -> str:
        """``{"summary": {...}}``: the line ``mjcalc session --json`` ends with."""
        return f'{{"summary":{self.body_json()}}}'

    def body_json(self) -> str:
        """The object inside :meth:`to_json`: ``{"rules", "lines", "errors", "dealer", "totals",
        "balances", "ranks"}`` (with ``"table_points"`` where the ruleset keeps them, and
        ``"warnings"`` when there are any)."""
        ranks = None if self.ranks is None else {s: r.as_dict() for s, r in self.ranks.items()}
        summary: dict[str, Any] = {
            "rules": self.rules,
            "lines": self.lines,
            "errors": self.errors,
            "dealer": self.dealer,
            "totals": self.totals,
            "balances": self.balances,
            "ranks": ranks,
        }
        if self.table_points is not None:
            summary["table_points"] = self.table_points
        if self.warnings:
            summary["warnings"] = [{"message": w.en, "message_zh": w.zh} for w in self.warnings]
        return _dumps(summary)
