"""The README's examples are real: its console examples run as shown
(tests/contract/test_console_examples.py, with every page of docs/), and its Python examples
here, each as it stands."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.console import blocks

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_has_full_examples() -> None:
    commands = [step.command for block in blocks(ROOT / "README.md") for step in block.steps]
    assert any(c.startswith("mjcalc score") for c in commands)
    assert any(c.startswith("mjcalc batch") for c in commands)
    assert any(c.startswith("mjcalc session") for c in commands)


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
