"""Reading input lines (:mod:`mjcalc.app.lines`): one decoder, so batch and session refuse alike.

The same hostile line is one ``invalid_request`` in its place, with the same message, whether a
batch or a session reads it; only the nesting limit differs, and each fits its format exactly.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcalc.app.lines import (
    MAX_LINE,
    REQUEST_DEPTH,
    SESSION_DEPTH,
    bounded_lines,
    check_object,
    json_object,
    line_text,
)
from mjcalc.app.session import replay
from mjcalc.app.session.records import Record
from mjcalc.cli import cli
from mjcalc.cli.batch import score_lines
from mjcalc.errors import MjcalcError
from tests.support.cli import CLEAN_ENV

HAND = "11122233344455m"  # Shanghai 清碰: 2 勒子 = 20 a payer
HEADER = json.dumps({"session": {"rules": "shanghai"}})
GOOD = {"rules": "shanghai", "hand": HAND, "winner": "E", "discarder": "S"}
SESSION_GOOD = {"hand": HAND, "winner": "E", "discarder": "S"}


def error_of(raw: bytes | str) -> tuple[str, str, str | None]:
    """``(code, message, message_zh)`` of a line that :mod:`mjcalc.app.lines` refuses."""
    with pytest.raises(MjcalcError) as info:
        text = line_text(raw)
        assert text is not None
        if text.startswith("{"):
            json_object(text, REQUEST_DEPTH)
    return info.value.code, info.value.message, info.value.message_zh


# --- the same hostile line, the same error in batch and in session -----------------------------

HOSTILE: list[tuple[str, bytes | str, str]] = [
    ("bad UTF-8", b'{"hand": "\xff"}', "the line is not UTF-8 text (bad byte at offset 10)"),
    ("an escaped lone surrogate", '{"hand": "\\ud800"}', "lone surrogate (\\ud800)"),
    ("a raw lone surrogate", '{"hand": "1m\udc80"}', "lone surrogate (\\udc80)"),
    ("a key twice", '{"hand": "1m", "hand": "2m"}', "the key 'hand' appears twice"),
    ("5,000 digits", '{"hand": "1m", "winner": ' + "9" * 5000 + "}", "too many digits"),
    ("7,000 brackets", '{"x": ' + "[" * 7_000 + "]" * 7_000 + "}", "nested more than"),
    ("bad JSON", '{"hand": 1m}', "bad JSON: Expecting ',' delimiter (char 11)"),
    ("a long line", '{"hand": "' + "1m" * MAX_LINE + '"}', "longer than 16384 bytes"),
    ("an unclosed quote", "11122233344455m --winner 'S", "cannot split the line"),
]


def batch_error(line: bytes | str) -> tuple[str, str]:
    (result,) = score_lines([line], "shanghai")
    assert result.error is not None and result.line == 1
    return result.error.code, result.error.message


def session_error(line: bytes | str) -> tuple[str, str]:
    *records, _summary = replay([HEADER, line])
    (record,) = records
    assert isinstance(record, Record) and record.error is not None and record.line == 2
    return record.error.code, record.error.message


@pytest.mark.parametrize(("what", "line", "message"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_the_same_hostile_line_is_the_same_error_in_batch_and_in_session(
    what: str, line: bytes | str, message: str
) -> None:
    in_batch, in_session = batch_error(line), session_error(line)
    assert in_batch[0] == in_session[0] == "invalid_request", what
    assert message in in_batch[1] and message in in_session[1], (in_batch, in_session)
    if "nested" not in message:  # the depth message names each format's own limit
        assert in_batch == in_session


def test_the_depth_message_names_each_formats_limit() -> None:
    line = '{"x": [[[[[[[[1]]]]]]]]}'
    assert "nested more than 3 levels" in batch_error(line)[1]
    assert "nested more than 5 levels" in session_error(line)[1]


def test_the_commands_give_the_same_codes_for_the_same_lines(tmp_path: Path) -> None:
    # in a file a raw surrogate is bytes that are not UTF-8 (ED B2 80): bad UTF-8 in both
    hostile = [
        line if isinstance(line, bytes) else line.encode("utf-8", "surrogatepass")
        for _, line, _ in HOSTILE
    ]
    runner = CliRunner(env=CLEAN_ENV)
    batch = runner.invoke(
        cli, ["batch", "-", "-r", "shanghai", "--json"], input=b"\n".join(hostile)
    )
    path = tmp_path / "sitting.jsonl"
    path.write_bytes(b"\n".join([HEADER.encode(), *hostile]) + b"\n")
    session = runner.invoke(cli, ["session", str(path), "--json"])
    assert batch.exit_code == session.exit_code == 1
    results = [json.loads(line) for line in batch.stdout.splitlines()]
    records = [json.loads(line) for line in session.stdout.splitlines()][:-1]
    assert [r["line"] for r in results] == list(range(1, len(hostile) + 1))
    assert [r["line"] for r in records] == list(range(2, len(hostile) + 2))
    codes = {r["error"]["code"] for r in results + records}
    assert codes == {"invalid_request"}
    for result, record in zip(results, records, strict=True):
        if "nested" not in result["error"]["message"]:
            assert result["error"] == record["error"]


# --- each format's nesting limit is exactly its deepest legal line -------------------------------


def test_a_request_nested_as_deep_as_a_request_can_be_is_read() -> None:
    # request → kongs → a kong: 3 levels, REQUEST_DEPTH; request → jings → [正, 副]: 3 too
    line = json.dumps({**GOOD, "kongs": [{"seat": "W", "kind": "exposed", "tile": "5p"}]})
    (result,) = score_lines([line], None)
    assert result.ok and result.payments["E"] == 20  # 清碰 off S: 2 勒子 = 20 from S alone
    assert REQUEST_DEPTH == 3
    # one level more is refused unread: no request field holds a container in a container
    deeper = json.dumps({**GOOD, "kongs": [{"seat": "W", "kind": "exposed", "tile": ["5p"]}]})
    (refused,) = score_lines([deeper], None)
    assert refused.error is not None and "nested more than 3 levels" in refused.error.message


def test_a_multiple_win_nested_as_deep_as_a_session_line_can_be_is_read() -> None:
    # line → winners → a request → kongs → a kong: 5 levels, SESSION_DEPTH
    kong = {"seat": "N", "kind": "exposed", "tile": "5p"}
    winners = [
        {"hand": HAND, "winner": "E", "kongs": [kong]},
        {"hand": "22233344455566p", "winner": "W"},
    ]
    line = json.dumps({"discarder": "S", "winners": winners})
    record, _summary = replay([HEADER, line])
    assert isinstance(record, Record) and record.ok and record.event == "multi_win"
    # S pays E 20 (清碰 2 勒子) and W 20 (清碰 in pins): E +20, W +20, S −40
    assert record.payments == {"E": 20, "S": -40, "W": 20, "N": 0}
    assert SESSION_DEPTH == 5
    kong["tile"] = ["5p"]  # type: ignore[assignment]
    deeper = json.dumps({"discarder": "S", "winners": winners})
    refused, _summary = replay([HEADER, deeper])
    assert isinstance(refused, Record) and refused.error is not None
    assert "nested more than 5 levels" in refused.error.message


def test_brackets_inside_strings_never_make_a_line_too_deep() -> None:
    # more "[" than the limit, all inside a string: the walk finds the real depth, 1
    assert json_object('{"hand": "[[[[[[[[1m]]]]"}', REQUEST_DEPTH) == {"hand": "[[[[[[[[1m]]]]"}


def test_a_dict_line_is_held_to_the_same_rules() -> None:
    line: dict[str, Any] = {"event": "draw", "x": {"a": {"b": {"c": {"d": {"e": 1}}}}}}
    record, _summary = replay([HEADER, line])
    assert isinstance(record, Record) and record.error is not None
    assert record.error.code == "invalid_request" and "nested more than 5" in record.error.message
    surrogate, _summary = replay([HEADER, {"event": "draw", "seat": "\ud800"}])
    assert isinstance(surrogate, Record) and surrogate.error is not None
    assert "lone surrogate (\\ud800)" in surrogate.error.message
    with pytest.raises(MjcalcError, match="nested more than 2"):
        check_object({"a": {"b": {}}}, 2)


# --- line text ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        (b"\xef\xbb\xbf  # a comment\n", None),
        (b"   \r\n", None),
        ("", None),
        (b"\xef\xbb\xbf11m --winner S\r\n", "11m --winner S"),
        ('  {"a": 1}\n', '{"a": 1}'),
    ],
)
def test_line_text_drops_the_bom_and_skips_blank_and_comment_lines(
    raw: bytes | str, text: str | None
) -> None:
    assert line_text(raw) == text


def test_the_line_limit_counts_utf8_bytes_without_the_newline() -> None:
    # 東 is 3 bytes of UTF-8: 5461 of them are 16383 bytes, one more byte makes 16384 (the
    # limit, read), two more 16385 (refused); the newline is not counted
    assert line_text("東" * 5461 + "1\n") is not None
    assert line_text(("東" * 5461 + "1").encode() + b"\n") is not None
    code, message, zh = error_of("東" * 5461 + "12")
    assert (code, message, zh) == (
        "invalid_request",
        "the line is longer than 16384 bytes",
        "该行超过 16384 字节",
    )


def test_anything_but_text_or_bytes_is_not_a_line() -> None:
    with pytest.raises(MjcalcError, match="a line is text"):
        line_text(42)  # type: ignore[arg-type]
    record, _summary = replay([HEADER, 42])  # type: ignore[list-item]
    assert isinstance(record, Record) and record.error is not None
    assert record.error.code == "invalid_request"


# --- the session command reads its file in bounded lines -----------------------------------------


def test_a_huge_session_line_is_refused_and_the_next_one_applied(tmp_path: Path) -> None:
    # 4 MiB without a newline: cut at 16 KiB + 1 in memory, refused; the next hand still
    # applies: S pays E 20 (清碰, 2 勒子)
    path = tmp_path / "sitting.jsonl"
    good = json.dumps(SESSION_GOOD).encode()
    path.write_bytes(HEADER.encode() + b"\n" + b"x" * (4 << 20) + b"\n" + good + b"\n")
    lines = list(bounded_lines(io.BytesIO(path.read_bytes())))
    assert [len(line) for line in lines] == [len(HEADER) + 1, MAX_LINE + 1, len(good) + 1]
    out = CliRunner(env=CLEAN_ENV).invoke(cli, ["session", str(path), "--json"])
    *records, summary = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.exit_code == 1
    assert [(r["line"], r["ok"]) for r in records] == [(2, False), (3, True)]
    assert records[0]["error"]["message"] == "the line is longer than 16384 bytes"
    assert summary["summary"]["totals"] == {"E": 20, "S": -20, "W": 0, "N": 0}


def test_add_after_a_huge_last_line_appends_on_a_line_of_its_own(tmp_path: Path) -> None:
    path = tmp_path / "sitting.jsonl"
    huge = b"x" * (MAX_LINE * 3)
    path.write_bytes(HEADER.encode() + b"\n" + huge)  # no newline at the end
    line = json.dumps(SESSION_GOOD)
    out = CliRunner(env=CLEAN_ENV).invoke(cli, ["session", str(path), "--add", line, "--json"])
    assert out.exit_code == 0, out.output
    assert path.read_bytes() == HEADER.encode() + b"\n" + huge + b"\n" + line.encode() + b"\n"
    record = json.loads(out.stdout.splitlines()[0])
    assert record["line"] == 3 and record["ok"]


def test_add_refuses_a_line_longer_than_a_line_can_be(tmp_path: Path) -> None:
    path = tmp_path / "sitting.jsonl"
    path.write_bytes(HEADER.encode() + b"\n")
    before = path.read_bytes()
    line = json.dumps({**SESSION_GOOD, "hand": HAND + " " * MAX_LINE})
    out = CliRunner(env=CLEAN_ENV).invoke(cli, ["session", str(path), "--add", line, "--json"])
    assert out.exit_code == 1
    assert json.loads(out.stdout)["error"]["message"] == "the line is longer than 16384 bytes"
    assert path.read_bytes() == before


# --- the duplicate-key check without the hook: colons against keys ------------------------------


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ('{"options": {"stake": 1, "stake": 2}}', "stake"),  # nested: 3 colons, 2 keys decoded
        ('{"hand": "1m:2m", "hand": "3m"}', "hand"),  # a colon in a string as well
        ('{"kongs": [{"seat": "E", "seat": "S"}], "x": ":"}', "seat"),  # 4 colons, 3 keys
    ],
)
def test_a_key_twice_is_refused_however_the_colons_fall(line: str, key: str) -> None:
    assert error_of(line) == (
        "invalid_request",
        f"bad JSON: the key '{key}' appears twice in one object",
        f"JSON 有误：同一对象中键 '{key}' 出现了两次",
    )


def test_colons_inside_strings_leave_a_line_without_duplicates_as_it_is() -> None:
    # 4 colons, 2 keys: a doubt, settled by the hooked decoding, which finds no duplicate
    line = '{"hand": "1m:2m::", "options": {}}'
    assert json_object(line, REQUEST_DEPTH) == {"hand": "1m:2m::", "options": {}}
    # as many colons as keys, nested objects counted too (3 objects, 4 keys)
    nested = '{"kongs": [{"seat": "E", "kind": "5m"}], "options": {"stake": 2}}'
    assert json_object(nested, REQUEST_DEPTH) == json.loads(nested)


def _pairs_text(value: Any) -> str:
    """JSON text of nested ``("obj", [(key, value)…])``, lists and scalars; keys may repeat."""
    if isinstance(value, tuple):
        return "{" + ", ".join(f"{json.dumps(k)}: {_pairs_text(v)}" for k, v in value[1]) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_pairs_text(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


_KEYS = st.sampled_from(["a", "b", "a:", ":", "hand"])  # few keys: repeats are common
_SCALARS = st.none() | st.integers(-5, 5) | st.sampled_from(["", ":", "1m:2m", "{", "\\"])
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.lists(st.tuples(_KEYS, inner), max_size=4).map(lambda pairs: ("obj", pairs))
    ),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_KEYS, _VALUES), max_size=5))
def test_the_quick_decoding_accepts_only_what_the_hooked_one_accepts_alike(
    pairs: list[tuple[str, Any]],
) -> None:
    from mjcalc.app.lines import _quick_object, _unique_keys

    text = _pairs_text(("obj", pairs))
    quick = _quick_object(text)
    try:
        hooked = json.loads(text, object_pairs_hook=_unique_keys)
    except ValueError:  # a key twice: the quick decoding must have left it to the hook
        assert quick is None
        return
    assert quick is None or quick == hooked
