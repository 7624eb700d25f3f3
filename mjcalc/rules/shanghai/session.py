"""Shanghai across hands (docs/rules/shanghai.md, "Across hands"): the winner deals, 黄 carries.

The session core does the counting, the silver, the fees and the ranks; this module only says
what is Shanghai's: the winner deals next (after 一炮多响 the winner nearest the discarder), a
drawn hand (黄) keeps the dealer and carries 黄番 and 开宝 to the next win (:mod:`.carry`),
escapes and multiple wins are known lines, and the rank table is the seed's (:mod:`.ranks`).
"""

from __future__ import annotations

from mjcalc.plugin import Seat, SessionRules
from mjcalc.rules.shanghai.carry import CARRY
from mjcalc.rules.shanghai.options import ShanghaiOptions
from mjcalc.rules.shanghai.ranks import rank_info


def dealer_after_win(_dealer: Seat, winners: tuple[Seat, ...]) -> Seat:
    """The winner deals; of several, the one nearest the discarder (listed first)."""
    return winners[0]


def fee(options: ShanghaiOptions) -> int:
    """The service fee each seat pays per normally finished hand."""
    return options.fee


def escape_amount(options: ShanghaiOptions) -> int:
    """An escaping seat pays ``escape_lezi`` 勒子, at the table's stake."""
    return options.escape_lezi * options.lezi * options.stake


SESSION: SessionRules[ShanghaiOptions] = SessionRules(
    events=frozenset({"hand", "multi_win", "draw", "escape"}),
    dealer_after_win=dealer_after_win,
    carry=CARRY,
    silver=True,
    table_options=frozenset({"fee", "escape_lezi"}),
    fee=fee,
    escape=escape_amount,
    rank=rank_info,
)
