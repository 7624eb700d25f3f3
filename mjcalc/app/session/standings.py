"""The standings by place: who leads, what each player has done, and what a trailing player needs.

A :class:`Tally` counts, per seat, the hands won, the self-draws, the deal-ins (lines where the
seat's discard was won off, a multiple win counted once) and the biggest hand (the most one
scored hand was worth to its winner, before silver limits). It is fed the replay's records one by
one, so it costs a few numbers whatever the length of the sitting.

What a trailing player needs to pass the leader is worked out from the gap ``g`` between the
totals (fees make no difference: every seat pays the same fee). A self-drawn hand worth ``v`` from
each of the three others gains the player ``3v`` and costs the leader ``v``: the gap closes by
``4v``. Off the leader's discard only the leader pays: the gap closes by ``2v``. To be strictly
ahead the player needs ``4v > g`` or ``2v > g``: the least whole value is ``g // 4 + 1`` or
``g // 2 + 1``. The values are per payer, as a hand's share is, before a dealer's bonus, caps and
silver limits.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from mjcalc.app.session.records import Record, Summary
from mjcalc.models import SEATS, Seat


@dataclass(slots=True)
class SeatStats:
    """One seat's counts over the sitting."""

    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    biggest: int = 0


@dataclass(slots=True)
class Tally:
    """The per-seat counts of the records seen so far (bad lines count nothing)."""

    seats: dict[Seat, SeatStats] = field(default_factory=lambda: {s: SeatStats() for s in SEATS})

    def add(self, record: Record) -> None:
        if not record.ok:
            return
        dealt_in: set[Seat] = set()
        for result in record.results:
            winner = result.winner
            if winner is None:
                continue
            stats = self.seats[winner]
            stats.wins += 1
            stats.biggest = max(stats.biggest, result.payments.get(winner, 0))
            if result.discarder is None:
                stats.self_draws += 1
            else:
                dealt_in.add(result.discarder)
        for seat in dealt_in:
            self.seats[seat].deal_ins += 1

    def snapshot(self) -> dict[Seat, SeatStats]:
        return {
            s: SeatStats(st.wins, st.self_draws, st.deal_ins, st.biggest)
            for s, st in self.seats.items()
        }


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of the standings."""

    place: int  # 1 for the leader; seats level on points share a place
    seat: Seat
    total: int
    gap: int  # behind the first row (0 for the first row and those level with it)
    self_draw: int | None  # per-payer value of a self-draw that passes the leader (None: leader)
    off_discard: int | None  # the same, off the leader's discard


def need_self_draw(gap: int) -> int:
    """The least per-payer value of a self-draw that puts a player ``gap`` behind ahead."""
    return gap // 4 + 1


def need_off_discard(gap: int) -> int:
    """The least value of a win off the leader's discard that puts a player ``gap`` behind ahead."""
    return gap // 2 + 1


def standings(summary: Summary) -> list[Standing]:
    """The seats by place, highest total first (ties in seat order, sharing the place)."""
    order = sorted(SEATS, key=lambda s: -summary.totals[s])
    lead = summary.totals[order[0]]
    rows: list[Standing] = []
    for index, seat in enumerate(order):
        total = summary.totals[seat]
        place = rows[-1].place if rows and rows[-1].total == total else index + 1
        gap = lead - total
        if index == 0:
            rows.append(Standing(place, seat, total, 0, None, None))
        else:
            rows.append(
                Standing(place, seat, total, gap, need_self_draw(gap), need_off_discard(gap))
            )
    return rows


TablePoints = int | float
"""A seat's table points: whole, or a share of tied places' (``1.5``; two decimals at most)."""


def table_points(
    totals: Mapping[Seat, int], points: tuple[int, int, int, int] | None
) -> dict[Seat, TablePoints] | None:
    """Each seat's table points by place (``points``: the first place's first), seats level on
    totals sharing their places' points equally (``None``: the ruleset keeps none)."""
    if points is None:
        return None
    order = sorted(SEATS, key=lambda s: -totals[s])
    shares: dict[Seat, Fraction] = {}
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and totals[order[end + 1]] == totals[order[start]]:
            end += 1
        share = Fraction(sum(points[start : end + 1]), end - start + 1)
        for seat in order[start : end + 1]:
            shares[seat] = share
        start = end + 1
    return {s: _number(shares[s]) for s in SEATS}


def _number(value: Fraction) -> TablePoints:
    return value.numerator if value.denominator == 1 else round(float(value), 2)
