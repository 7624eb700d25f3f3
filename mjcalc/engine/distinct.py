"""The first reading of each kind a ruleset prices, without resolving (or finding) the others.

:func:`distinct_readings` answers :func:`~mjcalc.engine.readings.readings`' question keeping
only the first reading of each kind (shape, all triplets, wilds standing for another tile), told
apart before any wild is given a tile; with ``fewest``, for a ruleset that only ever chooses the
fewest wilds, it also leaves unsearched the splits that could add nothing it would choose
(:class:`_Fewest`). Its slow twins are the full readings, filtered
(``tests/engine/test_distinct_readings.py``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from mjcalc.engine import readings as _readings
from mjcalc.engine.complete import suit_complete
from mjcalc.engine.decompose import Decomposition, decompose_packed, fewest_outside
from mjcalc.engine.groups import (
    ANY,
    FACTS,
    Group,
    Reading,
    Shape,
    all_triplets,
    facts_of,
    wilds_alone,
)
from mjcalc.engine.kinds import decompose_kinds_packed, first_of_kinds
from mjcalc.engine.readings import (
    Batch,
    FaceCounts,
    Found,
    Plan,
    Question,
    ShapeRules,
    by_split,
    question,
    resolved_group,
)
from mjcalc.hand import Meld
from mjcalc.tiles import Tile


class DistinctReading:
    """One reading of :func:`distinct_readings`: what tells it apart, known at once, and the
    reading itself, its wilds resolved only when first asked (:meth:`reading`).

    A ruleset comparing readings by these facts resolves only the reading it chooses.
    """

    __slots__ = ("_found", "_question", "_reading", "all_triplets", "shape", "substituting")

    def __init__(self, q: Question, found: Found, all_triplets: bool, substituting: int) -> None:
        self.shape: Shape = found[1]
        self.all_triplets = all_triplets
        """As :attr:`Reading.all_triplets`."""
        self.substituting = substituting
        """Wilds standing for a tile other than their own face (one standing for its own kind
        is as good as at face value)."""
        self._question = q
        self._found = found
        self._reading: Reading | None = None

    def reading(self) -> Reading:
        """The reading, as :func:`~mjcalc.engine.readings.readings` gives it."""
        if self._reading is None:
            self._reading = self._question.reading(self._found)
        return self._reading


def distinct_readings(
    concealed: Sequence[Tile],
    melds: Sequence[Meld] = (),
    wild_kinds: Sequence[Tile] = (),
    rules: ShapeRules = ShapeRules(),
    *,
    pair: tuple[Tile, Tile] | None = None,
    fewest: bool = False,
    natural: Sequence[Tile] = (),
) -> Iterator[DistinctReading]:
    """The first of :func:`~mjcalc.engine.readings.readings` (same arguments) of each kind:
    shape, all triplets or not, and how many wilds stand for a tile other than their own face.

    With ``fewest``, for a ruleset that only ever wants, of the standard readings all pungs and
    of those not, the one with no wild standing for another tile and the one with the fewest
    (:class:`_Fewest`): those are given as without it, other standard kinds may be left out.

    A hand with several wilds has dozens of readings differing only in where a wild sits; a
    ruleset that prices readings by these facts alone needs one of each. They are told apart
    before their wilds are given tiles, and only a reading asked for is resolved. Same order as
    :func:`~mjcalc.engine.readings.readings`, so "the first reading of its kind" is the same
    reading.

    With ``rules.wilds_alone`` false (no set or pair of wilds alone), ``fewest`` is not used:
    its shortcut stops at a split's first decomposition, which may be one the rules refuse. The
    first of each signature is still searched (a decomposition holding a group of wilds alone
    has a signature of its own), so the first of each kind the rules allow is found.
    """
    q = question(concealed, melds, wild_kinds, pair)
    if q is None:
        return
    triplet_melds = not melds or all_triplets(q.meld_groups)
    plan = _readings.plan_of(q.counts, wild_kinds, rules.face_value, natural)
    if plan is _readings.NO_WILD and pair is None:
        yield from _at_face(q, len(melds), rules, triplet_melds)  # most hands: no wild held
        return
    fixed_substituting = 0
    if q.fixed_uses:
        fixed_substituting = sum(u.stood_for not in (None, u.face) for u in q.fixed_uses)
    may_keep_face = frozenset((ANY, *wild_kinds))
    alone_ok = rules.wilds_alone
    wanted = _Fewest(fixed_substituting, triplet_melds) if fewest and alone_ok else None
    seen: set[tuple[Shape, bool, int]] = set()
    n_melds = len(melds)
    found: Iterator[Batch]
    if plan is _readings.NO_WILD:  # a fixed pair, and no other wild held
        found = _readings.found_at_face(q, n_melds, rules, pair)
    elif wanted is None:
        found = _readings.found_by_split(q, n_melds, plan, rules, pair, may_keep_face)
    else:
        found = _found_fewest(q, n_melds, plan, rules, pair, may_keep_face, wanted)
    for split, shape, batch in found:
        jokers = split.jokers
        standard = shape == "standard"
        for groups in batch:
            if standard and jokers and not alone_ok and wilds_alone(groups):
                continue
            if standard and not jokers:  # no wild acts as wild: no group holds one
                triplets = all_triplets(groups)
                key = (shape, triplets and triplet_melds, fixed_substituting)
                if wanted is not None:
                    wanted.seen(key[1], 0)
            elif standard:
                triplets, substituting = _standard_kind(groups, jokers, may_keep_face)
                key = (shape, triplets and triplet_melds, substituting + fixed_substituting)
                if wanted is not None:
                    wanted.seen(key[1], substituting)
            else:
                key = (shape, False, _substituting(groups, jokers) + fixed_substituting)
            if key not in seen:
                seen.add(key)
                yield DistinctReading(q, (split, shape, groups), key[1], key[2])


def _at_face(
    q: Question, n_melds: int, rules: ShapeRules, triplet_melds: bool
) -> Iterator[DistinctReading]:
    """:func:`distinct_readings` of a hand holding no wild, no pair fixed: its one split, no
    wild standing for anything, so a reading's kind is its shape and whether it is all pungs
    (nothing for ``fewest`` to leave out: there is no other split)."""
    seen: set[tuple[Shape, bool]] = set()
    for split, shape, batch in _readings.found_at_face(q, n_melds, rules, None):
        standard = shape == "standard"
        for groups in batch:
            triplets = standard and triplet_melds and all_triplets(groups)
            if (shape, triplets) not in seen:
                seen.add((shape, triplets))
                yield DistinctReading(q, (split, shape, groups), triplets, 0)


def _substituting(groups: Sequence[Group], joker_faces: tuple[Tile, ...]) -> int:
    """How many of the jokers in ``groups`` stand for a tile other than their face, as
    :meth:`~mjcalc.engine.readings.Question.reading` gives them out."""
    n = 0
    at = 0
    for g in groups:
        wild = g.wild
        if True not in wild:
            continue
        k = wild.count(True)
        n += resolved_group(g, joker_faces[at : at + k])[2]
        at += k
    return n


def _standard_kind(
    groups: Sequence[Group], joker_faces: tuple[Tile, ...], may_keep_face: frozenset[Tile]
) -> tuple[bool, int]:
    """Whether every group of a decomposition is a triplet (or the pair), and how many of its
    jokers stand for a tile other than their face (as :func:`_substituting`).

    It runs for every decomposition :func:`distinct_readings` looks at: one table read per
    group (its facts, by its number), and a joker is given its face only where one could stand
    for its own kind — a wild position holding a wild kind (``may_keep_face``), or a group of
    wilds alone.
    """
    triplets = True
    n = 0
    at = 0
    for g in groups:
        code = g.code
        facts = FACTS[code] if code >= 0 else None
        if facts is None or facts.group is not g:  # not numbered, or a copy made elsewhere
            facts = facts_of(g)  # (dataclasses.replace): its own facts
        if not facts[1]:
            triplets = False
        k = facts[2]
        if k:
            if facts[3].isdisjoint(may_keep_face):
                n += k
            else:
                n += resolved_group(g, joker_faces[at : at + k])[2]
            at += k
    return triplets, n


class _Fewest:
    """What a ruleset that prices a reading by its shape and by whether, and how few, wilds
    stand for another tile still wants of the standard readings: for all pungs and for not, the
    first reading with the fewest wilds standing for another tile (none apart, when the fixed
    pair's lone wild already stands for one), found split by split.

    The first reading of a kind with ``s`` wilds standing for another tile is in a split of
    exactly ``s`` jokers: in a split of more, the jokers standing for their own face could as
    well be kept at face value, which gives the same groups in an earlier split (the splits
    come fewest jokers first). So the first reading of a kind found with any wild standing for
    another tile (the fixed pair's counted) has the fewest it can have, and once a kind is
    known, the splits after it are searched for the other kind only, or not at all. And in a
    split of ``j`` jokers, every reading of a kind still wanted has all ``j`` standing for
    another tile, unless the kind was found with none (at face value, in the first split): the
    first reading of such a kind is its first decomposition (:attr:`first_is_fewest`).
    """

    __slots__ = ("at_face", "fixed", "triplet_melds", "wanted")

    def __init__(self, fixed: int, triplet_melds: bool) -> None:
        self.fixed = fixed
        """Wilds of the fixed pair standing for another tile."""
        self.triplet_melds = triplet_melds
        """Whether the melds are all pungs (else no reading is, whatever the concealed sets)."""
        self.wanted = {False, True} if triplet_melds else {False}
        """The kinds (all pungs or not) not found yet with the fewest wilds they may have."""
        self.at_face: set[bool] = set()
        """The kinds found with no wild standing for another tile, and none in the pair."""

    def seen(self, triplets: bool, substituting: int) -> None:
        """A standard reading, all pungs or not, with ``substituting`` wilds of its sets and
        pair standing for another tile (the fixed pair's apart)."""
        if substituting or self.fixed:
            self.wanted.discard(triplets)
        else:
            self.at_face.add(triplets)

    @property
    def first_is_fewest(self) -> bool:
        """Whether, in the splits to come, the first decomposition of each kind still wanted
        is the first reading of that kind with the fewest wilds standing for another tile."""
        return self.at_face.isdisjoint(self.wanted)


def _found_fewest(
    q: Question,
    n_melds: int,
    plan: Plan,
    rules: ShapeRules,
    pair: tuple[Tile, Tile] | None,
    kinds: frozenset[Tile],
    fewest: _Fewest,
) -> Iterator[Batch]:
    """:func:`~mjcalc.engine.readings.found_by_split` with ``fewest``: each split's standard
    readings are searched when it comes, and of a split with more jokers than the one before,
    only the kinds ``fewest`` still wants (every split of fewer jokers searched:
    :class:`_Fewest`)."""
    n_sets = 4 - n_melds
    faces = FaceCounts(q.counts, plan)
    splits = plan.splits
    whole_pair = pair is None
    hs = rules.honor_sets
    if sum(faces.packed) != 3 * n_sets + (2 if whole_pair else 0):
        return by_split(q, n_melds, plan, faces, rules, pair, lambda _: ())
    wanted = fewest.wanted
    outside: list[int] = []  # the bound of every split, worked out when first asked

    def standard(i: int) -> tuple[Decomposition, ...]:
        nj = len(splits[i].jokers)
        if not nj:  # every wild at face value: mostly a suit no set completes, known at once
            counts = faces[i]
            if not all(suit_complete(counts[b : b + 9], whole_pair) for b in (0, 9, 18)):
                return ()
            return decompose_packed(counts, 0, n_sets, whole_pair, hs)
        if not wanted:
            return ()
        if not outside:
            outside.append(fewest_outside(faces.packed, plan.kinds, whole_pair, hs))
        if nj < outside[0]:  # most splits that fail: known without their counts
            return ()
        if fewest.first_is_fewest:
            kinds_wanted = frozenset(wanted) if fewest.triplet_melds else None
            return first_of_kinds(faces[i], nj, n_sets, whole_pair, hs, kinds_wanted)
        if False in wanted:
            return decompose_kinds_packed(faces[i], nj, n_sets, whole_pair, hs, kinds)
        return decompose_kinds_packed(faces[i], nj, n_sets, whole_pair, hs, kinds, True)

    return by_split(q, n_melds, plan, faces, rules, pair, standard)
