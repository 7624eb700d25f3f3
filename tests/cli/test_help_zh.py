"""``--help`` and Click's own usage errors in Chinese; English exactly as before.

The language is chosen before Click parses (:func:`mjcalc.cli.lang.argv_lang`): ``--lang zh``
anywhere on the command line, else ``MJCALC_LANG=zh``. Help texts are catalogue keys worded when
shown; Click's messages come from :mod:`mjcalc.i18n.click_zh` through gettext
(:mod:`mjcalc.cli.click_chinese`).
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcalc import cli as cli_module
from mjcalc.cli import COMMANDS as COMMANDS_HELP
from mjcalc.cli import cli
from mjcalc.cli.click_chinese import CLOSING, wrap
from mjcalc.cli.lang import argv_lang
from mjcalc.cli.params import FlagOption
from mjcalc.i18n.click_zh import CLICK_ZH, CLICK_ZH_PLURAL
from mjcalc.i18n.help import HELP, USAGE
from mjcalc.render.text import text_width
from tests.support.cli import CLEAN_ENV

COMMANDS = ["", "score", "batch", "rules", "session", "waits", "schema"]

# words a Chinese help page may keep: what the user types back (ruleset names, option values,
# file names of the examples, the names of formats) and names that are names in any language
TYPED = {
    "mjcalc", "xingguo", "shanghai", "nanchang", "guobiao", "en", "zh",
    "concealed", "exposed", "added",
    "big", "small",
    "request", "result", "waits", "score", "false", "true", "jq", "eval", "hands", "txt", "game",
    "jsonl", "docs", "sessions", "md", "bash_source", "zsh_source", "fish_source", "mpsz",
    "JSON", "TOML", "Schema", "Unicode", "fee", "batch", "rules", "schema", "session", "payments",
    "summary", "serve", "text", "json", "markdown", "csv", "draw", "escape", "win", "adjust",
}  # fmt: skip
REMOVED = re.compile(r"\"[^\"]*\"|'[^']*'|`[^`]*`|--?[a-z][a-z-]*|\b[A-Z][A-Z_]+\b|\$\([^)]*\)")
WORD = re.compile(r"[A-Za-z_]{2,}")


def english_words(shown: str) -> list[str]:
    """The English words of ``shown`` once flags, metavars, quotes and typed names are out."""
    return [w for w in WORD.findall(REMOVED.sub(" ", shown)) if w not in TYPED]


def run(args: list[str], lang_env: str | None = None, **extra: Any) -> click.testing.Result:
    env = {**CLEAN_ENV, "MJCALC_LANG": lang_env}
    return CliRunner(env=env).invoke(cli, args, prog_name="mjcalc", **extra)


def help_args(command: str) -> list[str]:
    return [command, "--help"] if command else ["--help"]


# --- the rule that chooses the language ---------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "env", "lang"),
    [
        (["score", "1m"], {}, "en"),
        (["score", "1m"], {"MJCALC_LANG": "zh"}, "zh"),
        (["score", "1m"], {"MJCALC_LANG": " ZH "}, "zh"),
        (["score", "1m", "--lang", "zh"], {}, "zh"),
        (["--lang=zh", "score", "1m"], {}, "zh"),
        (["score", "--lang", "zh", "1m", "--lang", "en"], {}, "en"),  # the last one, as Click
        (["score", "1m", "--lang", "en"], {"MJCALC_LANG": "zh"}, "en"),  # the flag beats the env
        (["score", "1m", "--lang", "fr"], {"MJCALC_LANG": "zh"}, "zh"),  # not a language
        (["score", "--", "--lang", "zh"], {}, "en"),  # after --, arguments
        (["score", "1m", "--lang"], {}, "en"),
    ],
)
def test_argv_lang(args: list[str], env: dict[str, str], lang: str) -> None:
    assert argv_lang(args, env) == lang


# --- help pages ---------------------------------------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("how", ["env", "flag after", "flag before"])
def test_help_in_chinese_has_no_english(command: str, how: str) -> None:
    args = help_args(command)
    if how == "flag after":
        args = [*args, "--lang", "zh"]
    elif how == "flag before":
        args = ["--lang", "zh", *args]
    out = run(args, "zh" if how == "env" else None, terminal_width=80)
    assert out.exit_code == 0, out.output
    assert out.stdout.startswith(f"用法：mjcalc {command}".rstrip() + " ")
    assert english_words(out.stdout) == [], out.stdout
    assert "显示本帮助并退出。" in out.stdout


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("columns", [80, 60])
def test_chinese_help_fits_the_terminal(command: str, columns: int) -> None:
    # the page is laid out in `columns` cells (Click's own choice for a terminal: its width
    # less 2, at most 78); a Chinese character takes two
    out = run(help_args(command), "zh", terminal_width=columns)
    widths = [text_width(line) for line in out.stdout.splitlines()]
    # the examples and the forms of a line are kept whole as written (the widest is 77 cells)
    prose = [text_width(line) for line in out.stdout.splitlines() if not line.startswith("    ")]
    assert max(widths) <= 80, out.stdout
    assert max(prose) <= columns, out.stdout


def test_chinese_help_lines_up_by_cells() -> None:
    out = run(["score", "--help"], "zh", terminal_width=80)
    lines = out.stdout.splitlines()
    # the seat metavar holds four wide characters: measured in cells its help starts in the same
    # column as every other option's (2 + 30 + 2 = column 34, after "--winner [E|…|北]")
    winner = next(line for line in lines if line.startswith("  --winner "))
    json_line = next(line for line in lines if line.startswith("  --json "))
    assert text_width(winner[: winner.index("胡")]) == 34
    assert text_width(json_line[: json_line.index("以")]) == 34
    assert "  --kong SEAT=KIND[:TILE]" in out.stdout
    assert "[默认：zh]" in out.stdout  # Click's own mark, in Chinese: MJCALC_LANG=zh's


@pytest.mark.parametrize(
    ("args", "env", "shown"),
    [
        (["--lang", "zh"], None, "[默认：en]"),  # the variable unset: English when not given
        ([], "zh", "[默认：zh]"),  # MJCALC_LANG=zh is what --lang is when not given
        (["--lang", "en"], "zh", "[default: zh]"),
        ([], None, "[default: en]"),
    ],
)
def test_the_help_shows_the_default_lang_the_environment_makes(
    args: list[str], env: str | None, shown: str
) -> None:
    for command in ("score", "batch", "session", "waits"):
        out = run([command, "--help", *args], env, terminal_width=200)
        line = next(line for line in out.stdout.splitlines() if line.startswith("  --lang "))
        assert line.endswith(shown), (command, line)


def test_english_help_is_unchanged() -> None:
    out = run(["score", "--help"], terminal_width=78)  # an 80-column terminal: 78 cells
    lines = out.stdout.splitlines()
    assert lines[:3] == ["Usage: mjcalc score [OPTIONS] HAND...", "", "  Score one hand."]
    assert "  --winner [E|S|W|N|东|南|西|北]     Winning seat (default E)." in lines
    # (Click keeps the first --help it builds for a command: "-h, --help" under the group,
    # "--help" when a test made the command's context alone)
    assert re.search(r"\n  (-h, )?--help +Show this message and exit\.\n", out.stdout)
    assert "                                 [env: MJCALC_LANG].  [default: en]" in lines
    top = run(["--help"], terminal_width=78).stdout.splitlines()
    assert " ".join(line.strip() for line in top[2:4]) == (
        "Score Chinese regional mahjong hands: Xingguo 冲关, Shanghai 清混碰 and Nanchang 南昌."
    )
    assert "  -V, --version  Show the version and exit." in top
    assert "  score    Score one hand." in top
    assert "  rules    List the rulesets, or show one: its options and tables." in top
    assert not [line for line in top if line.startswith("  --lang")]  # accepted, not listed
    assert "    MJCALC_LANG=zh    help, views and messages in Chinese (as --lang zh, which" in top
    assert "    MJCALC_RULES=NAME the ruleset when a command is given no --rules" in top


def test_a_chinese_run_leaves_english_as_it_was() -> None:
    before = run(["score", "--help"]).stdout
    assert run(["score", "--help", "--lang", "zh"]).stdout.startswith("用法：")
    assert run(["score", "--help"]).stdout == before
    assert run(["score", "--bogus"]).stderr.endswith(
        "Error: No such option '--bogus'. Did you mean '--kong'?\n"
    )


def test_version_in_both_languages() -> None:
    assert run(["--version"]).stdout == f"mjcalc, version {cli_module.__version__}\n"
    assert run(["-V", "--lang", "zh"]).stdout == f"mjcalc，版本 {cli_module.__version__}\n"


# --- Click's usage errors -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["score", "1m", "--bogus"], "错误：没有选项 '--bogus'。 您是不是想写 '--kong'？"),
        (["score"], "错误：缺少参数 'HAND...'."),
        (["score", "1m", "--rules"], "错误：选项 '--rules' 需要 1 个值。"),
        (
            ["score", "1m", "-r", "xingguo", "--follow-dealer", "99"],
            "错误：'--follow-dealer' 的值无效：99 不在范围 0<=x<=64 内。",
        ),
        (
            ["score", "1m", "-r", "xingguo", "--kaibao", "x"],
            "错误：'--kaibao' 的值无效：'x' 不是有效的数。",
        ),
        (
            ["schema", "bad"],
            "错误：'[request|result|waits|session]' 的值无效："
            "'bad' 不是可选值之一：'request', 'result', 'waits', 'session'。",
        ),
        (["rules", "a", "b"], "错误：多了参数（b）"),
        (["nosuch"], "错误：没有命令 'nosuch'。"),
        (["batch"], "错误：缺少参数 'FILE'."),
        (["batch", "no-such-file"], "错误：'FILE' 的值无效：'no-such-file'：没有这个文件或目录"),
        (["session", "x", "--force"], "错误：--force 只能和 --new 一起用"),
        (["session", "no-such-file"], "错误：FILE 的值无效：'no-such-file'：没有这个文件"),
    ],
)
def test_click_usage_errors_in_chinese(args: list[str], expected: str) -> None:
    out = run(args, "zh")
    assert out.exit_code == 2
    assert expected in out.stderr, out.stderr
    assert english_words(out.stderr) == [], out.stderr
    if "--rules' 需要" not in expected and "--force" not in expected and "FILE 的" not in expected:
        # Click's own layout: usage line, where to find help, then the error
        name = " ".join(["mjcalc", *args[:1]]) if args[0] != "nosuch" else "mjcalc"
        assert out.stderr.startswith("用法：mjcalc "), out.stderr
        assert f"用 '{name} --help' 查看帮助。" in out.stderr


def test_batch_line_errors_carry_clicks_message_in_both_languages(tmp_path: Path) -> None:
    lines = ["1m --bogus", "1m -r xingguo --follow-dealer 99", "-r xingguo", "1m --rules"]
    hands = tmp_path / "hands.txt"
    hands.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for env in (None, "zh"):  # the same messages whatever the language of the command line
        out = run(["batch", str(hands), "--json"], env)
        errors = [json.loads(line)["error"] for line in out.stdout.splitlines()]
        assert [(e["message"], e["message_zh"]) for e in errors] == [
            (
                "No such option '--bogus'. Did you mean '--kong'?",
                "没有选项 '--bogus'。 您是不是想写 '--kong'？",
            ),
            (
                "Invalid value for '--follow-dealer': 99 is not in the range 0<=x<=64.",
                "'--follow-dealer' 的值无效：99 不在范围 0<=x<=64 内。",
            ),
            ("Missing argument 'HAND...'.", "缺少参数 'HAND...'."),
            ("Option '--rules' requires an argument.", "选项 '--rules' 需要 1 个值。"),
        ], env


# --- the catalogues -----------------------------------------------------------------------------


def _click_message_ids() -> set[str]:
    """Every string Click passes to ``_``/``gettext``/``ngettext`` in its installed source."""
    found: set[str] = set()
    for path in Path(click.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("_", "ngettext"):
                found.update(
                    a.value
                    for a in node.args
                    if isinstance(a, ast.Constant) and type(a.value) is str
                )
    return found


def test_every_click_message_translated_is_still_clicks() -> None:
    ids = _click_message_ids()
    assert "Usage:" in ids  # the scan sees Click's messages
    # "required" reaches gettext through a variable: _(extra["required"]) in Option's help
    missing = [key for key in [*CLICK_ZH, *CLICK_ZH_PLURAL] if key not in ids | {"required"}]
    assert missing == []


def test_click_translations_keep_the_fields_they_need() -> None:
    for en, zh in CLICK_ZH.items():
        # Chinese may leave out a field (the English type name), never add one Click lacks
        assert set(re.findall(r"{(\w+)", zh)) <= set(re.findall(r"{(\w+)", en)), en
    for zh in [*CLICK_ZH.values(), *CLICK_ZH_PLURAL.values()]:
        assert english_words(re.sub(r"{[^}]*}|%\(\w+\)s", " ", zh)) == [], zh


def test_help_catalogue_has_both_languages_with_the_same_fields() -> None:
    for key, (en, zh) in {**HELP, **USAGE}.items():
        assert en and zh, key
        assert set(re.findall(r"{(\w+)}", en)) == set(re.findall(r"{(\w+)}", zh)), key


def test_every_help_key_is_used_and_every_option_has_one() -> None:
    used: set[str] = set()
    for command in [cli, *cli.commands.values()]:
        used.add(command._help_key)  # type: ignore[attr-defined]
        for param in command.params:
            if isinstance(param, FlagOption):  # a ruleset's flag: the plug-in's own texts
                assert all(param.flag.help), (command.name, param.opts)
            elif isinstance(param, click.Option):
                key = param._help_key  # type: ignore[attr-defined]
                assert key in HELP, (command.name, param.opts)
                used.add(key)
    used |= {f"{key}.short" for key in COMMANDS_HELP.values()}  # the group's list of commands
    extra = {"help.version_line", "help.aborted"}  # printed, not declared
    assert set(HELP) - used - extra == set()


# --- wrapping by cells --------------------------------------------------------------------------

TEXT = st.lists(
    st.sampled_from([*"算一手牌的分（）［］，。ab-cd E 12 ", "--rules", "MJCALC_LANG"]), max_size=40
).map("".join)


@settings(max_examples=200, deadline=None)
@given(TEXT, st.integers(min_value=10, max_value=40))
def test_wrap_keeps_every_character_within_the_width(text: str, width: int) -> None:
    lines = wrap(text, width)
    assert all(text_width(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_wrap_breaks_chinese_between_characters_and_never_before_a_closing_mark() -> None:
    # 10 cells: five Chinese characters; "，" may not start the second line, so "分" comes down
    assert wrap("算一手牌的分，好", 10) == ["算一手牌的", "分，好"]
    assert wrap("用 --rules 选规则", 12) == ["用 --rules", "选规则"]
    # 8 cells: "名称（默" fits, but "（" may not end a line nor "）" begin one
    assert wrap("名称（默认东）", 8) == ["名称（默", "认东）"]
    assert wrap("abc", 10) == ["abc"] and wrap("", 10) == [""]
    # no room below for the mark with the word: it stays, and the word is cut to the width
    assert wrap("算（MJCALC_LANG", 10) == ["算（", "MJCALC_LAN", "G"]
    assert not any(line[:1] in CLOSING for line in wrap("一二三四五六七八，九十", 8))


def test_the_readme_excerpt_is_real_output() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    block = readme.split("$ mjcalc score --help --lang zh\n", 1)[1].split("```", 1)[0]
    help_part, error_part = block.split("$ mjcalc score 123m --bogus --lang zh\n")
    shown = run(["score", "--help", "--lang", "zh"], terminal_width=78).stdout.splitlines()
    excerpt = help_part.splitlines()[:-1]  # up to the "…"
    assert help_part.splitlines()[-1] == "…"
    assert shown[: len(excerpt)] == excerpt
    error = run(["score", "123m", "--bogus", "--lang", "zh"]).stderr
    assert error == error_part


def test_a_session_line_refused_by_click_is_all_chinese(tmp_path: Path) -> None:
    game = tmp_path / "game.jsonl"
    game.write_text('{"session": {"rules": "shanghai"}}\n', encoding="utf-8")
    out = run(["session", str(game), "--add", "11122233344455m --bogus", "--lang", "zh"])
    assert out.exit_code == 1
    suggestion = "您是不是想写 '--kong'？"
    assert out.stderr == f"第 2 行：错误 [invalid_request] 没有选项 '--bogus'。 {suggestion}\n"
    assert game.read_text(encoding="utf-8").count("\n") == 1  # not added
    out = run(["session", str(game), "--add", "11122233344455m --bogus"])
    suggestion = "Did you mean '--kong'?"
    assert out.stderr == f"line 2: error [invalid_request] No such option '--bogus'. {suggestion}\n"


def test_a_win_is_hupai_and_a_drawn_hand_liuju_in_every_chinese_text() -> None:
    # 和牌 means a win in some texts and the void drawn hand (Xingguo's seed) in others: mjcalc's
    # Chinese says 胡牌 for a win and 流局 for a drawn hand, never 和牌 (nor 即和 / 抢杠和)
    from mjcalc.i18n import CATALOGUE, text
    from mjcalc.rules.registry import load_rules
    from mjcalc.rules.shanghai.flags import FLAGS as SHANGHAI_FLAGS
    from mjcalc.rules.xingguo.flags import FLAGS as XINGGUO_FLAGS

    for name in ("xingguo", "shanghai"):
        load_rules(name)  # their texts join the catalogue
    text("help.score.winner")  # the help texts too
    chinese = [zh for _, zh in CATALOGUE.values()]
    chinese += [f.help[1] for f in (*XINGGUO_FLAGS, *SHANGHAI_FLAGS)]
    assert len(chinese) > 400
    for zh in chinese:
        assert "和牌" not in zh and not re.search(r"即和|杠和|摸牌和|补牌和|和的那张", zh), zh
    assert text("help.score.winner", "zh") == "胡牌的座位（默认东）。"
    assert text("session.draw_void", "zh") == "流局：本局作废"
    shown = CliRunner(env=CLEAN_ENV).invoke(cli, ["score", "--help", "--lang", "zh"]).stdout
    assert "HAND 是胡牌者最后的全部牌" in shown and "和牌" not in shown
