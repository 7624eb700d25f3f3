"""Every arrangement of a hand into sets and a pair, with its declared melds kept as they are.

A fan table that scores sets (chows against chows, pungs against pungs) must see each way the
concealed tiles split into four sets and a pair: the same tiles may read as three pungs or as
three chows, and the table picks the best. This module lists them all, plainly and fast, with
no wild tiles (the rulesets that have wilds use :mod:`~mjcalc.engine.decompose`).

**Suit by suit.** No set spans two suits, so a hand's arrangements are the product of each
suit's own ways, one of the suits holding the pair. A suit's ways depend only on its nine
counts, and those few patterns recur across hands, so they are memoised
(:func:`_suit_ways`). The same memo answers "is this complete?" for the waits
(:func:`shape_waits`), which try each tile that could finish the hand.

No count is capped at four: a caller asking about a wait on a tile it already holds four of
gets the shape's answer, and checks the wall itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import product
from typing import Literal, NamedTuple

from mjcalc.engine.complete import sets_only, suit_complete
from mjcalc.tiles import N_KINDS, Tile

PartKind = Literal["chow", "pung", "kong", "pair"]


class Part(NamedTuple):
    """One set or the pair of an arrangement: a tuple, so arrangements hash and sort cheaply."""

    kind: PartKind
    tile: Tile
    """The lowest tile: the start of a chow, the tile of a pung, kong or pair."""
    concealed: bool
    """Formed in the hand (a concealed kong too); ``False`` for a declared chow, pung or kong."""

    @property
    def tiles(self) -> tuple[Tile, ...]:
        t = self.tile
        if self.kind == "chow":
            return (t, t + 1, t + 2)
        return (t,) * _SIZE[self.kind]


_SIZE: dict[str, int] = {"pung": 3, "kong": 4, "pair": 2}


Arrangement = tuple[Part, ...]
"""The declared melds first (as given), then the concealed sets in tile order, the pair last."""

_SuitWay = tuple[tuple[tuple[PartKind, int], ...], int]
"""A suit's way: its sets as (kind, index in the suit), sorted, and its pair's index or -1."""


@lru_cache(maxsize=1 << 16)
def _suit_ways(counts: tuple[int, ...], chows: bool) -> tuple[_SuitWay, ...]:
    """Every way to read one suit's counts as sets and at most one pair (distinct, sorted)."""
    found: set[_SuitWay] = set()
    work = list(counts)
    size = len(work)
    sets: list[tuple[PartKind, int]] = []

    def walk(i: int, pair: int) -> None:
        while i < size and not work[i]:
            i += 1
        if i == size:
            found.add((tuple(sorted(sets)), pair))
            return
        if work[i] >= 3:
            work[i] -= 3
            sets.append(("pung", i))
            walk(i, pair)
            sets.pop()
            work[i] += 3
        if chows and i + 2 < size and work[i + 1] and work[i + 2]:
            work[i] -= 1
            work[i + 1] -= 1
            work[i + 2] -= 1
            sets.append(("chow", i))
            walk(i, pair)
            sets.pop()
            work[i] += 1
            work[i + 1] += 1
            work[i + 2] += 1
        if pair < 0 and work[i] >= 2:
            work[i] -= 2
            walk(i, i)
            work[i] += 2

    walk(0, -1)
    return tuple(sorted(found))


@lru_cache(maxsize=1 << 16)
def _block_parts(
    counts: tuple[int, ...], lo: Tile, chows: bool
) -> tuple[tuple[tuple[Part, ...], Part | None], ...]:
    """A block's ways as parts: its sets, and its pair if it holds it."""
    return tuple(
        (
            tuple(Part(kind, lo + i, True) for kind, i in sets),
            Part("pair", lo + pair, True) if pair >= 0 else None,
        )
        for sets, pair in _suit_ways(counts, chows)
    )


_BLOCKS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
"""The three suits (chows allowed) and the honors (pungs and pairs only)."""


def arrangements(counts: Sequence[int], melds: Sequence[Part] = ()) -> tuple[Arrangement, ...]:
    """Every way to read ``counts`` (the concealed tiles, one count per kind) as sets and one
    pair, each arrangement led by ``melds``; ``()`` when there is none."""
    if len(counts) != N_KINDS or sum(counts) % 3 != 2:
        return ()
    per_block = []
    for lo, hi, chows in _BLOCKS:
        ways = _block_parts(tuple(counts[lo:hi]), lo, chows)
        if not ways:
            return ()
        per_block.append(ways)
    out: list[Arrangement] = []
    lead = tuple(melds)
    for ways in product(*per_block):  # one suit's way each, the first suit's outermost
        sets: list[Part] = []
        pair: Part | None = None
        for block, its_pair in ways:
            if its_pair is not None:
                if pair is not None:
                    break  # two pairs
                pair = its_pair
            sets += block
        else:
            if pair is not None:
                sets.sort()
                out.append((*lead, *sets, pair))
    return tuple(out)


def _reads(counts: Sequence[int], chows: bool, pair: bool) -> bool:
    """Whether one block's counts read as sets alone, or (``pair``) as sets and one pair:
    answered without listing the ways (:func:`~mjcalc.engine.complete.suit_complete` for a
    suit; the honors take pungs and one pair only)."""
    rest = sum(counts) % 3
    if rest != (2 if pair else 0):
        return False
    if not chows:
        if pair:
            return sum(n % 3 == 2 for n in counts) == 1 and all(n % 3 != 1 for n in counts)
        return all(n % 3 == 0 for n in counts)
    suit = bytes(counts)
    return suit_complete(suit, True) if pair else sets_only(suit)


def is_complete(counts: Sequence[int]) -> bool:
    """Whether ``counts`` read as sets and exactly one pair (any number of sets)."""
    pairs = 0
    for lo, hi, chows in _BLOCKS:
        state = _state(tuple(counts[lo:hi]), chows)
        if state < 0:
            return False
        pairs += state
    return pairs == 1


@lru_cache(maxsize=1 << 16)
def _state(block: tuple[int, ...], chows: bool) -> int:
    """0 for a block of sets alone, 1 for sets and a pair, -1 for neither."""
    rest = sum(block) % 3
    if rest == 1:
        return -1
    paired = rest == 2
    return int(paired) if _reads(block, chows, paired) else -1


@lru_cache(maxsize=1 << 16)
def _block_waits(block: tuple[int, ...], chows: bool, pair: bool) -> tuple[int, ...]:
    """The indices whose tile makes ``block`` sets alone, or sets and a pair (``pair``): only
    tiles held or (in a suit) within two ranks of one can join a set or the pair."""
    if (sum(block) + 1) % 3 != (2 if pair else 0):
        return ()  # one tile more is never the right count
    out = []
    work = list(block)
    size = len(block)
    reach = 2 if chows else 0
    for i in range(size):
        if not any(block[max(0, i - reach) : i + reach + 1]):
            continue
        work[i] += 1
        if _reads(work, chows, pair):
            out.append(i)
        work[i] -= 1
    return tuple(out)


def pairs_only(counts: Sequence[int]) -> bool:
    """Fourteen tiles in pairs (four alike count as two pairs)."""
    return sum(counts) == 14 and all(n % 2 == 0 for n in counts)


def shape_waits(counts: Sequence[int]) -> tuple[Tile, ...]:
    """The tiles that complete ``counts`` (a hand one tile short) as sets and a pair or, with
    13 tiles, as seven pairs: the tiles of the shape, whether or not any is left to draw.

    The tile goes to one block (a suit, or the honors); the others must already be complete,
    with the pair among them or not, so only that block's own waits are asked (memoised)."""
    blocks = [tuple(counts[lo:hi]) for lo, hi, _ in _BLOCKS]
    states = [_state(b, chows) for b, (_, _, chows) in zip(blocks, _BLOCKS, strict=True)]
    broken = states.count(-1)
    pairs = states.count(1)
    found: set[Tile] = set()
    if broken <= 1:
        for k, (lo, _, chows) in enumerate(_BLOCKS):
            state = states[k]
            if broken - (state < 0) or pairs - (state == 1) > 1:
                continue
            found.update([lo + i for i in _block_waits(blocks[k], chows, pairs == (state == 1))])
    if sum(counts) == 13 and sum(map(bool, counts)) <= 7:
        odd = [t for t, n in enumerate(counts) if n % 2]
        if len(odd) == 1:
            found.add(odd[0])
    return tuple(sorted(found))


def only_wait(counts: Sequence[int], tile: Tile) -> bool:
    """Fast path of ``shape_waits(counts) == (tile,)`` (its twin, checked against it in
    ``tests/rules/guobiao/fan/test_fast_paths_match_their_twins.py``), for ``counts`` one tile
    short that ``tile`` completes as sets and a pair.

    Only ``tile``'s block is searched. The other blocks are complete already; if ``tile``'s
    block held the pair, no tile elsewhere can finish the hand (the block one short is never
    complete). If not, a tile elsewhere does only when the block one short is sets and a pair
    and the pair's block, one tile more, is sets alone. Seven pairs wait on their odd tile."""
    lo, hi, chows = next(b for b in _BLOCKS if tile < b[1])
    block = tuple(counts[lo:hi])
    paired = sum(block) % 3 == 1  # one short of sets and the pair
    if _block_waits(block, chows, paired) != (tile - lo,):
        return False
    if not paired and _reads(block, chows, True):
        for plo, phi, pchows in _BLOCKS:
            if plo != lo and sum(counts[plo:phi]) % 3 == 2:
                if _block_waits(tuple(counts[plo:phi]), pchows, False):
                    return False
                break
    if sum(counts) == 13 and sum(map(bool, counts)) <= 7:
        odd = [t for t, n in enumerate(counts) if n % 2]
        if len(odd) == 1 and odd[0] != tile:
            return False
    return True
