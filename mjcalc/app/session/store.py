"""Writing a session file: the one place that changes one (``--new``, ``--add``, the edits).

A session file is the record of a sitting: a club cannot afford to lose it or find it changed.
So every change here lands whole or not at all, and only when the sitting still replays:

* **Whole or nothing.** The new content is written to a temporary file beside FILE
  (``.FILE.<random>.tmp``, same directory, so same file system), flushed and ``fsync``-ed, then
  renamed over FILE (``os.replace``: atomic), and the directory is ``fsync``-ed so the rename
  itself survives a crash. A full disk, a file size limit, a kill or a crash before the rename
  leaves FILE as it was (at worst a stray temporary file, never a cut line); after it, FILE is
  the new one. The temporary file gets FILE's permission bits (and owner, where allowed). The
  rename was chosen over append-and-truncate-back: a kill between the append and the truncation
  would leave a cut line, which the rename can never do. (A rename gives FILE a new inode: hard
  links to it keep the old content; a symbolic link is followed, and the file it points to is
  replaced.)
* **Locked.** Each change holds an exclusive ``fcntl.flock`` on FILE from the replay to the
  rename. A second writer waits; once it has the lock it checks that the file it locked is
  still the one at FILE's path (after a rename it is not) and, if not, locks the new one, so it
  always replays what the first one wrote. The lock is advisory: an editor writing FILE at the
  same moment is not held back.
* **Judged first.** Each change replays the sitting and is refused (:class:`Refused`, FILE
  byte-identical) if the new line fails, or if a line that replayed before would now fail.
* **Fast ``add``.** After each write a checkpoint of the replay's position is saved beside FILE
  (``.FILE.mjcalc-checkpoint``, JSON, written atomically; :mod:`.checkpoint`), and an ``add``
  keeps the position from before its line too. ``add`` resumes from the first instead of
  replaying every line, ``undo`` of that line from the second, each only while it still
  describes FILE: the length of the content it was taken after and the SHA-256 of those bytes,
  the mjcalc version, the table's ruleset, its file's digest and options must all match, and its
  numbers sum to zero as a sitting's do. Anything else (stale, corrupt, from another version, a
  ruleset file changed) and it is ignored and rebuilt. The plain replay never reads it.
  Deleting it is always safe.

Pure: no Click, no Rich, nothing printed. Errors are :class:`mjcalc.errors.MjcalcError`:
:class:`Refused` for a line the sitting refuses (carrying that line's record), :class:`FileError`
for a file that cannot be read or written (saying which case: read-only, disk full, no such
directory…). Argument-form lines (``mjcalc score`` flags) are read as the replay reads them.

For tests only: ``MJCALC_TEST_PAUSE_WRITE=locked|partial|renamed`` stops the process
(``SIGSTOP``) at that point of a write — with the lock held; with half the new content in the
temporary file; just after the rename — so a test can kill it there.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from mjcalc.app.session import checkpoint
from mjcalc.app.session.atomic import FileError, Line, Locked, LockTimeout, create, real_path
from mjcalc.app.session.header import is_header, rules_directory
from mjcalc.app.session.lines import read_line
from mjcalc.app.session.records import Record, Summary
from mjcalc.app.session.sitting import Session
from mjcalc.errors import ErrorCode, MjcalcError

Waiting = Callable[[str, float], None]
"""Told once (FILE, the wait in seconds) when a change must wait for another writer's lock."""

__all__ = ["LockTimeout"]

Action = Literal["started", "added", "replaced", "inserted", "deleted", "undone"]


@dataclass(frozen=True, slots=True)
class Edit:
    """What a change did: its kind, the physical line it concerns (the new line's number; for
    ``deleted`` and ``undone`` the removed line's), that line's text, the new line's record
    (``None`` for a removal, a blank or comment line, or a header) and where the sitting stands
    now."""

    action: Action
    path: str
    line: int
    text: str
    record: Record | None
    summary: Summary


class Refused(MjcalcError):
    """The sitting refuses the change: ``record`` is the failing line's (its number as FILE
    numbers it now); the error is that line's."""

    def __init__(self, record: Record) -> None:
        error = record.error
        assert error is not None
        code: ErrorCode = error.code
        super().__init__(code, error.message, error.column, message_zh=error.message_zh)
        self.record = record


# --- the public operations --------------------------------------------------------------------


def start(
    path: str,
    header_line: str,
    *,
    replace: bool = False,
    strict_rules: bool = False,
    wait: float | None = None,
    waiting: Waiting | None = None,
) -> Edit:
    """Create FILE holding ``header_line`` (checked as the replay reads it). Refused when FILE
    exists (unless ``replace``) or is a symbolic link; on any failure nothing is left behind."""
    header = _one_line(header_line, 1)
    session = _maker(real_path(path), strict_rules)()
    record = session.feed(1, header)
    if record is not None:
        raise Refused(record)
    if session.table is None:
        raise MjcalcError.from_key("invalid_request", "err.store.not_a_header")
    directory = os.path.dirname(path) or "."
    if os.path.islink(path):
        raise FileError("symlink", "err.store.symlink", file=path)
    if not os.path.isdir(directory):
        raise FileError("no_dir", "err.store.no_dir", dir=directory)
    content = header.encode("utf-8") + b"\n"
    if os.path.lexists(path):
        if not replace:
            raise FileError("exists", "err.session.exists", file=path)
        with Locked(path, path, wait, waiting) as locked:
            locked.write([], content)
    else:
        create(path, directory, content)
    sha256 = hashlib.sha256(content).hexdigest()
    checkpoint.save(path, checkpoint.state(session, len(content), sha256, 1, (0, len(content), 1)))
    return Edit("started", path, 1, header, None, session.summary())


def add(
    path: str,
    line: str,
    *,
    strict_rules: bool = False,
    wait: float | None = None,
    waiting: Waiting | None = None,
) -> Edit:
    """Append ``line`` to FILE if the sitting accepts it (:class:`Refused` if not)."""
    with Locked(path, real_path(path), wait, waiting) as locked:
        make = _maker(locked.real, strict_rules)
        session, count, header_at = _resume(locked, make)
        number = count + 1
        text = _one_line(line, number)
        size = locked.size
        last = locked.last_byte()
        digest = locked.sha256(size)  # of the content so far, then of the new content
        before = None  # where the sitting stood before this line: for an undo of it
        if last == b"\n":
            before = checkpoint.state(session, size, digest.hexdigest(), count, header_at)
        record = session.feed(number, text)
        if record is not None and not record.ok:
            raise Refused(record)
        glue = b"\n" if size and last != b"\n" else b""
        added = glue + text.encode("utf-8") + b"\n"
        locked.write(locked.pieces(0, size), added)
        digest.update(added)
        after = checkpoint.state(session, size + len(added), digest.hexdigest(), number, header_at)
        checkpoint.save(locked.real, after, before)
    return Edit("added", path, number, text, record, session.summary())


def undo(
    path: str,
    *,
    strict_rules: bool = False,
    wait: float | None = None,
    waiting: Waiting | None = None,
) -> Edit:
    """Remove the last hand or event line (never the header). ``add`` then ``undo`` gives back
    the same bytes (of a file that ended with a newline, as every file written here does)."""
    return _splice(path, "undone", 0, 1, None, strict_rules, wait, waiting)


def replace(
    path: str,
    number: int,
    line: str,
    *,
    strict_rules: bool = False,
    wait: float | None = None,
    waiting: Waiting | None = None,
) -> Edit:
    """Put ``line`` in place of physical line ``number``."""
    return _splice(
        path,
        "replaced",
        number,
        1,
        _one_line(line, number),
        strict_rules,
        wait,
        waiting,
    )


def insert(
    path: str,
    number: int,
    line: str,
    *,
    strict_rules: bool = False,
    wait: float | None = None,
    waiting: Waiting | None = None,
) -> Edit:
    """Put ``line`` before physical line ``number`` (one past the last line: at the end)."""
    return _splice(
        path,
        "inserted",
        number,
        0,
        _one_line(line, number),
        strict_rules,
        wait,
        waiting,
    )


def delete(
    path: str,
    number: int,
    *,
    strict_rules: bool = False,
    wait: float | None = None,
    waiting: Waiting | None = None,
) -> Edit:
    """Remove physical line ``number`` (not the header)."""
    return _splice(path, "deleted", number, 1, None, strict_rules, wait, waiting)


# --- one change in the middle -------------------------------------------------------------------


def _splice(
    path: str,
    action: Action,
    number: int,
    removing: int,
    text: str | None,
    strict_rules: bool,
    wait: float | None = None,
    waiting: Waiting | None = None,
) -> Edit:
    """Replace ``removing`` (0 or 1) lines from line ``number`` by ``text`` (or by nothing).

    The old and the new sitting are replayed side by side: refused if the new line fails, or if
    a line that replayed before would now fail (reported under its number in FILE now). For
    ``undo`` (``number`` 0: the last hand or event line) nothing after the line can break.
    """
    with Locked(path, real_path(path), wait, waiting) as locked:
        make = _maker(locked.real, strict_rules)
        lines = list(locked.lines())
        count = len(lines)
        compare = number != 0
        if not compare:
            number = _last_line(lines)
            if number == 0:
                raise MjcalcError.from_key(
                    "invalid_request", "err.store.nothing_to_undo", file=path
                )
        elif number < 1 or number > count + 1 - removing:
            raise MjcalcError.from_key(
                "invalid_request", "err.store.no_line", file=path, line=number, count=count
            )
        elif removing and text is None and _is_header_line(lines, number):
            raise MjcalcError.from_key("invalid_request", "err.store.header", line=number)
        shift = (text is not None) - removing
        record: Record | None = None
        if compare:
            old, new = make(), make()
            record = _judged(old, new, lines, number, removing, text)
            if old.table is not None and new.table is None:  # the header replaced by a comment
                raise MjcalcError.from_key(
                    "invalid_request", "err.store.header", line=old.table.line
                )
        else:  # an undo: nothing after the line can break; resume where it can
            new = _undone(locked, make, lines, number)
        if number <= count:
            start = lines[number - 1].start
            end = lines[number - 1].end if removing else start
        else:
            start = end = locked.size
        removed = locked.text_of(lines[number - 1]) if removing else ""
        piece = b""
        if text is not None:
            glue = b"\n" if start == locked.size and start and locked.last_byte() != b"\n" else b""
            piece = glue + text.encode("utf-8") + b"\n"
        digest = locked.write_spliced(start, end, piece)
        table = new.table
        if table is not None:
            h = table.line
            if text is not None and h == number:
                at = (start + len(piece) - len(text.encode("utf-8")) - 1, start + len(piece), h)
            else:
                source = lines[h - 1 if h < number else h - 1 - shift]
                moved = len(piece) - (end - start) if source.start >= end and h >= number else 0
                at = (source.start + moved, source.end + moved, h)
            size = locked.size + len(piece) - (end - start)
            now = checkpoint.state(new, size, digest.hexdigest(), count + shift, at)
            checkpoint.save(locked.real, now)
    shown = text if text is not None else removed
    return Edit(action, path, number, shown, record, new.summary())


def _judged(
    old: Session, new: Session, lines: list[Line], number: int, removing: int, text: str | None
) -> Record | None:
    """Replay the sitting as it is (``old``) and as it will be (``new``: ``removing`` lines
    from ``number`` replaced by ``text``) side by side; refused if the new line fails, or if a
    line that replayed before fails now (under its number in the new file). The new line's
    record."""
    shift = (text is not None) - removing
    record: Record | None = None
    for line in lines:
        k = line.number
        if k == number and text is not None:
            record = _fed(new, number, text)
        before = old.feed(k, line.raw)
        if removing and k == number:
            continue
        after = new.feed(k + shift if k >= number else k, line.raw)
        if before is not None and before.ok and after is not None and not after.ok:
            raise Refused(_broken(k, after))
    if number == len(lines) + 1 and text is not None:  # inserted after the last line
        record = _fed(new, number, text)
    return record


def _fed(session: Session, number: int, text: str) -> Record | None:
    """``text`` replayed as line ``number`` of ``session``: refused if it fails."""
    record = session.feed(number, text)
    if record is not None and not record.ok:
        raise Refused(record)
    return record


def _undone(locked: Locked, make: Callable[[], Session], lines: list[Line], number: int) -> Session:
    """The sitting without line ``number``, resumed from the checkpoint's state from before that
    line when it holds (the one an ``add`` of it left), else replayed in full."""
    saved = checkpoint.load(locked, make, limit=lines[number - 1].start)
    session, offset = (saved[0], saved[1]) if saved is not None else (make(), 0)
    for line in lines:
        if line.start >= offset and line.number != number:
            session.feed(line.number - (line.number > number), line.raw)
    return session


def _last_line(lines: list[Line]) -> int:
    """The number of the last hand or event line (0: none)."""
    last, header_seen = 0, False
    for line in lines:
        kind = _kind_of(line.raw, header_seen)
        header_seen = header_seen or kind == "header"
        if kind == "line":
            last = line.number
    return last


def _is_header_line(lines: list[Line], number: int) -> bool:
    """Whether line ``number`` is the session's header."""
    for line in lines[:number]:
        if _kind_of(line.raw, False) == "header":
            return line.number == number
    return False


def _broken(number: int, after: Record) -> Record:
    """The record of a line this change would break, numbered as FILE numbers it now."""
    error = after.error
    assert error is not None
    inner = MjcalcError(error.code, error.message, message_zh=error.message_zh)
    return Record.failed(number, inner.within("err.store.breaks", None, None, line=number))


def _kind_of(raw: bytes, header_seen: bool) -> Literal["skip", "header", "line"]:
    """A line as :meth:`Session.feed` will take it: skipped (blank or comment), the header (the
    first line read that is one), or a hand or event line (whether it replays or not)."""
    try:
        content = read_line(raw)
    except MjcalcError:
        return "line"
    if content is None:
        return "skip"
    if not header_seen and isinstance(content, dict) and is_header(content):
        return "header"
    return "line"


def _one_line(line: str, number: int) -> str:
    """``line`` stripped; refused (as line ``number``) when blank or when it holds a line
    break."""
    text = line.strip()
    if not text:
        raise Refused(
            Record.failed(number, MjcalcError.from_key("invalid_request", "err.store.blank"))
        )
    if "\n" in text or "\r" in text:
        error = MjcalcError.from_key("invalid_request", "err.session.one_line")
        raise Refused(Record.failed(number, error))
    shown = _display_option(text)
    if shown is not None:
        error = MjcalcError.from_key("invalid_request", "err.store.display_option", option=shown)
        raise Refused(Record.failed(number, error))
    return text


def _display_option(text: str) -> str | None:
    """The first option of ``text`` (an argument line) that says how output is shown —
    ``--lang``, ``--json``, ``--format``, which ``score`` takes — or ``None``. A sitting's line
    is what happened at the table; how it is shown belongs to the command that shows it, and
    written into the file it would only be ignored at every replay."""
    if text.startswith("{"):
        return None
    from mjcalc.app.arglines import split_line
    from mjcalc.app.options import COMMAND_FLAGS

    try:
        words = split_line(text)
    except ValueError:  # the replay says why
        return None
    options = {flag.option for flag in COMMAND_FLAGS}
    for word in words:
        if word == "--":
            break
        if word.partition("=")[0] in options:
            return word
    return None


def _maker(real: str, strict_rules: bool) -> Callable[[], Session]:
    """How this FILE's sitting is replayed: a relative ``rules`` path in its header read against
    FILE's directory (the real file's, through a symbolic link), ``strict_rules`` as given."""
    directory = rules_directory(real)

    def make() -> Session:
        return Session(directory=directory, strict_rules=strict_rules)

    return make


def _resume(
    locked: Locked, make: Callable[[], Session]
) -> tuple[Session, int, tuple[int, int, int]]:
    """The sitting replayed to FILE's end, from the checkpoint when it holds: the session, the
    number of physical lines, and where the header line is (start and end offsets, number)."""
    saved = checkpoint.load(locked, make)
    if saved is not None:
        session, offset, count, header_at = saved
    else:
        session, offset, count, header_at = make(), 0, 0, (0, 0, 0)
    for line in locked.lines(offset, count):
        had_table = session.table is not None
        session.feed(line.number, line.raw)
        count = line.number
        if not had_table and session.table is not None:
            header_at = (line.start, line.end, line.number)
    return session, count, header_at


__all__ = [
    "Edit",
    "FileError",
    "Refused",
    "add",
    "delete",
    "insert",
    "replace",
    "start",
    "undo",
]
