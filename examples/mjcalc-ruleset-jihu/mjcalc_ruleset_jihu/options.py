"""The options of a 鸡胡 table (``jihu.toml``, each overridable for one hand with ``-o``).

Every number of the ruleset is an option, so a house rule is one changed line of a TOML file:
the fan of each scoring element, the fewest fan a hand needs to win, the most fan it is paid
for, and the base amount.
"""

from __future__ import annotations

from mjcalc.plugin import MAX_AMOUNT, bounded
from pydantic import BaseModel, ConfigDict

MAX_FAN = 16
"""No option counts more fan than this (2^16 times the base is already a fortune)."""


class JihuOptions(BaseModel):
    """Option values of one 鸡胡 table; an unknown name is an error, never ignored.

    Strict, like mjcalc's own options: ``"5"`` is not 5 and ``true`` is not 1.
    """

    model_config = ConfigDict(extra="forbid", strict=True)

    base: int = bounded(1, MAX_AMOUNT, 1)
    min_fan: int = bounded(0, MAX_FAN, 0)
    max_fan: int = bounded(0, MAX_FAN, 8)
    fan_self_draw: int = bounded(0, MAX_FAN, 1)
    fan_concealed: int = bounded(0, MAX_FAN, 1)
    fan_all_pungs: int = bounded(0, MAX_FAN, 3)
    fan_half_flush: int = bounded(0, MAX_FAN, 3)
    fan_full_flush: int = bounded(0, MAX_FAN, 6)
    fan_seven_pairs: int = bounded(0, MAX_FAN, 4)
    fan_all_honors: int = bounded(0, MAX_FAN, 10)
    fan_dragon_pung: int = bounded(0, MAX_FAN, 1)
    fan_seat_wind: int = bounded(0, MAX_FAN, 1)
    fan_round_wind: int = bounded(0, MAX_FAN, 1)
    fan_after_kong: int = bounded(0, MAX_FAN, 1)
    fan_robbing_kong: int = bounded(0, MAX_FAN, 1)

    def fan(self, name: str) -> int:
        """The fan of the scoring element ``name`` (``self_draw``, ``all_pungs``…)."""
        value: int = getattr(self, f"fan_{name}")
        return value

    def share(self, fan: int) -> int:
        """What one paying seat pays for a hand paid at ``fan`` fan: base × 2^fan."""
        return self.base * (1 << fan)


OPTION_HELP: dict[str, str] = {
    "base": "底分: one share is base × 2^fan",
    "min_fan": "起胡: the fewest fan a hand needs to win (0: a bare chicken hand wins)",
    "max_fan": "封顶: the most fan a hand is paid for",
    "fan_self_draw": "自摸: a self-drawn win",
    "fan_concealed": "门前清: no exposed meld (concealed kongs allowed)",
    "fan_all_pungs": "碰碰胡: four pungs or kongs and a pair",
    "fan_half_flush": "混一色: one suit and honors",
    "fan_full_flush": "清一色: one suit, no honors",
    "fan_seven_pairs": "七对: seven pairs (four alike count as two)",
    "fan_all_honors": "字一色: honors only (instead of 混一色 and 碰碰胡)",
    "fan_dragon_pung": "箭刻: each pung or kong of dragons",
    "fan_seat_wind": "门风: a pung or kong of the winner's seat wind (the dealer's is East)",
    "fan_round_wind": "圈风: a pung or kong of the round wind",
    "fan_after_kong": "杠上开花: a win on a kong's replacement tile",
    "fan_robbing_kong": "抢杠: a win on the tile another seat added to its pung",
}
"""What each option means, in English (the Chinese is in :mod:`.texts`)."""
