"""The speed tricks of :mod:`mjcalc._fast`, each against its plain twin: a model built without
validation (:func:`~mjcalc._fast.built`, :func:`~mjcalc._fast.built_from`) is the validated model.
"""

from __future__ import annotations

import pytest

from mjcalc._fast import built
from mjcalc.models import Item, ReadingOut, WildOut


def test_built_equals_the_validated_model() -> None:
    fields = {"id": "base", "zh": "底分", "en": "Base value", "effect": "1", "add": 1}
    quick, checked = built(Item, **fields), Item(**fields)
    assert quick == checked
    assert quick.model_dump() == checked.model_dump()
    assert quick.factor is None and quick.seats is None  # defaults filled in


def test_built_gives_each_instance_its_own_default_list() -> None:
    first = built(ReadingOut, shape="standard", sets=["123m"])
    second = built(ReadingOut, shape="standard", sets=["456p"])
    first.wilds.append(built(WildOut, tile="5m", stood_for=None))
    assert second.wilds == []


def test_built_refuses_a_field_the_model_does_not_have() -> None:
    with pytest.raises(TypeError, match="effct"):
        built(Item, id="x", zh="x", en="x", effct="×2")
