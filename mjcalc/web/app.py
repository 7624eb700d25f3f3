"""The application: its settings, its routes, the page, error records, the OpenAPI document.

:func:`create_app` builds one ASGI application from :class:`Settings` (what ``mjcalc serve`` was
given). The page at ``/`` is one HTML document with its script and style sheet written into it
as the server starts: the phone that opens it makes no other request than the API's, so a token
in the page's URL is all it needs, and nothing is ever loaded from outside (FastAPI's own
documentation pages, which load theirs from a CDN, are turned off; ``/openapi.json`` stays).
The Content-Security-Policy of every answer allows that script and style sheet by their hashes
and nothing else inline.

Errors: a body that is not a request is 422, an oversized one 413, an unknown route 404, each
with an error record; anything unexpected is 500 with an ``internal_error`` record and one line
on the server's stderr — never a traceback, to the client or the terminal.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import html
import json
import sys
import threading
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from mjcalc import __version__
from mjcalc.errors import MjcalcError
from mjcalc.i18n import Lang
from mjcalc.schema import json_schema
from mjcalc.web import api, club, sitting
from mjcalc.web.guard import (
    MAX_BODY,
    ASGIApp,
    BodyTooLarge,
    OriginGuard,
    Receive,
    Scope,
    Send,
    TokenGuard,
    content_security_policy,
    error_body,
    json_response,
)
from mjcalc.web.sittings import Sittings


@dataclass(frozen=True)
class Settings:
    """What the server was started with.

    ``token``: required on every request when set (``mjcalc serve`` sets one off loopback).
    ``session``: the session file the session routes read and write (none: they answer 404).
    ``lang``: the page's first language.
    ``hosts``: the ``Host`` names answered besides loopback's (:class:`~mjcalc.web.guard.
    OriginGuard`): the address it is bound to, the machine's own, ``--allow-host``.
    ``directory``: the club night's directory, every ``<id>.jsonl`` in it a sitting (none: the
    sitting routes serve the session file alone, and start none).
    ``stop``: set when the server is asked to stop, so that the event streams end and let it.
    """

    token: str | None = None
    session: Path | None = None
    lang: Lang = "en"
    hosts: tuple[str, ...] = ()
    directory: Path | None = None
    stop: threading.Event = field(default_factory=threading.Event, compare=False)


def create_app(settings: Settings) -> ASGIApp:
    """The server's ASGI application: behind the origin guard (Host, Origin, Content-Type, the
    security headers), then the token guard when a token is set."""
    app = FastAPI(
        title="mjcalc",
        version=__version__,
        summary="Scoring for Chinese regional mahjong: the mjcalc JSON contract over HTTP",
        docs_url=None,
        redoc_url=None,
    )
    sittings = Sittings(settings.directory, settings.session, settings.stop)
    app.include_router(api.router)
    app.include_router(sitting.router(settings, sittings))
    app.include_router(club.router(settings, sittings))

    @app.get("/", include_in_schema=False)
    async def page() -> HTMLResponse:
        own = None if sittings.session is None else sittings.session.id
        club = settings.directory is not None
        return HTMLResponse(page_html(settings.lang, own is not None, sitting=own, club=club))

    app.add_exception_handler(api.BodyError, _body_error)
    app.add_exception_handler(BodyTooLarge, _too_large)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(Exception, _internal_error)
    app.openapi = lambda: openapi(app)  # type: ignore[method-assign]
    guarded: ASGIApp = ErrorGuard(app)
    if settings.token:
        guarded = TokenGuard(guarded, settings.token)
    return OriginGuard(guarded, settings.hosts, page_policy())


async def _body_error(request: Request, exc: Exception) -> Response:
    """A body that is not what the route takes: 422 and the error record."""
    assert isinstance(exc, api.BodyError)
    return json_response(exc.record(), 422)


async def _too_large(request: Request, exc: Exception) -> Response:
    return json_response(error_body("too_large", "web.too_large", limit=MAX_BODY), 413)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    path = request.url.path[:200]
    if exc.status_code == 405:
        body = error_body("method_not_allowed", "web.method", method=request.method, path=path)
    else:
        body = error_body("not_found", "web.not_found", path=path)
    return json_response(body, exc.status_code)


async def _internal_error(request: Request, exc: Exception) -> Response:
    """What Starlette's outermost middleware answers for an exception no route expected (it
    then raises it again, and :class:`ErrorGuard` keeps it from reaching Uvicorn)."""
    kind = _noted(exc, f"{request.method} {request.url.path}")
    return json_response(error_body("internal_error", "web.internal", kind=kind), 500)


NOTED = "_mjcalc_noted"


def _noted(exc: Exception, where: str) -> str:
    """One line on stderr for an unexpected exception (once, before the client is answered);
    its kind, for the record."""
    kind = type(exc).__name__
    if not getattr(exc, NOTED, False):
        sys.stderr.write(f"mjcalc serve: internal error ({kind}) on {where[:200]}\n")
        sys.stderr.flush()
        with contextlib.suppress(AttributeError):
            setattr(exc, NOTED, True)
    return kind


class ErrorGuard:
    """ASGI middleware: an exception no route expected becomes a 500 ``internal_error`` record
    and one line on stderr, and the server goes on."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def tracked(message: Any) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, tracked)
        except Exception as exc:  # a bug: noted in one line, the client answered, no traceback
            kind = _noted(exc, f"{scope.get('method', '')} {scope.get('path', '')}")
            if scope["type"] == "http" and not started:
                body = error_body("internal_error", "web.internal", kind=kind)
                await json_response(body, 500)(scope, receive, send)


# --- the page ---------------------------------------------------------------------------------


@cache
def _static(name: str) -> str:
    return (resources.files("mjcalc.web") / "static" / name).read_text(encoding="utf-8")


def page_html(
    lang: Lang, with_session: bool, *, sitting: str | None = None, club: bool = False
) -> str:
    """The page: ``index.html`` with its style sheet and script written in, and what the script
    starts from: the settings (first language, whether there is a session and its sitting's id,
    whether it is a club night's, which starts sittings) and mjcalc's own names for what it
    draws (:func:`_page_names`)."""
    settings = {"lang": lang, "session": with_session, "sitting": sitting, "club": club}
    start = json.dumps({**settings, **_page_names()})
    # the script and the style sheet go in last and whole: what runs is what :func:`page_policy`
    # hashed, whatever the settings' texts hold
    return (
        _static("index.html")
        .replace("{{START}}", html.escape(start, quote=True))
        .replace("{{LANG}}", "zh-CN" if lang == "zh" else "en")
        .replace("/*STYLE*/", _static("style.css"), 1)
        .replace("/*SCRIPT*/", _static("app.js"), 1)
    )


def _hash(source: str) -> str:
    digest = hashlib.sha256(source.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


@cache
def page_policy() -> str:
    """The Content-Security-Policy of every answer: the page's own inline script and style sheet
    allowed by their SHA-256 hashes, nothing else inline, nothing from another origin."""
    return content_security_policy((_hash(_static("app.js")),), (_hash(_static("style.css")),))


@cache
def _page_names() -> dict[str, Any]:
    """Each tile's glyph and Chinese name by its code, and the names of the ledger sections of
    every installed ruleset (whose texts come with it): the page draws them from mjcalc's own
    tables rather than copies of them."""
    from mjcalc.i18n import CATALOGUE
    from mjcalc.rules.plugins import plugins
    from mjcalc.rules.registry import load_rules
    from mjcalc.tiles import N_ALL, code, glyph, zh_name

    for name in plugins():
        with contextlib.suppress(MjcalcError):  # a plug-in that cannot load: its sections by key
            load_rules(name)
    sections = {
        key.removeprefix("section."): list(pair)
        for key, pair in CATALOGUE.items()
        if key.startswith("section.")
    }
    tiles = {code(t): [glyph(t), zh_name(t)] for t in range(N_ALL)}
    return {"tiles": tiles, "sections": sections}


# --- OpenAPI ----------------------------------------------------------------------------------

BODIES: dict[tuple[str, str], tuple[str, str]] = {
    ("/api/score", "post"): ("request", "result"),
    ("/api/waits", "post"): ("request", "waits"),
}
"""The routes whose bodies are the contract's: their schemas come from mjcalc's own models."""


def openapi(app: FastAPI) -> dict[str, Any]:
    """The OpenAPI document, with the request, result and waits schemas generated from the same
    Pydantic models as ``mjcalc schema`` (routes read their bodies themselves, to bound them)."""
    if app.openapi_schema:
        return app.openapi_schema
    doc = get_openapi(title=app.title, version=app.version, summary=app.summary, routes=app.routes)
    components: dict[str, Any] = doc.setdefault("components", {}).setdefault("schemas", {})
    for (path, method), (body, answer) in BODIES.items():
        operation = doc["paths"][path][method]
        request = _hoisted(json_schema(body), components, f"{body.title()}Body")
        operation["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": request}},
        }
        result = _hoisted(json_schema(answer), components, answer.title())
        operation["responses"]["200"]["content"]["application/json"]["schema"] = result
    app.openapi_schema = doc
    return doc


def _hoisted(schema: dict[str, Any], components: dict[str, Any], name: str) -> dict[str, Any]:
    """A JSON Schema document's ``$defs`` moved into the OpenAPI components (its references
    rewritten to point there) and the schema itself stored as ``name``: a reference to it."""
    text = json.dumps(schema).replace('"#/$defs/', '"#/components/schemas/')
    moved = json.loads(text)
    components.update(moved.pop("$defs", {}))
    moved.pop("$schema", None)
    components[name] = moved
    return {"$ref": f"#/components/schemas/{name}"}
