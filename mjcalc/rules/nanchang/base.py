"""Nanchang: the jing (正精 / 副精) and what each seat holds of them at the end of a hand.

What jing are and how a seat's count is made come from mjcalc (:class:`~mjcalc.plugin.Jing`,
:class:`~mjcalc.plugin.JingHeld`, shared with Xingguo). Nanchang's own: the indicator stays in
the wall, so all four copies of both kinds are live; the winner's jing are read from its hand
alone; and a kong of a jing kind counts in its maker's jing settlement.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from mjcalc.plugin import (
    NO_JING,
    SEATS,
    Jing,
    JingHeld,
    KongMade,
    MjcalcError,
    Seat,
    Tile,
    format_tile,
    seat,
    zh_name,
)
from mjcalc.rules.nanchang.request import COPIES

FLOWER_ERROR = "nc.err.jing_flower"


def parse_jing(text: str) -> Jing:
    """The jing of a ``jing`` field: the indicator's kind (正精) and the next one (副精)."""
    return Jing.parse(text, FLOWER_ERROR)


@dataclass(frozen=True, slots=True)
class Holdings:
    """What each seat holds at the end: its jing tiles and its kongs of a jing kind."""

    held: dict[Seat, JingHeld]
    jing_kongs: dict[Seat, int]

    @property
    def nobody(self) -> bool:
        """No seat holds a jing tile (德中德 asks, and most hands without jing)."""
        return not any(h.any for h in self.held.values())


def holdings(
    jing: Jing | None,
    jings: dict[Seat, tuple[int, int]],
    kongs: Iterable[KongMade],
    winner: Seat | None = None,
    winner_tiles: tuple[Tile, ...] = (),
) -> Holdings:
    """The jing each seat holds: the winner's counted from its tiles (``winner_tiles``, the
    winning tile and melds included), the others' as ``jings`` gives them, at least the four
    tiles of each kong of a jing kind a seat made; ``jing`` is ``None`` on a drawn hand whose
    line names no jing (then no kong is one of jing)."""
    if winner is not None and winner in jings:
        raise MjcalcError.from_key("invalid_request", "nc.err.jings_winner", seat=seat(winner))
    held = dict.fromkeys(SEATS, NO_JING)
    jing_kongs = dict.fromkeys(SEATS, 0)
    for holder, counts in jings.items():
        held[holder] = JingHeld(*counts)
    if jing is not None and winner is not None:
        held[winner] = JingHeld(winner_tiles.count(jing.main), winner_tiles.count(jing.secondary))
    for kong in kongs:
        if jing is None or kong.tile not in jing.kinds:
            continue
        jing_kongs[kong.seat] += 1
        four = JingHeld(COPIES, 0) if kong.tile == jing.main else JingHeld(0, COPIES)
        held[kong.seat] = held[kong.seat].at_least(four)
    if jing is not None:
        _check_totals(held, jing)
    return Holdings(held, jing_kongs)


def _check_totals(held: dict[Seat, JingHeld], jing: Jing) -> None:
    """No more copies of a jing kind across the seats than the four there are."""
    main = sum(h.main for h in held.values())
    secondary = sum(h.secondary for h in held.values())
    for n, kind in ((main, jing.main), (secondary, jing.secondary)):
        if n > COPIES:
            raise MjcalcError.from_key(
                "invalid_request",
                "nc.err.jings_total",
                n=n,
                zh=zh_name(kind),
                tile=format_tile(kind),
                max=COPIES,
            )
