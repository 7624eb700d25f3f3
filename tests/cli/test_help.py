"""Help and version: every command and every option has a help text, and each command's ``--help``
exits 0 (the help in Chinese: test_help_zh.py).
"""

from __future__ import annotations

import click
import pytest

import mjcalc
from mjcalc.cli import cli
from tests.support.cli import run


def _commands() -> list[click.Command]:
    return [cli, *cli.commands.values()]


@pytest.mark.parametrize("command", _commands(), ids=lambda c: c.name or "mjcalc")
def test_every_command_and_option_has_help(command: click.Command) -> None:
    assert command.help and command.help.strip()
    for param in command.params:
        if isinstance(param, click.Option):
            assert param.help and param.help.strip(), f"{command.name} {param.opts}"


@pytest.mark.parametrize("name", ["score", "batch", "rules", "schema"])
def test_help_of_each_command_exits_0(name: str) -> None:
    out = run(name, "--help")
    assert out.exit_code == 0
    assert out.stdout.startswith(f"Usage: mjcalc {name} ")


def test_version() -> None:
    out = run("--version")
    assert (out.exit_code, out.stdout) == (0, f"mjcalc, version {mjcalc.__version__}\n")
