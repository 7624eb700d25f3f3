"""Xingguo's jing: the flipped tile and its wrap-around, the jing ledger (冲关, 霸精, 相公), and
霸胡.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

# --- a table where nobody holds a jing ------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    counts=st.lists(
        st.one_of(st.none(), st.tuples(st.integers(0, 3), st.integers(0, 4))),
        min_size=4,
        max_size=4,
    ),
    winner=st.sampled_from(["E", "S", "W", "N"]),
)
def test_jing_held_by_nobody_settles_as_asked_seat_by_seat(
    counts: list[tuple[int, int] | None], winner: str
) -> None:
    """The shared empty holding tells a jing-free table at once; given ``[0, 0]`` seats, and
    every other table, are asked seat by seat: the same answers either way."""
    from mjcalc.models import SEATS
    from mjcalc.rules.xingguo import base, hu, settle
    from mjcalc.rules.xingguo.base import JingHeld, XingguoOptions

    held = {
        seat: base._NO_JING if c is None else JingHeld(*c)
        for seat, c in zip(SEATS, counts, strict=True)
    }
    options = XingguoOptions()

    def answers() -> object:
        return (
            [hu.is_bahu(held, winner, scope) for scope in ("all", "others")],  # type: ignore[arg-type]
            settle.settle_jing(held, {}, options),
        )

    quick = answers()
    with pytest.MonkeyPatch.context() as mp:
        for module in (hu, settle):
            mp.setattr(module, "nobody_holds", lambda _held: False)
        assert answers() == quick
