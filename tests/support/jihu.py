"""The example plug-in (``examples/mjcalc-ruleset-jihu``) installed on a folder of its own, and
mjcalc run beside it in a real process.

The distribution is installed the way pip leaves one (a ``*.dist-info`` folder with its
``entry_points.txt``), with the example's source folder put on ``PYTHONPATH`` beside it: quick
enough for any test, where tests/contract/test_plugin_example.py builds and installs the package
in a fresh virtual environment. The test process itself keeps the bundled rulesets alone.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.cli import CLEAN_ENV

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "mjcalc-ruleset-jihu"


def install_jihu(folder: Path) -> Path:
    """``folder`` with the example's distribution metadata in it (its code stays in the
    repository, on ``PYTHONPATH`` when :func:`mjcalc` runs)."""
    info = folder / "mjcalc_ruleset_jihu-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: mjcalc-ruleset-jihu\nVersion: 0.1.0\n"
    )
    (info / "entry_points.txt").write_text("[mjcalc.rulesets]\njihu = mjcalc_ruleset_jihu:PLUGIN\n")
    return folder


def mjcalc(
    *args: str, site: Path | None, cwd: Path = ROOT, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m mjcalc ARGS`` with 鸡胡 installed from ``site`` (``None``: the bundled
    rulesets alone), in the test suite's clean environment."""
    env = {k: v for k, v in os.environ.items() if k not in CLEAN_ENV}
    paths = [str(site), str(EXAMPLE)] if site is not None else []
    env["PYTHONPATH"] = os.pathsep.join([*paths, str(ROOT)])
    return subprocess.run(
        [sys.executable, "-m", "mjcalc", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=cwd,
        input=stdin,
        timeout=60,
        check=False,
    )
