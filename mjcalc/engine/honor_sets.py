"""Honor sets (烂风): the many equivalent readings of a hand's honors, each solved or kept once.

With three different honors a set, the same honor tiles can be dealt out between the honor
groups in very many ways; the decompositions (:mod:`mjcalc.engine.decompose`) solve the honors
once per multiset of counts and keep one decomposition per way of using them.
"""

from __future__ import annotations

from mjcalc.engine.groups import FACTS, Group, interned
from mjcalc.tiles import HONORS, Tile

_FIRST = HONORS[0]
"""The first honor kind."""
_Decomposition = tuple[Group, ...]


def honor_order(counts: bytes) -> tuple[int, ...] | None:
    """With any three different honors a set, the seven honors are interchangeable: the
    honors-only rest of a search is solved once per multiset of counts. The honors by count,
    most first (``None`` when already in that order)."""
    order = tuple(sorted(range(len(counts)), key=lambda k: -counts[k]))
    return None if order == tuple(range(len(counts))) else order


def renamed(g: Group, order: tuple[int, ...]) -> Group:
    """``g`` of the sorted problem with each honor renamed back to its own kind."""
    tiles = tuple(t if t < _FIRST else _FIRST + order[t - _FIRST] for t in g.tiles)
    return interned(g.kind, tiles, g.wild)


def one_per_honor_split(out: list[_Decomposition]) -> tuple[_Decomposition, ...]:
    """Keep one decomposition per way of using the honors, when honor sets make it explode.

    With three different honors a set (烂风, above all ``any_distinct``) the same honor tiles can
    be dealt out between the honor groups in very many ways (a hand of seven honor pairs and four
    wilds has tens of thousands). Like the joker placements of :mod:`mjcalc.engine.decompose`,
    equivalent ones are kept once (the first), comparing the honor groups as a whole:

    * a decomposition holding an honor set is not all pungs, and the honor groups beside it
      (honor sets, honor pungs, the honor pair, groups of wilds alone) are priced by no ruleset
      one by one: it is compared by its other groups, its honor tiles and its wilds in the
      honor groups, all together;
    * one without honor sets keeps its pair and plain honor pungs exactly (all pungs is 大七,
      a pung of a dragon may be a fan); only honor pungs completed by wilds are pooled.
    """
    unique: dict[object, _Decomposition] = {}
    for d in out:
        mixed = any(g.kind == "honors" for g in d)
        others: list[int] = []
        tiles: list[Tile] = []
        wilds = pooled = 0
        for g in d:
            facts = FACTS[g.code]
            real = facts.real
            honor = all(t >= _FIRST for t in real)
            pooled_always = g.kind == "honors" or (
                g.kind == "pung" and honor and facts.n_wild and real
            )
            if pooled_always or (mixed and honor):
                tiles += real
                wilds += facts.n_wild
                pooled += 1
            else:
                others.append(g.code)
        others.sort()
        tiles.sort()
        unique.setdefault((mixed, tuple(others), tuple(tiles), wilds, pooled), d)
    return tuple(unique.values())
