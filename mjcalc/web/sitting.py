"""The session routes: the sitting of the file ``mjcalc serve --session FILE`` was given.

``GET /api/session`` replays the file as ``mjcalc session FILE --json`` does and answers its
records and its summary (the same objects, and the players' names beside them for the page).
Writes go through :mod:`mjcalc.app.session.store`, the same functions as ``--add`` and
``--undo``: each replays the sitting, refuses a line that would fail, and replaces the file
atomically under a file lock. The lock serialises processes; inside this one server an
:class:`asyncio.Lock` keeps one write at a time too, so concurrent posts queue rather than
hold threads waiting on the lock. The file is never named by a client.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from fastapi import APIRouter
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from mjcalc.app.lines import bounded_lines
from mjcalc.app.session import replay, store
from mjcalc.app.session.header import rules_directory
from mjcalc.app.session.records import Summary
from mjcalc.errors import MjcalcError
from mjcalc.models import json_dumps
from mjcalc.web.api import body_object, text_field
from mjcalc.web.guard import error_body, error_of, json_response, read_body

if TYPE_CHECKING:
    from mjcalc.web.app import Settings


def session_json(path: Path) -> str:
    """``{"records": [...], "summary": {...}, "players": {...}}``: the records and the summary
    as ``mjcalc session FILE --json`` writes them, and the players' names from the header."""
    # a relative ``rules`` path in the header is read against the file's own directory, as
    # ``mjcalc session FILE`` and the store read it
    records: list[str] = []
    summary: Summary | None = None
    with path.open("rb") as stream:
        lines = bounded_lines(stream)
        for item in replay(lines, directory=rules_directory(str(path))):
            if isinstance(item, Summary):  # the last item, after one record per line
                summary = item
            else:
                records.append(item.to_json())
    assert summary is not None
    inner = summary.body_json()
    players = json_dumps(summary.players)
    return f'{{"records":[{",".join(records)}],"summary":{inner},"players":{players}}}'


def router(settings: Settings) -> APIRouter:
    """The session routes over ``settings.session`` (each answers 404 without one)."""
    routes = APIRouter(prefix="/api/session")
    path = settings.session
    lock = asyncio.Lock()

    def missing() -> Response:
        return json_response(error_body("no_session", "web.no_session"), 404)

    @routes.get("", summary="The sitting: records and summary (as `mjcalc session FILE --json`)")
    async def read_session() -> Response:
        if path is None:
            return missing()
        try:  # no lock: FILE is only ever replaced whole, by a rename
            text = await run_in_threadpool(session_json, path)
        except OSError as exc:  # moved or removed while serving: say so, and go on serving
            reason = exc.strerror or type(exc).__name__
            body = error_body("session_unreadable", "web.session_unreadable", reason=reason)
            return json_response(body, 500)
        return json_response(text)

    @routes.post("/lines", summary="Add a hand or event line (as `mjcalc session FILE --add`)")
    async def add_line(request: Request) -> Response:
        example = '{"line": "draw"}'
        line = text_field(body_object(await read_body(request), example), "line", example)
        if path is None:
            return missing()
        async with lock:
            add = partial(store.add, str(path), line, wait=WAIT)
            answer = await run_in_threadpool(_edit, add)
        return _answered(answer)

    @routes.post("/undo", summary="Remove the last hand or event line (`--undo`)")
    async def undo_line() -> Response:
        if path is None:
            return missing()
        async with lock:
            undo = partial(store.undo, str(path), wait=WAIT)
            answer = await run_in_threadpool(_edit, undo)
        return _answered(answer)

    return routes


WAIT = 10.0
"""How long a write of the server waits for FILE's lock held by another process (seconds)."""

RETRY_AFTER = "2"
"""Seconds a client is asked to wait before it tries a write again that found FILE locked."""


def _answered(answer: str | tuple[str, int]) -> Response:
    """200 with the change's answer, or 503 with ``Retry-After`` when FILE stayed locked."""
    if isinstance(answer, tuple):
        response = json_response(answer[0], answer[1])
        response.headers["Retry-After"] = RETRY_AFTER
        return response
    return json_response(answer)


def _edit(change: Callable[[], store.Edit]) -> str | tuple[str, int]:
    """One change through the store (``change``: :func:`store.add` or :func:`store.undo`, its
    arguments given): ``{"ok": true, "action", "line", "text", "record", "summary"}``, or
    ``{"ok": false, "line"?, "error", "record"?}`` when it was refused (the file unchanged)."""
    try:
        edit = change()
    except store.Refused as exc:
        record = exc.record.to_json()
        error = json_dumps(error_of(exc))
        return f'{{"ok":false,"line":{exc.record.line},"error":{error},"record":{record}}}'
    except store.LockTimeout as exc:  # another process holds FILE: nothing was written
        return json_dumps({"ok": False, "error": error_of(exc)}), 503
    except MjcalcError as exc:
        return json_dumps({"ok": False, "error": error_of(exc)})
    head = json_dumps({"ok": True, "action": edit.action, "line": edit.line, "text": edit.text})
    record = "null" if edit.record is None else edit.record.to_json()
    summary = edit.summary.body_json()
    return f'{head[:-1]},"record":{record},"summary":{summary}}}'
