"""A parsed hand: concealed tiles in written order, the owner's melds, and flowers.

Equality ignores the source columns, so ``parse_hand(format_hand(h)) == h`` holds (both in
:mod:`mjcalc.notation`, which builds hands; this module knows nothing of notation).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from mjcalc.hot_paths import new_instance, slot_setters
from mjcalc.tiles import N_KINDS, Tile, is_honor, is_suited

MeldKind = Literal["chow", "pung", "kong", "honors", "invalid"]


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld written in brackets: ``[...]`` exposed, ``(...)`` a concealed kong."""

    tiles: tuple[Tile, ...]
    concealed: bool = False
    column: int = field(default=0, compare=False)

    @property
    def kind(self) -> MeldKind:
        """What the tiles form: chow, pung, kong, ``honors`` (3 different honors) or ``invalid``."""
        return meld_kind(self.tiles)

    @property
    def is_kong(self) -> bool:
        return len(self.tiles) == 4

    @property
    def key(self) -> Tile:
        """The lowest tile: the pung/kong tile or the start of a chow."""
        return min(self.tiles)


@lru_cache(maxsize=1024)
def meld_kind(tiles: tuple[Tile, ...]) -> MeldKind:
    """:attr:`Meld.kind`, kept per tiles: validation, the engine and the rulesets all ask."""
    t = sorted(tiles)
    if len(t) == 4 and len(set(t)) == 1:
        return "kong"
    if len(t) == 3 and len(set(t)) == 1:
        return "pung"
    if (
        len(t) == 3
        and all(is_suited(x) for x in t)
        and t[0] // 9 == t[2] // 9
        and t[1] == t[0] + 1
        and t[2] == t[1] + 1
    ):
        return "chow"
    if len(t) == 3 and len(set(t)) == 3 and all(is_honor(x) for x in t):
        return "honors"  # three different honors; the ruleset decides if it is a set
    return "invalid"


@dataclass(frozen=True, slots=True)
class Hand:
    """The winner's tiles. ``columns`` gives each concealed tile's 1-based source column."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    flowers: tuple[Tile, ...] = ()
    columns: tuple[int, ...] = field(default=(), compare=False)

    @property
    def kongs(self) -> tuple[Meld, ...]:
        if not self.melds:  # most hands: asked several times per scoring, nothing to build
            return ()
        return tuple(m for m in self.melds if m.is_kong)

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        """Every playing tile, concealed and melded (flowers aside)."""
        if not self.melds:
            return self.concealed
        return sum([m.tiles for m in self.melds], self.concealed)  # ≤ 4 melds: C-level joins

    def counts(self) -> list[int]:
        """Counts of the concealed tiles, indexed by tile kind."""
        c = [0] * N_KINDS
        for t in self.concealed:
            c[t] += 1
        return c


_HAND_SLOTS = slot_setters(Hand)
_MELD_SLOTS = slot_setters(Meld)


def new_hand(
    concealed: tuple[Tile, ...],
    melds: tuple[Meld, ...],
    flowers: tuple[Tile, ...],
    columns: tuple[int, ...],
) -> Hand:
    """``Hand(concealed, melds, flowers, columns)``, its slots filled directly: the parser builds
    one for every hand, and a frozen dataclass's ``__init__`` sets each field through
    ``object.__setattr__``, at about twice the cost. The values are not checked, as there."""
    hand = new_instance(Hand)
    s_concealed, s_melds, s_flowers, s_columns = _HAND_SLOTS
    s_concealed(hand, concealed)
    s_melds(hand, melds)
    s_flowers(hand, flowers)
    s_columns(hand, columns)
    return hand


def new_meld(tiles: tuple[Tile, ...], concealed: bool, column: int) -> Meld:
    """``Meld(tiles, concealed, column)``, its slots filled directly (as :func:`new_hand`)."""
    meld = new_instance(Meld)
    s_tiles, s_concealed, s_column = _MELD_SLOTS
    s_tiles(meld, tiles)
    s_concealed(meld, concealed)
    s_column(meld, column)
    return meld
