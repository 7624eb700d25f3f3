"""The speed tricks of :mod:`mjcalc.hot_paths`, each against its plain twin: a model built without
validation (:func:`~mjcalc.hot_paths.trusted`, :func:`~mjcalc.hot_paths.trusted_from`) is the
validated model, the entry points read from the distributions' files are those
:mod:`importlib.metadata` finds, and a slot-filled dataclass is its ``__init__``'s.
"""

from __future__ import annotations

import dataclasses
import importlib.metadata
import sys
from pathlib import Path

import pytest

from mjcalc.engine.groups import Reading, WildUse, interned, new_reading, pair_of
from mjcalc.hand import Hand, Meld, new_hand, new_meld
from mjcalc.hot_paths import entry_points, new_instance, slot_setters, trusted, trusted_from
from mjcalc.models import Item, Named, ReadingOut, Result, WildOut, named
from mjcalc.rules.plugins import GROUP


def test_built_equals_the_validated_model() -> None:
    fields = {"id": "base", "zh": "底分", "en": "Base value", "effect": "1", "add": 1}
    quick, checked = trusted(Item, **fields), Item(**fields)
    assert quick == checked
    assert quick.model_dump() == checked.model_dump()
    assert quick.factor is None and quick.seats is None  # defaults filled in


def test_built_gives_each_instance_its_own_default_list() -> None:
    first = trusted(ReadingOut, shape="standard", sets=["123m"])
    second = trusted(ReadingOut, shape="standard", sets=["456p"])
    first.wilds.append(trusted(WildOut, tile="5m", stood_for=None))
    assert second.wilds == []


def test_built_refuses_a_field_the_model_does_not_have() -> None:
    with pytest.raises(TypeError, match="effct"):
        trusted(Item, id="x", zh="x", en="x", effct="×2")


def test_built_from_a_dict_is_built_from_keywords() -> None:
    values = {"ok": True, "rules": "shanghai", "hand": "123m", "items": [], "payments": {"E": 1}}
    quick, slow = trusted_from(Result, dict(values)), trusted(Result, **values)
    assert quick == slow
    assert list(quick.__dict__) == list(slow.__dict__)  # the order fields are dumped in
    assert quick.model_fields_set == slow.model_fields_set == set(values)
    assert quick.to_json() == slow.to_json()


def _slow_entry_points(group: str) -> list[tuple[str, str, str]]:
    """The twin: what :mod:`importlib.metadata` finds, one distribution a name (its first)."""
    found = []
    seen: set[str] = set()
    for dist in importlib.metadata.distributions():
        name = importlib.metadata.Prepared.normalize(dist.metadata["Name"])
        name = name.replace("_", "-")
        if name in seen:
            continue
        seen.add(name)
        found += [(name, ep.name, ep.value) for ep in dist.entry_points if ep.group == group]
    return found


@pytest.mark.parametrize("group", [GROUP, "console_scripts", "pytest11"])
def test_entry_points_are_those_importlib_metadata_finds(group: str) -> None:
    assert sorted(entry_points(group)) == sorted(_slow_entry_points(group))


def test_entry_points_read_a_distribution_once_where_it_is_found_first(tmp_path: Path) -> None:
    for folder, value in (("first", "a:ONE"), ("second", "b:TWO")):
        info = tmp_path / folder / "Some_Pkg-1.0.dist-info"
        info.mkdir(parents=True)
        (info / "entry_points.txt").write_text(
            f"[other]\nx = y:Z\n\n[{GROUP}]\n# a comment\nhouse = {value}\n", encoding="utf-8"
        )
    egg = tmp_path / "second" / "older.egg-info"
    egg.mkdir()
    (egg / "entry_points.txt").write_text(f"[{GROUP}]\nold = c:THREE\n", encoding="utf-8")
    paths = [str(tmp_path / "first"), str(tmp_path / "missing"), str(tmp_path / "second")]
    assert entry_points(GROUP, paths) == [
        ("some-pkg", "house", "a:ONE"),
        ("older", "old", "c:THREE"),
    ]


def test_entry_points_default_to_sys_path() -> None:
    assert entry_points(GROUP) == entry_points(GROUP, sys.path)


def test_named_is_the_validated_model() -> None:
    quick = named("plain", "平胡", "Plain win")
    slow = Named(id="plain", zh="平胡", en="Plain win")
    assert quick == slow
    assert quick.model_dump_json() == slow.model_dump_json()
    assert quick.model_fields_set == slow.model_fields_set


def test_slot_filling_is_the_dataclass_init() -> None:
    meld = new_meld((1, 2, 3), False, 4)
    assert meld == Meld((1, 2, 3), False, 4) and meld.column == 4
    hand = new_hand((5, 6), (meld,), (34,), (1, 2))
    slow = Hand((5, 6), (meld,), (34,), (1, 2))
    assert [getattr(hand, f.name) for f in dataclasses.fields(Hand)] == [
        getattr(slow, f.name) for f in dataclasses.fields(Hand)
    ]
    assert len(slot_setters(Hand)) == len(dataclasses.fields(Hand))
    assert type(new_instance(Hand)) is Hand
    groups = (interned("pung", (3, 3, 3), (False, True, False)), pair_of(30, 0))
    uses = (WildUse(3, 5), WildUse(4, None))
    reading = new_reading("standard", groups, uses)
    assert reading == Reading("standard", groups, uses)
    assert hash(reading) == hash(Reading("standard", groups, uses))


def test_a_noted_item_is_the_item_copied_with_the_note() -> None:
    # Xingguo adds its "no jings given" note to 霸胡 / 霸精 through Item.of's shared items; the
    # twin is a copy of the item with the detail updated
    from mjcalc.i18n import Bilingual, bilingual
    from mjcalc.rules.xingguo.hu import noted as _noted

    note = Bilingual("S W N taken as 0", "南、西、北按0计")
    bahu = Item.of("bahu", "霸胡", "No seat holds jing", bilingual("item.times2"), None, factor=2)
    bawang = Item.of(
        "bawang",
        "霸精",
        "Sole jing holder",
        bilingual("item.plus", n=10),
        Bilingual("a", "甲"),
        add=10,
        seats=["S"],
    )
    for item in (bahu, bawang):
        en = f"{item.detail}; {note.en}" if item.detail else note.en
        zh = f"{item.detail_zh}；{note.zh}" if item.detail_zh else note.zh
        slow = item.model_copy(update={"detail": en, "detail_zh": zh})
        quick = _noted(item, note)
        assert quick == slow
        assert quick.model_dump_json(exclude_none=True) == slow.model_dump_json(exclude_none=True)
        assert _noted(item, note) is quick  # kept and shared, as Item.of keeps its items
        other = Bilingual("E W N taken as 0", "东、西、北按0计")
        assert _noted(item, other).detail == (
            f"{item.detail}; {other.en}" if item.detail else other.en
        )
