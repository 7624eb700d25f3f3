"""Shanghai: the generated scoring tables, the ruleset's declarations, and the rank table."""

from __future__ import annotations

import pytest

from mjcalc.notation import parse_hand
from mjcalc.rules.registry import load_rules
from mjcalc.rules.shanghai.options import ShanghaiOptions
from mjcalc.rules.shanghai.ranks import RANK_NAMES, level_start, rank_for
from mjcalc.rules.shanghai.ruleset import RULESET, hand_policy
from tests.rules.shanghai.helpers import error

# --- the fan table ---------------------------------------------------------------------------


def _rows(title_start: str, options: ShanghaiOptions) -> dict[str, list[str]]:
    table = next(t for t in RULESET.tables(options) if t.title.startswith(title_start))
    return {row[0]: row for row in table.rows}


def test_fan_table_lists_every_hand_and_fan_of_the_spec() -> None:
    rows = _rows("Shanghai fan", ShanghaiOptions())
    # zh → (fan, multiplier) from docs/rules/shanghai.md
    expected = {
        "碰碰胡": ("2", "×4"),
        "混一色": ("2", "×4"),
        "清一色": ("4", "×16"),
        "混碰": ("4", "×16"),
        "清碰": ("5", "×32"),
        "风一色": ("5", "×32"),
        "风碰": ("6", "×64"),
        "八花齐": ("4", "×16"),
        "杠开": ("+1", "×2"),
        "大吊车": ("+1", "×2"),
        "开宝": ("+1", "×2"),
        "黄番": ("+1", "×2"),
    }
    assert {zh: (row[2], row[3]) for zh, row in rows.items()} == expected


def test_fan_table_caps_follow_the_lezi_option() -> None:
    rows = _rows("Shanghai fan", ShanghaiOptions(lezi=15))
    assert rows["清一色"][4] == "1 勒子 = 15"
    assert rows["清碰"][4] == "2 勒子 = 30"
    assert rows["风碰"][4] == "4 勒子 = 60"
    assert rows["开宝"][4] == "lifts it to 2 勒子 = 30"
    assert rows["杠开"][4] == ""
    assert rows["八花齐"][4] == "15 flat from each other seat"


def test_lezi_ladder_with_the_defaults() -> None:
    # columns 0..4 flowers, then the cap. 碰碰胡 / 混一色: (k + 1) × 4 = 4, 8, 12→10…;
    # 清一色 / 混碰 16 → 10 at once; 清碰 / 风一色 32 → 20; 风碰 holds at least its 4 wind pungs:
    # (4 + 1) × 64 → 40
    rows = _rows("勒子 ladder", ShanghaiOptions())
    assert rows == {
        "碰碰胡": ["碰碰胡", "4", "8", "10", "10", "10", "10"],
        "混一色": ["混一色", "4", "8", "10", "10", "10", "10"],
        "清一色": ["清一色", "10", "10", "10", "10", "10", "10"],
        "混碰": ["混碰", "10", "10", "10", "10", "10", "10"],
        "清碰": ["清碰", "20", "20", "20", "20", "20", "20"],
        "风一色": ["风一色", "20", "20", "20", "20", "20", "20"],
        "风碰": ["风碰", "—", "—", "—", "—", "40", "40"],
    }


def test_lezi_ladder_runs_until_every_hand_is_capped() -> None:
    # lezi 30, base 2: 碰碰胡 (k + 2) × 4 reaches 30 at k = 6 (32 → 30), the last column
    table = next(t for t in RULESET.tables(ShanghaiOptions(lezi=30, base=2)) if "ladder" in t.title)
    assert table.columns == ["hand", "0", "1", "2", "3", "4", "5", "6", "cap"]
    rows = {row[0]: row for row in table.rows}
    assert rows["碰碰胡"][1:] == ["8", "12", "16", "20", "24", "28", "30", "30"]
    # 清一色 (k + 2) × 16: 32 → 30 from the start
    assert rows["清一色"][1:] == ["30"] * 8


# --- declarations ----------------------------------------------------------------------------


def test_options_defaults_and_help() -> None:
    loaded = load_rules("shanghai")
    assert loaded.options().model_dump() == {
        "base": 1,
        "lezi": 10,
        "stake": 1,
        "fee": 0,
        "escape_lezi": 3,
        "liability": "extra",
        "cap_scope": "share",
    }


@pytest.mark.parametrize(
    ("hand", "incomplete"),
    [
        ("123m456p 12345678f", True),  # 八花齐 written: any hand
        ("111m222p333s444m55p", True),  # none written: `flowers` may still be 8
        ("111m222p333s444m55p 123f", False),  # some written: never 8, count it
    ],
)
def test_hand_policy_allows_flowers_and_skips_the_count_only_where_eight_may_be(
    hand: str, incomplete: bool
) -> None:
    policy = hand_policy(ShanghaiOptions(), parse_hand(hand))
    assert policy.flowers
    assert policy.allow_incomplete is incomplete


def test_incomplete_hand_with_some_flowers_is_an_invalid_hand() -> None:
    assert error("123m456m789m123m5m 123f").code == "invalid_hand"


# --- ranks (for sessions) --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "level", "title", "dan"),
    [
        (-50, 1, "待业", "麻袋"),
        (0, 1, "待业", "麻袋"),
        (99, 1, "待业", "麻袋"),
        (100, 2, "临时工", "街头一段"),
        (199, 2, "临时工", "街头一段"),
        (200, 3, "合同工", "街头二段"),
        (25600, 10, "经理", "酒店一段"),  # level 9's 下一级升级分 is 25600
        (419430399, 23, "世界首富", "麻将皇帝"),
        (419430400, 24, "财神", "麻将无敌"),
        (10**12, 24, "财神", "麻将无敌"),
    ],
)
def test_rank_for(points: int, level: int, title: str, dan: str) -> None:
    rank = rank_for(points)
    assert (rank.level, rank.title, rank.dan) == (level, title, dan)


def test_level_starts_double_from_100() -> None:
    assert len(RANK_NAMES) == 24
    assert [level_start(k) for k in (1, 2, 3, 10, 24)] == [None, 100, 200, 25600, 419430400]
    with pytest.raises(ValueError, match="no level 25"):
        level_start(25)
