"""The fans of what tiles a hand holds, whatever its sets: suits, kinds of tile, ranks, and the
fans that ask something of every set (全带幺, 全带五, 全双刻).

Each function adds its fans to a table; :func:`~.combine.settle` later drops those a bigger
one contains (清一色 is tested here beside 无字, and settling keeps the bigger).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from mjcalc.plugin import GREEN, WHITE, Part, Tile
from mjcalc.rules.guobiao.fan.combine import Fans, add

REVERSIBLE: Final = frozenset((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, WHITE))
"""推不倒: 1234589 筒, 245689 条 and 白, the tiles that look the same upside down."""
GREENS: Final = frozenset((19, 20, 21, 23, 25, GREEN))
"""绿一色: 23468 条 and 發."""


def _mask(tiles: Iterable[Tile]) -> int:
    return sum([1 << t for t in set(tiles)])


_HONORS: Final = _mask(range(27, 34))
_WINDS: Final = _mask(range(27, 31))
_DRAGONS: Final = _mask(range(31, 34))
_SUITS: Final = tuple(_mask(range(9 * s, 9 * s + 9)) for s in range(3))
_MAN, _PIN, _SOU = _SUITS
_TERMINALS: Final = _mask(t for t in range(27) if t % 9 in (0, 8))
_REVERSIBLE: Final = _mask(REVERSIBLE)
_GREENS: Final = _mask(GREENS)
_RANKS: Final = (0, *(_mask(9 * s + r - 1 for s in range(3)) for r in range(1, 10)))
"""Per rank 1..9 (index 0 unused), the three suits' tiles of that rank."""


def _ranks(*ranks: int) -> int:
    return sum(_RANKS[r] for r in ranks)


_LOWER_FOUR: Final = _ranks(1, 2, 3, 4)
_UPPER_FOUR: Final = _ranks(6, 7, 8, 9)
_MIDDLE: Final = _ranks(4, 5, 6)


def kinds_fans(kinds: Sequence[Tile], fans: Fans) -> None:
    """Every fan of the kinds held (each once): suits, kinds of tile, ranks."""
    held = sum([1 << t for t in kinds])
    suit_fans(held, fans)
    tile_fans(held, fans)
    rank_fans(held, fans)


def suit_fans(held: int, fans: Fans) -> None:
    """无字, 缺一门, 混一色, 清一色, 五门齐 (``held``: a bit per kind held)."""
    honors = bool(held & _HONORS)
    suits = bool(held & _MAN) + bool(held & _PIN) + bool(held & _SOU)
    if suits == 1:
        add(fans, "half_flush" if honors else "full_flush")
        return
    add(fans, "one_voided_suit", 3 - suits)
    if not honors:
        add(fans, "no_honors")
    elif suits == 3 and held & _WINDS and held & _DRAGONS:
        add(fans, "all_types")


def tile_fans(held: int, fans: Fans) -> None:
    """断幺, 推不倒, 绿一色, and for a hand of terminals and honors 字一色, 清幺九, 混幺九."""
    if held & ~_REVERSIBLE == 0:
        add(fans, "reversible_tiles")
    if held & ~_GREENS == 0:
        add(fans, "all_green")
    if held & (_HONORS | _TERMINALS) == 0:
        add(fans, "all_simples")
    elif held & ~_HONORS == 0:
        add(fans, "all_honors")
    elif held & ~_TERMINALS == 0:
        add(fans, "all_terminals")
    elif held & ~(_TERMINALS | _HONORS) == 0:
        add(fans, "all_terminals_and_honors")


def rank_fans(held: int, fans: Fans) -> None:
    """全小 / 小于五, 全大 / 大于五, 全中: a hand of suited tiles in one band of ranks."""
    if held & _HONORS:
        return
    if held & ~_LOWER_FOUR == 0:
        add(fans, "lower_four" if held & _RANKS[4] else "lower_tiles")
    elif held & ~_UPPER_FOUR == 0:
        add(fans, "upper_four" if held & _RANKS[6] else "upper_tiles")
    elif held & ~_MIDDLE == 0:
        add(fans, "middle_tiles")


def every_set_fans(parts: Sequence[Part], fans: Fans) -> None:
    """全带幺 (a terminal or honor in every set and the pair), else 全带五 (a five in each),
    else 全双刻 (every set a pung of an even rank, the pair too)."""
    outside = five = even = 0
    for p in parts:
        t = p.tile
        if t >= 27:
            outside += 1
        elif p.kind == "chow":
            r = t % 9 + 1  # the chow's lowest rank
            outside += r in (1, 7)
            five += r in (3, 4, 5)
        else:
            r = t % 9 + 1
            outside += r in (1, 9)
            five += r == 5
            even += r in (2, 4, 6, 8)
    n = len(parts)
    if outside == n:
        add(fans, "outside_hand")
    elif five == n:
        add(fans, "all_fives")
    elif even == n:
        add(fans, "all_even_pungs")
