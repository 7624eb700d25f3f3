"""The Guobiao fan table: every fan's id, value and names, in one place, as data.

The ids are those of ``docs/rules/guobiao.md``; the Chinese names are the competition rules'
(and the outside check's, which spells the three wait fans 独听・边张 / 独听・嵌张 / 独听・单钓).
The rows run from the biggest fan down, the order in which a result lists them; the rest of the
ruleset reads names from here and nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class FanSpec:
    """One fan of the table."""

    id: str
    value: int
    zh: str
    en: str


_ROWS: Final = (
    FanSpec("big_four_winds", 88, "大四喜", "Big Four Winds"),
    FanSpec("big_three_dragons", 88, "大三元", "Big Three Dragons"),
    FanSpec("all_green", 88, "绿一色", "All Green"),
    FanSpec("nine_gates", 88, "九莲宝灯", "Nine Gates"),
    FanSpec("four_kongs", 88, "四杠", "Four Kongs"),
    FanSpec("seven_shifted_pairs", 88, "连七对", "Seven Shifted Pairs"),
    FanSpec("thirteen_orphans", 88, "十三幺", "Thirteen Orphans"),
    FanSpec("all_terminals", 64, "清幺九", "All Terminals"),
    FanSpec("little_four_winds", 64, "小四喜", "Little Four Winds"),
    FanSpec("little_three_dragons", 64, "小三元", "Little Three Dragons"),
    FanSpec("all_honors", 64, "字一色", "All Honors"),
    FanSpec("four_concealed_pungs", 64, "四暗刻", "Four Concealed Pungs"),
    FanSpec("pure_terminal_chows", 64, "一色双龙会", "Pure Terminal Chows"),
    FanSpec("quadruple_chow", 48, "一色四同顺", "Quadruple Chow"),
    FanSpec("four_pure_shifted_pungs", 48, "一色四节高", "Four Pure Shifted Pungs"),
    FanSpec("four_pure_shifted_chows", 32, "一色四步高", "Four Pure Shifted Chows"),
    FanSpec("three_kongs", 32, "三杠", "Three Kongs"),
    FanSpec("all_terminals_and_honors", 32, "混幺九", "All Terminals and Honors"),
    FanSpec("seven_pairs", 24, "七对", "Seven Pairs"),
    FanSpec("greater_honors_and_knitted", 24, "七星不靠", "Greater Honors and Knitted Tiles"),
    FanSpec("all_even_pungs", 24, "全双刻", "All Even Pungs"),
    FanSpec("full_flush", 24, "清一色", "Full Flush"),
    FanSpec("pure_triple_chow", 24, "一色三同顺", "Pure Triple Chow"),
    FanSpec("pure_shifted_pungs", 24, "一色三节高", "Pure Shifted Pungs"),
    FanSpec("upper_tiles", 24, "全大", "Upper Tiles"),
    FanSpec("middle_tiles", 24, "全中", "Middle Tiles"),
    FanSpec("lower_tiles", 24, "全小", "Lower Tiles"),
    FanSpec("pure_straight", 16, "清龙", "Pure Straight"),
    FanSpec("three_suited_terminal_chows", 16, "三色双龙会", "Three-Suited Terminal Chows"),
    FanSpec("pure_shifted_chows", 16, "一色三步高", "Pure Shifted Chows"),
    FanSpec("all_fives", 16, "全带五", "All Five"),
    FanSpec("triple_pung", 16, "三同刻", "Triple Pung"),
    FanSpec("three_concealed_pungs", 16, "三暗刻", "Three Concealed Pungs"),
    FanSpec("lesser_honors_and_knitted", 12, "全不靠", "Lesser Honors and Knitted Tiles"),
    FanSpec("knitted_straight", 12, "组合龙", "Knitted Straight"),
    FanSpec("upper_four", 12, "大于五", "Upper Four"),
    FanSpec("lower_four", 12, "小于五", "Lower Four"),
    FanSpec("big_three_winds", 12, "三风刻", "Big Three Winds"),
    FanSpec("mixed_straight", 8, "花龙", "Mixed Straight"),
    FanSpec("reversible_tiles", 8, "推不倒", "Reversible Tiles"),
    FanSpec("mixed_triple_chow", 8, "三色三同顺", "Mixed Triple Chow"),
    FanSpec("mixed_shifted_pungs", 8, "三色三节高", "Mixed Shifted Pungs"),
    FanSpec("chicken_hand", 8, "无番和", "Chicken Hand"),
    FanSpec("last_tile_draw", 8, "妙手回春", "Last Tile Draw"),
    FanSpec("last_tile_claim", 8, "海底捞月", "Last Tile Claim"),
    FanSpec("out_with_replacement_tile", 8, "杠上开花", "Out with Replacement Tile"),
    FanSpec("robbing_the_kong", 8, "抢杠和", "Robbing The Kong"),
    FanSpec("all_pungs", 6, "碰碰和", "All Pungs"),
    FanSpec("half_flush", 6, "混一色", "Half Flush"),
    FanSpec("mixed_shifted_chows", 6, "三色三步高", "Mixed Shifted Chows"),
    FanSpec("all_types", 6, "五门齐", "All Types"),
    FanSpec("melded_hand", 6, "全求人", "Melded Hand"),
    FanSpec("two_concealed_kongs", 6, "双暗杠", "Two Concealed Kongs"),
    FanSpec("two_dragon_pungs", 6, "双箭刻", "Two Dragons Pungs"),
    FanSpec("concealed_and_melded_kong", 5, "明暗杠", "Concealed Kong and Melded Kong"),
    FanSpec("outside_hand", 4, "全带幺", "Outside Hand"),
    FanSpec("fully_concealed_hand", 4, "不求人", "Fully Concealed Hand"),
    FanSpec("two_melded_kongs", 4, "双明杠", "Two Melded Kongs"),
    FanSpec("last_tile", 4, "和绝张", "Last Tile"),
    FanSpec("dragon_pung", 2, "箭刻", "Dragon Pung"),
    FanSpec("prevalent_wind", 2, "圈风刻", "Prevalent Wind"),
    FanSpec("seat_wind", 2, "门风刻", "Seat Wind"),
    FanSpec("concealed_hand", 2, "门前清", "Concealed Hand"),
    FanSpec("all_chows", 2, "平和", "All Chows"),
    FanSpec("tile_hog", 2, "四归一", "Tile Hog"),
    FanSpec("double_pung", 2, "双同刻", "Double Pung"),
    FanSpec("two_concealed_pungs", 2, "双暗刻", "Two Concealed Pungs"),
    FanSpec("concealed_kong", 2, "暗杠", "Concealed Kong"),
    FanSpec("all_simples", 2, "断幺", "All Simples"),
    FanSpec("pure_double_chow", 1, "一般高", "Pure Double Chow"),
    FanSpec("mixed_double_chow", 1, "喜相逢", "Mixed Double Chow"),
    FanSpec("short_straight", 1, "连六", "Short Straight"),
    FanSpec("two_terminal_chows", 1, "老少副", "Two Terminal Chows"),
    FanSpec("pung_of_terminals_or_honors", 1, "幺九刻", "Pung of Terminals or Honors"),
    FanSpec("melded_kong", 1, "明杠", "Melded Kong"),
    FanSpec("one_voided_suit", 1, "缺一门", "One Voided Suit"),
    FanSpec("no_honors", 1, "无字", "No Honors"),
    FanSpec("edge_wait", 1, "边张", "Edge Wait"),
    FanSpec("closed_wait", 1, "坎张", "Closed Wait"),
    FanSpec("single_wait", 1, "单钓将", "Single Wait"),
    FanSpec("self_drawn", 1, "自摸", "Self-Drawn"),
    FanSpec("flower_tiles", 1, "花牌", "Flower Tiles"),
)

FANS: Final[dict[str, FanSpec]] = {spec.id: spec for spec in _ROWS}
"""Every fan by id, biggest first (``flower_tiles`` counts one per flower)."""

ORDER: Final[dict[str, int]] = {spec.id: i for i, spec in enumerate(_ROWS)}
"""Each fan's place in the table: the order of a result's items."""
