"""The batch engine (:mod:`mjcalc.app.batch`): JSON lines are scored without the argument-line
reader and without Click or Rich.
"""

from __future__ import annotations

import subprocess
import sys

BATCH_PROBE = """
import sys
from mjcalc.app.batch import score_lines

def no_arguments(text, default_rules):
    raise AssertionError("a JSON line is read without the argument reader")

lines = [b'{"hand": "11122233344455m"}\\n', b"\\n", b"# a comment\\n", b'{"hand": "1h"}\\n']
print([(r.line, r.ok) for r in score_lines(lines, "shanghai", 1, no_arguments)])
print(sorted(m for m in ("click", "rich") if m in sys.modules))
"""


def test_the_batch_engine_needs_no_click() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", BATCH_PROBE], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["[(1, True), (4, False)]", "[]"]
