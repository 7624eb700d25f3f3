"""The hand model (:mod:`mjcalc.hand`): hands and melds built directly are those built by
``__init__``.
"""

from __future__ import annotations

import dataclasses

import pytest

from mjcalc.hand import Hand, Meld, new_hand, new_meld
from tests.support.compare import same_dataclass


def test_hands_and_melds_built_directly_equal_those_built_by_init() -> None:
    meld = new_meld((31, 31, 31), False, 12)
    same_dataclass(meld, Meld((31, 31, 31), False, 12))
    kong = new_meld((1, 1, 1, 1), True, 3)
    same_dataclass(kong, Meld((1, 1, 1, 1), True, 3))
    hand = new_hand((1, 2, 3), (meld, kong), (35,), (1, 2, 3))
    same_dataclass(hand, Hand((1, 2, 3), (meld, kong), (35,), (1, 2, 3)))
    assert hash(hand) == hash(Hand((1, 2, 3), (meld, kong), (35,), (1, 2, 3)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.concealed = ()  # type: ignore[misc]
