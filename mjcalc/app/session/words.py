"""Event lines typed as words, and a multiple win in argument form: each turned into the JSON
object its JSON form is, so the two forms cannot give different records.

At the table nobody wants to type ``{"event": "escape", "seat": "W", "ends": false}``:

    draw [--dice-double]            流局 / 荒庄 / 黄庄   {"event": "draw"}
    escape SEAT [--ends]            逃跑                 {"event": "escape", "seat": …, "ends": …}
    false-win SEAT                  诈胡 / 错和          {"event": "false_win", "seat": …}
    adjust FROM TO AMOUNT [--reason TEXT]   调整          {"event": "adjust", "from": …, …}

A seat is ``E S W N`` (any case) or 东 南 西 北. A multiple win is a hand line holding
``--winners``: ``--discarder SEAT --winners SEAT,SEAT[,SEAT]`` once for the line, then one hand per
winner in the same order, separated by ``//``, each with its own ``score`` flags
(``HAND [flags] // HAND [flags]``); when the hands have no flags of their own the ``//`` may be left
out (``--winners E,W --discarder S HAND HAND``). The table's line marks (``--dice-double``) go
anywhere on the line.

A ruleset may add lines of its own (:class:`~mjcalc.rules.events.SessionEvent`): its words are
read here too, on its own tables only, one word per argument after the first (``penalty W 10``
→ ``{"event": "penalty", "seat": "W", "amount": 10}``). mjcalc's words come first; a ruleset
that declares one of them is refused when its table's header is read (:func:`own_word_clash`).

The words are only read here; what they mean is checked exactly as the JSON form is, by the same
models, so a word line and its JSON line fail with the same message too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from mjcalc.errors import MjcalcError
from mjcalc.rules.events import SessionEvent
from mjcalc.rules.flags import Flag, seat_letter

DRAW_WORDS = frozenset({"draw", "流局", "荒庄", "黄庄"})
ESCAPE_WORDS = frozenset({"escape", "逃跑"})
FALSE_WIN_WORDS = frozenset({"false-win", "false_win", "诈胡", "错和"})
ADJUST_WORDS = frozenset({"adjust", "调整"})
EVENT_WORDS = DRAW_WORDS | ESCAPE_WORDS | FALSE_WIN_WORDS | ADJUST_WORDS
"""The first words of an event line (compared in lower case)."""

SEPARATOR = "//"
"""Between the hands of a multiple win in argument form."""

USAGE = {
    "draw": "draw",
    "escape": "escape SEAT [--ends]",
    "false_win": "false-win SEAT",
    "adjust": "adjust FROM TO AMOUNT [--reason TEXT]",
    "multi_win": "--discarder SEAT --winners SEAT,SEAT HAND [flags] // HAND [flags]",
}


Own = Sequence[SessionEvent[Any]]
"""The lines of the table's ruleset's own (:class:`~mjcalc.rules.events.SessionEvent`)."""


def is_word_line(text: str, own: Own = ()) -> bool:
    """Whether an argument line is an event in words (mjcalc's, or one of the table's ruleset's
    ``own``) or a multiple win (cheap: most lines are hands, and a hand's first word is
    tiles)."""
    first = text.split(None, 1)[0].lower() if text.strip() else ""
    return first in EVENT_WORDS or _own_event(first, own) is not None or "--winners" in text


def _own_event(first: str, own: Own) -> SessionEvent[Any] | None:
    """The ruleset's event whose word line starts with ``first``, if any."""
    return next((event for event in own if first in event.words), None)


def own_word_clash(own: Own) -> str | None:
    """A word of the ruleset's events that is one of mjcalc's own (which would never reach
    it), or ``None``."""
    return next((w for event in own for w in event.words if w in EVENT_WORDS), None)


def _split(text: str) -> list[str]:
    import shlex  # only here: a hand line never needs it

    try:
        return shlex.split(text)
    except ValueError as exc:
        raise MjcalcError.from_key("invalid_request", "err.line.cannot_split", reason=exc) from None


def _usage(kind: str, problem: str, typed: str = "") -> MjcalcError:
    return _usage_is(USAGE[kind], problem, typed)


def _usage_is(usage: str, problem: str, typed: str = "") -> MjcalcError:
    """A word line that cannot be read, its usage shown with the word the line starts with
    (``逃跑 SEAT [--ends]`` to whoever typed 逃跑)."""
    return MjcalcError.from_key(
        "invalid_request", "err.session.word_usage", usage=_as_typed(usage, typed), got=problem
    )


def _missing(usage: str, typed: list[str]) -> MjcalcError:
    """A word line that stops short: what it still needs, named by the usage's own words
    (``escape needs SEAT``, ``adjust N S needs AMOUNT``), in the words it was typed in."""
    wanted = re.sub(r"\[[^\]]*\]", "", usage).split()[1:]  # what may be left out is not wanted
    missing = " ".join(wanted[len(typed) - 1 :])
    return MjcalcError.from_key(
        "invalid_request",
        "err.session.word_missing",
        line=" ".join(typed),
        missing=missing,
        usage=_as_typed(usage, typed[0]),
    )


def _as_typed(usage: str, typed: str) -> str:
    """``usage`` starting with the word typed (``诈胡 SEAT`` for ``false-win SEAT``)."""
    first, space, rest = usage.partition(" ")
    if not typed or first.startswith("-"):
        return usage
    return f"{typed}{space}{rest}"


def _seat(word: str, kind: str, typed: str = "") -> str:
    seat = seat_letter(word)
    if seat is None:
        raise _usage(kind, repr(word), typed)
    return seat


def _marks(words: list[str], marks: tuple[Flag, ...]) -> tuple[list[str], dict[str, bool]]:
    """The line marks taken out of ``words``: the rest, and ``{field: True}`` for each mark."""
    by_word = {mark.option: mark for mark in marks}
    found = {by_word[word].field: True for word in words if word in by_word}
    return [word for word in words if word not in by_word], found


def word_line(text: str, marks: tuple[Flag, ...], own: Own = ()) -> dict[str, Any]:
    """The JSON object of an event or multiple-win line written in words (:func:`is_word_line`).

    ``marks`` are the switches the table reads on a line (any installed ruleset's: a mark of
    another ruleset is refused by the JSON line's own check); each hand of a multiple win is read
    as ``mjcalc score`` arguments (:func:`mjcalc.app.arglines.session_request`). ``own``: the
    table's ruleset's own lines, read by their declared words.
    """
    words, found = _marks(_split(text), marks)
    first = words[0].lower() if words else ""
    typed = words[0] if words else ""
    rest = words[1:]
    if first in DRAW_WORDS:
        if rest:
            raise _usage("draw", repr(rest[0]), typed)
        return {"event": "draw", **found}
    event = None if first in EVENT_WORDS else _own_event(first, own)
    if event is not None:
        if found:  # marks belong to hands and drawn hands only
            raise _usage_is(event.usage, repr(next(iter(found))), typed)
        return _own_line(event, rest, typed)
    if first not in EVENT_WORDS:
        return _multi_win(words, found)
    if found:  # marks belong to hands and drawn hands only
        raise _usage(_kind(first), repr(next(iter(found))), typed)
    if first in ESCAPE_WORDS:
        ends = "--ends" in rest
        rest = [word for word in rest if word != "--ends"]
        if not rest:
            raise _missing(USAGE["escape"], [typed])
        if len(rest) != 1:
            raise _usage("escape", _got(rest), typed)
        return {"event": "escape", "seat": _seat(rest[0], "escape", typed), "ends": ends}
    if first in FALSE_WIN_WORDS:
        if not rest:
            raise _missing(USAGE["false_win"], [typed])
        if len(rest) != 1:
            raise _usage("false_win", _got(rest), typed)
        return {"event": "false_win", "seat": _seat(rest[0], "false_win", typed)}
    return _adjust(rest, typed)


def _kind(first: str) -> str:
    if first in ESCAPE_WORDS:
        return "escape"
    return "false_win" if first in FALSE_WIN_WORDS else "adjust"


def _got(rest: list[str]) -> str:
    return " ".join(rest) if rest else "-"


def _own_line(event: SessionEvent[Any], rest: list[str], typed: str) -> dict[str, Any]:
    """A ruleset's own line in words: its words after the first, one per argument, in order
    (what they may be is checked by the line's model, as for its JSON form)."""
    if len(rest) < len(event.args):
        raise _missing(event.usage, [typed, *rest])
    if len(rest) != len(event.args):
        raise _usage_is(event.usage, _got(rest), typed)
    line: dict[str, Any] = {"event": event.name}
    for arg, word in zip(event.args, rest, strict=True):
        if arg.kind == "seat":
            seat = seat_letter(word)
            if seat is None:
                raise _usage_is(event.usage, repr(word), typed)
            line[arg.field] = seat
        elif word.isascii() and word.isdigit() and len(word) <= 7:
            line[arg.field] = int(word)
        else:
            raise _usage_is(event.usage, repr(word), typed)
    return line


def _adjust(rest: list[str], typed: str) -> dict[str, Any]:
    rest, reason = _take_value(rest, "--reason", "adjust")
    if len(rest) < 3:
        raise _missing(USAGE["adjust"], [typed, *rest])
    if len(rest) != 3:
        raise _usage("adjust", _got(rest), typed)
    source, target, amount = rest
    if not amount.isascii() or not amount.isdigit() or len(amount) > 7:
        raise _usage("adjust", repr(amount), typed)
    line: dict[str, Any] = {
        "event": "adjust",
        "from": _seat(source, "adjust", typed),
        "to": _seat(target, "adjust", typed),
        "amount": int(amount),
    }
    if reason is not None:
        line["reason"] = reason
    return line


def _take_value(
    words: list[str], flag: str, kind: str = "multi_win"
) -> tuple[list[str], str | None]:
    """``flag VALUE`` (or ``flag=VALUE``) taken out of ``words``, once at most."""
    values: list[str] = []
    left: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word == flag:
            if i + 1 >= len(words):
                raise _usage(kind, flag)
            values.append(words[i + 1])
            i += 2
            continue
        if word.startswith(flag + "="):
            values.append(word[len(flag) + 1 :])
        else:
            left.append(word)
        i += 1
    if len(values) > 1:
        raise _usage(kind, f"{flag} ×{len(values)}")
    return left, values[0] if values else None


def _multi_win(words: list[str], found: dict[str, bool]) -> dict[str, Any]:
    from mjcalc.app.arglines import session_request

    words, winners_text = _take_value(words, "--winners")
    words, discarder = _take_value(words, "--discarder")
    if winners_text is None or discarder is None:
        raise _usage("multi_win", "--winners" if winners_text is None else "--discarder")
    winners = [_seat(word.strip(), "multi_win") for word in winners_text.split(",")]
    if SEPARATOR in words:
        groups: list[list[str]] = [[]]
        for word in words:
            if word == SEPARATOR:
                groups.append([])
            else:
                groups[-1].append(word)
    elif all(not word.startswith("-") for word in words):
        groups = [[word] for word in words]
    else:
        raise _usage("multi_win", SEPARATOR)
    if len(groups) != len(winners) or not all(groups):
        raise _usage("multi_win", f"{len(winners)} --winners, {len(groups)} hands")
    hands: list[dict[str, Any]] = []
    for index, (winner, group) in enumerate(zip(winners, groups, strict=True), 1):
        request = session_request(_join(group), ())
        for field in ("winner", "discarder"):
            if field in request:
                raise MjcalcError.from_key(
                    "invalid_request", "err.session.word_winner_field", index=index, field=field
                )
        hands.append({**request, "winner": winner})
    return {"discarder": _seat(discarder, "multi_win"), "winners": hands, **found}


def _join(words: list[str]) -> str:
    """Words back into a line ``parse_hand`` splits the same way again."""
    import shlex

    return " ".join(shlex.quote(word) for word in words)
