"""``mjcalc session FILE --settle``: who pays whom, as lines to paste into the table's chat, as
JSON or as CSV.

The settlement itself is :mod:`mjcalc.app.session.settle`; this module replays the sitting,
sums each seat's fees from its records, and words the transfers. The text is plain (no colour,
no table): it is meant to be copied as it is, and each player is named as the header names them,
else by seat. Bad lines of the sitting are reported on stderr, as the other views without rows
do, and the exit status says so.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from decimal import Decimal
from typing import TYPE_CHECKING, Literal

from mjcalc.i18n import Lang, text
from mjcalc.i18n import seat as seat_words

if TYPE_CHECKING:
    from mjcalc.app.session.records import Record, Summary
    from mjcalc.app.session.settle import Settlement
    from mjcalc.models import Seat

Format = Literal["text", "json", "csv"]


def settlement_of(
    items: Iterable[Record | Summary],
    lang: Lang,
    rate: Decimal | None,
    currency: str | None,
) -> Settlement:
    """The replay's ``items`` consumed (bad lines said on stderr) and the sitting settled."""
    from mjcalc.app.session.records import Summary
    from mjcalc.app.session.settle import fees_paid, settle
    from mjcalc.cli.session_views import echo_error, echo_warnings

    fees: list[dict[Seat, int]] = []
    summary: Summary | None = None
    for item in items:
        if isinstance(item, Summary):
            summary = item
        elif not item.ok:
            echo_error(item, lang)
        elif item.fees:
            fees.append(item.fees)
    assert summary is not None
    echo_warnings(summary, lang)
    return settle(
        summary.totals,
        fees=fees_paid(fees),
        players=summary.players,
        rate=rate,
        currency=currency,
    )


def show_settlement(settlement: Settlement, lang: Lang, how: Format) -> None:
    """The settlement on stdout: lines of text, one JSON object, or CSV."""
    out = sys.stdout
    if how == "json":
        out.write(settlement.to_json() + "\n")
    elif how == "csv":
        _csv(settlement)
    else:
        out.write("".join(line + "\n" for line in settlement_lines(settlement, lang)))
    out.flush()


def settlement_lines(settlement: Settlement, lang: Lang) -> list[str]:
    """``N pays E 40 (¥20.00)`` / ``北 付给 東 40（¥20.00）``, a line a transfer, then each
    seat's fees to the house; one line saying so when there is nothing to settle."""
    from mjcalc.app.session.settle import money_text

    def money(amount: Decimal | None) -> str:
        if amount is None:
            return ""
        return text("session.settle_money", lang, money=money_text(amount, settlement.currency))

    lines = [
        text(
            "session.settle_pays",
            lang,
            source=_who(settlement, t.source, lang),
            target=_who(settlement, t.target, lang),
            amount=t.amount,
            money=money(t.money),
        )
        for t in settlement.transfers
    ]
    for seat, amount in settlement.fees.items():
        lines.append(
            text(
                "session.settle_fees",
                lang,
                source=_who(settlement, seat, lang),
                amount=amount,
                money=money(settlement.money(amount)),
            )
        )
    return lines or [text("session.settle_nothing", lang)]


def _who(settlement: Settlement, seat: Seat, lang: Lang) -> str:
    """The player's name as the header gives it (made safe for a terminal), else the seat."""
    from mjcalc.render.text import safe

    name = settlement.players.get(seat)
    return safe(name) if name else seat_words(seat).get(lang)


CSV_HEADER = ("from", "from_name", "to", "to_name", "amount", "money")
"""The CSV columns: seats as letters, the players' names, points, money (empty without a rate);
a seat's fees are a row paid ``to`` the ``house``."""


def _csv(settlement: Settlement) -> None:
    import csv

    players = settlement.players
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(CSV_HEADER)

    def shown(amount: Decimal | None) -> str:
        return "" if amount is None else f"{amount:f}"

    for t in settlement.transfers:
        row = (t.source, players.get(t.source, ""), t.target, players.get(t.target, ""))
        writer.writerow((*row, t.amount, shown(t.money)))
    for seat, amount in settlement.fees.items():
        house = (seat, players.get(seat, ""), "house", "")
        writer.writerow((*house, amount, shown(settlement.money(amount))))
