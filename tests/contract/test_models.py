"""The contract's models (:mod:`mjcalc.models`) against the long way: a result's JSON line as
Pydantic's dump would write it, items built once and shared, seat fields read and written as the
alias lookup did.
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, BeforeValidator, ValidationError
from pydantic.json_schema import JsonSchemaMode

import mjcalc
from mjcalc import score
from mjcalc.hot_paths import trusted
from mjcalc.i18n import bilingual
from mjcalc.models import Item, Result, Seat
from mjcalc.seats import seat_alias

# --- a result's JSON line -------------------------------------------------------------------------


def _long_way(result: Result) -> str:
    """The JSON line the long way: Pydantic's dump, nulls dropped (but stood_for), json.dumps."""

    def prune(value: object) -> object:
        if isinstance(value, dict):
            return {k: prune(v) for k, v in value.items() if v is not None or k == "stood_for"}
        if isinstance(value, list):
            return [prune(v) for v in value]
        return value

    empty = set() if result.ok else {"items", "sections", "payments"}
    data = prune(result.model_dump(mode="json", exclude=empty))
    return _breaks_escaped(json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def _breaks_escaped(text: str) -> str:
    """JSON as mjcalc writes it: U+2028, U+2029 and U+0085 as escapes (they only occur in
    strings), so that no tool splits a JSON line on them."""
    for ch in "\u2028\u2029\x85":
        text = text.replace(ch, f"\\u{ord(ch):04x}")
    return text


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


@pytest.mark.parametrize(
    "request_",
    [
        {"rules": "xingguo", "hand": '1m\x01"\\\x7f\u2028東', "jing": "9s"},  # echoed in the error
        {"rules": "nope\t\x1f", "hand": "1m"},
        {"rules": "shanghai", "hand": "123m", "kaibao": "x"},
    ],
)
def test_error_results_are_written_as_the_long_way(request_: dict[str, object]) -> None:
    """Error results go through Pydantic's writer too: escapes the same as ``json.dumps``."""
    result = score(request_)
    result.line = 3
    assert not result.ok
    assert result.to_json() == _long_way(result)


def test_to_json_falls_back_for_text_pydantic_cannot_write() -> None:
    result = trusted(Result, ok=True, rules="xingguo", hand="1m\ud800")  # a lone surrogate
    assert result.to_json() == _long_way(result)


def _long_json(result: Result) -> str:
    """The result's JSON the long way: its dump, the nulls a wild's ``stood_for`` carries put
    back (what ``to_json`` writes when Pydantic's writer cannot be used)."""
    data = result.model_dump(mode="json", exclude_none=True)
    if result.reading is not None:
        data["reading"]["wilds"] = [w.model_dump() for w in result.reading.wilds]
    return _breaks_escaped(json.dumps(data, ensure_ascii=False, separators=(",", ":")))


@pytest.mark.parametrize(
    "request_",
    [
        {"rules": "shanghai", "hand": "2277788999p8p [345p] 1358f"},  # no wild
        {"rules": "xingguo", "hand": "123m456p123p789s1z 1z", "jing": "9s"},  # a jing at face
        {"rules": "xingguo", "hand": "123m456p123p555s1z 9s", "jing": "9s"},  # a jing stands in
    ],
)
def test_a_results_json_is_the_long_ways_with_and_without_wilds(request_: dict[str, str]) -> None:
    result = score(request_)
    assert result.ok
    assert result.to_json() == _long_json(result)


# --- items ----------------------------------------------------------------------------------------


def test_item_of_equals_the_validated_item() -> None:
    effect, detail = bilingual("item.times2"), bilingual("item.dealer_won")
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
    effect = bilingual("item.times2")
    first = Item.of("dealer", "庄家", "Dealer", effect, factor=2, seats=("S",))
    again = Item.of("dealer", "庄家", "Dealer", effect, factor=2, seats=["S"])
    assert again is first  # built once, shared by every result that shows it
    assert first.seats == ["S"] and isinstance(first.seats, list)
    assert first.model_dump_json(exclude_none=True).count('"seats":["S"]') == 1
    other = Item.of("dealer", "庄家", "Dealer", effect, factor=2, seats=["W"])
    assert other is not first and other.seats == ["W"]
    with pytest.raises(ValidationError):
        first.factor = 4  # shared, so never changed in place


# --- seat fields ----------------------------------------------------------------------------------


_OldSeat = Annotated[Literal["E", "S", "W", "N"], BeforeValidator(seat_alias)]
"""A seat field as it was validated before: the alias lookup called for every value."""


class _OldSeats(BaseModel):
    one: _OldSeat = "E"
    maybe: _OldSeat | None = None
    keys: dict[_OldSeat, int] = {}
    many: list[_OldSeat] = []


class _NewSeats(BaseModel):
    one: Seat = "E"
    maybe: Seat | None = None
    keys: dict[Seat, int] = {}
    many: list[Seat] = []


def _outcome(model: type[BaseModel], data: dict[str, object]) -> object:
    try:
        return model.model_validate(data).model_dump()
    except ValidationError as exc:
        return [(e["type"], e["loc"], e["msg"], e.get("ctx"), e["input"]) for e in exc.errors()]


_SEAT_VALUES: list[object] = [
    "E",
    "S",
    "W",
    "N",
    "东",
    "東",
    "南",
    "西",
    "北",
    "e",
    "X",
    "",
    "东风",
]


_SEAT_VALUES += [None, 0, 1, 1.5, True, b"E", ["E"], {"E": 1}]


@pytest.mark.parametrize("value", _SEAT_VALUES)
def test_a_seat_field_validates_as_the_alias_lookup_before_the_letters(value: object) -> None:
    hashable = not isinstance(value, (list, dict))
    for data in (
        {"one": value},
        {"maybe": value},
        {"many": [value], "one": "南"},
        *([{"keys": {value: 1}}] if hashable else []),
    ):
        assert _outcome(_NewSeats, data) == _outcome(_OldSeats, data), data


def test_seat_fields_are_written_as_the_alias_lookup_before_the_letters_wrote_them() -> None:
    data = {"one": "S", "maybe": "北", "keys": {"E": 1, "南": 2}, "many": ["W", "N"]}
    new, old = _NewSeats.model_validate(data), _OldSeats.model_validate(data)
    assert new.model_dump_json() == old.model_dump_json()
    assert new.model_dump() == old.model_dump()
    assert _NewSeats().model_dump_json() == _OldSeats().model_dump_json()


@pytest.mark.parametrize("mode", ["validation", "serialization"])
def test_a_seat_fields_json_schema_is_the_letters(mode: JsonSchemaMode) -> None:
    new = _NewSeats.model_json_schema(mode=mode)
    old = _OldSeats.model_json_schema(mode=mode)
    assert json.dumps(new) == json.dumps(old).replace("_OldSeats", "_NewSeats")
