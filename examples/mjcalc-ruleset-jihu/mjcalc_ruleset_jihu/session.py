"""鸡胡 across hands (``mjcalc session``): the deal, a drawn hand, a false win, a penalty.

mjcalc's session core reads the lines, keeps the totals and applies these rules: the dealer
keeps the deal after winning (连庄) and after a drawn hand, otherwise it passes to the next
seat; a drawn hand is void; a false win (诈胡) pays each other seat a hand of ``max_fan``. All but
the false win are the core's defaults, so only the false win (and its line) is stated here.

A penalty (罚分) is a line of this ruleset's own: the table agrees that a seat pays each other
seat some points (a tile shown, a turn played out of order). mjcalc reads it as
``penalty W 5`` (or ``罚分 西 5``, or ``{"event": "penalty", "seat": "W", "amount": 5}``) and
settles it with :func:`penalty`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mjcalc.plugin import EventArg, Seat, SessionEvent, SessionRules, others

from mjcalc_ruleset_jihu.options import JihuOptions


def false_win(options: JihuOptions) -> int:
    """What a false win (诈胡) pays each other seat: one share of a ``max_fan`` hand."""
    return options.share(options.max_fan)


def penalty(line: Mapping[str, Any], _options: JihuOptions) -> dict[Seat, int]:
    """A penalty line: its seat pays its amount to each other seat (a zero sum, as every line's
    payments must be)."""
    seat: Seat = line["seat"]
    amount: int = line["amount"]
    return {**dict.fromkeys(others(seat), amount), seat: -3 * amount}


PENALTY: SessionEvent[JihuOptions] = SessionEvent(
    name="penalty",
    words=("penalty", "罚分"),
    args=(EventArg("seat"), EventArg("amount", "amount", high=100)),
    settle=penalty,
    shown=("{seat} penalty 罚分: pays {amount} to each", "{seat} 罚分：付每家 {amount}"),
)

SESSION: SessionRules[JihuOptions] = SessionRules(
    events=frozenset({"hand", "draw", "false_win"}),
    false_win=false_win,
    own_events=(PENALTY,),
)
