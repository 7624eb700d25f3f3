"""What keeps the server safe on a shared network: the token, bounded bodies, error records.

* **The token.** Bound to a loopback address (127.0.0.1, ``::1``, ``localhost``) the server is
  reachable only from this machine and needs no token unless one is given. On any other address
  every request must carry it, as ``Authorization: Bearer TOKEN`` or ``?token=TOKEN`` (how the
  page's URL carries it to a phone), else 401. :class:`TokenGuard` is plain ASGI middleware, so
  it answers before any route runs, the OpenAPI document and the page included; the comparison
  takes the same time whatever the guess.
* **Bounded bodies.** :func:`read_body` reads at most :data:`MAX_BODY` bytes, whether or not the
  client sent a length, and refuses more with 413: a request is one line of ``mjcalc batch``,
  and the same limit holds (:data:`mjcalc.app.lines.MAX_LINE`).
* **Error records.** Every refusal is a JSON error record in the contract's shape (``ok``
  false, ``error`` with ``code``, ``message``, ``message_zh``), never a traceback.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import Response

from mjcalc.app.lines import MAX_LINE
from mjcalc.errors import MjcalcError
from mjcalc.i18n import add_texts, text
from mjcalc.models import ErrorOut, json_dumps
from mjcalc.web.texts import TEXTS

add_texts(TEXTS)  # before any of them is said: every module of the server imports this one

MAX_BODY = MAX_LINE
"""The largest request body read (16 KiB): what ``mjcalc batch`` reads of one line."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def is_loopback(host: str) -> bool:
    """Whether binding ``host`` keeps the server to this machine (no token needed)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:  # a host name: it may resolve anywhere
        return False


def new_token() -> str:
    """A random token for a server on the network: 128 bits, URL-safe."""
    return secrets.token_urlsafe(16)


def error_body(code: str, key: str, /, **params: object) -> dict[str, Any]:
    """An error record of the server's own (``unauthorized``, ``too_large``…), both languages."""
    return {
        "schema": 1,
        "ok": False,
        "error": {
            "code": code,
            "message": text(key, "en", **params),
            "message_zh": text(key, "zh", **params),
        },
    }


def error_of(exc: MjcalcError) -> dict[str, Any]:
    """The ``error`` object of a result for ``exc``: ``code``, ``message``, and ``message_zh``
    and ``column`` when it has them."""
    return ErrorOut.of(exc).model_dump(mode="json", exclude_none=True)


def error_record(exc: MjcalcError) -> dict[str, Any]:
    """The error record answering a request refused with ``exc`` (:func:`error_body`'s shape,
    the error's own texts and column)."""
    return {"schema": 1, "ok": False, "error": error_of(exc)}


def json_response(body: dict[str, Any] | str, status: int = 200, **headers: str) -> Response:
    """``body`` (a dict, or JSON text already written by a use case) as a JSON response."""
    content = body if isinstance(body, str) else json_dumps(body)
    return Response(content, status, headers or None, media_type="application/json")


class BodyTooLarge(Exception):
    """A body over :data:`MAX_BODY`: answered 413."""


async def read_body(request: Request, limit: int = MAX_BODY) -> bytes:
    """The request's body, refused (:class:`BodyTooLarge`) as soon as it passes ``limit`` bytes:
    a declared length over it is refused unread, a chunked body while it streams."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise BodyTooLarge
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge
        chunks.append(chunk)
    return b"".join(chunks)


class TokenGuard:
    """ASGI middleware: every HTTP request must carry ``token`` (header or query), else 401."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self._token = token.encode("utf-8")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self._allowed(scope):
            await self.app(scope, receive, send)
            return
        body = error_body("unauthorized", "web.unauthorized")
        response = json_response(body, 401, **{"WWW-Authenticate": "Bearer"})
        await response(scope, receive, send)

    def _allowed(self, scope: Scope) -> bool:
        given: list[bytes] = []
        for name, value in scope.get("headers", ()):
            if name == b"authorization" and value[:7].lower() == b"bearer ":
                given.append(value[7:].strip())
        query = scope.get("query_string", b"").decode("latin-1")
        given += [v.encode("utf-8") for v in parse_qs(query).get("token", [])]
        # every candidate compared, each in constant time
        return any([hmac.compare_digest(g, self._token) for g in given])
