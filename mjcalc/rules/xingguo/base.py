"""Xingguo 冲关: the jing (正精 / 副精) and the jing each seat holds.

Shared by the hu, settlement and table modules of the ruleset (see docs/rules/xingguo.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from mjcalc.plugin import (
    GREEN,
    RED,
    SEATS,
    WHITE,
    WINDS,
    Context,
    MjcalcError,
    Seat,
    Tile,
    format_tile,
    is_flower,
    parse_tile,
    seat,
    zh_name,
)
from mjcalc.rules.xingguo.request import XingguoRequest


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
    """The two jing kinds of a hand: the flipped tile (正精, 3 left in play) and the next (副精)."""

    main: Tile
    secondary: Tile

    @classmethod
    def flipped(cls, t: Tile) -> Jing:
        return cls(t, next_kind(t))

    @classmethod
    def parse(cls, text: str) -> Jing:
        """The jing of the request's ``jing`` field (the flipped tile)."""
        return _parse_jing(text)

    @classmethod
    def _parse(cls, text: str) -> Jing:
        try:
            t = parse_tile(text)
        except MjcalcError as exc:
            raise exc.within("err.in_field", field="jing") from None
        if is_flower(t):
            raise MjcalcError.from_key("invalid_request", "err.jing_flower", text=text)
        return cls.flipped(t)

    @property
    def kinds(self) -> tuple[Tile, Tile]:
        return (self.main, self.secondary)

    def describe(self) -> str:
        return (
            f"正精 {zh_name(self.main)} ({format_tile(self.main)}), "
            f"副精 {zh_name(self.secondary)} ({format_tile(self.secondary)})"
        )


@lru_cache(maxsize=256)
def _parse_jing(text: str) -> Jing:
    """:meth:`Jing.parse`, kept per text: every hand names its jing (``Jing`` is immutable)."""
    return Jing._parse(text)


MAIN_IN_PLAY = 3  # the flipped tile stays out
SECONDARY_IN_PLAY = 4


@dataclass(frozen=True, slots=True)
class JingHeld:
    """How many 正精 and 副精 a seat holds (concealed, melded, used as wild or not: 精照算)."""

    main: int = 0
    secondary: int = 0

    @property
    def points(self) -> int:
        """The seat's jing count s: a 正精 counts two, a 副精 one."""
        return 2 * self.main + self.secondary

    @property
    def any(self) -> bool:
        return self.main + self.secondary > 0

    def at_least(self, other: JingHeld) -> JingHeld:
        return JingHeld(max(self.main, other.main), max(self.secondary, other.secondary))


_NO_JING = JingHeld()
"""A seat holding no jing (frozen: one shared instance)."""


_NOBODY = dict.fromkeys(SEATS, _NO_JING)
"""Every seat holding no jing (copied, never handed out)."""


def nobody_holds(held: Mapping[Seat, JingHeld]) -> bool:
    """No seat holds any jing (a jing-free hand, the most common): known without asking each
    seat (a C-level count of the entries equal to the shared empty holding). ``False`` may
    still mean none, where a seat was given ``[0, 0]``: callers then ask each seat."""
    return list(held.values()).count(_NO_JING) == len(held)


def holdings(ctx: Context, request: XingguoRequest, jing: Jing) -> dict[Seat, JingHeld]:
    """The jing each seat holds.

    The request's ``jings`` gives them (seats not named hold none); the winner holds at least what
    its hand shows, and a seat that made a kong of 副精 at least those four — per kind, so a
    ``jings`` entry that also counts a discarded jing only ever adds to what the tiles show.
    """
    tiles = ctx.hand.all_tiles
    main, secondary = tiles.count(jing.main), tiles.count(jing.secondary)
    if not (main or secondary or request.jings or ctx.kongs):
        return dict(_NOBODY)  # a jing-free hand, no counts given: nobody holds any
    held = dict(_NOBODY)
    for holder, counts in request.jings.items():
        held[holder] = JingHeld(*counts)
    if main or secondary:
        held[ctx.winner] = held[ctx.winner].at_least(JingHeld(main, secondary))
    for kong in ctx.kongs:
        if kong.tile == jing.secondary:
            held[kong.seat] = held[kong.seat].at_least(JingHeld(0, SECONDARY_IN_PLAY))
    if not nobody_holds(held):  # (no jing anywhere is within every total)
        _check_totals(held, jing)
    return held


def _check_totals(held: dict[Seat, JingHeld], jing: Jing) -> None:
    """No more 正精 / 副精 across the seats than are in play."""
    main = secondary = 0
    for h in held.values():
        main += h.main
        secondary += h.secondary
    for key, n, kind, in_play in (
        ("err.jings_main_total", main, jing.main, MAIN_IN_PLAY),
        ("err.jings_secondary_total", secondary, jing.secondary, SECONDARY_IN_PLAY),
    ):
        if n > in_play:
            raise MjcalcError.from_key("invalid_request", key, n=n, zh=zh_name(kind), max=in_play)


def check_jing_tiles(ctx: Context, jing: Jing) -> None:
    """The flipped tile is out of play: no hand holds its fourth copy, no seat can kong it."""
    if ctx.hand.all_tiles.count(jing.main) > MAIN_IN_PLAY:
        raise MjcalcError.from_key(
            "invalid_hand", "err.four_flipped", tile=format_tile(jing.main), max=MAIN_IN_PLAY
        )
    for kong in ctx.kongs:
        if kong.tile == jing.main:
            raise MjcalcError.from_key(
                "invalid_request",
                "err.kong_flipped",
                seat=seat(kong.seat),
                tile=format_tile(kong.tile),
                max=MAIN_IN_PLAY,
            )
