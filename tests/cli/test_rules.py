"""``mjcalc rules``: the rulesets listed, one ruleset's options and tables, a ruleset file."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.cli import run_main

# --- the bundled rulesets are found from anywhere -------------------------------------------------


def test_rules_run_from_the_repository_root() -> None:
    root = Path(__file__).resolve().parents[2]
    proc = run_main("rules", "xingguo", "--json", cwd=root)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["ruleset"] == "xingguo"
