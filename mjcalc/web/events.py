"""A sitting's changes as Server-Sent Events: one watcher per file, shared by all its listeners.

A phone on ``GET /api/sittings/{id}/events`` is told each time the sitting's file changes,
whoever changed it: another phone through the server, or ``mjcalc session FILE --add`` in a
terminal, which the server never hears of. So the file itself is watched: while anyone listens,
one task per sitting looks at its ``stat`` every :data:`POLL` seconds and, when it changed, brings
the replay up to date (:meth:`~mjcalc.app.session.follow.Follower.state`, in a thread: only the
new lines are replayed) and hands the new state to every listener.

A listener never holds anyone up: each has a mailbox of one (:class:`Mailbox`), and a new state
replaces one not yet sent, so a phone on a slow network gets the latest state, not a queue of
old ones, and writers and other listeners never wait for it. Each event's ``id`` names the state
(``LINES-MARK``): a phone reconnecting with ``Last-Event-ID`` is sent the state at once when the
file has changed since, and only then.

On shutdown (``stop`` set: Ctrl-C on ``mjcalc serve``) every watcher ends its listeners' streams,
so the server is not kept waiting for connections that would never close themselves.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass

from mjcalc.app.session.follow import Follower, State

POLL = 0.25
"""Seconds between two looks at a watched file's ``stat``."""

HEARTBEAT = 15.0
"""Seconds of silence after which a stream sends a comment line, so that idle connections are
not dropped by the network in between (and a listener gone is noticed)."""

RETRY = 2000
"""Milliseconds a browser waits before it reconnects a dropped stream (the ``retry:`` field)."""


@dataclass(frozen=True)
class Event:
    """One state of the file, as an event: its id and its data."""

    id: str
    data: str

    @classmethod
    def of(cls, state: State) -> Event:
        """``id: LINES-MARK``, ``data: {"lines", "mark", "summary", "players"}``."""
        head = f'{{"lines":{state.lines},"mark":"{state.mark}"'
        data = f'{head},"summary":{state.summary},"players":{state.players}}}'
        return cls(f"{state.lines}-{state.mark}", data)

    def frame(self) -> bytes:
        """The event as the stream sends it (the data is one line of JSON)."""
        return f"id: {self.id}\nevent: sitting\ndata: {self.data}\n\n".encode()


class Closed:
    """What a listener is given when the server stops: its stream ends."""


CLOSED = Closed()


class Mailbox:
    """One listener's next event: at most one waits; a newer one replaces it (drop to latest)."""

    def __init__(self) -> None:
        self._item: Event | Closed | None = None
        self._ready = asyncio.Event()

    def put(self, item: Event | Closed) -> None:
        if isinstance(self._item, Closed):
            return  # closed stays closed
        self._item = item
        self._ready.set()

    async def get(self, timeout: float) -> Event | Closed | None:
        """The next item, or ``None`` when nothing came within ``timeout`` seconds."""
        try:
            await asyncio.wait_for(self._ready.wait(), timeout)
        except TimeoutError:
            return None
        item = self._item
        if not isinstance(item, Closed):
            self._ready.clear()
            self._item = None
        return item


class Watch:
    """The listeners of one sitting file and the task that watches it for them (running only
    while someone listens)."""

    def __init__(self, path: str, follower: Follower, stop: threading.Event) -> None:
        self._path = path
        self._follower = follower
        self._stop = stop
        self._listeners: set[Mailbox] = set()
        self._task: asyncio.Task[None] | None = None
        self._stat: tuple[int, int, int] | None = None
        self._last: Event | None = None

    @property
    def listeners(self) -> int:
        return len(self._listeners)

    async def now(self) -> Event:
        """The file's state as it is now (``OSError`` when it cannot be read)."""
        state = await asyncio.to_thread(self._follower.state)
        return Event.of(state)

    async def stream(self, last_id: str | None) -> AsyncIterator[bytes]:
        """One listener's stream: the state at once unless it is ``last_id``'s, then each change,
        a comment line now and then, until the listener leaves or the server stops."""
        mailbox = Mailbox()
        self._listeners.add(mailbox)
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())
        try:
            yield f"retry: {RETRY}\n\n".encode()
            sent = last_id
            try:
                first: Event | None = await self.now()
            except OSError:
                first = None
            if first is not None and first.id != sent:
                sent = first.id
                yield first.frame()
            while not self._stop.is_set():
                item = await mailbox.get(HEARTBEAT)
                if isinstance(item, Closed):
                    return
                if item is None:
                    yield b": still here\n\n"
                elif item.id != sent:
                    sent = item.id
                    yield item.frame()
        finally:
            self._listeners.discard(mailbox)

    async def _run(self) -> None:
        """Look at the file every :data:`POLL` seconds while anyone listens; hand each new
        state to every listener; end every stream when the server stops."""
        try:
            while self._listeners:
                if self._stop.is_set():
                    for mailbox in list(self._listeners):
                        mailbox.put(CLOSED)
                    return
                await self._look()
                await asyncio.sleep(POLL)
        finally:
            self._task = None

    async def _look(self) -> None:
        try:
            stat = os.stat(self._path)
        except OSError:  # moved or removed: nothing to tell until it is back
            return
        key = (stat.st_ino, stat.st_size, stat.st_mtime_ns)
        if key == self._stat:
            return
        with contextlib.suppress(OSError):
            event = await self.now()
            self._stat = key
            if self._last is None or event.id != self._last.id:
                self._last = event
                for mailbox in list(self._listeners):
                    mailbox.put(event)
