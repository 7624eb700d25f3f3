"""A club night (``mjcalc serve --dir DIR``) through a real server: the sittings listed and started
(the file byte for byte what ``session --new`` writes), each read, added to, fixed and settled by
id through the same use cases as ``mjcalc session``; refused edits leave the file byte-identical;
ids are never paths; retries are made once; 200 writers on two sittings lose nothing; and every
route keeps the server's guard (token off loopback, bounded bodies, Host, Origin, JSON only)."""

from __future__ import annotations

import fcntl
import json
import os
import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mjcalc.web import sitting as session_routes
from tests.support.cli import run
from tests.web.conftest import Command, LiveServer

HAND = "11122233344455m --discarder S"
TABLE = '{"session": {"rules": "shanghai", "players": {"E": "Ann", "S": "Bo"}}}\n'


def night_with(tmp_path: Path, **files: str) -> Path:
    night = tmp_path / "night"
    night.mkdir()
    for name, content in files.items():
        (night / f"{name}.jsonl").write_text(content, encoding="utf-8")
    return night


def cli_json(path: Path, *args: str) -> list[dict[str, Any]]:
    shown = run("session", str(path), "--json", *args)
    return [json.loads(line) for line in shown.stdout.split("\n") if line]


def test_the_sittings_are_listed(serve: Callable[..., LiveServer], tmp_path: Path) -> None:
    night = night_with(
        tmp_path,
        **{
            "table-1": TABLE + "11122233344455m --discarder S\ndraw\n# tea\n",
            "table-2": '{"session": {"rules": "xingguo"}}\n',
            "Not-An-Id": TABLE,  # upper case: not an id, not served
            ".hidden": TABLE,
        },
    )
    (night / "notes.txt").write_text("not a sitting\n", encoding="utf-8")
    (night / "dir.jsonl").mkdir()  # not a file
    server = serve(directory=night)
    listed = server.get("/api/sittings")
    assert listed.status == 200
    rows = listed.json
    assert [row["id"] for row in rows] == ["table-1", "table-2"]
    first = rows[0]
    assert (first["rules"], first["names"], first["lines"]) == (
        "shanghai",
        {"E": "Ann", "S": "Bo"},
        2,
    )
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", first["updated"])
    assert rows[1] == {**rows[1], "rules": "xingguo", "names": {}, "lines": 0}


def test_a_sitting_is_started_byte_for_byte_as_session_new_starts_it(
    serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    night = night_with(tmp_path)
    server = serve(directory=night)
    body = {
        "rules": "shanghai",
        "names": {"S": "Bo", "E": "阿东"},
        "dealer": "s",
        "balances": {"E": 1000, "S": 1000, "W": 1000, "N": 500},
        "points": 10,
        "options": {"fee": 5},
    }
    started = server.post("/api/sittings", body)
    assert started.status == 201, started.body
    data = started.json
    assert re.fullmatch(r"\d{4}-\d\d-\d\d-shanghai-1", data["id"])
    assert (data["ok"], data["action"], data["line"]) == (True, "started", 1)
    assert data["summary"]["dealer"] == "S"
    made = night / f"{data['id']}.jsonl"
    by_cli = tmp_path / "cli.jsonl"
    args = ["--new", "--rules", "shanghai", "--player", "E=阿东", "--player", "S=Bo"]
    args += ["--dealer", "S", "--balance", "1000", "--balance", "N=500", "--points", "10"]
    proc = run("session", str(by_cli), *args, "-o", "fee=5")
    assert proc.exit_code == 0, proc.output
    assert made.read_bytes() == by_cli.read_bytes()
    assert data["text"] == made.read_text(encoding="utf-8").strip()
    # the next one of the day takes the next number
    again = server.post("/api/sittings", {"rules": "shanghai"}).json
    assert again["id"] == data["id"].removesuffix("-1") + "-2"
    assert [row["id"] for row in server.get("/api/sittings").json] == [data["id"], again["id"]]


def test_a_client_may_name_its_sitting(serve: Callable[..., LiveServer], tmp_path: Path) -> None:
    night = night_with(tmp_path)
    server = serve(directory=night)
    made = server.post("/api/sittings", {"rules": "xingguo", "id": "table-3"})
    assert (made.status, made.json["id"]) == (201, "table-3")
    before = (night / "table-3.jsonl").read_bytes()
    taken = server.post("/api/sittings", {"rules": "shanghai", "id": "table-3"})
    assert taken.status == 409
    assert taken.json["error"]["code"] == "sitting_exists" and taken.json["error"]["message_zh"]
    assert (night / "table-3.jsonl").read_bytes() == before


@pytest.mark.parametrize(
    "body",
    [
        {"rules": "shanghai", "id": "../escape"},
        {"rules": "shanghai", "id": "a/b"},
        {"rules": "shanghai", "id": "Table"},
        {"rules": "shanghai", "id": ".hidden"},
        {"rules": "shanghai", "id": "-x"},
        {"rules": "shanghai", "id": "x" * 65},
        {"rules": "shanghai", "id": 5},
        {"rules": "rulesets/house.toml"},  # a path: never opened
        {"rules": "/dev/zero"},
        {"rules": "nowhere"},
        {"names": {"E": "Ann"}},
        {"rules": "shanghai", "players": {"E": "Ann"}},  # not a field of this body
        {"rules": "shanghai", "names": ["Ann"]},
        {"rules": "shanghai", "names": {"E": ""}},  # the header's own check
        {"rules": "shanghai", "names": {"X": "Ann"}},
        {"rules": "xingguo", "balances": 100},  # xingguo keeps no silver
        {"rules": "shanghai", "options": {"fee": "lots"}},
        {"rules": "shanghai", "dealer": 3},
        {"rules": "shanghai", "dealer": "Q"},
        {"rules": "shanghai", "balances": "all"},
    ],
)
def test_a_body_that_starts_no_sitting_is_422(
    serve: Callable[..., LiveServer], tmp_path: Path, body: dict[str, Any]
) -> None:
    night = night_with(tmp_path)
    server = serve(directory=night)
    answer = server.post("/api/sittings", body)
    assert answer.status == 422, answer.body
    error = answer.json["error"]
    assert error["code"] in ("invalid_request", "unknown_rules")
    assert error["message"] and error["message_zh"]
    assert os.listdir(night) == []
    assert not (tmp_path / "escape.jsonl").exists()


def test_without_a_directory_the_session_file_is_its_only_sitting(
    serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    path = tmp_path / "Game Night.jsonl"
    path.write_text(TABLE, encoding="utf-8")
    server = serve(session=path)
    assert [row["id"] for row in server.get("/api/sittings").json] == ["game-night"]
    added = server.post("/api/sittings/game-night/lines", {"line": HAND})
    assert added.status == 200 and added.json["line"] == 2
    shown = server.get("/api/session").json  # the session routes see the same file
    assert [r["line"] for r in shown["records"]] == [2]
    refused = server.post("/api/sittings", {"rules": "shanghai"})
    assert refused.status == 404 and refused.json["error"]["code"] == "no_sitting"


def test_the_session_file_is_served_beside_the_directory(
    serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    night = night_with(tmp_path, **{"table-1": TABLE})
    path = tmp_path / "final.jsonl"
    path.write_text(TABLE, encoding="utf-8")
    server = serve(directory=night, session=path)
    assert [row["id"] for row in server.get("/api/sittings").json] == ["final", "table-1"]
    server.post("/api/session/lines", {"line": "draw"})
    read = server.get("/api/sittings/final").json
    assert read["id"] == "final" and read["lines"] == 2
    taken = server.post("/api/sittings", {"rules": "shanghai", "id": "final"})
    assert taken.status == 409


def test_a_sitting_reads_as_session_json(serve: Callable[..., LiveServer], tmp_path: Path) -> None:
    content = TABLE + HAND + "\n# a comment\n123x\ndraw\n"
    night = night_with(tmp_path, **{"table-1": content})
    server = serve(directory=night)
    read = server.get("/api/sittings/table-1")
    assert read.status == 200
    data = read.json
    lines = cli_json(night / "table-1.jsonl")
    assert data["id"] == "table-1"
    assert data["records"] == lines[:-1]
    assert data["summary"] == lines[-1]["summary"]
    assert data["players"] == {"E": "Ann", "S": "Bo"}
    assert (data["since"], data["lines"]) == (0, 5)
    # since/mark: only what came after
    server.post("/api/sittings/table-1/lines", {"line": "draw"})
    later = server.get(f"/api/sittings/table-1?since={data['lines']}&mark={data['mark']}").json
    assert (later["since"], [r["line"] for r in later["records"]]) == (5, [6])
    stale = server.get("/api/sittings/table-1?since=5&mark=0000").json
    assert stale["since"] == 0 and len(stale["records"]) == 4


def test_lines_are_added_inserted_replaced_and_deleted_as_the_command_does(
    serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    night = night_with(tmp_path, **{"table-1": TABLE})
    path = night / "table-1.jsonl"
    twin = tmp_path / "twin.jsonl"
    twin.write_text(TABLE, encoding="utf-8")
    server = serve(directory=night)
    base = "/api/sittings/table-1/lines"

    added = server.post(base, {"line": HAND})
    assert (added.status, added.json["action"], added.json["line"]) == (200, "added", 2)
    assert added.json["record"]["payments"] == {"E": 20, "S": -20, "W": 0, "N": 0}
    run("session", str(twin), "--add", HAND)

    inserted = server.post(base, {"line": "draw", "before": 2})
    assert (inserted.json["action"], inserted.json["line"]) == ("inserted", 2)
    run("session", str(twin), "--insert", "2", "draw")

    replaced = server.request("PUT", f"{base}/3", {"line": "111m222p333s444m55p --winner W"})
    assert (replaced.status, replaced.json["action"], replaced.json["line"]) == (200, "replaced", 3)
    run("session", str(twin), "--replace", "3", "111m222p333s444m55p --winner W")

    deleted = server.request("DELETE", f"{base}/2")
    assert (deleted.status, deleted.json["action"], deleted.json["text"]) == (
        200,
        "deleted",
        "draw",
    )
    run("session", str(twin), "--delete", "2")

    assert path.read_bytes() == twin.read_bytes()
    assert server.get("/api/sittings/table-1").json["summary"] == cli_json(twin)[-1]["summary"]


@pytest.mark.parametrize(
    ("method", "where", "body", "code"),
    [
        ("POST", "", {"line": "123m45x"}, "invalid_notation"),
        ("POST", "", {"line": '{"hand": "11122233344455m", "rules": "xingguo"}'}, None),
        ("POST", "", {"line": "escape W --ends"}, None),  # then the next line would fail
        ("POST", "", {"line": "draw", "before": 9}, None),  # no such line
        ("POST", "", {"line": "draw\ndraw"}, None),
        ("PUT", "/1", {"line": "# not a header"}, None),
        ("PUT", "/2", {"line": '{"hand": "1112345678999m1p", "discarder": "S"}'}, "not_winning"),
        ("PUT", "/9", {"line": "draw"}, None),
        ("DELETE", "/1", None, None),  # the header
        ("DELETE", "/7", None, None),
    ],
)
def test_a_refused_edit_is_409_with_the_commands_message_and_the_file_unchanged(
    serve: Callable[..., LiveServer],
    tmp_path: Path,
    method: str,
    where: str,
    body: dict[str, Any] | None,
    code: str | None,
) -> None:
    content = TABLE + HAND + "\n" + "draw"  # no newline at the end: kept by a refusal
    night = night_with(tmp_path, **{"table-1": content})
    path = night / "table-1.jsonl"
    if body == {"line": "escape W --ends"}:
        with path.open("a", encoding="utf-8") as out:
            out.write("\n# then\n")
        content = path.read_text(encoding="utf-8")
        body = {"line": "escape W --ends", "before": 2}  # line 2, a hand, would come after it
    before = path.read_bytes()
    server = serve(directory=night)
    answer = server.request(method, f"/api/sittings/table-1/lines{where}", body)
    assert answer.status == 409, answer.body
    data = answer.json
    assert data["ok"] is False and data["error"]["message"] and data["error"]["message_zh"]
    if code is not None:
        assert data["error"]["code"] == code
    assert path.read_bytes() == before


def test_the_message_is_the_commands_own(serve: Callable[..., LiveServer], tmp_path: Path) -> None:
    night = night_with(tmp_path, **{"table-1": TABLE})
    path = night / "table-1.jsonl"
    server = serve(directory=night)
    answer = server.request("DELETE", "/api/sittings/table-1/lines/1").json
    shown = run("session", str(path), "--delete", "1", "--json")
    assert json.loads(shown.stdout)["error"] == answer["error"]


@pytest.mark.parametrize(
    ("method", "where", "body"),
    [
        ("POST", "/lines", {"line": 5}),
        ("POST", "/lines", {"text": "draw"}),
        ("POST", "/lines", {"line": "draw", "before": 0}),
        ("POST", "/lines", {"line": "draw", "before": "2"}),
        ("POST", "/lines", {"line": "draw", "before": True}),
        ("POST", "/lines", b"draw"),
        ("PUT", "/lines/x", {"line": "draw"}),
        ("PUT", "/lines/0", {"line": "draw"}),
        ("PUT", "/lines/%D9%A1", {"line": "draw"}),  # an Arabic-Indic one
        ("PUT", "/lines/2", {"nope": 1}),
        ("DELETE", "/lines/-1", None),
    ],
)
def test_a_bad_body_or_number_is_422(
    serve: Callable[..., LiveServer],
    tmp_path: Path,
    method: str,
    where: str,
    body: Any,
) -> None:
    night = night_with(tmp_path, **{"table-1": TABLE + "draw\n"})
    before = (night / "table-1.jsonl").read_bytes()
    server = serve(directory=night)
    answer = server.request(method, f"/api/sittings/table-1{where}", body)
    assert answer.status == 422, answer.body
    assert answer.json["error"]["code"] == "invalid_request"
    assert (night / "table-1.jsonl").read_bytes() == before


@pytest.mark.parametrize(
    "sitting_id",
    ["nope", "..", "%2e%2e", ".hidden", "Table-1", "table-1.jsonl", "%2Fetc%2Fpasswd", "x" * 65],
)
def test_an_unknown_or_path_like_id_is_404(
    serve: Callable[..., LiveServer], tmp_path: Path, sitting_id: str
) -> None:
    night = night_with(tmp_path, **{"table-1": TABLE, ".hidden": TABLE})
    (tmp_path / "outside.jsonl").write_text(TABLE, encoding="utf-8")
    before = {p: p.read_bytes() for p in tmp_path.rglob("*.jsonl")}
    server = serve(directory=night)
    for method, where, body in [
        ("GET", "", None),
        ("GET", "/settle", None),
        ("POST", "/lines", {"line": "draw"}),
        ("PUT", "/lines/2", {"line": "draw"}),
        ("DELETE", "/lines/2", None),
    ]:
        answer = server.request(method, f"/api/sittings/{sitting_id}{where}", body)
        assert answer.status == 404, (method, where, answer.body)
        assert answer.json["error"]["code"] in ("no_sitting", "not_found")
    assert server.get("/api/sittings/nope").json["error"]["message_zh"]
    assert {p: p.read_bytes() for p in tmp_path.rglob("*.jsonl")} == before


def test_every_write_with_a_key_is_made_once(
    serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    night = night_with(tmp_path, **{"table-1": TABLE})
    path = night / "table-1.jsonl"
    server = serve(directory=night)
    base = "/api/sittings/table-1/lines"

    def twice(method: str, where: str, body: Any, key: str) -> Any:
        first = server.request(method, where, body, headers={"Idempotency-Key": key})
        size = path.read_bytes()
        again = server.request(method, where, body, headers={"Idempotency-Key": key})
        assert (again.status, again.body) == (first.status, first.body)
        assert path.read_bytes() == size
        return first

    assert twice("POST", base, {"line": "draw"}, "k1").json["line"] == 2
    assert twice("POST", base, {"line": HAND, "before": 2}, "k2").json["line"] == 2
    assert twice("PUT", f"{base}/3", {"line": "draw --dice-double"}, "k3").status == 200
    assert twice("DELETE", f"{base}/3", None, "k4").json["action"] == "deleted"
    assert twice("DELETE", f"{base}/1", None, "k5").status == 409  # the same refusal
    made = twice("POST", "/api/sittings", {"rules": "xingguo"}, "k6")
    assert made.status == 201
    assert len(list(night.glob("*.jsonl"))) == 2  # one sitting made, not two
    reused = server.post(base, {"line": "draw"}, headers={"Idempotency-Key": "k1x"})
    assert reused.status == 200
    other = server.post(base, {"line": "escape W"}, headers={"Idempotency-Key": "k1x"})
    assert other.status == 422  # the same key for another change
    assert path.read_text(encoding="utf-8").count("\n") == 3


def test_a_held_lock_is_503_and_the_file_unchanged(
    serve: Callable[..., LiveServer], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(session_routes, "WAIT", 0.5)
    night = night_with(tmp_path, **{"table-1": TABLE + "draw\n"})
    path = night / "table-1.jsonl"
    before = path.read_bytes()
    server = serve(directory=night)
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # a `session --add` stopped with Ctrl-Z
        assert server.get("/api/sittings/table-1", timeout=5).status == 200
        for method, where, body in [
            ("POST", "/lines", {"line": "draw"}),
            ("PUT", "/lines/2", {"line": HAND}),
            ("DELETE", "/lines/2", None),
        ]:
            answer = server.request(method, f"/api/sittings/table-1{where}", body, timeout=5)
            assert answer.status == 503
            assert answer.headers.get("retry-after") or answer.headers.get("Retry-After")
            assert answer.json["error"]["code"] == "locked"
    finally:
        os.close(fd)
    assert path.read_bytes() == before
    assert server.post("/api/sittings/table-1/lines", {"line": "draw"}).status == 200


def test_200_writers_on_two_sittings_lose_nothing(
    serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    night = night_with(tmp_path, **{"table-1": TABLE, "table-2": TABLE})
    server = serve(directory=night)
    failures: list[str] = []

    def writer(k: int) -> None:
        for n in range(10):
            table = "table-1" if (k + n) % 2 else "table-2"
            line = f"adjust S E 1 --reason w{k}-{n}"
            answer = server.post(f"/api/sittings/{table}/lines", {"line": line}, timeout=120)
            if answer.status != 200 or not answer.json["ok"]:
                failures.append(answer.body.decode())

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    seen: list[str] = []
    for table in ("table-1", "table-2"):
        path = night / f"{table}.jsonl"
        lines = path.read_text(encoding="utf-8").split("\n")
        assert lines[0] == TABLE.strip() and lines[-1] == ""
        body = lines[1:-1]
        assert len(body) == 100
        seen += body
        replayed = run("session", str(path), "--json")
        assert replayed.exit_code == 0
        assert json.loads(replayed.stdout.split("\n")[-2])["summary"]["errors"] == 0
    expected = {f"adjust S E 1 --reason w{k}-{n}" for k in range(20) for n in range(10)}
    assert sorted(seen) == sorted(expected)  # every line once


def test_the_settlement_is_the_commands(serve: Callable[..., LiveServer], tmp_path: Path) -> None:
    header = {"session": {"rules": "shanghai", "players": {"E": "Ann"}, "options": {"fee": 2}}}
    content = json.dumps(header) + "\n" + HAND + "\n111m222p333s444m55p --winner W --discarder N\n"
    night = night_with(tmp_path, **{"table-1": content + "escape S\n"})
    path = night / "table-1.jsonl"
    server = serve(directory=night)
    for query, args in [
        ("", []),
        ("?rate=0.5", ["--rate", "0.5"]),
        ("?rate=0.25&currency=%C2%A5", ["--rate", "0.25", "--currency", "¥"]),
        ("?currency=CNY", ["--currency", "CNY"]),
    ]:
        answer = server.get(f"/api/sittings/table-1/settle{query}")
        assert answer.status == 200
        shown = run("session", str(path), "--settle", "--json", *args)
        assert answer.body.decode() + "\n" == shown.stdout
    data = server.get("/api/sittings/table-1/settle?rate=1").json
    net = {seat: -fee for seat, fee in data["fees"].items()}
    for t in data["transfers"]:
        net[t["from"]] -= t["amount"]
        net[t["to"]] += t["amount"]
    assert net == data["totals"] == cli_json(path)[-1]["summary"]["totals"]
    for bad in ("rate=-1", "rate=abc", "rate=1e3", "currency=a%20b", "currency=toolongcode"):
        refused = server.get(f"/api/sittings/table-1/settle?{bad}")
        assert refused.status == 422 and refused.json["error"]["message_zh"]


def test_the_guard_holds_for_every_new_route(
    serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    night = night_with(tmp_path, **{"table-1": TABLE})
    before = (night / "table-1.jsonl").read_bytes()
    server = serve(directory=night)
    writes = [
        ("POST", "/api/sittings", {"rules": "shanghai"}),
        ("POST", "/api/sittings/table-1/lines", {"line": "draw"}),
        ("PUT", "/api/sittings/table-1/lines/1", {"line": "draw"}),
        ("DELETE", "/api/sittings/table-1/lines/1", None),
    ]
    reads = ["/api/sittings", "/api/sittings/table-1", "/api/sittings/table-1/settle"]
    for method, path, body in writes:
        plain = server.request(method, path, body, headers={"Content-Type": "text/plain"})
        assert plain.status == 415, path
        big = server.request(method, path, b'{"line": "' + b"x" * 20_000 + b'"}')
        assert big.status == 413, path
        other = server.request(method, path, body, headers={"Origin": "http://evil.example"})
        assert other.status == 403, path
    for path in [*reads, "/api/sittings/table-1/events"]:
        assert server.get(path, headers={"Host": "evil.example"}).status == 421
        assert server.get(path, headers={"Origin": "null"}).status == 403
    assert (night / "table-1.jsonl").read_bytes() == before
    assert [p.name for p in night.glob("*.jsonl")] == ["table-1.jsonl"]


def test_off_loopback_every_new_route_needs_the_token(
    command: Callable[..., Command], tmp_path: Path
) -> None:
    night = night_with(tmp_path, **{"table-1": TABLE})
    before = (night / "table-1.jsonl").read_bytes()
    served = command("--host", "0.0.0.0", "--dir", str(night))
    assert served.token
    client = served.live()
    routes = [
        ("GET", "/api/sittings", None),
        ("POST", "/api/sittings", {"rules": "shanghai"}),
        ("GET", "/api/sittings/table-1", None),
        ("POST", "/api/sittings/table-1/lines", {"line": "draw"}),
        ("PUT", "/api/sittings/table-1/lines/2", {"line": "draw"}),
        ("DELETE", "/api/sittings/table-1/lines/2", None),
        ("GET", "/api/sittings/table-1/events", None),
        ("GET", "/api/sittings/table-1/settle", None),
    ]
    for method, path, body in routes:
        refused = client.request(method, path, body)
        assert refused.status == 401, path
        assert refused.json["error"]["code"] == "unauthorized"
        wrong = client.request(method, path, body, headers={"Authorization": "Bearer nope"})
        assert wrong.status == 401
    assert (night / "table-1.jsonl").read_bytes() == before
    assert [p.name for p in night.glob("*.jsonl")] == ["table-1.jsonl"]
    auth = {"Authorization": f"Bearer {served.token}"}
    assert client.get("/api/sittings", headers=auth).json[0]["id"] == "table-1"
    added = client.post(f"/api/sittings/table-1/lines?token={served.token}", {"line": "draw"})
    assert added.status == 200
    status, err = served.stop()
    assert (status, "Traceback" in err) == (0, False)


def test_the_routes_are_documented(serve: Callable[..., LiveServer], tmp_path: Path) -> None:
    server = serve(directory=night_with(tmp_path))
    paths = server.get("/openapi.json").json["paths"]
    expected = {
        "/api/sittings": {"get", "post"},
        "/api/sittings/{sitting_id}": {"get"},
        "/api/sittings/{sitting_id}/lines": {"post"},
        "/api/sittings/{sitting_id}/lines/{number}": {"put", "delete"},
        "/api/sittings/{sitting_id}/events": {"get"},
        "/api/sittings/{sitting_id}/settle": {"get"},
    }
    for path, methods in expected.items():
        assert set(paths[path]) == methods
        for method in methods:
            operation = paths[path][method]
            assert operation["summary"] and operation["description"], (path, method)
    assert (
        "text/event-stream"
        in paths["/api/sittings/{sitting_id}/events"]["get"]["responses"]["200"]["content"]
    )
    assert "requestBody" in paths["/api/sittings/{sitting_id}/lines"]["post"]
