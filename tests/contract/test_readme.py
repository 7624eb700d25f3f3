"""The README's console examples are real output: they must stay true as the code changes."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjcalc.cli import cli
from tests.support.cli import CLEAN_ENV

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
# a ```console block whose first line is `$ mjcalc ...` and whose output follows in full
BLOCK = re.compile(r"```console\n\$ (mjcalc [^\n|]*)\n(.*?)```", re.S)
FULL_BLOCKS = [
    (command, output)
    for command, output in BLOCK.findall(README)
    if output.strip() and "..." not in output and "\n$ " not in output
]


def test_the_readme_has_full_examples() -> None:
    commands = [c for c, _ in FULL_BLOCKS]
    assert any(c.startswith("mjcalc score") for c in commands)
    assert any(c.startswith("mjcalc batch") for c in commands)


@pytest.mark.parametrize(("command", "output"), FULL_BLOCKS, ids=[c for c, _ in FULL_BLOCKS])
def test_readme_example(command: str, output: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner(env=CLEAN_ENV).invoke(cli, shlex.split(command)[1:])
    shown = result.stdout + result.stderr
    assert shown.strip() == output.strip()


# a ```python block: run as it stands, from the repository's root; its trailing comments are
# what it prints
PYTHON_BLOCK = re.compile(r"```python\n(.*?)```", re.S)
PYTHON_BLOCKS = PYTHON_BLOCK.findall(README)


@pytest.mark.parametrize(
    "code", PYTHON_BLOCKS, ids=[f"python-{i}" for i in range(len(PYTHON_BLOCKS))]
)
def test_readme_python_example_runs(code: str) -> None:
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if not k.startswith("MJCALC_")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    shown = [line[2:] for line in code.splitlines() if line.startswith("# ")]
    if shown and "…" not in "".join(shown):  # the output in full: it must be what runs
        assert done.stdout.splitlines() == shown
