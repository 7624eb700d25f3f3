"""JSON output is valid UTF-8 for any input, a command-line argument that is not UTF-8 too.

Python keeps such bytes as lone surrogates (``\\udcff`` for 0xff); an error that quoted them as
they are wrote bytes that are not UTF-8 to a JSON consumer, or (with a strict stdout) failed to
write at all.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.support.cli import CLEAN_ENV

BAD = b"\xff"

CASES = [
    pytest.param([b"waits", b"111m" + BAD, b"-r", b"xingguo"], id="waits-hand"),
    pytest.param([b"waits", b"111m", b"-r", b"x" + BAD], id="waits-rules"),
    pytest.param([b"score", b"111m" + BAD, b"-r", b"xingguo"], id="score-hand"),
    pytest.param([b"score", b"111m", b"-r", b"x" + BAD], id="score-rules"),
    pytest.param(
        [b"score", b"123m456m789m11z22z3z", b"-r", b"xingguo", b"--jing", b"x" + BAD],
        id="score-jing",
    ),
]


@pytest.mark.parametrize("io", ["utf-8:surrogateescape", "utf-8:strict"])
@pytest.mark.parametrize("args", CASES)
def test_json_output_is_utf8_whatever_the_arguments(args: list[bytes], io: str) -> None:
    env = {k: v for k, v in os.environ.items() if k not in CLEAN_ENV}
    env["PYTHONIOENCODING"] = io
    done = subprocess.run(
        [sys.executable.encode(), b"-m", b"mjcalc", *args, b"--json"],
        capture_output=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    record = json.loads(done.stdout.decode("utf-8"))  # strict: fails on a raw 0xff
    assert record["ok"] is False
    assert record["error"]["code"] in {"invalid_request", "unknown_rules"}
    assert b"Traceback" not in done.stderr
    done.stderr.decode("utf-8")
    # a ruleset name is quoted, the byte it could not read shown as U+FFFD
    if args[-1] == b"x" + BAD and args[-2] == b"-r":
        assert "x\ufffd" in record["error"]["message"]
