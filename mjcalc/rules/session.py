"""What a ruleset decides across hands: the only part of a session that differs between rulesets.

The session core (:mod:`mjcalc.app.session.sitting`) reads lines, keeps the totals, silver, fees and
rank points; a ruleset hands it one :class:`SessionRules` (the ``session`` field of its
:class:`~mjcalc.rules.base.Ruleset`) saying who deals next, what a drawn hand does, what it
carries from hand to hand, which lines it knows (mjcalc's own, and any of its own:
:mod:`mjcalc.rules.events`) and which of its options are amounts of the table rather than of a
hand.

Every field has the plainest table's value as its default (the dealer keeps the deal after its
own win or a drawn hand, a drawn hand is void, no silver, fee, false win, escape or rank), so a
ruleset states only what differs and a new hook never obliges every ruleset to name it.

Plain types only (no scoring imports), so a ruleset module can build one without import cycles.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

from mjcalc.models import EVENT_KINDS, EventKind, Seat
from mjcalc.rules.carry import Carry, Counts
from mjcalc.rules.events import EventArg, SessionEvent
from mjcalc.rules.ledger import next_seat

OptionsT = TypeVar("OptionsT", bound=BaseModel)

__all__ = [
    "EVENT_KINDS",  # the contract's (mjcalc.models): what SessionRules.events holds
    "Carry",
    "Counts",
    "DrawnHand",
    "EventArg",
    "EventKind",  # the contract's too
    "RankLevel",
    "SessionEvent",
    "SessionRules",
]


class RankLevel(Protocol):
    """What a ruleset's ``rank`` hook returns for some rank points: a level and its two names,
    as the session's summary writes them (``level``, ``zh``, ``dan``). The core only reads
    them; each ruleset with ranks has its own type (Shanghai's ``RankInfo``)."""

    @property
    def level(self) -> int: ...

    @property
    def zh(self) -> str: ...

    @property
    def dan(self) -> str: ...


def keep_deal_on_win(dealer: Seat, winners: tuple[Seat, ...]) -> Seat:
    """The default deal after a win: the dealer keeps it when it won (连庄), else the next seat
    deals."""
    return dealer if dealer in winners else next_seat(dealer)


def keep_deal(dealer: Seat) -> Seat:
    """The default deal after a drawn hand: the dealer stays."""
    return dealer


def no_fee(_options: BaseModel) -> int:
    """The default fee: none."""
    return 0


@dataclass(frozen=True, slots=True)
class DrawnHand(Generic[OptionsT]):
    """What a drawn hand still settles at a ruleset's table (Nanchang: the jing each seat
    holds, the kongs made, …), where the plainest table voids it.

    ``fields``: the model of the fields a drawn hand's line may hold beside its ``event`` (and
    the table's marks), each with a default, so a bare ``draw`` settles what they default to;
    ``settle(line, options, dealer)``: what the line moves (``line`` read with ``fields``, the
    hand's dealer), seat → amount: it must sum to zero, and may refuse the line with
    :class:`~mjcalc.errors.MjcalcError`; ``shown``: the session view's
    words for such a drawn hand, English and Chinese.
    """

    fields: type[BaseModel]
    settle: Callable[[Any, OptionsT, Seat], Mapping[Seat, int]]
    shown: tuple[str, str]


@dataclass(frozen=True, slots=True)
class SessionRules(Generic[OptionsT]):
    """A ruleset's rules across hands (each field defaults to the plainest table's).

    ``events``: the lines it knows besides those every table has (default: hands and drawn
    hands). ``dealer_after_win`` gets the dealer of the hand and the winners, the one nearest
    the discarder first (a single winner for a plain hand). ``carry``: what drawn hands and line
    marks carry to the next win (``None``: a drawn hand is simply void, and lines hold no
    marks). ``silver``: the ruleset keeps silver balances (header ``balances``).
    ``table_options``: options read once from the header (fees, escape and false win amounts); a
    hand line may not override them. ``fee``, ``false_win`` and ``escape`` turn the options into
    silver or points: the fee per seat per finished hand, what a false win pays each other seat,
    what an escaping seat pays in all (``None``: the ruleset has no such line). ``rank`` reads a
    rank level from rank points (``None``: the ruleset keeps no ranks). ``own_events``: lines of
    the ruleset's own, with their words and how they settle (:class:`SessionEvent`; none by
    default), each name and word once. ``drawn``: what a drawn hand still settles
    (:class:`DrawnHand`; ``None``: nothing, unless its ``carry`` leaves something pending).
    ``hand_fields``: request fields the session supplies to the hand of a number (from 1, every
    hand and drawn hand counting; Guobiao's prevalent wind), which a line may then not set
    (``None``: none). ``hand_limit``: the hands of a match under the table's options; a hand or
    drawn hand after them is refused (``None``: no limit). ``table_points``: the points of the
    four places in the standings, a tie sharing its places' points equally (``None``: none kept).
    ``false_win_name``: the view's word for a false win (诈胡; Guobiao 错和).
    """

    events: frozenset[EventKind] = frozenset({"hand", "draw"})
    dealer_after_win: Callable[[Seat, tuple[Seat, ...]], Seat] = keep_deal_on_win
    dealer_after_draw: Callable[[Seat], Seat] = keep_deal
    carry: Carry | None = None
    silver: bool = False
    table_options: frozenset[str] = field(default_factory=frozenset)
    fee: Callable[[OptionsT], int] = no_fee
    false_win: Callable[[OptionsT], int] | None = None
    escape: Callable[[OptionsT], int] | None = None
    rank: Callable[[int], RankLevel] | None = None
    own_events: tuple[SessionEvent[OptionsT], ...] = ()
    drawn: DrawnHand[OptionsT] | None = None
    hand_fields: Callable[[int], Mapping[str, Any]] | None = None
    hand_limit: Callable[[OptionsT], int] | None = None
    table_points: tuple[int, int, int, int] | None = None
    false_win_name: str = "诈胡"
    """What the table calls a false win, as the session's view names it (Guobiao: 错和)."""

    def __post_init__(self) -> None:
        names = [event.name for event in self.own_events]
        words = [word for event in self.own_events for word in event.words]
        if len(set(names)) != len(names) or len(set(words)) != len(words):
            raise ValueError("own_events: each event's name and each of its words once")
