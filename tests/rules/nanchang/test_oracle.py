"""Nanchang's wild search against a brute-force oracle on small hands (at most two jings).

Nanchang reads every jing as a wild and wants each set and the pair of a four-sets hand to hold
a tile that is no jing (the engine's ``face_value=False`` and ``wilds_alone=False``). The oracle
shares no code with the engine: as in ``tests/engine/test_oracle.py`` (whose hands and
substitutions it reuses), every jing is given every tile kind in turn, and the resulting tiles,
each labelled natural or jing, are split the textbook way into sets and a pair, each group
required to take one natural tile at least. Seven pairs and 十三烂 / 七星 are that file's own
oracles: every jing stands for anything there.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import product

from hypothesis import assume, event, given
from hypothesis import strategies as st

from mjcalc.engine import distinct_readings
from mjcalc.hand import Meld
from mjcalc.rules.jing import next_kind
from mjcalc.rules.nanchang.hu import RULES
from mjcalc.tiles import N_KINDS, Tile
from tests.engine.test_oracle import (
    examples,
    honor_triples,
    near_winning,
    oracle_shapes,
    with_wilds,
)

Labelled = tuple[tuple[int, int], ...]
"""Per tile kind: (natural copies, jing copies standing for that kind)."""


def _groups(first: Tile) -> list[tuple[Tile, ...]]:
    """Every set holding ``first`` as its lowest tile: pung, chow, an honor chow."""
    out: list[tuple[Tile, ...]] = [(first,) * 3]
    if first < 27 and first % 9 <= 6:
        out.append((first, first + 1, first + 2))
    out += [h for h in honor_triples("same_class") if h[0] == first]
    return out


def _takes(counts: Labelled, group: Sequence[Tile]) -> list[Labelled]:
    """Every way to take ``group``'s tiles from ``counts``, natural or jing copies, holding a
    natural tile at least."""
    out = []
    for labels in product((0, 1), repeat=len(group)):  # 0: natural, 1: jing
        if 0 not in labels:
            continue
        rest = [list(c) for c in counts]
        for t, label in zip(group, labels, strict=True):
            rest[t][label] -= 1
        if all(n >= 0 for c in rest for n in c):
            out.append(tuple((a, b) for a, b in rest))
    return out


@cache
def oracle_sets(counts: Labelled, pair: bool) -> bool:
    """Can ``counts`` be split into sets (and one pair if ``pair``), each with a natural tile?"""
    first = next((t for t, (a, b) in enumerate(counts) if a + b), None)
    if first is None:
        return not pair
    tries = [(g, pair) for g in _groups(first)]
    if pair:
        tries.append(((first, first), False))
    return any(oracle_sets(rest, still) for group, still in tries for rest in _takes(counts, group))


def oracle_standard(concealed: Sequence[Tile], n_melds: int, kinds: Sequence[Tile]) -> bool:
    """Some kind for each jing makes 4 sets + a pair of the concealed tiles, each with a
    natural tile."""
    natural = [t for t in concealed if t not in kinds]
    jings = len(concealed) - len(natural)
    if len(concealed) != 3 * (4 - n_melds) + 2:
        return False
    for stood in product(range(N_KINDS), repeat=jings):
        counts = [[0, 0] for _ in range(N_KINDS)]
        for t in natural:
            counts[t][0] += 1
        for t in stood:
            counts[t][1] += 1
        if oracle_sets(tuple((a, b) for a, b in counts), True):
            return True
    return False


def engine_shapes(
    concealed: Sequence[Tile], melds: Sequence[Meld], kinds: Sequence[Tile]
) -> set[str]:
    return {d.shape for d in distinct_readings(concealed, melds, kinds, RULES)}


@examples(200)
@given(near_winning(), st.integers(0, N_KINDS - 1), st.data())
def test_the_search_agrees_with_the_oracle(
    base: tuple[list[Tile], tuple[Meld, ...], object], indicator: Tile, data: st.DataObject
) -> None:
    hand, melds, _mode = base
    kinds = (indicator, next_kind(indicator))
    melded = [t for m in melds for t in m.tiles]
    hand, _ = data.draw(with_wilds(hand, melded, 2, kinds))
    assume(sum(t in kinds for t in hand) <= 2)  # the oracle tries 34 kinds for each jing
    expected = set(oracle_shapes(hand, len(melds), kinds, "same_class", True, True)) - {"standard"}
    if oracle_standard(hand, len(melds), kinds):
        expected.add("standard")
    if "seven_star_lan" in expected:  # the engine names a 七星 only, never also its 十三烂
        expected.discard("thirteen_lan")
    event(f"oracle finds {' + '.join(sorted(expected)) or 'no win'}")
    event(f"{sum(t in kinds for t in hand)} jing held")
    assert engine_shapes(hand, melds, kinds) == expected


def test_two_jings_are_never_the_pair_nor_three_a_set() -> None:
    # 4 melds + 9p 1p: the pair would be two jings; the same with one natural tile wins
    melds = (
        Meld((0, 1, 2), False),
        Meld((3, 4, 5), False),
        Meld((6, 7, 8), False),
        Meld((27, 27, 27), False),
    )
    jing = (17, 9)  # 9p and 1p
    assert engine_shapes([17, 9], melds, jing) == set()
    assert oracle_standard([17, 9], 4, jing) is False
    assert engine_shapes([17, 20], melds, jing) == {"standard"}
    # three melds, a natural pair, three jings: only with a jing beside each natural
    three = melds[:3]
    assert engine_shapes([17, 17, 9, 22, 22], three, jing) == {"standard"}
    assert oracle_standard([17, 17, 9, 22, 22], 3, jing) is True
