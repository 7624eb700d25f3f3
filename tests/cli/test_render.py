"""The human output: error carets, colour rules, plain piped text, and fixed renderings of real
hands (plain, non-TTY, compared in full). The numbers of each real hand are worked out by hand
from the specs in the comment above its rendering.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from click.testing import CliRunner, Result

from mjcalc.cli import cli
from mjcalc.models import ErrorOut, Item, Named
from mjcalc.models import Result as ScoreResult
from mjcalc.render.console import PIPE_WIDTH, amount_text, emit, make_console, plain_table
from mjcalc.render.errors import caret_line, error_report, shown_hand
from mjcalc.render.result import render_result
from mjcalc.render.rules import OptionDoc, RulesetDoc, print_ruleset, scoring_table
from mjcalc.render.text import char_width, text_width
from mjcalc.render.views import glyph_line, summary_line
from mjcalc.rules.base import Table
from tests.support.cli import CLEAN_ENV

COLOUR_CODE = re.compile(r"\x1b\[[0-9;]*m")


def run(*args: str, env: dict[str, str] | None = None, color: bool = False) -> Result:
    runner = CliRunner(env={**CLEAN_ENV, **(env or {})})
    return runner.invoke(cli, list(args), prog_name="mjcalc", color=color)


# --- errors: message, hand, caret, hint --------------------------------------------------------


def test_caret_under_the_bad_column_with_the_notation_hint() -> None:
    out = run("score", "123m456p789s11h 234m", "-r", "shanghai")
    assert out.exit_code == 1
    assert out.stdout == ""
    assert out.stderr.splitlines() == [
        "error [invalid_notation]: unknown character 'h' at column 15; "
        "use z or the letters E S W N P F C for honors",
        "  123m456p789s11h 234m",
        "  " + " " * 14 + "^",
    ]


def test_caret_counts_chinese_characters_as_two_cells() -> None:
    # 一 二 三 万 take two cells each: the caret under column 5 ('x') is 8 cells in
    out = run("score", "一二三万x", "-r", "shanghai")
    assert out.stderr.splitlines()[1:] == ["  一二三万x", "  " + " " * 8 + "^"]


def test_json_mode_still_explains_the_error_on_stderr() -> None:
    out = run("score", "123m 5z 0p", "-r", "shanghai", "--json")
    assert out.exit_code == 1
    assert '"column":9' in out.stdout
    assert out.stderr.splitlines()[1:] == ["  123m 5z 0p", "  " + " " * 8 + "^"]


def test_tab_is_shown_as_one_space_so_the_caret_stays_aligned() -> None:
    assert shown_hand("123m\th") == "123m h"
    assert caret_line("123m\th", 6) == "     ^"


def test_character_widths() -> None:
    assert [char_width(c) for c in "1m東\u3000\ufe0f"] == [1, 1, 2, 2, 0]
    assert text_width("五万 5m") == 7


def test_error_without_column_has_no_hand_line() -> None:
    out = run("score", "11122233344455m", "-r", "shanghai", "--win", "5q")
    assert out.exit_code == 1
    assert out.stderr.startswith("error [invalid_notation]: win_tile: ")
    assert "^" not in out.stderr


def test_not_winning_and_unknown_rules_get_a_hint() -> None:
    not_winning = run("score", "11122233344457m", "-r", "shanghai").stderr
    assert (
        "hint: check the tiles (14, plus one per kong); --win names the winning tile" in not_winning
    )
    unknown = run("score", "11122233344455m", "-r", "tokyo").stderr
    assert unknown.splitlines() == [
        "error [unknown_rules]: unknown ruleset 'tokyo'"
        " (known: guobiao, nanchang, shanghai, xingguo)",
        "hint: `mjcalc rules` lists the rulesets; --rules also takes a ruleset TOML file",
    ]


def test_scored_result_has_no_error_lines() -> None:
    assert report_lines(ScoreResult(ok=True)) == []
    unscored = ScoreResult(ok=False, error=ErrorOut(code="not_winning", message="no"))
    assert report_lines(unscored)[0] == "error [not_winning]: no"


# --- colour: only on a terminal, never with NO_COLOR --------------------------------------------


def test_error_is_red_on_a_terminal_and_plain_with_no_color() -> None:
    coloured = run("score", "1h", "-r", "shanghai", color=True).stderr
    assert "\x1b[31m" in coloured
    plain = run("score", "1h", "-r", "shanghai", color=True, env={"NO_COLOR": "1"}).stderr
    assert COLOUR_CODE.search(plain) is None


def test_piped_score_output_is_plain_text() -> None:
    out = run("score", "11122233344455m", "-r", "shanghai", "--discarder", "S")
    assert COLOUR_CODE.search(out.stdout) is None


def test_terminal_console_colours_amounts_unless_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in CLEAN_ENV:
        monkeypatch.delenv(name, raising=False)
    terminal = io.StringIO()
    make_console(file=terminal, force_terminal=True).print(amount_text(5), amount_text(-5))
    assert "\x1b[32m+5" in terminal.getvalue() and "\x1b[31m-5" in terminal.getvalue()
    monkeypatch.setenv("NO_COLOR", "1")
    no_colour = io.StringIO()
    make_console(file=no_colour, force_terminal=True).print(amount_text(5), amount_text(-5))
    assert no_colour.getvalue() == "+5 -5\n"


def test_pipe_console_is_plain_wide_and_never_cuts_a_table() -> None:
    piped = io.StringIO()
    console = make_console(file=piped)
    assert not console.is_terminal and console.width == PIPE_WIDTH
    # eleven columns of 20 characters: about 240 cells, twice the pipe width
    table = plain_table(*(f"column {i:02d}".ljust(20, ".") for i in range(11)))
    table.add_row(*(f"{i * 1000:>20}" for i in range(11)))
    emit(console, table)
    lines = piped.getvalue().splitlines()
    assert len(lines) == 3  # header, rule, one row: nothing wrapped
    assert lines[2].split() == [str(i * 1000) for i in range(11)]
    assert all(line == line.rstrip() for line in lines)


# --- pieces of the score view -------------------------------------------------------------------


def test_glyph_line_sets_the_winning_tile_apart_and_draws_melds_and_flowers() -> None:
    # every glyph takes two cells (🀄 is wide by itself, the others get a space), one apart
    assert glyph_line("11z [555z] (1111m) 12f", "1z") == ("🀀   🀀   [🀆  🀆  🀆]   (🀇  🀇  🀇  🀇)   🀦  🀧")
    assert glyph_line("11z", None) == "🀀  🀀"
    assert glyph_line("77z", None) == "🀄 🀄"
    # so a row with 🀄 lines up with one without: the same width per tile
    assert text_width(glyph_line("77z123m", None)) == text_width(glyph_line("12345m", None))


def test_summary_names_every_seat_outcome() -> None:
    result = ScoreResult(
        ok=True,
        winner="W",
        pattern=Named(id="p", zh="平胡", en="plain"),
        payments={"E": -7, "S": 4, "W": 3, "N": 0},
    )
    assert (
        summary_line(result, "en") == "W wins with plain 平胡: +3; N is even, E pays 7, S gets 4."
    )
    assert summary_line(result, "zh") == "西家胡平胡，+3：北平，東付7，南收4。"


def test_synthetic_result_with_every_block() -> None:
    # 2 sections → a ledger table; items with detail and seats → a detail column; two wilds
    result = ScoreResult(
        ok=True,
        rules="house.toml",
        hand="123m456p789s99s1z",
        win_tile="1z",
        winner="E",
        dealer="S",
        discarder="W",
        pattern=Named(id="plain", zh="平胡", en="plain"),
        reading={
            "shape": "standard",
            "sets": ["123m", "456p", "789s", "99s", "9s1z"],
            "wilds": [{"tile": "9s", "stood_for": "1z"}],
        },
        items=[
            Item(id="a", zh="自摸", en="self-draw", effect="×2"),
            Item(id="b", zh="德国", en="bonus", effect="+5", seats=["S", "W"], detail="paid once"),
        ],
        sections={
            "hu": {"E": 10, "S": -5, "W": -5, "N": 0},
            "extra": {"E": 0, "S": 0, "W": 2, "N": -2},
        },
        payments={"E": 10, "S": -5, "W": -3, "N": -2},
    )
    out = io.StringIO()
    render_result(result, make_console(file=out), "en")
    assert out.getvalue() == SYNTHETIC_EN


SYNTHETIC_EN = """\
🀇  🀈  🀉  🀜  🀝  🀞  🀖  🀗  🀘  🀘  🀘   🀀
123m456p789s99s1z
rules house.toml · winner E · dealer S · discarded by W · winning tile 1z

pattern    plain 平胡
reading    4 sets + a pair 四组一对: 123m 456p 789s 99s 9s1z
wilds      9s→1z
per payer  5+5=10

item             effect   detail
──────────────────────────────────────────────
self-draw 自摸       ×2
bonus 德国           +5   paid once; seats S W

section     E    S    W    N
────────────────────────────
win 胡    +10   -5   -5    0
extra       0    0   +2   -2
────────────────────────────
net       +10   -5   -3   -2

seat   role        amount
─────────────────────────
E      winner         +10
S      dealer          -5
W      discarder       -3
N                      -2

E wins with plain 平胡: +10; S pays 5, W pays 3, N pays 2.
"""


# --- rules views --------------------------------------------------------------------------------


def test_scoring_table_right_aligns_number_columns_only() -> None:
    table = Table("t", ["hand", "fan", "cap"], [["清一色", "4", "1 勒子"], ["风碰", "—", "×2"]])
    out = io.StringIO()
    emit(make_console(file=out), scoring_table(table))
    assert out.getvalue().splitlines() == [
        "hand     fan   cap",
        "─────────────────────",
        "清一色     4   1 勒子",
        "风碰       —   ×2",
    ]


def test_ruleset_view_prints_title_options_tables_and_notes_unwrapped() -> None:
    note = "a note long enough that a table caption would have wrapped it " * 3
    doc = RulesetDoc(
        name="house",
        ruleset="toy",
        description="one line",
        options=[OptionDoc("lezi", 10, "one 勒子"), OptionDoc("style", "plus10", "")],
        tables=[Table("A title", ["x", "n"], [["a", "1"]], note.strip())],
    )
    out = io.StringIO()
    print_ruleset(make_console(file=out), doc)
    assert out.getvalue().splitlines() == [
        "house — one line",
        "",
        "option   value      meaning",
        "────────────────────────────",
        "lezi     10         one 勒子",
        'style    "plus10"',
        "",
        "A title",
        "x   n",
        "─────",
        "a   1",
        note.strip(),
    ]


# --- real hands, rendered in full ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            # the other seats' jing said (none): no warning, no note on the 霸精 line
            ["123m456p789s11z", "234m", "-r", "xingguo", "--jing", "9s", "--jings", "N=0,0"],
            "XINGGUO_DEGUO_EN",
        ),
        (
            [
                "123m456p789s11z",
                "239m",
                "-r",
                "xingguo",
                "--jing",
                "8m",
                "--jings",
                "S=1,0",
                "--kong",
                "W=exposed:2p",
                "--lang",
                "zh",
            ],
            "XINGGUO_JING_KONG_ZH",
        ),
        (
            ["11122233344455m", "-r", "shanghai", "--discarder", "S"],
            "SHANGHAI_QINGPENG_EN",
        ),
        (
            [
                "111m 234m 567m 99m [EEE]",
                "1f2f",
                "-r",
                "shanghai",
                "--winner",
                "S",
                "--dealer",
                "W",
                "--lang",
                "zh",
            ],
            "SHANGHAI_HUNYISE_ZH",
        ),
    ],
)
def test_real_hand_rendering(args: list[str], expected: str) -> None:
    out = run("score", *args)
    assert out.exit_code == 0, out.output
    assert out.stdout == globals()[expected]


# Xingguo, jing 9s (正精 9s, 副精 1s); E deals and self-draws 123m 456p 789s 234m + 東東, holding
# one 9s at face value: 平胡 v = 1, no jing acts as wild → 德国. Each payer: 1 × 2 (self-draw)
# × 2 (dealer) = 4, 德国 × 2 = 8, + 5 = 13 → hu E +39. Jing: E alone holds one 正精 → s = 2, 霸精
# doubles it → 4 from each → E +12. Net E +51, each other seat -13 - 4 = -17.
XINGGUO_DEGUO_EN = """\
🀇  🀈  🀈  🀉  🀉  🀜  🀝  🀞  🀖  🀗  🀘  🀀  🀀   🀊
12233m456p789s11z 4m
rules xingguo · winner E · dealer E · self-drawn · winning tile 4m

pattern    Plain win 平胡
reading    4 sets + a pair 四组一对: 11z 123m 234m 456p 789s
wilds      9s not used as wild (face value)
per payer  13+13+13=39

item                             effect   detail
──────────────────────────────────────────────────────────────────────────────────
Base value 底分                       1   平胡 Plain win
Self-draw 自摸                       ×2
Dealer 庄家                          ×2   the dealer won
No jing used as wild 德国            ×2
德国 reward 德国奖励                 +5   added after the doublings, never doubled
Jing 精                     2 from each   2 × 1 正精 + 0 副精 = 2; seats E
Sole jing holder 霸精                ×2   2 → 4 from each; seats E

section                    E     S     W     N
──────────────────────────────────────────────
win 胡                   +39   -13   -13   -13
kongs 杠                   0     0     0     0
jing 精                  +12    -4    -4    -4
follow the dealer 跟庄     0     0     0     0
──────────────────────────────────────────────
net                      +51   -17   -17   -17

seat   role             amount
──────────────────────────────
E      winner, dealer      +51
S                          -17
W                          -17
N                          -17

E wins with Plain win 平胡: +51; S pays 17, W pays 17, N pays 17.
"""

# Xingguo, jing 8m (正精 8m, 副精 9m); E deals and self-draws, its 9m (副精) stands for 4m in 234m:
# 平胡 with a wild must be self-drawn (it is). Each payer 1 × 2 × 2 = 4 → hu E +12, -4 each.
# W's exposed kong of 2p: 2 from each other seat → W +6, E S N -2. Jing: E s = 1 (one 副精),
# S s = 2 (one 正精), W N 0; two holders → no 霸精; net(i) = Σ (s_i - s_j): E (1-2)+1+1 = +1,
# S 1+2+2 = +5, W -1-2+0 = -3, N -3. Totals: E 12-2+1 = +11, S -4-2+5 = -1, W -4+6-3 = -1,
# N -4-2-3 = -9.
XINGGUO_JING_KONG_ZH = """\
🀇  🀈  🀈  🀉  🀉  🀜  🀝  🀞  🀖  🀗  🀘  🀀  🀀   🀏
12233m456p789s11z 9m
规则 兴国冲关 · 胡家 東 · 庄家 東 · 自摸 · 胡张 9m

牌型    平胡
解读    四组一对：11z 123m 234m 456p 789s
精      9m→4m
各家付  4+4+4=12

项目       效果   说明
──────────────────────────────────────────────────
底分          1   平胡
自摸         ×2
庄家         ×2   庄家胡
明杠   每家付 2   明杠 2p；座位 西
精     每家付 1   2 × 0 正精 + 1 副精 = 1；座位 東
精     每家付 2   2 × 1 正精 + 0 副精 = 2；座位 南

账目    東   南   西   北
─────────────────────────
胡     +12   -4   -4   -4
杠      -2   -2   +6   -2
精      +1   +5   -3   -3
跟庄     0    0    0    0
─────────────────────────
合计   +11   -1   -1   -9

座位   身份         输赢
────────────────────────
東     胡家，庄家    +11
南                    -1
西                    -1
北                    -9

東家胡平胡，+11：南付1，西付1，北付9。
"""

# Shanghai: 111m 222m 333m 444m + 55m is 清碰 (full flush + all pungs), 5 fan; no flowers:
# share (0 + 1) × 2^5 = 32, capped at 2 勒子 = 20; S discarded, so S alone pays 20.
SHANGHAI_QINGPENG_EN = """\
🀇  🀇  🀇  🀈  🀈  🀈  🀉  🀉  🀉  🀊  🀊  🀊  🀋   🀋
1112223334445m 5m
rules shanghai · winner E · dealer E · discarded by S · winning tile 5m

pattern  Full flush all pungs 清碰
reading  4 sets + a pair 四组一对: 55m 111m 222m 333m 444m

item                                     effect   detail
────────────────────────────────────────────────────────────────────────────────────────────────────
Full flush all pungs 清碰                +5 fan
base 底分                                    +1
points per share 每份        (0 + 1) × 2^5 = 32   flowers + base, doubled once per fan
cap: 2 lezi 双勒                  ≤ 20: 32 → 20   清碰 reaches 2 勒子; 1 勒子 = 10
Discard win 点炮            S pays 1 share (20)   the discarder alone pays; no dealer bonus; seats S

seat   role             amount
──────────────────────────────
E      winner, dealer      +20
S      discarder           -20
W                            0
N                            0

E wins with Full flush all pungs 清碰: +20; S pays 20, W is even, N is even.
"""

# Shanghai: 111m 234m 567m 99m + exposed 東東東 is 混一色, 2 fan; flowers: 春 夏 written (2) +
# exposed wind pung (1) = 3; share (3 + 1) × 2^2 = 16, capped at one 勒子 = 10; S self-draws,
# so E, W, N pay 10 each → S +30 (the dealer W gets no bonus in Shanghai).
SHANGHAI_HUNYISE_ZH = """\
🀇  🀇  🀇  🀈  🀉  🀊  🀋  🀌  🀍  🀏   🀏   [🀀  🀀  🀀]   🀦  🀧
1112345679m 9m [111z] 12f
规则 上海清混碰 · 胡家 南 · 庄家 西 · 自摸 · 胡张 9m

牌型    混一色
解读    四组一对：99m 111m 234m 567m [111z]
各家付  10+10+10=30

项目                      效果   说明
──────────────────────────────────────────────────────────────────────────────────
混一色                   +2 番
花牌                     +2 花   写在手牌里：春 夏
東刻                     +1 花   副露
底分                        +1
每份       （3 + 1）× 2^2 = 16   花数 + 底分，每番翻一倍
勒子             ≤ 10：16 → 10   混一色：一个勒子；1 勒子 = 10
自摸     其余每家付 1 份（10）   含杠开；自摸不翻倍，也没有庄家加倍；座位 西 北 東

座位   身份   输赢
──────────────────
東             -10
南     胡家    +30
西     庄家    -10
北             -10

南家胡混一色，+30：西付10，北付10，東付10。
"""


def test_xingguo_breakdown_shows_the_seeds_per_payer_line() -> None:
    # seed A6, 闲家点庄家德国平胡: S discards to the dealer E, 德国 (9s kept at face value):
    # S pays 1 × 2 discarder × 2 dealer × 2 德国 = 8, + 5 德国 reward = 13;
    # W and N pay 1 × 2 dealer × 2 德国 = 4 each → 13+4+4=21
    out = run("score", "123m456p789s11z234m", "-r", "xingguo", "--jing", "9s", "--discarder", "S")
    assert "per payer  13+4+4=21" in out.stdout.splitlines()
    zh = run("score", "123m456p789s11z234m", "-r", "xingguo", "--jing", "9s", "--lang", "zh")
    # E self-draws as dealer: 1 × 2 × 2 × 2 = 8, + 5 = 13 from each → 13+13+13=39 (seed A2)
    assert "各家付  13+13+13=39" in zh.stdout.splitlines()


def test_jing_at_face_value_reads_as_not_used_as_wild() -> None:
    args = ["score", "5s5s5s6s6s6s123m456p11z", "--win", "1z", "-r", "xingguo", "--jing", "5s"]
    en = run(*args, "--jings", "N=0,1").stdout
    assert "wilds      5s 5s 5s 6s 6s 6s not used as wild (face value)" in en
    assert "(face value), " not in en
    zh = run(*args, "--jings", "N=0,1", "--lang", "zh").stdout
    assert "5s 5s 5s 6s 6s 6s 未当精用（还原）" in zh
    # a wild that stood for a tile first, then those at face value
    mixed = run("score", "123m45678p789s11z5s", "--win", "1m", "-r", "xingguo", "--jing", "5s")
    assert "wilds      5s→9p\n" in mixed.stdout


def test_every_ascii_character_takes_one_cell() -> None:
    """What lets ``text_width`` count an ASCII text by its length (control characters too)."""
    ascii_text = "".join(map(chr, range(128)))
    assert {char_width(ch) for ch in ascii_text} == {1}
    assert text_width(ascii_text) == 128 == sum(map(char_width, ascii_text))
    assert text_width("東 1m") == 5  # a wide character still counted by cells


def report_lines(result: Any, lang: Any = "en") -> list[str]:
    """The error report of ``result`` as plain lines (none for a scored result)."""
    report = error_report(result, lang)
    return report.lines() if report else []
