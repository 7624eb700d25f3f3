"""Helpers shared by the Shanghai tests (no tests here): score a hand through the public API."""

from __future__ import annotations

from typing import Any

import mjcalc
from mjcalc.models import ErrorOut, Item, Result
from tests.support.results import item_ids  # noqa: F401  (the tests import them from here)

BIG_CAP = {"lezi": 1000}
"""Options under which no test hand reaches its cap, so the fan arithmetic shows in full."""


def score(hand: str, **fields: Any) -> Result:
    """Score a Shanghai hand (winner E unless told) and insist it was scored."""
    result = mjcalc.score({"rules": "shanghai", "hand": hand, **fields})
    assert result.ok, result.error
    return result


def hu(hand: str, **fields: Any) -> dict[str, int]:
    """The ``hu`` section of a scored hand."""
    return dict(score(hand, **fields).sections["hu"])


def nets(e: int, s: int, w: int, n: int) -> dict[str, int]:
    return {"E": e, "S": s, "W": w, "N": n}


def error(hand: str, **fields: Any) -> ErrorOut:
    """The error of a hand that must not be scored."""
    result = mjcalc.score({"rules": "shanghai", "hand": hand, **fields})
    assert not result.ok
    assert result.error is not None
    return result.error


def item(result: Result, item_id: str) -> Item:
    """The one item of that id."""
    found = [i for i in result.items if i.id == item_id]
    assert len(found) == 1, [i.id for i in result.items]
    return found[0]
