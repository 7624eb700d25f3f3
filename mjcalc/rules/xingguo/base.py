"""Xingguo 冲关: the jing (正精 / 副精) and the jing each seat holds.

Shared by the hu, settlement and table modules of the ruleset (see docs/rules/xingguo.md). What
jing are and how a seat's count is made come from mjcalc (:class:`~mjcalc.plugin.Jing`,
:class:`~mjcalc.plugin.JingHeld`); Xingguo adds that the flipped tile stays out of play.
"""

from __future__ import annotations

from mjcalc.plugin import (
    NO_JING,
    SEATS,
    Context,
    Jing,
    JingHeld,
    MjcalcError,
    Seat,
    format_tile,
    nobody_holds,
    seat,
    zh_name,
)
from mjcalc.rules.xingguo.request import XingguoRequest

FLOWER_ERROR = "err.jing_flower"
"""The message of a flower given as the jing (Xingguo's own words)."""


def parse_jing(text: str) -> Jing:
    """The jing of the request's ``jing`` field (the flipped tile)."""
    return Jing.parse(text, FLOWER_ERROR)


MAIN_IN_PLAY = 3  # the flipped tile stays out
SECONDARY_IN_PLAY = 4


_NOBODY = dict.fromkeys(SEATS, NO_JING)
"""Every seat holding no jing (copied, never handed out)."""


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
