"""docs/waits.md shows real output: its console examples must stay true as the code changes."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjcalc.cli import cli
from tests.cli_support import CLEAN_ENV

DOC = (Path(__file__).resolve().parent.parent / "docs" / "waits.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```console\n\$ (mjcalc [^\n|]*)\n(.*?)```", DOC, re.S)


def test_the_doc_has_examples() -> None:
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize(("command", "output"), BLOCKS, ids=[c for c, _ in BLOCKS])
def test_doc_example(command: str, output: str) -> None:
    result = CliRunner(env=CLEAN_ENV).invoke(cli, shlex.split(command)[1:])
    assert result.exit_code == 0
    assert result.stdout.strip() == output.strip()
