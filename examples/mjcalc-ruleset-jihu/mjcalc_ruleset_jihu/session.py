"""鸡胡 across hands (``mjcalc session``): the deal, a drawn hand, a false win.

mjcalc's session core reads the lines, keeps the totals and applies these rules: the dealer
keeps the deal after winning (连庄) and after a drawn hand, otherwise it passes to the next
seat; a drawn hand is void; a false win (诈胡) pays each other seat a hand of ``max_fan``.
"""

from __future__ import annotations

from mjcalc.plugin import Seat, SessionRules, next_seat

from mjcalc_ruleset_jihu.options import JihuOptions


def dealer_after_win(dealer: Seat, winners: tuple[Seat, ...]) -> Seat:
    """The dealer stays when it won, else the deal passes to the next seat."""
    return dealer if dealer in winners else next_seat(dealer)


def dealer_after_draw(dealer: Seat) -> Seat:
    """After a drawn hand the dealer stays."""
    return dealer


def false_win(options: JihuOptions) -> int:
    """What a false win (诈胡) pays each other seat: one share of a ``max_fan`` hand."""
    return options.share(options.max_fan)


SESSION: SessionRules[JihuOptions] = SessionRules(
    events=frozenset({"hand", "draw", "false_win"}),
    dealer_after_win=dealer_after_win,
    dealer_after_draw=dealer_after_draw,
    carry=None,
    silver=False,
    table_options=frozenset(),
    fee=lambda _options: 0,
    false_win=false_win,
    escape=None,
    rank=None,
)
