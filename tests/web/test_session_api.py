"""The session routes through a real server: the replay as ``mjcalc session --json`` gives it,
lines added and undone through the store, refused lines leaving the file byte-identical, and
concurrent posts from many clients losing nothing."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path

from mjcalc.app.session import replay
from mjcalc.app.session.records import Record, Summary
from tests.support.cli import run
from tests.web.conftest import LiveServer, session_file

HAND = '{"hand": "11122233344455m", "discarder": "S"}'


def test_the_session_is_the_json_of_the_session_command(
    serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    path = session_file(
        tmp_path, balances={"E": 100, "S": 100, "W": 100, "N": 100}, players={"E": "阿东"}
    )
    with path.open("a", encoding="utf-8") as out:
        out.write(HAND + "\n")
        out.write("# a comment\n")
        out.write("11122233344455p --winner W --discarder N\n")  # the argument form
        out.write('{"event": "draw", "dice_double": true}\n')
        out.write("123x\n")  # a bad line: its error in its place
        out.write('{"hand": "55566677788899s", "winner": "N"}\n')
    cli = run("session", str(path), "--json")
    lines = [json.loads(line) for line in cli.stdout.split("\n") if line]
    answer = server_for(serve, path).get("/api/session")
    assert answer.status == 200
    data = answer.json
    assert data["records"] == lines[:-1]
    assert data["summary"] == lines[-1]["summary"]
    assert data["players"] == {"E": "阿东"}
    assert [r["ok"] for r in data["records"]] == [True, True, True, False, True]
    assert data["summary"]["errors"] == 1


def server_for(serve: Callable[..., LiveServer], path: Path) -> LiveServer:
    return serve(session=path)


def test_add_a_line_then_undo_it(serve: Callable[..., LiveServer], tmp_path: Path) -> None:
    path = session_file(tmp_path)
    before = path.read_bytes()
    server = serve(session=path)
    added = server.post("/api/session/lines", {"line": HAND})
    assert added.status == 200
    data = added.json
    assert (data["ok"], data["action"], data["line"]) == (True, "added", 2)
    scored = server.post("/api/score", {"rules": "shanghai", **json.loads(HAND)}).json
    assert data["record"]["results"] == [scored]  # the hand scored as alone, dealer E
    assert data["record"]["payments"] == scored["payments"] == {"E": 20, "S": -20, "W": 0, "N": 0}
    assert data["summary"]["totals"] == data["record"]["totals"]
    assert path.read_bytes() == before + HAND.encode() + b"\n"
    shown = server.get("/api/session").json
    assert [r["line"] for r in shown["records"]] == [2]
    undone = server.post("/api/session/undo").json
    assert (undone["ok"], undone["action"], undone["line"]) == (True, "undone", 2)
    assert path.read_bytes() == before
    nothing = server.post("/api/session/undo")
    assert (nothing.status, nothing.json["ok"]) == (200, False)
    assert path.read_bytes() == before  # the header is never undone


def test_an_argument_line_is_read_as_the_command_reads_it(
    serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    path = session_file(tmp_path)
    server = serve(session=path)
    data = server.post("/api/session/lines", {"line": "11122233344455m --discarder S"}).json
    assert data["ok"] is True
    assert data["record"]["payments"] == {"E": 20, "S": -20, "W": 0, "N": 0}  # 清碰: 2 勒子
    escape = server.post("/api/session/lines", {"line": "escape W"}).json  # an event in words
    assert (escape["ok"], escape["record"]["event"], escape["line"]) == (True, "escape", 3)
    assert sum(escape["record"]["payments"].values()) == 0 and escape["record"]["payments"]["W"] < 0


def test_a_refused_line_leaves_the_file_byte_identical(
    serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    path = session_file(tmp_path)
    with path.open("a", encoding="utf-8") as out:
        out.write(HAND)  # no newline at the end: kept as it is by a refusal
    before = path.read_bytes()
    server = serve(session=path)
    for line in (
        "123m45x",  # notation, with its column
        '{"hand": "11122233344455m", "rules": "xingguo"}',  # the session supplies the ruleset
        '{"event": "tea"}',
        "11122233344455m\n11122233344455m",  # two lines in one
        '{"hand": "1112345678999m1p", "discarder": "S"}',  # not a winning hand
    ):
        answer = server.post("/api/session/lines", {"line": line})
        assert answer.status == 200
        data = answer.json
        assert data["ok"] is False, line
        assert data["error"]["code"] in ("invalid_notation", "invalid_request", "not_winning")
        assert data["error"]["message"] and data["error"]["message_zh"]
        assert path.read_bytes() == before
    assert server.post("/api/session/lines", {"line": "123m45x"}).json["error"]["column"] == 7


def test_a_body_that_is_not_a_line_is_422(serve: Callable[..., LiveServer], tmp_path: Path) -> None:
    path = session_file(tmp_path)
    before = path.read_bytes()
    server = serve(session=path)
    for body in ({"line": 5}, {"text": "draw"}, [HAND], b"draw"):
        answer = server.post("/api/session/lines", body)
        assert answer.status == 422
        assert answer.json["error"]["code"] == "invalid_request"
    assert server.post("/api/session/lines", b"x" * 20_000).status == 413
    assert path.read_bytes() == before


def test_concurrent_posts_lose_nothing(serve: Callable[..., LiveServer], tmp_path: Path) -> None:
    """200 posts from 20 clients at once: exactly 200 lines appended, none cut or interleaved,
    and the sitting replays with no error."""
    path = session_file(tmp_path, rules="xingguo")
    server = serve(session=path)
    clients, each = 20, 10
    answers: list[list[int]] = [[] for _ in range(clients)]
    start = threading.Barrier(clients)

    def post(client: int) -> None:
        start.wait()
        for n in range(each):
            seat = "ESWN"[(client + n) % 4]
            hand = {"hand": "123m456p789s11z 234m", "jing": "9s", "winner": seat}
            line = json.dumps(hand if n % 2 else {"event": "draw"})
            answer = server.post("/api/session/lines", {"line": line}, timeout=120)
            assert answer.status == 200
            assert answer.json["ok"] is True, answer.json
            answers[client].append(answer.json["line"])

    threads = [threading.Thread(target=post, args=(c,)) for c in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert sorted(n for got in answers for n in got) == list(range(2, 2 + clients * each))
    lines = path.read_bytes().split(b"\n")
    assert lines[-1] == b"" and len(lines) == 1 + 1 + clients * each  # header, 200, the end
    items = list(replay(path.read_bytes().splitlines(keepends=True)))
    records = [i for i in items if isinstance(i, Record)]
    summary = items[-1]
    assert isinstance(summary, Summary)
    assert len(records) == clients * each and all(r.ok for r in records)
    assert summary.errors == 0 and sum(summary.totals.values()) == 0


def test_a_session_file_gone_while_serving_is_an_error_record(
    serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    path = session_file(tmp_path)
    server = serve(session=path)
    assert server.get("/api/session").status == 200
    path.unlink()
    answer = server.get("/api/session")
    assert answer.status == 500
    assert answer.json["error"]["code"] == "session_unreadable"
    assert "No such file" in answer.json["error"]["message"]
    assert server.post("/api/score", {"rules": "shanghai", "hand": "11122233344455m"}).json["ok"]


def test_a_relative_ruleset_file_is_read_beside_the_session(
    serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    """A house rule next to the session file: the server reads it there, whatever its own
    working directory, as the command line does."""
    from mjcalc.rules.plugins import bundled_dir

    house = (bundled_dir() / "shanghai.toml").read_text(encoding="utf-8")
    (tmp_path / "house.toml").write_text(house.replace("lezi = 10", "lezi = 30"), encoding="utf-8")
    path = session_file(tmp_path, rules="house.toml")
    server = serve(session=path)
    data = server.post("/api/session/lines", {"line": HAND}).json
    assert data["ok"] is True, data
    alone = {"rules": "shanghai", **json.loads(HAND), "options": {"lezi": 30}}
    expected = server.post("/api/score", alone).json["payments"]
    assert data["record"]["payments"] == expected == {"E": 32, "S": -32, "W": 0, "N": 0}
    shown = server.get("/api/session").json
    assert shown["records"][0]["payments"] == data["record"]["payments"]
    assert shown["summary"]["errors"] == 0


def test_a_line_separator_in_a_name_comes_back_escaped(
    serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    path = session_file(tmp_path, players={"E": "东\u2028风"})
    answer = serve(session=path).get("/api/session")
    assert answer.status == 200
    assert b"\\u2028" in answer.body and "\u2028".encode() not in answer.body
    assert answer.json["players"] == {"E": "东\u2028风"}
