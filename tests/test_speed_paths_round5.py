"""The fifth round's shortcuts (issue 9) give exactly what the long way gives.

``bench/digest.py`` checks 20,000 random results end to end; these pin the individual pieces.
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, BeforeValidator, ValidationError
from pydantic.json_schema import JsonSchemaMode

from mjcalc import score, validate
from mjcalc._fast import built, built_from
from mjcalc.app import score as api
from mjcalc.engine.groups import Group, Reading, WildUse
from mjcalc.errors import MjcalcError
from mjcalc.hand import Hand, Meld
from mjcalc.models import ReadingOut, Result, Seat, WildOut
from mjcalc.rules.shanghai import hands
from mjcalc.seats import seat_alias
from mjcalc.tiles import N_KINDS, code
from mjcalc.validate import count_is_right


def test_the_colour_table_gives_each_playing_tiles_class() -> None:
    assert [hands._CLASS_BYTES[t] for t in range(N_KINDS)] == [t // 9 for t in range(N_KINDS)]


def test_built_from_a_dict_is_built_from_keywords() -> None:
    values = {"ok": True, "rules": "shanghai", "hand": "123m", "items": [], "payments": {"E": 1}}
    quick, slow = built_from(Result, dict(values)), built(Result, **values)
    assert quick == slow
    assert list(quick.__dict__) == list(slow.__dict__)  # the order fields are dumped in
    assert quick.model_fields_set == slow.model_fields_set == set(values)
    assert quick.to_json() == slow.to_json()


def _long_reading_out(r: Reading) -> ReadingOut:
    """The reading as the result showed it before the shortcut: every model by keywords."""
    return built(
        ReadingOut,
        shape=r.shape,
        sets=[api.group_text(g) for g in r.groups],
        wilds=[
            built(
                WildOut,
                tile=code(w.face),
                stood_for=None if w.stood_for is None else code(w.stood_for),
            )
            for w in r.wilds
        ],
    )


def test_a_readings_output_is_the_long_ways_with_and_without_wilds() -> None:
    groups = (
        Group("pair", (0, 0)),
        Group("chow", (1, 2, 3), (False, True, False)),
        Group("pung", (31, 31, 31), melded=True, exposed=True),
    )
    for wilds in ((), (WildUse(5, 2),), (WildUse(5, None), WildUse(5, 2))):
        r = Reading("standard", groups, wilds)
        quick, slow = api.reading_out(r), _long_reading_out(r)
        assert quick == slow
        assert quick.model_fields_set == slow.model_fields_set
        assert quick.model_dump_json() == slow.model_dump_json()


_WELL_FORMED_MELDS = [Meld((0, 1, 2)), Meld((4, 4, 4)), Meld((7, 7, 7, 7)), Meld((9,) * 4, True)]


@settings(max_examples=300, deadline=None)
@given(
    concealed=st.integers(0, 17),
    melds=st.lists(st.sampled_from(_WELL_FORMED_MELDS), max_size=4),
)
def test_the_tile_count_of_well_formed_melds_is_the_long_ways(
    concealed: int, melds: list[Meld]
) -> None:
    hand = Hand(tuple(range(concealed)), tuple(melds))
    assert count_is_right(hand) == (len(hand.all_tiles) == 14 + len(hand.kongs))
    # and validation still refuses a wrong count with its message
    if not count_is_right(hand):
        with pytest.raises(MjcalcError, match="tile"):
            validate._check_count(hand, len(hand.all_tiles))
    else:
        validate._check_count(hand, len(hand.all_tiles))


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


def test_set_texts_kept_per_group_are_each_groups_text(monkeypatch: pytest.MonkeyPatch) -> None:
    from mjcalc._fast import IdentityMemo

    memo = IdentityMemo(api.group_text, limit=5)  # cleared again and again below
    monkeypatch.setattr(api, "_group_texts", memo)
    shared = (Group("pair", (0, 0)), Group("pung", (31, 31, 31), melded=True, exposed=True))
    for t in range(27):  # groups built anew each time (as wilds resolved), and shared ones
        fresh = (
            Group("chow", (t // 9 * 9, t // 9 * 9 + 1, t // 9 * 9 + 2)),
            Group("kong", (t,) * 4, melded=True),
        )
        groups = (*shared, *fresh)
        assert api._set_texts(groups) == [api.group_text(g) for g in groups]
        assert len(memo._kept) <= 5
        assert all(id(entry[0]) == key for key, entry in memo._kept.items())


def _long_json(result: Result) -> str:
    """The result's JSON the long way: its dump, the nulls a wild's ``stood_for`` carries put
    back (what ``to_json`` writes when Pydantic's writer cannot be used)."""
    data = result.model_dump(mode="json", exclude_none=True)
    if result.reading is not None:
        data["reading"]["wilds"] = [w.model_dump() for w in result.reading.wilds]
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


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
