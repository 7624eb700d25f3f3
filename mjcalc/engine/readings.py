"""Every reading of a hand with wild tiles: each wild acts as wild or keeps its face value.

Copies of one wild kind are interchangeable, so the choices are "how many copies of each wild kind
keep their face value" (at most 5 × 5 splits); the rest act as jokers for the shape searches of
:mod:`~mjcalc.engine.decompose` and :mod:`~mjcalc.engine.shapes`. Each reading reports what every
wild stood for.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product

from mjcalc.engine.decompose import decompose
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


def _resolve(groups: Sequence[Group], joker_faces: list[Tile]) -> tuple[tuple[Group, ...],
                                                                        list[WildUse]]:
    """Give each joker position a physical wild tile and fix what all-joker groups stand for."""
    faces = iter(joker_faces)
    uses: list[WildUse] = []
    out: list[Group] = []
    for g in groups:
        if not any(g.wild):
            out.append(g)
            continue
        tiles = list(g.tiles)
        first: Tile | None = None
        for pos, is_wild in enumerate(g.wild):
            if not is_wild:
                continue
            face = next(faces)
            if first is None:
                first = face
            if tiles[pos] == ANY:
                tiles[pos] = first
            uses.append(WildUse(face, tiles[pos]))
        out.append(Group(g.kind, tuple(tiles), g.wild, g.melded, g.exposed))
    return tuple(out), uses


def _splits(counts: list[int], wild_kinds: Sequence[Tile]) -> Iterator[tuple[list[int], list[Tile],
                                                                              list[Tile]]]:
    """(counts with the jokers taken out, faces acting as jokers, faces kept), fewest jokers first."""
    kinds = sorted({k for k in wild_kinds if counts[k]})
    choices = [range(counts[k], -1, -1) for k in kinds]  # copies kept at face value
    splits = sorted(product(*choices), key=lambda kept: -sum(kept))
    for kept in splits:
        face_counts = list(counts)
        jokers: list[Tile] = []
        kept_faces: list[Tile] = []
        for k, n_kept in zip(kinds, kept, strict=True):
            face_counts[k] = n_kept
            jokers.extend([k] * (counts[k] - n_kept))
            kept_faces.extend([k] * n_kept)
        yield face_counts, jokers, kept_faces


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
    """
    counts = counts_of(concealed)
    meld_groups = tuple(meld_group(m) for m in melds)
    n_sets = 4 - len(melds)
    fixed: tuple[Group, ...] = ()
    fixed_uses: list[WildUse] = []
    if pair is not None:
        lone, partner = pair
        counts[lone] -= 1
        counts[partner] -= 1
        if counts[lone] < 0 or counts[partner] < 0:
            return
        if lone == partner:
            fixed = (Group("pair", (partner, partner), (False, False)),)
            if lone in wild_kinds:
                fixed_uses = [WildUse(lone, None)] * 2
        else:
            if lone not in wild_kinds:
                return
            fixed = (Group("pair", (partner, partner), (False, True)),)
            fixed_uses = [WildUse(lone, partner)]
            if partner in wild_kinds:
                fixed_uses.append(WildUse(partner, None))

    for face_counts, jokers, kept in _splits(counts, wild_kinds):
        kept_uses = [WildUse(k, None) for k in kept] + fixed_uses
        nj = len(jokers)
        found: list[tuple[Shape, tuple[Group, ...]]] = []
        for d in decompose(tuple(face_counts), nj, n_sets, pair=pair is None,
                           honor_sets=rules.honor_sets):
            found.append(("standard", d))
        if not melds:
            if rules.seven_pairs:
                sp = seven_pairs(tuple(face_counts), nj, four_as_two=rules.four_as_two,
                                 n_pairs=7 if pair is None else 6)
                if sp is not None:
                    found.append(("seven_pairs", sp))
            if pair is None and (rules.thirteen_lan or rules.seven_star_lan):
                star = None
                if rules.seven_star_lan:
                    star = thirteen_lan(tuple(face_counts), nj, seven_star=True,
                                        wild_for_honors=rules.wild_for_seven_star_honors)
                    if star is not None:
                        found.append(("seven_star_lan", star))
                if rules.thirteen_lan and star is None:
                    lan = thirteen_lan(tuple(face_counts), nj)
                    if lan is not None:
                        found.append(("thirteen_lan", lan))
        if rules.loose_honors and pair is None and all(g.tiles[0] >= 27 for g in meld_groups):
            loose = loose_honors(tuple(face_counts), nj)
            if loose is not None and sum(face_counts) + nj == 3 * n_sets + 2:
                found.append(("loose_honors", loose))
        for shape, groups in found:
            # the fixed pair's lone wild is already in ``fixed_uses``, not among ``jokers``
            resolved, uses = _resolve(groups, jokers)
            yield Reading(shape, fixed + resolved + meld_groups, tuple(uses + kept_uses))

