"""Every reading of a hand with wild tiles: each wild acts as wild or keeps its face value.

Copies of one wild kind are interchangeable, so the choices are "how many copies of each wild kind
keep their face value" (at most 5 × 5 splits); the rest act as jokers for the shape searches of
:mod:`~mjcalc.engine.decompose` and :mod:`~mjcalc.engine.shapes`. Each reading reports what every
wild stood for.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from mjcalc.engine.decompose import Decomposition, decompose
from mjcalc.engine.groups import ANY, Group, HonorSets, Reading, Shape, WildUse
from mjcalc.engine.shapes import loose_honors, seven_pairs, thirteen_lan
from mjcalc.hand import Meld
from mjcalc.tiles import N_KINDS, Tile


@dataclass(frozen=True, slots=True)
class ShapeRules:
    """Which shapes a ruleset recognises, and how (the engine knows no ruleset by name)."""

    honor_sets: HonorSets = "none"
    seven_pairs: bool = False
    four_as_two: bool = True
    thirteen_lan: bool = False
    seven_star_lan: bool = False
    wild_for_seven_star_honors: bool = True
    loose_honors: bool = False


def counts_of(tiles: Sequence[Tile]) -> list[int]:
    c = [0] * N_KINDS
    for t in tiles:
        c[t] += 1
    return c


def meld_group(meld: Meld) -> Group:
    """The fixed group of a bracketed meld (never holds a wild: melded wilds keep face value)."""
    kind = meld.kind
    if kind == "invalid":
        raise ValueError(f"not a set: {meld}")
    tiles = tuple(sorted(meld.tiles))
    return Group(kind, tiles, (False,) * len(tiles), melded=True, exposed=not meld.concealed)


def _resolve(
    groups: Sequence[Group], joker_faces: Sequence[Tile]
) -> tuple[tuple[Group, ...], list[WildUse]]:
    """Give each joker position a physical wild tile and fix what all-joker groups stand for."""
    uses: list[WildUse] = []
    out: list[Group] = []
    at = 0
    for g in groups:
        wild = g.wild
        if True not in wild:
            out.append(g)
            continue
        n = wild.count(True)
        resolved, group_uses = _resolve_group(g, tuple(joker_faces[at : at + n]))
        at += n
        out.append(resolved)
        uses += group_uses
    return tuple(out), uses


_RESOLVED: dict[tuple[int, tuple[Tile, ...]], tuple[Group, Group, tuple[WildUse, ...]]] = {}
_RESOLVED_MAX = 1 << 14


class _ResolvedGroups:
    """The memo of :func:`_resolve_group`, cleared like the engine's ``lru_cache`` memos: a
    ``cache_clear`` callable on the module (bench/bench_engine.py's cold runs clear them all)."""

    @staticmethod
    def cache_clear() -> None:
        _RESOLVED.clear()


def _resolve_group(g: Group, faces: tuple[Tile, ...]) -> tuple[Group, tuple[WildUse, ...]]:
    """One group with its wild positions filled by ``faces``, and their uses — remembered.

    The groups of a decomposition come from the search's static tables and live as long as the
    process, and a hand's wilds have one or two faces: the same (group, faces) come back over
    and over, within a hand (each split, each fixed pair) and across hands. Keyed by the
    group's identity (hashing a group's fields cost more than resolving it); the entry keeps the
    group alive, so its id cannot be reused while the entry exists.
    """
    key = (id(g), faces)
    hit = _RESOLVED.get(key)
    if hit is not None and hit[0] is g:
        return hit[1], hit[2]
    tiles = list(g.tiles)
    first: Tile | None = None
    uses: list[WildUse] = []
    at = 0
    for pos, is_wild in enumerate(g.wild):
        if not is_wild:
            continue
        face = faces[at]
        at += 1
        if first is None:
            first = face
        if tiles[pos] == ANY:
            tiles[pos] = first
        uses.append(WildUse(face, tiles[pos]))
    resolved = Group(g.kind, tuple(tiles), g.wild, g.melded, g.exposed)
    if len(_RESOLVED) >= _RESOLVED_MAX:
        _RESOLVED.clear()
    _RESOLVED[key] = (g, resolved, tuple(uses))
    return resolved, tuple(uses)


@dataclass(frozen=True, slots=True)
class _Split:
    """One choice of which wild copies keep their face value; the others act as jokers."""

    kept: tuple[int, ...]
    """Copies kept at face value, per wild kind held (in tile order)."""
    face_counts: tuple[int, ...]
    """The hand's counts with the acting wilds taken out."""
    jokers: tuple[Tile, ...]
    """Faces of the wilds acting as wild."""
    kept_uses: tuple[WildUse, ...]
    """The wilds kept at face value, as uses (``stood_for`` None)."""

    def keeps_at_least(self, other: _Split) -> bool:
        """Every wild kind keeps at least as many copies at face value as in ``other``."""
        return all(mine >= theirs for mine, theirs in zip(self.kept, other.kept, strict=True))


def _splits(counts: list[int], wild_kinds: Sequence[Tile]) -> list[_Split]:
    """Every split of the wilds held, fewest jokers first."""
    kinds = tuple(sorted({k for k in wild_kinds if counts[k]}))
    if not kinds:  # no wild held (most hands): the one split, every tile at face value
        return [_Split((), tuple(counts), (), ())]
    out: list[_Split] = []
    for kept, jokers, kept_uses in _split_plan(kinds, tuple(counts[k] for k in kinds)):
        face_counts = list(counts)
        for k, n_kept in zip(kinds, kept, strict=True):
            face_counts[k] = n_kept
        out.append(_Split(kept, tuple(face_counts), jokers, kept_uses))
    return out


@lru_cache(maxsize=1024)
def _split_plan(
    kinds: tuple[Tile, ...], held: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], tuple[Tile, ...], tuple[WildUse, ...]], ...]:
    """The splits of ``held`` copies of each wild kind, fewest jokers first: what each keeps,
    the jokers' faces, the kept wilds' uses. It depends on those few numbers only (at most
    5 × 5 cases), so it is worked out once, not for every hand."""
    choices = [range(n, -1, -1) for n in held]  # copies kept at face value
    out = []
    for kept in sorted(product(*choices), key=lambda kept: -sum(kept)):
        jokers: list[Tile] = []
        kept_faces: list[Tile] = []
        for k, n, n_kept in zip(kinds, held, kept, strict=True):
            jokers.extend([k] * (n - n_kept))
            kept_faces.extend([k] * n_kept)
        out.append((kept, tuple(jokers), tuple(WildUse(k, None) for k in kept_faces)))
    return tuple(out)


def _decompositions(
    splits: list[_Split], n_sets: int, pair: bool, honor_sets: HonorSets
) -> dict[tuple[int, ...], tuple[Decomposition, ...]]:
    """The set + pair decompositions of every split, searched most jokers first.

    A wild acting as wild can stand for its own face, so keeping more copies at face value
    never turns a hand that fails into one that wins: a split keeping at least the faces of a
    split already found to fail is skipped unsearched.
    """
    found: dict[tuple[int, ...], tuple[Decomposition, ...]] = {}
    failed: list[_Split] = []
    for split in reversed(splits):
        if any(split.keeps_at_least(f) for f in failed):
            found[split.kept] = ()
            continue
        nj = len(split.jokers)
        found[split.kept] = decompose(
            split.face_counts, nj, n_sets, pair=pair, honor_sets=honor_sets
        )
        if not found[split.kept]:
            failed.append(split)
    return found


def _fixed_pair(
    counts: list[int], pair: tuple[Tile, Tile], wild_kinds: Sequence[Tile]
) -> tuple[Group, list[WildUse]] | None:
    """Take the fixed pair's tiles out of ``counts``; its group and wild uses (None: illegal)."""
    lone, partner = pair
    counts[lone] -= 1
    counts[partner] -= 1
    if counts[lone] < 0 or counts[partner] < 0:
        return None
    if lone == partner:
        uses = [WildUse(lone, None)] * 2 if lone in wild_kinds else []
        return Group("pair", (partner, partner), (False, False)), uses
    if lone not in wild_kinds:
        return None
    uses = [WildUse(lone, partner)]
    if partner in wild_kinds:
        uses.append(WildUse(partner, None))
    return Group("pair", (partner, partner), (False, True)), uses


def _whole_hand_shapes(
    split: _Split, rules: ShapeRules, pair: tuple[Tile, Tile] | None
) -> list[tuple[Shape, tuple[Group, ...]]]:
    """Seven pairs, 十三烂 / 七星十三烂 of one split of a fully concealed hand."""
    face_counts, nj = split.face_counts, len(split.jokers)
    found: list[tuple[Shape, tuple[Group, ...]]] = []
    if rules.seven_pairs:
        sp = seven_pairs(
            face_counts,
            nj,
            four_as_two=rules.four_as_two,
            n_pairs=7 if pair is None else 6,
            paired=() if pair is None else pair[1:],
        )
        if sp is not None:
            found.append(("seven_pairs", sp))
    if pair is None and (rules.thirteen_lan or rules.seven_star_lan):
        star = None
        if rules.seven_star_lan:
            star = thirteen_lan(
                face_counts, nj, seven_star=True, wild_for_honors=rules.wild_for_seven_star_honors
            )
            if star is not None:
                found.append(("seven_star_lan", star))
        if rules.thirteen_lan and star is None:
            lan = thirteen_lan(face_counts, nj)
            if lan is not None:
                found.append(("thirteen_lan", lan))
    return found


def readings(
    concealed: Sequence[Tile],
    melds: Sequence[Meld] = (),
    wild_kinds: Sequence[Tile] = (),
    rules: ShapeRules = ShapeRules(),
    *,
    pair: tuple[Tile, Tile] | None = None,
) -> Iterator[Reading]:
    """Every reading of ``concealed`` + ``melds`` as a winning hand.

    ``pair=(lone, partner)`` fixes the pair: physical tiles ``lone`` and ``partner`` are taken
    out first and the rest must form the sets (or the other pairs). When they differ, ``lone``
    must be a wild kind and stands for ``partner`` — the 精吊-style question "was the win a wait
    on a lone wild?".

    Readings come split by split, fewest wilds acting as wild first.
    """
    if pair is not None and (pair[0] not in concealed or pair[1] not in concealed):
        return  # a fixed pair needs both its tiles (most 精吊 questions: no jing held)
    counts = counts_of(concealed)
    meld_groups = tuple(meld_group(m) for m in melds)
    n_sets = 4 - len(melds)
    fixed: tuple[Group, ...] = ()
    fixed_uses: tuple[WildUse, ...] = ()
    if pair is not None:
        fixed_pair = _fixed_pair(counts, pair, wild_kinds)
        if fixed_pair is None:
            return
        fixed, fixed_uses = (fixed_pair[0],), tuple(fixed_pair[1])

    splits = _splits(counts, wild_kinds)
    standard = _decompositions(splits, n_sets, pair is None, rules.honor_sets)
    loose_melds = all(g.tiles[0] >= 27 for g in meld_groups)
    for split in splits:
        kept_uses = split.kept_uses + fixed_uses
        nj = len(split.jokers)
        found: list[tuple[Shape, tuple[Group, ...]]] = [
            ("standard", d) for d in standard[split.kept]
        ]
        if not melds:
            found += _whole_hand_shapes(split, rules, pair)
        if rules.loose_honors and pair is None and loose_melds:
            loose = loose_honors(split.face_counts, nj)
            if loose is not None and sum(split.face_counts) + nj == 3 * n_sets + 2:
                found.append(("loose_honors", loose))
        for shape, groups in found:
            if not nj:  # no wild acts as wild: nothing to resolve
                yield Reading(shape, fixed + groups + meld_groups, kept_uses)
                continue
            # the fixed pair's lone wild is already in ``fixed_uses``, not among the jokers
            resolved, uses = _resolve(groups, split.jokers)
            yield Reading(shape, fixed + resolved + meld_groups, (*uses, *kept_uses))
