"""The vocabulary of hand analysis: groups (sets, pairs, shapes) and readings of a whole hand.

A *reading* is one way of seeing the winning tiles: its shape, its groups, and for every wild tile
whether it stood for another tile or kept its face value. Rulesets score readings; the engine
only finds them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Literal, NamedTuple

from mjcalc.hot_paths import new_instance, slot_setters
from mjcalc.tiles import Tile

GroupKind = Literal["pair", "chow", "pung", "kong", "honors", "lan", "loose"]
Shape = Literal["standard", "seven_pairs", "thirteen_lan", "seven_star_lan", "loose_honors"]
HonorSets = Literal["none", "same_class", "any_distinct"]

TRIPLET_OR_NOT_SET = frozenset({"pung", "kong", "pair", "lan", "loose"})
"""Kinds a group of an all-pung reading may have: a pung or kong, or no set at all."""

ANY: Tile = -1
"""Placeholder in a group made only of wilds: they may stand for any tile (resolved later)."""


@dataclass(frozen=True, slots=True)
class Group:
    """A set, a pair or a whole-hand shape group (十三烂 ``lan``, structure-free ``loose``).

    ``tiles`` are the tiles the group is read as; ``wild[i]`` says whether position ``i`` is
    filled by a wild tile. ``melded`` groups come from the hand's brackets (``exposed`` unless a
    concealed kong).
    """

    kind: GroupKind
    tiles: tuple[Tile, ...]
    wild: tuple[bool, ...] = ()
    melded: bool = False
    exposed: bool = False
    code: int = field(default=-1, compare=False, repr=False)
    """The group's number in the table of the groups the searches use (:func:`interned`), -1
    for a group built elsewhere. Not part of what the group is (equality and hash ignore it):
    a number lets the engine keep facts about a group in a list and its wilds' readings in a
    small table, where hashing the group's fields would cost more than the work they save."""

    @property
    def n_wild(self) -> int:
        return sum(self.wild)

    @property
    def is_triplet(self) -> bool:
        """A pung or kong (what 碰碰胡-style hands need)."""
        return self.kind in ("pung", "kong")


@dataclass(frozen=True, slots=True)
class WildUse:
    """One wild tile of the hand: its face, and what it stood for (``None``: face value)."""

    face: Tile
    stood_for: Tile | None

    @property
    def as_wild(self) -> bool:
        return self.stood_for is not None


@dataclass(frozen=True, slots=True)
class Reading:
    """One interpretation of the whole hand."""

    shape: Shape
    groups: tuple[Group, ...]
    wilds: tuple[WildUse, ...] = ()

    @property
    def pair(self) -> Group | None:
        """The pair of a standard reading (``None`` for other shapes)."""
        if self.shape != "standard":
            return None
        return next((g for g in self.groups if g.kind == "pair"), None)

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind not in ("pair", "lan", "loose"))

    @property
    def n_wild(self) -> int:
        """How many wild tiles act as wild (not at face value)."""
        return sum(1 for w in self.wilds if w.as_wild)

    @property
    def uses_wild(self) -> bool:
        return any(w.as_wild for w in self.wilds)

    @property
    def all_triplets(self) -> bool:
        """Standard reading whose every set is a pung or kong (碰碰胡 / 大七)."""
        return self.shape == "standard" and all_triplets(self.groups)

    @property
    def has_honor_sets(self) -> bool:
        return any(g.kind == "honors" for g in self.groups)


_READING_SLOTS = slot_setters(Reading)


def new_reading(shape: Shape, groups: tuple[Group, ...], wilds: tuple[WildUse, ...]) -> Reading:
    """``Reading(shape, groups, wilds)``, its slots filled directly: the engine builds one for
    every reading it gives, and a frozen dataclass's ``__init__`` sets each field through
    ``object.__setattr__``, at about twice the cost. The values are not checked, as there."""
    reading = new_instance(Reading)
    s_shape, s_groups, s_wilds = _READING_SLOTS
    s_shape(reading, shape)
    s_groups(reading, groups)
    s_wilds(reading, wilds)
    return reading


_KIND = attrgetter("kind")


def all_triplets(groups: Iterable[Group]) -> bool:
    """Every group a pung or kong, or no set at all (:data:`TRIPLET_OR_NOT_SET`): asked of
    every reading, so by a C-level pass (the same answer as ``all(...)`` over the kinds)."""
    return TRIPLET_OR_NOT_SET.issuperset(map(_KIND, groups))


def wilds_alone(groups: Iterable[Group]) -> bool:
    """Whether some group is made of wilds alone (every position wild): what a table where
    each set and the pair must hold a tile of its own refuses (:attr:`ShapeRules.wilds_alone`)."""
    return any(g.wild and False not in g.wild for g in groups)


def pair_of(t: Tile, wilds: int) -> Group:
    """The pair of ``t`` holding ``wilds`` wilds (0, 1 or 2; the wild last), numbered like the
    search's groups (:func:`interned`): what its wilds stood for is then kept by its number."""
    return interned("pair", (t, t), ((False, False), (False, True), (True, True))[wilds])


class GroupFacts(NamedTuple):
    """What the readings ask of a numbered group, over and over: worked out once."""

    group: Group
    triplet_or_not_set: bool
    """Its kind in :data:`TRIPLET_OR_NOT_SET`."""
    n_wild: int
    wild_tiles: frozenset[Tile]
    """The tiles at its wild positions (:data:`ANY` for a group of wilds alone)."""
    real: tuple[Tile, ...]
    """Its tiles not filled by a wild."""


FACTS: list[GroupFacts] = []
"""Facts of every numbered group, by number (:attr:`Group.code`)."""
GROUPS: list[Group] = []
"""Every numbered group, by number: ``FACTS[code].group``, looked up at C level."""
_INTERNED: dict[tuple[GroupKind, tuple[Tile, ...], tuple[bool, ...]], Group] = {}


def interned(kind: GroupKind, tiles: tuple[Tile, ...], wild: tuple[bool, ...]) -> Group:
    """The one numbered group of that kind, tiles and wild positions, made on first use.

    The searches build every group from these few (at most a few thousand: three tiles or
    fewer, of 34 kinds or a wild alone), so the table stays small however many hands pass.
    """
    key = (kind, tiles, wild)
    g = _INTERNED.get(key)
    if g is None:
        g = Group(kind, tiles, wild, code=len(FACTS))
        FACTS.append(facts_of(g))
        GROUPS.append(g)
        _INTERNED[key] = g
    return g


_WILD_USES: dict[tuple[Tile, Tile | None], WildUse] = {}


def wild_use(face: Tile, stood_for: Tile | None) -> WildUse:
    """The one :class:`WildUse` of that face and tile stood for, made on first use (at most
    34 × 35): the readings of hands with wilds hold them in their remembered parts, and one
    object each is what the garbage collector then walks, however many hands pass."""
    use = _WILD_USES.get((face, stood_for))
    if use is None:
        use = _WILD_USES[face, stood_for] = WildUse(face, stood_for)
    return use


def facts_of(g: Group) -> GroupFacts:
    """The facts of ``g``, worked out (what :data:`FACTS` holds for a numbered group)."""
    real = tuple(t for t, w in zip(g.tiles, g.wild, strict=True) if not w)
    wild_tiles = frozenset(t for t, w in zip(g.tiles, g.wild, strict=True) if w)
    return GroupFacts(g, g.kind in TRIPLET_OR_NOT_SET, sum(g.wild), wild_tiles, real)


class Shifted(dict[int, Group]):
    """The group of a suit matching each character group (by number), made when first asked."""

    def __init__(self, base: int) -> None:
        super().__init__()
        self.base = base

    def __missing__(self, code: int) -> Group:
        g = FACTS[code].group
        shifted = interned(g.kind, tuple(t + self.base for t in g.tiles), g.wild)
        self[code] = shifted
        return shifted


SHIFTED = {0: Shifted(0), 9: Shifted(9), 18: Shifted(18)}
"""By the first kind of each number suit: the searches solve a suit's pattern once, as
characters, and each suit reads it with its own groups."""


class ShiftedCode(dict[int, int]):
    """:class:`Shifted` by number: the number of the suit's group matching each character
    group's number."""

    def __init__(self, base: int) -> None:
        super().__init__()
        self.base = base

    def __missing__(self, code: int) -> int:
        shifted = self[code] = SHIFTED[self.base][code].code
        return shifted


SHIFTED_CODES = {9: ShiftedCode(9), 18: ShiftedCode(18)}
"""By the first kind of the dots and the bamboo suits (the characters' numbers are their own)."""
