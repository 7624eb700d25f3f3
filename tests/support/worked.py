"""Requests whose results are worked out by hand, shared by the tests of hostile input."""

from __future__ import annotations

from typing import Any

from mjcalc import score

XINGGUO = {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "9s"}
"""E, the dealer, self-draws a 平胡 holding one 正精 (9s) at face value: hu 1 × 2 self-draw × 2
dealer × 2 德国 = 8, + 5 德国 reward = 13 from each (+39); jing: one 正精 = 2 from each, 霸精
doubles it to 4 (+12). E +51, each other seat -17."""
XINGGUO_PAYMENTS = {"E": 51, "S": -17, "W": -17, "N": -17}
SHANGHAI = {"rules": "shanghai", "hand": "11122233344455m"}
"""清碰 self-drawn: (0 flowers + 1 base) × 2^5 = 32, capped at 2 勒子 = 20 from each: E +60."""
SHANGHAI_PAYMENTS = {"E": 60, "S": -20, "W": -20, "N": -20}

SCORE_ARGS = ("score", "123m456p789s11z 234m", "-r", "xingguo", "--jing", "9s")
"""The Xingguo request above as a command line."""


def error_code(request: dict[str, Any]) -> str | None:
    result = score(request)
    return result.error.code if result.error else None
