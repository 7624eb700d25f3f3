"""The evaluator's contract (:mod:`mjcalc.rules.base`): a context built quickly is the context the
dataclass builds.
"""

from __future__ import annotations

import dataclasses

import pytest

import mjcalc
from mjcalc.rules.base import Context, KongMade
from mjcalc.rules.registry import load_rules
from tests.support.compare import same_dataclass


def test_context_of_fills_every_field_as_the_dataclass_does() -> None:
    loaded = load_rules("xingguo")
    request = loaded.ruleset.request_model.model_validate(
        {
            "rules": "xingguo",
            "hand": "123m456p789s11z 234m",
            "jing": "9s",
            "winner": "S",
            "dealer": "W",
            "discarder": "N",
            "robbing_kong": True,
        }
    )
    hand = mjcalc.parse_hand(request.hand)
    kongs = (KongMade("N", "added", 5),)
    slow = Context(
        request=request,
        hand=hand,
        win_tile=5,
        winner="S",
        dealer="W",
        discarder="N",
        after_kong=False,
        robbing_kong=True,
        kongs=kongs,
    )
    same_dataclass(Context.of(request, hand, 5, kongs), slow)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Context.of(request, hand, 5).win_tile = 6  # type: ignore[misc]
