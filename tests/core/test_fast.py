"""The speed tricks of :mod:`mjcalc._fast`, each against its plain twin: a model built without
validation (:func:`~mjcalc._fast.built`, :func:`~mjcalc._fast.built_from`) is the validated model.
"""

from __future__ import annotations

import pytest

from mjcalc._fast import built, built_from
from mjcalc.models import Item, ReadingOut, Result, WildOut


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


def test_built_from_a_dict_is_built_from_keywords() -> None:
    values = {"ok": True, "rules": "shanghai", "hand": "123m", "items": [], "payments": {"E": 1}}
    quick, slow = built_from(Result, dict(values)), built(Result, **values)
    assert quick == slow
    assert list(quick.__dict__) == list(slow.__dict__)  # the order fields are dumped in
    assert quick.model_fields_set == slow.model_fields_set == set(values)
    assert quick.to_json() == slow.to_json()
