"""Decompositions of concealed tiles into sets (and a pair), with interchangeable wild tiles.

The search always takes the lowest remaining tile: every set containing it is tried, so nothing
is missed. Wilds ("jokers" here: wild tiles already chosen to act as wild) fill gaps. Where
several joker placements consume exactly the same real tiles, one canonical form is kept:

* a real tile with two jokers is read as a pung (it is also a valid chow, but a pung fits every
  shape a chow does and all-pung shapes too);
* ``i, i+1`` plus a joker is the chow ``i i+1 i+2`` (or ``i-1 i i+1`` at rank 8);
* groups of jokers alone are pungs / the pair of :data:`~mjcalc.engine.groups.ANY` tile.

So "every decomposition" means every distinct way of using the real tiles.

**Suit by suit.** No set spans two suits, so a suit's tiles are used up before the search
reaches the next suit, and what the rest of the hand can do depends only on what the suit
left: the jokers, the sets still wanted, whether the pair is taken. Each suit is solved on its
own (:func:`_suit`: its nine counts, the hand's jokers as a parameter), giving its *ways* in
the search's order, each with the jokers and sets it uses and whether it holds the pair; the
honors with the jokers left over and the pair last (:func:`honor_decompositions`, which also
places the groups of jokers alone). :func:`_search` joins them by a small product, suit after
suit, in the order the whole-hand search found them. Both memos are keyed by one suit's counts
and the jokers: a few thousand patterns recur across all hands, where whole hands never recur. A
suit's ways may use more jokers or sets than a hand has left, or a pair already taken: those
are skipped when joined; ways that the search's de-duplication tells apart use the same
jokers, sets and pair, so skipping afterwards keeps the same ways in the same order.

**Shared pieces.** :mod:`~mjcalc.engine.kinds` joins the same suits keeping the first
decomposition of each signature, and :mod:`~mjcalc.engine.shanten` takes groups out of a hand
the same way: what they share (:class:`Candidate` and :func:`candidates`, :func:`take`,
:func:`coded_ways` and :data:`CodedWay`, :func:`honor_decompositions`, :func:`suit_parts`,
:func:`fewest_jokers`) is public here, so every search reads the same tables and memos.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from mjcalc.engine.groups import (
    ANY,
    GROUPS,
    SHIFTED,
    SHIFTED_CODES,
    Group,
    GroupKind,
    HonorSets,
    interned,
)
from mjcalc.engine.honor_sets import honor_order, one_per_honor_split, renamed
from mjcalc.tiles import DRAGONS, HONORS, WINDS, Tile

Counts = tuple[int, ...]
_G = TypeVar("_G", int, Group)
"""A group as the ways give it: by its number, or the group itself."""
Decomposition = tuple[Group, ...]
HONOR_BASE = 27
"""The first honor kind."""


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

    A caller searching many variants of one hand (the splits of its wilds, all with the same
    number of tiles) checks the number once and packs each variant at C level."""
    return _search(counts, jokers, n_sets, pair, True, honor_sets)


Taken = tuple[tuple[int, int], ...]
"""Real tiles a candidate group takes: (index in its suit, copies) pairs."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A group that may hold the lowest remaining tile, with what it takes from the suit."""

    group: Group
    taken: Taken
    jokers: int
    is_pair: bool


def candidates(i: Tile, chows: bool, honor_sets: HonorSets) -> tuple[Candidate, ...]:
    """Every group that can hold tile ``i`` when ``i`` is the lowest tile left, in search order.

    Whether one applies depends on the hand (the tiles it takes must be there, enough jokers,
    a pair still wanted): the suit searches check that. A static table, built on first use.
    """
    key = (i, chows, honor_sets)
    if key not in _CANDIDATES:
        _CANDIDATES[key] = tuple(_build_candidates(i, chows, honor_sets))
    return _CANDIDATES[key]


_CANDIDATES: dict[tuple[Tile, bool, HonorSets], tuple[Candidate, ...]] = {}


def _build_candidates(i: Tile, chows: bool, honor_sets: HonorSets) -> list[Candidate]:
    base = HONOR_BASE if i >= HONOR_BASE else i - i % 9

    def make(kind: GroupKind, tiles: tuple[Tile, ...], wild: tuple[bool, ...]) -> Candidate:
        taken: dict[int, int] = {}
        for t, w in zip(tiles, wild, strict=True):
            if not w:
                taken[t - base] = taken.get(t - base, 0) + 1
        group = interned(kind, tiles, wild)
        return Candidate(group, tuple(taken.items()), sum(wild), kind == "pair")

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


_JOKER_PUNG = interned("pung", (ANY,) * 3, (True,) * 3)
_JOKER_PAIR = interned("pair", (ANY, ANY), (True, True))

_Way = tuple[Group | None, tuple[Group, ...], int, int]
"""One way of using a suit's tiles: its pair (or ``None``), its sets in search order, the
jokers it uses and its number of sets."""


def _search(
    counts: bytes, jokers: int, n_sets: int, pair: bool, chows: bool, honor_sets: HonorSets
) -> tuple[Decomposition, ...]:
    """:func:`decompose` on counts packed as bytes: the suits solved one by one and joined, in
    the whole-hand search's order (each way of a suit followed by every way of the rest of the
    hand that fits what it left)."""
    if not jokers:
        return _search_at_face(counts, n_sets, pair, chows, honor_sets)
    parts = suit_parts(counts, jokers, pair, honor_sets)
    if parts is None:
        return ()
    suits: list[tuple[_Way, ...]] = []
    for base, suit, cap in parts:
        ways = _suit_ways(suit, base, cap, pair, chows)
        if not ways:
            return ()
        suits.append(ways)
    joined = _Joined(suits, counts[HONOR_BASE:], honor_sets).rest(0, jokers, n_sets, pair)
    return tuple(((p, *sets) if p is not None else sets) for p, sets in joined)


def _search_at_face(
    counts: bytes, n_sets: int, pair: bool, chows: bool, honor_sets: HonorSets
) -> tuple[Decomposition, ...]:
    """:func:`_search` without jokers (most questions): no caps to work out, each suit's ways
    asked directly by number (:func:`_face_ways`), the suits grown one after the other
    (:func:`_grown`)."""
    suits: list[tuple[CodedWay, ...]] = []
    for base in (0, 9, 18):
        suit = counts[base : base + 9]
        if suit != _NO_SUIT:
            ways = _face_ways(suit, base, pair, chows)
            if not ways:
                return ()
            suits.append(ways)
    return _grown(suits, counts[HONOR_BASE:], n_sets, pair, honor_sets)


_RECURRING = 9
"""The most tiles of a suit without jokers whose ways are remembered. A fuller suit is seldom
met again (of the suits of 11 to 14 tiles in new Shanghai hands, about one in ten had been
seen): its search costs less than its memo entry, and the memos keep the patterns that recur."""


def _face_ways(suit: bytes, base: int, pair: bool, chows: bool) -> tuple[CodedWay, ...]:
    """The ways of a number suit without jokers, each group by its number in that suit;
    remembered for a suit of at most :data:`_RECURRING` tiles.

    Numbers, not groups, until a decomposition is whole: a memo entry of numbers alone is left
    alone by the cyclic garbage collector once it has looked at it, where one holding groups
    stays tracked."""
    if sum(suit) > _RECURRING:  # searched with the suit's own numbers: nothing to renumber
        return _ways_at_face(suit, len(suit) - len(suit.lstrip(b"\0")), pair, chows, base)
    return coded_ways(suit, 0, pair, chows) if not base else _suit_codes(suit, base, pair, chows)


@lru_cache(maxsize=1 << 13)
def _suit_codes(suit: bytes, base: int, pair: bool, chows: bool) -> tuple[CodedWay, ...]:
    """:func:`_face_ways` of a dots or bamboo suit, remembered: :func:`coded_ways`' ways of the
    pattern (read as characters, whose numbers they already are) renumbered. As many entries
    as :func:`coded_ways`."""
    return _renumbered(coded_ways(suit, 0, pair, chows), base)


def _renumbered(ways: tuple[CodedWay, ...], base: int) -> tuple[CodedWay, ...]:
    """Ways of characters given the numbers of the same groups in the suit from kind ``base``
    (the dots or the bamboo)."""
    return _mapped(ways, SHIFTED_CODES[base])


def _mapped(
    ways: tuple[CodedWay, ...], shift: Mapping[int, _G]
) -> tuple[tuple[_G | None, tuple[_G, ...], int, int], ...]:
    """Ways of characters with each group number mapped by ``shift``: to a suit's groups
    (:func:`_suit_ways`) or to their numbers (:func:`_renumbered`)."""
    return tuple(
        (None if p is None else shift[p], tuple(map(shift.__getitem__, sets)), used, n)
        for p, sets, used, n in ways
    )


_NO_JOKERS = (0, 0, 0)


def suit_parts(
    counts: bytes, jokers: int, pair: bool, honor_sets: HonorSets
) -> list[tuple[int, bytes, int]] | None:
    """Each number suit holding tiles, as (its first kind, its nine counts, the most jokers a
    way of it may use), in suit order; ``None`` when the suits and honors together need more
    jokers than there are (:func:`_joker_caps`). The jokers are capped as :func:`_suit` caps
    them (:func:`_capped`), so one memo entry serves every larger number."""
    caps = _joker_caps(counts, jokers, pair, honor_sets) if jokers else _NO_JOKERS
    if caps is None:
        return None
    parts = []
    for base in (0, 9, 18):
        suit = counts[base : base + 9]
        if suit.count(0) != 9:
            parts.append((base, suit, _capped(suit, caps[base // 9])))
    return parts


def _joker_caps(
    counts: bytes, jokers: int, pair: bool, honor_sets: HonorSets
) -> tuple[int, int, int] | None:
    """For each number suit, the most jokers a way of it may use in a whole decomposition: the
    jokers less the fewest the other suits and the honors need (``None``: the suits together
    need more than there are, so nothing decomposes).

    A way using more could never be joined; asked with the cap, a suit's search finds exactly
    its ways using no more, in the same order (:func:`_suit`), so the decompositions are the
    same — and a suit's ways grow fast with the jokers it is given."""
    # most splits of a hand's wilds need more than they have: the first part that shows it ends
    # the question (three splits in four, with four wilds)
    m = counts[:9]
    need_m = fewest_jokers(m, 0, pair, "none") if m != _NO_SUIT else 0
    if need_m > jokers:
        return None
    p = counts[9:18]
    need_p = fewest_jokers(p, 0, pair, "none") if p != _NO_SUIT else 0
    if need_m + need_p > jokers:
        return None
    s = counts[18:27]
    need_s = fewest_jokers(s, 0, pair, "none") if s != _NO_SUIT else 0
    honors = counts[HONOR_BASE:]
    need_h = fewest_jokers(honors, HONOR_BASE, pair, honor_sets) if honors != _NO_HONORS else 0
    spare = jokers - need_m - need_p - need_s - need_h
    if spare < 0:
        return None
    return (need_m + spare, need_p + spare, need_s + spare)


_NO_SUIT = bytes(9)
_NO_HONORS = bytes(7)


def fewest_outside(counts: bytes, kinds: Sequence[Tile], pair: bool, hs: HonorSets) -> int:
    """The fewest jokers that the suits and honors holding none of the wild ``kinds`` need
    together (each completed on its own, as :func:`_joker_caps` asks of every part): their
    counts are the same in every split of those wilds, so no split with fewer jokers
    decomposes, whatever the wild parts need on top."""
    wild_parts = {min(k // 9, 3) for k in kinds}
    need = 0
    for part, start in enumerate((0, 9, 18)):
        suit = counts[start : start + 9]
        if part not in wild_parts and suit != _NO_SUIT:
            need += fewest_jokers(suit, 0, pair, "none")
    honors = counts[HONOR_BASE:]
    if 3 not in wild_parts and honors != _NO_HONORS:
        need += fewest_jokers(honors, HONOR_BASE, pair, hs)
    return need


def take(counts: bytes, taken: Taken) -> bytes | None:
    """``counts`` less a group's real tiles (``taken``: kind, copies), or ``None`` when they
    are not all there: the step every search below makes for each group it tries."""
    for t, n in taken:
        if counts[t] < n:
            return None
    nxt = bytearray(counts)
    for t, n in taken:
        nxt[t] -= n
    return bytes(nxt)


@lru_cache(maxsize=1 << 14)
def fewest_jokers(suit: bytes, base: int, pair: bool, honor_sets: HonorSets) -> int:
    """The fewest jokers that complete one suit's tiles (a pattern read from kind ``base``)
    into groups, one of them the pair at most if ``pair``: a lower bound of what any way of the
    suit uses (chows always allowed, which needs no more).

    Asked of every suit of every split of a hand's wilds (about forty times a hand with four),
    mostly of suits no hand holds twice: its memo is larger than the others (an entry is a
    number; 16,384 of them take about 3.5 MB), which makes hands with many wilds about 4%
    faster than 4,096 did."""
    i = len(suit) - len(suit.lstrip(b"\0"))
    if i == len(suit):
        return 0
    best = 2 * len(suit) * 4
    for cand in candidates(base + i, True, honor_sets):
        if (cand.is_pair and not pair) or cand.jokers >= best:
            continue
        nxt = take(suit, cand.taken)
        if nxt is not None:
            rest = fewest_jokers(nxt, base, pair and not cand.is_pair, honor_sets)
            best = min(best, cand.jokers + rest)
    return best


_Partial = tuple[Group | None, tuple[Group, ...]]
"""A decomposition being joined: its pair (or ``None``) and its sets, in search order."""


def _grown(
    suits: list[tuple[CodedWay, ...]], honors: bytes, n_sets: int, pair: bool, hs: HonorSets
) -> tuple[Decomposition, ...]:
    """The join without jokers (most questions): the partial decompositions grow suit by suit,
    each earlier one followed by every way of the next suit that fits; a suit's ways then use
    no joker and are few, so hardly any partial is built in vain. The honors end each one,
    the pair put first as it is made whole, the groups given by their numbers until then."""
    partials: list[tuple[int | None, tuple[int, ...], int, bool]] = [(None, (), n_sets, pair)]
    for ways in suits:
        grown: list[tuple[int | None, tuple[int, ...], int, bool]] = []
        for p0, sets0, wanted, open_pair in partials:
            for p, more, _, n_used in ways:
                if n_used <= wanted:
                    if p is None:
                        grown.append((p0, sets0 + more, wanted - n_used, open_pair))
                    elif open_pair:
                        grown.append((p, sets0 + more, wanted - n_used, False))
        if not grown:
            return ()
        partials = grown
    out: list[Decomposition] = []
    group: Callable[[int], Group] = GROUPS.__getitem__
    for p0, codes, wanted, open_pair in partials:
        sets = tuple(map(group, codes))
        for d in honor_decompositions(honors, 0, wanted, open_pair, hs):
            if open_pair:
                out.append((d[0], *sets, *d[1:]))
            elif p0 is not None:
                out.append((group(p0), *sets, *d))
            else:
                out.append(sets + d)
    return tuple(out)


class _Joined:
    """The join with jokers: the decompositions of the suits from ``k`` on and the honors,
    given the jokers, sets and pair left, each worked out once per question (a suit's ways then
    use anything from no joker to all, and most combinations leave the rest unsolvable)."""

    __slots__ = ("honor_sets", "honors", "known", "suits")

    def __init__(self, suits: list[tuple[_Way, ...]], honors: bytes, hs: HonorSets) -> None:
        self.suits = suits
        self.honors = honors
        self.honor_sets = hs
        self.known: dict[tuple[int, int, int, bool], list[_Partial]] = {}

    def rest(self, k: int, jokers: int, n_sets: int, pair: bool) -> list[_Partial]:
        key = (k, jokers, n_sets, pair)
        found = self.known.get(key)
        if found is not None:
            return found
        out: list[_Partial] = []
        if k == len(self.suits):
            for d in honor_decompositions(self.honors, jokers, n_sets, pair, self.honor_sets):
                out.append((d[0], d[1:]) if pair else (None, d))
        else:
            known = self.known
            nxt = k + 1
            for p, sets, used, n_used in self.suits[k]:
                if used > jokers or n_used > n_sets:
                    continue
                if p is None:
                    sub_key = (nxt, jokers - used, n_sets - n_used, pair)
                    subs = known.get(sub_key)
                    if subs is None:
                        subs = self.rest(*sub_key)
                    out += [(sp, sets + sub) for sp, sub in subs]
                elif pair:
                    sub_key = (nxt, jokers - used, n_sets - n_used, False)
                    subs = known.get(sub_key)
                    if subs is None:
                        subs = self.rest(*sub_key)
                    out += [(p, sets + sub) for _, sub in subs]
        self.known[key] = out
        return out


def _suit(suit: bytes, base: int, jokers: int, pair: bool, chows: bool) -> tuple[_Way, ...]:
    """Every way of using one number suit's tiles (nine counts from kind ``base``) with at most
    ``jokers`` jokers, the pair among them only if ``pair``: the search's ways through the
    suit, in its order, one per distinct multiset of groups (the first found).

    A group holds a real tile and at most two jokers, so a suit of ``n`` tiles never uses more
    than ``2n`` jokers: asked with more, the answer is the same (one memo entry for both)."""
    return _suit_ways(suit, base, _capped(suit, jokers), pair, chows)


def _capped(suit: bytes, jokers: int) -> int:
    """``jokers``, at most what a suit of these counts can use (two a real tile)."""
    return min(jokers, 2 * sum(suit))


@lru_cache(maxsize=1 << 13)
def _suit_ways(suit: bytes, base: int, jokers: int, pair: bool, chows: bool) -> tuple[_Way, ...]:
    """:func:`_suit`, its jokers capped. The three suits are alike: the ways are found for the
    pattern once (as characters, by group number: :func:`coded_ways`) and given each suit's own
    groups. Asked by the searches with jokers (a suit without, :func:`_face_ways`, is joined by
    number)."""
    return _mapped(coded_ways(suit, jokers, pair, chows), SHIFTED[base])


CodedWay = tuple[int | None, tuple[int, ...], int, int]
"""A way of :func:`coded_ways`: :data:`_Way` with each group given by its number.

The memos of the ways hold numbers, never :class:`Group` objects: a tuple of numbers is left
alone by Python's cyclic garbage collector once it has looked at it, while one holding objects
stays tracked. Hands with several wilds fill these memos with hundreds of thousands of tuples,
and every full collection walked them all (about a third of the time of a ``waits`` question
with many wilds, a fifth of a new hand with four)."""


@lru_cache(maxsize=1 << 13)
def coded_ways(suit: bytes, jokers: int, pair: bool, chows: bool) -> tuple[CodedWay, ...]:
    """The ways of :func:`_suit` for a pattern of nine counts read as characters (kinds 0–8),
    each group by its number (:data:`CodedWay`)."""
    i = len(suit) - len(suit.lstrip(b"\0"))
    if i == len(suit):
        return _NO_WAY
    if not jokers:
        return _ways_at_face(suit, i, pair, chows)
    out: list[CodedWay] = []
    for cand in candidates(i, chows, "none"):
        if cand.jokers > jokers or (cand.is_pair and not pair):
            continue
        nxt = take(suit, cand.taken)
        if nxt is not None:
            g = cand.group.code
            cj = cand.jokers
            subs = coded_ways(nxt, jokers - cj, pair and not cand.is_pair, chows)
            if cand.is_pair:
                out += [(g, sets, used + cj, n) for _, sets, used, n in subs]
            else:
                out += [(p, (g, *sets), used + cj, n + 1) for p, sets, used, n in subs]
    if suit[i] == 1:
        # Every way above holds the one copy of i and no later group holds any: all distinct.
        return tuple(out)
    return _first_of_each(out)


def _first_of_each(out: list[CodedWay]) -> tuple[CodedWay, ...]:
    """The first way of each multiset of groups: with more than one copy of the lowest tile,
    the same groups can be reached in two orders (pair then pung, or the reverse)."""
    unique: dict[tuple[int, ...], CodedWay] = {}
    for way in out:
        p, sets = way[0], way[1]
        codes = sorted(sets)
        if p is not None:
            codes.append(-1 - p)  # the pair told apart from the sets
        unique.setdefault(tuple(codes), way)
    return tuple(unique.values())


_NO_WAY: tuple[CodedWay, ...] = ((None, (), 0, 0),)
"""The one way of a suit with no tile left."""


def _ways_at_face(
    suit: bytes, i: int, pair: bool, chows: bool, base: int = 0
) -> tuple[CodedWay, ...]:
    """:func:`coded_ways` without jokers, ``i`` the lowest tile (with ``base``, each group by its
    number in the suit from that kind, not as characters): found rank by rank, not by taking
    one group at a time (most suits of a hand without wilds, and every suit of its wilds'
    faces, are asked this; a suit met for the first time is then one pass, and fills no memo
    with the patterns left along the way).

    The search takes the lowest tile left, trying its pair, pung and chow in that order, and
    keeps the first way of each multiset of groups. That first way takes, rank after rank, the
    rank's pair, then its pungs, then its chows (the earliest choice that still leads to the
    multiset, at each step); and the ways come in the order of those choices. So a rank's
    tiles are used up at once, in that order: the pair (and the rest in pungs and chows), most
    pungs first, then without the pair, most pungs first; what is left of the rank starts
    chows, which take from the next two ranks (:func:`_ranks`)."""
    out: list[CodedWay] = []
    numbers = _AT_FACE[base]
    _ranks(suit, i, suit[i], suit[i + 1] if i < 8 else 0, pair, None, [], chows, out, numbers)
    return tuple(out)


def _ranks(
    suit: bytes,
    i: int,
    a: int,
    b: int,
    pair: bool,
    p: int | None,
    sets: list[int],
    chows: bool,
    out: list[CodedWay],
    numbers: _Numbers,
) -> None:
    """The ways of ranks ``i`` on (:func:`_ways_at_face`), each added to ``out`` after the
    groups of the ranks below: the pair ``p`` and ``sets``. ``a`` and ``b`` are the tiles left
    at ranks ``i`` and ``i + 1`` once the chows begun below took theirs; ``numbers``: the
    numbers of each rank's pair, pung and chow (:data:`_AT_FACE`)."""
    while not a:
        if i >= 8:
            out.append((p, tuple(sets), 0, len(sets)))
            return
        i += 1
        a, b = b, suit[i + 1] if i < 8 else 0
    pair_code, pung_code, chow_code = numbers[i]
    c = suit[i + 2] if i < 7 else 0
    for take_pair in (True, False) if pair and a >= 2 else (False,):
        rest = a - 2 if take_pair else a
        for pungs in range(rest // 3, -1, -1):
            v = rest - 3 * pungs  # chows starting at this rank
            if v and not (chows and i < 7 and v <= b and v <= c):
                continue
            k = len(sets)
            sets += (pung_code,) * pungs
            sets += (chow_code,) * v
            if take_pair:
                _ranks(suit, i + 1, b - v, c - v, False, pair_code, sets, chows, out, numbers)
            else:
                _ranks(suit, i + 1, b - v, c - v, pair, p, sets, chows, out, numbers)
            del sets[k:]


def _at_face(i: int) -> tuple[int, int, int]:
    """The numbers of the pair, the pung and the chow (``-1`` past rank 7) of real tiles that
    start at kind ``i`` of a suit read as characters (:func:`_ways_at_face`)."""
    codes = {c.group.kind: c.group.code for c in candidates(i, True, "none") if not c.jokers}
    return codes["pair"], codes["pung"], codes.get("chow", -1)


_Numbers = tuple[tuple[int, int, int], ...]


def _at_face_in(base: int, characters: _Numbers) -> _Numbers:
    """:func:`_at_face` of each rank, in the suit from kind ``base``."""
    shift = SHIFTED_CODES[base]
    return tuple((shift[p], shift[g], -1 if c < 0 else shift[c]) for p, g, c in characters)


_CHARACTERS = tuple(_at_face(i) for i in range(9))
_AT_FACE = {0: _CHARACTERS, 9: _at_face_in(9, _CHARACTERS), 18: _at_face_in(18, _CHARACTERS)}
"""By the first kind of each number suit: the numbers of each rank's pair, pung and chow."""


@lru_cache(maxsize=1 << 11)
def honor_decompositions(
    counts: bytes, jokers: int, n_sets: int, pair: bool, honor_sets: HonorSets
) -> tuple[Decomposition, ...]:
    """The honors (seven counts) and every joker left read as exactly ``n_sets`` sets (+ the
    pair): the end of every decomposition, where the groups of jokers alone are placed."""
    i = len(counts) - len(counts.lstrip(b"\0"))
    if i == len(counts):
        if jokers != 3 * n_sets + (2 if pair else 0):
            return ()
        rest = (_JOKER_PUNG,) * n_sets
        return ((_JOKER_PAIR, *rest) if pair else rest,)
    if honor_sets == "any_distinct":
        order = honor_order(counts)
        if order is not None:  # solved once for the honors sorted by count, then renamed
            canonical = bytes(counts[k] for k in order)
            subs = honor_decompositions(canonical, jokers, n_sets, pair, honor_sets)
            return tuple(tuple(renamed(g, order) for g in d) for d in subs)

    out: list[Decomposition] = []
    for cand in candidates(HONOR_BASE + i, False, honor_sets):
        if cand.jokers > jokers or not (pair if cand.is_pair else n_sets):
            continue
        nxt = take(counts, cand.taken)
        if nxt is not None:
            subs = honor_decompositions(
                nxt,
                jokers - cand.jokers,
                n_sets - (not cand.is_pair),
                pair and not cand.is_pair,
                honor_sets,
            )
            out += _prefixed(cand, subs)
    if honor_sets != "none" and len(out) > 1:
        return one_per_honor_split(out)
    if counts[i] == 1:
        return tuple(out)
    unique: dict[tuple[int, ...], Decomposition] = {}
    for d in out:
        unique.setdefault(tuple(sorted(g.code for g in d)), d)
    return tuple(unique.values())


def _prefixed(cand: Candidate, subs: tuple[Decomposition, ...]) -> list[Decomposition]:
    """``cand``'s group added to each sub-decomposition, the pair kept first."""
    group = cand.group
    if cand.is_pair:
        return [(group, *sub) for sub in subs]
    return [
        (sub[0], group, *sub[1:]) if sub and sub[0].kind == "pair" else (group, *sub)
        for sub in subs
    ]


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
