"""Decompositions of concealed tiles into sets (and a pair), with interchangeable wild tiles.

The search always takes the lowest remaining tile: every set containing it is tried, so nothing
is missed. Wilds ("jokers" here: wild tiles already chosen to act as wild) fill gaps. Where
several joker placements consume exactly the same real tiles, one canonical form is kept:

* a real tile with two jokers is read as a pung (it is also a valid chow, but a pung fits every
  shape a chow does and all-pung shapes too);
* ``i, i+1`` plus a joker is the chow ``i i+1 i+2`` (or ``i-1 i i+1`` at rank 8);
* groups of jokers alone are pungs / the pair of :data:`~mjcalc.engine.groups.ANY` tile.

So "every decomposition" means every distinct way of using the real tiles. Results are memoized:
the same sub-hand recurs across the wild/face-value splits of one hand and across hands. The
candidate groups of each tile are built once, so the search itself never constructs a group.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from mjcalc.engine.groups import ANY, Group, GroupKind, HonorSets
from mjcalc.tiles import DRAGONS, HONORS, WINDS, Tile

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

    ``counts`` has one non-negative entry per tile kind (34). ``triplets_only`` keeps pungs
    alone (大七 / 碰碰胡 questions); ``honor_sets`` allows three different honors as a set. The
    pair, when asked for, comes first in each decomposition.
    """
    if sum(counts) + jokers != 3 * n_sets + (2 if pair else 0):
        return ()
    if triplets_only:
        chows, honor_sets = False, "none"
    return _search(bytes(counts), jokers, n_sets, pair, chows, honor_sets)


def decompose_packed(
    counts: bytes, jokers: int, n_sets: int, pair: bool, honor_sets: HonorSets
) -> tuple[Decomposition, ...]:
    """:func:`decompose` (chows allowed) on counts already packed one byte per kind, their
    number already checked (``sum(counts) + jokers`` is ``3 × n_sets``, + 2 with ``pair``).

    The form its memo is keyed by: a caller searching many variants of one hand (the splits of
    its wilds, all with the same number of tiles) checks the number once and packs each
    variant at C level, instead of building a tuple to be counted and packed again."""
    return _search(counts, jokers, n_sets, pair, True, honor_sets)


Taken = tuple[tuple[Tile, int], ...]
"""Real tiles a candidate group takes: (tile, copies) pairs."""


@dataclass(frozen=True, slots=True)
class _Candidate:
    """A group that may hold the lowest remaining tile, with what it takes from the hand."""

    group: Group
    taken: Taken
    jokers: int
    is_pair: bool


def _candidates(i: Tile, chows: bool, honor_sets: HonorSets) -> tuple[_Candidate, ...]:
    """Every group that can hold tile ``i`` when ``i`` is the lowest tile left, in search order.

    Whether one applies depends on the hand (the tiles it takes must be there, enough jokers,
    a pair still wanted): :func:`_search` checks that. A static table, built on first use.
    """
    key = (i, chows, honor_sets)
    if key not in _CANDIDATES:
        _CANDIDATES[key] = tuple(_build_candidates(i, chows, honor_sets))
    return _CANDIDATES[key]


_CANDIDATES: dict[tuple[Tile, bool, HonorSets], tuple[_Candidate, ...]] = {}


def _build_candidates(i: Tile, chows: bool, honor_sets: HonorSets) -> list[_Candidate]:
    def make(kind: GroupKind, tiles: tuple[Tile, ...], wild: tuple[bool, ...]) -> _Candidate:
        taken: dict[Tile, int] = {}
        for t, w in zip(tiles, wild, strict=True):
            if not w:
                taken[t] = taken.get(t, 0) + 1
        return _Candidate(Group(kind, tiles, wild), tuple(taken.items()), sum(wild), kind == "pair")

    out = [make("pair", (i, i), (False, False)), make("pair", (i, i), (False, True))]
    out += [make("pung", (i,) * 3, (False,) * k + (True,) * (3 - k)) for k in (3, 2, 1)]
    rank = i % 9
    if chows and i < 27 and rank <= 6:
        out.append(make("chow", (i, i + 1, i + 2), (False, False, False)))
        out.append(make("chow", (i, i + 1, i + 2), (False, False, True)))
        out.append(make("chow", (i, i + 1, i + 2), (False, True, False)))
    elif chows and i < 27 and rank == 7:
        out.append(make("chow", (i - 1, i, i + 1), (True, False, False)))
    partners = _honor_partners(i, honor_sets) if i >= 27 else ()
    for a_idx, a in enumerate(partners):
        third = next(h for h in _all_partners(i, honor_sets) if h not in (i, a))
        out.append(make("honors", (i, a, third), (False, False, True)))
        out += [make("honors", (i, a, b), (False,) * 3) for b in partners[a_idx + 1 :]]
    return out


_JOKER_PUNG = Group("pung", (ANY,) * 3, (True,) * 3)
_JOKER_PAIR = Group("pair", (ANY, ANY), (True, True))


@lru_cache(maxsize=1 << 16)
def _search(
    counts: bytes, jokers: int, n_sets: int, pair: bool, chows: bool, honor_sets: HonorSets
) -> tuple[Decomposition, ...]:
    """:func:`decompose` on counts packed as bytes: a memo key that hashes once, and the lowest
    tile found by a C-level strip of the leading zero counts."""
    i = len(counts) - len(counts.lstrip(b"\0"))
    if i == len(counts):
        if jokers != 3 * n_sets + (2 if pair else 0):
            return ()
        rest = (_JOKER_PUNG,) * n_sets
        return ((_JOKER_PAIR, *rest) if pair else rest,)
    if i >= HONOR_BASE and honor_sets == "any_distinct":
        order = _honor_order(counts)
        if order is not None:  # solved once for the honors sorted by count, then renamed
            canonical = counts[:HONOR_BASE] + bytes(counts[HONOR_BASE + k] for k in order)
            subs = _search(canonical, jokers, n_sets, pair, chows, honor_sets)
            return tuple(tuple(_renamed(g, order) for g in d) for d in subs)

    out: list[Decomposition] = []
    for cand in _candidates(i, chows, honor_sets):
        if cand.jokers > jokers or not (pair if cand.is_pair else n_sets):
            continue
        for t, n in cand.taken:
            if counts[t] < n:
                break
        else:
            nxt = bytearray(counts)
            for t, n in cand.taken:
                nxt[t] -= n
            subs = _search(
                bytes(nxt),
                jokers - cand.jokers,
                n_sets - (not cand.is_pair),
                pair and not cand.is_pair,
                chows,
                honor_sets,
            )
            out += _prefixed(cand, subs)
    if i >= 27 and honor_sets != "none" and len(out) > 1:
        return _one_per_honor_split(out)
    if counts[i] == 1:
        # Every group above holds the one copy of i and no later group holds any: all distinct.
        return tuple(out)
    # With more copies of i the same groups can be reached in two orders (pair then pung, or
    # the reverse): keep the first.
    unique: dict[tuple[Group, ...], Decomposition] = {}
    for d in out:
        unique.setdefault(tuple(sorted(d, key=_group_key)), d)
    return tuple(unique.values())


HONOR_BASE = 27
"""The first honor kind: only honors are left when the search reaches it."""


def _honor_order(counts: bytes) -> tuple[int, ...] | None:
    """With any three different honors a set, the seven honors are interchangeable: the
    honors-only rest of a search is solved once per multiset of counts. The honors by count,
    most first (``None`` when already in that order)."""
    honors = counts[HONOR_BASE:]
    order = tuple(sorted(range(len(honors)), key=lambda k: -honors[k]))
    return None if order == tuple(range(len(honors))) else order


def _renamed(g: Group, order: tuple[int, ...]) -> Group:
    """``g`` of the sorted problem with each honor renamed back to its own kind."""
    key = (id(g), order)
    found = _RENAMED.get(key)
    if found is not None and found[0] is g:
        return found[1]
    tiles = tuple(t if t < HONOR_BASE else HONOR_BASE + order[t - HONOR_BASE] for t in g.tiles)
    renamed = Group(g.kind, tiles, g.wild, g.melded, g.exposed)
    if len(_RENAMED) > _CACHE_LIMIT:
        _RENAMED.clear()
    _RENAMED[key] = (g, renamed)
    return renamed


_RENAMED: dict[tuple[int, tuple[int, ...]], tuple[Group, Group]] = {}
_CACHE_LIMIT = 1 << 17
"""Entries kept by ``id``: each holds its group, so an id is never reused while its entry lives."""


def _one_per_honor_split(out: list[Decomposition]) -> tuple[Decomposition, ...]:
    """Keep one decomposition per way of using the honors, when honor sets make it explode.

    With three different honors a set (烂风, above all ``any_distinct``) the same honor tiles can
    be dealt out between the honor groups in very many ways (a hand of seven honor pairs and four
    wilds has tens of thousands). Like the joker placements of the module docstring, equivalent
    ones are kept once (the first), comparing the honor groups as a whole:

    * a decomposition holding an honor set is not all pungs, and the honor groups beside it
      (honor sets, honor pungs, the honor pair, groups of wilds alone) are priced by no ruleset
      one by one: it is compared by its other groups, its honor tiles and its wilds in the
      honor groups, all together;
    * one without honor sets keeps its pair and plain honor pungs exactly (all pungs is 大七,
      a pung of a dragon may be a fan); only honor pungs completed by wilds are pooled.
    """
    unique: dict[object, Decomposition] = {}
    for d in out:
        infos = [_info(g) for g in d]
        mixed = any(info[4] for info in infos)
        others: list[int] = []
        tiles: list[Tile] = []
        wilds = pooled = 0
        for gid, real, n_wild, honor, _is_set, _g in infos:
            if gid < 0 or (mixed and honor):
                tiles += real
                wilds += n_wild
                pooled += 1
            else:
                others.append(gid)
        others.sort()
        tiles.sort()
        unique.setdefault((mixed, tuple(others), tuple(tiles), wilds, pooled), d)
    return tuple(unique.values())


_PoolInfo = tuple[int, tuple[Tile, ...], int, bool, bool, Group]


def _info(g: Group) -> _PoolInfo:
    info = _POOL_INFO.get(id(g))
    return info if info is not None and info[5] is g else _pool_info(g)


def _pool_info(g: Group) -> _PoolInfo:
    """``(id, real tiles, wilds, honor, honor set, g)``: id -1 for a group always compared as part
    of the pool (an honor set, or an honor pung completed by wilds), else a number naming the
    group; ``honor``: every real tile is an honor (groups of wilds alone included).

    Kept by ``id(g)``: the groups of a decomposition are the static candidates of
    :func:`_candidates`, the joker groups and renamed ones, so hashing them is rarely needed;
    the entry holds ``g`` itself, so an id is never reused for another group while it lives.
    """
    real = tuple(t for t, w in zip(g.tiles, g.wild, strict=True) if not w)
    honor = all(t >= 27 for t in real)
    is_set = g.kind == "honors"
    if is_set or (g.kind == "pung" and honor and any(g.wild) and real):
        info: _PoolInfo = (-1, real, sum(g.wild), True, is_set, g)
    else:
        gid = _GROUP_IDS.setdefault(g, len(_GROUP_IDS))
        info = (gid, real, sum(g.wild), honor, is_set, g)
    if len(_POOL_INFO) > _CACHE_LIMIT:
        _POOL_INFO.clear()
    _POOL_INFO[id(g)] = info
    return info


_POOL_INFO: dict[int, _PoolInfo] = {}
_GROUP_IDS: dict[Group, int] = {}


def _prefixed(cand: _Candidate, subs: tuple[Decomposition, ...]) -> list[Decomposition]:
    """``cand``'s group added to each sub-decomposition, the pair kept first."""
    group = cand.group
    if cand.is_pair:
        return [(group, *sub) for sub in subs]
    return [
        (sub[0], group, *sub[1:]) if sub and sub[0].kind == "pair" else (group, *sub)
        for sub in subs
    ]


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
        decompose(
            counts,
            jokers,
            n_sets,
            pair=pair,
            chows=chows,
            honor_sets=honor_sets,
            triplets_only=triplets_only,
        )
    )
