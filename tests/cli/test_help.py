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


# --- help that shows what exists ----------------------------------------------------------------


def help_page(lang: str, *args: str) -> str:
    return run(*args, "--help", "--lang", lang, env={"COLUMNS": "80"}).stdout


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["MJCALC_LANG=zh", "as --lang zh", "MJCALC_RULES=NAME"]),
        ("zh", ["MJCALC_LANG=zh", "同 --lang zh", "MJCALC_RULES=NAME"]),
    ],
)
def test_the_groups_help_names_the_language_and_the_ruleset_variables(
    lang: str, said: list[str]
) -> None:
    page = help_page(lang)
    assert all(words in page for words in said), page


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_groups_help_lists_each_command_on_one_whole_line(lang: str) -> None:
    page = help_page(lang)
    listed = page.split("Commands:\n" if lang == "en" else "命令：\n", 1)[1].splitlines()
    assert [line.split()[0] for line in listed] == sorted(cli.commands)  # one line each
    assert not any(line.rstrip().endswith("...") for line in listed), listed


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            [
                "draw, 流局",
                "escape SEAT [--ends], 逃跑",
                "false-win SEAT, 诈胡 SEAT",
                "adjust FROM TO AMOUNT",
                "--winners E,W",
                "Xingguo: each line its own --jing TILE",
            ],
        ),
        (
            "zh",
            [
                "流局, draw",
                "逃跑 SEAT [--ends], escape",
                "诈胡 SEAT, false-win SEAT",
                "调整 FROM TO AMOUNT",
                "--winners E,W",
                "兴国：每行都要写自己的 --jing TILE",
            ],
        ),
    ],
)
def test_the_session_help_shows_the_words_a_line_may_be(lang: str, said: list[str]) -> None:
    page = help_page(lang, "session")
    assert all(words in page for words in said), page


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["To let the phones in: --host 0.0.0.0", "needs the token"]),
        ("zh", ["要让手机连进来", "--host 0.0.0.0", "令牌"]),
    ],
)
def test_the_serve_help_says_phones_need_host_0000_and_a_token(lang: str, said: list[str]) -> None:
    page = " ".join(help_page(lang, "serve").split())  # as read, the lines joined
    assert all(words in page for words in said), page
