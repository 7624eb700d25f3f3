"""Whether one number suit's tiles complete into groups, answered without a search.

The decompositions (:mod:`mjcalc.engine.decompose`) list every way; hands with wilds first ask,
of each split of their wilds kept at face value, whether it can complete at all: most cannot,
and this answer costs a pass over nine counts.
"""

from __future__ import annotations


def suit_complete(suit: bytes, pair: bool) -> bool:
    """Whether a number suit's tiles, without jokers, form sets (chows allowed) and at most
    one pair if ``pair``: whether the suit search finds any way, answered without a search.

    The lowest tile left is in pungs and chows starting there; three such chows use what three
    pungs would, so its count modulo 3 is the number of chows to start there. A set's ranks add
    up to a multiple of 3 (``3i`` or ``3i + 3``), so the pair's rank ``p`` has ``2p`` congruent
    to the ranks' sum: only one rank in three can hold it. Hands with wilds ask this of many
    suits no hand completes (their wilds at face value)."""
    n = sum(suit)
    if n % 3 == 0:
        return sets_only(suit)
    if n % 3 == 1 or not pair:
        return False
    weight = sum(suit[1::3]) + 2 * sum(suit[2::3])  # the ranks' sum, modulo 3
    for p in range(2 * weight % 3, 9, 3):
        if suit[p] >= 2:
            rest = bytearray(suit)
            rest[p] -= 2
            if sets_only(rest):
                return True
    return False


def sets_only(suit: bytes | bytearray) -> bool:
    """Whether a number suit's tiles form sets alone (:func:`suit_complete`, no pair)."""
    a, b = suit[0], suit[1]  # the counts left at the two lowest ranks not yet settled
    for i in range(2, 9):
        r = a % 3  # chows starting at the lowest rank left
        if r > b or r > suit[i]:
            return False
        a, b = b - r, suit[i] - r
    return a % 3 == 0 and b % 3 == 0
