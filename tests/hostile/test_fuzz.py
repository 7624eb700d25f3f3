"""Fuzzing: whatever comes in, an answer comes out — never an escaped exception.

Over hand strings, request objects, option values, batch lines (through the batch path) and
session files (a header, then hands, events and the same hostile lines): nothing escapes,
nothing is ``internal_error``, every scored result sums to zero, a batch gives exactly one
result per hand line, in order, and a session one record per line after its header, then a
summary. The generators live in :mod:`tests.support.fuzz_inputs` (shared with ``bench/fuzz.py``,
the long run); hypothesis drives them through ``st.randoms()`` and adds its own free-form text,
bytes and JSON. Bounded: the file runs in well under a minute.
"""

from __future__ import annotations

import json
import random
from typing import Any

from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from mjcalc import score
from mjcalc.app.session import replay
from mjcalc.cli import cli
from mjcalc.cli.batch import SNIFF, score_lines
from tests.support.cli import CLEAN_ENV
from tests.support.fuzz_inputs import (
    SHANGHAI_OPTIONS,
    XINGGUO_OPTIONS,
    batch_line,
    check_result,
    check_results,
    check_session,
    expected_line_numbers,
    hand_text,
    hostile_json_line,
    request_dict,
    session_file,
)

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
"""For tests driven by ``st.randoms()``: shrinking a random stream takes minutes and gains
little; the failing input is in the assertion message."""
RANDOMS = st.randoms(use_true_random=False)

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@FUZZ
@given(st.text(max_size=60), st.sampled_from(["xingguo", "shanghai"]))
def test_any_text_as_a_hand(text: str, rules: str) -> None:
    check_result(
        score(
            {"rules": rules, "hand": text, "jing": "5m"}
            if rules == "xingguo"
            else {"rules": rules, "hand": text}
        )
    )


@FUZZ
@given(RANDOMS)
def test_generated_hands(rng: random.Random) -> None:
    for rules in ("xingguo", "shanghai"):
        request: dict[str, Any] = {"rules": rules, "hand": hand_text(rng)}
        if rules == "xingguo":
            request["jing"] = f"{rng.randint(1, 9)}m"
        check_result(score(request))


@settings(max_examples=600, deadline=None, phases=NO_SHRINK)
@given(RANDOMS)
def test_generated_requests(rng: random.Random) -> None:
    request = request_dict(rng)
    try:
        check_result(score(request))
    except AssertionError as exc:
        raise AssertionError(f"{request!r}: {exc}") from None


@FUZZ
@given(st.sampled_from(["xingguo", "shanghai"]), st.data())
def test_option_values(rules: str, data: st.DataObject) -> None:
    names = sorted(XINGGUO_OPTIONS if rules == "xingguo" else SHANGHAI_OPTIONS)
    options = data.draw(st.dictionaries(st.sampled_from([*names, "nope"]), JSON, max_size=3))
    request = {"rules": rules, "hand": "123m456p789s11z 234m", "options": options}
    if rules == "xingguo":
        request["jing"] = "9s"
    check_result(score(request))


@FUZZ
@given(
    st.sampled_from(["xingguo", "shanghai"]),
    st.dictionaries(st.text(max_size=12), JSON, max_size=5),
)
def test_any_json_fields(rules: str, fields: dict[str, Any]) -> None:
    check_result(score({"rules": rules, "hand": "123m456p789s11z 234m", "jing": "9s", **fields}))


@settings(max_examples=100, deadline=None, phases=NO_SHRINK)
@given(RANDOMS, st.lists(st.binary(max_size=40), max_size=3))
def test_batch_lines_one_result_each_in_order(rng: random.Random, noise: list[bytes]) -> None:
    lines = [batch_line(rng) for _ in range(rng.randint(1, 12))]
    lines += [n.replace(b"\n", b" ") for n in noise]
    rng.shuffle(lines)
    try:
        check_results(list(score_lines(lines, rng.choice([None, "xingguo", "shanghai"]))), lines)
    except AssertionError as exc:
        raise AssertionError(f"{lines!r}: {exc}") from None


@settings(max_examples=15, deadline=None, phases=NO_SHRINK)
@given(RANDOMS)
def test_the_batch_command_writes_one_json_line_per_hand_line(rng: random.Random) -> None:
    lines = [batch_line(rng) for _ in range(rng.randint(1, 8))]
    data = b"\n".join(lines) + b"\n"
    out = CliRunner(env=dict(CLEAN_ENV)).invoke(
        cli, ["batch", "-", "--json"], input=data, prog_name="mjcalc"
    )
    # CliRunner keeps the SystemExit only for a non-zero status; anything else escaped
    assert out.exception is None or isinstance(out.exception, SystemExit), (lines, out.exception)
    if b"\0" in data[:SNIFF]:  # not text: refused up front, one usage record
        assert out.exit_code == 2
        assert json.loads(out.stdout)["error"]["code"] == "usage"
        return
    # JSON lines are split on "\n" only: a JSON string may hold U+2028 or U+0085 raw
    records = [json.loads(line) for line in out.stdout.split("\n") if line]
    assert [r["line"] for r in records] == [r.line for r in score_lines(lines, None)], lines
    assert out.exit_code == (1 if any(not r["ok"] for r in records) else 0)


@FUZZ
@given(RANDOMS, JSON)
def test_poisoned_lines_of_any_object(rng: random.Random, value: Any) -> None:
    line = hostile_json_line(rng, {"rules": "shanghai", "hand": "11122233344455m", "x": value})
    check_results(list(score_lines([line], None)), [line])


# --- sessions: the same hostile lines, in a sitting -------------------------------------------


@settings(max_examples=100, deadline=None, phases=NO_SHRINK)
@given(RANDOMS, st.lists(st.binary(max_size=40), max_size=3))
def test_session_lines_one_record_each_then_a_summary(
    rng: random.Random, noise: list[bytes]
) -> None:
    header, *lines = session_file(rng, rng.randint(1, 12))
    lines += [n.replace(b"\n", b" ") for n in noise]
    rng.shuffle(lines)
    lines = [header, *lines]
    try:
        check_session(list(replay(lines)), lines)
    except AssertionError as exc:
        raise AssertionError(f"{lines!r}: {exc}") from None


@settings(max_examples=10, deadline=None, phases=NO_SHRINK)
@given(RANDOMS)
def test_the_session_command_writes_one_json_line_per_line_then_a_summary(
    rng: random.Random,
) -> None:
    lines = session_file(rng, rng.randint(1, 8))
    out = CliRunner(env=dict(CLEAN_ENV)).invoke(
        cli, ["session", "-", "--json"], input=b"\n".join(lines) + b"\n", prog_name="mjcalc"
    )
    assert out.exception is None or isinstance(out.exception, SystemExit), (lines, out.exception)
    *records, summary = [json.loads(line) for line in out.stdout.split("\n") if line]
    assert list(summary) == ["summary"], lines
    expected = [n for n in expected_line_numbers(lines) if n != 1]
    assert [r["line"] for r in records] == expected, lines
    assert all(r["ok"] or r["error"]["code"] != "internal_error" for r in records), records
    assert out.exit_code == (1 if any(not r["ok"] for r in records) else 0)
