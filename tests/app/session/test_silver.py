"""The silver arithmetic of sessions (mjcalc.app.session.silver), one rule at a time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mjcalc.app.session.silver import (
    charge,
    debts,
    escape_payments,
    settle,
    share_out,
    split_evenly,
)


def test_split_evenly_hands_the_remainder_out_in_the_order_given() -> None:
    # 10 among three: 3 each, the remainder 1 to the first seat listed
    assert split_evenly(10, ("N", "E", "S")) == {"N": 4, "E": 3, "S": 3}
    assert split_evenly(11, ("N", "E", "S")) == {"N": 4, "E": 4, "S": 3}


def test_share_out_is_proportional_with_the_remainder_after_the_loser() -> None:
    # N pays 10 of the 30 it owes E 10, S 10, W 10: 3 each (10 × 10 / 30 rounded down), the
    # remainder 1 to the first creditor after N in play order: E
    assert share_out(10, {"E": 10, "S": 10, "W": 10}, "N") == {"E": 4, "S": 3, "W": 3}
    # E pays 5 of 7 owed to S 4 and N 3: S floor(20/7) = 2, N floor(15/7) = 2, remainder 1 → S
    assert share_out(5, {"S": 4, "N": 3}, "E") == {"S": 3, "N": 2}
    # W pays 2 of 40 owed to N 1 and S 39: N 0, S 1, remainder 1 → N (N comes first after W)
    assert share_out(2, {"N": 1, "S": 39}, "W") == {"N": 1, "S": 1}


def test_debts_pair_losers_with_the_winner_of_each_vector() -> None:
    one_winner = {"E": 30, "S": -10, "W": -10, "N": -10}
    assert debts([one_winner]) == {"S": {"E": 10}, "W": {"E": 10}, "N": {"E": 10}}
    # two vectors from one discarder (a multiple win) add up per creditor
    owed = debts([{"E": 20, "S": -20}, {"W": 4, "S": -4}])
    assert owed == {"S": {"E": 20, "W": 4}}
    # several winners and losers in one vector: paired greedily in play order from E
    assert debts([{"E": 5, "S": 3, "W": -6, "N": -2}]) == {"W": {"E": 5, "S": 1}, "N": {"S": 2}}


def test_settle_pays_in_full_without_balances_and_within_them_with() -> None:
    vector = {"E": 30, "S": -10, "W": -10, "N": -10}
    assert settle([vector], None) == vector
    # S holds 4: E gets 10 + 4 + 10
    assert settle([vector], {"E": 0, "S": 4, "W": 50, "N": 50}) == {
        "E": 24,
        "S": -4,
        "W": -10,
        "N": -10,
    }


def test_fees_and_escapes_stop_at_the_balance() -> None:
    assert charge(10, ("E", "S"), {"E": 3, "S": 30, "W": 0, "N": 0}) == {
        "E": 3,
        "S": 10,
        "W": 0,
        "N": 0,
    }
    assert charge(10, ("E", "S", "W", "N"), None) == {"E": 10, "S": 10, "W": 10, "N": 10}
    # S owes 30 but holds 7: 2 each to W, N, E and the remainder 1 to W (first after S)
    assert escape_payments(30, "S", 7) == {"E": 2, "S": -7, "W": 3, "N": 2}


amounts = st.integers(0, 200)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from("ESWN"), st.sampled_from("ESWN"), amounts).filter(
            lambda t: t[0] != t[1]
        ),
        max_size=6,
    ),
    st.fixed_dictionaries({s: amounts for s in "ESWN"}),
)
def test_settle_is_zero_sum_and_never_takes_more_than_a_balance(
    transfers: list[tuple[str, str, int]], balances: dict[str, int]
) -> None:
    vectors = []
    for payer, payee, amount in transfers:
        vector = dict.fromkeys("ESWN", 0)
        vector[payer] -= amount
        vector[payee] += amount
        vectors.append(vector)
    paid = settle(vectors, balances)  # type: ignore[arg-type]
    assert sum(paid.values()) == 0
    assert all(balances[s] + paid[s] >= 0 for s in "ESWN")  # type: ignore[index]
