"""Event lines typed as words, and a multiple win in argument form: each gives exactly the
record of its JSON form (compared whole, as ``--json`` writes it), in English and Chinese; bad
word lines are one ``invalid_request`` record, like any bad line.

Hands as in test_replay.py: ``QP`` 清碰 is 20 a share (capped), ``PPH`` 碰碰胡 4 a share.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcalc.app.session import replay
from mjcalc.app.session.records import Record, Summary
from mjcalc.app.session.words import is_word_line

QP = "11122233344455m"
PPH = "111m222p333s444m55p"
XG = "123m456p789s11z 234m"

SHANGHAI = json.dumps(
    {
        "session": {
            "rules": "shanghai",
            "balances": {"E": 100, "S": 100, "W": 100, "N": 100},
            "options": {"fee": 5},
        }
    }
)
XINGGUO = json.dumps({"session": {"rules": "xingguo"}})
NEXT = {SHANGHAI: f"{QP} --winner S", XINGGUO: f"{XG} --jing 9s --winner S"}
"""A hand after the line, to show the line left the same position behind."""


def records(*lines: str) -> list[str]:
    """Every record and the summary as ``--json`` writes them."""
    items = list(replay(lines))
    assert isinstance(items[-1], Summary)
    return [item.to_json() for item in items]


def first(*lines: str) -> Record:
    item = next(iter(replay(lines)))
    assert isinstance(item, Record)
    return item


# (header, earlier lines, the word line, its JSON form)
SAME = [
    (SHANGHAI, [], "draw", '{"event": "draw"}'),
    (SHANGHAI, [], "流局", '{"event": "draw"}'),
    (SHANGHAI, [], "荒庄", '{"event": "draw"}'),
    (SHANGHAI, [], "黄庄 --dice-double", '{"event": "draw", "dice_double": true}'),
    (SHANGHAI, [], "DRAW --dice-double", '{"event": "draw", "dice_double": true}'),
    (XINGGUO, [], "draw", '{"event": "draw"}'),
    (SHANGHAI, [], "escape W", '{"event": "escape", "seat": "W", "ends": false}'),
    (SHANGHAI, [], "escape w --ends", '{"event": "escape", "seat": "W", "ends": true}'),
    (SHANGHAI, [], "逃跑 西 --ends", '{"event": "escape", "seat": "W", "ends": true}'),
    (XINGGUO, [], "false-win S", '{"event": "false_win", "seat": "S"}'),
    (XINGGUO, [], "诈胡 南", '{"event": "false_win", "seat": "S"}'),
    (
        SHANGHAI,
        [],
        "adjust S E 10 --reason 'late to the table'",
        '{"event": "adjust", "from": "S", "to": "E", "amount": 10, "reason": "late to the table"}',
    ),
    (XINGGUO, [], "调整 北 东 7", '{"event": "adjust", "from": "N", "to": "E", "amount": 7}'),
    (
        SHANGHAI,
        ['{"event": "draw", "dice_double": true}'],
        f"--discarder S --winners E,W {QP} {PPH}",
        f'{{"discarder": "S", "winners": [{{"hand": "{QP}", "winner": "E"}},'
        f' {{"hand": "{PPH}", "winner": "W"}}]}}',
    ),
    (
        SHANGHAI,
        [],
        f"{PPH} --win 5p --flowers 2 // {QP} --discarder N --winners W,E --dice-double",
        f'{{"discarder": "N", "dice_double": true, "winners": [{{"hand": "{PPH}",'
        f' "win_tile": "5p", "flowers": 2, "winner": "W"}}, {{"hand": "{QP}", "winner": "E"}}]}}',
    ),
]


@pytest.mark.parametrize(("head", "before", "words", "as_json"), SAME, ids=[s[2] for s in SAME])
def test_a_word_line_gives_the_record_of_its_json_form(
    head: str, before: list[str], words: str, as_json: str
) -> None:
    by_words = records(head, *before, words, NEXT[head])
    by_json = records(head, *before, as_json, NEXT[head])
    assert by_words == by_json
    assert all(json.loads(r).get("ok", True) for r in by_words[: len(before) + 1])


def test_the_word_forms_do_what_they_say() -> None:
    draw, escape, adjust, multi = (
        json.loads(r)
        for r in records(
            SHANGHAI,
            "流局 --dice-double",
            "逃跑 N",
            "adjust S E 10",
            f"--winners E,W --discarder S {QP} {PPH}",
        )[:4]
    )
    assert draw["event"] == "draw" and draw["fees"] == {"E": 5, "S": 5, "W": 5, "N": 5}
    # N pays 3 勒子 = 30, 10 to each other seat; everybody pays the fee 5
    assert escape["payments"] == {"E": 10, "S": 10, "W": 10, "N": -30}
    assert adjust["payments"] == {"E": 10, "S": -10, "W": 0, "N": 0}
    assert adjust["fees"] == {"E": 0, "S": 0, "W": 0, "N": 0}  # not a hand: no fee
    assert adjust["adjust"] == {"from": "S", "to": "E", "amount": 10, "reason": None}
    assert multi["event"] == "multi_win"
    # the draw left 开宝 1 and 黄番 1 (the escape and the adjust keep them): 碰碰胡 2 + 2 = 4 fan,
    # (0 + 1) × 2^4 = 16; 清碰 stays capped at 20
    assert multi["payments"] == {"E": 20, "S": -36, "W": 16, "N": 0}


BAD = [
    (SHANGHAI, "escape", "escape SEAT [--ends]"),
    (SHANGHAI, "escape X", "escape SEAT [--ends]"),
    (SHANGHAI, "escape E W", "escape SEAT [--ends]"),
    (SHANGHAI, "draw now", "cannot read 'now'"),
    (XINGGUO, "false-win", "false-win SEAT"),
    (SHANGHAI, "escape E --dice-double", "escape SEAT [--ends]"),
    (SHANGHAI, "adjust S E", "adjust FROM TO AMOUNT"),
    (SHANGHAI, "adjust S E ten", "cannot read 'ten'"),
    (SHANGHAI, "adjust S E 10 --reason", "adjust FROM TO AMOUNT"),
    (SHANGHAI, "adjust S E 0", "amount"),
    (SHANGHAI, "adjust S E 1001", "amount"),
    (SHANGHAI, "adjust S S 10", "two different seats"),
    (SHANGHAI, "escape 'W", "cannot split"),
    (SHANGHAI, f"--winners E,W {QP} {PPH}", "--discarder"),
    (SHANGHAI, f"--winners E,W --discarder S {QP}", "2 --winners, 1 hands"),
    (SHANGHAI, f"--winners E,W --discarder S {QP} --win 5m {PPH}", "//"),
    (SHANGHAI, f"--winners E,W --discarder S {QP} // {PPH} --winner N", "--winner belongs"),
    (SHANGHAI, f"--winners E,X --discarder S {QP} {PPH}", "cannot read 'X'"),
    (SHANGHAI, f"--winners E,W --winners E,W --discarder S {QP} {PPH}", "--winners ×2"),
    # what the JSON form refuses, the word form refuses the same way
    (XINGGUO, "escape W", "a xingguo sitting has no escapes (逃跑): 'escape W'"),
    (SHANGHAI, "诈胡 S", "a shanghai sitting has no false wins (诈胡): '诈胡 S'"),
    (XINGGUO, "draw --dice-double", "dice_double"),
    (SHANGHAI, f"--winners E,W --discarder S {QP} 1m", "winners[2]: 1 tile"),
]


@pytest.mark.parametrize(("head", "line", "message"), BAD, ids=[b[1] for b in BAD])
def test_a_bad_word_line_is_one_invalid_request(head: str, line: str, message: str) -> None:
    record = first(head, line)
    assert not record.ok and record.error is not None
    assert message in record.error.message, record.error.message
    assert record.error.code in ("invalid_request", "invalid_hand")


@pytest.mark.parametrize(
    ("line", "en", "zh"),
    [
        (
            "逃跑",
            "逃跑 needs SEAT: the line is 逃跑 SEAT [--ends]",
            "逃跑 还缺 SEAT：该行的写法是 逃跑 SEAT [--ends]",
        ),
        ("escape", "escape needs SEAT: the line is escape SEAT [--ends]", "escape 还缺 SEAT"),
        (
            "诈胡",
            "诈胡 needs SEAT: the line is 诈胡 SEAT",
            "诈胡 还缺 SEAT：该行的写法是 诈胡 SEAT",
        ),
        (
            "调整 N",
            "调整 N needs TO AMOUNT: the line is 调整 FROM TO AMOUNT",
            "调整 N 还缺 TO AMOUNT",
        ),
        (
            "逃跑 X",
            "cannot read 'X': the line is 逃跑 SEAT [--ends]",
            "无法读取 'X'：该行的写法是 逃跑",
        ),
    ],
)
def test_a_bad_word_line_says_what_is_missing_in_the_words_typed(
    line: str, en: str, zh: str
) -> None:
    record = first(SHANGHAI, line)
    assert record.error is not None and record.error.message_zh is not None
    assert en in record.error.message
    assert zh in record.error.message_zh


def test_a_line_the_table_has_none_of_names_what_was_typed() -> None:
    record = first(XINGGUO, "逃跑 西")
    assert record.error is not None
    assert record.error.message == (
        "a xingguo sitting has no escapes (逃跑): '逃跑 西' is not one of its lines"
        " (hands, drawn hands, false wins (诈胡), adjustments)"
    )
    assert record.error.message_zh == (
        "xingguo 牌局没有逃跑：'逃跑 西' 不是它的行（它的行有：牌、流局、诈胡、调整）"
    )


def test_a_word_line_and_its_json_fail_alike() -> None:
    by_words = first(XINGGUO, "escape W")
    by_json = first(XINGGUO, '{"event": "escape", "seat": "W", "ends": false}')
    assert by_words.error is not None and by_json.error is not None
    assert by_words.error.code == by_json.error.code
    # the same refusal, each quoting what was written
    assert by_words.error.message.replace("'escape W'", "'escape'") == by_json.error.message


def test_a_hand_is_not_taken_for_a_word_line() -> None:
    assert not is_word_line(f"{QP} --winner S --discarder E")
    assert not is_word_line("")
    assert is_word_line("  Draw")
    assert is_word_line(f"{QP} --winners E,W")


def test_word_lines_and_a_multiple_win_need_no_command_line() -> None:
    items = list(replay([SHANGHAI, "draw", "escape W", f"--winners E,W --discarder S {QP} {PPH}"]))
    draw, escape, multi = items[:3]
    assert isinstance(draw, Record) and draw.ok
    assert isinstance(escape, Record) and escape.ok
    assert isinstance(multi, Record) and multi.ok


@pytest.mark.parametrize("reason", ["a\x1b[31mred", "x" * 81])
def test_an_adjust_reason_is_one_short_printable_line(reason: str) -> None:
    line: dict[str, Any] = {"event": "adjust", "from": "S", "to": "E", "amount": 1}
    record = first(SHANGHAI, json.dumps({**line, "reason": reason}))
    assert not record.ok and record.error is not None and "reason" in record.error.message


SEAT_WORDS = {
    "E": ["E", "e", "东", "東"],
    "S": ["S", "s", "南"],
    "W": ["W", "w", "西"],
    "N": ["N", "n", "北"],
}


@settings(max_examples=60, deadline=None)
@given(
    kind=st.sampled_from(["escape", "adjust", "draw"]),
    seats=st.permutations(["E", "S", "W", "N"]),
    spelling=st.integers(0, 3),
    ends=st.booleans(),
    amount=st.integers(1, 1000),
    reason=st.one_of(st.none(), st.text(st.sampled_from("ab 茶-'"), min_size=1, max_size=12)),
    chinese=st.booleans(),
)
def test_any_event_in_words_gives_its_json_forms_record(
    kind: str,
    seats: list[str],
    spelling: int,
    ends: bool,
    amount: int,
    reason: str | None,
    chinese: bool,
) -> None:
    import shlex

    def seat(s: str) -> str:
        names = SEAT_WORDS[s]
        return names[spelling % len(names)]

    source, target = seats[0], seats[1]
    if kind == "escape":
        words = f"{'逃跑' if chinese else 'escape'} {seat(source)}" + (" --ends" if ends else "")
        as_json: dict[str, Any] = {"event": "escape", "seat": source, "ends": ends}
    elif kind == "adjust":
        words = f"{'调整' if chinese else 'adjust'} {seat(source)} {seat(target)} {amount}"
        as_json = {"event": "adjust", "from": source, "to": target, "amount": amount}
        if reason is not None and reason.strip():
            words += f" --reason {shlex.quote(reason)}"
            as_json["reason"] = reason
    else:
        words = "流局" if chinese else "draw"
        as_json = {"event": "draw"}
    assert records(SHANGHAI, words, f"{QP} --winner S") == records(
        SHANGHAI, json.dumps(as_json, ensure_ascii=False), f"{QP} --winner S"
    )
