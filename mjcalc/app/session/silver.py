"""Silver across a line: what losers can actually pay, shares of a shortfall, fees, escapes.

Pure arithmetic on per-seat amounts (docs/sessions.md: silver, the fee, escapes). Amounts are
whole silver; every split rounds down and hands the remainder out one unit at a time in play
order, starting after the seat that pays, so the result never depends on dict order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from mjcalc.hot_paths import paid_in_full
from mjcalc.models import SEATS, Seat
from mjcalc.rules.ledger import others

Amounts = dict[Seat, int]


def zero() -> Amounts:
    return dict.fromkeys(SEATS, 0)


def split_evenly(amount: int, seats: Sequence[Seat]) -> Amounts:
    """``amount`` shared equally by ``seats`` (rounded down); the remainder goes one unit each
    to the first seats of the sequence."""
    base, rest = divmod(amount, len(seats))
    return {seat: base + (1 if i < rest else 0) for i, seat in enumerate(seats)}


def share_out(paid: int, owed: Mapping[Seat, int], loser: Seat) -> Amounts:
    """Share ``paid`` among the seats ``owed`` money by ``loser``, in proportion to what each was
    owed (rounded down); the remainder goes one unit at a time to those seats in play order
    starting after ``loser``."""
    total = sum(owed.values())
    got = {seat: paid * amount // total for seat, amount in owed.items()}
    order = [seat for seat in others(loser) if owed.get(seat, 0) > 0]
    rest = paid - sum(got.values())
    for i in range(rest):  # fewer units than creditors: each floor lost less than one
        got[order[i % len(order)]] += 1
    return got


def debts(payments: Iterable[Mapping[Seat, int]]) -> dict[Seat, Amounts]:
    """Who owes whom: debtor → creditor → amount, paired inside each zero-sum vector.

    A vector with one winner (every Shanghai result) pairs each loser with that winner; a vector
    with several winners and losers is paired greedily in play order from E.
    """
    owed: dict[Seat, Amounts] = {}
    for vector in payments:
        left = {seat: vector[seat] for seat in SEATS if vector.get(seat, 0) > 0}
        for debtor in SEATS:
            due = -vector.get(debtor, 0)
            for creditor in left:
                take = min(due, left[creditor])
                if take > 0:
                    row = owed.setdefault(debtor, {})
                    row[creditor] = row.get(creditor, 0) + take
                    left[creditor] -= take
                    due -= take
    return owed


def settle(payments: Iterable[Mapping[Seat, int]], balances: Mapping[Seat, int] | None) -> Amounts:
    """The net change per seat of a line's payments once every loser pays what it can.

    Without ``balances`` everything is paid in full. With them, a loser owing more than its
    balance pays the whole balance, shared by its creditors (:func:`share_out`); no balance can
    go below 0, since a seat pays only out of what it held before the line.
    """
    vectors = list(payments)
    if balances is not None:  # everyone can pay (nearly every line): the sum, found quickly
        quick = paid_in_full(vectors, balances)
        if quick is not None:
            return quick  # type: ignore[return-value]  # the four seats' letters
    net = zero()
    if balances is None:
        for vector in vectors:
            for seat, amount in vector.items():
                net[seat] += amount
        return net
    return paid_as_able(vectors, balances)


def paid_as_able(vectors: list[Mapping[Seat, int]], balances: Mapping[Seat, int]) -> Amounts:
    """:func:`settle` with balances the plain way: every debt paired, each loser paying what it
    can (what the fast path :func:`mjcalc.hot_paths.paid_in_full` is checked against)."""
    net = zero()
    for debtor, owed in debts(vectors).items():
        due = sum(owed.values())
        paid = min(due, balances[debtor])
        received = dict(owed) if paid == due else share_out(paid, owed, debtor)
        net[debtor] -= paid
        for seat, amount in received.items():
            net[seat] += amount
    return net


def charge(fee: int, seats: Iterable[Seat], balances: Mapping[Seat, int] | None) -> Amounts:
    """The fee each of ``seats`` pays: ``fee``, or its whole balance when that is less."""
    fees = zero()
    for seat in seats:
        fees[seat] = fee if balances is None else min(fee, balances[seat])
    return fees


def escape_payments(amount: int, escaper: Seat, balance: int | None) -> Amounts:
    """An escape: ``escaper`` pays ``amount`` (at most its balance), shared equally by the others
    (remainder one unit at a time in play order after the escaper)."""
    paid = amount if balance is None else min(amount, balance)
    net = zero()
    net[escaper] = -paid
    net.update(split_evenly(paid, others(escaper)))
    return net
