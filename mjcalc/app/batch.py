"""Scoring a batch: many input lines in, one result per hand line out, in input order.

A line is a JSON request (it starts with ``{``) or the arguments of ``mjcalc score``, read by
:mod:`mjcalc.app.arglines` (``score``'s flags as data, no Click). This module has no Click and no
Rich, and never prints: it gives results (:func:`score_lines`), their JSON text
(:func:`json_lines`, what ``mjcalc batch --json`` writes) or the same records as dicts
(:func:`records`, what :func:`mjcalc.batch` gives a Python caller), and the caller writes them.
One pipeline serves all three, so a record is by construction the decoded JSON line the command
writes.

A line that cannot be read or parsed is a result with ``ok = False`` like any other, so there is
exactly one result per hand line and ``line`` numbers match the input. With ``jobs`` > 1 the
lines are scored in that many worker processes (:mod:`mjcalc.app.jobs`): the work given to them
is a module-level function with the batch's settings bound, so it pickles.
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mjcalc.models import Result

Line = bytes | str
"""One input line: bytes as read from a file, or text handed in by a Python caller."""


def line_request(text: str, default_rules: str | None) -> dict[str, Any]:
    """One batch line (a JSON request or ``score`` arguments) as a request object.

    ``text`` is the line as :func:`mjcalc.app.lines.line_text` gives it. A line that names no
    ruleset gets ``default_rules``, when there is one.
    """
    tools = _TOOLS[0] if _TOOLS else _line_tools()
    if text.startswith("{"):
        request = tools.json_request(text)
    else:
        request = tools.arguments_request(text, default_rules)
    if default_rules and "rules" not in request:
        request["rules"] = default_rules
    return request


def score_lines(
    lines: Iterable[Line],
    default_rules: str | None,
    jobs: int,
    start: int = 1,
) -> Iterator[Result]:
    """Score each hand line in order, lazily: one result per line that is not blank or ``#``.
    The first line is numbered ``start`` (a piece of a larger file starts further on)."""
    if jobs > 1:
        yield from _in_workers(_score_chunk, enumerate(lines, start), default_rules, jobs)
        return
    for number, raw in enumerate(lines, start):
        result = _score_line(number, raw, default_rules)
        if result is not None:
            yield result


def json_lines(
    lines: Iterable[Line], default_rules: str | None, jobs: int
) -> Iterator[tuple[str | bytes, int, int]]:
    """``(JSON text, results, failures)`` in input order: one line a result, or with ``jobs``
    > 1 one block a chunk of lines, written by the workers (a chunk's results are ready
    together) and given as its UTF-8 bytes (:func:`_json_chunk`)."""
    if jobs > 1:
        return _in_workers(_json_chunk, enumerate(lines, 1), default_rules, jobs, packed=True)
    results = score_lines(lines, default_rules, 1)
    return ((r.to_json() + "\n", 1, not r.ok) for r in results)


def records(
    lines: Iterable[Line],
    default_rules: str | None,
    jobs: int,
    start: int = 1,
) -> Iterator[dict[str, Any]]:
    """Each hand line's record (:func:`record`) in input order, lazily, the first line numbered
    ``start``; with ``jobs`` > 1 the workers build the records, a chunk at a time."""
    if jobs > 1:
        yield from _in_workers(_record_chunk, enumerate(lines, start), default_rules, jobs)
        return
    for result in score_lines(lines, default_rules, 1, start):
        yield record(result)


def record(result: Result) -> dict[str, Any]:
    """A result as the JSON object ``mjcalc batch --json`` writes for it: its JSON text decoded,
    so the two can never drift apart (which fields are left out when unset, the nulls kept)."""
    decoded: dict[str, Any] = json.loads(result.to_json())
    return decoded


class _LineTools:
    """What scoring a line needs from the core, imported on the first line (not at start-up, for
    the commands that score nothing) and then kept: importing them again at every line, even
    from ``sys.modules``, cost more than the look-ups."""

    def __init__(self) -> None:
        from mjcalc.app.arglines import arguments_request, in_flag_words
        from mjcalc.app.lines import REQUEST_DEPTH, json_object, line_text
        from mjcalc.app.results import error_result
        from mjcalc.app.score import score
        from mjcalc.errors import MjcalcError

        self.arguments_request = arguments_request
        self.in_flag_words = in_flag_words
        self.error_result = error_result
        self.score = score
        self.error = MjcalcError
        self.line_text = line_text
        self.json_request = functools.partial(json_object, max_depth=REQUEST_DEPTH)


_TOOLS: list[_LineTools] = []


def _line_tools() -> _LineTools:
    if not _TOOLS:
        _TOOLS.append(_LineTools())
    return _TOOLS[0]


def _score_line(number: int, raw: Line, default_rules: str | None) -> Result | None:
    """The result of one input line (``None`` for a blank or ``#`` line), numbered."""
    tools = _line_tools()
    try:
        text = tools.line_text(raw)
        if text is None:
            return None
        request = line_request(text, default_rules)
        result = tools.score(request)
        if not result.ok and not text.startswith("{"):  # an argument line: its flags' words
            result = tools.in_flag_words(result, request)
    except tools.error as exc:
        result = tools.error_result(exc)
    result.line = number
    return result


def _score_chunk(chunk: list[tuple[int, Line]], default_rules: str | None) -> list[Result]:
    """A worker's task: the results of a chunk of numbered lines."""
    scored = (_score_line(number, raw, default_rules) for number, raw in chunk)
    return [result for result in scored if result is not None]


def _record_chunk(chunk: list[tuple[int, Line]], default_rules: str | None) -> list[dict[str, Any]]:
    """A worker's task for :func:`records`: the chunk's records."""
    return [record(r) for r in _score_chunk(chunk, default_rules)]


def _json_chunk(
    chunk: list[tuple[int, Line]], default_rules: str | None
) -> tuple[str | bytes, int, int]:
    """A worker's task for JSON output: the chunk's results as one block of JSON lines, how
    many there are and how many of them failed. One block crosses back to the parent per
    chunk, not a pair per line: the parent shares the cores with the workers, and what it does
    per line slows them down. The block is its UTF-8 bytes, what a UTF-8 output writes: the
    parent hands them on without decoding a text (a megabyte or more a second) to encode it
    again. A text UTF-8 cannot encode (a lone surrogate) stays text, for the output to treat
    as it treats any text."""
    results = _score_chunk(chunk, default_rules)
    block = "".join([r.to_json() + "\n" for r in results])
    data: str | bytes = block
    with contextlib.suppress(UnicodeEncodeError):
        data = block.encode("utf-8")
    return data, len(results), sum(not r.ok for r in results)


def _in_workers(
    chunk_work: Callable[..., Any],
    numbered: Iterable[tuple[int, Line]],
    default_rules: str | None,
    jobs: int,
    *,
    packed: bool = False,
) -> Iterator[Any]:
    """``chunk_work`` over chunks of the numbered lines in ``jobs`` worker processes, in input
    order, the batch's ruleset loaded first (:func:`_preload`): each item of each chunk's
    answer, or with ``packed`` each chunk's answer whole."""
    from mjcalc.app.jobs import ordered_chunks, ordered_map

    _preload(default_rules)
    work = functools.partial(chunk_work, default_rules=default_rules)
    if packed:
        return ordered_chunks(work, numbered, jobs)
    return ordered_map(work, numbered, jobs)


def _preload(default_rules: str | None) -> None:
    """Before the workers fork: import the core and load the batch's ruleset once, in the
    parent, instead of in every worker (each would spend the same CPU on the same imports and
    validators, on cores the others are scoring on). A ruleset that fails to load is left for
    each line to report, as without workers."""
    tools = _line_tools()
    if default_rules:
        from mjcalc.rules.registry import load_rules

        with contextlib.suppress(tools.error):
            load_rules(default_rules)
