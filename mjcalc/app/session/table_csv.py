"""A sitting as CSV rows: one per applied line, for a spreadsheet.

``line, event, dealer``, then for each seat ``payment_<seat>, fee_<seat>, total_<seat>`` and,
when the sitting keeps silver, ``balance_<seat>``. Bad lines have no row (the replay reports
them); the numbers are exactly the JSON record's. Only rows are built here: the command line
writes them with :mod:`csv`.
"""

from __future__ import annotations

from mjcalc.app.session.records import Record
from mjcalc.models import SEATS


def csv_header(silver: bool) -> list[str]:
    """The header row."""
    row = ["line", "event", "dealer"]
    for seat in SEATS:
        row += [f"payment_{seat}", f"fee_{seat}", f"total_{seat}"]
        if silver:
            row.append(f"balance_{seat}")
    return row


def csv_row(record: Record, silver: bool) -> list[str | int] | None:
    """The row of an applied line (``None`` for a bad line)."""
    if not record.ok:
        return None
    row: list[str | int] = [record.line, record.event or "", record.dealer or ""]
    for seat in SEATS:
        row += [record.payments[seat], record.fees[seat], record.totals[seat]]
        if silver:
            row.append("" if record.balances is None else record.balances[seat])
    return row
