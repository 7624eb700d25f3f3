"""The decompositions a ruleset's choice of reading can tell apart: the first of each signature.

:func:`~mjcalc.engine.distinct.distinct_readings` wants the first reading of each kind (shape,
all pungs, how many wilds stand for another tile). Of a split's decompositions, what decides the
kind is the *signature*: whether every set is a pung, and how the jokers are dealt out (the
pair's first, then the sets' in order). This module joins the suits of
:mod:`~mjcalc.engine.decompose` keeping only the first decomposition of each signature, so a hand
with many wilds never builds the tens of thousands of decompositions that would be discarded.
Its slow twin is the full list filtered (``tests/engine/test_suits.py``).
"""

from __future__ import annotations

from functools import lru_cache

from mjcalc.engine.decompose import (
    HONOR_BASE,
    CodedWay,
    Decomposition,
    candidates,
    coded_ways,
    fewest_jokers,
    honor_decompositions,
    suit_parts,
)
from mjcalc.engine.groups import FACTS, SHIFTED, Group, HonorSets, all_triplets
from mjcalc.tiles import N_KINDS, Tile


def decompose_kinds_packed(
    counts: bytes,
    jokers: int,
    n_sets: int,
    pair: bool,
    honor_sets: HonorSets,
    keep_face: frozenset[Tile],
    triplets_only: bool = False,
) -> tuple[Decomposition, ...]:
    """Of :func:`decompose_packed`'s decompositions (same arguments, ``jokers`` > 0), only the
    first of each *signature*: whether every set is a pung, and how the jokers are dealt out
    (the pair's first, then the sets' in order). A joker in a group where it may stand for its
    own kind (a tile of ``keep_face``: a wild kind, or :data:`ANY`) is signed by its group; the
    others always stand for another tile, and only their number counts. That is everything a
    reading's kind depends on (all pungs, how many wilds stand for another tile), so the first
    reading of each kind is among these, each in the same order as in the full list.

    A hand with many wilds has tens of thousands of decompositions, mostly the same jokers
    placed beside different real groups: they are told apart while the suits are joined
    (:class:`_KindsJoined`), and never built.

    With ``triplets_only``, only those whose sets are all pungs: the same ones, in the same
    order, found without trying a chow (they hold none, and their signatures are told apart
    from every other's by that alone).
    """
    parts = suit_parts(counts, jokers, pair, honor_sets)
    if parts is None:
        return ()
    suits: list[tuple[_Signed, ...]] = []
    for base, suit, cap in parts:
        ways = _signed_ways(suit, base, cap, pair, keep_face, not triplets_only)
        if not ways:
            return ()
        suits.append(ways)
    honors = counts[HONOR_BASE:]
    joined = _KindsJoined(suits, honors, honor_sets, keep_face).rest(0, jokers, n_sets, pair)
    group = SHIFTED[0]  # a group by its number
    return tuple(
        tuple(map(group.__getitem__, (p, *sets) if p is not None else sets))
        for p, sets, (_, triplets, _) in joined
        if triplets or not triplets_only
    )


_Signature = tuple[int | None, bool, tuple[int, ...]]
"""The pair's jokers (``None``: none), whether every set is a pung (or kong), and the sets'
jokers in order: a group's number where a joker may keep its face, else ``-n`` for ``n``
jokers that stand for other tiles (runs of them added up)."""
_Signed = tuple[int | None, tuple[int, ...], int, int, _Signature]
"""A suit's way (:data:`~mjcalc.engine.decompose.CodedWay`: groups by number, which the
garbage collector leaves alone) with its signature."""
_SignedPartial = tuple[int | None, tuple[int, ...], _Signature]


def _jokers_sign(code: int, keep_face: frozenset[Tile]) -> int:
    facts = FACTS[code]
    return -facts.n_wild if facts.wild_tiles.isdisjoint(keep_face) else code


def _signature(p: int | None, sets: tuple[int, ...], keep_face: frozenset[Tile]) -> _Signature:
    """The signature of a pair (or ``None``) and sets, given by their groups' numbers."""
    pair_sign = None if p is None or not FACTS[p].n_wild else _jokers_sign(p, keep_face)
    triplets = True
    signs: list[int] = []
    for code in sets:
        facts = FACTS[code]
        if triplets and not facts.triplet_or_not_set:
            triplets = False
        n = facts.n_wild
        if n:
            if facts.wild_tiles.isdisjoint(keep_face):
                if signs and signs[-1] < 0:
                    signs[-1] -= n
                else:
                    signs.append(-n)
            else:
                signs.append(code)
    return pair_sign, triplets, tuple(signs)


def _joined_signs(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """``a`` then ``b``, a run of jokers standing for other tiles across the seam added up."""
    if a and b and a[-1] < 0 and b[0] < 0:
        return (*a[:-1], a[-1] + b[0], *b[1:])
    return a + b


def _signed_ways(
    suit: bytes, base: int, jokers: int, pair: bool, keep_face: frozenset[Tile], chows: bool
) -> tuple[_Signed, ...]:
    """A suit's ways (chows allowed) with their signatures, the first of each signature (and
    of each use of jokers, sets and the pair) kept: a later one would join every rest of the
    hand into decompositions of the same signatures, later.

    Only the tiles to keep that lie in the suit matter to its signatures (most suits hold none):
    the memo is keyed by those, read as characters like the suit's pattern."""
    local = frozenset(t - base for t in keep_face if base <= t < base + 9)
    return _signed_at(suit, base, jokers, pair, local, chows)


@lru_cache(maxsize=1 << 12)
def _signed_at(
    suit: bytes, base: int, jokers: int, pair: bool, local: frozenset[Tile], chows: bool
) -> tuple[_Signed, ...]:
    """:func:`_signed_ways`, signed on the pattern's ways as characters (:func:`coded_ways`), and
    only the ways kept given the suit's own groups."""
    ways = coded_ways(suit, jokers, pair, chows)
    unique: dict[object, tuple[CodedWay, _Signature]] = {}
    for way in ways:
        p, sets, used, n_used = way
        sig = _signature(p, sets, local)
        unique.setdefault((sig, used, n_used, p is None), (way, sig))
    if base == 0:
        return tuple((*way, sig) for way, sig in unique.values())
    shift = SHIFTED[base]
    out: list[_Signed] = []
    for (p, sets, used, n_used), (ps, trip, signs) in unique.values():
        sig = (
            ps if ps is None or ps < 0 else shift[ps].code,
            trip,
            tuple(n if n < 0 else shift[n].code for n in signs),
        )
        shifted = tuple(shift[c].code for c in sets)
        out.append((None if p is None else shift[p].code, shifted, used, n_used, sig))
    return tuple(out)


class _KindsJoined:
    """:class:`_Joined` keeping, for each rest of the hand, the first partial decomposition of
    each signature (:func:`decompose_kinds_packed`): the same prefix joined to two rests of one
    signature gives one signature twice, the second later."""

    __slots__ = ("honor_sets", "honors", "keep_face", "known", "suits")

    def __init__(
        self,
        suits: list[tuple[_Signed, ...]],
        honors: bytes,
        hs: HonorSets,
        keep_face: frozenset[Tile],
    ) -> None:
        self.suits = suits
        self.honors = honors
        self.honor_sets = hs
        self.keep_face = keep_face
        self.known: dict[tuple[int, int, int, bool], list[_SignedPartial]] = {}

    def rest(self, k: int, jokers: int, n_sets: int, pair: bool) -> list[_SignedPartial]:
        key = (k, jokers, n_sets, pair)
        found = self.known.get(key)
        if found is not None:
            return found
        unique: dict[_Signature, _SignedPartial] = {}
        if k == len(self.suits):
            for d in _honor_codes(self.honors, jokers, n_sets, pair, self.honor_sets):
                p, sets = (d[0], d[1:]) if pair else (None, d)
                sig = _signature(p, sets, self.keep_face)
                if sig not in unique:
                    unique[sig] = (p, sets, sig)
        else:
            known = self.known
            for p, sets, used, n_used, (ps, trip, signs) in self.suits[k]:
                if used > jokers or n_used > n_sets or (p is not None and not pair):
                    continue
                sub_key = (k + 1, jokers - used, n_sets - n_used, pair and p is None)
                subs = known.get(sub_key)
                if subs is None:
                    subs = self.rest(*sub_key)
                for sp, sub, (sps, strip, ssigns) in subs:
                    sig = (
                        ps if p is not None else sps,
                        trip and strip,
                        _joined_signs(signs, ssigns),
                    )
                    if sig not in unique:
                        unique[sig] = (p if p is not None else sp, sets + sub, sig)
        out = list(unique.values())
        self.known[key] = out
        return out


@lru_cache(maxsize=1 << 11)
def _honor_codes(
    counts: bytes, jokers: int, n_sets: int, pair: bool, honor_sets: HonorSets
) -> tuple[tuple[int, ...], ...]:
    """:func:`~mjcalc.engine.decompose.honor_decompositions`, each group by its number (as the
    suits' ways: tuples of numbers are left alone by the garbage collector)."""
    return tuple(
        tuple(g.code for g in d)
        for d in honor_decompositions(counts, jokers, n_sets, pair, honor_sets)
    )


def first_of_kinds(
    counts: bytes,
    jokers: int,
    n_sets: int,
    pair: bool,
    honor_sets: HonorSets,
    kinds: frozenset[bool] | None,
) -> tuple[Decomposition, ...]:
    """Of :func:`decompose_packed`'s decompositions (same arguments), the first of each kind
    in ``kinds`` (``True``: its sets all pungs; ``False``: not), in their order; ``None``: the
    first of all (the melds decide the kind of every one).

    What :func:`~mjcalc.engine.distinct.distinct_readings` with ``fewest`` asks of a split
    whose every reading of a kind it still wants has the same number of wilds standing for
    another tile (all the split's jokers): the first reading of each kind is then the first
    decomposition of that kind, and the search stops there, where
    :func:`decompose_kinds_packed` would tell every signature apart.
    """
    parts = suit_parts(counts, jokers, pair, honor_sets)
    if parts is None:
        return ()
    honors = counts[HONOR_BASE:]
    if kinds is not None and False not in kinds:  # all pungs: the same ones, without a chow
        pungs = _pungs(counts, parts, jokers, n_sets, pair, honor_sets)
        return () if pungs is None else (pungs,)
    search = _First(parts, pair, True, honors, honor_sets)
    first = search.first(jokers, n_sets, None)
    if first is None or kinds is None:
        return () if first is None else (first,)
    if not all_triplets(first):
        if True not in kinds:
            return (first,)
        pungs = _pungs(counts, parts, jokers, n_sets, pair, honor_sets)
        return (first,) if pungs is None else (first, pungs)
    other = search.first(jokers, n_sets, False)
    head = (first,) if True in kinds else ()
    return head if other is None else (*head, other)


def _pungs(
    counts: bytes,
    parts: list[tuple[int, bytes, int]],
    jokers: int,
    n_sets: int,
    pair: bool,
    honor_sets: HonorSets,
) -> Decomposition | None:
    """The first decomposition whose sets are all pungs, found without a chow. Each of its
    groups holds one kind, so a hand holding more kinds than it has groups has none (most
    hands: known without a search)."""
    if N_KINDS - counts.count(0) > n_sets + pair:
        return None
    search = _First(parts, pair, False, counts[HONOR_BASE:], honor_sets)
    return search.first(jokers, n_sets, True)


def decomposes(counts: bytes, jokers: int, n_sets: int, pair: bool, honor_sets: HonorSets) -> bool:
    """Whether :func:`decompose_packed` (same arguments) finds any decomposition, the search
    stopped at the first (a question about the wait needs no more)."""
    return bool(first_of_kinds(counts, jokers, n_sets, pair, honor_sets, None))


class _First:
    """The first decomposition in :func:`decompose_packed`'s order, found depth first over
    the groups themselves: the lowest tile left takes its groups in the search's order
    (:func:`~mjcalc.engine.decompose.candidates`), suit after suit, then the honors; the
    first path that uses every tile is the first way of each suit that the rest completes,
    which is the join's first decomposition. With ``need``, the first of a kind: ``True``, its
    sets all pungs (asked without ``chows``); ``False``, not.

    No suit's ways are listed: a hand's first decomposition is found on a few paths, where
    listing every way of a suit with jokers (most suits of a hand are new) costs as much as
    the rest of the question. States found to lead nowhere are remembered."""

    __slots__ = ("after", "failed", "honor_sets", "honors", "pair", "parts", "path", "steps")

    def __init__(
        self,
        parts: list[tuple[int, bytes, int]],
        pair: bool,
        chows: bool,
        honors: bytes,
        hs: HonorSets,
    ) -> None:
        self.parts = parts
        self.pair = pair
        self.steps = _STEPS[chows]
        self.honors = honors
        self.honor_sets = hs
        need = fewest_jokers(honors, HONOR_BASE, pair, hs) if any(honors) else 0
        after = []
        for _, suit, _ in reversed(parts):
            after.append(need)
            need += fewest_jokers(suit, 0, pair, "none")
        self.after = after[::-1]
        """The fewest jokers the suits after each one and the honors need."""
        self.failed: set[tuple[int, bytes, int, int, bool, bool | None]] = set()
        self.path: list[Group] = []

    def first(self, jokers: int, n_sets: int, need: bool | None) -> Decomposition | None:
        """The first decomposition of the hand (of kind ``need``, if not ``None``)."""
        pair = self.pair
        self.path = []
        honors = (
            self._suit(0, self.parts[0][1], jokers, n_sets, pair, need)
            if self.parts
            else (self._honors(jokers, n_sets, pair, need))
        )
        if honors is None:
            return None
        pairs = [g for g in self.path if g.kind == "pair"]
        sets = [g for g in self.path if g.kind != "pair"]
        if pairs:
            return (pairs[0], *sets, *honors)
        if pair:  # the honors hold the pair, first
            return (honors[0], *sets, *honors[1:])
        return (*sets, *honors)

    def _honors(
        self, jokers: int, n_sets: int, pair: bool, need: bool | None
    ) -> Decomposition | None:
        for d in honor_decompositions(self.honors, jokers, n_sets, pair, self.honor_sets):
            if need is None or all_triplets(d) == need:
                return d
        return None

    def _suit(
        self, k: int, rest: bytes, jokers: int, n_sets: int, pair: bool, need: bool | None
    ) -> Decomposition | None:
        """The honors' part of the first completion from suit ``k``'s tiles ``rest`` on (the
        groups on the way in :attr:`path`), or ``None``."""
        i = len(rest) - len(rest.lstrip(b"\0"))
        if i == 9:  # the suit is used up: the next one, or the honors
            k += 1
            if k == len(self.parts):
                return self._honors(jokers, n_sets, pair, need)
            return self._suit(k, self.parts[k][1], jokers, n_sets, pair, need)
        key = (k, rest, jokers, n_sets, pair, need)
        failed = self.failed
        if key in failed:
            return None
        if fewest_jokers(rest, 0, pair, "none") + self.after[k] <= jokers:
            shift = SHIFTED[self.parts[k][0]]
            path = self.path
            for cj, is_pair, taken, code, pung in self.steps[i]:
                if cj > jokers or (not pair if is_pair else not n_sets):
                    continue
                for t, n in taken:
                    if rest[t] < n:
                        break
                else:
                    left = need
                    if need is not None and not pung:
                        if need:
                            continue
                        left = None  # a set not a pung: any rest will do
                    nxt = bytearray(rest)
                    for t, n in taken:
                        nxt[t] -= n
                    path.append(shift[code])
                    if is_pair:
                        found = self._suit(k, bytes(nxt), jokers - cj, n_sets, False, left)
                    else:
                        found = self._suit(k, bytes(nxt), jokers - cj, n_sets - 1, pair, left)
                    if found is not None:
                        return found
                    path.pop()
        failed.add(key)
        return None


_Step = tuple[int, bool, tuple[tuple[int, int], ...], int, bool]
"""A group the lowest tile left may take (:func:`~mjcalc.engine.decompose.candidates`): the
jokers it uses, whether it is the pair, the real tiles it takes, its number, whether it is a
pung (or the pair)."""


def _steps(i: int, chows: bool) -> tuple[_Step, ...]:
    """:func:`~mjcalc.engine.decompose.candidates` of a suit's tile ``i``, as plain values."""
    return tuple(
        (c.jokers, c.is_pair, c.taken, c.group.code, FACTS[c.group.code].triplet_or_not_set)
        for c in candidates(i, chows, "none")
    )


_STEPS = {chows: tuple(_steps(i, chows) for i in range(9)) for chows in (False, True)}
"""The steps of each of a suit's nine tiles, without chows and with."""
