"""Regression tests of issue 8 (hostile input never stops the work), one block per item found.

The fuzzing of the same ground lives in ``tests/test_fuzz.py`` (bounded) and ``bench/fuzz.py``
(long runs); here each problem found is pinned by the input that showed it.
"""

from __future__ import annotations

from mjcalc import score
from mjcalc.engine import decompose
from mjcalc.tiles import N_KINDS

# --- 9: honor_sets = "any_distinct" with jing on all-honor hands ------------------------------


def test_honor_sets_dealt_out_differently_are_one_decomposition() -> None:
    # 東東南南西西北北白白 + 4 wilds as 4 sets + a pair, any three different honors a set. The
    # same honor tiles can be dealt between the honor sets in 1,340 ways; which honor sits beside
    # which changes nothing, so one decomposition per (other groups, honors pooled, wilds) stays.
    counts = [0] * N_KINDS
    for t in range(27, 32):  # 1z..5z twice each
        counts[t] = 2
    found = decompose(tuple(counts), 4, 4, honor_sets="any_distinct")
    kinds = sorted(tuple(sorted(g.kind for g in d)) for d in found)
    assert len(found) == 21
    # every kind of reading is still there: all pungs (大七), two and three honor sets
    assert kinds.count(("pair", "pung", "pung", "pung", "pung")) == 5
    assert kinds.count(("honors", "honors", "pair", "pung", "pung")) == 11
    assert kinds.count(("honors", "honors", "honors", "pair", "pung")) == 5


def test_all_honor_hand_with_jing_is_still_priced_as_before() -> None:
    # 東東南南西西北北白白發發發中, jing 中 (副精 發), E the dealer self-draws. Best reading:
    # 平胡 (v = 1) with 精吊 (a lone 發, a 副精, paired with the drawn 發: 66z) and 德国 (no
    # jing acting as wild): 1 × 2 self-draw × 2 dealer × 2 精吊 × 2 德国 = 16, + 5 德国 reward
    # = 21 from each → E +63. Jing: 1 正精 (×2) + 3 副精 = 5 → 冲关 5 × 2 = 10, 霸精 doubles
    # it → 20 from each → E +60. Total E +123, each other seat -41.
    result = score(
        {
            "rules": "xingguo",
            "hand": "1234567z 1234566z",
            "jing": "7z",
            "options": {"honor_sets": "any_distinct"},
        }
    )
    assert result.ok, result.error
    assert result.pattern is not None and result.pattern.id == "plain"
    assert result.sections["hu"] == {"E": 63, "S": -21, "W": -21, "N": -21}
    assert result.sections["jing"] == {"E": 60, "S": -20, "W": -20, "N": -20}
    assert result.payments == {"E": 123, "S": -41, "W": -41, "N": -41}
