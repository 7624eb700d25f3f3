"""Shanten (向听) and waits: how far a hand is from ready, which tiles complete or improve it.

A hand of ``3n + 1`` concealed tiles (``n`` = sets still to make, 4 minus the melds) is *ready*
(shanten 0) when one more tile completes it; shanten ``k`` means ``k`` tile changes (draw one,
discard one) from ready. A hand of ``3n + 2`` concealed tiles has the shanten of its best discard,
and ``-1`` when it is already complete.

The count works on *positions*: a complete hand has ``3n + 2`` of them, grouped into ``n`` set
slots and one pair slot (or seven pair slots, or the fourteen of 十三烂). Each real tile of the
hand is either placed in a slot whose tiles can still become a valid group, or left aside; a
wild tile acting as wild fits any position. Every position not filled by a tile of the hand
needs one tile from the wall, so

    shanten = 3n + 1 − (most tiles of the hand that can be placed at once).

Like every shanten count, this does not ask whether the missing tiles are still in play (a hand
waiting only on a fifth copy counts as ready); the waits themselves are checked by the ruleset.

What a ruleset aims at is a tuple of :class:`Target`: its :class:`ShapeRules`, optionally limited
to some tile kinds and to all-triplet hands (how Shanghai's 清 / 混 / 碰 / 风 hands are described
without naming them). The shanten is the lowest over the targets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from mjcalc.engine.decompose import can_decompose, decompose, take
from mjcalc.engine.groups import HonorSets, wilds_alone
from mjcalc.engine.readings import ShapeRules
from mjcalc.engine.shapes import seven_pairs
from mjcalc.hand import Meld
from mjcalc.tiles import DRAGONS, HONORS, N_KINDS, WINDS, Tile

COMPLETE = -1
"""The shanten of a complete hand (3n + 2 tiles that already win by shape)."""


@dataclass(frozen=True, slots=True)
class Target:
    """A family of complete hands the search aims at.

    ``tiles``: only these kinds may be used (``None``: all); tiles of other kinds are always
    left aside and melds holding one rule the target out. ``triplets_only``: every set a pung or
    kong (no chow, no honor set).
    """

    rules: ShapeRules = ShapeRules()
    tiles: frozenset[Tile] | None = None
    triplets_only: bool = False

    def allows_melds(self, melds: Sequence[Meld]) -> bool:
        """Can the hand's melds be part of such a hand?"""
        for meld in melds:
            if self.tiles is not None and not set(meld.tiles) <= self.tiles:
                return False
            if self.triplets_only and meld.kind not in ("pung", "kong"):
                return False
        return True


def shanten(
    concealed: Sequence[Tile],
    melds: Sequence[Meld],
    wild_kinds: Sequence[Tile],
    targets: Sequence[Target],
) -> int | None:
    """The shanten of the hand (``-1``: complete), or ``None`` when no target can be reached.

    ``concealed`` holds ``3n + 1`` or ``3n + 2`` tiles, ``n = 4 - len(melds)``; concealed copies
    of ``wild_kinds`` may act as wild (melded ones keep their face value).
    """
    n_sets = 4 - len(melds)
    if n_sets < 0 or len(concealed) not in (3 * n_sets + 1, 3 * n_sets + 2):
        raise ValueError(f"{len(concealed)} concealed tiles with {len(melds)} melds")
    counts = [0] * N_KINDS
    for t in concealed:
        counts[t] += 1
    wilds = sorted({k for k in wild_kinds if counts[k]})
    live = [target for target in targets if target.allows_melds(melds)]
    if len(concealed) == 3 * n_sets + 2 and any(_complete(counts, wilds, melds, t) for t in live):
        return COMPLETE
    best: int | None = None
    for target in live:
        placed = _most_placed(counts, wilds, melds, target)
        value = 3 * n_sets + 1 - placed
        best = value if best is None else min(best, value)
    return best


def completing_tiles(
    concealed: Sequence[Tile],
    melds: Sequence[Meld],
    wild_kinds: Sequence[Tile],
    targets: Sequence[Target],
) -> list[Tile]:
    """The tile kinds that complete a ``3n + 1`` hand by shape (its waits before any rule).

    Asks the engine's decomposition search directly (a yes/no question, memoized and shared
    with the readings a ruleset asks for next) rather than counting placed tiles.
    """
    n_sets = 4 - len(melds)
    if n_sets < 0 or len(concealed) != 3 * n_sets + 1:
        raise ValueError(f"{len(concealed)} concealed tiles with {len(melds)} melds")
    counts = [0] * N_KINDS
    for t in concealed:
        counts[t] += 1
    live = [target for target in targets if target.allows_melds(melds)]
    out: list[Tile] = []
    for t in range(N_KINDS):
        counts[t] += 1
        wilds = sorted({k for k in wild_kinds if counts[k]})
        if any(_complete(counts, wilds, melds, target) for target in live):
            out.append(t)
        counts[t] -= 1
    return out


def _complete(counts: list[int], wilds: list[Tile], melds: Sequence[Meld], target: Target) -> bool:
    """Is a ``3n + 2`` hand complete in one shape of ``target``?"""
    rules = target.rules
    if target.tiles is not None and any(c and t not in target.tiles for t, c in enumerate(counts)):
        return False
    jokers = sum(counts[k] for k in wilds)
    real = list(counts)
    for k in wilds:
        real[k] = 0
    n_sets = 4 - len(melds)
    honor_sets: HonorSets = "none" if target.triplets_only else rules.honor_sets
    if rules.wilds_alone:
        if can_decompose(
            tuple(real), jokers, n_sets, honor_sets=honor_sets, triplets_only=target.triplets_only
        ):
            return True
    elif any(  # a set or pair of wilds alone does not count: only the rest of them will do
        not wilds_alone(d)
        for d in decompose(
            tuple(real), jokers, n_sets, honor_sets=honor_sets, triplets_only=target.triplets_only
        )
    ):
        return True
    if rules.loose_honors and all(min(m.tiles) >= 27 for m in melds) and not any(real[:27]):
        return True
    if melds or target.triplets_only:
        return False
    four_as_two = rules.four_as_two
    if rules.seven_pairs and seven_pairs(tuple(real), jokers, four_as_two=four_as_two) is not None:
        return True
    if rules.thirteen_lan or rules.seven_star_lan:
        # every tile of a 十三烂 stands alone: two copies of a kind that is not wild leave one
        # of them unplaced, so the (costly) search can only say no
        if any(c > 1 for t, c in enumerate(counts) if t not in wilds):
            return False
        return _lan_best(counts, wilds, rules) == 14
    return False


def improving_tiles(
    concealed: Sequence[Tile],
    melds: Sequence[Meld],
    wild_kinds: Sequence[Tile],
    targets: Sequence[Target],
) -> list[Tile]:
    """The tile kinds that, drawn into a ``3n + 1`` hand, lower its shanten (best discard after)."""
    hand = list(concealed)
    now = shanten(hand, melds, wild_kinds, targets)
    if now is None:
        return []
    out: list[Tile] = []
    for t in range(N_KINDS):
        after = shanten([*hand, t], melds, wild_kinds, targets)
        if after is not None and after < now:
            out.append(t)
    return out


# --- placing tiles ---------------------------------------------------------------------------


def _most_placed(
    counts: list[int], wilds: list[Tile], melds: Sequence[Meld], target: Target
) -> int:
    """Most tiles of the hand placed at once in one shape of ``target``."""
    rules = target.rules
    n_sets = 4 - len(melds)
    usable = list(counts)
    if target.tiles is not None:
        for t in range(N_KINDS):
            if t not in target.tiles:
                usable[t] = 0
    jokers = sum(usable[k] for k in wilds)
    real = list(usable)
    for k in wilds:
        real[k] = 0
    positions = 3 * n_sets + 2
    honor_sets: HonorSets = "none" if target.triplets_only else rules.honor_sets
    # A wild acting as wild fits any position of a set or pair: it never does worse than at
    # face value, so the standard shape only needs the "every wild acts as wild" split.
    found = _standard(bytes(real), n_sets, True, not target.triplets_only, honor_sets)
    best = min(positions, found + jokers)
    if rules.loose_honors and all(min(m.tiles) >= 27 for m in melds):
        honors = sum(real[h] for h in HONORS)
        best = max(best, min(positions, honors + jokers))
    if melds or target.triplets_only:
        return best
    if rules.seven_pairs:
        best = max(best, min(positions, _seven_pairs(real, rules.four_as_two) + jokers))
    if rules.thirteen_lan or rules.seven_star_lan:
        best = max(best, _lan_best(usable, wilds, rules))
    return best


@lru_cache(maxsize=1 << 17)
def _standard(counts: bytes, n_sets: int, pair: bool, chows: bool, honor_sets: HonorSets) -> int:
    """Most real tiles placed in ``n_sets`` set slots and (``pair``) one pair slot.

    The lowest tile left is either left aside (one copy) or put in a slot with tiles above it
    that can still become one group: a pung, a chow or an honor set, whole or in part.
    """
    room = 3 * n_sets + 2 * pair
    left = sum(counts)
    if not room or not left:
        return 0
    bound = min(room, left)
    i = len(counts) - len(counts.lstrip(b"\0"))
    best = 0
    for taken, is_pair in _slot_fills(i, chows, honor_sets):
        if (not pair) if is_pair else (not n_sets):
            continue
        rest = take(counts, taken)
        if rest is None:
            continue
        size = sum(n for _, n in taken)
        found = size + _standard(
            rest, n_sets - (not is_pair), pair and not is_pair, chows, honor_sets
        )
        if found > best:
            best = found
            if best == bound:
                return best
    nxt = bytearray(counts)
    nxt[i] -= 1  # leave one copy of the lowest tile aside
    return max(best, _standard(bytes(nxt), n_sets, pair, chows, honor_sets))


Fill = tuple[tuple[tuple[Tile, int], ...], bool]
"""The real tiles put in one slot ((tile, copies) pairs) and whether the slot is the pair."""

_FILLS: dict[tuple[Tile, bool, HonorSets], tuple[Fill, ...]] = {}


def _slot_fills(i: Tile, chows: bool, honor_sets: HonorSets) -> tuple[Fill, ...]:
    """Every way to start a slot with tile ``i`` (the lowest left), largest first."""
    key = (i, chows, honor_sets)
    if key not in _FILLS:
        fills: list[Fill] = [(((i, 3),), False), (((i, 2),), True)]
        rank = i % 9
        suited = i < 27
        if chows and suited and rank <= 6:
            fills.append((((i, 1), (i + 1, 1), (i + 2, 1)), False))
        fills += _honor_fills(i, honor_sets, whole=True)
        fills.append((((i, 2),), False))
        if chows and suited and rank <= 7:
            fills.append((((i, 1), (i + 1, 1)), False))
        if chows and suited and rank <= 6:
            fills.append((((i, 1), (i + 2, 1)), False))
        fills += _honor_fills(i, honor_sets, whole=False)
        fills += [(((i, 1),), True), (((i, 1),), False)]
        _FILLS[key] = tuple(fills)
    return _FILLS[key]


def _honor_fills(i: Tile, mode: HonorSets, *, whole: bool) -> list[Fill]:
    """Honor sets (three different honors) started by ``i``: whole, or two of the three."""
    if i < 27 or mode == "none":
        return []
    group = HONORS if mode == "any_distinct" else WINDS if i in WINDS else DRAGONS
    above = [h for h in group if h > i]
    if not whole:
        return [(((i, 1), (a, 1)), False) for a in above]
    return [(((i, 1), (a, 1), (b, 1)), False) for k, a in enumerate(above) for b in above[k + 1 :]]


def _seven_pairs(real: list[int], four_as_two: bool) -> int:
    """Most real tiles in seven pair slots (four alike fill two slots when ``four_as_two``)."""
    slots_per_kind = 2 if four_as_two else 1
    pairs = singles = 0
    for c in real:
        if not c:
            continue
        kind_pairs = min(c // 2, slots_per_kind)
        pairs += kind_pairs
        if kind_pairs < slots_per_kind and c - 2 * kind_pairs > 0:
            singles += 1
    pairs = min(pairs, 7)
    return 2 * pairs + min(singles, 7 - pairs)


# --- 十三烂 / 七星十三烂 ------------------------------------------------------------------------


def _lan_masks() -> tuple[list[bool], list[int]]:
    """For each set of ranks (a 9-bit mask): can it be in 十三烂 (every two ranks 3 apart), and
    the most ranks a valid superset of it holds."""
    valid = [
        all(abs(a - b) >= 3 for a in range(9) for b in range(a + 1, 9) if m >> a & m >> b & 1)
        for m in range(512)
    ]
    size = [bin(m).count("1") for m in range(512)]
    cap = [
        max((size[s] for s in range(512) if valid[s] and s & m == m), default=0) for m in range(512)
    ]
    return valid, cap


_LAN_VALID, _LAN_CAP = _lan_masks()


def _suit_options(present: int) -> dict[int, int]:
    """For one suit's ranks held (a mask): room left to grow (its cap) → most ranks used."""
    out: dict[int, int] = {}
    sub = present
    while True:
        if _LAN_VALID[sub]:
            cap = _LAN_CAP[sub]
            out[cap] = max(out.get(cap, 0), bin(sub).count("1"))
        if sub == 0:
            return out
        sub = (sub - 1) & present


def _lan_best(counts: list[int], wilds: list[Tile], rules: ShapeRules) -> int:
    """Most tiles placed in 十三烂 / 七星十三烂, trying each number of wilds kept at face value.

    Here a wild at face value can do better than acting as wild: 七星 may forbid wilds standing
    for honors, while a wild that *is* an honor still counts as itself.
    """
    best = 0
    for kept in product(*(range(counts[k] + 1) for k in wilds)):
        real = list(counts)
        jokers = 0
        for k, n in zip(wilds, kept, strict=True):
            real[k] = n
            jokers += counts[k] - n
        best = max(best, _lan_placed(real, jokers, rules))
    return best


def _lan_placed(real: list[int], jokers: int, rules: ShapeRules) -> int:
    honors = sum(1 for h in HONORS if real[h])
    options = [_suit_options(sum(1 << r for r in range(9) if real[9 * s + r])) for s in range(3)]
    best = 0
    for (cap_m, n_m), (cap_p, n_p), (cap_s, n_s) in product(*(o.items() for o in options)):
        caps, used = cap_m + cap_p + cap_s, n_m + n_p + n_s
        if rules.thirteen_lan and caps >= 7:
            best = max(best, min(14, used + honors + jokers))
        if rules.seven_star_lan and used <= 7 <= caps:
            fits = jokers if rules.wild_for_seven_star_honors else min(jokers, 7 - used)
            best = max(best, min(14, used + honors + fits))
    return best


# --- tiles alike for a hand ---------------------------------------------------------------------

Relabelling = tuple[Tile, ...]
"""A permutation of the 34 tile kinds: ``p[t]`` is what ``t`` becomes."""


def _relabellings() -> list[Relabelling]:
    """The generators of the relabellings that keep the tiles' structure: reversing a suit's
    ranks (1↔9, 2↔8, …: chows stay chows, ranks 3 apart stay 3 apart), swapping two suits (with
    or without reversing), swapping two winds, swapping two dragons (honor sets stay sets)."""
    ident = list(range(N_KINDS))
    out: list[Relabelling] = []
    for s in range(3):
        p = list(ident)
        for r in range(9):
            p[9 * s + r] = 9 * s + 8 - r
        out.append(tuple(p))
    for a in range(3):
        for b in range(a + 1, 3):
            for flip in (False, True):
                p = list(ident)
                for r in range(9):
                    to = 8 - r if flip else r
                    p[9 * a + r], p[9 * b + to] = 9 * b + to, 9 * a + r
                out.append(tuple(p))
    for group in (WINDS, DRAGONS):
        for i, x in enumerate(group):
            for y in group[i + 1 :]:
                p = list(ident)
                p[x], p[y] = y, x
                out.append(tuple(p))
    return out


_RELABELLINGS = _relabellings()


def alike_tiles(
    concealed: Sequence[Tile], melds: Sequence[Meld], fixed: Sequence[Tile]
) -> list[Tile]:
    """For each tile kind, the lowest kind that is alike to it for this hand (itself if none).

    Two kinds are alike when a relabelling of the tiles that keeps their structure (suits, the
    order of ranks up to reversal, the wind and dragon classes), leaves the hand as it is (its
    concealed tiles and melds) and moves none of the ``fixed`` kinds (wild kinds, tiles out of
    play, tiles of the request), maps one onto the other: the hand completed by one is the hand
    completed by the other, relabelled. So for a ruleset that never looks at a tile's name
    beyond that structure, both complete the hand alike, with the same pattern and amounts.
    """
    counts = [0] * N_KINDS
    for t in concealed:
        counts[t] += 1
    meld_key = sorted((m.concealed, tuple(sorted(m.tiles))) for m in melds)
    keep = set(fixed)
    parent = list(range(N_KINDS))

    def root(t: Tile) -> Tile:
        while parent[t] != t:
            parent[t] = parent[parent[t]]
            t = parent[t]
        return t

    for p in _RELABELLINGS:
        if any(p[k] != k for k in keep) or any(counts[p[t]] != counts[t] for t in range(N_KINDS)):
            continue
        if sorted((c, tuple(sorted(p[t] for t in ts))) for c, ts in meld_key) != meld_key:
            continue
        for t in range(N_KINDS):
            a, b = root(t), root(p[t])
            if a != b:
                parent[max(a, b)] = min(a, b)
    return [root(t) for t in range(N_KINDS)]
