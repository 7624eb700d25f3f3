"""Helpers shared by the Xingguo rule tests (no tests here): a worked hand through the public API.

Unless a test says otherwise: dealer E, the flipped tile 5s (正精 5s, 副精 6s), and N holds one
副精 so that 霸胡 does not apply.
"""

from __future__ import annotations

from typing import Any

import mjcalc
from mjcalc.models import Result
from tests.support.results import error_of, item_ids  # noqa: F401  (the tests import them from here)

DEGUO_PLAIN = "123m456789p789s11z"  # no 5s / 6s


ZERO = {"E": 0, "S": 0, "W": 0, "N": 0}


def score(hand: str, win: str | None = None, **fields: Any) -> Result:
    request: dict[str, Any] = {"rules": "xingguo", "hand": hand, "jing": "5s", **fields}
    if win is not None:
        request["win_tile"] = win
    request.setdefault("jings", {"N": [0, 1]})
    return mjcalc.score(request)
