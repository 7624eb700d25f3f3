"""Questions about the wait: what the hand looked like before the winning tile arrived."""

from __future__ import annotations

from collections.abc import Sequence

from mjcalc.engine.decompose import decompose
from mjcalc.engine.readings import ShapeRules, _splits, counts_of
from mjcalc.engine.shapes import seven_pairs
from mjcalc.hand import Meld
from mjcalc.tiles import Tile


def lone_wild_wait(
    concealed13: Sequence[Tile],
    melds: Sequence[Meld],
    wild_kinds: Sequence[Tile],
    rules: ShapeRules = ShapeRules(),
) -> bool:
    """Were the 13 tiles before the win complete sets + one lone wild (or 6 pairs + a lone wild)?

    Such a hand waits on any tile (Xingguo's 精吊 structure). Other wilds may act as wild or keep
    their face value in the sets.
    """
    base = counts_of(concealed13)
    n_sets = 4 - len(melds)
    for lone in sorted({k for k in wild_kinds if base[k]}):
        counts = list(base)
        counts[lone] -= 1
        for face_counts, jokers, _kept in _splits(counts, wild_kinds):
            nj = len(jokers)
            if decompose(tuple(face_counts), nj, n_sets, pair=False, honor_sets=rules.honor_sets):
                return True
            if (
                rules.seven_pairs
                and not melds
                and seven_pairs(tuple(face_counts), nj, four_as_two=rules.four_as_two, n_pairs=6)
            ):
                return True
    return False


def single_wait_on_pair(concealed: Sequence[Tile], melds: Sequence[Meld], win_tile: Tile) -> bool:
    """大吊车-style: every set melded, and the win completed the only concealed pair."""
    return len(melds) == 4 and len(concealed) == 2 and concealed[0] == concealed[1] == win_tile
