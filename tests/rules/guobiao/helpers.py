"""Helpers shared by the Guobiao ruleset tests (no tests here): worked hands through the API.

The fan of each hand is worked by hand from the competition rules (docs/rules/guobiao.md):

- :data:`PAIRS` (win 4z): 七对 24; 七对 excludes 门前清, 不求人 and 单钓将, so self-drawn adds only
  自摸 1 (25); no 断幺 (1m, 9s, 北), no 无字 (北), no 缺一门 (three suits), no 五门齐 (no dragon).
- :data:`CHOWS` (win 7s, waiting on 4s/7s, two-sided): 平和 2 + 门前清 2 = 4 off a discard (平和
  holds the 无字), below the minimum.
- :data:`SHORT` (13 tiles, waiting on 2s/5s): every wait 平和 + 门前清 = 4 off a discard,
  平和 + 不求人 = 6 self-drawn: never 8, so not ready to win.
"""

from __future__ import annotations

from typing import Any

import mjcalc
from mjcalc.models import Result
from tests.support.results import error_of  # noqa: F401  (the tests import them from here)

PAIRS = "11m33m55p77p99s22s44z"
PAIRS_OFF = 24
PAIRS_SELF = 25
PAIRS_WAIT = "11m33m55p77p99s22s4z"
CHOWS = "123m345p56s789s22p7s"
CHOWS_FAN = {"all_chows": 2, "concealed_hand": 2}
SHORT = "123m567p789s34s55m"


def score(hand: str, **fields: Any) -> Result:
    return mjcalc.score({"rules": "guobiao", "hand": hand, **fields})


def fan_items(result: Result) -> dict[str, int]:
    """The fan items of a result: id → fan (the base and payment lines carry none)."""
    return {i.id: i.fan for i in result.items if i.fan is not None}
