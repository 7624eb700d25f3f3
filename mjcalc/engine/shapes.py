"""Whole-hand shapes that are not sets + pair: seven pairs, 十三烂 / 七星十三烂, loose honors.

Each function takes the counts of real tiles plus a number of jokers and returns the groups of
one reading (``None`` when the shape is impossible). Jokers fill gaps; the groups record the tile
each joker stood for.
"""

from __future__ import annotations

from collections.abc import Sequence

from mjcalc.engine.decompose import Counts
from mjcalc.engine.groups import ANY, Group, pair_of
from mjcalc.tiles import HONORS, Tile


def seven_pairs(
    counts: Counts | bytes,
    jokers: int,
    *,
    four_as_two: bool = True,
    n_pairs: int = 7,
    paired: Sequence[Tile] = (),
) -> tuple[Group, ...] | None:
    """Seven pairs from 14 concealed tiles; a joker pairs with any single.

    ``four_as_two``: four of a kind counts as two pairs (otherwise it cannot be used); three
    real tiles and a joker are four of a kind too. ``n_pairs`` < 7 asks for the rest of a
    seven-pairs hand whose other pairs are fixed; ``paired`` names the kinds of those fixed
    pairs, which count towards the copies of their kind. ``counts`` may come packed one byte
    per kind, as the engine keeps the counts of a hand's splits.
    """
    if sum(counts) + jokers != 2 * n_pairs:
        return None
    if max(counts) > 4:
        return None  # never a pair's worth: the loop below would refuse it too
    odd = bytes(counts)  # counted at C level: most hands are rejected here
    if odd.count(1) + odd.count(3) > jokers:
        return None  # more singles than jokers to pair them
    most = 4 if four_as_two else 2  # copies of one kind the pairs may hold
    pairs: list[Group] = []
    for t in [t for t, c in enumerate(counts) if c]:  # the kinds held (at most 14)
        c = counts[t]
        if c + c % 2 + (2 * paired.count(t) if paired else 0) > most:
            return None
        if c >= 2:
            pairs.append(pair_of(t, 0))
            if c == 4:
                pairs.append(pair_of(t, 0))
        if c % 2:
            if jokers == 0:
                return None
            jokers -= 1
            pairs.append(pair_of(t, 1))
    if jokers % 2:
        return None
    return (*pairs, *_joker_pairs(counts, jokers // 2, paired))


def _joker_pairs(counts: Counts | bytes, n: int, paired: Sequence[Tile]) -> list[Group]:
    """``n`` pairs made of jokers alone, standing for the lowest kinds held nowhere else.

    A kind of their own each, so they never add a third pair of a kind (or, without
    ``four_as_two``, a second one) whatever the real tiles and fixed pairs hold.
    """
    out: list[Group] = []
    for t, c in enumerate(counts):
        if len(out) == n:
            break
        if c == 0 and t not in paired:
            out.append(pair_of(t, 2))
    return out


def _lan_fill(present: list[int], want: int) -> list[int]:
    """Ranks (0-based) to add to ``present`` keeping every two at least 3 apart, up to ``want``.

    Greedy from the lowest rank is optimal for points on a line with a minimum gap.
    """
    added: list[int] = []
    for r in range(9):
        if len(added) == want:
            break
        if all(abs(r - x) >= 3 for x in present + added):
            added.append(r)
    return added


def thirteen_lan(
    counts: Counts, jokers: int, *, seven_star: bool = False, wild_for_honors: bool = True
) -> tuple[Group, ...] | None:
    """十三烂: 14 concealed tiles, no two alike, same-suit ranks at least 3 apart.

    ``seven_star`` asks for 七星十三烂 (all seven honors); ``wild_for_honors`` says whether a
    joker may stand for one of those honors. Returns a single ``lan`` group.
    """
    if sum(counts) + jokers != 14 or max(counts) > 1:
        return None
    real: list[Tile] = [t for t, c in enumerate(counts) if c]
    filled: list[Tile] = []
    missing_honors = [h for h in HONORS if not counts[h]]
    if seven_star:
        if missing_honors and not wild_for_honors:
            return None
        if len(missing_honors) > jokers:
            return None
        filled.extend(missing_honors)
        missing_honors = []
    for s in range(3):
        ranks = [t - 9 * s for t in real if 9 * s <= t < 9 * s + 9]
        if any(abs(a - b) < 3 for k, a in enumerate(ranks) for b in ranks[k + 1 :]):
            return None
        filled.extend(9 * s + r for r in _lan_fill(ranks, jokers - len(filled)))
    filled.extend(missing_honors[: max(0, jokers - len(filled))])
    if len(filled) < jokers:
        return None
    filled = filled[:jokers]
    tiles = sorted([(t, False) for t in real] + [(t, True) for t in filled])
    return (Group("lan", tuple(t for t, _ in tiles), tuple(w for _, w in tiles)),)


def loose_honors(counts: Counts, jokers: int) -> tuple[Group, ...] | None:
    """All honors with no structure needed (Shanghai 风一色, 乱风向): every real tile an honor.

    Jokers are read as the honor they are paired with; this shape needs 14 concealed tiles or
    fewer (melds of honors are checked by the caller).
    """
    if any(counts[:27]):  # a suited tile (C-level: most hands asked this hold one)
        return None
    real = [t for t in range(27, len(counts)) for _ in range(counts[t])]
    tiles = tuple(real) + (real[0] if real else ANY,) * jokers
    return (Group("loose", tiles, (False,) * len(real) + (True,) * jokers),)
