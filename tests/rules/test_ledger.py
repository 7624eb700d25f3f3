"""The ledger (:mod:`mjcalc.rules.ledger`): collecting from several payers at once is each payer
paying in turn.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st


@settings(max_examples=200, deadline=None)
@given(
    payee=st.sampled_from(["E", "S", "W", "N"]),
    amounts=st.dictionaries(
        st.sampled_from(["E", "S", "W", "N"]), st.integers(-5000, 5000), max_size=4
    ),
    before=st.lists(st.tuples(st.integers(0, 3), st.integers(1, 3), st.integers(0, 99))),
)
def test_a_ledger_collects_as_each_payer_pays(
    payee: str, amounts: dict[str, int], before: list[tuple[int, int, int]]
) -> None:
    from mjcalc.models import SEATS
    from mjcalc.rules.ledger import Ledger, collected

    quick, slow = Ledger(), Ledger()
    for a, step, amount in before:  # earlier transfers in both
        for ledger in (quick, slow):
            ledger.pay(SEATS[a], SEATS[(a + step) % 4], amount)
    if payee in amounts:
        with pytest.raises(ValueError, match="cannot pay itself"):
            quick.collect(payee, amounts)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="cannot pay itself"):
            collected(payee, amounts)  # type: ignore[arg-type]
        return
    quick.collect(payee, amounts)  # type: ignore[arg-type]
    for payer, amount in amounts.items():
        slow.pay(payer, payee, amount)  # type: ignore[arg-type]
    assert quick.net == slow.net and list(quick.net) == list(SEATS)
    fresh = Ledger()
    for payer, amount in amounts.items():
        fresh.pay(payer, payee, amount)  # type: ignore[arg-type]
    net = collected(payee, amounts)  # type: ignore[arg-type]
    assert net == fresh.net and list(net) == list(SEATS)
