"""``mjcalc score`` through Click's CliRunner: every flag reaches the request, exit codes 0 / 1 / 2,
the ruleset from ``--rules`` or ``MJCALC_RULES``. Plumbing is tested with the toy ruleset (conftest:
the discarder pays ``points = 3``, or each other seat on a self-draw); real scoring with the bundled
Shanghai ruleset.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mjcalc.cli.params import request_from_params
from mjcalc.cli.score import score
from tests.support.cli import run

TOY_HAND = "123m456p789s11z 234m"


def request_of(*args: str) -> dict[str, Any]:
    """The request ``mjcalc score ARGS`` would send, parsed by the score command itself."""
    with score.make_context("score", list(args)) as ctx:
        return request_from_params(ctx.params)


# --- every score flag reaches the request --------------------------------------------------------


def test_hand_words_are_joined_and_only_given_flags_appear() -> None:
    assert request_of("123m456p", "789s11z", "[555z]") == {"hand": "123m456p 789s11z [555z]"}


@pytest.mark.parametrize(
    ("flags", "expected"),
    [
        (["--rules", "shanghai"], {"rules": "shanghai"}),
        (["-r", "x.toml"], {"rules": "x.toml"}),
        (["--winner", "s"], {"winner": "S"}),
        (["--dealer", "W"], {"dealer": "W"}),
        (["--discarder", "n"], {"discarder": "N"}),
        (["--self-draw"], {"self_draw": True}),
        (["--win", "5m"], {"win_tile": "5m"}),
        (["--after-kong"], {"after_kong": True}),
        (["--rob-kong"], {"robbing_kong": True}),
        (["--kong", "s=Exposed:2m"], {"kongs": [{"seat": "S", "kind": "exposed", "tile": "2m"}]}),
        (
            ["--kong", "W=concealed", "--kong", "N=added:E"],
            {
                "kongs": [
                    {"seat": "W", "kind": "concealed"},
                    {"seat": "N", "kind": "added", "tile": "E"},
                ]
            },
        ),
        (
            ["-o", "bawang=plus10", "--option", "stake=2", "-o", "x=true"],
            {"options": {"bawang": "plus10", "stake": 2, "x": True}},
        ),
        (["--jing", "9s"], {"jing": "9s"}),
        (["--jings", "S=1,2", "--jings", "w=0,0"], {"jings": {"S": [1, 2], "W": [0, 0]}}),
        (["--heavenly"], {"heavenly": True}),
        (["--earthly"], {"earthly": True}),
        (["--follow-dealer", "2"], {"follow_dealer": 2}),
        (["--follow-dealer", "0"], {"follow_dealer": 0}),
        (
            ["--xianggong", "W=Big", "--xianggong", "N=small"],
            {"xianggong": {"W": "big", "N": "small"}},
        ),
        (["--flowers", "3"], {"flowers": 3}),
        (["--kaibao", "1"], {"kaibao": 1}),
        (["--huangfan", "2"], {"huangfan": 2}),
        (["--liable", "S", "--liable", "w"], {"liable": ["S", "W"]}),
    ],
)
def test_each_score_flag_reaches_the_request(flags: list[str], expected: dict[str, Any]) -> None:
    assert request_of("1m", *flags) == {"hand": "1m", **expected}


def test_seats_and_situation_reach_the_scored_result(toy_rules: str) -> None:
    out = run(
        "score",
        TOY_HAND,
        "-r",
        toy_rules,
        "--winner",
        "S",
        "--dealer",
        "W",
        "--discarder",
        "N",
        "--win",
        "4m",
        "--json",
    )
    result = json.loads(out.stdout)
    assert (result["winner"], result["dealer"], result["discarder"]) == ("S", "W", "N")
    # toy: the discarder N pays the winner S its 3 points
    assert result["payments"] == {"E": 0, "S": 3, "W": 0, "N": -3}


def test_option_flag_reaches_the_ruleset(toy_rules: str) -> None:
    out = run("score", TOY_HAND, "-r", toy_rules, "-o", "points=5", "--json")
    # self-draw: each of the three others pays 5 → E +15
    assert json.loads(out.stdout)["payments"] == {"E": 15, "S": -5, "W": -5, "N": -5}


def test_shanghai_flags_reach_the_ruleset() -> None:
    # 清一色 with chows: 123m 456m 789m 123m 55m, fan 4; --flowers 2 → (2 + 1) × 2^4 = 48,
    # capped at one 勒子 = 10, paid by the discarder S alone
    out = run(
        "score",
        "123456789123m55m",
        "-r",
        "shanghai",
        "--flowers",
        "2",
        "--discarder",
        "S",
        "--json",
    )
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["payments"] == {"E": 10, "S": -10, "W": 0, "N": 0}


def test_another_rulesets_flag_is_an_invalid_request_naming_the_flag() -> None:
    out = run("score", "11122233344455m", "-r", "shanghai", "--jing", "9s", "--json")
    assert out.exit_code == 1
    assert json.loads(out.stdout)["error"] == {
        "code": "invalid_request",
        "message": "--jing is a xingguo flag: a shanghai hand has no --jing",
        "message_zh": "--jing 是兴国冲关的选项：上海清混碰的牌没有 --jing",
    }
    assert "schema request" not in out.stderr  # the fields of JSON are not what was typed


# --- exit status 0 / 1 / 2 ---------------------------------------------------------------------


def test_scored_hand_exits_0_with_json_on_stdout_only(toy_rules: str) -> None:
    out = run("score", TOY_HAND, "-r", toy_rules, "--json")
    assert out.exit_code == 0
    assert out.stderr == ""
    assert json.loads(out.stdout)["payments"] == {"E": 9, "S": -3, "W": -3, "N": -3}


def test_not_winning_exits_1_json_on_stdout_message_on_stderr(toy_rules: str) -> None:
    out = run("score", "123m456p789s11z 235m", "-r", toy_rules, "--json")
    assert out.exit_code == 1
    assert json.loads(out.stdout)["error"]["code"] == "not_winning"
    assert out.stderr.startswith("error [not_winning]: ")


def test_not_scored_without_json_prints_nothing_on_stdout(toy_rules: str) -> None:
    out = run("score", "123m456p789s11z 235m", "-r", toy_rules)
    assert (out.exit_code, out.stdout) == (1, "")
    assert "error [not_winning]" in out.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["score", "--rules", "shanghai"],  # no HAND
        ["score", TOY_HAND],  # no ruleset and no MJCALC_RULES
        ["score", TOY_HAND, "-r", "shanghai", "--winner", "X"],
        ["score", TOY_HAND, "-r", "shanghai", "--lang", "fr"],
        ["score", TOY_HAND, "-r", "shanghai", "--follow-dealer", "-1"],
        ["score", TOY_HAND, "-r", "shanghai", "--flowers", "9"],
        ["score", TOY_HAND, "-r", "shanghai", "--jings", "S=one"],
        ["score", TOY_HAND, "-r", "shanghai", "--jings", "Q=1,0"],
        ["score", TOY_HAND, "-r", "shanghai", "--kong", "exposed"],
        ["score", TOY_HAND, "-r", "shanghai", "--option", "=3"],
        ["score", TOY_HAND, "-r", "shanghai", "--xianggong", "big"],
        ["score", TOY_HAND, "-r", "shanghai", "--no-such-flag"],
        ["batch", "/no/such/file"],
        ["rules", "shanghai", "--bogus"],
        ["rules", "-o", "lezi=5"],  # --option needs NAME
        ["schema", "response"],
        ["nope"],
    ],
)
def test_usage_errors_exit_2_without_traceback(args: list[str]) -> None:
    out = run(*args)
    assert out.exit_code == 2, out.output
    assert "Usage:" in out.stderr or "Error:" in out.stderr
    assert "Traceback" not in out.output


def test_missing_ruleset_message_names_the_environment_variable() -> None:
    out = run("score", TOY_HAND)
    named = "xingguo, shanghai, nanchang, guobiao"
    assert f"give --rules NAME ({named}) or set MJCALC_RULES" in out.stderr


def test_mjcalc_rules_environment_supplies_the_ruleset(toy_rules: str) -> None:
    out = run("score", TOY_HAND, "--json", env={"MJCALC_RULES": toy_rules})
    assert out.exit_code == 0
    assert json.loads(out.stdout)["rules"] == toy_rules


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ("ruleset = \n", "is not valid TOML"),
        ('ruleset = "nosuch"\n', "ruleset = 'nosuch' is not a known ruleset"),
        ('ruleset = "shanghai"\n[options]\nlezi = "ten"\n', "option 'lezi'"),
        ('ruleset = "shanghai"\ncolour = 1\n', "unknown key 'colour'"),
    ],
)
def test_bad_ruleset_file_is_a_message_not_a_traceback(
    tmp_path: Path, toml: str, message: str
) -> None:
    path = tmp_path / "house.toml"
    path.write_text(toml, encoding="utf-8")
    for args in (["score", "11122233344455m", "-r", str(path)], ["rules", str(path)]):
        out = run(*args)
        assert out.exit_code == 1, out.output
        assert message in out.stderr
        assert out.stderr.startswith("error [")
        assert "Traceback" not in out.output


def test_unreadable_ruleset_path_is_unknown_rules(tmp_path: Path) -> None:
    out = run("score", "11122233344455m", "-r", str(tmp_path / "missing.toml"), "--json")
    assert out.exit_code == 1
    assert json.loads(out.stdout)["error"]["code"] == "unknown_rules"


def test_self_draw_and_discarder_together_are_a_contradiction(toy_rules: str) -> None:
    out = run("score", TOY_HAND, "-r", toy_rules, "--self-draw", "--discarder", "S", "--json")
    assert out.exit_code == 1
    assert json.loads(out.stdout)["error"] == {
        "code": "invalid_request",
        "message": "self_draw is true but a discarder is given",
        "message_zh": "self_draw 是 true（自摸），却又给了点炮的座位",
    }


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["score", "123m", "--bogus"], "No such option '--bogus'"),
        (["score"], "Missing argument 'HAND...'"),
        (["score", "123m", "--winner", "X"], "Invalid value for '--winner'"),
        (["waits", "123m", "--bogus"], "No such option '--bogus'"),
        (["batch", "no-such-file.txt"], "No such file or directory"),
        (["session"], "Missing argument 'FILE'"),
        (["rules", "--bogus"], "No such option '--bogus'"),
        (["--bogus"], "No such option '--bogus'"),
    ],
)
def test_usage_errors_under_json_also_write_one_json_record(args: list[str], message: str) -> None:
    out = run(*args, "--json")
    assert out.exit_code == 2
    lines = out.stdout.splitlines()
    assert len(lines) == 1
    record = json.loads(lines[0])
    assert record["ok"] is False and record["schema"] == 1
    assert record["error"]["code"] == "usage"
    assert message in record["error"]["message"]
    assert record["error"]["message_zh"]
    assert "Usage:" in out.stderr  # Click's text is still on stderr


def test_the_usage_record_has_both_languages_whichever_the_command_line_is_in() -> None:
    for lang in ("en", "zh"):
        out = run("score", "123m", "--winner", "X", "--json", "--lang", lang)
        error = json.loads(out.stdout)["error"]
        assert error["message"].startswith("Invalid value for '--winner': 'X' is not a seat")
        assert error["message_zh"].startswith("--winner 的值无效：'X' 不是座位")
    assert run("score", "123m", "--bogus").stdout == ""  # without --json: stderr only
