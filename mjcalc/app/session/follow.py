"""A sitting kept replayed in memory, for readers who ask again and again (the phones of
``mjcalc serve``): the file is replayed once, and after that only what was appended to it.

A table's file grows by one line per hand. Replaying 20,000 lines takes seconds; a phone that
asks every few seconds, times the phones at the table, would keep a server busy replaying the
same lines and hold its writers back. :class:`Follower` keeps the replay's records (as the JSON
``mjcalc session FILE --json`` writes) and its :class:`~mjcalc.app.session.sitting.Session`; when
the file has only grown since (its old bytes unchanged, the old last line ended), it feeds the
session the new lines and nothing else, and otherwise replays it whole. What it answers is
therefore always what a fresh replay of the file's bytes gives.

It also lets a reader ask for only what changed. Each physical line has a *mark*: a digest of the
file's bytes up to the end of that line. A reader that holds the records up to line N and that
line's mark asks :meth:`Snapshot.since` for the rest: when the file still holds those N lines
unchanged, only the records after line N are given; otherwise (a line undone, replaced, inserted
or deleted) all of them, and the reader starts again.

Reads never take the file's lock: the file is only ever replaced whole, by a rename, so one
``read`` of it gives one consistent version.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mjcalc.app.lines import MAX_LINE
from mjcalc.models import SEATS, Seat, json_dumps

if TYPE_CHECKING:
    from mjcalc.app.session.sitting import Session

MARK_LENGTH = 16
"""Hex digits of a line's mark (64 bits of SHA-256: a reader's mark never matches by chance)."""


@dataclass(frozen=True)
class Part:
    """What a reader is sent: the records after line :attr:`since` (all of them when it is 0),
    the summary, the players' names and what the next win is scored with from earlier hands
    (:attr:`pending`: the ruleset's carried request fields, e.g. Shanghai's 开宝 and 黄番), and
    where the file ends (:attr:`lines`, :attr:`mark`) to ask from next time."""

    since: int
    records: list[str]
    summary: str
    players: str
    lines: int
    mark: str
    pending: str = "{}"

    def to_json(self) -> str:
        """``{"since", "lines", "mark", "records": [...], "summary": {...}, "players": {...},
        "pending": {...}}``."""
        head = json_dumps(
            {"since": self.since, "lines": self.lines, "mark": self.mark}, separators=(",", ":")
        )
        records = ",".join(self.records)
        return (
            f'{head[:-1]},"records":[{records}],"summary":{self.summary},"players":{self.players}'
            f',"pending":{self.pending}}}'
        )


@dataclass(frozen=True)
class State:
    """Where one version of the file ends (its physical :attr:`lines` and the :attr:`mark` of
    the last) and what it sums to: the summary's and the players' JSON, each seat's fees. Small
    and whole: what a watcher of the file sends each time it changes."""

    lines: int
    mark: str
    summary: str
    players: str
    fees: dict[Seat, int]


@dataclass
class Snapshot:
    """The replay of one version of the file."""

    records: list[str] = field(default_factory=list)
    """Each record's JSON, in order."""
    record_lines: list[int] = field(default_factory=list)
    """The physical line of each record (records skip blank, comment and header lines)."""
    marks: list[str] = field(default_factory=list)
    """The mark of each physical line: the digest of the bytes up to its end."""
    summary: str = "{}"
    players: str = "{}"
    pending: str = "{}"
    """The carried request fields the next win is scored with, by field (``{}``: none)."""
    _whole: bytes | None = field(default=None, repr=False)
    fees: dict[Seat, int] = field(default_factory=dict)
    """What each seat has paid in fees, over the applied records (for a settlement)."""

    def state(self) -> State:
        """Where this version ends, and what it sums to."""
        mark = self.marks[-1] if self.marks else ""
        return State(len(self.marks), mark, self.summary, self.players, dict(self.fees))

    def answer(self, line: int = 0, mark: str | None = None) -> bytes:
        """:meth:`since` as JSON, UTF-8; the whole sitting's is written once per version,
        however many readers ask for it."""
        part = self.since(line, mark)
        if part.since:
            return part.to_json().encode()
        if self._whole is None:
            self._whole = part.to_json().encode()
        return self._whole

    def since(self, line: int = 0, mark: str | None = None) -> Part:
        """The records after physical line ``line`` when ``mark`` is that line's mark in this
        version (the reader's lines are unchanged); else every record, from the start."""
        if not (0 < line <= len(self.marks) and self.marks[line - 1] == mark):
            line = 0
        first = _first_after(self.record_lines, line)
        return Part(
            since=line,
            records=self.records[first:],
            summary=self.summary,
            players=self.players,
            lines=len(self.marks),
            mark=self.marks[-1] if self.marks else "",
            pending=self.pending,
        )


def _first_after(record_lines: list[int], line: int) -> int:
    """The index of the first record after physical line ``line`` (records are in line order)."""
    import bisect

    return bisect.bisect_right(record_lines, line)


class Follower:
    """The replay of the sitting file at ``path``, brought up to date on each :meth:`read`.

    Thread-safe: readers that come while the file is being replayed wait for that replay rather
    than start one each.
    """

    def __init__(self, path: str, *, directory: str | None = None) -> None:
        self._path = path
        self._directory = directory
        self._lock = threading.Lock()
        self._stat: tuple[int, int, int] | None = None
        self._size = 0
        self._digest = hashlib.sha256()
        self._ended = True  # the bytes read so far end with a newline (or there are none)
        self._session: Session | None = None
        self._snapshot = Snapshot()
        self._fees: dict[Seat, int] = dict.fromkeys(SEATS, 0)
        self.replays = 0
        """How many times the file was replayed from its first line (for tests and benches)."""

    def answer(self, line: int = 0, mark: str | None = None) -> bytes:
        """:meth:`Snapshot.answer` of the file as it is now, taken while no replay runs."""
        with self._lock:
            return self._read().answer(line, mark)

    def state(self) -> State:
        """:meth:`Snapshot.state` of the file as it is now, taken while no replay runs."""
        with self._lock:
            return self._read().state()

    def read(self) -> Snapshot:
        """The replay of the file as it is now (``OSError`` when it cannot be read). Its lists
        are the follower's own and grow at the next read: look at it before reading again, or
        take :meth:`answer`, which is whole."""
        with self._lock:
            return self._read()

    def _read(self) -> Snapshot:
        stat = os.stat(self._path)
        key = (stat.st_ino, stat.st_size, stat.st_mtime_ns)
        if key == self._stat:
            return self._snapshot
        with open(self._path, "rb") as stream:
            content = stream.read()
        if not self._grew(content):
            self._restart()
            self._size = 0
        self._feed(content[self._size :])
        self._size = len(content)
        self._stat = key
        return self._snapshot

    def _grew(self, content: bytes) -> bool:
        """Whether ``content`` is the bytes replayed so far with whole lines after them."""
        if self._session is None or not self._ended or len(content) < self._size:
            return False
        return hashlib.sha256(content[: self._size]).digest() == self._digest.digest()

    def _restart(self) -> None:
        from mjcalc.app.session.sitting import Session

        self._session = Session(directory=self._directory)
        self._digest = hashlib.sha256()
        self._ended = True
        self._snapshot = Snapshot()
        self._fees = dict.fromkeys(SEATS, 0)
        self.replays += 1

    def _feed(self, added: bytes) -> None:
        session, snapshot = self._session, self._snapshot
        assert session is not None
        if not added and snapshot.marks:
            return
        number = len(snapshot.marks)
        records, record_lines, marks = snapshot.records, snapshot.record_lines, snapshot.marks
        for raw in _physical_lines(added):
            number += 1
            self._digest.update(raw)
            marks.append(self._digest.hexdigest()[:MARK_LENGTH])
            # what :func:`~mjcalc.app.lines.bounded_lines` gives of it: a line too long is cut
            # just past the limit, and refused for its length like any other
            record = session.feed(number, raw[: MAX_LINE + 1])
            if record is not None:
                records.append(record.to_json())
                record_lines.append(number)
                for seat, fee in record.fees.items():
                    self._fees[seat] += fee
        if added:
            self._ended = added.endswith(b"\n")
        summary, pending = session.summary(), _pending(session)
        self._snapshot = Snapshot(
            records,
            record_lines,
            marks,
            summary.body_json(),
            json_dumps(summary.players),
            pending,
            fees=dict(self._fees),
        )


def _pending(session: Session) -> str:
    """What the sitting's ruleset carries to the next win, by request field, as JSON."""
    table, at = session.table, session.position
    carry = None if table is None else table.rules.carry
    if carry is None or at is None:
        return "{}"
    return json_dumps(dict(zip(carry.fields, at.carried, strict=True)), separators=(",", ":"))


def _physical_lines(data: bytes) -> Iterator[bytes]:
    """The lines of ``data`` as a file's ``readline`` gives them: each up to and including its
    ``\\n`` (a ``\\r`` alone ends no line), the last one perhaps without."""
    start = 0
    while start < len(data):
        end = data.find(b"\n", start)
        if end < 0:
            yield data[start:]
            return
        yield data[start : end + 1]
        start = end + 1
