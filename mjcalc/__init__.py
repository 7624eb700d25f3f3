"""mjcalc: scoring for Chinese regional mahjong (Xingguo 冲关, Shanghai 清混碰).

``import mjcalc`` is light: it imports neither Click nor Rich, and loads the scoring machinery
only when :func:`score` or :func:`batch` is first called.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from mjcalc.hand import Hand
    from mjcalc.models import Request, Result

__all__ = ["__version__", "batch", "format_hand", "parse_hand", "score"]


def score(request: Request | dict[str, Any]) -> Result:
    """Score one hand. Errors come back as a result with ``ok = False``, never raised."""
    scorer = _SCORER[0] if _SCORER else _load_scorer()
    return scorer(request)


_SCORER: list[Callable[[Request | dict[str, Any]], Result]] = []
"""``mjcalc.app.score.score`` once loaded: an import statement run for every hand cost more than a
hand's whole request check (it looks the module up anew each time)."""


def _load_scorer() -> Callable[[Request | dict[str, Any]], Result]:
    from mjcalc.app.score import score as _score

    _SCORER.append(_score)
    return _score


def batch(
    lines: Iterable[str | bytes], *, rules: str | None = None, jobs: int = 1, start: int = 1
) -> Iterator[dict[str, Any]]:
    """Score lines as ``mjcalc batch --json`` does: a record (dict) per hand line, lazily, in order.

    Each line is a JSON request or the arguments of ``mjcalc score``, as text or as bytes read
    from a file; blank lines and ``#`` comments give no record. Each record is exactly the JSON
    object the command writes for that line, with ``line``: its number among ``lines``, the
    first being ``start`` (a piece of a larger file passes the number of its first line). A
    line that cannot be read or scored is a record with ``ok`` false, never an exception.

    ``rules`` is the ruleset of lines that name none (the command's ``-r``; the environment is
    not read, so the records are the same wherever this runs). ``jobs`` > 1 scores in that many
    worker processes (``0``: one per core), at most :data:`mjcalc.app.jobs.MAX_JOBS` (more is a
    :class:`ValueError`). Memory stays flat however many lines come.

    Argument lines are read by ``score``'s own options, so the first one imports Click; a batch
    of JSON lines never does.
    """
    if isinstance(lines, str | bytes):
        raise TypeError("batch() takes an iterable of lines: split the text (str.splitlines())")
    from mjcalc.app.batch import records
    from mjcalc.app.jobs import worker_count

    return records(lines, rules, worker_count(jobs), _arguments_request, start)


def _arguments_request(text: str, default_rules: str | None) -> dict[str, Any]:
    """The request of an argument line, read by the command line's reader (imported at the
    first argument line, then kept). A module-level function, so that it pickles to workers."""
    reader = _ARGUMENTS[0] if _ARGUMENTS else _load_arguments()
    return reader(text, default_rules)


_ARGUMENTS: list[Callable[[str, str | None], dict[str, Any]]] = []


def _load_arguments() -> Callable[[str, str | None], dict[str, Any]]:
    from mjcalc.cli.arglines import arguments_request

    _ARGUMENTS.append(arguments_request)
    return arguments_request


def parse_hand(text: str) -> Hand:
    """Parse hand notation (mpsz, letters, Chinese or Unicode glyphs) into a :class:`Hand`.

    Raises :class:`mjcalc.errors.MjcalcError` (code ``invalid_notation``, with the column).
    """
    from mjcalc.notation import parse_hand as _parse

    return _parse(text)


def format_hand(hand: Hand, *, glyphs: bool = False) -> str:
    """A hand in canonical mpsz (``123m456p789s11z [777z] (1111m) 12f``), or drawn with the
    Unicode mahjong glyphs when ``glyphs`` is true; :func:`parse_hand` reads either back."""
    from mjcalc.notation import format_hand as _mpsz
    from mjcalc.notation import format_hand_unicode as _glyphs

    return _glyphs(hand) if glyphs else _mpsz(hand)
