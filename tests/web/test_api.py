"""The HTTP API through a real server: the same JSON as the command line, bounded bodies,
refusals as error records, and the server still serving after each of them."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.support.cli import run
from tests.support.fuzz_inputs import SEATS, flush_hand, request_dict
from tests.support.worked import SHANGHAI, SHANGHAI_PAYMENTS, XINGGUO, XINGGUO_PAYMENTS
from tests.web.conftest import LiveServer


def varied_requests(count: int, seed: int = 21) -> list[dict[str, Any]]:
    """``count`` requests of the bundled rulesets: hands that score, hands that do not, fields
    of the wrong type, unknown fields (the fuzzers' generator, seeded)."""
    rng = random.Random(seed)
    requests = []
    for n in range(count):
        request = request_dict(rng, rng.choice(["xingguo", "shanghai"]))
        if n % 2:  # a hand Shanghai may let win, in a plain varied situation
            winner, dealer = rng.choice(SEATS), rng.choice(SEATS)
            discarder = rng.choice([None, *(s for s in SEATS if s != winner)])
            request = {"rules": "shanghai", "hand": flush_hand(rng), "winner": winner}
            request |= {"dealer": dealer, "discarder": discarder, "flowers": rng.randint(0, 3)}
        requests.append(request)
    return requests


def test_a_worked_hand_scores_as_documented(server: LiveServer) -> None:
    for request, payments in ((XINGGUO, XINGGUO_PAYMENTS), (SHANGHAI, SHANGHAI_PAYMENTS)):
        answer = server.post("/api/score", request)
        assert answer.status == 200
        assert answer.headers["content-type"] == "application/json"
        assert answer.json["ok"] is True
        assert answer.json["payments"] == payments


def test_two_hundred_hands_give_the_json_of_batch(server: LiveServer) -> None:
    requests = varied_requests(200)
    lines = "".join(json.dumps(r) + "\n" for r in requests)  # lone surrogates escaped
    batch = run("batch", "-", "--json", stdin=lines)
    records = [json.loads(line) for line in batch.stdout.split("\n") if line]
    assert len(records) == 200
    scored = sum(r["ok"] for r in records)
    assert 50 <= scored <= 180  # the mix holds hands that score and hands that do not
    for request, record in zip(requests, records, strict=True):
        answer = server.post("/api/score", request)
        assert answer.status == 200  # scored or not: a request gets its result
        del record["line"]
        assert answer.json == record, request


def test_the_answer_is_the_commands_own_text(server: LiveServer) -> None:
    """Not only equal once parsed: the same bytes as ``score --json``."""
    cli = run("score", "11122233344455m", "--rules", "shanghai", "--discarder", "S", "--json")
    answer = server.post("/api/score", {**SHANGHAI, "discarder": "S"})
    assert answer.body.decode() == cli.stdout.strip()


@pytest.mark.parametrize(
    ("hand", "flags"),
    [
        ("123m456p789s11z23m", ["--rules", "xingguo", "--jing", "9s"]),
        ("1122m3344p5566s7s", ["--rules", "xingguo", "--jing", "9p"]),
        ("1112345678999m", ["--rules", "shanghai"]),
        ("1112223334445m", ["--rules", "shanghai", "--winner", "S", "--dealer", "W"]),
        ("1112345678999m1p", ["--rules", "shanghai"]),  # 14 tiles: what to discard
        ("12m45p78s1234567z", ["--rules", "xingguo", "--jing", "3p"]),  # far from ready
    ],
)
def test_waits_give_the_json_of_the_waits_command(
    server: LiveServer, hand: str, flags: list[str]
) -> None:
    cli = run("waits", hand, *flags, "--json")
    request: dict[str, Any] = {"hand": hand}
    for name, value in zip(flags[::2], flags[1::2], strict=True):
        request[name.removeprefix("--")] = value
    answer = server.post("/api/waits", request)
    assert answer.status == 200
    assert answer.json == json.loads(cli.stdout)
    assert answer.json["ok"] is True


def test_rules_give_the_json_of_the_rules_command(server: LiveServer) -> None:
    assert server.get("/api/rules").json == json.loads(run("rules", "--json").stdout)
    for name in ("xingguo", "shanghai"):
        answer = server.get(f"/api/rules/{name}")
        assert answer.status == 200
        assert answer.json == json.loads(run("rules", name, "--json").stdout)


def test_an_unknown_ruleset_is_404_with_its_error(server: LiveServer) -> None:
    answer = server.get("/api/rules/tokyo")
    assert answer.status == 404
    assert answer.json["error"]["code"] == "unknown_rules"
    assert "tokyo" in answer.json["error"]["message"]


@pytest.mark.parametrize(
    "rules", ["/dev/zero", "/dev/stdin", "rulesets/xingguo.toml", "../x.toml", "/etc/passwd"]
)
def test_a_client_never_names_a_file(server: LiveServer, rules: str) -> None:
    """A ruleset path is refused unread (``/dev/zero`` would never end; the file exists)."""
    for route in ("/api/score", "/api/waits"):
        answer = server.post(route, {"rules": rules, "hand": "11122233344455m"}, timeout=10)
        assert answer.status == 200
        assert answer.json["ok"] is False
        assert answer.json["error"]["code"] == "unknown_rules"
        assert "xingguo" in answer.json["error"]["message"]  # the names it does take


@pytest.mark.parametrize(
    "body",
    [
        b"",
        b"[1, 2]",
        b'"11122233344455m"',
        b"11122233344455m --rules shanghai",
        b"{not json",
        b'{"rules": "shanghai", "rules": "xingguo", "hand": "11122233344455m"}',
        b'{"rules": "shanghai", "hand": "\xff\xfe"}',
        b'{"rules": "shanghai", "hand": "\\ud800"}',
        b'{"rules": "shanghai", "kongs": [[[[[[1]]]]]]}',
        b'{"rules": "shanghai", "flowers": 1' + b"0" * 5000 + b"}",
    ],
)
def test_a_body_that_is_not_a_request_is_422(server: LiveServer, body: bytes) -> None:
    for route in ("/api/score", "/api/waits", "/api/parse"):
        answer = server.post(route, body)
        assert answer.status == 422, (route, answer.body)
        record = answer.json
        assert record["ok"] is False
        assert record["error"]["code"] == "invalid_request"
        assert record["error"]["message"] and record["error"]["message_zh"]
        assert b"Traceback" not in answer.body
    assert server.post("/api/score", SHANGHAI).json["payments"] == SHANGHAI_PAYMENTS


def test_a_request_with_an_unknown_field_is_a_result(server: LiveServer) -> None:
    answer = server.post("/api/score", {**SHANGHAI, "colour": "red"})
    assert (answer.status, answer.json["ok"]) == (200, False)
    assert answer.json["error"]["code"] == "invalid_request"


def test_an_oversized_body_is_413_and_the_server_goes_on(server: LiveServer) -> None:
    big = json.dumps({"rules": "shanghai", "hand": "1m" * 20000}).encode()
    answer = server.post("/api/score", big)
    assert answer.status == 413
    assert answer.json["error"]["code"] == "too_large"
    assert "16384" in answer.json["error"]["message"]
    assert server.post("/api/score", SHANGHAI).json["payments"] == SHANGHAI_PAYMENTS


def test_a_chunked_body_is_bounded_too(server: LiveServer) -> None:
    """No length announced: the server counts as the body streams in."""
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        pieces = (b"x" * 4096 for _ in range(64))  # 256 KiB, no Content-Length
        json_type = {"Content-Type": "application/json"}
        connection.request("POST", "/api/score", pieces, json_type, encode_chunked=True)
        response = connection.getresponse()
        assert response.status == 413
        response.read()
    finally:
        connection.close()
    assert server.post("/api/score", XINGGUO).json["payments"] == XINGGUO_PAYMENTS


def test_parse_gives_the_canonical_hand_or_the_column(server: LiveServer) -> None:
    good = server.post("/api/parse", {"hand": "一万二万三万 456p789s 東東 234m"}).json
    assert good["ok"] is True
    assert good["hand"] == "123m456p789s11z234m"
    assert good["tiles"] == 14
    assert good["glyphs"].startswith("🀇🀈🀉")
    bad = server.post("/api/parse", {"hand": "123m45x6p"}).json
    assert bad["ok"] is False
    assert (bad["error"]["code"], bad["error"]["column"]) == ("invalid_notation", 7)
    assert server.post("/api/parse", {"hand": 5}).status == 422
    long = server.post("/api/parse", {"hand": "1" * 300 + "m"}).json
    assert long["ok"] is False and long["error"]["code"] == "invalid_request"


def test_unknown_routes_and_methods_are_error_records(server: LiveServer) -> None:
    missing = server.get("/api/nothing")
    assert (missing.status, missing.json["error"]["code"]) == (404, "not_found")
    wrong = server.get("/api/score")
    assert (wrong.status, wrong.json["error"]["code"]) == (405, "method_not_allowed")


def test_without_a_session_the_session_routes_say_so(server: LiveServer) -> None:
    for method, path in (
        ("GET", "/api/session"),
        ("POST", "/api/session/undo"),
        ("POST", "/api/session/lines"),
    ):
        body = {"line": "draw"} if path.endswith("lines") else None
        answer = server.request(method, path, body)
        assert (answer.status, answer.json["error"]["code"]) == (404, "no_session")


def test_openapi_describes_the_contract(server: LiveServer) -> None:
    doc = server.get("/openapi.json").json
    assert doc["openapi"].startswith("3.")
    paths = doc["paths"]
    for path in ("/api/score", "/api/waits", "/api/rules", "/api/rules/{name}", "/api/session"):
        assert path in paths
    body = paths["/api/score"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    schemas = doc["components"]["schemas"]
    request = schemas[body["$ref"].rsplit("/", 1)[1]]
    assert "anyOf" in json.dumps(request)  # one request model per ruleset
    text = json.dumps(doc)
    assert "#/$defs/" not in text  # every reference points into the document
    for ref in {part.split('"')[0] for part in text.split('"$ref": "')[1:]}:
        assert ref.rsplit("/", 1)[1] in schemas, ref
    result = paths["/api/score"]["post"]["responses"]["200"]["content"]["application/json"]
    assert "payments" in json.dumps(schemas[result["schema"]["$ref"].rsplit("/", 1)[1]])


def test_no_documentation_page_loads_from_outside(server: LiveServer) -> None:
    """FastAPI's own pages fetch their scripts from a CDN: they are off."""
    assert server.get("/docs").status == 404
    assert server.get("/redoc").status == 404


def test_a_bug_is_an_internal_error_record_and_the_server_goes_on(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from mjcalc.web import api

    def broken(data: dict[str, Any]) -> str:
        raise KeyError("a bug")

    monkeypatch.setattr(api, "scored_json", broken)
    answer = server.post("/api/score", SHANGHAI)
    assert answer.status == 500
    assert answer.json["error"]["code"] == "internal_error"
    assert "KeyError" in answer.json["error"]["message"]
    assert b"Traceback" not in answer.body and b"a bug" not in answer.body
    err = capsys.readouterr().err
    assert "internal error (KeyError) on POST /api/score" in err
    assert "Traceback" not in err
    monkeypatch.undo()
    assert server.post("/api/score", SHANGHAI).json["payments"] == SHANGHAI_PAYMENTS
