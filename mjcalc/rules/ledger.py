"""Seats and zero-sum ledgers: the settlement arithmetic every ruleset shares.

A ledger only records transfers between seats, so each section sums to zero by construction.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from mjcalc.models import SEATS, Item, Seat

Section = tuple[dict[Seat, int], list[Item]]
"""One section of a hand's settlement: each seat's net (summing to zero) and the items that say
why."""


def next_seat(seat: Seat, steps: int = 1) -> Seat:
    """The seat ``steps`` turns after ``seat`` in play order E→S→W→N."""
    return SEATS[(SEATS.index(seat) + steps) % 4]


def others(seat: Seat) -> tuple[Seat, ...]:
    """The three other seats, in play order starting after ``seat``."""
    return _OTHERS[seat]


# asked for on every payer of every candidate reading: computed once
_OTHERS: dict[Seat, tuple[Seat, ...]] = {
    s: tuple(next_seat(s, k) for k in (1, 2, 3)) for s in SEATS
}


class Ledger:
    """Net amounts per seat built only from transfers (so the total is always zero)."""

    def __init__(self) -> None:
        self._net: dict[Seat, int] = dict.fromkeys(SEATS, 0)

    def pay(self, payer: Seat, payee: Seat, amount: int) -> None:
        """``payer`` pays ``amount`` to ``payee``."""
        if payer == payee:
            raise ValueError(f"seat {payer} cannot pay itself")
        self._net[payer] -= amount
        self._net[payee] += amount

    def collect(self, payee: Seat, amounts: Mapping[Seat, int]) -> None:
        """``payee`` collects ``amounts[payer]`` from each payer."""
        _collect_into(self._net, payee, amounts)

    def pay_each(self, payer: Seat, payees: Iterable[Seat], amount: int) -> None:
        for payee in payees:
            self.pay(payer, payee, amount)

    @property
    def net(self) -> dict[Seat, int]:
        return dict(self._net)


def collected(payee: Seat, amounts: Mapping[Seat, int]) -> dict[Seat, int]:
    """The net of a new ledger in which ``payee`` collected ``amounts`` (``Ledger().collect``,
    then ``net``), without the ledger object: every hand settles its win this way."""
    net: dict[Seat, int] = dict.fromkeys(SEATS, 0)
    _collect_into(net, payee, amounts)
    return net


def _collect_into(net: dict[Seat, int], payee: Seat, amounts: Mapping[Seat, int]) -> None:
    """Each payer's :meth:`Ledger.pay` to ``payee`` on ``net``, the payee's gains added once."""
    total = 0
    for payer, amount in amounts.items():
        if payer == payee:
            raise ValueError(f"seat {payer} cannot pay itself")
        net[payer] -= amount
        total += amount
    net[payee] += total


def total(sections: Iterable[Mapping[Seat, int]]) -> dict[Seat, int]:
    """The seat-by-seat sum of several ledger sections."""
    out: dict[Seat, int] = dict.fromkeys(SEATS, 0)
    for sec in sections:
        for seat, amount in sec.items():
            out[seat] += amount
    return out
