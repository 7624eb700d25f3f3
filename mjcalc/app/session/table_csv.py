"""A sitting as CSV rows: one per applied line, for a spreadsheet.

``line, event, dealer``, then for each seat ``payment_<seat>, fee_<seat>, total_<seat>`` and,
when the sitting keeps silver, ``balance_<seat>``; where the ruleset keeps table points, a
``table_points_<seat>`` per seat after them (the standings' by the totals so far). Bad lines
have no row (the replay reports them); the numbers are exactly the JSON record's. Only rows
are built here: the command line writes them with :mod:`csv`.
"""

from __future__ import annotations

from mjcalc.app.session.records import Record
from mjcalc.app.session.standings import table_points
from mjcalc.models import SEATS

Points = tuple[int, int, int, int] | None


def csv_header(silver: bool, points: Points = None) -> list[str]:
    """The header row (``points``: the ruleset's table points of the places, if it keeps any)."""
    row = ["line", "event", "dealer"]
    for seat in SEATS:
        row += [f"payment_{seat}", f"fee_{seat}", f"total_{seat}"]
        if silver:
            row.append(f"balance_{seat}")
    if points is not None:
        row += [f"table_points_{seat}" for seat in SEATS]
    return row


def csv_row(record: Record, silver: bool, points: Points = None) -> list[str | int | float] | None:
    """The row of an applied line (``None`` for a bad line)."""
    if not record.ok:
        return None
    row: list[str | int | float] = [record.line, record.event or "", record.dealer or ""]
    for seat in SEATS:
        row += [record.payments[seat], record.fees[seat], record.totals[seat]]
        if silver:
            row.append("" if record.balances is None else record.balances[seat])
    shares = table_points(record.totals, points)
    if shares is not None:
        row += [shares[seat] for seat in SEATS]
    return row
