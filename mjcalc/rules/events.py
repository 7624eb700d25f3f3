"""A ruleset's own session lines: the words a table types for something only that ruleset has.

mjcalc's sessions know hands, multiple wins, drawn hands, false wins, escapes and adjustments. A
ruleset with another thing to settle at the table (a penalty, a bonus for a lucky hand…)
declares it as a :class:`SessionEvent` in its :class:`~mjcalc.rules.session.SessionRules`
(``own_events``): its name (the ``event`` of its JSON line), the first words of its word line in
each language, the words after them (:class:`EventArg`: a seat or an amount each), how the line
is settled and how the session's view tells it. mjcalc then reads it in both forms, checks it,
settles it (its payments must sum to zero), records it in the session's JSON and shows it, as it
does its own lines::

    PENALTY = SessionEvent(
        name="penalty",
        words=("penalty", "罚分"),
        args=(EventArg("seat"), EventArg("amount", "amount", high=100)),
        settle=lambda line, options: {s: line["amount"] for s in others(line["seat"])}
        | {line["seat"]: -3 * line["amount"]},
        shown=("{seat} penalty: pays {amount} to each", "{seat} 罚分：付每家 {amount}"),
    )

``penalty W 5`` and ``{"event": "penalty", "seat": "W", "amount": 5}`` are then the same line.
A declaration that cannot work (a name or word mjcalc's own lines use, a field twice, a view text
naming no field of the line) is refused when it is made, so the plug-in is broken at once rather
than a sitting misread.

Plain types only, like :mod:`mjcalc.rules.session`.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel

from mjcalc.models import Seat

OptionsT = TypeVar("OptionsT", bound=BaseModel)

ArgKind = Literal["seat", "amount"]
"""What a word of an event line is: ``seat``, one seat (``E S W N`` in any case, 东 南 西 北);
``amount``, a whole number from the argument's ``low`` to its ``high``."""

RESERVED_NAMES = frozenset(
    {"hand", "multi_win", "draw", "false_win", "escape", "adjust"}  # mjcalc's own lines
    | {"line", "ok", "event", "dealer", "results", "payments", "fees", "totals", "balances"}
    | {"short", "error", "summary", "session", "winners", "discarder"}  # a record's, a line's
)
"""Names an event may not take: mjcalc's own lines, and the keys of a record or a line, where
the event's fields are written under its name."""

_NAME = re.compile(r"^[a-z][a-z0-9_]{0,31}$")

LineValues = Mapping[str, Any]
"""An event line's fields, checked: each argument's field with its seat (a letter) or amount."""


@dataclass(frozen=True, slots=True)
class EventArg:
    """One word after an event line's first word, and the field of the JSON line it fills."""

    field: str
    kind: ArgKind = "seat"
    low: int = 1
    high: int = 1000
    metavar: str | None = None
    """How the line's usage writes it (default ``SEAT`` for a seat, ``N`` for an amount)."""

    @property
    def usage(self) -> str:
        return self.metavar or ("SEAT" if self.kind == "seat" else "N")


@dataclass(frozen=True, slots=True)
class SessionEvent(Generic[OptionsT]):
    """A line of a ruleset's own (see the module's text).

    ``name``: its JSON ``event``, and the key its fields are recorded under. ``words``: the
    first words of its word line, in any language (compared in lower case). ``args``: the words
    after them, in order, each the field of its JSON line. ``settle(values, options)``: what the
    line moves, seat → amount (seats left out move nothing): it must sum to zero, and may refuse
    the line with :class:`~mjcalc.errors.MjcalcError`. ``shown``: the session view's words for
    it, English and Chinese, each ``{field}`` filled (a seat by its player's name).

    The line keeps the deal where it is, charges no fee and leaves what the ruleset carries to
    the next win as it was.
    """

    name: str
    words: tuple[str, ...]
    args: tuple[EventArg, ...]
    settle: Callable[[LineValues, OptionsT], Mapping[Seat, int]]
    shown: tuple[str, str]

    def __post_init__(self) -> None:
        problem = _problem(self)
        if problem:
            raise ValueError(f"session event {self.name!r}: {problem}")

    @property
    def usage(self) -> str:
        """The word line, as an error about it shows it: ``penalty SEAT N``."""
        return " ".join((self.words[0], *(arg.usage for arg in self.args)))


def _problem(event: SessionEvent[Any]) -> str | None:
    """What makes a declaration unusable, or ``None``."""
    if not (isinstance(event.name, str) and _NAME.match(event.name)):
        return "a name is lower-case letters, digits and _ (at most 32)"
    if event.name in RESERVED_NAMES:
        return "the name is one of mjcalc's own"
    if not event.words or not all(_is_word(word) for word in event.words):
        return "give one word at least, each without blanks, not starting with - or {"
    fields = [arg.field for arg in event.args]
    if len(set(fields)) != len(fields) or not all(_NAME.match(f) for f in fields):
        return "each argument's field is a name of its own (lower case), once"
    if "event" in fields or any(arg.kind not in ("seat", "amount") for arg in event.args):
        return "an argument is a seat or an amount, in a field other than 'event'"
    if any(arg.low > arg.high for arg in event.args):
        return "an amount's low is above its high"
    if not callable(event.settle):
        return "settle is a function"
    if not (isinstance(event.shown, tuple) and len(event.shown) == 2):
        return "shown is its view text in English and Chinese"
    for template in event.shown:
        named = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        if not named <= set(fields):
            return f"shown names {sorted(named - set(fields))}, not fields of the line"
    return None


def _is_word(word: object) -> bool:
    return (
        isinstance(word, str)
        and bool(word)
        and word == word.lower()
        and not any(c.isspace() for c in word)
        and word[0] not in "-{"
    )


__all__ = ["ArgKind", "EventArg", "LineValues", "SessionEvent"]
