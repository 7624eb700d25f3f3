"""The combination principles of Guobiao, as one step each, written where they are applied.

- **套算一次 / 不拆移 / 不得相同** (account once, don't split, not the same fan twice):
  :func:`chow_fans` and :func:`pung_fans` decide which groups of sets may make a fan together.
  A fan of four sets takes them all; a fan of three leaves the fourth set one more fan, with
  one of the three; with no such fan, the pairs of sets make fans, each set joining at most as
  many as it has partners, trimmed from the commonest repeat down (234s223344567p is 一般高 +
  喜相逢 + 连六, not 喜相逢 twice + 连六).
- **不重复** (no fan implied by a bigger one): :data:`IMPLIES` and :func:`settle`, applied once
  to an arrangement's raw fans.
- **就高不就低** (the highest arrangement): :func:`best`, over every arrangement of the hand.

Fan tables are plain ``dict[str, int]`` (id → count): they are built and dropped by the
thousand, and a dict is the cheapest thing that counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeVar

from mjcalc.plugin import Tile
from mjcalc.rules.guobiao.fan.sets import (
    four_chows,
    four_pungs,
    one_pung,
    three_chows,
    three_pungs,
    two_chows,
    two_pungs,
)
from mjcalc.rules.guobiao.fan.table import FANS

Fans = dict[str, int]
T = TypeVar("T")

_TRIPLES: Final = ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3))
"""Three of four sets, in the order the reading tries them (the fourth left over)."""
_PAIRS_OF_FOUR: Final = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
_PAIRS_OF_THREE: Final = ((0, 1), (0, 2), (1, 2))
_TWO_CHOW_TRIM: Final = ("two_terminal_chows", "short_straight", "mixed_double_chow")
"""The pair-of-chows fans in the order excess ones are dropped (一般高 last)."""
_EXTRA_CHOW: Final = (
    "pure_double_chow",
    "mixed_double_chow",
    "short_straight",
    "two_terminal_chows",
)
"""Beside a three-chow fan, the fourth chow's one fan, the first of these it makes."""


def add(fans: Fans, fan: str | None, n: int = 1) -> None:
    """Count ``fan`` ``n`` more times (nothing for ``None`` or ``n`` under one)."""
    if fan is not None and n > 0:
        fans[fan] = fans.get(fan, 0) + n


def chow_fans(chows: tuple[Tile, ...], fans: Fans) -> None:
    """The fans of an arrangement's chows (sorted), once each as the principles allow.

    The rows are asked only of groups that could make a fan: four chows of one suit, three of
    one suit or of three suits (never two), so the remembered tables stay small."""
    n = len(chows)
    suits = [t // 9 for t in chows]  # chows are suited; sorted, one suit's chows are together
    if n == 4:
        if suits[0] == suits[3] and (fan := four_chows(*chows)) is not None:
            add(fans, fan)
            return
        for a, b, c in _TRIPLES:
            sa, sb, sc = suits[a], suits[b], suits[c]
            if not (sa == sb) == (sb == sc) == (sa == sc):
                continue  # two suits: no three-chow fan
            fan = three_chows(chows[a], chows[b], chows[c])
            if fan is not None:
                add(fans, fan)
                rest = chows[6 - a - b - c]
                made = {two_chows(chows[i], rest) for i in (a, b, c)}
                add(fans, next((f for f in _EXTRA_CHOW if f in made), None))
                return
        pairs = [two_chows(chows[a], chows[b]) for a, b in _PAIRS_OF_FOUR]
        loners = sum(
            pairs[i] is None and pairs[j] is None and pairs[k] is None for i, j, k in _TOUCHING
        )
        if 3 - loners > 0:
            _trimmed(pairs, 3 - loners, fans)
        return
    if n == 3:
        sa, sb, sc = suits
        if (sa == sb) == (sb == sc) == (sa == sc) and (fan := three_chows(*chows)) is not None:
            add(fans, fan)
            return
        _trimmed([two_chows(chows[a], chows[b]) for a, b in _PAIRS_OF_THREE], 2, fans)
        return
    if n == 2:
        add(fans, two_chows(*chows))


_TOUCHING: Final = tuple(
    tuple(k for k, ab in enumerate(_PAIRS_OF_FOUR) if i in ab) for i in range(4)
)
"""For each of four sets, the indices in :data:`_PAIRS_OF_FOUR` of the pairs it is in."""


def _trimmed(found: list[str | None], most: int, fans: Fans) -> None:
    """Pair-of-chows fans, at most ``most`` of them: repeats dropped first (down to one each,
    then to none), from 老少副 up to 一般高."""
    counts = {f: 0 for f in ("pure_double_chow", *_TWO_CHOW_TRIM)}
    for f in found:
        if f is not None:
            counts[f] += 1
    total = sum(counts.values())
    for limit in (1, 0):
        for f in (*_TWO_CHOW_TRIM, "pure_double_chow"):
            while counts[f] > limit and total > most:
                counts[f] -= 1
                total -= 1
    for f, k in counts.items():
        if k:
            add(fans, f, k)


def pung_fans(pungs: tuple[Tile, ...], fans: Fans) -> None:
    """The fans of an arrangement's pungs and kongs (sorted): each one's own, then together.

    As for chows, the rows of three and four are asked only of groups that could make a fan:
    four of one suit (or four winds), three of one suit (or of the winds, or the dragons) or of
    three suits, never of two (the honors counting as one suit here)."""
    for t in pungs:
        add(fans, one_pung(t))
    n = len(pungs)
    if n < 2:
        return
    suits = [t // 9 for t in pungs]  # 3 for the honors; sorted, one suit's pungs together
    if n == 4 and suits[0] == suits[3] and (fan := four_pungs(*pungs)) is not None:
        add(fans, fan)
        return
    triples = _TRIPLES if n == 4 else ((0, 1, 2),) if n == 3 else ()
    for a, b, c in triples:
        sa, sb, sc = suits[a], suits[b], suits[c]
        if not (sa == sb) == (sb == sc) == (sa == sc):
            continue  # two suits: no three-pung fan
        fan = three_pungs(pungs[a], pungs[b], pungs[c])
        if fan is not None:
            add(fans, fan)
            if n == 4:
                rest = pungs[6 - a - b - c]
                made = (two_pungs(pungs[i], rest) for i in (a, b, c))
                add(fans, next((f for f in made if f is not None), None))
            return
    pairs = _PAIRS_OF_FOUR if n == 4 else _PAIRS_OF_THREE if n == 3 else ((0, 1),)
    for a, b in pairs:
        add(fans, two_pungs(pungs[a], pungs[b]))


IMPLIES: Final[dict[str, tuple[str, ...]]] = {
    "big_four_winds": ("all_pungs", "pung_of_terminals_or_honors"),
    "big_three_dragons": ("dragon_pung",),
    "all_green": ("half_flush", "one_voided_suit"),
    "four_kongs": ("single_wait", "all_pungs"),
    "all_terminals": (
        "all_pungs",
        "outside_hand",
        "pung_of_terminals_or_honors",
        "no_honors",
        "double_pung",
    ),
    "little_four_winds": ("pung_of_terminals_or_honors",),
    "little_three_dragons": ("dragon_pung",),
    "all_honors": ("all_pungs", "outside_hand", "pung_of_terminals_or_honors", "one_voided_suit"),
    "four_concealed_pungs": ("all_pungs", "concealed_hand"),
    "pure_terminal_chows": ("full_flush", "all_chows", "no_honors"),
    "four_pure_shifted_pungs": ("all_pungs",),
    "all_terminals_and_honors": ("all_pungs", "outside_hand", "pung_of_terminals_or_honors"),
    "all_even_pungs": ("all_pungs", "all_simples", "no_honors"),
    "upper_tiles": ("no_honors",),
    "middle_tiles": ("all_simples", "no_honors"),
    "lower_tiles": ("no_honors",),
    "three_suited_terminal_chows": ("all_chows", "no_honors"),
    "all_fives": ("all_simples", "no_honors"),
    "upper_four": ("no_honors",),
    "lower_four": ("no_honors",),
    "reversible_tiles": ("one_voided_suit",),
    "last_tile_draw": ("self_drawn",),
    "out_with_replacement_tile": ("self_drawn",),
    "melded_hand": ("single_wait",),
    "two_dragon_pungs": ("dragon_pung",),
    "fully_concealed_hand": ("self_drawn",),
    "all_chows": ("no_honors",),
    "all_simples": ("no_honors",),
}
"""不重复: each fan and the smaller ones it already contains (only those the sets and tiles
could give beside it; the set fans that a bigger set fan contains never get counted, see
:func:`chow_fans`). No chain matters: whatever a dropped fan would drop, the fan that dropped
it drops too, so the rows apply at once, in any order."""

_IMPLYING: Final = frozenset(IMPLIES)

ABSORBS: Final[dict[str, tuple[str, int]]] = {
    "big_three_winds": ("pung_of_terminals_or_honors", 3),
}
"""A fan that uses up some of a smaller fan's count rather than all of it: 三风刻's three wind
pungs are not also 幺九刻 (a fourth, of terminals, still is)."""


def settle(fans: Fans) -> Fans:
    """不重复, once: 四暗刻's 不求人 becomes plain 自摸 (四暗刻 contains 门前清, not the
    self-draw), then every implied fan is dropped and the absorbed counts taken off."""
    if fans.get("four_concealed_pungs") and fans.pop("fully_concealed_hand", 0):
        fans["self_drawn"] = 1
    dropped: set[str] = set()
    for fan in fans.keys() & _IMPLYING:
        if fans[fan]:
            dropped.update(IMPLIES[fan])
    out = {f: n for f, n in fans.items() if n > 0 and f not in dropped}
    for fan, (smaller, n) in ABSORBS.items():
        if fan in out and smaller in out:
            left = out[smaller] - n
            if left > 0:
                out[smaller] = left
            else:
                del out[smaller]
    return out


def value(fans: Fans) -> int:
    """The fan total of a table (flowers are added by the caller)."""
    return sum([_VALUE[f] * n for f, n in fans.items()])


_VALUE: Final = {fan: spec.value for fan, spec in FANS.items()}


_TIE_PREFERRED: Final = ("pure_triple_chow", "triple_pung")
"""Between arrangements of equal total, one with these is read (the reading's choice)."""


def best(
    candidates: Iterable[tuple[Fans, T]], start: tuple[Fans, T] | None
) -> tuple[Fans, T] | None:
    """就高不就低: the highest of the arrangements' tables (each with what it reads), taken in
    the reading's order. On a tie the later one is kept when it has 一色三同顺 or 三同刻, or when
    the hand is also seven pairs (``start``, the seven-pairs table the arrangements compete
    with): the set reading is then preferred."""
    chosen, top = start, value(start[0]) if start else 0
    seven = bool(start and start[0].get("seven_pairs"))
    for fans, read in candidates:
        total = value(fans)
        if total > top:
            chosen, top = (fans, read), total
        elif total == top and (seven or any(fans.get(f) for f in _TIE_PREFERRED)):
            chosen = (fans, read)
    return chosen
