"""Helpers shared by the Xingguo rule tests (no tests here): a worked hand through the public API.

Unless a test says otherwise: dealer E, the flipped tile 5s (正精 5s, 副精 6s), and N holds one
副精 so that 霸胡 does not apply.
"""

from __future__ import annotations

from typing import Any

import mjcalc
from mjcalc.models import Result

DEGUO_PLAIN = "123m456789p789s11z"  # no 5s / 6s


ZERO = {"E": 0, "S": 0, "W": 0, "N": 0}


def score(hand: str, win: str | None = None, **fields: Any) -> Result:
    request: dict[str, Any] = {"rules": "xingguo", "hand": hand, "jing": "5s", **fields}
    if win is not None:
        request["win_tile"] = win
    request.setdefault("jings", {"N": [0, 1]})
    return mjcalc.score(request)


def error_of(result: Result) -> tuple[str, str]:
    assert not result.ok
    assert result.error is not None
    return result.error.code, result.error.message


def item_ids(result: Result) -> list[str]:
    return [i.id for i in result.items]
