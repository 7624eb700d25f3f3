"""Starting a sitting: the header line ``mjcalc session FILE --new`` writes, from its fields.

A sitting is started from the command line (flags) and from a phone (``POST /api/sittings``);
a file must not depend on which: the same fields give the same bytes. So both fronts read their
own input into :class:`NewSitting` and start it here. Only the fields given go into the header,
in one order; a ruleset file's path is kept relative to the session file and its digest
recorded (:func:`~mjcalc.app.session.header.pin_header`); the header is checked as the replay
reads it and written atomically, never over an existing file unless asked
(:func:`mjcalc.app.session.store.start`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mjcalc.app.session import store
from mjcalc.app.session.header import pin_header
from mjcalc.app.session.records import Record
from mjcalc.errors import MjcalcError
from mjcalc.models import SEATS, json_dumps


@dataclass(frozen=True)
class NewSitting:
    """The header's fields as given: ``players`` by seat, ``balances`` and ``points`` by seat,
    the table's ``options``; an empty one is left out of the header, as a flag not given."""

    rules: str
    players: Mapping[str, Any] = field(default_factory=dict)
    dealer: str | None = None
    balances: Mapping[str, Any] = field(default_factory=dict)
    points: Mapping[str, Any] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)


def header(fields: NewSitting) -> dict[str, Any]:
    """The header object (``{"session": {...}}``), the fields in the order a header lists them
    and the seats in play order, however they were given."""
    out: dict[str, Any] = {"rules": fields.rules}
    if fields.players:
        out["players"] = _by_seat(fields.players)
    if fields.dealer:
        out["dealer"] = fields.dealer.upper() if isinstance(fields.dealer, str) else fields.dealer
    if fields.balances:
        out["balances"] = _by_seat(fields.balances)
    if fields.points:
        out["points"] = _by_seat(fields.points)
    if fields.options:
        out["options"] = dict(fields.options)
    return {"session": out}


def _by_seat(values: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` with the seats first, in play order (anything else after, for the header's
    check to name)."""
    seats: dict[str, Any] = {seat: values[seat] for seat in SEATS if seat in values}
    return {**seats, **{k: v for k, v in values.items() if k not in seats}}


def header_line(file: str, fields: NewSitting) -> str:
    """The header line for session ``file``: its ruleset pinned, as JSON text. A ruleset file
    that cannot be read is refused as line 1 (:class:`~mjcalc.app.session.store.Refused`)."""
    try:
        return json_dumps(pin_header(header(fields), file))
    except MjcalcError as exc:
        raise store.Refused(Record.failed(1, exc)) from None


def start(
    file: str,
    fields: NewSitting,
    *,
    replace: bool = False,
    wait: float | None = None,
    waiting: store.Waiting | None = None,
) -> store.Edit:
    """Write session ``file`` holding the header of ``fields``, checked as the replay reads it
    (:class:`~mjcalc.app.session.store.Refused` when it would not replay, ``FileError`` when
    ``file`` exists and ``replace`` is not given, or cannot be written)."""
    line = header_line(file, fields)
    return store.start(file, line, replace=replace, wait=wait, waiting=waiting)
