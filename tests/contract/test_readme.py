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
