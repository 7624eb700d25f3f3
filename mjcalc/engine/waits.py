"""Questions about the wait: what the hand looked like before the winning tile arrived."""

from __future__ import annotations

from collections.abc import Sequence

from mjcalc.engine.kinds import decomposes
from mjcalc.engine.readings import ShapeRules, counts_of
from mjcalc.engine.shapes import seven_pairs
from mjcalc.hand import Meld
from mjcalc.tiles import Tile


def lone_wild_wait(
    concealed13: Sequence[Tile],
    melds: Sequence[Meld],
    wild_kinds: Sequence[Tile],
    rules: ShapeRules = ShapeRules(),
    *,
    drawn: Tile | None = None,
) -> bool:
    """Were the 13 tiles before the win complete sets + one lone wild (or 6 pairs + a lone wild)?

    Such a hand waits on any tile (Xingguo's 精吊 structure). Other wilds may act as wild or keep
    their face value in the sets. Only "every other wild acts as wild" needs trying: a wild
    acting as wild can stand for its own face, so no face-value choice succeeds where that one
    fails; and with all of them acting, which wild sits alone makes no difference.

    With ``drawn``, ``concealed13`` is the whole hand and one copy of ``drawn`` (the winning
    tile) is set aside: a scorer asks of its 14 tiles without copying them.
    """
    kinds = set(wild_kinds)
    if kinds.isdisjoint(concealed13):
        return False  # no wild held (most hands): nothing to wait with
    counts = counts_of(concealed13)
    if drawn is not None:
        counts[drawn] -= 1
    held = sum(counts[k] for k in kinds)
    if not held:
        return False  # the only wild was the tile drawn
    for k in kinds:
        counts[k] = 0
    jokers = held - 1  # the lone wild waits; the others fill sets or pairs
    packed = bytes(counts)  # the search's own form (Xingguo asks this of every hand it scores)
    n_sets = 4 - len(melds)
    if sum(packed) + jokers == 3 * n_sets and decomposes(
        packed, jokers, n_sets, False, rules.honor_sets
    ):
        return True
    six_pairs = rules.seven_pairs and not melds
    return (
        six_pairs
        and seven_pairs(packed, jokers, four_as_two=rules.four_as_two, n_pairs=6) is not None
    )


def single_wait_on_pair(concealed: Sequence[Tile], melds: Sequence[Meld], win_tile: Tile) -> bool:
    """大吊车-style: every set melded, and the win completed the only concealed pair."""
    return len(melds) == 4 and len(concealed) == 2 and concealed[0] == concealed[1] == win_tile
