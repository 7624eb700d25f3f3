"""Who pays whom at the end of a sitting: the fewest transfers that settle every seat's total.

At the end of a night the table wants a few lines it can paste into a chat, not a ledger. The
seats' totals are settled by transfers between players; the fewest that do it are found exactly,
not by a greedy guess: a set of seats whose totals sum to zero can be settled among themselves
with one transfer fewer than its size, so the least number of transfers is the number of seats
still owed or owing minus the largest number of disjoint zero-sum groups they split into
(four seats: at most three transfers). Within each group the largest debt is paid to the largest
credit first, which uses exactly that many.

Fees (Shanghai ``fee``) left the table: the totals, which include them, then sum to less than
zero. What each seat paid in fees goes to the house and is listed apart; the players settle the
rest among themselves, which sums to zero. A seat's transfers and its fees together come to its
total.

Money is ``points × rate`` with :class:`~decimal.Decimal`, rounded to the cent per line (half
up), never a float. Pure: nothing printed, nothing read; the fronts word the lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, TypeVar

from mjcalc.errors import MjcalcError
from mjcalc.models import SEATS, Seat, json_dumps

K = TypeVar("K")

CENT = Decimal("0.01")

MAX_RATE = Decimal(10**9)
"""A rate beyond this is a typing mistake, not a stake."""

MAX_CURRENCY = 8
"""The longest currency symbol or code (``¥``, ``CNY``, ``元``, ``HK$``)."""

RATE = re.compile(r"(?:[0-9]{1,12}(?:\.[0-9]{0,8})?|\.[0-9]{1,8})")
"""A rate as written: ASCII digits and at most one point, no sign, no exponent."""


@dataclass(frozen=True, slots=True)
class Transfer:
    """``source`` pays ``target`` ``amount`` points (``money`` of them with a rate)."""

    source: Seat
    target: Seat
    amount: int
    money: Decimal | None = None


@dataclass(frozen=True, slots=True)
class Settlement:
    """The transfers between players, each seat's fees to the house, and what they settle."""

    transfers: tuple[Transfer, ...]
    totals: dict[Seat, int]
    fees: dict[Seat, int] = field(default_factory=dict)
    """What each seat paid in fees (only seats that paid any)."""
    players: dict[Seat, str] = field(default_factory=dict)
    rate: Decimal | None = None
    currency: str | None = None

    def money(self, points: int) -> Decimal | None:
        """``points`` × the rate, to the cent (``None`` without a rate)."""
        return None if self.rate is None else to_money(points, self.rate)

    def as_dict(self) -> dict[str, Any]:
        """``{"transfers": [{"from", "to", "amount", "money"?}], "totals", "fees"?, "players",
        "rate"?, "currency"?}``; money and the rate as decimal text (``"20.00"``), exact."""
        transfers = []
        for t in self.transfers:
            item: dict[str, Any] = {"from": t.source, "to": t.target, "amount": t.amount}
            if t.money is not None:
                item["money"] = f"{t.money:f}"
            transfers.append(item)
        out: dict[str, Any] = {"transfers": transfers, "totals": dict(self.totals)}
        if self.fees:
            out["fees"] = dict(self.fees)
        out["players"] = dict(self.players)
        if self.rate is not None:
            out["rate"] = f"{self.rate:f}"
        if self.currency is not None:
            out["currency"] = self.currency
        return out

    def to_json(self) -> str:
        return json_dumps(self.as_dict(), separators=(",", ":"))


def settle(
    totals: Mapping[Seat, int],
    *,
    fees: Mapping[Seat, int] | None = None,
    players: Mapping[Seat, str] | None = None,
    rate: Decimal | None = None,
    currency: str | None = None,
) -> Settlement:
    """The settlement of a sitting whose seats stand at ``totals`` (fees included), each seat
    having paid ``fees`` to the house. Refused (``invalid_request``) when the totals less the
    fees do not sum to zero: such numbers are no sitting's."""
    paid = {seat: int((fees or {}).get(seat, 0)) for seat in SEATS}
    between = {seat: int(totals.get(seat, 0)) + paid[seat] for seat in SEATS}
    if sum(between.values()) != 0:
        raise MjcalcError.from_key("invalid_request", "err.settle.not_zero_sum")
    transfers = tuple(
        Transfer(a, b, amount, None if rate is None else to_money(amount, rate))
        for a, b, amount in fewest_transfers(between, SEATS)
    )
    return Settlement(
        transfers,
        {seat: int(totals.get(seat, 0)) for seat in SEATS},
        {seat: amount for seat, amount in paid.items() if amount},
        dict(players or {}),
        rate,
        currency,
    )


def fees_paid(fees: Iterable[Mapping[Seat, int]]) -> dict[Seat, int]:
    """Each seat's fees over the sitting, from the ``fees`` of its applied records."""
    out = dict.fromkeys(SEATS, 0)
    for charged in fees:
        for seat, amount in charged.items():
            out[seat] += amount
    return out


def to_money(points: int, rate: Decimal) -> Decimal:
    """``points × rate`` rounded half up to the cent."""
    return (Decimal(points) * rate).quantize(CENT, rounding=ROUND_HALF_UP)


def parse_rate(written: str) -> Decimal:
    """A rate as the user wrote it (``0.5``, ``2``): a decimal from 0 up, ASCII digits only, no
    sign or exponent (``invalid_request`` otherwise)."""
    text = written.strip()
    if not RATE.fullmatch(text) or Decimal(text) > MAX_RATE:
        raise MjcalcError.from_key("invalid_request", "err.settle.rate", got=repr(written[:40]))
    return Decimal(text)


def check_currency(written: str) -> str:
    """A currency symbol or code (``¥``, ``CNY``): 1 to :data:`MAX_CURRENCY` characters, none of
    them a space or a control character (it is pasted into a chat beside the amounts)."""
    if not 0 < len(written) <= MAX_CURRENCY or not written.isprintable() or " " in written:
        raise MjcalcError.from_key(
            "invalid_request", "err.settle.currency", got=repr(written[:40]), limit=MAX_CURRENCY
        )
    return written


def money_text(money: Decimal, currency: str | None) -> str:
    """``money`` with two decimals and the currency: a symbol before it (``¥20.00``), an ASCII
    code after it (``20.00 CNY``), a word after it (``20.00元``)."""
    amount = f"{money:f}"
    if not currency:
        return amount
    if currency.isascii() and currency.isalpha():
        return f"{amount} {currency}"
    if currency[-1].isalpha():
        return f"{amount}{currency}"
    return f"{currency}{amount}"


# --- the fewest transfers -----------------------------------------------------------------------


def fewest_transfers(net: Mapping[K, int], order: Iterable[K]) -> list[tuple[K, K, int]]:
    """The fewest ``(payer, payee, amount)`` that bring every net in ``net`` (summing to zero)
    to zero, the payers in ``order``: the parties owed or owing are split into the most disjoint
    groups that each sum to zero, and each group is settled with one transfer fewer than its
    size."""
    parties = [p for p in order if net.get(p, 0)]
    values = [net[p] for p in parties]
    if sum(values) != 0:
        raise ValueError("the nets do not sum to zero")
    transfers: list[tuple[K, K, int]] = []
    for group in _zero_groups(values):
        transfers += _settle_group({parties[i]: values[i] for i in group}, parties)
    rank = {p: i for i, p in enumerate(parties)}
    return sorted(transfers, key=lambda t: (rank[t[0]], rank[t[1]]))


def _zero_groups(values: list[int]) -> list[list[int]]:
    """The indices of ``values`` split into the most groups that each sum to zero.

    ``most[mask]``: the most zero-sum groups the parties of ``mask`` (itself summing to zero)
    split into; each split is found by choosing the group holding the mask's lowest party among
    its zero-sum submasks. There are few parties (four seats): 3^n steps at most."""
    n = len(values)
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
    most: dict[int, tuple[int, int]] = {0: (0, 0)}  # mask -> (groups, the group of its lowest)

    def solve(mask: int) -> int:
        if mask in most:
            return most[mask][0]
        low = mask & -mask
        rest = mask ^ low
        best, chosen = 1, mask
        sub = rest
        while True:
            group = sub | low
            if group != mask and sums[group] == 0:
                count = 1 + solve(mask ^ group)
                if count > best:
                    best, chosen = count, group
            if sub == 0:
                break
            sub = (sub - 1) & rest
        most[mask] = (best, chosen)
        return best

    solve(full)
    groups: list[list[int]] = []
    mask = full
    while mask:
        group = most[mask][1]
        groups.append([i for i in range(n) if group >> i & 1])
        mask ^= group
    return groups


def _settle_group(net: dict[K, int], order: list[K]) -> list[tuple[K, K, int]]:
    """One zero-sum group settled: the largest debt paid to the largest credit (the first in
    ``order`` among equals), until nothing is left. Each transfer clears at least one party and
    the last clears two: one transfer fewer than the group's size."""
    rank = {p: i for i, p in enumerate(order)}
    left = dict(net)
    out: list[tuple[K, K, int]] = []
    while any(left.values()):
        payer = min((p for p in left if left[p] < 0), key=lambda p: (left[p], rank[p]))
        payee = max((p for p in left if left[p] > 0), key=lambda p: (left[p], -rank[p]))
        amount = min(-left[payer], left[payee])
        out.append((payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount
    return out
