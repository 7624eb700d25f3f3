"""Xingguo across hands (docs/rules/xingguo.md, "Other events"): the deal, 流局 and 诈胡.

The dealer stays after a dealer win or a drawn hand and otherwise passes to the next seat; a
drawn hand (流局, the seed's 和牌) is void; a false win (诈胡) costs ``false_win_score`` ×
``stake`` to each other seat. Xingguo keeps no silver, fees or ranks, and a discard pays one
winner only.
"""

from __future__ import annotations

from mjcalc.models import Seat
from mjcalc.rules.ledger import next_seat
from mjcalc.rules.session import SessionRules
from mjcalc.rules.xingguo.base import XingguoOptions


def dealer_after_win(dealer: Seat, winners: tuple[Seat, ...]) -> Seat:
    """The dealer stays when it won, else the deal passes to the next seat."""
    return dealer if dealer in winners else next_seat(dealer)


def dealer_after_draw(dealer: Seat) -> Seat:
    """After a drawn hand (流局) the dealer stays."""
    return dealer


def false_win_amount(options: XingguoOptions) -> int:
    """What a false win (诈胡) pays each other seat."""
    return options.false_win_score * options.stake


SESSION: SessionRules[XingguoOptions] = SessionRules(
    events=frozenset({"hand", "draw", "false_win"}),
    dealer_after_win=dealer_after_win,
    dealer_after_draw=dealer_after_draw,
    carry=None,
    silver=False,
    table_options=frozenset({"false_win_score"}),
    fee=lambda _options: 0,
    false_win=false_win_amount,
    escape=None,
    rank=None,
)
