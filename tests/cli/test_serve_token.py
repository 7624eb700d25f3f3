"""``mjcalc serve --token ""``: an empty token (a script's unset variable) is a usage error,
never "no token", on loopback or off it. Refused before anything listens."""

from __future__ import annotations

import pytest

from mjcalc.cli.output import ExitStatus
from tests.support.cli import run

EN = "--token needs a TOKEN that is not empty"
ZH = "--token 的 TOKEN 不能是空的"


@pytest.mark.parametrize("host", ["127.0.0.1", "0.0.0.0"])
@pytest.mark.parametrize("token", ["", " ", "\t"])
def test_an_empty_token_is_a_usage_error(host: str, token: str) -> None:
    out = run("serve", "--host", host, "--port", "0", "--token", token)
    assert out.exit_code == ExitStatus.USAGE
    assert ExitStatus.USAGE.value == 2
    assert out.output.count(EN) == 1, out.output
    assert "Traceback" not in out.output and "listening" not in out.output


def test_an_empty_token_is_said_in_chinese() -> None:
    out = run("serve", "--port", "0", "--token=", "--lang", "zh")
    assert out.exit_code == 2
    assert ZH in out.output and EN not in out.output


def test_an_unset_variable_gives_the_same_refusal() -> None:
    # what `mjcalc serve --token "$TOKEN"` runs when TOKEN is unset
    out = run("serve", "--host", "0.0.0.0", "--port", "0", "--token", "", env={"TOKEN": ""})
    assert out.exit_code == 2 and EN in out.output


def test_the_help_lists_allow_host_in_both_languages() -> None:
    en = run("serve", "--help")
    assert "--allow-host NAME" in en.output and "repeatable" in en.output
    zh = run("serve", "--help", "--lang", "zh")
    assert "--allow-host NAME" in zh.output and "可重复" in "".join(zh.output.split())
