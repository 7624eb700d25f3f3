"""Helpers shared by the Nanchang rule tests (no tests here): a worked hand through the API.

Unless a test says otherwise: dealer E, the indicator 9p (正精 9p, 副精 1p), and N holds one
副精 (``jings`` N=0,1), so that no win is 德中德 and the jing settlement has a second holder.
"""

from __future__ import annotations

from typing import Any

import mjcalc
from mjcalc.models import Result
from tests.support.results import error_of, item_ids  # noqa: F401  (the tests import them from here)

# the hands the tests reuse (正精 9p, 副精 1p; a 9p or 1p in a hand is always a jing)
PLAIN = "12345678m234s55s9p"  # win 8m: 123 456 78+9p 234s 55s; not 德国, not 精钓
GERMAN = "123456789m234s55s"  # win 8m: no jing at all
PAIRS = "1122m3344p5566s7s9p"  # win 1m: 小七, the 9p pairs the 7s
GERMAN_PAIRS = "1122m3344p556677s"  # win 1m: 小七 without jing
PUNGS = "111m222s333p444s5z9p"  # win 1m: 大七, the 9p pairs the 5z
MISFITS = "147m258p369s1234z9p"  # win 1m: 十三烂, the 9p fills a gap
SEVEN_STAR = "147m258p9p1234567z"  # win 1m: 七星十三烂
LONE_JING = "123m456m789m234s9p5s"  # win 5s: four sets and a lone jing, 精钓


def score(hand: str, win: str | None = None, **fields: Any) -> Result:
    request: dict[str, Any] = {"rules": "nanchang", "hand": hand, "jing": "9p", **fields}
    if win is not None:
        request["win_tile"] = win
    request.setdefault("jings", {"N": [0, 1]})
    return mjcalc.score(request)
