"""The options of a 鸡胡 table (``jihu.toml``, each overridable for one hand with ``-o``).

Every number of the ruleset is an option, so a house rule is one changed line of a TOML file:
the fan of each scoring element, the fewest fan a hand needs to win, the most fan it is paid
for, and the base amount.
"""

from __future__ import annotations

from mjcalc.plugin import MAX_AMOUNT, bounded_option
from pydantic import BaseModel, ConfigDict

MAX_FAN = 16
"""No option counts more fan than this (2^16 times the base is already a fortune)."""


class JihuOptions(BaseModel):
    """Option values of one 鸡胡 table; an unknown name is an error, never ignored.

    Strict, like mjcalc's own options: ``"5"`` is not 5 and ``true`` is not 1.
    """

    model_config = ConfigDict(extra="forbid", strict=True)

    base: int = bounded_option(
        1, MAX_AMOUNT, 1, "底分: one share is base × 2^fan", "底分：每份 = 底分 × 2^番"
    )
    min_fan: int = bounded_option(
        0,
        MAX_FAN,
        0,
        "起胡: the fewest fan a hand needs to win (0: a bare chicken hand wins)",
        "起胡：至少要几番才能胡（0：鸡胡也能胡）",
    )
    max_fan: int = bounded_option(
        0, MAX_FAN, 8, "封顶: the most fan a hand is paid for", "封顶：最多按几番计"
    )
    fan_self_draw: int = bounded_option(0, MAX_FAN, 1, "自摸: a self-drawn win", "自摸的番数")
    fan_concealed: int = bounded_option(
        0,
        MAX_FAN,
        1,
        "门前清: no exposed meld (concealed kongs allowed)",
        "门前清（没有明的副露，暗杠可以）的番数",
    )
    fan_all_pungs: int = bounded_option(
        0, MAX_FAN, 3, "碰碰胡: four pungs or kongs and a pair", "碰碰胡（四组都是刻子或杠）的番数"
    )
    fan_half_flush: int = bounded_option(
        0, MAX_FAN, 3, "混一色: one suit and honors", "混一色（一门花色加字牌）的番数"
    )
    fan_full_flush: int = bounded_option(
        0, MAX_FAN, 6, "清一色: one suit, no honors", "清一色（一门花色，没有字牌）的番数"
    )
    fan_seven_pairs: int = bounded_option(
        0, MAX_FAN, 4, "七对: seven pairs (four alike count as two)", "七对（四张相同算两对）的番数"
    )
    fan_all_honors: int = bounded_option(
        0,
        MAX_FAN,
        10,
        "字一色: honors only (instead of 混一色 and 碰碰胡)",
        "字一色（全是字牌，不再计混一色和碰碰胡）的番数",
    )
    fan_dragon_pung: int = bounded_option(
        0, MAX_FAN, 1, "箭刻: each pung or kong of dragons", "箭刻：每个中、發、白的刻子或杠的番数"
    )
    fan_seat_wind: int = bounded_option(
        0,
        MAX_FAN,
        1,
        "门风: a pung or kong of the winner's seat wind (the dealer's is East)",
        "门风刻（庄家为东）的番数",
    )
    fan_round_wind: int = bounded_option(
        0, MAX_FAN, 1, "圈风: a pung or kong of the round wind", "圈风刻的番数"
    )
    fan_after_kong: int = bounded_option(
        0, MAX_FAN, 1, "杠上开花: a win on a kong's replacement tile", "杠上开花的番数"
    )
    fan_robbing_kong: int = bounded_option(
        0, MAX_FAN, 1, "抢杠: a win on the tile another seat added to its pung", "抢杠胡的番数"
    )

    def fan(self, name: str) -> int:
        """The fan of the scoring element ``name`` (``self_draw``, ``all_pungs``…)."""
        value: int = getattr(self, f"fan_{name}")
        return value

    def share(self, fan: int) -> int:
        """What one paying seat pays for a hand paid at ``fan`` fan: base × 2^fan."""
        return self.base * (1 << fan)
