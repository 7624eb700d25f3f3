"""A ruleset's command-line flags, declared as data: the command line turns each into an option.

A ruleset lists its own request fields as :class:`Flag` values (``flags.py`` of its package), so
adding a ruleset never touches the command line: ``score``, ``waits`` and the argument lines of
``batch`` and ``session`` offer every flag of every installed ruleset, and a flag that does not
belong to the chosen ruleset is refused by that ruleset's request model like any unknown field.

No Click here (and nothing heavy): the flags are read at start-up, before any scoring module is
imported. :func:`field_value` turns the words a flag was given into its request field's value;
a malformed word raises :class:`FlagError`, which the command line reports as a usage error.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Literal, NamedTuple

from mjcalc.i18n import Bilingual, bilingual
from mjcalc.seats import SEAT_ALIASES, SEAT_LETTERS

FlagKind = Literal["text", "switch", "count", "seat", "seat_values", "seats"]
"""How a flag is written and what its field receives:

- ``text``: ``--jing 5s`` → the text;
- ``switch``: ``--heavenly`` → ``true`` when given;
- ``count``: ``--flowers 3`` → a whole number from ``low`` to ``high``;
- ``seat``: ``--round-wind S`` → one seat's letter (``E S W N`` in any case, or 东 南 西 北);
- ``seat_values``: ``--jings S=1,2`` (repeatable) → ``{"S": value}``, each value read by
  ``value`` (a seat given twice is an error, never the last one winning);
- ``seats``: ``--liable S`` (repeatable) → ``["S", ...]``.
"""

SeatValue = Literal["word", "pair"]
"""How a ``seat_values`` flag reads the part after ``=``: ``word``, the text in lower case
(``S=big``); ``pair``, two whole numbers ``A,B`` (``S=1,2`` → ``[1, 2]``)."""

Texts = tuple[str, str]
"""A text in English and in Chinese."""


class Flag(NamedTuple):
    """One flag of a ruleset: its option name, the request field it fills, how it is written,
    and its help in both languages (English first; the help names the ruleset, as
    ``xingguo: the flipped tile``, since every command lists every ruleset's flags).

    A named tuple, not a dataclass: every installed ruleset's flags are made while the command
    line starts, and a named tuple's class costs a fraction of a dataclass's generated code.
    """

    option: str
    field: str
    kind: FlagKind
    help: Texts
    metavar: str | None = None
    low: int = 0
    high: int = 64
    value: SeatValue = "word"
    value_error: Texts | None = None
    """For ``pair`` values: the message of a malformed value, with ``{text}`` for what was
    given (else a generic one)."""
    subject: Texts | None = None
    """For a line mark (:func:`mark`): what it marks, in English and Chinese."""

    @property
    def multiple(self) -> bool:
        """Whether the flag may be given more than once (each adds an entry)."""
        return self.kind in ("seat_values", "seats")


def mark(option: str, field: str, help: Texts, subject: Texts) -> Flag:
    """A line mark: a switch written on a session line rather than a request field, a ruleset's
    way of saying something about one hand that it carries to later hands (Shanghai:
    ``--dice-double`` in an argument line, ``"dice_double": true`` in JSON, one more pending 开宝).

    The session reads a mark off the line before the hand is scored and gives it to the
    ruleset's carry (:class:`mjcalc.rules.carry.Carry`), so the request model never sees it.
    ``subject`` names what the mark is about, in English and Chinese (``开宝``): a table whose
    ruleset has no such mark refuses it naming that (``'xingguo' counts no 开宝``) rather than
    calling it an unknown field.
    """
    return Flag(option, field, "switch", help, subject=subject)


class FlagError(ValueError):
    """A malformed flag value: ``message`` in English and Chinese."""

    def __init__(self, message: Bilingual) -> None:
        super().__init__(message.en)
        self.message = message


def seat_letter(text: str) -> str | None:
    """``E S W N`` in any case, or the Chinese seat names, as the letter; ``None`` otherwise."""
    seat = SEAT_ALIASES.get(text, text.upper())
    return seat if seat in SEAT_LETTERS else None


def split_assignment(text: str) -> tuple[str, str]:
    """``NAME=VALUE`` as its two stripped halves (a :class:`FlagError` without ``=`` or a name)."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise FlagError(bilingual("cli.name_value", got=repr(text)))
    return name.strip(), value.strip()


def seat_key(text: str) -> str:
    """The seat named on the left of ``SEAT=…`` (a :class:`FlagError` for any other text)."""
    seat = seat_letter(text)
    if seat is None:
        raise FlagError(bilingual("cli.unknown_seat", seat=repr(text)))
    return seat


_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


def whole_number(text: str) -> int:
    """A whole number as JSON writes one: ASCII digits with an optional sign (spaces around it
    allowed); ``ValueError`` for anything else :func:`int` would take — ``1_0``, Arabic-indic or
    full-width digits — or more than 4,300 digits."""
    text = text.strip(" \t")
    if _WHOLE_NUMBER.fullmatch(text) is None:
        raise ValueError(f"not a whole number: {text!r}")
    return int(text)


def _pair(flag: Flag, text: str, value: str) -> list[int]:
    first, comma, second = value.partition(",")
    try:
        if not comma:
            raise ValueError
        return [whole_number(first), whole_number(second)]
    except ValueError:
        if flag.value_error is None:
            raise FlagError(bilingual("usage.pair", text=repr(text))) from None
        en, zh = flag.value_error
        raise FlagError(Bilingual(en.format(text=repr(text)), zh.format(text=repr(text)))) from None


def field_value(flag: Flag, given: Any) -> Any:
    """The request field's value for what the flag was given on the command line.

    ``given`` is what the option parser kept: the text (``text``), ``True`` (``switch``), the
    number (``count``), or the words of each use (``seat_values``, ``seats``; seats already
    read as letters by the command line's seat type).
    """
    if flag.kind == "seat_values":
        found: dict[str, Any] = {}
        for text in given:
            name, value = split_assignment(text)
            read = _pair(flag, text, value) if flag.value == "pair" else value.lower()
            seat = seat_key(name)
            if seat in found:
                raise FlagError(bilingual("usage.seat_twice", seat=seat))
            found[seat] = read
        return found
    if flag.kind == "seats":
        return list(given)
    return given


def request_fields(flags: Sequence[Flag], params: dict[str, Any]) -> dict[str, Any]:
    """The request fields of the flags that were given (a flag left out adds nothing), from the
    parsed parameters keyed by each flag's :attr:`Flag.field`."""
    fields: dict[str, Any] = {}
    for flag in flags:
        given = params.get(flag.field)
        if given is None or given is False or given == () or given == []:
            continue
        value = field_value(flag, given)
        if value or flag.kind == "count":
            fields[flag.field] = value
    return fields
