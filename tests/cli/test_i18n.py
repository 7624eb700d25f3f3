"""In Chinese: every word of ``score``, ``batch``, ``rules`` and every error with ``--lang zh``.

The zh views of a broad set of hands — both rulesets, most items, each error code, a batch, the
rules tables — must contain no English word. What may stay: tile codes (``123m``), seat letters,
numbers and signs, and what a player types back as it is: option and field names, their values
in quotes, flags, the command and ruleset names.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

import mjcalc
from mjcalc.app.rules import ruleset_doc
from mjcalc.cli import cli
from mjcalc.i18n import CATALOGUE, text
from mjcalc.render import rules as rules_view
from mjcalc.render.batch import render_batch
from mjcalc.render.console import make_console
from mjcalc.render.errors import error_report
from mjcalc.render.result import render_result
from mjcalc.render.text import text_width, wrap_cells
from mjcalc.rules.shanghai.options import ShanghaiOptions
from mjcalc.rules.shanghai.request import ShanghaiRequest
from mjcalc.rules.xingguo.options import XingguoOptions
from mjcalc.rules.xingguo.request import XingguoRequest
from tests.support.cli import CLEAN_ENV

# Names a player types back as they are (option and field names, JSON values, ids, formats).
TYPED_NAMES = (
    set(XingguoOptions.model_fields)
    | set(ShanghaiOptions.model_fields)
    | set(XingguoRequest.model_fields)
    | set(ShanghaiRequest.model_fields)
    | {
        "true",
        "false",
        "mjcalc",
        "xingguo",
        "shanghai",
        "nanchang",
        "guobiao",
        "schema",
        "request",
        "rules",
        "JSON",
    }
    | {"TOML", "UTF"}
)
QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'|--[a-z-]+|U\+[0-9A-F]{4,5}")
WORD = re.compile(r"[A-Za-z_]{2,}")


def english_words(shown: str) -> list[str]:
    """The English words of ``shown``, once what may stay is taken out."""
    bare = QUOTED.sub(" ", shown)
    return [w for w in WORD.findall(bare) if w not in TYPED_NAMES]


XINGGUO: list[dict[str, Any]] = [
    {"hand": "123m456p789s11z 234m", "jing": "1m"},  # 德国 plain, 霸精
    {"hand": "123m456p789s11z 239m", "jing": "8m", "jings": {"S": [1, 0]}},  # wild jing
    {"hand": "1122m3344p556677s", "win_tile": "1m", "jing": "9p", "discarder": "南"},  # 小七
    {"hand": "147m258p369s12345z", "win_tile": "1m", "jing": "9p", "winner": "S"},  # 十三烂
    {"hand": "147m258p3s1234567z", "win_tile": "1m", "jing": "9p", "jings": {"N": [0, 1]}},
    {"hand": "111m222s333p444s55z", "win_tile": "1m", "jing": "9p", "discarder": "W"},  # 大七
    {"hand": "123456789m234s9p5s", "win_tile": "5s", "jing": "9p", "jings": {"N": [0, 1]}},
    {
        "hand": "(1111m) 456789m234s9p9p",
        "win_tile": "9p",
        "jing": "9p",
        "after_kong": True,
        "kongs": [{"seat": "西", "kind": "exposed", "tile": "1p"}],  # 杠精
    },
    {
        "hand": "123456789m234s55s",
        "win_tile": "8m",
        "jing": "9p",
        "winner": "S",
        "discarder": "W",
        "robbing_kong": True,
        "options": {"robbed_kong_deguo": "per_share"},
    },
    {"hand": "123m456p789s11z 234m", "jing": "9s", "heavenly": True, "follow_dealer": 2},
    {
        "hand": "123m456p789s11z 234m",
        "jing": "9s",
        "winner": "N",
        "earthly": True,
        "jings": {"S": [1, 2], "W": [0, 1]},
        "xianggong": {"S": "big", "W": "small"},
        "options": {"bawang": "plus10"},
    },
    {"hand": "123m456p789s11z 234m", "jing": "5p", "kongs": [{"seat": "S", "kind": "added"}]},
]
SHANGHAI: list[dict[str, Any]] = [
    {"hand": "11122233344455m", "discarder": "S"},
    {"hand": "111m 234m 567m 99m [EEE] 1f2f", "winner": "南", "dealer": "西"},
    {"hand": "[234m] [456m] [678m] (1111m) 55m", "kaibao": 1, "huangfan": 2},
    {"hand": "234m456m678m55m (1111m)", "after_kong": True, "liable": ["W"]},
    {
        "hand": "123m456m789m111m55m",
        "win_tile": "2m",
        "discarder": "S",
        "robbing_kong": True,
        "liable": ["W"],
    },
    {"hand": "11122233344455m", "liable": ["W"], "options": {"cap_scope": "payer"}},
    {
        "hand": "11122233344455m",
        "discarder": "S",
        "liable": ["N"],
        "options": {"liability": "full"},
    },
    {"hand": "11223344556677z"},  # 风一色
    {"hand": "111z222z333z444z55z", "discarder": "W"},  # 风碰
    {"hand": "11122233344455m 12345678f", "discarder": "S"},  # 八花齐 as well
    {"hand": "12345678f"},  # 八花齐 alone
    {"hand": "123m456m789m123m11z", "flowers": 3},
]
ERRORS: list[dict[str, Any]] = [
    {"rules": "xingguo", "hand": "123m h", "jing": "1m"},
    {"rules": "xingguo", "hand": "12 3m", "jing": "1m"},
    {"rules": "xingguo", "hand": "三m", "jing": "1m"},
    {"rules": "xingguo", "hand": "[12m[3m]]", "jing": "1m"},
    {"rules": "xingguo", "hand": "1238z", "jing": "1m"},
    {"rules": "xingguo", "hand": "11111m", "jing": "1m"},
    {"rules": "xingguo", "hand": "[124m] 123m456p789s11z", "jing": "1m"},
    {"rules": "xingguo", "hand": "123m456p789s11z", "jing": "1m"},
    {"rules": "xingguo", "hand": "123m456p789s11z 235m", "jing": "9p"},
    {"rules": "xingguo", "hand": "123m45678p789s11z5s", "jing": "5s", "discarder": "W"},
    {
        "rules": "xingguo",
        "hand": "123m456p789s11z 234m",
        "jing": "1m",
        "winner": "S",
        "heavenly": True,
    },
    {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "1m", "discarder": "E"},
    {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "1f"},
    {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "1m", "colour": 1},
    {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "1m", "winner": "X"},
    {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "1m", "follow_dealer": -1},
    {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "1m", "self_draw": False},
    {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "1m", "after_kong": True},
    {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "1m", "jings": {"S": [4, 0]}},
    {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "1m", "xianggong": {"E": "big"}},
    {"rules": "xingguo", "hand": "123m456p789s11z 234m", "options": {"bawang": "x"}, "jing": "1m"},
    {"rules": "shanghai", "hand": "123m456p789s11z 234m"},
    {"rules": "shanghai", "hand": "1122m3344p5566s77z"},
    {"rules": "shanghai", "hand": "11122233344455m 1f1f"},
    {"rules": "shanghai", "hand": "11122233344455m", "liable": ["E"]},
    {"rules": "shanghai", "hand": "11122233344455m 1f", "flowers": 2},
    {"rules": "shanghai", "hand": "12345678f", "discarder": "S"},
    {"rules": "mahjong", "hand": "11122233344455m"},
    {"hand": "11122233344455m"},
]


def test_the_checker_finds_english() -> None:
    result = mjcalc.score({"rules": "shanghai", "hand": "11122233344455m", "discarder": "S"})
    out = io.StringIO()
    render_result(result, make_console(file=out), "en")
    found = set(english_words(out.getvalue()))
    assert {"pattern", "pays", "share"} <= found
    assert english_words("\"same_class\" 'x' --kong U+4E2D 123m E 東") == []


def zh_view(request: dict[str, Any]) -> str:
    result = mjcalc.score(request)
    assert result.ok, result.error
    out = io.StringIO()
    render_result(result, make_console(file=out), "zh")
    return out.getvalue()


@pytest.mark.parametrize("request_", [{"rules": "xingguo", **r} for r in XINGGUO])
def test_xingguo_views_in_chinese_have_no_english(request_: dict[str, Any]) -> None:
    shown = zh_view(request_)
    assert english_words(shown) == [], shown


@pytest.mark.parametrize("request_", [{"rules": "shanghai", **r} for r in SHANGHAI])
def test_shanghai_views_in_chinese_have_no_english(request_: dict[str, Any]) -> None:
    shown = zh_view(request_)
    assert english_words(shown) == [], shown


@pytest.mark.parametrize("request_", ERRORS)
def test_every_error_has_a_chinese_message(request_: dict[str, Any]) -> None:
    result = mjcalc.score(request_)
    assert not result.ok and result.error is not None
    assert result.error.message_zh, result.error
    shown = "\n".join(report_lines(result, "zh"))
    assert english_words(shown) == [], shown
    # the English report is unchanged: it carries the English message
    assert result.error.message in "\n".join(report_lines(result, "en"))


def test_the_catalogue_has_both_languages_for_every_error_key() -> None:
    for key, (en, zh) in CATALOGUE.items():
        if key.startswith(("err.", "cli.")) and en:
            assert zh, key
            # the same fields in both languages, so any message fills in either
            fields = set(re.findall(r"{(\w+)}", en))
            assert fields == set(re.findall(r"{(\w+)}", zh)) or key in ZH_DROPS_FIELDS, key


# keys whose Chinese text leaves out a field that only makes sense in English (plural "s",
# Python's own English reason)
ZH_DROPS_FIELDS = {
    "err.tile_count",
    "err.with_kongs",
    "err.line.bad_json",
    "err.line.cannot_split",
    "err.field_invalid",
    "item.flowers",
    "item.rounds",
}


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    out = CliRunner(env=CLEAN_ENV).invoke(cli, list(args), input=stdin)
    return out.exit_code, out.stdout + out.stderr


def test_batch_in_chinese_has_no_english(tmp_path: Any) -> None:
    lines = "\n".join(
        [
            "123m456p789s11z234m -r xingguo --jing 9s",
            "11122233344455m -r shanghai --discarder 南",
            "123m456p789s11h 234m -r xingguo --jing 1m",
            "123m -r shanghai",
            '{"rules": "shanghai", "hand": "11122233344455m", "winner": "北"}',
            "123m456p789s11z234m -r xingguo --jing 9s --no-such",
            "{bad json",
        ]
    )
    code, shown = run("batch", "-", "--lang", "zh", stdin=lines)
    assert code == 1
    assert english_words(shown) == [], shown
    assert "合计 兴国冲关" in shown and "合计 上海清混碰" in shown


@pytest.mark.parametrize("args", [["rules"], ["rules", "xingguo"], ["rules", "shanghai"]])
def test_rules_in_chinese_has_no_english(args: list[str]) -> None:
    code, shown = run(*args, "--lang", "zh")
    assert code == 0
    # the options table names each option as it is typed in --option NAME=VALUE: leave it out
    assert english_words(shown) == [], shown


def test_mjcalc_lang_in_the_environment_is_the_default() -> None:
    out = CliRunner(env={**CLEAN_ENV, "MJCALC_LANG": "zh"}).invoke(
        cli, ["score", "11122233344455m", "-r", "shanghai", "--discarder", "S"]
    )
    assert "牌型  清碰" in out.stdout
    # --lang beats the environment
    out = CliRunner(env={**CLEAN_ENV, "MJCALC_LANG": "zh"}).invoke(
        cli, ["score", "11122233344455m", "-r", "shanghai", "--lang", "en"]
    )
    assert "规则 上海清混碰" not in out.stdout
    assert "rules shanghai" in out.stdout


def test_usage_errors_in_chinese() -> None:
    code, shown = run("score", "123m", "--lang", "zh")
    assert code == 2
    assert shown.startswith("错误：没有指定规则"), shown
    code, shown = run("score", "123m", "-r", "xingguo", "--winner", "X", "--lang", "zh")
    assert code == 2
    assert "'X' 不是座位" in shown
    code, shown = run("score", "123m", "-r", "xingguo", "--kong", "S", "--lang", "zh")
    assert code == 2
    assert "--kong 的值无效：应写成 名称=值" in shown
    code, shown = run("rules", "-o", "bawang=plus10", "--lang", "zh")
    assert code == 2
    assert "--option 需要先写规则名" in shown


@pytest.mark.parametrize("seat", ["南", "S", "s"])
def test_seats_in_chinese_in_every_flag(seat: str) -> None:
    # S discards to E: 德国 plain, jing 9s kept at face value by E (霸精 4 from each):
    # S pays 1 × 2 × 2 × 2 = 8 + 5 = 13 and 4 jing = 17
    code, shown = run(
        "score",
        "123m456p789s11z234m",
        "-r",
        "xingguo",
        "--jing",
        "9s",
        "--discarder",
        seat,
        "--kong",
        "西=exposed:2p",
        "--jings",
        "北=0,1",
        "--json",
    )
    assert code == 0, shown
    assert '"discarder":"S"' in shown


def test_seats_in_chinese_in_every_json_field() -> None:
    result = mjcalc.score(
        {
            "rules": "shanghai",
            "hand": "11122233344455m",
            "winner": "南",
            "dealer": "東",
            "discarder": "北",
            "liable": ["东"],
        }
    )
    assert (result.winner, result.dealer, result.discarder) == ("S", "E", "N")
    # 清碰 share 20: N discards (20) and E is liable (20 more) → S +40
    assert result.payments == {"E": -20, "S": 40, "W": 0, "N": -20}
    bad = mjcalc.score({"rules": "shanghai", "hand": "11122233344455m", "winner": "中"})
    assert bad.error is not None and bad.error.code == "invalid_request"


# --- 80 columns -----------------------------------------------------------------------------


def terminal(width: int = 80) -> tuple[io.StringIO, Console]:
    out = io.StringIO()
    console = Console(
        file=out,
        width=width,
        force_terminal=True,
        color_system=None,
        markup=False,
        emoji=False,
        highlight=False,
    )
    return out, console


def widest(shown: str) -> int:
    return max(text_width(line) for line in shown.splitlines())


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_score_view_fits_80_columns(lang: str) -> None:
    requests = [{"rules": "xingguo", **r} for r in XINGGUO] + [
        {"rules": "shanghai", **r} for r in SHANGHAI
    ]
    for request in requests:
        out, console = terminal()
        render_result(mjcalc.score(request), console, lang)  # type: ignore[arg-type]
        assert widest(out.getvalue()) <= 80, out.getvalue()


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("name", ["xingguo", "shanghai"])
def test_rules_views_fit_80_columns_and_keep_every_number(name: str, lang: str) -> None:
    out, console = terminal()
    doc = ruleset_doc(name)
    rules_view.print_ruleset(console, doc, lang)  # type: ignore[arg-type]
    shown = out.getvalue()
    assert widest(shown) <= 80, shown
    assert "…" not in shown
    # every cell of every table is printed whole (table D of xingguo is the widest)
    for table in doc.tables:
        localized = rules_view.localized(table, lang)  # type: ignore[arg-type]
        for row in localized.rows:
            for cell in row[1:]:
                assert cell in shown, (table.title, cell)


def test_rules_piped_output_stays_unwrapped() -> None:
    code, shown = run("rules", "xingguo")
    assert code == 0
    assert "133+133+133=399" in shown
    # table D whole, its six value columns on one line
    line = next(row for row in shown.splitlines() if row.startswith("庄家杠吊"))
    assert "16+16+16=48" in line and "133+133+133=399" in line


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_batch_fits_80_columns(lang: str) -> None:
    out, console = terminal()
    lines = [
        b"123m456p789s11z234m -r xingguo --jing 9s\n",
        b"123m456p789s11h 234m -r xingguo --jing 1m\n",
        b"11122233344455m 12345678f -r shanghai --discarder S\n",
    ]
    from mjcalc.cli.batch import score_lines

    render_batch(
        lines,
        lambda ls: score_lines(ls, None),
        console=console,
        err_console=make_console(file=io.StringIO()),
        lang=lang,  # type: ignore[arg-type]
    )
    assert widest(out.getvalue()) <= 80, out.getvalue()


def test_text_lookup_fills_both_halves() -> None:
    assert text("view.pays", "zh", seat="南", amount=3) == "南付3"
    assert text("view.pays", "en", seat="S", amount=3) == "S pays 3"


def test_error_lines_wrap_to_a_terminal_and_stay_whole_when_piped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mjcalc.cli import output

    result = mjcalc.score({"rules": "xingguo", "hand": "123m456p789s11h 234m", "jing": "1m"})
    headline = report_lines(result, "zh")[0]
    assert text_width(headline) > 80
    assert output.wrapped(headline, None) == [headline]  # piped: one line
    lines = output.wrapped(headline, 80)
    assert len(lines) == 2
    assert all(text_width(line) <= 80 for line in lines)
    assert "".join(lines).replace(" ", "") == headline.replace(" ", "")  # nothing lost


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab 東南中🀄🀇", max_size=60), st.integers(min_value=2, max_value=30))
def test_wrap_cells_keeps_every_character_within_the_width(line: str, width: int) -> None:
    pieces = wrap_cells(line, width)
    assert all(text_width(p) <= width for p in pieces)
    assert "".join(pieces).replace(" ", "") == line.replace(" ", "")


def test_wrap_cells_breaks_at_spaces_when_it_can() -> None:
    assert wrap_cells("aaa bbb ccc", 7) == ["aaa bbb", "ccc"]
    assert wrap_cells("第一二三四五", 6) == ["第一二", "三四五"]  # two cells each


def report_lines(result: Any, lang: Any = "en") -> list[str]:
    """The error report of ``result`` as plain lines (none for a scored result)."""
    report = error_report(result, lang)
    return report.lines() if report else []
