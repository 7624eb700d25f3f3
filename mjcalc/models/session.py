"""The JSON output of ``mjcalc session --json`` as Pydantic models, for ``mjcalc schema session``.

The replay writes its JSON by hand, for speed (:mod:`mjcalc.app.session.records`); these models
describe what it writes, and the tests validate every kind of record a replay gives against the
schema generated from them (fields not listed are refused), so the two cannot drift apart. They
sit beside the request and result models so that the schema is built from the contract alone,
in a module of their own that only the schema imports.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from mjcalc.models import EVENT_KINDS, ErrorOut, EventKind, Result, Seat

if TYPE_CHECKING:
    from mjcalc.rules.events import EventArg, SessionEvent


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AdjustOut(_Out):
    """What an ``adjust`` line asked to move (``payments`` say what silver let it move)."""

    source: Seat = Field(alias="from")
    target: Seat = Field(alias="to")
    amount: int
    reason: str | None


class ShortOut(_Out):
    """A loser who could not pay in full: what it owed on the line and what it paid."""

    owed: int
    paid: int


class RecordOut(_Out):
    """One applied line."""

    line: int = Field(description="physical line number in the file, from 1")
    ok: Literal[True]
    event: EventKind
    dealer: Seat = Field(description="who dealt this hand (or held the deal during the event)")
    results: list[Result] = Field(description="the mjcalc score results of the line's hands")
    payments: dict[Seat, int] = Field(description="what the line moved, after silver limits")
    fees: dict[Seat, int]
    totals: dict[Seat, int] = Field(description="running net per seat, fees included")
    balances: dict[Seat, int] | None = Field(description="running silver, or null")
    adjust: AdjustOut | None = Field(None, description="only on an adjust line")
    short: dict[Seat, ShortOut] | None = Field(
        None, description="only when a loser could not pay in full"
    )


class ErrorRecordOut(_Out):
    """A bad line: the session goes on as if it were absent."""

    line: int
    ok: Literal[False]
    error: ErrorOut


class RankOutModel(_Out):
    points: int
    level: int
    zh: str
    dan: str


class WarningOut(_Out):
    message: str
    message_zh: str


class SummaryBody(_Out):
    rules: str | None
    lines: int
    errors: int
    dealer: Seat = Field(description="who deals the next hand")
    totals: dict[Seat, int]
    balances: dict[Seat, int] | None
    ranks: dict[Seat, RankOutModel] | None
    warnings: list[WarningOut] | None = Field(
        None, description="only when there is something to say, e.g. the ruleset file changed"
    )


class SummaryOut(_Out):
    """The last object of a replay: where the sitting stands."""

    summary: SummaryBody


SESSION_OUTPUT: tuple[type[BaseModel], ...] = (RecordOut, ErrorRecordOut, SummaryOut)


def session_output(own: Sequence[SessionEvent[Any]] = ()) -> tuple[type[BaseModel], ...]:
    """:data:`SESSION_OUTPUT`, its record taking the installed rulesets' ``own`` events too: each
    name as an ``event``, and its fields under its name (the first ruleset's, of two that declare
    one name)."""
    events = {event.name: event for event in reversed(own)}
    if not events:
        return SESSION_OUTPUT
    kinds: Any = Literal[(*EVENT_KINDS, *events)]
    fields: dict[str, Any] = {"event": (kinds, ...)}
    for name, event in events.items():
        arguments: dict[str, Any] = {arg.field: (_arg_type(arg), ...) for arg in event.args}
        values = create_model(f"{name.title().replace('_', '')}Out", __base__=_Out, **arguments)
        fields[name] = (values | None, Field(None, description=f"only on a {name} line"))
    record = create_model("RecordOut", __base__=RecordOut, __doc__=RecordOut.__doc__, **fields)
    return (record, ErrorRecordOut, SummaryOut)


def _arg_type(arg: EventArg) -> Any:
    return Seat if arg.kind == "seat" else int
