"""What a browser elsewhere could make of the server, refused for every route by one ASGI
middleware (:class:`mjcalc.web.guard.OriginGuard`): a ``Host`` it was not started for (DNS
rebinding) is 421, another site's ``Origin`` 403, a write that is not JSON 415; and every answer
carries the Content-Security-Policy, ``nosniff`` and no referrer. Raw requests, to loopback only."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import http.client
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mjcalc.web.app import page_html, page_policy
from mjcalc.web.guard import OriginGuard, host_name, is_loopback_name
from tests.support.worked import XINGGUO, XINGGUO_PAYMENTS
from tests.web.conftest import Answer, LiveServer, session_file


def raw(
    server: LiveServer, method: str, path: str, body: bytes | None = None, **headers: str
) -> Answer:
    """A request with exactly these headers (``Host`` among them when given; http.client adds
    its own otherwise), nothing added for JSON."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        names = {k.lower().replace("_", "-"): v for k, v in headers.items()}
        connection.putrequest(method, path, skip_host="host" in names, skip_accept_encoding=True)
        for name, value in names.items():
            connection.putheader(name, value)
        if body is not None:
            connection.putheader("content-length", str(len(body)))
        connection.endheaders(body)
        response = connection.getresponse()
        return Answer(response.status, response.read(), dict(response.getheaders()))
    finally:
        connection.close()


def refused(answer: Answer, status: int, code: str) -> None:
    assert answer.status == status, answer.body
    record = answer.json
    assert record["ok"] is False and record["error"]["code"] == code
    assert record["error"]["message"] and record["error"]["message_zh"]
    assert answer.headers["content-type"].startswith("application/json")


BODY = json.dumps(XINGGUO).encode()


# --- Content-Type: a write sends JSON ------------------------------------------------------------


@pytest.mark.parametrize(
    "kind",
    [
        None,
        "text/plain",
        "text/plain; charset=utf-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/json-patch+json",
        "application/jsonx",
        "",
    ],
)
def test_a_write_that_is_not_json_is_415(server: LiveServer, kind: str | None) -> None:
    headers = {} if kind is None else {"content_type": kind}
    answer = raw(server, "POST", "/api/score", BODY, **headers)
    refused(answer, 415, "unsupported_media_type")
    assert "application/json" in answer.json["error"]["message"]
    assert "application/json" in answer.json["error"]["message_zh"]


@pytest.mark.parametrize(
    "kind",
    ["application/json", "application/json; charset=utf-8", "Application/JSON ;charset=UTF-8"],
)
def test_json_with_parameters_is_taken(server: LiveServer, kind: str) -> None:
    answer = raw(server, "POST", "/api/score", BODY, content_type=kind)
    assert answer.status == 200 and answer.json["payments"] == XINGGUO_PAYMENTS


@pytest.mark.parametrize("method", ["PUT", "PATCH", "DELETE", "PROPFIND"])
def test_every_write_method_on_every_route_needs_json(server: LiveServer, method: str) -> None:
    for path in ("/api/score", "/api/session/undo", "/", "/a/route/added/later"):
        refused(
            raw(server, method, path, b"{}", content_type="text/plain"),
            415,
            "unsupported_media_type",
        )
        # with JSON the route answers as it always did (405 / 404), not the guard
        assert raw(server, method, path, b"{}", content_type="application/json").status in (
            404,
            405,
        )


def test_reads_need_no_content_type(server: LiveServer) -> None:
    assert raw(server, "GET", "/api/rules").status == 200
    assert raw(server, "GET", "/").status == 200


def test_a_text_plain_line_or_undo_leaves_the_sitting_byte_identical(
    serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    path = session_file(tmp_path)
    path.write_bytes(path.read_bytes() + b'{"event": "draw"}\n')
    before = path.read_bytes()
    server = serve(session=path)
    line = b'{"line": "draw"}'
    refused(
        raw(server, "POST", "/api/session/lines", line, content_type="text/plain"),
        415,
        "unsupported_media_type",
    )
    # an HTML form with enctype=text/plain: name=value and CRLF
    form = b'{"line": "draw", "x": "=y"}\r\n'
    refused(
        raw(server, "POST", "/api/session/lines", form, content_type="text/plain"),
        415,
        "unsupported_media_type",
    )
    refused(raw(server, "POST", "/api/session/undo"), 415, "unsupported_media_type")
    refused(
        raw(server, "POST", "/api/session/undo", b"", content_type="text/plain"),
        415,
        "unsupported_media_type",
    )
    assert path.read_bytes() == before
    # the page's own way still writes
    assert server.post("/api/session/lines", {"line": "draw"}).json["ok"] is True
    assert server.post("/api/session/undo").json["ok"] is True
    assert path.read_bytes() == before


# --- Origin: only the server's own ---------------------------------------------------------------


@pytest.mark.parametrize(
    "origin",
    [
        "http://attacker.example",
        "https://attacker.example",
        "null",
        "http://127.0.0.1",  # another port: another origin
        "http://127.0.0.1:1",
        "https://127.0.0.1:{port}",  # another scheme
        "http://localhost:{port}",  # another host than the request's
        "file://",
        "garbage",
        "",
    ],
)
def test_another_origin_is_403_on_reads_and_writes(server: LiveServer, origin: str) -> None:
    given = origin.format(port=server.port)
    refused(
        raw(server, "POST", "/api/score", BODY, content_type="application/json", origin=given),
        403,
        "cross_origin",
    )
    refused(raw(server, "GET", "/api/rules", origin=given), 403, "cross_origin")
    refused(raw(server, "GET", "/", origin=given), 403, "cross_origin")


def test_the_servers_own_origin_is_taken(server: LiveServer) -> None:
    port = server.port
    for host, origin in [
        (f"127.0.0.1:{port}", f"http://127.0.0.1:{port}"),
        (f"localhost:{port}", f"http://LOCALHOST:{port}"),
        (f"[::1]:{port}", f"http://[::1]:{port}"),
    ]:
        answer = raw(
            server,
            "POST",
            "/api/score",
            BODY,
            host=host,
            origin=origin,
            content_type="application/json",
        )
        assert answer.status == 200, (host, origin, answer.body)


def test_the_origin_check_comes_before_the_token(serve: Callable[..., LiveServer]) -> None:
    server = serve(token="s3cret")
    auth = {"authorization": "Bearer s3cret"}
    refused(
        raw(server, "GET", "/api/rules", None, origin="http://attacker.example", **auth),
        403,
        "cross_origin",
    )
    assert raw(server, "GET", "/api/rules", None, origin=server.url, **auth).status == 200
    refused(raw(server, "GET", "/api/rules", origin=server.url), 401, "unauthorized")


def test_a_preflight_from_another_origin_is_refused(server: LiveServer) -> None:
    answer = raw(
        server,
        "OPTIONS",
        "/api/score",
        origin="http://attacker.example",
        access_control_request_method="POST",
    )
    refused(answer, 403, "cross_origin")
    assert "access-control-allow-origin" not in {k.lower() for k in answer.headers}


# --- Host: only the names the server was started for ---------------------------------------------


@pytest.mark.parametrize(
    "host",
    [
        "attacker.example",
        "attacker.example:{port}",
        "127.0.0.1.attacker.example",
        "localhost.attacker.example",
        "10.0.0.1:{port}",
        "",
        "a b",
        "[::1",
        "user@127.0.0.1",
        "[::1]x",
    ],
)
def test_a_host_it_was_not_started_for_is_421(server: LiveServer, host: str) -> None:
    given = host.format(port=server.port)
    refused(raw(server, "GET", "/", host=given), 421, "misdirected")
    refused(raw(server, "GET", "/api/rules", host=given), 421, "misdirected")
    refused(
        raw(server, "POST", "/api/score", BODY, host=given, content_type="application/json"),
        421,
        "misdirected",
    )


def test_the_421_names_the_host_and_the_flag(server: LiveServer) -> None:
    error = raw(server, "GET", "/", host="attacker.example").json["error"]
    assert "attacker.example" in error["message"] and "--allow-host" in error["message"]
    assert "attacker.example" in error["message_zh"] and "--allow-host" in error["message_zh"]


@pytest.mark.parametrize(
    "host",
    [
        "localhost",
        "localhost:{port}",
        "LocalHost.",
        "127.0.0.1",
        "127.0.0.1:{port}",
        "127.1.2.3:{port}",
        "[::1]",
        "[::1]:{port}",
        "::1",
    ],
)
def test_loopback_names_are_answered(server: LiveServer, host: str) -> None:
    answer = raw(
        server,
        "POST",
        "/api/score",
        BODY,
        host=host.format(port=server.port),
        content_type="application/json",
    )
    assert answer.status == 200 and answer.json["payments"] == XINGGUO_PAYMENTS


def test_allowed_hosts_are_answered(serve: Callable[..., LiveServer]) -> None:
    server = serve(hosts=("table.lan", "192.168.1.20"))
    for host in (
        "table.lan",
        "TABLE.LAN.",
        f"table.lan:{server.port}",
        "192.168.1.20:80",
        "localhost",
    ):
        assert raw(server, "GET", "/api/rules", host=host).status == 200, host
        origin = f"http://{host}"
        assert raw(server, "GET", "/api/rules", host=host, origin=origin).status == 200, host
    for host in ("other.lan", "table.lan.attacker.example", "192.168.1.21"):
        refused(raw(server, "GET", "/api/rules", host=host), 421, "misdirected")


# --- the headers of every answer -----------------------------------------------------------------


def directives(policy: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        out[name] = sources
    return out


def assert_security_headers(answer: Answer) -> None:
    headers = {k.lower(): v for k, v in answer.headers.items()}
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    policy = directives(headers["content-security-policy"])
    assert policy["default-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    flat = " ".join(" ".join(v) for v in policy.values())
    assert "unsafe" not in flat and "*" not in flat and "http" not in flat


def test_every_answer_carries_the_security_headers(serve: Callable[..., LiveServer]) -> None:
    open_server = serve()
    for answer in (
        raw(open_server, "GET", "/"),
        raw(open_server, "GET", "/api/rules"),
        raw(open_server, "GET", "/openapi.json"),
        raw(open_server, "GET", "/no/such/route"),
        raw(open_server, "POST", "/api/score", b"[", content_type="application/json"),
        raw(open_server, "POST", "/api/score", BODY),  # 415
        raw(open_server, "GET", "/", origin="null"),  # 403
        raw(open_server, "GET", "/", host="attacker.example"),  # 421
    ):
        assert_security_headers(answer)
    guarded = serve(token="s3cret")
    answer = raw(guarded, "GET", "/")
    assert answer.status == 401
    assert_security_headers(answer)


def sha256(source: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode()).digest()).decode() + "'"


def test_the_page_runs_only_its_own_hashed_script_and_style(server: LiveServer) -> None:
    answer = raw(server, "GET", "/")
    page = answer.body.decode("utf-8")
    policy = directives(
        {k.lower(): v for k, v in answer.headers.items()}["content-security-policy"]
    )
    scripts = re.findall(r"<script\b[^>]*>(.*?)</script>", page, re.S)
    styles = re.findall(r"<style\b[^>]*>(.*?)</style>", page, re.S)
    assert len(scripts) == 1 and len(styles) == 1
    assert policy["script-src"] == [sha256(scripts[0])]
    assert policy["style-src"] == [sha256(styles[0])]
    # nothing else inline that the policy would have to allow: no handler, no style attribute,
    # no javascript: URL
    assert re.findall(r"\son[a-z]+\s*=|\sstyle\s*=|javascript:", page, re.I) == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_hashes_hold_whatever_the_settings(lang: str) -> None:
    policy = directives(page_policy())
    for with_session in (True, False):
        page = page_html("zh" if lang == "zh" else "en", with_session)
        assert policy["script-src"] == [
            sha256(re.findall(r"<script>(.*?)</script>", page, re.S)[0])
        ]
        assert policy["style-src"] == [sha256(re.findall(r"<style>(.*?)</style>", page, re.S)[0])]


# --- the pieces ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("localhost", ("localhost", None)),
        ("LOCALHOST:8765", ("localhost", 8765)),
        ("example.org.", ("example.org", None)),
        ("[::1]:80", ("::1", 80)),
        ("[::1]", ("::1", None)),
        ("::1", ("::1", None)),
        ("127.0.0.1:0", ("127.0.0.1", 0)),
        ("", None),
        (":80", None),
        ("a:b", None),
        ("[::1", None),
        ("[::1]:x", None),
        ("a/b", None),
        ("a@b", None),
        ("1:2:3", None),
    ],
)
def test_host_name(value: str, expected: Any) -> None:
    assert host_name(value) == expected


def test_loopback_names() -> None:
    assert all(map(is_loopback_name, ["localhost", "127.0.0.1", "127.9.9.9", "::1"]))
    assert not any(map(is_loopback_name, ["localhost.example", "10.0.0.1", "::", "0.0.0.0", "x"]))


def test_lifespan_passes_through() -> None:
    seen: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.append(scope["type"])

    asyncio.run(OriginGuard(app)({"type": "lifespan"}, None, None))  # type: ignore[arg-type]
    assert seen == ["lifespan"]
