"""The checkpoint beside a session file: where the replay stood after its last write, so that
``add`` need not replay every line (:mod:`mjcalc.app.session.store` says when it is trusted).

``.FILE.mjcalc-checkpoint``, JSON: the length of the content it was taken after and the SHA-256 of
those bytes, a fingerprint of mjcalc's version and build, of the ruleset (and the version of the
plug-in that installed it) and of the options the header resolves to, the header line's place,
the counts of lines and errors, and the session's :class:`~mjcalc.app.session.sitting.Position`.
:func:`load` checks every part (and every number's type) and returns ``None`` at the first doubt:
a checkpoint is only ever a shortcut to what a full replay gives. Written atomically (temporary
file, rename), best effort: one that cannot be written is a slower next ``add``, nothing more.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import asdict, fields
from typing import Any

from mjcalc.app.session.atomic import FileError, Locked, temp_file, unlink
from mjcalc.app.session.sitting import Position, Session
from mjcalc.app.session.standings import SeatStats
from mjcalc.models import SEATS

CHECKPOINT_SUFFIX = ".mjcalc-checkpoint"
"""The checkpoint of ``game.jsonl`` is ``.game.jsonl.mjcalc-checkpoint`` beside it."""

CHECKPOINT_FORMAT = 3
_CHECKPOINT_MAX = 1 << 16  # a checkpoint is a few hundred bytes: a bigger file is not one


def checkpoint_path(real: str) -> str:
    """Where FILE's checkpoint is kept: ``.FILE.mjcalc-checkpoint`` beside it."""
    directory, name = os.path.split(real)
    return os.path.join(directory, f".{name[:180]}{CHECKPOINT_SUFFIX}")


_SESSION_STATE = frozenset(
    {
        "_directory",
        "_strict_rules",
        "_table",
        "_marks",
        "_supplied",
        "_at",
        "lines",
        "errors",
        "_tally",
    }
)
"""What a :class:`Session` holds. A checkpoint restores a session from its header and its
:class:`Position`: should the session come to hold more, checkpoints are not used (every ``add``
replays the whole file) until they save that too."""


def _checkpoints_usable(session: Session) -> bool:
    return set(vars(session)) == _SESSION_STATE


def _fingerprint(session: Session) -> str:
    """What the checkpoint's numbers depend on beside FILE's bytes: mjcalc (its version and its
    installed files, :func:`_build`), the ruleset, the distribution and version of the plug-in
    that installed it (its code may change payments from one version to the next), its file's
    SHA-256 and the options the header resolves to now (the file may have changed)."""
    from mjcalc import __version__
    from mjcalc.rules.plugins import distribution

    table = session.table
    assert table is not None
    ruleset = table.loaded.ruleset
    parts = [
        __version__,
        _build(),
        ruleset.name,
        table.loaded.name,
        table.options.model_dump_json(),
    ]
    for name in dict.fromkeys((ruleset.name, table.loaded.name)):
        parts.append(repr(distribution(name)))  # the plug-in's package and version, or None
    parts.append(table.loaded.digest or "")  # a ruleset file's bytes, when read from one
    text = "\n".join(parts)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@functools.cache
def _build() -> str:
    """mjcalc's own build: a digest of the path, size and modification time of each of its
    installed source and ruleset files (``mjcalc/**/*.py``, ``*.toml``), so that a checkpoint
    taken by another build of the same version (a development tree, a patched install) is not
    trusted. Computed once per process: a stat of some hundred files, about a millisecond."""
    import mjcalc

    root = os.path.dirname(os.path.abspath(mjcalc.__file__))
    found: list[str] = []
    for folder, dirs, files in os.walk(root, followlinks=True):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in sorted(files):
            if name.endswith((".py", ".toml")):
                path = os.path.join(folder, name)
                try:
                    info = os.stat(path)
                except OSError:
                    continue
                found.append(f"{os.path.relpath(path, root)}\0{info.st_size}\0{info.st_mtime_ns}")
    return hashlib.sha256("\n".join(found).encode("utf-8", "surrogateescape")).hexdigest()


def state(
    session: Session, size: int, sha256: str, count: int, header_at: tuple[int, int, int]
) -> dict[str, Any] | None:
    """Where ``session`` stands after FILE's first ``size`` bytes (whose SHA-256 is ``sha256``,
    holding ``count`` physical lines, the header at ``header_at``), as a checkpoint keeps it;
    ``None`` when it cannot be kept (no header read, or a session holding more than a
    :class:`Position`)."""
    position = session.position
    if position is None or session.table is None or not _checkpoints_usable(session):
        return None
    return {
        "size": size,
        "sha256": sha256,
        "fingerprint": _fingerprint(session),
        "lines": count,
        "header": list(header_at),
        "records": session.lines,
        "errors": session.errors,
        "stats": {
            seat: [st.wins, st.self_draws, st.deal_ins, st.biggest]
            for seat, st in session.stats.items()
        },
        "position": asdict(position),  # read back field by field (_position)
    }


def save(real: str, *states: dict[str, Any] | None) -> None:
    """Keep ``states`` (the newest first; at most two are read back: after the last write, and
    before its line, for an ``undo``) beside FILE. Best effort: a checkpoint that cannot be
    written is only a slower next change."""
    kept = [item for item in states if item is not None]
    if not kept:
        drop(real)
        return
    body = {"mjcalc_checkpoint": CHECKPOINT_FORMAT, "states": kept[:2]}
    target = checkpoint_path(real)
    directory = os.path.dirname(target) or "."
    try:
        fd, temp = temp_file(target, target, directory, 0o644)
    except FileError:
        return
    try:
        with open(fd, "w", encoding="utf-8") as out:
            json.dump(body, out, separators=(",", ":"))
        os.replace(temp, target)
    except OSError:
        unlink(temp)


def drop(real: str) -> None:
    unlink(checkpoint_path(real))


def load(
    locked: Locked, make: Callable[[], Session], limit: int | None = None
) -> tuple[Session, int, int, tuple[int, int, int]] | None:
    """The session resumed from a state of FILE's checkpoint that holds and covers at most
    ``limit`` bytes (default: all of FILE), the offset and line count it covers and the header's
    place; ``None`` when there is none (never trusted blindly)."""
    try:
        with open(checkpoint_path(locked.real), "rb") as stream:
            data = json.loads(stream.read(_CHECKPOINT_MAX + 1)[:_CHECKPOINT_MAX])
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("mjcalc_checkpoint") != CHECKPOINT_FORMAT:
        return None
    states = data.get("states")
    for item in states[:2] if isinstance(states, list) else ():
        try:
            resumed = _resumed(locked, item, make, locked.size if limit is None else limit)
        except (ValueError, TypeError, KeyError, AssertionError, RecursionError):
            continue
        if resumed is not None:
            return resumed
    return None


def _resumed(
    locked: Locked, data: Any, make: Callable[[], Session], limit: int
) -> tuple[Session, int, int, tuple[int, int, int]] | None:
    size, count, records, errors = (_whole(data[k]) for k in ("size", "lines", "records", "errors"))
    start, end, number = (_whole(v) for v in data["header"])
    if not (0 <= start < end <= size <= limit and 1 <= number <= count and records >= errors):
        return None
    if locked.sha256(size).hexdigest() != data["sha256"] or locked.read(size - 1, size) != b"\n":
        return None
    session = make()
    if not _checkpoints_usable(session):
        return None
    header = next(locked.lines(start, 0), None)
    if header is None or header.end != end:
        return None
    if session.feed(number, header.raw) is not None or session.table is None:
        return None
    if _fingerprint(session) != data["fingerprint"]:
        return None
    position = _position(data["position"], session)
    session.resume(position, records, errors, _stats(data["stats"], records))
    return session, size, count, (start, end, number)


def _position(data: Any, session: Session) -> Position:
    """A :class:`Position` from its JSON, every field checked against the table's shape."""
    names = {f.name for f in fields(Position)}
    if not isinstance(data, dict) or set(data) != names:
        raise ValueError("not a position")
    table = session.table
    at = session.position
    assert table is not None and at is not None
    if data["dealer"] not in SEATS:
        raise ValueError("dealer")
    carried = tuple(_whole(v, signed=True) for v in data["carried"])
    if len(carried) != len(at.carried):
        raise ValueError("carried")
    ended_at = data["ended_at"]
    position = Position(
        dealer=data["dealer"],
        totals=_amounts(data["totals"], signed=True),
        balances=_maybe_amounts(data["balances"], at.balances is not None),
        points=_maybe_amounts(data["points"], at.points is not None),
        carried=carried,
        ended_at=None if ended_at is None else _whole(ended_at),
        fees=_whole(data["fees"]),
        hands=_whole(data["hands"]),
    )
    # what moves between seats sums to zero; only the fees leave the table
    if sum(position.totals.values()) != -position.fees:
        raise ValueError("totals")
    start = table.start_balances()
    kept = position.balances
    if (
        kept is not None
        and start is not None
        and sum(kept.values()) != sum(start.values()) - position.fees
    ):
        raise ValueError("balances")
    return position


def _stats(data: Any, records: int) -> dict[Any, SeatStats]:
    """The per-seat counts from their JSON: four seats, four whole numbers each, none of the
    counts more than the lines read (a multiple win counts a deal-in once)."""
    if not isinstance(data, dict) or set(data) != set(SEATS):
        raise ValueError("not four seats")
    stats = {}
    for seat in SEATS:
        item = data[seat]
        if not isinstance(item, list) or len(item) != 4:
            raise ValueError("not four counts")
        wins, self_draws, deal_ins, biggest = (_whole(v) for v in item)
        if not self_draws <= wins <= records or deal_ins > records:
            raise ValueError("counts")
        stats[seat] = SeatStats(wins, self_draws, deal_ins, biggest)
    return stats


def _whole(value: Any, *, signed: bool = False) -> int:
    if type(value) is not int or (value < 0 and not signed):
        raise ValueError("not a whole number")
    return value


def _amounts(data: Any, *, signed: bool = False) -> dict[Any, int]:
    if not isinstance(data, dict) or set(data) != set(SEATS):
        raise ValueError("not four seats")
    return {seat: _whole(data[seat], signed=signed) for seat in SEATS}


def _maybe_amounts(data: Any, kept: bool) -> dict[Any, int] | None:
    if data is None and not kept:
        return None
    if not kept:
        raise ValueError("amounts where none are kept")
    return _amounts(data)


__all__ = ["CHECKPOINT_SUFFIX", "checkpoint_path", "drop", "load", "save", "state"]
