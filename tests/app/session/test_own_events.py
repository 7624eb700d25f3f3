"""A ruleset's own session lines (:class:`mjcalc.rules.events.SessionEvent`), through a toy
ruleset that declares two: ``bonus SEAT N`` (each other seat pays the seat N) and ``swap FROM TO
N`` (one seat pays another). Its word line and its JSON line give the same record; it is
settled by the ruleset, checked to sum to zero, recorded in the JSON under its name and told in
the view in both languages; a table of another ruleset reads those words as it always did.

The same through the command line, with the example plug-in 鸡胡 installed: tests/cli/
test_session_events.py.
"""

from __future__ import annotations

import dataclasses
import io
import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from mjcalc.app.session import replay
from mjcalc.app.session.records import Record, Summary
from mjcalc.errors import MjcalcError
from mjcalc.models import Seat
from mjcalc.models.session import session_output
from mjcalc.render.console import make_console
from mjcalc.render.session import SessionView
from mjcalc.rules.events import EventArg, SessionEvent
from mjcalc.rules.ledger import others
from mjcalc.rules.registry import register_ruleset
from mjcalc.rules.session import SessionRules
from mjcalc.schema import _any_of
from tests.support.toy_ruleset import TOY, ToyOptions


def bonus(line: Mapping[str, Any], options: ToyOptions) -> dict[Seat, int]:
    each = line["amount"] * options.points
    return {**dict.fromkeys(others(line["seat"]), -each), line["seat"]: 3 * each}


def swap(line: Mapping[str, Any], _options: ToyOptions) -> dict[Seat, int]:
    if line["source"] == line["target"]:
        raise MjcalcError("invalid_request", "a swap needs two seats", message_zh="要两家")
    return {line["source"]: -line["amount"], line["target"]: line["amount"]}


BONUS = SessionEvent(
    name="bonus",
    words=("bonus", "奖励"),
    args=(EventArg("seat"), EventArg("amount", "amount", high=9)),
    settle=bonus,
    shown=("{seat} bonus: {amount} from each", "{seat} 奖励：每家付 {amount}"),
)
SWAP = SessionEvent(
    name="swap",
    words=("swap",),
    args=(
        EventArg("source", metavar="FROM"),
        EventArg("target", metavar="TO"),
        EventArg("amount", "amount"),
    ),
    settle=swap,
    shown=("{source} pays {target} {amount}", "{source} 付 {target} {amount}"),
)
SESSION: SessionRules[ToyOptions] = SessionRules(own_events=(BONUS, SWAP))
EVENTFUL = dataclasses.replace(TOY, name="eventful", session=SESSION)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[str]:
    """The header of an ``eventful`` sitting (2 points a unit), with two players named."""
    register_ruleset(EVENTFUL)
    path = tmp_path / "eventful.toml"
    path.write_text('ruleset = "eventful"\n\n[options]\npoints = 2\n')
    players = {"E": "Ann", "W": "Cy"}
    yield json.dumps({"session": {"rules": str(path), "players": players}})


def run(*lines: str) -> list[Record]:
    *records, summary = replay(lines)
    assert isinstance(summary, Summary)
    return records  # type: ignore[return-value]


def as_json(*lines: str) -> list[str]:
    return [item.to_json() for item in replay(lines)]


def message(record: Record) -> str:
    assert not record.ok and record.error is not None, record
    return record.error.message


SAME = [
    ("bonus W 3", '{"event": "bonus", "seat": "W", "amount": 3}'),
    ("BONUS w 3", '{"event": "bonus", "seat": "W", "amount": 3}'),
    ("奖励 西 3", '{"event": "bonus", "seat": "西", "amount": 3}'),
    ("swap S E 7", '{"event": "swap", "source": "S", "target": "E", "amount": 7}'),
]


@pytest.mark.parametrize(("words", "line"), SAME, ids=[s[0] for s in SAME])
def test_a_word_line_gives_the_record_of_its_json_form(table: str, words: str, line: str) -> None:
    assert as_json(table, words, "draw") == as_json(table, line, "draw")


def test_the_line_is_settled_by_the_ruleset_and_recorded_under_its_name(table: str) -> None:
    records = [json.loads(r) for r in as_json(table, "bonus W 3", "swap S E 7")]
    bonus_line, swap_line, summary = records
    # 3 units of 2 points from each other seat
    assert bonus_line["event"] == "bonus"
    assert bonus_line["payments"] == {"E": -6, "S": -6, "W": 18, "N": -6}
    assert bonus_line["bonus"] == {"seat": "W", "amount": 3}
    assert bonus_line["fees"] == dict.fromkeys("ESWN", 0) and bonus_line["dealer"] == "E"
    assert swap_line["swap"] == {"source": "S", "target": "E", "amount": 7}
    assert swap_line["totals"] == {"E": 1, "S": -13, "W": 18, "N": -6}
    assert summary["summary"]["dealer"] == "E"  # the deal stays where it was


def test_the_records_match_the_session_schema_of_the_installed_events(table: str) -> None:
    schema = _any_of(
        session_output((BONUS, SWAP)), "serialization", title="t", description="d", by_alias=True
    )
    validator = jsonschema.Draft202012Validator(schema)
    for line in as_json(table, "bonus W 3", "swap S E 7", "bonus X 1"):
        validator.validate(json.loads(line))
    bad = json.loads(as_json(table, "bonus W 3")[0])
    bad["bonus"]["amount"] = "3"
    assert not validator.is_valid(bad)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_view_tells_it_in_the_ruleset_s_words(table: str, lang: str) -> None:
    bonus_line, swap_line = run(table, "bonus W 3", "swap S E 7")
    view = SessionView(make_console(file=io.StringIO()), lang, {"E": "Ann", "W": "Cy"})
    if lang == "en":
        assert view.describe(bonus_line) == "Cy bonus: 3 from each"
        assert view.describe(swap_line) == "S pays Ann 7"
    else:
        assert view.describe(bonus_line) == "Cy 奖励：每家付 3"
        assert view.describe(swap_line) == "南 付 Ann 7"


BAD = [
    ("bonus", "bonus needs SEAT N: the line is bonus SEAT N"),
    ("bonus X 1", "cannot read 'X': the line is bonus SEAT N"),
    ("bonus W three", "cannot read 'three': the line is bonus SEAT N"),
    ("bonus W 1 2", "cannot read W 1 2: the line is bonus SEAT N"),
    ("swap S E", "swap S E needs N: the line is swap FROM TO N"),
    ("bonus W 10", "event line: field 'amount': input should be less than or equal to 9"),
    ("bonus W 0", "event line: field 'amount': input should be greater than or equal to 1"),
    ('{"event": "bonus", "seat": "W"}', "event line: missing field 'amount'"),
    ('{"event": "bonus", "seat": "W", "amount": "1"}', "input should be a valid integer"),
    ('{"event": "bonus", "seat": "W", "amount": 1, "x": 1}', "event line: unknown field 'x'"),
    ("swap S S 1", "a swap needs two seats"),
    ('{"event": "bonsu"}', "unknown event 'bonsu' (known here: adjust, bonus, draw, swap)"),
    ('{"event": "false_win", "seat": "S"}', "sitting has no false wins (诈胡): 'false_win'"),
]


@pytest.mark.parametrize(("line", "wanted"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_line_is_one_error_record_and_changes_nothing(
    table: str, line: str, wanted: str
) -> None:
    bad, after = run(table, line, "bonus W 1")
    assert wanted in message(bad)
    assert bad.error is not None and bad.error.code == "invalid_request"
    assert after.totals == {"E": -2, "S": -2, "W": 6, "N": -2}


def test_its_words_belong_to_its_table_alone() -> None:
    """On another ruleset's table, ``bonus W 3`` is read as it always was: a hand."""
    xingguo = json.dumps({"session": {"rules": "xingguo"}})
    (line,) = run(xingguo, "bonus W 3")
    assert message(line) == "a xingguo hand needs the flipped tile (正精): --jing TILE"
    (line,) = run(xingguo, '{"event": "bonus", "seat": "W", "amount": 3}')
    assert message(line) == "unknown event 'bonus' (known here: adjust, draw, false_win)"


def _table_with(tmp_path: Path, event: SessionEvent[Any]) -> str:
    register_ruleset(
        dataclasses.replace(TOY, name="odd", session=SessionRules(own_events=(event,)))
    )
    path = tmp_path / "odd.toml"
    path.write_text('ruleset = "odd"\n')
    return json.dumps({"session": {"rules": str(path)}})


@pytest.mark.parametrize(
    ("moved", "wanted"),
    [
        ({"E": 5}, "does not sum to zero"),
        ({"E": 1, "S": -1, "X": 0}, "settled 'X'"),
        ({"E": True, "S": -1}, "settled 'E': True"),
        ({"E": 1.0, "S": -1.0}, "settled 'E': 1.0"),
    ],
)
def test_a_settlement_that_is_not_a_zero_sum_over_the_seats_is_the_ruleset_s_bug(
    tmp_path: Path, moved: dict[str, Any], wanted: str
) -> None:
    event = SessionEvent("odd_one", ("odd",), (), lambda _line, _o: moved, ("odd", "怪"))
    (bad,) = run(_table_with(tmp_path, event), "odd")
    assert bad.error is not None and bad.error.code == "internal_error"
    assert wanted in bad.error.message


def test_a_word_of_mjcalc_s_own_makes_the_plugin_broken(tmp_path: Path) -> None:
    event = SessionEvent("mine", ("draw",), (), lambda _line, _o: {}, ("x", "x"))
    (bad,) = run(_table_with(tmp_path, event))  # the header's record: the sitting cannot start
    assert bad.line == 1 and bad.error is not None and bad.error.code == "plugin_error"
    assert "its session event word 'draw' is one of mjcalc's own" in bad.error.message
    assert "它的牌局事件用词 'draw' 与 mjcalc 自身的重名" in (bad.error.message_zh or "")


def _settle(_line: Mapping[str, Any], _options: Any) -> dict[Seat, int]:
    return {}


@pytest.mark.parametrize(
    ("fields", "wanted"),
    [
        ({"name": "Bonus"}, "a name is lower-case"),
        ({"name": "adjust"}, "one of mjcalc's own"),
        ({"name": "payments"}, "one of mjcalc's own"),
        ({"words": ()}, "one word at least"),
        ({"words": ("two words",)}, "one word at least"),
        ({"words": ("--bonus",)}, "one word at least"),
        ({"words": ("Bonus",)}, "one word at least"),
        ({"args": (EventArg("seat"), EventArg("seat"))}, "once"),
        ({"args": (EventArg("event"),)}, "other than 'event'"),
        ({"args": (EventArg("n", "amount", low=5, high=1),)}, "low is above its high"),
        ({"shown": ("{who} pays", "{who}")}, "shown names ['who']"),
        ({"shown": ("one text",)}, "English and Chinese"),
    ],
)
def test_a_declaration_that_cannot_work_is_refused_when_made(
    fields: dict[str, Any], wanted: str
) -> None:
    declared: dict[str, Any] = {
        "name": "bonus",
        "words": ("bonus",),
        "args": (EventArg("seat"),),
        "settle": _settle,
        "shown": ("{seat}", "{seat}"),
        **fields,
    }
    with pytest.raises(ValueError, match=re.escape(wanted)):
        SessionEvent(**declared)


def test_two_events_may_not_share_a_name_or_a_word() -> None:
    again = dataclasses.replace(SWAP, name="swap2", words=("swap",))
    with pytest.raises(ValueError, match="each event's name and each of its words once"):
        SessionRules(own_events=(SWAP, again))
    assert SessionRules().own_events == ()  # a ruleset that adds nothing states nothing
