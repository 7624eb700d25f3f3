"""精 (jing): wild tiles named by a tile turned up after the deal, as Jiangxi tables play them.

Xingguo and Nanchang share the idea and its arithmetic, not their rules about it: which kinds are
wild (the turned-up kind, 正精, and the next one, 副精), how a seat's jing count is made (a 正精
counts two, a 副精 one) and 冲关, the count × (count − 3) it becomes from 5 on. What each
ruleset adds — how many copies are in play, what a kong of jing is worth, who doubles — stays
in its own package. Kept here, ruleset-free, so that neither ruleset copies the other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from mjcalc.errors import MjcalcError
from mjcalc.models import Seat
from mjcalc.notation import format_tile, parse_tile
from mjcalc.tiles import GREEN, RED, WHITE, WINDS, Tile, is_flower, zh_name

CHONGGUAN_FROM = 5
"""The jing count from which 冲关 multiplies it."""


def next_kind(t: Tile) -> Tile:
    """The kind after ``t`` in the jing sequence: 9→1 within a suit, 東→南→西→北→東, 中→發→白→中.

    The dragons run 中(7z)→發(6z)→白(5z)→中, i.e. *down* the mpsz order, and never reach a wind.
    """
    if t < 27:
        return t - t % 9 + (t % 9 + 1) % 9
    if t in WINDS:
        return WINDS[(WINDS.index(t) + 1) % len(WINDS)]
    return {RED: GREEN, GREEN: WHITE, WHITE: RED}[t]


@dataclass(frozen=True, slots=True)
class Jing:
    """The two jing kinds of a hand: the turned-up tile's kind (正精) and the next one (副精)."""

    main: Tile
    secondary: Tile

    @classmethod
    def flipped(cls, t: Tile) -> Jing:
        return cls(t, next_kind(t))

    @classmethod
    def parse(cls, text: str, flower_error: str) -> Jing:
        """The jing named by a request's ``jing`` field (the turned-up tile); a flower is
        refused with the ruleset's own message (catalogue key ``flower_error``, given the
        ``text``)."""
        return _parse_jing(text, flower_error)

    @property
    def kinds(self) -> tuple[Tile, Tile]:
        return (self.main, self.secondary)

    def describe(self) -> str:
        return (
            f"正精 {zh_name(self.main)} ({format_tile(self.main)}), "
            f"副精 {zh_name(self.secondary)} ({format_tile(self.secondary)})"
        )


@lru_cache(maxsize=256)
def _parse_jing(text: str, flower_error: str) -> Jing:
    """:meth:`Jing.parse`, kept per text: every hand names its jing (``Jing`` is immutable)."""
    try:
        t = parse_tile(text)
    except MjcalcError as exc:
        raise exc.within("err.in_field", field="jing") from None
    if is_flower(t):
        raise MjcalcError.from_key("invalid_request", flower_error, text=text)
    return Jing.flipped(t)


@dataclass(frozen=True, slots=True)
class JingHeld:
    """How many 正精 and 副精 a seat holds (concealed, melded, used as wild or not: 精照算)."""

    main: int = 0
    secondary: int = 0

    @property
    def points(self) -> int:
        """The seat's jing count: a 正精 counts two, a 副精 one."""
        return 2 * self.main + self.secondary

    @property
    def any(self) -> bool:
        return self.main + self.secondary > 0

    def at_least(self, other: JingHeld) -> JingHeld:
        return JingHeld(max(self.main, other.main), max(self.secondary, other.secondary))


NO_JING = JingHeld()
"""A seat holding no jing (frozen: one shared instance)."""


def nobody_holds(held: Mapping[Seat, JingHeld]) -> bool:
    """No seat holds any jing (a jing-free hand, the most common): known without asking each
    seat (a C-level count of the entries equal to the empty holding). ``False`` may still mean
    none, where a seat was given ``[0, 0]``: callers then ask each seat."""
    return list(held.values()).count(NO_JING) == len(held)


def chongguan(points: int) -> int:
    """冲关: a jing count of 5 or more scores count × (count − 3) (5→10, 6→18 … 10→70); below
    that, the count itself."""
    return points * (points - 3) if points >= CHONGGUAN_FROM else points
