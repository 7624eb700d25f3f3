"""The settlement: the fewest transfers, checked against a brute force over every way of paying
with fewer transfers, and the money in decimals."""

from __future__ import annotations

from decimal import Decimal
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcalc.app.session.settle import (
    check_currency,
    fees_paid,
    fewest_transfers,
    money_text,
    parse_rate,
    settle,
)
from mjcalc.errors import MjcalcError
from mjcalc.models import SEATS

PAIRS = list(combinations(range(4), 2))


def realisable(net: list[int], edges: tuple[tuple[int, int], ...]) -> bool:
    """Whether transfers along ``edges`` (a forest), each of a non-zero amount, settle ``net``:
    a leaf's one edge must carry its whole net, so the amounts are peeled off leaf by leaf."""
    left = list(net)
    remaining = list(edges)
    while remaining:
        degree = [0] * len(net)
        for a, b in remaining:
            degree[a] += 1
            degree[b] += 1
        leaf_edge = next(e for e in remaining if degree[e[0]] == 1 or degree[e[1]] == 1)
        leaf, other = leaf_edge if degree[leaf_edge[0]] == 1 else leaf_edge[::-1]
        if left[leaf] == 0:
            return False  # that transfer would be of nothing
        left[other] += left[leaf]
        left[leaf] = 0
        remaining.remove(leaf_edge)
    return not any(left)


def is_forest(edges: tuple[tuple[int, int], ...]) -> bool:
    parent = list(range(4))

    def root(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for a, b in edges:
        ra, rb = root(a), root(b)
        if ra == rb:
            return False
        parent[ra] = rb
    return True


def brute_force_fewest(net: list[int]) -> int:
    """The least number of transfers that settle ``net``. A cycle of transfers can always be
    cancelled around until one of them is zero, so some least way is a forest: every forest of
    0, 1, 2, 3 edges is tried."""
    for k in range(4):
        for edges in combinations(PAIRS, k):
            if is_forest(edges) and realisable(net, edges):
                return k
    raise AssertionError("four seats always settle with three transfers")


totals_summing_to_zero = st.lists(
    st.integers(min_value=-5000, max_value=5000), min_size=3, max_size=3
).map(lambda three: [*three, -sum(three)])
small_totals = st.lists(st.integers(min_value=-6, max_value=6), min_size=3, max_size=3).map(
    lambda three: [*three, -sum(three)]
)


def net_of(transfers: list[tuple[str, str, int]]) -> dict[str, int]:
    out = dict.fromkeys(SEATS, 0)
    for a, b, amount in transfers:
        assert amount > 0
        out[a] -= amount
        out[b] += amount
    return out


@settings(max_examples=400, deadline=None)
@given(st.one_of(totals_summing_to_zero, small_totals))
def test_the_transfers_settle_every_total_with_the_fewest(values: list[int]) -> None:
    totals = dict(zip(SEATS, values, strict=True))
    found = settle(totals)
    transfers = [(t.source, t.target, t.amount) for t in found.transfers]
    assert net_of(transfers) == totals
    assert len(transfers) <= 3
    assert len(transfers) == brute_force_fewest(values)
    assert found.totals == totals


def test_the_brute_force_can_tell_two_from_three() -> None:
    assert brute_force_fewest([10, -10, 5, -5]) == 2  # two pairs: two transfers
    assert brute_force_fewest([30, -10, -10, -10]) == 3
    assert brute_force_fewest([0, 0, 0, 0]) == 0
    assert brute_force_fewest([7, 0, -7, 0]) == 1


def test_pairs_that_cancel_are_settled_apart() -> None:
    # two pairs that cancel: two transfers, each within its pair
    found = settle({"E": -40, "S": 40, "W": -25, "N": 25})
    assert [(t.source, t.target, t.amount) for t in found.transfers] == [
        ("E", "S", 40),
        ("W", "N", 25),
    ]


def test_money_is_points_times_the_rate_to_the_cent() -> None:
    found = settle({"E": 40, "S": -15, "W": -15, "N": -10}, rate=Decimal("0.5"), currency="¥")
    assert [(t.source, t.target, t.amount, str(t.money)) for t in found.transfers] == [
        ("S", "E", 15, "7.50"),
        ("W", "E", 15, "7.50"),
        ("N", "E", 10, "5.00"),
    ]
    assert found.as_dict() == {
        "transfers": [
            {"from": "S", "to": "E", "amount": 15, "money": "7.50"},
            {"from": "W", "to": "E", "amount": 15, "money": "7.50"},
            {"from": "N", "to": "E", "amount": 10, "money": "5.00"},
        ],
        "totals": {"E": 40, "S": -15, "W": -15, "N": -10},
        "players": {},
        "rate": "0.5",
        "currency": "¥",
    }
    assert str(settle({"E": 1, "S": -1}, rate=Decimal("0.125")).transfers[0].money) == "0.13"
    assert "money" not in settle({"E": 1, "S": -1}).as_dict()["transfers"][0]


def test_fees_go_to_the_house_and_the_players_settle_the_rest() -> None:
    # each seat paid 10 in fees: the totals sum to -40
    totals = {"E": 50, "S": -30, "W": -30, "N": -30}
    fees = {"E": 10, "S": 10, "W": 10, "N": 10}
    found = settle(totals, fees=fees)
    between = net_of([(t.source, t.target, t.amount) for t in found.transfers])
    assert {s: between[s] - fees[s] for s in SEATS} == totals
    assert found.fees == fees
    with pytest.raises(MjcalcError) as refused:
        settle(totals)  # fees missing: no sitting's numbers
    assert refused.value.message_zh


def test_fees_are_summed_from_the_records() -> None:
    assert fees_paid([{"E": 5, "S": 5}, {"E": 5, "N": 2}]) == {"E": 10, "S": 5, "W": 0, "N": 2}


@pytest.mark.parametrize(
    ("written", "value"), [("0.5", "0.5"), ("2", "2"), ("0", "0"), (".25", "0.25"), ("1.", "1")]
)
def test_a_rate_is_a_decimal_from_zero_up(written: str, value: str) -> None:
    assert parse_rate(written) == Decimal(value)


@pytest.mark.parametrize(
    "written", ["-1", "", "abc", "1e3", "NaN", "inf", "١", "1,5", "+1", "9" * 20, "0x10"]
)
def test_other_rates_are_refused(written: str) -> None:
    with pytest.raises(MjcalcError) as refused:
        parse_rate(written)
    assert refused.value.code == "invalid_request" and refused.value.message_zh


def test_currencies() -> None:
    assert money_text(Decimal("20.00"), "¥") == "¥20.00"
    assert money_text(Decimal("20.00"), "CNY") == "20.00 CNY"
    assert money_text(Decimal("20.00"), "元") == "20.00元"
    assert money_text(Decimal("20.00"), None) == "20.00"
    assert check_currency("HK$") == "HK$"
    for bad in ("", "a b", "\x1b[31m", "CURRENCYX"):
        with pytest.raises(MjcalcError):
            check_currency(bad)


def test_more_parties_than_seats_are_settled_too() -> None:
    net = {"a": 5, "b": -5, "c": 3, "d": -3, "e": 1, "f": -1}
    transfers = fewest_transfers(net, list(net))
    assert len(transfers) == 3
