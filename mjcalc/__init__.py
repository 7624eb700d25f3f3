"""mjcalc: scoring for Chinese regional mahjong (Xingguo 冲关, Shanghai 清混碰).

``import mjcalc`` is light: it imports neither Click nor Rich, and loads the scoring machinery
only when :func:`score`, :func:`batch` or :func:`replay` is first called.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from mjcalc.hand import Hand
    from mjcalc.models import Request, Result

__all__ = ["__version__", "batch", "format_hand", "parse_hand", "replay", "score"]


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
    :class:`ValueError`). Memory stays flat however many lines come. Argument lines are read
    with ``score``'s flags as data: no Click is imported.
    """
    if isinstance(lines, str | bytes):
        raise TypeError("batch() takes an iterable of lines: split the text (str.splitlines())")
    from mjcalc.app.batch import records
    from mjcalc.app.jobs import worker_count

    return records(lines, rules, worker_count(jobs), start)


def replay(
    lines: Iterable[str | bytes | dict[str, Any]] | IO[bytes],
    *,
    directory: str | None = None,
    strict_rules: bool = False,
) -> Iterator[Any]:
    """Replay a sitting as ``mjcalc session FILE --json`` does: lazily, a record per line that is
    not blank, a comment or the header, then the summary (``.to_json()`` of each is the line the
    command writes).

    ``lines`` are text, UTF-8 bytes or dicts (a JSON object each), or a file opened in binary
    mode, read as the command reads FILE (each line bounded in memory; a relative ``rules`` path
    in the header read against the file's own directory, unless ``directory`` is given). Hand
    lines may be ``mjcalc score`` arguments and events words (``draw``, ``诈胡 西``,
    ``adjust …``): no Click is imported. ``strict_rules``: refuse a ruleset file changed since
    the sitting started. See :func:`mjcalc.app.session.sitting.replay`.
    """
    if isinstance(lines, str | bytes):
        raise TypeError("replay() takes an iterable of lines: split the text (str.splitlines())")
    from mjcalc.app.session.sitting import replay as _replay

    source: Iterable[Any] = lines
    if hasattr(lines, "readline") and not hasattr(lines, "encoding"):  # a binary file
        from mjcalc.app.lines import bounded_lines

        name = getattr(lines, "name", None)
        if directory is None and isinstance(name, str) and _is_file(name):
            from mjcalc.app.session.header import rules_directory

            directory = rules_directory(name)
        source = bounded_lines(lines)  # type: ignore[arg-type]
    return _replay(source, directory=directory, strict_rules=strict_rules)


def _is_file(name: str) -> bool:
    import os

    return os.path.isfile(name)


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
