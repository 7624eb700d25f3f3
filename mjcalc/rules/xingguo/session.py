"""Xingguo across hands (docs/rules/xingguo.md, "Other events"): the deal, 流局 and 诈胡.

The dealer stays after a dealer win or a drawn hand and otherwise passes to the next seat; a
drawn hand (流局, the seed's 和牌) is void; a false win (诈胡) costs ``false_win_score`` ×
``stake`` to each other seat. Xingguo keeps no silver, fees or ranks, and a discard pays one
winner only: all of that is the session core's default, so only the false win is stated here.
"""

from __future__ import annotations

from mjcalc.plugin import SessionRules
from mjcalc.rules.xingguo.options import XingguoOptions


def false_win_amount(options: XingguoOptions) -> int:
    """What a false win (诈胡) pays each other seat."""
    return options.false_win_score * options.stake


SESSION: SessionRules[XingguoOptions] = SessionRules(
    events=frozenset({"hand", "draw", "false_win"}),
    table_options=frozenset({"false_win_score"}),
    false_win=false_win_amount,
)
