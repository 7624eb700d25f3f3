"""The sitting routes of a club night (``mjcalc serve --dir DIR``): every table's sitting by id.

Each table's phones read, add to, fix and follow their own sitting, and anyone can start a new
one: ``/api/sittings`` lists and starts them, ``/api/sittings/{id}`` is one of them. A sitting is
named by its id only (:mod:`mjcalc.web.sittings`), never by a path. Everything goes through the
same use cases as ``mjcalc session``: a new sitting's header is built as ``--new`` builds it
(:mod:`mjcalc.app.session.new`, the same bytes for the same fields), each line is added,
inserted, replaced or deleted by :mod:`mjcalc.app.session.store` (replayed, refused with the
command's own message when the sitting would not replay, the file then byte-identical, written
atomically under its lock), and the settlement is :mod:`mjcalc.app.session.settle`'s. Writes to
one sitting queue one at a time (its lock, shared with ``/api/session`` for the ``--session``
file); an ``Idempotency-Key`` makes any write safe to retry.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from mjcalc.app.session import new, settle, store
from mjcalc.app.session.atomic import FileError
from mjcalc.errors import MjcalcError
from mjcalc.i18n import Bilingual
from mjcalc.models import SEATS, json_dumps
from mjcalc.rules.registry import example_name
from mjcalc.web import sitting as session_routes
from mjcalc.web.api import BodyError, body_object, named_rules, text_field
from mjcalc.web.guard import error_body, error_of, error_record, json_response, read_body
from mjcalc.web.sittings import Sitting, Sittings, valid_id

if TYPE_CHECKING:
    from mjcalc.web.app import Settings

NEW_FIELDS = ("rules", "names", "dealer", "options", "balances", "points", "id")
"""What a body starting a sitting may hold: the header fields of ``session --new`` and an id."""

LINE_BODY = {
    "type": "object",
    "required": ["line"],
    "properties": {
        "line": {"type": "string", "description": "a hand or event line, as `--add` takes it"},
        "before": {"type": "integer", "minimum": 1, "description": "insert before this line"},
    },
}
NEW_BODY = {
    "type": "object",
    "required": ["rules"],
    "properties": {
        "rules": {"type": "string", "description": "an installed ruleset, by name"},
        "names": {"type": "object", "description": 'players by seat: {"E": "Ann"}'},
        "dealer": {"type": "string", "enum": list(SEATS)},
        "options": {"type": "object", "description": "the table's ruleset options"},
        "balances": {"type": ["object", "integer"], "description": "silver by seat, or one"},
        "points": {"type": ["object", "integer"], "description": "rank points by seat, or one"},
        "id": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]{0,63}$"},
    },
}


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


def router(settings: Settings, sittings: Sittings) -> APIRouter:
    """The ``/api/sittings`` routes over ``sittings``."""
    routes = APIRouter(prefix="/api/sittings")
    answers = session_routes.Answers()

    def missing(sitting_id: str) -> Response:
        shown = sitting_id[:80]
        return json_response(error_body("no_sitting", "web.no_sitting", id=shown), 404)

    @routes.get(
        "",
        summary="Every sitting served: id, ruleset, players, lines, last change",
        description="A list of `{id, rules, names, lines, updated}`: `names` the header's "
        "players by seat, `lines` the hand and event lines, `updated` the file's last change "
        "(ISO 8601, UTC). The `--session` file first, then DIR's files by id.",
    )
    async def list_sittings() -> Response:
        return json_response(json_dumps(await run_in_threadpool(sittings.listing)))

    @routes.post(
        "",
        status_code=201,
        summary="Start a sitting (as `mjcalc session FILE --new`)",
        description="The header fields of `session --new`: `rules` (an installed ruleset), "
        "`names` by seat, `dealer`, `options`, `balances` and `points` (by seat, or one number "
        "for every seat). The file is byte for byte what `--new` writes for them. Its id is "
        "the date, the ruleset and a counter (`2026-12-07-RULES-1`), or `id` when given: "
        "409 when it is taken. 201 with the id, the header line and the summary; 422 when the "
        "header would not replay. An `Idempotency-Key` header makes a retry safe.",
        openapi_extra=_body(NEW_BODY),
    )
    async def start_sitting(request: Request) -> Response:
        data = body_object(await read_body(request), _new_example())
        fields, given = _new_fields(data)
        if sittings.directory is None:
            return json_response(error_body("no_sitting", "web.no_directory"), 404)
        what = "new\n" + json.dumps(data, sort_keys=True, ensure_ascii=False)
        change = partial(_started, sittings, fields, given)
        return await session_routes.write_once(request, sittings.creating, answers, what, change)

    @routes.get(
        "/{sitting_id}",
        summary="One sitting: records and summary (as `mjcalc session FILE --json`)",
        description="As `GET /api/session`: every record, or with `since=N&mark=M` (the "
        "`lines` and `mark` of an earlier answer) only those after line N while the file "
        "still holds those lines unchanged; `since` in the answer says which was sent.",
    )
    async def read_sitting(sitting_id: str, since: int = 0, mark: str = "") -> Response:
        found = sittings.get(sitting_id)
        if found is None:
            return missing(sitting_id)
        try:
            body = await run_in_threadpool(found.follower.answer, max(since, 0), mark)
        except OSError:
            return missing(sitting_id)
        head = json_dumps({"id": found.id}).encode()
        return json_response(head[:-1] + b"," + body[1:])

    @routes.post(
        "/{sitting_id}/lines",
        summary="Add a line, or insert it before line `before` (`--add`, `--insert`)",
        description='`{"line": "...", "before"?: N}`: a hand or event line as `--add` '
        "takes it. 200 with `{ok, action, line, text, record, summary}`; 409 with the "
        "command's own message when the sitting refuses it (the file unchanged); 503 and "
        "`Retry-After` when another process holds the file's lock. `Idempotency-Key` makes a "
        "retry safe.",
        openapi_extra=_body(LINE_BODY),
    )
    async def add_line(sitting_id: str, request: Request) -> Response:
        example = '{"line": "draw"}'
        data = body_object(await read_body(request), example)
        line = text_field(data, "line", example)
        before = data.get("before")
        if before is not None and not _is_line_number(before):
            raise _bad("web.line_number", field="before", got=repr(before)[:40])
        found = sittings.get(sitting_id)
        if found is None:
            return missing(sitting_id)
        path = str(found.path)
        wait = session_routes.WAIT
        if before is None:
            change = partial(store.add, path, line, wait=wait)
            what = f"{found.id}\nadd\n{line}"
        else:
            change = partial(store.insert, path, before, line, wait=wait)
            what = f"{found.id}\ninsert {before}\n{line}"
        return await _write(request, found, what, change)

    @routes.put(
        "/{sitting_id}/lines/{number}",
        summary="Replace line N (`--replace N LINE`)",
        description='`{"line": "..."}` in place of physical line N (as `mjcalc session '
        "FILE` numbers them). Answers as for adding a line.",
        openapi_extra=_body(
            {"type": "object", "required": ["line"], "properties": {"line": {"type": "string"}}}
        ),
    )
    async def replace_line(sitting_id: str, number: str, request: Request) -> Response:
        example = '{"line": "draw"}'
        line = text_field(body_object(await read_body(request), example), "line", example)
        n = _number(number)
        found = sittings.get(sitting_id)
        if found is None:
            return missing(sitting_id)
        change = partial(store.replace, str(found.path), n, line, wait=session_routes.WAIT)
        return await _write(request, found, f"{found.id}\nreplace {n}\n{line}", change)

    @routes.delete(
        "/{sitting_id}/lines/{number}",
        summary="Delete line N (`--delete N`)",
        description="Never the header. Send `Content-Type: application/json`, as every write "
        "must (the body may be empty). Answers as for adding a line.",
    )
    async def delete_line(sitting_id: str, number: str, request: Request) -> Response:
        await read_body(request)  # none is needed, but any is bounded as every body is
        n = _number(number)
        found = sittings.get(sitting_id)
        if found is None:
            return missing(sitting_id)
        change = partial(store.delete, str(found.path), n, wait=session_routes.WAIT)
        return await _write(request, found, f"{found.id}\ndelete {n}", change)

    @routes.get(
        "/{sitting_id}/events",
        summary="The sitting's changes, as Server-Sent Events",
        description="`text/event-stream`: an event each time the file changes, whoever "
        "changed it (a phone, or `mjcalc session FILE --add` in a terminal), within a second. "
        "Each event's `id` is `LINES-MARK` and its data `{lines, mark, summary, players}`; the "
        "first is the state when the stream opens, unless it is the one `Last-Event-ID` names "
        "(a reconnect: sent at once only if the file changed since).",
        responses={200: {"content": {"text/event-stream": {}}, "description": "the stream"}},
    )
    async def sitting_events(sitting_id: str, request: Request) -> Response:
        found = sittings.get(sitting_id)
        if found is None:
            return missing(sitting_id)
        last = request.headers.get("last-event-id")
        return StreamingResponse(
            found.watch.stream(last),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )

    @routes.get(
        "/{sitting_id}/settle",
        summary="Who pays whom (as `mjcalc session FILE --settle --json`)",
        description="The fewest transfers that settle every seat's total, each seat's fees to "
        "the house apart; with `rate` (money per point, a decimal from 0 up) each one's money "
        "to the cent, and `currency` (a symbol or code) beside it.",
    )
    async def settle_sitting(
        sitting_id: str, rate: str | None = None, currency: str | None = None
    ) -> Response:
        try:
            parsed = None if rate is None else settle.parse_rate(rate)
            shown = None if currency is None else settle.check_currency(currency)
        except MjcalcError as exc:
            raise BodyError(exc) from None
        found = sittings.get(sitting_id)
        if found is None:
            return missing(sitting_id)
        try:
            state = await run_in_threadpool(found.follower.state)
        except OSError:
            return missing(sitting_id)
        summary = json.loads(state.summary)
        try:
            settled = settle.settle(
                summary["totals"],
                fees=state.fees,
                players=json.loads(state.players),
                rate=parsed,
                currency=shown,
            )
        except MjcalcError as exc:
            return json_response(error_record(exc), 409)
        return json_response(settled.to_json())

    async def _write(
        request: Request, found: Sitting, what: str, change: Callable[[], store.Edit]
    ) -> Response:
        edit = partial(_edited, found.id, change)
        return await session_routes.write_once(request, found.lock, answers, what, edit)

    return routes


# --- reading bodies and numbers -----------------------------------------------------------------


def _new_example() -> str:
    """A body starting a sitting, to show in a message: an installed ruleset's name."""
    return json.dumps({"rules": example_name()})


def _bad(key: str, **params: object) -> BodyError:
    return BodyError(MjcalcError.from_key("invalid_request", key, **params))


def _is_line_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 10**9


def _number(text: str) -> int:
    """A line number in a route's path: ASCII digits, from 1 (422 otherwise)."""
    if not (text.isascii() and text.isdigit() and 0 < len(text) <= 9 and int(text) >= 1):
        raise _bad("web.line_number", field="N", got=repr(text)[:40])
    return int(text)


def _per_seat(value: object, name: str) -> dict[str, Any]:
    """``balances`` or ``points``: by seat as given, or one number for every seat (as
    ``--balance N``); anything else is left to the header's own check."""
    if isinstance(value, int) and not isinstance(value, bool):
        return dict.fromkeys(SEATS, value)
    if value is None:
        return {}
    if isinstance(value, dict):
        return value
    kind = Bilingual("an object by seat or a whole number", "按座位的对象或一个整数")
    raise _bad("web.new_field", field=name, kind=kind)


def _new_fields(data: dict[str, Any]) -> tuple[new.NewSitting, str | None]:
    """The header fields of a body starting a sitting, and the id it asks for (422 for a body
    that is not one; the header itself is checked as the replay reads it)."""
    unknown = [key for key in data if key not in NEW_FIELDS]
    if unknown:
        raise _bad("web.new_unknown", fields=", ".join(sorted(unknown))[:200])
    rules = text_field(data, "rules", _new_example())
    refused = named_rules(rules)
    if refused is not None:
        raise BodyError(refused)
    for name in ("names", "options"):
        if not isinstance(data.get(name, {}), dict):
            raise _bad("web.new_field", field=name, kind=Bilingual("an object", "对象"))
    dealer = data.get("dealer")
    if dealer is not None and not isinstance(dealer, str):
        seat = Bilingual("a seat (E, S, W, N)", "座位（E、S、W、N）")
        raise _bad("web.new_field", field="dealer", kind=seat)
    given = data.get("id")
    if given is not None and not valid_id(given):
        raise _bad("web.bad_id", got=repr(given)[:80])
    fields = new.NewSitting(
        rules=rules,
        players=data.get("names") or {},
        dealer=dealer,
        balances=_per_seat(data.get("balances"), "balances"),
        points=_per_seat(data.get("points"), "points"),
        options=data.get("options") or {},
    )
    return fields, given


# --- the changes, in a thread -------------------------------------------------------------------


def _edited(sitting_id: str, change: Callable[[], store.Edit]) -> Response:
    """One change of a sitting: 200 with what it did; 409 when refused (the file unchanged),
    with the command's own message; 503 when the file stayed locked; 404 when it is gone."""
    try:
        edit = change()
    except store.Refused as exc:
        return json_response(session_routes.refused_json(exc), 409)
    except store.LockTimeout as exc:
        return session_routes.locked(exc)
    except FileError as exc:
        if exc.problem == "missing":
            return json_response(error_body("no_sitting", "web.no_sitting", id=sitting_id), 404)
        return json_response(json_dumps({"ok": False, "error": error_of(exc)}), 500)
    except MjcalcError as exc:  # no such line, the header, nothing to remove
        return json_response(json_dumps({"ok": False, "error": error_of(exc)}), 409)
    return json_response(session_routes.edit_json(edit))


def _started(sittings: Sittings, fields: new.NewSitting, given: str | None) -> Response:
    """A new sitting's file, under ``given`` or the first free id of the day: 201 with the id,
    the header line and the summary; 409 when ``given`` is taken; 422 when the header would not
    replay."""
    for _attempt in range(1000):
        sitting_id = given or sittings.new_id(fields.rules)
        path = sittings.path_of(sitting_id)
        if path is None or (given is not None and sittings.taken(given)):
            return _taken(sitting_id)
        try:
            edit = new.start(str(path), fields, wait=session_routes.WAIT)
        except FileError as exc:
            if exc.problem != "exists":
                return json_response(json_dumps({"ok": False, "error": error_of(exc)}), 500)
            if given is not None:
                return _taken(sitting_id)
            continue  # made by another process meanwhile: the next number
        except store.Refused as exc:
            return json_response(session_routes.refused_json(exc), 422)
        except MjcalcError as exc:
            return json_response(error_record(exc), 422)
        return json_response(session_routes.edit_json(edit, sitting_id), 201)
    return _taken(given or "")


def _taken(sitting_id: str) -> Response:
    return json_response(error_body("sitting_exists", "web.sitting_exists", id=sitting_id), 409)
