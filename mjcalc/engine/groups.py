"""The vocabulary of hand analysis: groups (sets, pairs, shapes) and readings of a whole hand.

A *reading* is one way of seeing the winning tiles: its shape, its groups, and for every wild tile
whether it stood for another tile or kept its face value. Rulesets score readings; the engine
only finds them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import Literal

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


_KIND = attrgetter("kind")


def all_triplets(groups: Iterable[Group]) -> bool:
    """Every group a pung or kong, or no set at all (:data:`TRIPLET_OR_NOT_SET`): asked of
    every reading, so by a C-level pass (the same answer as ``all(...)`` over the kinds)."""
    return TRIPLET_OR_NOT_SET.issuperset(map(_KIND, groups))


@lru_cache(maxsize=128)
def pair_of(t: Tile, wilds: int) -> Group:
    """The pair of ``t`` holding ``wilds`` wilds (0, 1 or 2; the wild last), one object per kind
    and count: the engine remembers what a group's wilds stood for by the group's identity
    (``readings._resolved``), as for the search's groups, so a pair built anew for every
    seven-pairs reading would fill that memo. At most 34 × 3 pairs."""
    return Group("pair", (t, t), ((False, False), (False, True), (True, True))[wilds])
