"""The command line's structure: lazy commands, one exit status, ruleset flags from plug-in data.

Each command lives in its own module (``mjcalc.cli.<name>``), imported only when it runs; the
exit status is one enum and the line-reading commands count their outcome in one report; the
rulesets' own flags are made options from the :class:`~mjcalc.rules.flags.Flag` data their
plug-ins declare, never written into the command line. (No import circle and no module over 700
lines are checked for the whole of mjcalc by tests/contract/test_architecture.py.)
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

import mjcalc.cli
from mjcalc.app import options as app_options
from mjcalc.cli import COMMANDS, cli
from mjcalc.cli import params as cli_params
from mjcalc.cli.lang import BilingualCommand, click_language
from mjcalc.cli.output import ExitStatus, Report
from mjcalc.rules import plugins
from mjcalc.rules.flags import Flag
from tests.support.cli import CLEAN_ENV

PACKAGE = Path(mjcalc.cli.__file__).resolve().parent.parent
HAND = "11122233344455m"

# --- lazy commands ------------------------------------------------------------------------------

MODULES_PROBE = """
import atexit, sys
atexit.register(lambda: print(
    " ".join(sorted(m for m in sys.modules if m.startswith("mjcalc.cli."))), file=sys.stderr
))
sys.argv = ["mjcalc", *sys.argv[1:]]
from mjcalc.cli import main
main()
"""


def cli_modules(*args: str) -> tuple[int, set[str]]:
    """Run the command line with ``args``: its exit status, and the ``mjcalc.cli.*`` modules it
    had imported by the end (read from ``sys.modules`` at exit)."""
    env = {k: v for k, v in os.environ.items() if k not in ("MJCALC_RULES", "MJCALC_LANG")}
    proc = subprocess.run(
        [sys.executable, "-c", MODULES_PROBE, *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    last = proc.stderr.strip().splitlines()[-1]
    return proc.returncode, {name.removeprefix("mjcalc.cli.") for name in last.split()}


SHARED = {"lang", "output", "startup"}
"""What every command line imports: the group's own needs."""


@pytest.mark.parametrize(
    ("args", "command"),
    [
        (["score", HAND, "-r", "shanghai", "--json"], {"score", "params"}),
        (["waits", "--help"], {"waits", "params"}),
        (["rules", "--json"], {"rules", "params"}),
        (["schema", "result"], {"schema"}),
    ],
)
def test_a_run_imports_only_the_command_it_runs(args: list[str], command: set[str]) -> None:
    status, modules = cli_modules(*args)
    assert status == 0
    assert modules == SHARED | command


def test_session_needs_no_other_command_to_read_argument_lines() -> None:
    status, modules = cli_modules("session", "--help")
    assert status == 0
    # the replay reads argument lines itself (mjcalc.app.arglines): not score's command
    assert modules == SHARED | {"session", "params"}


def test_the_group_help_imports_no_command_and_lists_every_one() -> None:
    status, modules = cli_modules("--help")
    assert status == 0
    assert modules == SHARED
    page = CliRunner(env=CLEAN_ENV).invoke(cli, ["--help"], prog_name="mjcalc").stdout
    for name in COMMANDS:
        assert f"\n  {name} " in page


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_listed_short_help_is_each_commands_own(lang: str) -> None:
    with click_language(lang):  # type: ignore[arg-type]
        for name, key in COMMANDS.items():
            command = cli.get_command(click.Context(cli), name)
            assert command is not None and command.name == name
            assert command.get_short_help_str(60) == BilingualCommand(
                name, help=key
            ).get_short_help_str(60)


def test_the_group_knows_its_commands_without_importing_them() -> None:
    ctx = click.Context(cli)
    assert cli.list_commands(ctx) == sorted(COMMANDS)
    assert cli.get_command(ctx, "no-such-command") is None
    out = CliRunner(env=CLEAN_ENV).invoke(cli, ["scor"], prog_name="mjcalc")
    assert out.exit_code == ExitStatus.USAGE
    assert "Did you mean 'score'?" in out.stderr  # close names come from the names alone


# --- exit status and report ---------------------------------------------------------------------


def test_exit_statuses_keep_their_numbers() -> None:
    assert [int(s) for s in (ExitStatus.OK, ExitStatus.FAILED, ExitStatus.USAGE)] == [0, 1, 2]
    assert ExitStatus.of(True) is ExitStatus.OK and ExitStatus.of(False) is ExitStatus.FAILED


def test_the_report_counts_lines_and_decides_the_exit_status() -> None:
    report = Report()
    assert report.exit_status is ExitStatus.OK  # nothing read: nothing failed
    report.add(3, 0)
    report.done(True)
    assert (report.scored, report.failed, report.exit_status) == (4, 0, ExitStatus.OK)
    report.done(False)
    report.add(5, 2)
    assert (report.scored, report.failed, report.exit_status) == (7, 3, ExitStatus.FAILED)


@pytest.mark.parametrize("as_json", [True, False])
def test_batch_exits_by_its_report(as_json: bool) -> None:
    runner = CliRunner(env=CLEAN_ENV)
    json_flag = ["--json"] if as_json else []
    good = runner.invoke(cli, ["batch", "-", "-r", "shanghai", *json_flag], input=f"{HAND}\n")
    assert good.exit_code == ExitStatus.OK
    bad = runner.invoke(cli, ["batch", "-", "-r", "shanghai", *json_flag], input=f"{HAND}\n1h\n")
    assert bad.exit_code == ExitStatus.FAILED


# --- ruleset flags from plug-in data -----------------------------------------------------------

TOY_FLAGS = (
    Flag(
        "--toy-bonus", "toy_bonus", "count", ("toy: bonus points.", "玩具：奖励分。"), "N", high=5
    ),
    Flag("--toy-seats", "toy_seats", "seats", ("toy: seats.", "玩具：座位。"), metavar="SEAT"),
    Flag("--toy-pair", "toy_pair", "seat_values", ("toy: pairs.", "玩具：数对。"), value="pair"),
)


@pytest.fixture
def toy_flags(monkeypatch: pytest.MonkeyPatch) -> Iterator[click.Command]:
    """A ``score``-like command built while a plug-in declares :data:`TOY_FLAGS` too."""
    real = plugins.flags()
    monkeypatch.setattr(plugins, "flags", lambda: (*real, *TOY_FLAGS))
    cli_params.ruleset_flags.cache_clear()
    app_options.score_words.cache_clear()

    def command(**params: Any) -> None:
        click.echo(json.dumps(cli_params.request_from_params(params)))

    yield click.command("toy", cls=BilingualCommand, help="help.score")(
        cli_params.score_options(command)
    )
    cli_params.ruleset_flags.cache_clear()
    app_options.score_words.cache_clear()


def test_a_plugins_flag_is_an_option_with_its_own_help(toy_flags: click.Command) -> None:
    runner = CliRunner(env=CLEAN_ENV)
    page = runner.invoke(toy_flags, ["--help"]).stdout
    assert "--toy-bonus N" in page and "toy: bonus points." in page
    assert page.index("--liable") < page.index("--toy-bonus")  # after the installed ones
    with click_language("zh"):
        assert "玩具：奖励分。" in runner.invoke(toy_flags, ["--help"]).stdout


def test_a_plugins_flag_fills_its_request_field(toy_flags: click.Command) -> None:
    runner = CliRunner(env=CLEAN_ENV)
    args = [HAND, "-r", "toy", "--toy-bonus", "0", "--toy-seats", "s", "--toy-pair", "N=1,2"]
    out = runner.invoke(toy_flags, args)
    assert out.exit_code == 0, out.output
    request = json.loads(out.stdout)
    assert request["toy_bonus"] == 0 and request["toy_seats"] == ["S"]
    assert request["toy_pair"] == {"N": [1, 2]}


def test_a_plugins_flag_is_checked_as_its_kind_says(toy_flags: click.Command) -> None:
    runner = CliRunner(env=CLEAN_ENV)
    too_many = runner.invoke(toy_flags, [HAND, "-r", "toy", "--toy-bonus", "6"])
    assert too_many.exit_code == ExitStatus.USAGE
    assert "'--toy-bonus': 6 is not in the range 0<=x<=5." in too_many.stderr
    bad_pair = runner.invoke(toy_flags, [HAND, "-r", "toy", "--toy-pair", "N=1"])
    assert bad_pair.exit_code == ExitStatus.USAGE
    assert "Invalid value for --toy-pair: expected SEAT=A,B" in bad_pair.stderr


def _string_literals(path: Path) -> set[str]:
    return {
        node.value
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


def test_no_rulesets_flag_is_written_into_the_command_line() -> None:
    literals = set().union(*map(_string_literals, (PACKAGE / "cli").glob("*.py")))
    options = {flag.option for flag in plugins.flags()}
    assert options and options & literals == set()
