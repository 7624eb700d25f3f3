"""The contract's models (:mod:`mjcalc.models`) against the long way: a result's JSON line as
Pydantic's dump would write it, items built once and shared, seat fields read and written as the
alias lookup did.
"""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

import mjcalc
from mjcalc._fast import built
from mjcalc.i18n import bi
from mjcalc.models import Item, Result

# --- a result's JSON line -------------------------------------------------------------------------


def _long_way(result: Result) -> str:
    """The JSON line as written before issue 9: dump, drop nulls (but stood_for), json.dumps."""

    def prune(value: object) -> object:
        if isinstance(value, dict):
            return {k: prune(v) for k, v in value.items() if v is not None or k == "stood_for"}
        if isinstance(value, list):
            return [prune(v) for v in value]
        return value

    empty = set() if result.ok else {"items", "sections", "payments"}
    data = prune(result.model_dump(mode="json", exclude=empty))
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize(
    "request_",
    [
        # plain win, no wild: Pydantic's writer
        {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "9s", "discarder": "S"},
        # jing 1m: 111m and 2m (副精) all at face value, each wild with stood_for null
        {"rules": "xingguo", "hand": "111m456p789s11z 234m", "jing": "1m"},
        {"rules": "shanghai", "hand": "111m234m567m99m [111z] 12f", "winner": "S"},
        {"rules": "xingguo", "hand": "123m456p789s11h 234m", "jing": "1m"},  # an error
    ],
)
def test_to_json_is_the_long_way(request_: dict[str, object]) -> None:
    result = mjcalc.score(request_)
    result.line = 7
    assert result.to_json() == _long_way(result)


def test_to_json_falls_back_for_text_pydantic_cannot_write() -> None:
    result = built(Result, ok=True, rules="xingguo", hand="1m\ud800")  # a lone surrogate
    assert result.to_json() == _long_way(result)


# --- items ----------------------------------------------------------------------------------------


def test_item_of_equals_the_validated_item() -> None:
    effect, detail = bi("item.times2"), bi("item.dealer_won")
    quick = Item.of("dealer", "庄家", "Dealer", effect, detail, factor=2, seats=["S"])
    checked = Item(
        id="dealer",
        zh="庄家",
        en="Dealer",
        effect=effect.en,
        effect_zh=effect.zh,
        detail=detail.en,
        detail_zh=detail.zh,
        factor=2,
        seats=["S"],
    )
    assert quick == checked
    assert quick.model_dump_json(exclude_none=True) == checked.model_dump_json(exclude_none=True)
    assert quick.model_fields_set == checked.model_fields_set


def test_items_are_shared_immutable_and_keep_seats_as_a_list() -> None:
    effect = bi("item.times2")
    first = Item.of("dealer", "庄家", "Dealer", effect, factor=2, seats=("S",))
    again = Item.of("dealer", "庄家", "Dealer", effect, factor=2, seats=["S"])
    assert again is first  # built once, shared by every result that shows it
    assert first.seats == ["S"] and isinstance(first.seats, list)
    assert first.model_dump_json(exclude_none=True).count('"seats":["S"]') == 1
    other = Item.of("dealer", "庄家", "Dealer", effect, factor=2, seats=["W"])
    assert other is not first and other.seats == ["W"]
    with pytest.raises(ValidationError):
        first.factor = 4  # shared, so never changed in place
