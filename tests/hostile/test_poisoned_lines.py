"""One bad line never stops a batch: a line that cannot be a request is one ``invalid_request`` in
its place, and a line of any length is read in bounded pieces.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from mjcalc.app.lines import MAX_LINE, bounded_lines
from mjcalc.cli.batch import score_lines
from tests.support.cli import run
from tests.support.worked import SHANGHAI, SHANGHAI_PAYMENTS

POISON_LINES = [
    '{"rules":"shanghai","hand":"\\ud800"}',  # a lone surrogate: decodable, not text
    "[" * 100_000,  # deeper than any request
    '{"rules":"shanghai","hand":' + "[" * 5_000 + "]" * 5_000 + "}",
    '{"rules":"shanghai","hand":"11122233344455m","kaibao":' + "9" * 5_000 + "}",
    '{"rules":"shanghai","rules":"xingguo","hand":"11122233344455m"}',  # a key twice
    '{"rules":"shanghai","hand":"11122233344455m","options":{"a":{"b":{"c":{"d":1}}}}}',
    "score " + "x" * 70_000,  # longer than a line can be
]


@pytest.mark.parametrize("poison", POISON_LINES, ids=range(len(POISON_LINES)))
def test_a_poisoned_line_is_one_invalid_request_in_its_place(poison: str) -> None:
    good = json.dumps(SHANGHAI)
    results = list(score_lines([good.encode(), poison.encode(), good.encode()], None))
    assert [r.line for r in results] == [1, 2, 3]
    assert [r.ok for r in results] == [True, False, True]
    assert results[1].error is not None and results[1].error.code == "invalid_request"
    assert results[2].payments == SHANGHAI_PAYMENTS
    results[1].to_json().encode("utf-8")  # and it can be written


def test_a_poisoned_batch_writes_every_line() -> None:
    good = json.dumps(SHANGHAI)
    stdin = "\n".join([good, *POISON_LINES, good]) + "\n"
    out = run("batch", "-", "--json", stdin=stdin)
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.exit_code == 1
    assert [line["line"] for line in lines] == list(range(1, len(POISON_LINES) + 3))
    assert [line["ok"] for line in lines] == [True] + [False] * len(POISON_LINES) + [True]
    assert {line["error"]["code"] for line in lines[1:-1]} == {"invalid_request"}


def test_a_huge_line_is_read_in_bounded_pieces(tmp_path: Path) -> None:
    # 4 MiB without a newline, then a good line: the long one is cut at 16 KiB + 1 byte in
    # memory, refused, and the next line is still scored.
    good = json.dumps(SHANGHAI).encode()
    stream = io.BytesIO(b"x" * (4 << 20) + b"\n" + good + b"\n")
    lines = list(bounded_lines(stream))
    assert [len(line) for line in lines] == [MAX_LINE + 1, len(good) + 1]
    path = tmp_path / "hands.txt"
    path.write_bytes(stream.getvalue())
    out = run("batch", str(path), "--json")
    results = [json.loads(line) for line in out.stdout.splitlines()]
    assert [(r["line"], r["ok"]) for r in results] == [(1, False), (2, True)]
    assert results[0]["error"]["code"] == "invalid_request"


def test_a_line_of_exactly_the_limit_is_read() -> None:
    # 16 KiB of spaces around a request (and its newline) is still a line to score
    line = json.dumps(SHANGHAI).encode()
    line += b" " * (MAX_LINE - len(line)) + b"\n"
    (result,) = score_lines(bounded_lines(io.BytesIO(line)), None)
    assert result.payments == SHANGHAI_PAYMENTS
