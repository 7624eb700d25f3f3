"""The knitted shapes: 组合龙 (knitted straight), 全不靠 / 七星不靠 (honors and knitted tiles),
and 十三幺 (thirteen orphans), as plain tests on a hand's counts.

A knitted straight is 1-4-7 in one suit, 2-5-8 in another and 3-6-9 in the third: six of them,
one per way to give the three runs to the three suits. These shapes take no search, only a
look at which kinds the hand holds, so they are cheap enough to try on every hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import Final

from mjcalc.tiles import HONORS, Tile

KNITTED_STRAIGHTS: Final[tuple[tuple[Tile, ...], ...]] = tuple(
    tuple(
        sorted(
            9 * suit + rank
            for suit, start in zip(order, (0, 1, 2), strict=True)
            for rank in range(start, 9, 3)
        )
    )
    for order in permutations(range(3))
)
"""The six knitted straights, each its nine tiles in order."""

ORPHANS: Final[tuple[Tile, ...]] = (0, 8, 9, 17, 18, 26, *HONORS)
"""The thirteen terminals and honors."""


_MASKS: Final = tuple(sum(1 << t for t in straight) for straight in KNITTED_STRAIGHTS)


def knitted_straight(counts: Sequence[int]) -> tuple[Tile, ...] | None:
    """The knitted straight whose nine tiles the hand all holds, if there is one."""
    held = sum([1 << t for t in range(27) if counts[t]])
    for straight, mask in zip(KNITTED_STRAIGHTS, _MASKS, strict=True):
        if held & mask == mask:
            return straight
    return None


def honors_and_knitted(counts: Sequence[int]) -> bool:
    """全不靠: fourteen different tiles, the suited ones all of one knitted straight (7 to 9 of
    them), the rest honors; 七星不靠 when all seven honors are among them."""
    if sum(counts) != 14 or any(n > 1 for n in counts):
        return False
    suited = [t for t in range(27) if counts[t]]
    if not 7 <= len(suited) <= 9:
        return False
    return any(all(t in straight for t in suited) for straight in KNITTED_STRAIGHTS)


def thirteen_orphans(counts: Sequence[int]) -> bool:
    """十三幺: one of each terminal and honor, one of them twice."""
    return (
        sum(counts) == 14
        and all(counts[t] for t in ORPHANS)
        and all(counts[t] == 0 for t in range(len(counts)) if t not in ORPHANS)
    )
