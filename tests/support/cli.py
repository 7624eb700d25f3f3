"""What the CLI test files share: a clean environment, and two ways to run the command line."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

from click.testing import CliRunner
from click.testing import Result as ClickResult

from mjcalc.cli import cli

# No variable of the environment may change what the commands print in these tests.
CLEAN_ENV: dict[str, str | None] = {
    "MJCALC_RULES": None,
    "MJCALC_LANG": None,
    "NO_COLOR": None,
    "FORCE_COLOR": None,
    "TTY_COMPATIBLE": None,
    "TTY_INTERACTIVE": None,
    "COLUMNS": None,
}


def run(
    *args: str, env: dict[str, str] | None = None, stdin: str | bytes | None = None
) -> ClickResult:
    """``mjcalc ARGS`` through Click's CliRunner, in :data:`CLEAN_ENV` (plus ``env``)."""
    runner = CliRunner(env={**CLEAN_ENV, **(env or {})})
    return runner.invoke(cli, list(args), input=stdin, prog_name="mjcalc")


def run_main(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    """``python -m mjcalc ARGS`` in a real process: what main() does with real streams."""
    env = {k: v for k, v in os.environ.items() if k not in CLEAN_ENV}
    env.update(kwargs.pop("env", {}))
    return subprocess.run(
        [sys.executable, "-m", "mjcalc", *args],
        capture_output=kwargs.pop("capture_output", True),
        env=env,
        timeout=60,
        check=False,
        **kwargs,
    )
