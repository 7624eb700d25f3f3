"""``--format markdown``: a scored hand as GitHub-style Markdown tables (its items, its ledger,
the four seats' payments) under a heading of the hand and its pattern, in English and Chinese;
a batch as one table row per hand line; every text escaped; Rich never loaded."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mjcalc.render.markdown import escaped
from tests.support.cli import CLEAN_ENV, run

ROOT = Path(__file__).resolve().parents[2]
HANDS = str(ROOT / "docs" / "examples" / "hands.txt")
QINGPENG = ["score", "111m222m333m444m55m", "-r", "shanghai", "--discarder", "S"]

QINGPENG_EN = """\
### 1112223334445m 5m · Full flush all pungs 清碰

rules shanghai · winner E · dealer E · discarded by S · winning tile 5m

- **reading**: 4 sets + a pair 四组一对: 55m 111m 222m 333m 444m

| item | effect | detail |
| --- | ---: | --- |
| Full flush all pungs 清碰 | +5 fan |  |
| base 底分 | +1 |  |
| points per share 每份 | (0 + 1) × 2^5 = 32 | flowers + base, doubled once per fan |
| cap: 2 lezi 双勒 | ≤ 20: 32 → 20 | 清碰 reaches 2 勒子; 1 勒子 = 10 |
| Discard win 点炮 | S pays 1 share (20) | the discarder alone pays; no dealer bonus; seats S |

| seat | role | amount |
| --- | --- | ---: |
| E | winner, dealer | +20 |
| S | discarder | -20 |
| W |  | 0 |
| N |  | 0 |

E wins with Full flush all pungs 清碰: +20; S pays 20, W is even, N is even.
"""

QINGPENG_ZH = """\
### 1112223334445m 5m · 清碰

规则 上海清混碰 · 胡家 東 · 庄家 東 · 点炮 南 · 胡张 5m

- **解读**：四组一对：55m 111m 222m 333m 444m

| 项目 | 效果 | 说明 |
| --- | ---: | --- |
| 清碰 | +5 番 |  |
| 底分 | +1 |  |
| 每份 | （0 + 1）× 2^5 = 32 | 花数 + 底分，每番翻一倍 |
| 双勒 | ≤ 20：32 → 20 | 清碰封顶 2 个勒子；1 勒子 = 10 |
| 点炮 | 南付 1 份（20） | 只有点炮的人付；没有庄家加倍；座位 南 |

| 座位 | 身份 | 输赢 |
| --- | --- | ---: |
| 東 | 胡家，庄家 | +20 |
| 南 | 点炮 | -20 |
| 西 |  | 0 |
| 北 |  | 0 |

東家胡清碰，+20：南付20，西平，北平。
"""


def test_a_shanghai_hand_as_markdown_in_english() -> None:
    out = run(*QINGPENG, "--format", "markdown")
    assert (out.exit_code, out.stdout, out.stderr) == (0, QINGPENG_EN, "")


def test_a_shanghai_hand_as_markdown_in_chinese() -> None:
    out = run(*QINGPENG, "--format", "markdown", "--lang", "zh")
    assert (out.exit_code, out.stdout, out.stderr) == (0, QINGPENG_ZH, "")


# the seed's D12 (README): a non-dealer's 大七 精吊德国, with jing scores in their own section
D12 = ["score", "222m444p777s999s5s 5s", "-r", "xingguo", "--jing", "5s", "--winner", "S"]


def test_a_xingguo_hand_shows_its_wilds_its_per_payer_line_and_its_ledger() -> None:
    out = run(*D12, "--jings", "N=0,1", "--format", "markdown")
    assert out.exit_code == 0
    lines = out.stdout.splitlines()
    assert lines[0] == "### 222m444p5777999s 5s · Big seven (all pungs) 大七"
    assert "- **wilds**: 5s 5s not used as wild (face value)" in lines
    assert "- **per payer**: 69+37+37=143" in lines
    assert "| Lone-jing wait 精吊 | ×2 | pair: lone jing 5s + winning tile 5s |" in lines
    ledger = lines.index("| section | E | S | W | N |")
    assert lines[ledger : ledger + 7] == [
        "| section | E | S | W | N |",
        "| --- | ---: | ---: | ---: | ---: |",
        "| win 胡 | -69 | +143 | -37 | -37 |",
        "| kongs 杠 | 0 | 0 | 0 | 0 |",
        "| jing 精 | -5 | +11 | -5 | -1 |",
        "| follow the dealer 跟庄 | 0 | 0 | 0 | 0 |",
        "| **net** | **-74** | **+154** | **-42** | **-38** |",
    ]
    # the payments table says the same as the JSON result
    json_out = run(*D12, "--jings", "N=0,1", "--json")
    assert '"payments":{"E":-74,"S":154,"W":-42,"N":-38}' in json_out.stdout
    assert lines[-7:-2] == [
        "| --- | --- | ---: |",
        "| E | dealer | -74 |",
        "| S | winner | +154 |",
        "| W |  | -42 |",
        "| N |  | -38 |",
    ]
    assert (
        lines[-1]
        == "S wins with Big seven (all pungs) 大七: +154; W pays 42, N pays 38, E pays 74."
    )


def test_the_chinese_ledger_names_the_sections_in_chinese() -> None:
    out = run(*D12, "--jings", "N=0,1", "--format", "markdown", "--lang", "zh")
    assert "| 账目 | 東 | 南 | 西 | 北 |" in out.stdout
    assert "| 精 | -5 | +11 | -5 | -1 |" in out.stdout
    assert "| **合计** | **-74** | **+154** | **-42** | **-38** |" in out.stdout
    assert "- **精**：5s 5s 未当精用（还原）" in out.stdout


def test_a_hand_that_is_not_scored_writes_no_markdown() -> None:
    out = run("score", "123m456p789s11h 234m", "-r", "shanghai", "--format", "markdown")
    assert out.exit_code == 1 and out.stdout == ""
    assert "error [invalid_notation]" in out.stderr


# --- escaping ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("Ann", "Ann"),
        ("a|b", "a\\|b"),
        ("*Bo* _x_ `c`", "\\*Bo\\* \\_x\\_ \\`c\\`"),
        ("[link](http://x)", "\\[link\\](http://x)"),
        ("<script>&amp;", "\\<script\\>\\&amp;"),
        ("# ~~x~~ \\", "\\# \\~\\~x\\~\\~ \\\\"),
        ("a\x1b[31mb\u202e", "a\\\\x1b\\[31mb\\\\u202e"),  # escaped first, as every view does
        ("清碰 2^5 (0 + 1)", "清碰 2^5 (0 + 1)"),
    ],
)
def test_typed_text_is_written_as_literal_markdown(typed: str, written: str) -> None:
    assert escaped(typed) == written


def _cells(line: str) -> list[str]:
    """The cells of a table line, split at the pipes that are not escaped."""
    return re.split(r"(?<!\\)\|", line)[1:-1]


def test_a_ruleset_file_named_with_markdown_is_shown_as_named(tmp_path: Path) -> None:
    house = tmp_path / "ho|use_<b>.toml"
    house.write_text('ruleset = "shanghai"\n', encoding="utf-8")
    out = run(
        "score", "111m222m333m444m55m", "-r", str(house), "--discarder", "S", "--format=markdown"
    )
    assert out.exit_code == 0
    situation = out.stdout.splitlines()[2]
    assert situation.startswith("rules ") and "ho\\|use\\_\\<b\\>.toml · winner E" in situation


def test_a_batch_is_one_table_row_per_hand_line() -> None:
    out = run("batch", HANDS, "-r", "xingguo", "--format", "markdown")
    assert out.exit_code == 1  # line 9 is not scored, as in every format
    lines = out.stdout.splitlines()
    assert lines[:3] == [
        "| line | hand | pattern | E | S | W | N |",
        "| ---: | --- | --- | ---: | ---: | ---: | ---: |",
        "| 3 | 12233m456p789s11z 4m | Plain win 平胡 | +63 | -21 | -21 | -21 |",
    ]
    assert (
        "| 7 | 1112345679m 9m \\[111z\\] 12f | Half flush 混一色 | -10 | +30 | -10 | -10 |" in lines
    )
    rows = lines[2:-2]
    assert [row.split(" | ")[0] for row in rows] == [
        "| 3",
        "| 4",
        "| 5",
        "| 6",
        "| 7",
        "| 9",
        "| 10",
    ]
    assert all(len(_cells(row)) == 7 for row in rows)
    assert lines[-2:] == ["", "6 scored, 1 not scored"]
    zh = run("batch", HANDS, "-r", "xingguo", "--format", "markdown", "--lang", "zh")
    assert zh.stdout.splitlines()[0] == "| 行 | 牌 | 牌型 | 東 | 南 | 西 | 北 |"
    assert zh.stdout.splitlines()[-1] == "已计分 6，未计分 1"


def test_a_batch_line_s_own_text_cannot_break_its_row() -> None:
    lines = "123m|456p -r shanghai\n111m222m333m444m55m -r shanghai --discarder S\n"
    out = run("batch", "-", "--format", "markdown", stdin=lines)
    rows = out.stdout.splitlines()[2:4]
    assert rows[0].startswith("| 1 | 123m\\|456p | error \\[invalid\\_notation\\] unknown")
    assert all(len(_cells(row)) == 7 for row in rows)
    assert rows[1] == "| 2 | 1112223334445m 5m | Full flush all pungs 清碰 | +20 | -20 | 0 | 0 |"


# --- no Rich -------------------------------------------------------------------------------------

PROBE = """
import sys
sys.argv = ["mjcalc", *sys.argv[1:]]
from mjcalc.cli import main
try:
    main()
finally:
    print(sorted(m for m in sys.modules if m.split(".")[0] == "rich"), file=sys.stderr)
"""


@pytest.mark.parametrize(
    "args",
    [[*QINGPENG, "--format", "markdown"], ["batch", HANDS, "-r", "xingguo", "--format=markdown"]],
    ids=["score", "batch"],
)
def test_markdown_never_loads_rich(args: list[str]) -> None:
    env = {k: v for k, v in os.environ.items() if k not in CLEAN_ENV}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=env, check=False
    )
    assert done.stdout.startswith(("### ", "| line |")), done.stderr
    assert done.stderr.splitlines()[-1] == "[]"
