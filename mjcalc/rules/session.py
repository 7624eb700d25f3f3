"""What a ruleset decides across hands: the only part of a session that differs between rulesets.

The session core (:mod:`mjcalc.app.session.sitting`) reads lines, keeps the totals, silver, fees and
rank points; a ruleset hands it one :class:`SessionRules` (the ``session`` field of its
:class:`~mjcalc.rules.base.Ruleset`) saying who deals next, what a drawn hand does, what it
carries from hand to hand, which lines it knows and which of its options are amounts of the
table rather than of a hand.

Plain types only (no scoring imports), so a ruleset module can build one without import cycles.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from pydantic import BaseModel

from mjcalc.models import Seat
from mjcalc.rules.carry import Carry, Counts

EventKind = Literal["hand", "multi_win", "draw", "false_win", "escape", "adjust"]
EVENT_KINDS: tuple[EventKind, ...] = ("hand", "multi_win", "draw", "false_win", "escape", "adjust")

OptionsT = TypeVar("OptionsT", bound=BaseModel)

__all__ = ["EVENT_KINDS", "Carry", "Counts", "EventKind", "RankInfo", "SessionRules"]


@dataclass(frozen=True, slots=True)
class RankInfo:
    """A rank level with its two names (Shanghai: 级别名称 and 段位名称)."""

    level: int
    zh: str
    dan: str


@dataclass(frozen=True, slots=True)
class SessionRules(Generic[OptionsT]):
    """A ruleset's rules across hands.

    ``dealer_after_win`` gets the dealer of the hand and the winners, the one nearest the
    discarder first (a single winner for a plain hand). ``carry``: what drawn hands and line
    marks carry to the next win (``None``: a drawn hand is simply void, and lines hold no
    marks). ``silver``: the ruleset keeps silver balances (header ``balances``).
    ``table_options``: options read once from the header (fees, escape and false win amounts); a
    hand line may not override them. ``fee``, ``false_win`` and ``escape`` turn the options into
    silver or points: the fee per seat per finished hand, what a false win pays each other seat,
    what an escaping seat pays in all (``None``: the ruleset has no such line). ``rank`` reads a
    rank level from rank points (``None``: the ruleset keeps no ranks).
    """

    events: frozenset[EventKind]
    dealer_after_win: Callable[[Seat, tuple[Seat, ...]], Seat]
    dealer_after_draw: Callable[[Seat], Seat]
    carry: Carry | None
    silver: bool
    table_options: frozenset[str]
    fee: Callable[[OptionsT], int]
    false_win: Callable[[OptionsT], int] | None
    escape: Callable[[OptionsT], int] | None
    rank: Callable[[int], RankInfo] | None
