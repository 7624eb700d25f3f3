"""Sessions, property-based: the bookkeeping identities hold for any sitting, and no line —
however malformed — escapes as an exception or an ``internal_error``."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mjcalc.app.session import replay
from mjcalc.app.session.records import Record, Summary

SEATS = ("E", "S", "W", "N")
HANDS = ("11122233344455m", "111m222p333s444m55p", "123m456p789s11z 234m", "1m")
seat = st.sampled_from(SEATS)


@st.composite
def hand_line(draw: st.DrawFn) -> dict[str, Any]:
    line: dict[str, Any] = {"hand": draw(st.sampled_from(HANDS)), "winner": draw(seat)}
    discarder = draw(st.none() | seat)
    if discarder is not None:
        line["discarder"] = discarder
    if draw(st.booleans()):
        line["dice_double"] = True
    return line


@st.composite
def multi_win_line(draw: st.DrawFn) -> dict[str, Any]:
    discarder = draw(seat)
    winners = draw(st.lists(seat, min_size=2, max_size=3, unique=True))
    return {
        "discarder": discarder,
        "winners": [{"hand": draw(st.sampled_from(HANDS)), "winner": w} for w in winners],
    }


shanghai_line = st.one_of(
    hand_line(),
    multi_win_line(),
    st.builds(lambda d: {"event": "draw", "dice_double": d}, st.booleans()),
    st.builds(lambda s, e: {"event": "escape", "seat": s, "ends": e}, seat, st.booleans()),
    st.just({"event": "false_win", "seat": "S"}),
    st.just({"hand": "11122233344455m", "dealer": "S"}),
)


@st.composite
def shanghai_session(draw: st.DrawFn) -> tuple[dict[str, Any], list[str]]:
    header: dict[str, Any] = {"rules": "shanghai", "options": {"fee": draw(st.integers(0, 7))}}
    if draw(st.booleans()):
        header["balances"] = {s: draw(st.integers(0, 60)) for s in SEATS}
    lines = draw(st.lists(shanghai_line, max_size=12))
    texts = [json.dumps(line) for line in lines]
    return header, [json.dumps({"session": header}), *texts]


@settings(max_examples=60, deadline=None)
@given(shanghai_session())
def test_totals_fees_and_balances_add_up(session: tuple[dict[str, Any], list[str]]) -> None:
    header, lines = session
    *records, summary = list(replay(lines))
    assert isinstance(summary, Summary)
    start = header.get("balances")
    totals = dict.fromkeys(SEATS, 0)
    fees = 0
    for record in records:
        assert isinstance(record, Record)
        if not record.ok:
            assert record.error is not None and record.error.code != "internal_error"
            continue
        assert sum(record.payments.values()) == 0  # fees aside, money only changes hands
        for s in SEATS:
            totals[s] += record.payments[s] - record.fees[s]
            assert record.fees[s] >= 0
        fees += sum(record.fees.values())
        assert record.totals == totals  # the running totals are the sum of the lines
        assert sum(record.totals.values()) == -fees  # what left the table is the fees
        if start is None:
            assert record.balances is None
        else:
            assert record.balances is not None
            for s in SEATS:
                assert record.balances[s] >= 0
                assert record.balances[s] == start[s] + totals[s]
    assert summary.totals == totals and summary.fees == fees
    assert summary.lines == len(records) == len(lines) - 1
    if summary.ranks is not None:
        assert all(r.points >= 0 for r in summary.ranks.values())


junk_json = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**6) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
keys = st.sampled_from(
    [
        "hand",
        "winner",
        "discarder",
        "event",
        "seat",
        "ends",
        "winners",
        "dice_double",
        "options",
        "jing",
        "kongs",
        "session",
        "rules",
        "dealer",
    ]
)
field_values = st.one_of(
    seat,
    st.sampled_from(HANDS),
    st.sampled_from(["draw", "escape", "false_win", "x"]),
    st.booleans(),
    st.integers(-2, 3),
    junk_json,
)
fuzz_line = st.one_of(
    st.text(max_size=30),
    st.binary(max_size=30),
    st.dictionaries(keys, field_values, max_size=5).map(json.dumps),
    st.dictionaries(keys, field_values, max_size=5),
    st.builds(lambda h, w: f"{h} --winner {w} --dice-double", st.sampled_from(HANDS), seat),
    st.sampled_from(["# comment", "", "   ", "--rules xingguo 1m", "11122233344455m --dealer S"]),
)


def _counts(raw: Any) -> bool:
    """Does this line give a record (not blank, not a comment)?"""
    if isinstance(raw, dict):
        return True
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            return True
    text = raw.strip().lstrip("\ufeff").strip()
    return bool(text) and not text.startswith("#")


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["shanghai", "xingguo"]), st.lists(fuzz_line, max_size=10))
def test_no_line_escapes_or_is_an_internal_error(rules: str, lines: list[Any]) -> None:
    header = json.dumps({"session": {"rules": rules}})
    items = list(replay([header, *lines]))
    *records, summary = items
    assert isinstance(summary, Summary)
    assert len(records) == sum(_counts(raw) for raw in lines)
    for record in records:
        assert isinstance(record, Record)
        assert record.ok or (record.error is not None and record.error.code != "internal_error")
        json.loads(record.to_json())
    json.loads(summary.to_json())
