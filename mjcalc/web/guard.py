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


def json_response(
    body: dict[str, Any] | str | bytes, status: int = 200, **headers: str
) -> Response:
    """``body`` (a dict, or JSON text or UTF-8 already written by a use case) as a JSON response."""
    content = body if isinstance(body, str | bytes) else json_dumps(body)
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


# --- the request's origin: Host, Origin, Content-Type, and the headers of every answer -------

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""The methods that change nothing: every other one is a write and must send JSON."""

CSP_BASE = (
    "default-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
)
"""The Content-Security-Policy of every answer, before the page's own script and style hashes."""


def content_security_policy(scripts: tuple[str, ...] = (), styles: tuple[str, ...] = ()) -> str:
    """The policy: :data:`CSP_BASE`, and the inline scripts and style sheets allowed by hash
    (``'sha256-…'`` sources; none given: no inline script or style at all)."""
    parts = list(CSP_BASE)
    parts.insert(1, "script-src " + (" ".join(scripts) or "'self'"))
    parts.insert(2, "style-src " + (" ".join(styles) or "'self'"))
    return "; ".join(parts)


def host_name(value: str) -> tuple[str, int | None] | None:
    """A ``Host`` header (or an origin's authority) as its name and port: lower case, an IPv6
    address without its brackets, no final dot; ``None`` when it is not a host at all."""
    value = value.strip().lower()
    port: str | None = None
    if value.startswith("["):
        name, bracket, rest = value[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            return None
        port = rest[1:] if rest else None
    elif value.count(":") == 1:
        name, _, port = value.partition(":")
    elif ":" in value:  # an IPv6 address without its brackets (and so without a port)
        try:
            name = str(ipaddress.IPv6Address(value))
        except ValueError:
            return None
    else:
        name = value
    name = name.removesuffix(".")
    if not name or any(c in name for c in "/\\@?#% ") or (port is not None and not port.isdigit()):
        return None
    return name, (int(port) if port else None)


def is_loopback_name(name: str) -> bool:
    """``localhost`` or a loopback address (127.x, ``::1``): names this machine only."""
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


DEFAULT_PORTS = {"http": 80, "https": 443}


class OriginGuard:
    """ASGI middleware, outside every other: what a browser elsewhere could make of the server.

    * a ``Host`` header the server was not started for (DNS rebinding: a name of the attacker's
      pointed at this machine) is 421, before anything else is read;
    * an ``Origin`` header that is not the server's own (the scheme and the ``Host`` the request
      names) is 403: a page of another site cannot read or write, even a "simple" request;
    * a write (any method but GET, HEAD, OPTIONS) whose ``Content-Type`` is not
      ``application/json`` is 415: an HTML form or a no-cors fetch cannot send one;
    * every answer carries :data:`HEADERS`: the Content-Security-Policy, ``nosniff``, no referrer.

    ``hosts``: the names allowed besides loopback's (the address it is bound to, the machine's
    own when bound to every address, ``--allow-host``)."""

    def __init__(self, app: ASGIApp, hosts: tuple[str, ...] = (), csp: str | None = None) -> None:
        self.app = app
        parsed = (host_name(h) for h in hosts)
        self._names = frozenset(h[0] for h in parsed if h is not None)
        policy = csp or content_security_policy()
        self._headers = [
            (b"content-security-policy", policy.encode("latin-1")),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
        ]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refused = self._refusal(scope)
        if scope["type"] == "websocket":
            if refused is None:
                await self.app(scope, receive, send)
            else:
                await send({"type": "websocket.close", "code": 1008})
            return

        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", ())}
                extra = [(n, v) for n, v in self._headers if n not in names]
                message["headers"] = [*message.get("headers", ()), *extra]
            await send(message)

        if refused is None:
            await self.app(scope, receive, headed)
            return
        status, code, key, params = refused
        await json_response(error_body(code, key, **params), status)(scope, receive, headed)

    def _refusal(self, scope: Scope) -> tuple[int, str, str, dict[str, object]] | None:
        headers: dict[bytes, list[str]] = {}
        for name, value in scope.get("headers", ()):
            headers.setdefault(name.lower(), []).append(value.decode("latin-1"))
        hosts = headers.get(b"host", [])
        host = host_name(hosts[0]) if len(hosts) == 1 else None
        if host is None or not self._host_allowed(host):
            shown = hosts[0][:100] if hosts else ""
            return 421, "misdirected", "web.misdirected", {"host": shown}
        origins = headers.get(b"origin", [])
        if origins and not (len(origins) == 1 and self._same_origin(origins[0], host, scope)):
            return 403, "cross_origin", "web.cross_origin", {"origin": origins[0][:100]}
        if scope["type"] == "http" and scope.get("method", "GET") not in SAFE_METHODS:
            kinds = headers.get(b"content-type", [])
            kind = kinds[0].split(";")[0].strip().lower() if len(kinds) == 1 else ""
            if kind != "application/json":
                return 415, "unsupported_media_type", "web.media_type", {"method": scope["method"]}
        return None

    def _host_allowed(self, host: tuple[str, int | None]) -> bool:
        """Loopback names, and the names the server was started for, on any port (a proxy in
        front may name its own)."""
        return is_loopback_name(host[0]) or host[0] in self._names

    @staticmethod
    def _same_origin(origin: str, host: tuple[str, int | None], scope: Scope) -> bool:
        """Whether ``origin`` is the server's own: the scheme of the request, the name and port
        of its ``Host``. ``null`` (a sandboxed frame, a file) is no one's."""
        scheme, sep, authority = origin.strip().lower().partition("://")
        given = host_name(authority) if sep else None
        own = {"ws": "http", "wss": "https"}.get(scope.get("scheme", "http"), scope.get("scheme"))
        if given is None or scheme != own or scheme not in DEFAULT_PORTS:
            return False
        default = DEFAULT_PORTS[scheme]
        return (given[0], given[1] or default) == (host[0], host[1] or default)
