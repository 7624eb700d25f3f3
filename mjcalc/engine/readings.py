"""Every reading of a hand with wild tiles: each wild acts as wild or keeps its face value.

Copies of one wild kind are interchangeable, so the choices are "how many copies of each wild kind
keep their face value" (at most 5 × 5 splits); the rest act as jokers for the shape searches of
:mod:`~mjcalc.engine.decompose` and :mod:`~mjcalc.engine.shapes`. Each reading reports what every
wild stood for.

:func:`readings` gives every reading; :func:`~mjcalc.engine.distinct.distinct_readings` (its own
module) only the first of each kind (shape, all triplets, wilds substituting). It asks the same
questions in the same order, so the pieces of the search it shares are public here: the prepared
:class:`Question` (:func:`question`), the wilds' :class:`Plan` of splits (:func:`plan_of`,
:data:`NO_WILD`) and their :class:`FaceCounts`, the readings before their wilds are resolved
(:data:`Found`, :data:`Batch`: :func:`found_at_face`, :func:`found_by_split`, :func:`by_split`)
and :func:`resolved_group`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import NamedTuple

from mjcalc.engine.decompose import Decomposition, decompose_packed
from mjcalc.engine.groups import (
    ANY,
    FACTS,
    GROUPS,
    Group,
    HonorSets,
    Reading,
    Shape,
    WildUse,
    interned,
    new_reading,
    pair_of,
    wild_use,
    wilds_alone,
)
from mjcalc.engine.kinds import decompose_kinds_packed
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
    face_value: bool = True
    """A wild may keep its face value (read as an ordinary tile of its kind). ``False``: every
    copy of a wild kind acts as wild in every reading (it may still stand for its own kind),
    but for the copies a question names ``natural``: a table where a jing is always a jing."""
    wilds_alone: bool = True
    """A set or the pair of a standard reading may be made of wilds alone. ``False``: each
    holds a tile that is not a wild acting as wild, so three wilds are never a set nor two the
    pair (seven pairs may still pair two wilds)."""


def counts_of(tiles: Sequence[Tile]) -> list[int]:
    c = [0] * N_KINDS
    for t in tiles:
        c[t] += 1
    return c


def meld_group(meld: Meld) -> Group:
    """The fixed group of a bracketed meld (never holds a wild: melded wilds keep face value)."""
    return _meld_group(meld.tiles, meld.concealed)


@lru_cache(maxsize=4096)
def _meld_group(tiles: tuple[Tile, ...], concealed: bool) -> Group:
    """:func:`meld_group` by the meld's tiles, remembered: working out a meld's kind was a sixth
    of a question about a hand with one wild, and every question about the hand asks it again
    (a self-drawn Xingguo hand, three). There are a few hundred melds (in any tile order, a few
    thousand)."""
    meld = Meld(tiles, concealed)
    kind = meld.kind
    if kind == "invalid":
        raise ValueError(f"not a set: {meld}")
    ordered = tuple(sorted(tiles))
    return Group(kind, ordered, (False,) * len(ordered), melded=True, exposed=not concealed)


def _resolve(
    groups: Sequence[Group], joker_faces: tuple[Tile, ...]
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
        resolved, group_uses, _ = resolved_group(g, joker_faces[at : at + n])
        at += n
        out.append(resolved)
        uses += group_uses
    return tuple(out), uses


_Resolved = tuple[Group, tuple[WildUse, ...], int]
"""A group with its wild positions filled, the wilds' uses, and how many of them stand for a
tile other than their own face (:func:`~mjcalc.engine.distinct.distinct_readings` compares
readings by that count)."""

_RESOLVED: dict[tuple[int, tuple[Tile, ...]], tuple[int, tuple[int, ...], int]] = {}
""":func:`resolved_group`'s answers by numbers alone (the group's, and each use's
``face * N_KINDS + stood_for``): tuples of numbers, which the garbage collector leaves alone
once it has looked at them. Entries holding the groups and uses themselves (about one new
entry a hand with wilds) made it walk a growing table: a full collection every few thousand
hands, a tenth of the time of a hand with four jing."""
_RESOLVED_MAX = 1 << 14
_USE_TUPLES: dict[tuple[int, ...], tuple[WildUse, ...]] = {}
"""The uses of :data:`_RESOLVED`'s entries by their numbers, one tuple each (a few thousand
after many hands with jing; cleared with the memo, so never more entries than it has)."""


def resolved_group(g: Group, faces: tuple[Tile, ...]) -> _Resolved:
    """One group with its wild positions filled by ``faces``, their uses, and how many stand
    for another tile — remembered for the search's groups.

    The groups of a decomposition are the numbered ones of the search's tables
    (:func:`~mjcalc.engine.groups.interned`), and a hand's wilds have one or two faces: the
    same (group, faces) come back over and over, within a hand (each split, each fixed pair)
    and across hands. Kept by the group's number and the faces (a small table: a few thousand
    groups, faces of the wild kinds); a group built elsewhere (十三烂, loose honors) is
    resolved each time.
    """
    code = g.code
    if code >= 0 and FACTS[code].group is not g:
        code = -1  # a copy of a numbered group made elsewhere (dataclasses.replace): not trusted
    if code >= 0:
        hit = _RESOLVED.get((code, faces))
        if hit is not None:
            number, numbers, substituting = hit
            return GROUPS[number], _USE_TUPLES[numbers], substituting
    tiles = list(g.tiles)
    first: Tile | None = None
    uses: list[WildUse] = []
    use_codes: list[int] = []
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
        uses.append(wild_use(face, tiles[pos]))
        use_codes.append(face * N_KINDS + tiles[pos])
    substituting = sum(1 for u in uses if u.stood_for != u.face)
    if code >= 0:  # a search group (never melded): resolved, a numbered group as well
        group = interned(g.kind, tuple(tiles), g.wild)
        if len(_RESOLVED) >= _RESOLVED_MAX:
            _RESOLVED.clear()
            _USE_TUPLES.clear()
        numbers = tuple(use_codes)
        held = _USE_TUPLES.setdefault(numbers, tuple(uses))
        _RESOLVED[(code, faces)] = (group.code, numbers, substituting)
        return group, held, substituting
    return Group(g.kind, tuple(tiles), g.wild, g.melded, g.exposed), tuple(uses), substituting


class Split(NamedTuple):
    """One choice of which wild copies keep their face value; the others act as jokers."""

    kept: tuple[int, ...]
    """Copies kept at face value, per wild kind held (in tile order)."""
    jokers: tuple[Tile, ...]
    """Faces of the wilds acting as wild."""
    kept_uses: tuple[WildUse, ...]
    """The wilds kept at face value, as uses (``stood_for`` None)."""


class Plan(NamedTuple):
    """Every split of the wilds held, fewest jokers first, and how they compare.

    It depends on the wild kinds held and their copies only (at most 5 × 5 splits), so it is
    worked out once (:func:`_split_plan`), not for every hand: a hand's question then builds no
    split at all, only the counts of the splits it searches (:func:`_face_counts`).
    """

    kinds: tuple[Tile, ...]
    """The wild kinds held, in tile order."""
    splits: tuple[Split, ...]
    keeping_at_least: tuple[frozenset[int], ...]
    """Per split, the splits (by index) keeping at least as many copies of every kind at face
    value: those a failure of the split rules out (:func:`_decompositions`)."""
    kept_at: tuple[tuple[tuple[Tile, int], ...], ...]
    """Per split, (wild kind, copies kept at face value) pairs."""


NO_WILD = Plan((), (Split((), (), ()),), (frozenset({0}),), ((),))
"""No wild held (most hands): the one split, every tile at face value."""


def plan_of(
    counts: list[int],
    wild_kinds: Sequence[Tile],
    face_value: bool = True,
    natural: Sequence[Tile] = (),
) -> Plan:
    """The splits of the wilds held: every choice of copies kept at face value, or with
    ``face_value`` false only the one keeping the ``natural`` copies (none acting as wild) and
    every other copy acting as wild; ``natural`` copies are kept at face value in every split."""
    held = [k for k in wild_kinds if counts[k]]
    if not held:
        return NO_WILD
    kinds = tuple(sorted(set(held)))
    copies = tuple(map(counts.__getitem__, kinds))
    if face_value and not natural:
        return _split_plan(kinds, copies)
    least = tuple(min(natural.count(k), n) for k, n in zip(kinds, copies, strict=True))
    return _split_plan(kinds, copies, least, face_value)


@lru_cache(maxsize=1024)
def _split_plan(
    kinds: tuple[Tile, ...],
    held: tuple[int, ...],
    least: tuple[int, ...] | None = None,
    face_value: bool = True,
) -> Plan:
    """The plan of ``held`` copies of each wild kind in ``kinds``, at least ``least`` of each
    kept at face value (exactly those, without ``face_value``)."""
    low = least or (0,) * len(held)
    # copies kept at face value
    choices = [range(n, k - 1, -1) if face_value else (k,) for n, k in zip(held, low, strict=True)]
    splits = []
    for kept in sorted(product(*choices), key=lambda kept: -sum(kept)):
        jokers: list[Tile] = []
        kept_faces: list[Tile] = []
        for k, n, n_kept in zip(kinds, held, kept, strict=True):
            jokers.extend([k] * (n - n_kept))
            kept_faces.extend([k] * n_kept)
        splits.append(Split(kept, tuple(jokers), tuple(wild_use(k, None) for k in kept_faces)))
    index = {split.kept: i for i, split in enumerate(splits)}
    above = tuple(
        frozenset(
            index[kept]
            for kept in product(*(range(k, n + 1) for k, n in zip(split.kept, held, strict=True)))
            if kept in index
        )
        for split in splits
    )
    kept_at = tuple(tuple(zip(kinds, split.kept, strict=True)) for split in splits)
    return Plan(kinds, tuple(splits), above, kept_at)


class FaceCounts:
    """The counts of each split of one question (the acting wilds taken out), packed one byte
    per kind (:func:`~mjcalc.engine.decompose.decompose_packed`), built when first asked: most
    splits of a hand are ruled out before anything looks at their tiles."""

    __slots__ = ("_built", "_plan", "packed")

    def __init__(self, counts: list[int], plan: Plan) -> None:
        self.packed = bytes(counts)  # the question's counts, every wild at face value
        self._plan = plan
        self._built: list[bytes | None] = [None] * len(plan.splits)

    @property
    def kinds(self) -> tuple[Tile, ...]:
        """The wild kinds held."""
        return self._plan.kinds

    def __getitem__(self, i: int) -> bytes:
        found = self._built[i]
        if found is None:
            face_counts = bytearray(self.packed)
            for k, n_kept in self._plan.kept_at[i]:
                face_counts[k] = n_kept
            found = self._built[i] = bytes(face_counts)
        return found

    def counts(self, i: int) -> tuple[int, ...]:
        """Split ``i``'s counts as a tuple (what the whole-hand shape functions take)."""
        return tuple(self[i])


def _decompositions(
    plan: Plan,
    faces: FaceCounts,
    n_sets: int,
    pair: bool,
    honor_sets: HonorSets,
    kinds: frozenset[Tile] | None = None,
) -> list[tuple[Decomposition, ...]]:
    """The set + pair decompositions of every split (by index), searched most jokers first.

    A wild acting as wild can stand for its own face, so keeping more copies at face value
    never turns a hand that fails into one that wins: a split keeping at least the faces of a
    split already found to fail is skipped unsearched. (Every split has the same number of
    tiles, so that is checked once.) With ``kinds`` (the tiles a wild may stand for while
    keeping its face: the wild kinds and :data:`ANY`), a split with jokers gives only the first
    decomposition of each signature (:func:`~mjcalc.engine.kinds.decompose_kinds_packed`):
    what :func:`~mjcalc.engine.distinct.distinct_readings` needs.
    """
    splits = plan.splits
    found: list[tuple[Decomposition, ...]] = [()] * len(splits)
    if sum(faces.packed) != 3 * n_sets + (2 if pair else 0):
        return found
    ruled_out: set[int] = set()
    for i in range(len(splits) - 1, -1, -1):
        if i in ruled_out:
            continue
        nj = len(splits[i].jokers)
        if kinds is not None and nj:
            found[i] = decompose_kinds_packed(faces[i], nj, n_sets, pair, honor_sets, kinds)
        else:
            found[i] = decompose_packed(faces[i], nj, n_sets, pair, honor_sets)
        if not found[i]:
            ruled_out |= plan.keeping_at_least[i]
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
        uses = [wild_use(lone, None)] * 2 if lone in wild_kinds else []
        return pair_of(partner, 0), uses
    if lone not in wild_kinds:
        return None
    uses = [wild_use(lone, partner)]
    if partner in wild_kinds:
        uses.append(wild_use(partner, None))
    return pair_of(partner, 1), uses


def _seven_pairs(
    plan: Plan, faces: FaceCounts, rules: ShapeRules, pair: tuple[Tile, Tile] | None
) -> list[tuple[Group, ...] | None]:
    """The seven pairs of every split (by index), tried most jokers first.

    As for :func:`_decompositions`, a split keeping at least the faces of one without seven
    pairs has none either: turning a copy kept at face value into a joker leaves the singles to
    pair no more numerous than the jokers, the jokers left over as many or two more, and no
    kind more copies. So those are not tried.
    """
    found: list[tuple[Group, ...] | None] = [None] * len(plan.splits)
    ruled_out: set[int] = set()
    for i in range(len(plan.splits) - 1, -1, -1):
        if i in ruled_out:
            continue
        found[i] = seven_pairs(
            faces[i],
            len(plan.splits[i].jokers),
            four_as_two=rules.four_as_two,
            n_pairs=7 if pair is None else 6,
            paired=() if pair is None else pair[1:],
        )
        if found[i] is None:
            ruled_out |= plan.keeping_at_least[i]
    return found


_Shaped = tuple[Shape, tuple[Group, ...]]


def _lan(face_counts: tuple[int, ...], nj: int, rules: ShapeRules) -> list[_Shaped]:
    """十三烂 / 七星十三烂 of one split (七星 first; plain 十三烂 only when it is not 七星)."""
    star = None
    if rules.seven_star_lan:
        star = thirteen_lan(
            face_counts, nj, seven_star=True, wild_for_honors=rules.wild_for_seven_star_honors
        )
        if star is not None:
            return [("seven_star_lan", star)]
    if rules.thirteen_lan:
        lan = thirteen_lan(face_counts, nj)
        if lan is not None:
            return [("thirteen_lan", lan)]
    return []


class _WholeHand(NamedTuple):
    """Which whole-hand shapes some split of the hand may still hold."""

    seven_pairs: bool
    lan: bool
    """十三烂 or 七星十三烂."""


def _possible_shapes(faces: FaceCounts, rules: ShapeRules, pair: bool) -> _WholeHand:
    """The whole-hand shapes of ``rules`` that some split of the hand may hold, found once.

    The tiles that are not wild are the same in every split, and what they rule out is ruled out
    for all: two alike (十三烂 / 七星十三烂 refuse them), or more odd counts than there are wilds
    to pair them, or more than four alike (seven pairs). Each of these makes
    :func:`~mjcalc.engine.shapes.thirteen_lan` or :func:`~mjcalc.engine.shapes.seven_pairs`
    answer ``None`` for every split, so not asking gives the same readings. (十三烂 never has a
    fixed pair: ``pair``.)
    """
    pairs = rules.seven_pairs
    lan = (rules.thirteen_lan or rules.seven_star_lan) and not pair
    if not (pairs or lan):
        return _NO_WHOLE_HAND
    plain = bytearray(faces.packed)  # counted at C level
    held = 0
    for k in faces.kinds:
        held += plain[k]
        plain[k] = 0
    most = max(plain)
    odd = plain.count(1) + plain.count(3)
    return _WholeHand(pairs and odd <= held and most <= 4, lan and most <= 1)


_NO_WHOLE_HAND = _WholeHand(seven_pairs=False, lan=False)


Found = tuple[Split, Shape, tuple[Group, ...]]
"""A reading before its wilds are resolved: its split, its shape, the groups found for it."""


class Question(NamedTuple):
    """One :func:`readings` question, its hand prepared: what every reading of it shares."""

    counts: list[int]
    """The concealed counts, the fixed pair taken out."""
    meld_groups: tuple[Group, ...]
    fixed: tuple[Group, ...]
    """The fixed pair's group (empty without ``pair``)."""
    fixed_uses: tuple[WildUse, ...]
    """The fixed pair's wilds."""

    def reading(self, found: Found) -> Reading:
        """The reading of ``found``, its wilds resolved."""
        split, shape, groups = found
        kept_uses = split.kept_uses + self.fixed_uses
        if not split.jokers:  # no wild acts as wild: nothing to resolve
            return new_reading(shape, self.fixed + groups + self.meld_groups, kept_uses)
        # the fixed pair's lone wild is already in ``fixed_uses``, not among the jokers
        resolved, uses = _resolve(groups, split.jokers)
        return new_reading(shape, self.fixed + resolved + self.meld_groups, (*uses, *kept_uses))


def question(
    concealed: Sequence[Tile],
    melds: Sequence[Meld],
    wild_kinds: Sequence[Tile],
    pair: tuple[Tile, Tile] | None,
) -> Question | None:
    """The question prepared (``None``: the fixed pair cannot be taken out of the hand)."""
    if pair is not None and (pair[0] not in concealed or pair[1] not in concealed):
        return None  # a fixed pair needs both its tiles (most 精吊 questions: no jing held)
    counts = counts_of(concealed)
    if pair is None:
        return Question(counts, _meld_groups(melds), (), ())
    fixed_pair = _fixed_pair(counts, pair, wild_kinds)
    if fixed_pair is None:
        return None
    return Question(counts, _meld_groups(melds), (fixed_pair[0],), tuple(fixed_pair[1]))


def _meld_groups(melds: Sequence[Meld]) -> tuple[Group, ...]:
    return tuple(map(meld_group, melds)) if melds else ()


Batch = tuple[Split, Shape, Sequence[tuple[Group, ...]]]
"""Readings of one split and shape before their wilds are resolved: the groups of each."""


def _found(
    q: Question,
    n_melds: int,
    wild_kinds: Sequence[Tile],
    rules: ShapeRules,
    pair: tuple[Tile, Tile] | None,
    natural: Sequence[Tile] = (),
) -> Iterator[Batch]:
    """Every reading of the question, unresolved, in the order :func:`readings` gives them:
    split by split, fewest jokers first; in a split the standard ones, seven pairs, 十三烂 /
    七星十三烂, loose honors. A batch per split and shape: a split has dozens of standard
    readings, taken in one loop by the caller."""
    plan = plan_of(q.counts, wild_kinds, rules.face_value, natural)
    if plan is NO_WILD:
        return found_at_face(q, n_melds, rules, pair)
    return found_by_split(q, n_melds, plan, rules, pair)


def found_at_face(
    q: Question, n_melds: int, rules: ShapeRules, pair: tuple[Tile, Tile] | None
) -> Iterator[Batch]:
    """:func:`_found` of a hand holding no wild (most hands): its one split, every tile at face
    value. The questions of :func:`found_by_split` for that split, asked directly: nothing to
    rule out, no counts to build per split, no wild to set aside."""
    split = NO_WILD.splits[0]
    packed = bytes(q.counts)
    n_sets = 4 - n_melds
    n_tiles = sum(packed)
    if n_tiles == 3 * n_sets + (2 if pair is None else 0):
        standard = decompose_packed(packed, 0, n_sets, pair is None, rules.honor_sets)
        if standard:
            yield split, "standard", standard
    lan = (rules.thirteen_lan or rules.seven_star_lan) and pair is None
    if not n_melds and (rules.seven_pairs or lan):  # as _possible_shapes, no wild held
        most = max(packed)
        if rules.seven_pairs and most <= 4 and not packed.count(1) + packed.count(3):
            n_pairs = 7 if pair is None else 6
            paired = () if pair is None else pair[1:]
            found = seven_pairs(
                packed, 0, four_as_two=rules.four_as_two, n_pairs=n_pairs, paired=paired
            )
            if found is not None:
                yield split, "seven_pairs", (found,)
        if lan and most <= 1:
            for shape, groups in _lan(tuple(packed), 0, rules):
                yield split, shape, (groups,)
    if rules.loose_honors and pair is None and all(g.tiles[0] >= 27 for g in q.meld_groups):
        honors = loose_honors(tuple(packed), 0)
        if honors is not None and n_tiles == 3 * n_sets + 2:
            yield split, "loose_honors", (honors,)


def found_by_split(
    q: Question,
    n_melds: int,
    plan: Plan,
    rules: ShapeRules,
    pair: tuple[Tile, Tile] | None,
    kinds: frozenset[Tile] | None = None,
) -> Iterator[Batch]:
    """:func:`_found` of a hand holding wilds: split by split. With ``kinds``, of the standard
    readings of a split with jokers only the first of each signature (:func:`_decompositions`:
    what :func:`~mjcalc.engine.distinct.distinct_readings` asks)."""
    n_sets = 4 - n_melds
    faces = FaceCounts(q.counts, plan)
    standard = _decompositions(plan, faces, n_sets, pair is None, rules.honor_sets, kinds)
    yield from by_split(q, n_melds, plan, faces, rules, pair, standard.__getitem__)


def by_split(
    q: Question,
    n_melds: int,
    plan: Plan,
    faces: FaceCounts,
    rules: ShapeRules,
    pair: tuple[Tile, Tile] | None,
    standard: Callable[[int], tuple[Decomposition, ...]],
) -> Iterator[Batch]:
    """The readings of each split in turn, its standard ones asked of ``standard`` (by split)
    just before they are given, the whole-hand shapes found here."""
    n_sets = 4 - n_melds
    whole = _NO_WHOLE_HAND
    if not n_melds:  # the whole-hand shapes are of 14 concealed tiles
        whole = _possible_shapes(faces, rules, pair is not None)
    pairs = _seven_pairs(plan, faces, rules, pair) if whole.seven_pairs else None
    loose = rules.loose_honors and pair is None and all(g.tiles[0] >= 27 for g in q.meld_groups)
    for i, split in enumerate(plan.splits):
        found = standard(i)
        if found:
            yield split, "standard", found
        if pairs is not None and (sp := pairs[i]) is not None:
            yield split, "seven_pairs", (sp,)
        if whole.lan:
            for shape, groups in _lan(faces.counts(i), len(split.jokers), rules):
                yield split, shape, (groups,)
        if loose:
            nj = len(split.jokers)
            honors = loose_honors(faces.counts(i), nj)
            if honors is not None and sum(faces[i]) + nj == 3 * n_sets + 2:
                yield split, "loose_honors", (honors,)


def readings(
    concealed: Sequence[Tile],
    melds: Sequence[Meld] = (),
    wild_kinds: Sequence[Tile] = (),
    rules: ShapeRules = ShapeRules(),
    *,
    pair: tuple[Tile, Tile] | None = None,
    natural: Sequence[Tile] = (),
) -> Iterator[Reading]:
    """Every reading of ``concealed`` + ``melds`` as a winning hand.

    ``pair=(lone, partner)`` fixes the pair: physical tiles ``lone`` and ``partner`` are taken
    out first and the rest must form the sets (or the other pairs). When they differ, ``lone``
    must be a wild kind and stands for ``partner`` — the 精吊-style question "was the win a wait
    on a lone wild?". ``natural``: copies of wild kinds read as ordinary tiles only (a claimed
    jing on a table where a discarded jing is no wild).

    Readings come split by split, fewest wilds acting as wild first.
    """
    q = question(concealed, melds, wild_kinds, pair)
    if q is None:
        return
    alone_ok = rules.wilds_alone
    for split, shape, batch in _found(q, len(melds), wild_kinds, rules, pair, natural):
        for groups in batch:
            if alone_ok or shape != "standard" or not wilds_alone(groups):
                yield q.reading((split, shape, groups))
