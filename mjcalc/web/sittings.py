"""The sittings a server serves: every ``DIR/<id>.jsonl`` of ``mjcalc serve --dir DIR``, and the
file of ``--session FILE`` under its own id.

A phone names a sitting by its id, never by a path: an id is lower-case letters, digits and
hyphens (:data:`ID`), so it can only ever name a file directly in DIR, and one that is a regular
file ending in ``.jsonl`` at that. Each sitting has one :class:`Sitting` for the life of the
server, whichever route asks for it: its replay kept in memory (a
:class:`~mjcalc.app.session.follow.Follower`), the lock that queues the server's writes to it,
and the watch that tells its listeners when the file changes. The session routes
(``/api/session``) share the same one, so the two kinds of route never replay or lock the same
file twice.

New sittings are named from the date and the ruleset (``2026-12-07-shanghai-1``), or by the
client when the id it gives is valid and unused.
"""

from __future__ import annotations

import asyncio
import datetime
import json
import os
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mjcalc.app.session.follow import Follower
from mjcalc.app.session.header import rules_directory
from mjcalc.web.events import Watch

ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
"""A sitting's id: 1 to 64 lower-case ASCII letters, digits and hyphens, not starting with a
hyphen. No dot, no slash: it names a file in DIR and nothing else."""

SUFFIX = ".jsonl"


def local_date() -> datetime.date:
    """Today, where the club is: the date a new sitting's id starts with."""
    return datetime.date.today()


def valid_id(given: object) -> bool:
    return isinstance(given, str) and ID.fullmatch(given) is not None


def slug(text: str, fallback: str = "sitting") -> str:
    """``text`` made into an id: lower case, every run of other characters one hyphen."""
    made = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:64].strip("-")
    return made or fallback


@dataclass
class Sitting:
    """One served sitting: its id, its file, the replay kept of it, the lock its writes queue
    on, the watch of its listeners."""

    id: str
    path: Path
    follower: Follower
    watch: Watch
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @classmethod
    def of(cls, sitting_id: str, path: Path, stop: threading.Event) -> Sitting:
        follower = Follower(str(path), directory=rules_directory(str(path)))
        return cls(sitting_id, path, follower, Watch(str(path), follower, stop))

    def listing(self) -> dict[str, Any] | None:
        """``{"id", "rules", "names", "lines", "updated"}`` (``None`` when the file has gone):
        the header's ruleset and players, the hand and event lines, the time of the last change
        (ISO 8601, UTC)."""
        try:
            state = self.follower.state()
            changed = os.stat(self.path).st_mtime
        except OSError:
            return None
        summary = json.loads(state.summary)
        when = datetime.datetime.fromtimestamp(changed, datetime.UTC)
        return {
            "id": self.id,
            "rules": summary.get("rules"),
            "names": json.loads(state.players),
            "lines": summary.get("lines", 0),
            "updated": when.isoformat(timespec="seconds").replace("+00:00", "Z"),
        }


class Sittings:
    """Every sitting of the server, by id: the files of ``directory`` and the ``session`` file
    (served under the id of its name, before a file of DIR with the same id)."""

    def __init__(self, directory: Path | None, session: Path | None, stop: threading.Event) -> None:
        self.directory = directory
        self._stop = stop
        self._lock = threading.Lock()
        self._known: dict[str, Sitting] = {}
        self.session: Sitting | None = None
        if session is not None:
            self.session = Sitting.of(slug(session.stem), session, stop)
        self.creating = asyncio.Lock()
        """Held while a new sitting's id is chosen and its file made."""

    def get(self, sitting_id: str) -> Sitting | None:
        """The sitting of ``sitting_id``, or ``None``: an id that is not one, or names no
        regular file in DIR."""
        if self.session is not None and sitting_id == self.session.id:
            return self.session
        path = self.path_of(sitting_id)
        if path is None or not path.is_file():
            return None
        with self._lock:
            known = self._known.get(sitting_id)
            if known is None:
                known = self._known[sitting_id] = Sitting.of(sitting_id, path, self._stop)
        return known

    def path_of(self, sitting_id: str) -> Path | None:
        """Where the sitting of ``sitting_id`` is (or would be) in DIR: ``None`` without a DIR
        or for an id that is not one."""
        if self.directory is None or not valid_id(sitting_id):
            return None
        return self.directory / f"{sitting_id}{SUFFIX}"

    def taken(self, sitting_id: str) -> bool:
        """Whether ``sitting_id`` already names a sitting (or any file in DIR)."""
        path = self.path_of(sitting_id)
        own = self.session is not None and sitting_id == self.session.id
        return own or (path is not None and os.path.lexists(path))

    def ids(self) -> list[str]:
        """The ids served: the session file's first, then DIR's in order."""
        found = [] if self.session is None else [self.session.id]
        if self.directory is not None:
            try:
                names = sorted(os.listdir(self.directory))
            except OSError:
                names = []
            for name in names:
                stem = name.removesuffix(SUFFIX)
                fits = name.endswith(SUFFIX) and valid_id(stem) and stem not in found
                if fits and (self.directory / name).is_file():
                    found.append(stem)
        return found

    def listing(self) -> list[dict[str, Any]]:
        """Each served sitting's :meth:`Sitting.listing` (replays each file once, then follows
        it)."""
        out = []
        for sitting_id in self.ids():
            sitting = self.get(sitting_id)
            shown = None if sitting is None else sitting.listing()
            if shown is not None:
                out.append(shown)
        return out

    def new_id(self, rules: str, today: datetime.date | None = None) -> str:
        """The first free id of the day for ``rules``: ``2026-12-07-shanghai-1``, ``-2``…"""
        day = (today or local_date()).isoformat()
        base = f"{day}-{slug(rules, 'rules')}"[:60]
        number = 1
        while self.taken(f"{base}-{number}"):
            number += 1
        return f"{base}-{number}"
