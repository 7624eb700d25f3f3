"""Reading input lines, once for every line format: ``mjcalc batch`` and ``mjcalc session``.

A batch line and a session line are read the same way, so hostile input is refused the same way
(``invalid_request``, with the same message) whichever command reads it:

* :func:`bounded_lines` reads a stream line by line in bounded memory: a line longer than
  :data:`MAX_LINE` is cut there, its rest read and dropped in pieces;
* :func:`line_text` turns one line (bytes or text) into its text: at most :data:`MAX_LINE`
  bytes of UTF-8 without a lone surrogate, the byte-order mark a Windows editor may put first
  dropped; ``None`` for a blank line or a ``#`` comment;
* :func:`json_object` decodes a JSON line (one that starts with ``{``) into a dict, refusing a
  key given twice, a number of thousands of digits, a lone surrogate (``"\\ud800"``: it decodes,
  but it is not text, so nothing holding it could be written) and nesting deeper than the
  line's format has (:data:`REQUEST_DEPTH` for a request, :data:`SESSION_DEPTH` for a session
  line);
* :func:`check_object` applies the same structural checks to an object that comes already
  decoded (a session line given to :func:`mjcalc.app.session.replay` as a dict).

No Click, no Rich: the command line and the session replay both import this.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import IO, Any

from mjcalc.errors import MjcalcError

MAX_LINE = 1 << 14
"""A line longer than this (16 KiB of UTF-8) is refused unparsed. A request is a few hundred
bytes and a session's multiple win three of them; splitting an argument line takes time growing
faster than its length."""

REQUEST_DEPTH = 3
"""The deepest nesting of a request, counting the request itself: request → ``kongs`` → a kong,
request → ``jings`` → a seat's ``[正, 副]`` pair (option values are never containers)."""

SESSION_DEPTH = REQUEST_DEPTH + 2
"""The deepest nesting of a session line: a multiple win → ``winners`` → a request, whose own
nesting is :data:`REQUEST_DEPTH` (a header → ``session`` → ``players`` is only 3)."""

_DRAIN = 1 << 16
"""The piece size in which the rest of an over-long line is read and dropped."""


def bounded_lines(stream: IO[bytes]) -> Iterator[bytes]:
    """The lines of ``stream``, each read into at most ``MAX_LINE + 1`` bytes of memory.

    A longer line is cut there (and refused by :func:`line_text`); the rest of it is read and
    dropped in pieces, so a line of gigabytes, or a file without a newline, never fills memory.
    One item per line, so line numbers stay those of the input.
    """
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            drain_line(stream)
        yield line


def drain_line(stream: IO[bytes]) -> int:
    """Read and drop the rest of an over-long line (up to and including its newline), in
    pieces: how many bytes that was."""
    drained = 0
    while True:
        rest = stream.readline(_DRAIN)
        drained += len(rest)
        if not rest or rest.endswith(b"\n"):
            return drained


def line_text(raw: bytes | str) -> str | None:
    """One input line as text, stripped and without a leading byte-order mark; ``None`` when
    it is blank or a ``#`` comment (a line to skip, which gets no record).

    ``invalid_request`` when the line is longer than :data:`MAX_LINE` bytes of UTF-8, is not
    UTF-8 (bytes), or holds a lone surrogate (text handed in by a Python caller).
    """
    if isinstance(raw, str):
        try:
            size = len(raw.encode("utf-8")) - raw.endswith("\n")
        except UnicodeEncodeError as exc:
            raise _surrogate(raw[exc.start]) from None
    elif isinstance(raw, bytes):
        size = len(raw) - raw.endswith(b"\n")
    else:
        raise MjcalcError.from_key("invalid_request", "err.line.not_a_line")
    if size > MAX_LINE:
        raise MjcalcError.from_key("invalid_request", "err.line.too_long", limit=MAX_LINE)
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MjcalcError.from_key(
                "invalid_request", "err.line.not_utf8", offset=exc.start
            ) from None
    text = raw.strip().lstrip("\ufeff").strip()
    return text if text and not text.startswith("#") else None


def json_object(text: str, max_depth: int) -> dict[str, Any]:
    """A JSON line as a dict (the caller checked that ``text`` starts with ``{``).

    Whatever the line holds, the outcome is a dict or an ``invalid_request`` error: bad JSON, a
    key twice in one object, a number of thousands of digits (``ValueError`` from Python's
    limit), nesting deeper than ``max_depth`` (``RecursionError`` for the very deep), or a lone
    surrogate. The costly checks run only when they can fail: nesting only when the line has
    more brackets than ``max_depth``, surrogates only when it has a ``\\u`` escape.
    """
    value = _quick_object(text)
    if value is None:
        value = _checked_object(text, max_depth)
    if text.count("[") + text.count("{") > max_depth:
        _check_depth(value, max_depth)
    if "\\u" in text:
        _check_text(value)
    return value


def _quick_object(text: str) -> dict[str, Any] | None:
    """``text`` decoded without the duplicate-key hook, when that is sure to give what the hook
    would: ``None`` when the line fails to decode or may hold a key twice.

    Every key written in the line is followed by one ``:`` outside strings, so the line holds at
    least as many colons as key occurrences, and the decoded objects hold at most as many keys as
    occurrences (a key twice is kept once). When the decoded keys number the colons, every key
    occurrence is a distinct key of its object: no duplicate. A colon inside a string (rare in a
    request) or a duplicate leaves a doubt, and the hooked decoding settles it.
    """
    try:
        value, end = _scan(text, 0)
    except (StopIteration, ValueError, RecursionError):  # the hooked decoding gives the error
        return None
    if end != len(text) or not isinstance(value, dict):  # more after the value: likewise
        return None
    keys = len(value) if text.count("{") == 1 else _count_keys(value)
    return value if keys == text.count(":") else None


def _count_keys(value: Any) -> int:
    """The keys of every object in ``value``, nested ones included."""
    count = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            count += len(item)
            stack.extend(child for child in item.values() if isinstance(child, dict | list))
        elif isinstance(item, list):
            stack.extend(child for child in item if isinstance(child, dict | list))
    return count


_scan: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
"""The C scanner of :func:`json.loads`, called directly: one value from a position, and where it
ended. ``decode`` adds two regular-expression matches for surrounding whitespace, which a line
from :func:`line_text` has not (text with some, from another caller, goes the hooked way)."""


def _checked_object(text: str, max_depth: int) -> dict[str, Any]:
    """``text`` decoded with the duplicate-key hook: the dict, or the line's error."""
    try:
        value = json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise MjcalcError.from_key(
            "invalid_request", "err.line.bad_json", msg=exc.msg, pos=exc.pos + 1
        ) from None
    except RecursionError:
        raise _too_deep(max_depth) from None
    except ValueError as exc:
        if exc.args and isinstance(exc.args[0], MjcalcError):
            raise exc.args[0] from None
        raise MjcalcError.from_key("invalid_request", "err.line.number_too_long") from None
    if not isinstance(value, dict):  # only when the caller did not check the "{"
        raise MjcalcError.from_key("invalid_request", "err.line.not_a_line")
    return value


def check_object(value: dict[str, Any], max_depth: int) -> dict[str, Any]:
    """An already decoded line held to the rules of a decoded one: nesting, lone surrogates."""
    _check_depth(value, max_depth)
    _check_text(value)
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook``: an object as a dict, refusing a key given twice."""
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:  # raised through json as a ValueError, unwrapped by json_object
                error = MjcalcError.from_key("invalid_request", "err.line.duplicate_key", name=key)
                raise ValueError(error)
            seen.add(key)
    return found


def _check_depth(value: dict[str, Any], max_depth: int) -> None:
    """Refuse containers nested more than ``max_depth`` deep (``value`` itself is level 1)."""
    level: list[Any] = [value]
    for _depth in range(max_depth):
        level = [
            child
            for item in level
            for child in (item.values() if isinstance(item, dict) else item)
            if isinstance(child, dict | list)
        ]
        if not level:
            return
    raise _too_deep(max_depth)


def _check_text(value: Any) -> None:
    """Every string (keys too) is text: no lone surrogate from a ``\\ud800`` escape."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise _surrogate(item[exc.start]) from None


def _too_deep(max_depth: int) -> MjcalcError:
    return MjcalcError.from_key("invalid_request", "err.line.too_deep", limit=max_depth)


def _surrogate(char: str) -> MjcalcError:
    return MjcalcError.from_key("invalid_request", "err.line.surrogate", point=ord(char))


__all__ = [
    "MAX_LINE",
    "REQUEST_DEPTH",
    "SESSION_DEPTH",
    "bounded_lines",
    "check_object",
    "json_object",
    "line_text",
]
