"""``mjcalc waits`` tunes the garbage collector for its one analysis and puts it back after.

The command freezes what start-up built and collects the young generation less often while it
analyses (a hand with many jing asks hundreds of evaluations); run inside a longer process (a
test session, a caller of the Click command), it must leave the collector as it found it.
"""

from __future__ import annotations

import gc
import json

from tests.support.cli import run


def test_waits_leaves_the_collector_as_it_found_it() -> None:
    before = gc.get_threshold()
    frozen = gc.get_freeze_count()
    args = ["waits", "1m1m1m2m2m2m2m3m4m5m6m7m8m", "--jing", "1m", "-r", "xingguo", "--json"]
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["waits"]  # it did analyse: the hand waits on something
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == frozen
