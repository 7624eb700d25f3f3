"""Decompositions of concealed tiles into sets (and a pair), with interchangeable wild tiles.

The search always takes the lowest remaining tile: every set containing it is tried, so nothing
is missed. Wilds ("jokers" here: wild tiles already chosen to act as wild) fill gaps. Where
several joker placements consume exactly the same real tiles, one canonical form is kept:

* a real tile with two jokers is read as a pung (it is also a valid chow, but a pung fits every
  shape a chow does and all-pung shapes too);
* ``i, i+1`` plus a joker is the chow ``i i+1 i+2`` (or ``i-1 i i+1`` at rank 8);
* groups of jokers alone are pungs / the pair of :data:`~mjcalc.engine.groups.ANY` tile.

So "every decomposition" means every distinct way of using the real tiles. Results are memoized:
the same sub-hand recurs across the wild/face-value splits of one hand and across hands.
"""

from __future__ import annotations

from functools import lru_cache

from mjcalc.engine.groups import ANY, Group, HonorSets
from mjcalc.tiles import DRAGONS, HONORS, N_KINDS, WINDS, Tile

Counts = tuple[int, ...]
Decomposition = tuple[Group, ...]


def _honor_partners(t: Tile, mode: HonorSets) -> tuple[Tile, ...]:
    """Honors above ``t`` that may share a 烂风-style honor set with it."""
    if mode == "none":
        return ()
    if mode == "same_class":
        cls = WINDS if t in WINDS else DRAGONS
        return tuple(h for h in cls if h > t)
    return tuple(h for h in HONORS if h > t)


def decompose(
    counts: Counts,
    jokers: int,
    n_sets: int,
    *,
    pair: bool = True,
    chows: bool = True,
    honor_sets: HonorSets = "none",
    triplets_only: bool = False,
) -> tuple[Decomposition, ...]:
    """Every canonical way to read ``counts`` + ``jokers`` as ``n_sets`` sets (+ a pair).

    ``counts`` has one entry per tile kind (34). ``triplets_only`` keeps pungs alone (大七 /
    碰碰胡 questions); ``honor_sets`` allows three different honors as a set. The pair, when
    asked for, comes first in each decomposition.
    """
    if sum(counts) + jokers != 3 * n_sets + (2 if pair else 0):
        return ()
    if triplets_only:
        chows, honor_sets = False, "none"
    return _search(tuple(counts), jokers, n_sets, pair, chows, honor_sets)


@lru_cache(maxsize=1 << 16)
def _search(
    counts: Counts, jokers: int, n_sets: int, pair: bool, chows: bool, honor_sets: HonorSets
) -> tuple[Decomposition, ...]:
    i = next((k for k in range(N_KINDS) if counts[k]), -1)
    if i < 0:
        if jokers != 3 * n_sets + (2 if pair else 0):
            return ()
        rest = [Group("pung", (ANY,) * 3, (True,) * 3)] * n_sets
        if pair:
            rest.insert(0, Group("pair", (ANY, ANY), (True, True)))
        return (tuple(rest),)

    out: list[Decomposition] = []
    c = counts[i]

    def take(group: Group, used: dict[Tile, int], j: int, sets_used: int, pair_used: bool) -> None:
        nxt = list(counts)
        for t, n in used.items():
            nxt[t] -= n
        subs = _search(tuple(nxt), jokers - j, n_sets - sets_used, pair and not pair_used, chows,
                       honor_sets)
        for sub in subs:
            # keep the pair first
            if group.kind == "pair":
                out.append((group, *sub))
            elif sub and sub[0].kind == "pair":
                out.append((sub[0], group, *sub[1:]))
            else:
                out.append((group, *sub))

    if pair:
        if c >= 2:
            take(Group("pair", (i, i), (False, False)), {i: 2}, 0, 0, True)
        if jokers >= 1:
            take(Group("pair", (i, i), (False, True)), {i: 1}, 1, 0, True)
    if n_sets:
        for k in range(min(c, 3), 0, -1):
            if jokers >= 3 - k:
                take(Group("pung", (i,) * 3, (False,) * k + (True,) * (3 - k)), {i: k}, 3 - k, 1,
                     False)
        if chows and i < 27:
            rank = i % 9  # 0-based
            has1 = rank <= 7 and counts[i + 1] > 0
            has2 = rank <= 6 and counts[i + 2] > 0
            if rank <= 6:
                if has1 and has2:
                    take(Group("chow", (i, i + 1, i + 2), (False, False, False)),
                         {i: 1, i + 1: 1, i + 2: 1}, 0, 1, False)
                if has1 and jokers >= 1:
                    take(Group("chow", (i, i + 1, i + 2), (False, False, True)),
                         {i: 1, i + 1: 1}, 1, 1, False)
                if has2 and jokers >= 1:
                    take(Group("chow", (i, i + 1, i + 2), (False, True, False)),
                         {i: 1, i + 2: 1}, 1, 1, False)
            elif rank == 7 and has1 and jokers >= 1:
                take(Group("chow", (i - 1, i, i + 1), (True, False, False)),
                     {i: 1, i + 1: 1}, 1, 1, False)
        if i >= 27:
            partners = [h for h in _honor_partners(i, honor_sets) if counts[h]]
            for a_idx, a in enumerate(partners):
                if jokers >= 1:
                    third = next(h for h in _all_partners(i, honor_sets) if h not in (i, a))
                    take(Group("honors", (i, a, third), (False, False, True)), {i: 1, a: 1}, 1,
                         1, False)
                for b in partners[a_idx + 1 :]:
                    take(Group("honors", (i, a, b), (False, False, False)), {i: 1, a: 1, b: 1},
                         0, 1, False)
    # the same groups can be reached in two orders (e.g. pair then honor set, or the reverse)
    unique: dict[tuple[Group, ...], Decomposition] = {}
    for d in out:
        unique.setdefault(tuple(sorted(d, key=_group_key)), d)
    return tuple(unique.values())


def _group_key(g: Group) -> tuple[str, tuple[Tile, ...], tuple[bool, ...]]:
    return (g.kind, g.tiles, g.wild)


def _all_partners(t: Tile, mode: HonorSets) -> tuple[Tile, ...]:
    """Every honor that may stand beside ``t`` in an honor set (for a joker to stand for)."""
    if mode == "same_class":
        return WINDS if t in WINDS else DRAGONS
    return HONORS


def can_decompose(
    counts: Counts,
    jokers: int,
    n_sets: int,
    *,
    pair: bool = True,
    chows: bool = True,
    honor_sets: HonorSets = "none",
    triplets_only: bool = False,
) -> bool:
    """Whether :func:`decompose` finds anything (same arguments)."""
    return bool(
        decompose(counts, jokers, n_sets, pair=pair, chows=chows, honor_sets=honor_sets,
                  triplets_only=triplets_only)
    )
