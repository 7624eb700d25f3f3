"""The batch engine (:mod:`mjcalc.app.batch`): JSON lines and argument lines are scored without
Click or Rich.
"""

from __future__ import annotations

import subprocess
import sys

BATCH_PROBE = """
import sys
from mjcalc.app.batch import score_lines

lines = [b'{"hand": "11122233344455m"}\\n', b"\\n", b"# a comment\\n", b'{"hand": "1h"}\\n']
lines += [b"11122233344455m --discarder S\\n", b"1m --nope\\n"]
print([(r.line, r.ok) for r in score_lines(lines, "shanghai", 1)])
print(sorted(m for m in ("click", "rich") if m in sys.modules))
"""


def test_the_batch_engine_needs_no_click() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", BATCH_PROBE], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["[(1, True), (4, False), (5, True), (6, False)]", "[]"]
