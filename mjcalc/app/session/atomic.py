"""Whole or nothing: FILE locked, read by physical lines, and rewritten through a temporary
file (:mod:`mjcalc.app.session.store` says why, and what it guarantees).

A :class:`Locked` FILE is opened, exclusively ``flock``-ed (the file now at its path: after a
rename by a writer that held the lock before, the new one is locked instead), read line by line
with each line's byte offsets, and replaced by :meth:`Locked.write`: a temporary file beside it
(same permissions, owner where allowed), ``fsync``, ``os.replace``, ``fsync`` of the directory.
:func:`create` makes a new FILE the same way, never over an existing one. Every failure of the
operating system becomes a :class:`FileError` naming the case (read-only, disk full…).

For tests only: ``MJCALC_TEST_PAUSE_WRITE=locked|partial|renamed`` stops the process
(``SIGSTOP``) at that point of a write — with the lock held; with half the new content in the
temporary file; just after the rename — so a test can kill it there.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import secrets
import signal
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, Any, Literal

from mjcalc.app.lines import MAX_LINE, drain_line
from mjcalc.errors import MjcalcError

CHUNK = 1 << 16
PAUSE_ENV = "MJCALC_TEST_PAUSE_WRITE"
WAIT = 10.0
"""How long a writer waits for FILE's lock by default, in seconds, before it gives up."""
POLL = 0.05


FileProblem = Literal[
    "missing",
    "no_dir",
    "read_only",
    "read_only_dir",
    "read_only_fs",
    "denied",
    "disk_full",
    "not_regular",
    "is_dir",
    "symlink",
    "exists",
    "os",
]


class FileError(MjcalcError):
    """FILE cannot be read or written; ``problem`` says why. Nothing was changed."""

    def __init__(self, problem: FileProblem, key: str, **params: object) -> None:
        made = MjcalcError.from_key("invalid_request", key, **params)
        super().__init__("invalid_request", made.message, message_zh=made.message_zh)
        self.problem: FileProblem = problem


@dataclass(frozen=True, slots=True)
class Line:
    """One physical line: its number, where it starts and ends in FILE (the newline included),
    and its bytes as the replay reads them (cut after ``MAX_LINE + 1`` bytes)."""

    number: int
    start: int
    end: int
    raw: bytes


def scan(stream: IO[bytes], offset: int = 0, number: int = 0) -> Iterator[Line]:
    """The physical lines of ``stream`` from ``offset`` (line ``number + 1`` on), in bounded
    memory: as :func:`mjcalc.app.lines.bounded_lines` reads them, with their byte offsets."""
    stream.seek(offset)
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        end = offset + len(raw)
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            end += drain_line(stream)
        number += 1
        yield Line(number, offset, end, raw)
        offset = end


def real_path(path: str) -> str:
    """The file a change writes: FILE, or the file its symbolic links lead to (the link stays)."""
    return os.path.realpath(path)


class LockTimeout(MjcalcError):
    """Another writer held FILE's lock longer than ``wait`` seconds: nothing was written."""

    def __init__(self, path: str, wait: float) -> None:
        made = MjcalcError.from_key(
            "invalid_request", "err.store.locked", file=path, seconds=f"{wait:g}"
        )
        super().__init__("locked", made.message, message_zh=made.message_zh)


def take_lock(
    fd: int, path: str, wait: float, waiting: Callable[[str, float], None] | None
) -> None:
    """An exclusive ``flock`` on ``fd``: tried without blocking, then polled until ``wait``
    seconds have passed (:class:`LockTimeout`); ``waiting`` is told once, at the first miss."""
    import fcntl
    import time

    deadline = time.monotonic() + wait
    told = False
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            pass
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.EACCES):
                raise
        if not told and waiting is not None:
            waiting(path, wait)
        told = True
        left = deadline - time.monotonic()
        if left <= 0:
            raise LockTimeout(path, wait)
        time.sleep(min(POLL, left))


class Locked:
    """FILE opened and exclusively locked (the file now at its path: see the module's text),
    waiting at most ``wait`` seconds for another writer's lock (:class:`LockTimeout`)."""

    def __init__(
        self,
        path: str,
        real: str,
        wait: float | None = None,
        waiting: Callable[[str, float], None] | None = None,
    ) -> None:
        self.path, self.real = path, real
        self.wait = WAIT if wait is None else wait
        self.waiting = waiting
        self.fd = -1
        self.size = 0
        self.mode = 0o644
        self.owner = (-1, -1)
        self.stream: IO[bytes] | None = None

    def __enter__(self) -> Locked:
        for _attempt in range(1000):
            fd = open_existing(self.path, self.real)
            try:
                take_lock(fd, self.path, self.wait, self.waiting)
                held = os.fstat(fd)
                try:
                    now = os.stat(self.real)
                except FileNotFoundError:
                    raise FileError("missing", "err.store.missing", file=self.path) from None
                if (now.st_dev, now.st_ino) != (held.st_dev, held.st_ino):
                    os.close(fd)  # renamed over while we waited: lock the new one
                    continue
            except BaseException:
                os.close(fd)
                raise
            self.fd = fd
            self.size = held.st_size
            self.mode = stat.S_IMODE(held.st_mode)
            self.owner = (held.st_uid, held.st_gid)
            if os.fstatvfs(fd).f_flag & os.ST_RDONLY:
                self.close()
                raise FileError("read_only_fs", "err.store.read_only_fs", file=self.path)
            if not self.mode & 0o222 or not os.access(self.real, os.W_OK):
                self.close()  # (root may write a file without write bits: it is still refused)
                raise FileError("read_only", "err.store.read_only", file=self.path)
            self.stream = open(fd, "rb", closefd=False)  # closed in close()
            pause("locked")
            return self
        raise FileError("os", "err.store.os", file=self.path, reason="the file keeps changing")

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self.stream is not None:
            self.stream.close()
            self.stream = None
        if self.fd >= 0:
            os.close(self.fd)  # releases the lock
            self.fd = -1

    def _in(self) -> IO[bytes]:
        assert self.stream is not None
        return self.stream

    def lines(self, offset: int = 0, number: int = 0) -> Iterator[Line]:
        return scan(self._in(), offset, number)

    def read(self, start: int, end: int) -> bytes:
        return os.pread(self.fd, end - start, start)

    def last_byte(self) -> bytes:
        return self.read(self.size - 1, self.size) if self.size else b""

    def text_of(self, line: Line) -> str:
        raw = self.read(line.start, min(line.end, line.start + MAX_LINE + 1))
        return raw.decode("utf-8", "replace").strip()

    def pieces(self, start: int, end: int) -> Iterator[bytes]:
        """FILE's bytes from ``start`` to ``end``, in pieces."""
        while start < end:
            piece = os.pread(self.fd, min(CHUNK, end - start), start)
            if not piece:
                return
            start += len(piece)
            yield piece

    # --- writing --------------------------------------------------------------------------

    def sha256(self, end: int) -> Any:
        """The SHA-256 object of FILE's bytes up to ``end``."""
        digest = hashlib.sha256()
        for piece in self.pieces(0, end):
            digest.update(piece)
        return digest

    def write_spliced(self, start: int, end: int, piece: bytes) -> Any:
        """FILE with its bytes from ``start`` to ``end`` replaced by ``piece``; the SHA-256
        object of the new content."""

        def content() -> Iterator[bytes]:
            yield from self.pieces(0, start)
            yield piece
            yield from self.pieces(end, self.size)

        digest = hashlib.sha256()
        self.write(content(), b"", digest)
        return digest

    def write(self, body: Iterator[bytes] | list[bytes], tail: bytes, digest: Any = None) -> None:
        """Write ``body`` then ``tail`` as FILE's new content: temporary file, fsync, rename."""
        directory = os.path.dirname(self.real) or "."
        fd, temp = temp_file(self.path, self.real, directory, 0o600)
        try:
            try:
                os.fchmod(fd, self.mode)
                if self.owner != (os.geteuid(), os.getegid()):
                    with contextlib.suppress(OSError):  # not ours to give: the file stays ours
                        os.fchown(fd, *self.owner)
                with open(fd, "wb", closefd=False) as out:
                    for piece in body:
                        out.write(piece)
                        if digest is not None:
                            digest.update(piece)
                    half = len(tail) // 2
                    out.write(tail[:half])
                    if os.environ.get(PAUSE_ENV) == "partial":
                        out.flush()
                        pause("partial")
                    out.write(tail[half:])
                    if digest is not None:
                        digest.update(tail)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(temp, self.real)
        except OSError as exc:
            unlink(temp)
            raise file_error(exc, self.path, directory) from None
        except BaseException:
            unlink(temp)
            raise
        pause("renamed")
        sync_dir(directory)


def open_existing(path: str, real: str) -> int:
    """FILE opened for reading (not blocking on a FIFO); :class:`FileError` saying why not."""
    try:
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        if exc.errno == errno.ENOENT:
            raise FileError("missing", "err.store.missing", file=path) from None
        if exc.errno in (errno.EACCES, errno.EPERM):
            raise FileError("denied", "err.store.denied", file=path) from None
        raise file_error(exc, path, os.path.dirname(real) or ".") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise FileError("is_dir", "err.store.is_dir", file=path)
        raise FileError("not_regular", "err.store.not_regular", file=path)
    os.set_blocking(fd, True)
    return fd


def create(path: str, directory: str, content: bytes) -> None:
    """A new FILE holding ``content``, atomically, never over an existing one: written to a
    temporary file first, then linked at FILE's name (which fails if the name was taken
    meanwhile)."""
    fd, temp = temp_file(path, path, directory, 0o666)
    try:
        try:
            with open(fd, "wb", closefd=False) as out:
                out.write(content)
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(temp, path)
        except FileExistsError:
            raise FileError("exists", "err.session.exists", file=path) from None
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
                raise
            # a file system without hard links: create-if-absent, then the rename
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            try:
                os.replace(temp, path)
            except BaseException:
                unlink(path)  # the empty placeholder: nothing is left behind
                raise
    except OSError as exc:
        raise file_error(exc, path, directory) from None
    finally:
        unlink(temp)  # linked at FILE's name, or renamed there, or failed: never kept
    sync_dir(directory)


def temp_file(path: str, real: str, directory: str, mode: int) -> tuple[int, str]:
    """A new temporary file beside ``real``, opened for writing: its descriptor and path."""
    name = os.path.basename(real)[:180]
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | os.O_NOFOLLOW
    for _attempt in range(100):
        temp = os.path.join(directory, f".{name}.{secrets.token_hex(6)}.tmp")
        try:
            return os.open(temp, flags, mode), temp
        except FileExistsError:
            continue
        except OSError as exc:
            raise file_error(exc, path, directory) from None
    raise FileError("os", "err.store.os", file=path, reason="no free temporary name")


def file_error(exc: OSError, path: str, directory: str) -> FileError:
    """The user's words for an operating system's failure to write ``path``."""
    code = exc.errno
    if code in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return FileError("disk_full", "err.store.disk_full", file=path)
    if code == errno.EROFS:
        return FileError("read_only_fs", "err.store.read_only_fs", file=path)
    if code in (errno.EACCES, errno.EPERM):
        return FileError("read_only_dir", "err.store.read_only_dir", file=path, dir=directory)
    if code in (errno.ENOENT, errno.ENOTDIR):
        return FileError("no_dir", "err.store.no_dir", dir=directory)
    reason = exc.strerror or str(exc)
    return FileError("os", "err.store.os", file=path, reason=reason)


def sync_dir(directory: str) -> None:
    """Make a rename in ``directory`` durable (where the file system allows it)."""
    try:
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a directory: the rename itself is still atomic
    finally:
        os.close(fd)


def unlink(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def pause(stage: str) -> None:
    """The tests' hook: stop here when ``MJCALC_TEST_PAUSE_WRITE`` names this stage."""
    if os.environ.get(PAUSE_ENV) == stage:
        os.kill(os.getpid(), signal.SIGSTOP)
