"""The shortcuts taken for speed give exactly what the long way gives (issue 9).

``bench/digest.py`` checks 20,000 random results end to end; these pin the individual pieces.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

import mjcalc
from mjcalc import notation, validate
from mjcalc._fast import built
from mjcalc.app import score as api
from mjcalc.engine import ShapeRules, readings
from mjcalc.errors import MjcalcError
from mjcalc.hand import Hand, Meld
from mjcalc.i18n import bi
from mjcalc.models import Item, ReadingOut, Result, WildOut
from mjcalc.rules.registry import _overrides_key, load_rules
from mjcalc.tiles import tile

readings_module = sys.modules["mjcalc.engine.readings"]  # the package's name is the function


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


def test_options_are_validated_once_per_overrides_and_errors_every_time() -> None:
    loaded = load_rules("xingguo")
    assert loaded.options({"stake": 2}) is loaded.options({"stake": 2})
    assert loaded.options({"stake": 2}) is not loaded.options({"stake": 3})
    for _ in range(2):  # a failure is never cached as a success
        with pytest.raises(MjcalcError):
            loaded.options({"stake": 0})  # stake must be at least 1


def test_override_keys_tell_types_apart_and_skip_unhashable_values() -> None:
    # 1 == True and hash(1) == hash(True): the key keeps the type so they never share an entry
    assert _overrides_key({"stake": 1}) != _overrides_key({"stake": True})
    assert _overrides_key({"x": [1]}) is None  # validated each time instead
    assert _overrides_key({}) == _overrides_key(None) == ()


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


@settings(max_examples=300, deadline=None)
@given(
    concealed=st.lists(st.integers(0, 33), min_size=1, max_size=14),
    melds=st.lists(st.integers(0, 33), max_size=4),
)
def test_a_fifth_copy_is_found_exactly_when_a_tile_is_there_five_times(
    concealed: list[int], melds: list[int]
) -> None:
    hand = Hand(tuple(concealed), tuple(Meld((t, t, t)) for t in melds))
    counts = Counter(hand.all_tiles)
    if max(counts.values()) >= 5:
        with pytest.raises(MjcalcError, match="only 4"):
            validate._check_copies(hand)
    else:
        validate._check_copies(hand)


def test_built_refuses_a_field_the_model_does_not_have() -> None:
    with pytest.raises(TypeError, match="effct"):
        built(Item, id="x", zh="x", en="x", effct="×2")


class _Forgetful(dict[object, object]):
    """A memo that never remembers: every wild group resolved anew."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


@pytest.mark.parametrize(
    ("hand", "wild_kinds", "pair"),
    [
        ("11m345p678s567z5m5m6m", (tile("5m"), tile("6m")), None),  # 22 readings, honor set
        ("123m456p78s99s5m5m6m6m", (tile("5m"), tile("6m")), None),  # 67 readings
        ("123m456p789s78m6m5m1z", (tile("5m"), tile("6m")), (tile("5m"), tile("1z"))),  # 精吊
    ],
)
def test_remembered_wild_groups_give_the_readings_resolved_anew(
    hand: str,
    wild_kinds: tuple[int, ...],
    pair: tuple[int, int] | None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = ShapeRules(honor_sets="same_class", seven_pairs=True, thirteen_lan=True)
    concealed = mjcalc.parse_hand(hand).concealed
    readings_module._ResolvedGroups.cache_clear()
    assert not readings_module._RESOLVED
    first = list(readings(concealed, (), wild_kinds, rules, pair=pair))  # fills the memo
    warm = list(readings(concealed, (), wild_kinds, rules, pair=pair))  # all from the memo
    monkeypatch.setattr(readings_module, "_RESOLVED", _Forgetful())
    anew = list(readings(concealed, (), wild_kinds, rules, pair=pair))
    assert anew and first == anew and warm == anew
    assert any(w.stood_for is not None for r in anew for w in r.wilds)  # wilds did act


def test_scoring_does_not_load_the_shanten_module() -> None:
    code = (
        "import sys, mjcalc; mjcalc.score({'rules': 'xingguo', 'hand': '123m456p789s11z 234m',"
        " 'jing': '9s'}); print('mjcalc.engine.shanten' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


_PIECES = ["123m", "45p", "789s", "11z", "7z", "12f", "8f", "9f", "8z", "0m", " ", "[555z]"]
_PIECES += ["(1111m)", "[123m]", "[]", "(", ")", "[12f]", "[1m 2m]", "5", "m", "５m", "一万"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=8).map("".join))
def test_plain_hands_parse_as_the_scanner_parses_them(text: str) -> None:
    try:
        scanned = notation._scanned_hand(text)
    except MjcalcError as exc:  # then the quick path must not take it: the same error
        with pytest.raises(MjcalcError) as again:
            mjcalc.parse_hand(text)
        assert (again.value.code, again.value.message) == (exc.code, exc.message)
        return
    quick = mjcalc.parse_hand(text)
    assert quick == scanned and quick.columns == scanned.columns
    assert [m.column for m in quick.melds] == [m.column for m in scanned.melds]


def test_plain_hand_with_melds_and_flowers() -> None:
    text = "12m [555z] 3p (1111s) 12f"
    assert notation._PLAIN_HAND.fullmatch(text)  # the quick path
    hand = mjcalc.parse_hand(text)
    assert hand.concealed == (tile("1m"), tile("2m"), tile("3p"))
    assert hand.columns == (1, 2, 12)
    assert [(m.tiles, m.concealed, m.column) for m in hand.melds] == [
        ((tile("5z"),) * 3, False, 5),  # "[" at column 5
        ((tile("1s"),) * 4, True, 15),  # "(" at column 15
    ]
    assert hand.flowers == (tile("1f"), tile("2f"))


def test_plain_hand_columns() -> None:
    # "12m 3p": 1m at column 1, 2m at 2, 3p at 5 (after the space)
    hand = mjcalc.parse_hand("12m 3p")
    assert hand.concealed == (tile("1m"), tile("2m"), tile("3p"))
    assert hand.columns == (1, 2, 5)


def test_a_long_plain_looking_text_that_fails_is_handed_to_the_scanner_at_once() -> None:
    # Regression: the quick path's pattern once nested two repetitions, so a text of many runs
    # ending in a bad character made it retry every grouping of the runs (2^60 here) before
    # giving up. Now it fails in one pass and the scanner reports the character: column 121.
    text = "1m" * 60 + "x"
    with pytest.raises(MjcalcError) as exc:
        mjcalc.parse_hand(text)
    assert exc.value.code == "invalid_notation"
    assert exc.value.column == 121


def test_every_engine_memo_clears_without_arguments() -> None:
    # Regression: bench/bench_engine.py's cold runs call cache_clear() on every engine module
    # value that has one; the resolved-groups memo once exposed a class whose cache_clear
    # needed an instance, and the benchmark stopped with a TypeError.
    import mjcalc.engine.decompose  # noqa: F401  (the modules whose memos are cleared)

    cleared = 0
    for name, module in list(sys.modules.items()):
        if name.startswith("mjcalc.engine"):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
                    cleared += 1
    assert cleared >= 3  # decompose._search, readings._split_plan, readings._ResolvedGroups
    assert not readings_module._RESOLVED


_MELDS = st.sampled_from(
    [
        Meld(t, c)
        for t in ((0, 1, 2), (2, 1, 0), (4, 4, 4), (27, 27, 27), (9, 9, 9, 9))
        for c in (0, 1)
    ]
)


@settings(max_examples=200, deadline=None)
@given(melds=st.lists(_MELDS, max_size=4), flowers=st.lists(st.integers(34, 41), unique=True))
def test_canonical_melds_and_hand_text_are_the_long_way(
    melds: list[Meld], flowers: list[int]
) -> None:
    hand = Hand((tile("5p"), tile("5p")), tuple(melds), tuple(flowers))
    long_melds = sorted(
        (Meld(tuple(sorted(m.tiles)), m.concealed, m.column) for m in melds),
        key=lambda m: (m.concealed, m.tiles),
    )
    canonical = api.canonical_melds(hand)
    assert canonical.melds == tuple(long_melds)
    tail = Hand((), canonical.melds, tuple(sorted(flowers)))
    long_text = " ".join(p for p in ("5p", "5p", notation.format_hand(tail)) if p)
    assert api.canonical_hand(canonical, tile("5p")) == long_text


@settings(max_examples=300, deadline=None)
@given(
    concealed=st.lists(st.integers(-2, 44), max_size=6),
    melds=st.lists(st.lists(st.integers(-2, 44), min_size=3, max_size=4), max_size=2),
    flowers=st.lists(st.integers(-2, 44), max_size=3),
)
def test_the_tile_check_shortcut_agrees_with_the_tile_by_tile_check(
    concealed: list[int], melds: list[list[int]], flowers: list[int]
) -> None:
    hand = Hand(tuple(concealed), tuple(Meld(tuple(m)) for m in melds), tuple(flowers))

    def outcome() -> str | None:
        try:
            validate._check_tiles(hand)
        except MjcalcError as exc:
            return exc.message
        return None

    quick = outcome()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(validate, "_tiles_in_place", lambda _hand: False)  # the long way only
        assert outcome() == quick
