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
from typing import Any

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


# --- round 3: line breaks, a sitting's records, silver paid in full ----------------------------


def _slow_has_line_break(text: str) -> bool:
    """The twin of :func:`~mjcalc.hot_paths.has_line_break`: the character class, by ``re``."""
    import re

    return re.search("[\x85\u2028\u2029]", text) is not None


def test_line_breaks_are_found_as_the_regex_finds_them() -> None:
    import random

    from mjcalc.hot_paths import has_line_break
    from mjcalc.models import json_text

    rng = random.Random(20261208)
    alphabet = ["a", "1", "平", "胡", "\n", '"', "\x84", "\x85", "\x86", "\u2027", "\u2028"]
    alphabet += ["\u2029", "\u202a", "\U0001f004", "\\"]
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40)))
        assert has_line_break(text) == _slow_has_line_break(text), repr(text)
        slow = text.translate({0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"})
        assert json_text(text) == slow


def _slow_record_json(record: Any) -> str:
    """The twin of :func:`~mjcalc.hot_paths.record_json`: ``Record.plain_json``, every part
    through ``json.dumps`` (as ``Record.to_json`` wrote every record before the fast path)."""
    text: str = record.plain_json()
    return text


def _replayed_records(seed: int, count: int) -> list[Any]:
    import random

    from mjcalc.app.session import replay
    from mjcalc.app.session.records import Record
    from tests.support.fuzz_inputs import session_file

    rng = random.Random(seed)
    records = []
    for _ in range(count):
        lines = session_file(rng, rng.randrange(5, 40))
        records += [item for item in replay(lines) if isinstance(item, Record)]
    return records


def test_a_record_is_written_as_its_parts_through_json_dumps() -> None:
    import dataclasses
    import random

    from mjcalc.app.session import replay
    from mjcalc.app.session.records import Record
    from mjcalc.errors import MjcalcError
    from mjcalc.hot_paths import record_json
    from mjcalc.models import ErrorOut

    docs = Path(__file__).resolve().parents[2] / "docs" / "examples" / "sitting.jsonl"
    records = [i for i in replay(docs.read_bytes().splitlines()) if isinstance(i, Record)]
    records += _replayed_records(83, 120)
    # records the replays seldom give: odd words, amounts and keys, lines short of silver,
    # errors with line breaks, quotes and lone surrogates in their text
    rng = random.Random(7)
    applied = [r for r in records if r.ok]
    assert applied and any(not r.ok for r in records)
    odd_words = [None, "hand", "multi_win", "my_event", "平胡", 'a"b', "a\u2028b", "", "E"]
    odd_amounts: list[Any] = [
        {},
        {"E": 1, "S": -1},
        {"S": -1, "E": 1, "W": 0, "N": 0},
        {"E": True, "S": -1, "W": 0, "N": 0},
        {"E": 2**70, "S": -(2**70), "W": 0, "N": 0},
        {"X": 1, "E": -1},
        {"E": 1.0, "S": -1, "W": 0, "N": 0},
    ]
    for _ in range(400):
        base = rng.choice(applied)
        changes: dict[str, Any] = {}
        if rng.random() < 0.3:
            changes["event"] = rng.choice(odd_words)
        if rng.random() < 0.3:
            changes["dealer"] = rng.choice(odd_words)
        for name in ("payments", "fees", "totals", "balances", "owed"):
            if rng.random() < 0.15:
                changes[name] = rng.choice(
                    [*odd_amounts, None] if name == "balances" else odd_amounts
                )
        records.append(dataclasses.replace(base, **changes))
    every_escape = "".join(map(chr, range(0x20))) + "\x7f\x80\ud7ff\ue000\ufeff\U0010ffff/"
    messages = ("plain", "a\u2028b", 'quote " and \\ and \n', "\x85", "\ud800", "平胡\t")
    for message in (*messages, every_escape):
        exc = MjcalcError("invalid_request", message, message_zh=rng.choice([None, message]))
        records.append(Record.failed(rng.randrange(1, 10**6), exc))
        error = ErrorOut(code="invalid_request", message=message, column=3)
        records.append(Record.from_error(5, error))
    kinds = {"fast": 0, "plain": 0}
    for record in records:
        quick = record_json(record)
        kinds["fast" if quick is not None else "plain"] += 1
        try:
            slow = _slow_record_json(record)
        except (TypeError, ValueError):  # what json.dumps cannot write: neither may the fast path
            assert quick is None
            continue
        assert record.to_json() == slow
        if quick is not None:
            assert quick == slow
    assert kinds["fast"] > 500 and kinds["plain"] > 50, kinds


def _slow_settle(vectors: list[Any], balances: Any) -> dict[str, int]:
    """The twin of :func:`~mjcalc.hot_paths.paid_in_full`: ``settle`` with balances the plain
    way, every debt paired and each loser paying what it can."""
    from mjcalc.app.session.silver import paid_as_able

    net: dict[str, int] = paid_as_able(vectors, balances)
    return net


def test_silver_paid_in_full_is_the_pairing_of_debts() -> None:
    import random

    from mjcalc.app.session.silver import settle
    from mjcalc.hot_paths import paid_in_full

    rng = random.Random(11)
    seats = ["E", "S", "W", "N"]
    found = {"quick": 0, "plain": 0}
    for _ in range(5000):
        vectors = []
        for _ in range(rng.choice([0, 1, 1, 1, 2, 3])):
            winners = rng.sample(seats, rng.choice([1, 1, 2]))
            vector = dict.fromkeys(seats, 0) if rng.random() < 0.8 else {}
            for seat in seats:
                if seat not in winners and rng.random() < 0.8:
                    vector[seat] = -rng.randrange(0, 60)
            gain = -sum(vector.values())
            for i, seat in enumerate(winners):
                vector[seat] = gain // len(winners) + (gain % len(winners) if i == 0 else 0)
            if rng.random() < 0.05:  # not zero-sum
                seat = rng.choice(seats)
                vector[seat] = vector.get(seat, 0) + rng.choice([-1, 1])
            vectors.append(vector)
        balances = {seat: rng.choice([0, 5, 30, 100, 10**9]) for seat in seats}
        quick = paid_in_full(vectors, balances)
        slow = _slow_settle(vectors, balances)
        found["quick" if quick is not None else "plain"] += 1
        if quick is not None:
            assert quick == slow and list(quick) == list(slow)
        assert settle(vectors, balances) == slow
        assert list(settle(vectors, balances)) == list(slow)
    assert found["quick"] > 1000 and found["plain"] > 1000, found
