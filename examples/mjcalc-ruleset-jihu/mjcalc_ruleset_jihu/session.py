"""鸡胡 across hands (``mjcalc session``): the deal, a drawn hand, a false win.

mjcalc's session core reads the lines, keeps the totals and applies these rules: the dealer
keeps the deal after winning (连庄) and after a drawn hand, otherwise it passes to the next
seat; a drawn hand is void; a false win (诈胡) pays each other seat a hand of ``max_fan``. All but
the false win are the core's defaults, so only the false win (and its line) is stated here.
"""

from __future__ import annotations

from mjcalc.plugin import SessionRules

from mjcalc_ruleset_jihu.options import JihuOptions


def false_win(options: JihuOptions) -> int:
    """What a false win (诈胡) pays each other seat: one share of a ``max_fan`` hand."""
    return options.share(options.max_fan)


SESSION: SessionRules[JihuOptions] = SessionRules(
    events=frozenset({"hand", "draw", "false_win"}),
    false_win=false_win,
)
