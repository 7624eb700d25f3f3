"""The session routes: the sitting of the file ``mjcalc serve --session FILE`` was given.

``GET /api/session`` answers the records and the summary ``mjcalc session FILE --json`` gives
(the same objects, and the players' names beside them for the page), from a replay the server
keeps (:class:`~mjcalc.app.session.follow.Follower`: the file is replayed once, then fed only
what is appended), and with ``since``/``mark`` only the records a phone does not hold yet.
Writes go through :mod:`mjcalc.app.session.store`, the same functions as ``--add`` and
``--undo``: each replays the sitting, refuses a line that would fail, and replaces the file
atomically under a file lock. The lock serialises processes; inside this one server an
:class:`asyncio.Lock` keeps one write at a time too, so concurrent posts queue rather than
hold threads waiting on the lock; that lock and the replay are the ones the sitting routes
(:mod:`mjcalc.web.club`) use for the same file, so both kinds of route queue together. A write
sent with an ``Idempotency-Key`` the server has answered gets that answer again and changes
nothing (a phone's retry), and a write whose client closed the connection while it queued is
not made. The file is never named by a client.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from fastapi import APIRouter
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from mjcalc.app.session import store
from mjcalc.errors import MjcalcError
from mjcalc.models import json_dumps
from mjcalc.web.api import body_object, text_field
from mjcalc.web.guard import error_body, error_of, json_response, read_body

if TYPE_CHECKING:
    from mjcalc.web.app import Settings
    from mjcalc.web.sittings import Sittings


def router(settings: Settings, sittings: Sittings) -> APIRouter:
    """The session routes over ``settings.session`` (each answers 404 without one), sharing its
    replay and its lock with the sitting routes (:mod:`mjcalc.web.club`)."""
    routes = APIRouter(prefix="/api/session")
    path = settings.session
    shared = sittings.session
    lock = asyncio.Lock() if shared is None else shared.lock
    follower = None if shared is None else shared.follower
    answers = Answers()

    def missing() -> Response:
        return json_response(error_body("no_session", "web.no_session"), 404)

    @routes.get("", summary="The sitting: records and summary (as `mjcalc session FILE --json`)")
    async def read_session(since: int = 0, mark: str = "") -> Response:
        """Every record, or with ``since=N&mark=M`` (the ``lines`` and ``mark`` of an earlier
        answer) only those after line N while the file still holds those N lines unchanged;
        ``since`` in the answer says which was sent (0: all, start again)."""
        if follower is None:
            return missing()
        try:  # no lock: FILE is only ever replaced whole, by a rename
            body = await run_in_threadpool(follower.answer, max(since, 0), mark)
        except OSError as exc:  # moved or removed while serving: say so, and go on serving
            reason = exc.strerror or type(exc).__name__
            error = error_body("session_unreadable", "web.session_unreadable", reason=reason)
            return json_response(error, 500)
        return json_response(body)

    @routes.post(
        "/lines",
        summary="Add a hand or event line (as `mjcalc session FILE --add`)",
        description="Send an `Idempotency-Key` header to make a retry safe: a key already "
        "answered gets the first answer and writes nothing.",
    )
    async def add_line(request: Request) -> Response:
        example = '{"line": "draw"}'
        line = text_field(body_object(await read_body(request), example), "line", example)
        if path is None:
            return missing()
        add = partial(store.add, str(path), line, wait=WAIT)
        return await write_once(request, lock, answers, f"add\n{line}", partial(_edit, add))

    @routes.post(
        "/undo",
        summary="Remove the last hand or event line (`--undo`)",
        description="An `Idempotency-Key` header makes a retry safe, as for `/lines`.",
    )
    async def undo_line(request: Request) -> Response:
        if path is None:
            return missing()
        undo = partial(store.undo, str(path), wait=WAIT)
        return await write_once(request, lock, answers, "undo", partial(_edit, undo))

    return routes


async def write_once(
    request: Request,
    lock: asyncio.Lock,
    answers: Answers,
    what: str,
    change: Callable[[], Response],
) -> Response:
    """``change`` made (in a thread), one at a time under ``lock``; a retry with the
    ``Idempotency-Key`` of a change already made (or refused) is given that first answer, and a
    change whose client has gone is not made. ``what`` says what the change is: a key sent again
    with another change is 422. An answer of 499 or 5xx (nothing was written) is not kept."""
    key = request.headers.get(IDEMPOTENCY_KEY)
    async with lock:
        if key is not None:
            first = answers.get(key, what)
            if first is not None:
                return first
        if await request.is_disconnected():  # the client gave up while it queued
            return json_response(error_body("client_gone", "web.client_gone"), 499)
        response = await run_in_threadpool(change)
        if key is not None and response.status_code < 499:
            answers.keep(key, what, response)
    return response


IDEMPOTENCY_KEY = "Idempotency-Key"
"""The header a client sends with a write it may retry: the same key, the same first answer."""

KEPT_ANSWERS = 1024
"""How many answers of keyed writes the server keeps (the oldest are forgotten first)."""


class Answers:
    """The answers of the last :data:`KEPT_ANSWERS` writes made with an ``Idempotency-Key``, by
    key: a phone whose connection dropped after its post was written retries with the same key
    and gets the first answer, so its line is added once. Kept in memory, for the life of the
    server; a write given up on (503) is not kept, as nothing was written."""

    def __init__(self) -> None:
        self._kept: OrderedDict[str, tuple[str, Response]] = OrderedDict()

    def get(self, key: str, what: str) -> Response | None:
        """The first answer to ``key``; 422 when ``key`` was used for another change."""
        kept = self._kept.get(key)
        if kept is None:
            return None
        if kept[0] != what:
            return json_response(error_body("invalid_request", "web.key_reused"), 422)
        first = kept[1]
        return Response(first.body, first.status_code, media_type=first.media_type)

    def keep(self, key: str, what: str, response: Response) -> None:
        self._kept[key] = (what, response)
        while len(self._kept) > KEPT_ANSWERS:
            self._kept.popitem(last=False)


WAIT = 10.0
"""How long a write of the server waits for FILE's lock held by another process (seconds)."""

RETRY_AFTER = "2"
"""Seconds a client is asked to wait before it tries a write again that found FILE locked."""


def locked(exc: store.LockTimeout) -> Response:
    """503 with ``Retry-After``: another process held FILE's lock, nothing was written."""
    response = json_response(json_dumps({"ok": False, "error": error_of(exc)}), 503)
    response.headers["Retry-After"] = RETRY_AFTER
    return response


def refused_json(exc: store.Refused) -> str:
    """``{"ok": false, "line", "error", "record"}``: the line the sitting refused."""
    record = exc.record.to_json()
    error = json_dumps(error_of(exc))
    return f'{{"ok":false,"line":{exc.record.line},"error":{error},"record":{record}}}'


def edit_json(edit: store.Edit, sitting_id: str | None = None) -> str:
    """``{"ok": true, "action", "line", "text", "record", "summary"}``: what a change did (with
    ``"id"`` after ``"ok"``: the sitting's, when given)."""
    named = {} if sitting_id is None else {"id": sitting_id}
    head = json_dumps(
        {"ok": True, **named, "action": edit.action, "line": edit.line, "text": edit.text}
    )
    record = "null" if edit.record is None else edit.record.to_json()
    summary = edit.summary.body_json()
    return f'{head[:-1]},"record":{record},"summary":{summary}}}'


def _edit(change: Callable[[], store.Edit]) -> Response:
    """One change through the store (``change``: :func:`store.add` or :func:`store.undo`, its
    arguments given): 200 with :func:`edit_json`, or with ``{"ok": false, "line"?, "error",
    "record"?}`` when it was refused (the file unchanged); 503 when FILE stayed locked."""
    try:
        edit = change()
    except store.Refused as exc:
        return json_response(refused_json(exc))
    except store.LockTimeout as exc:  # another process holds FILE: nothing was written
        return locked(exc)
    except MjcalcError as exc:
        return json_response(json_dumps({"ok": False, "error": error_of(exc)}))
    return json_response(edit_json(edit))
