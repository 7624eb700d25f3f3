"""A sitting's changes as Server-Sent Events: whoever changes the file (a phone through the
server, ``mjcalc session FILE --add`` in a terminal), every listener hears of it within a second;
a reconnect resumes from its ``Last-Event-ID``; a listener that never reads holds nobody up; and
``mjcalc serve`` stops on Ctrl-C with streams open."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from mjcalc.web.events import CLOSED, Event, Mailbox
from tests.support.cli import run_main
from tests.web.conftest import Command, EventStream, LiveServer

HAND = "11122233344455m --discarder S"


def start_night(tmp_path: Path) -> Path:
    night = tmp_path / "night"
    night.mkdir()
    (night / "table-1.jsonl").write_text('{"session": {"rules": "shanghai"}}\n', encoding="utf-8")
    return night


@pytest.fixture
def streams() -> Iterator[Callable[..., EventStream]]:
    """Open streams, all closed at the end."""
    opened: list[EventStream] = []

    def open_stream(port: int, path: str, **headers: str) -> EventStream:
        opened.append(EventStream(port, path, headers))
        return opened[-1]

    yield open_stream
    for stream in opened:
        stream.close()


def test_the_first_event_is_the_state_and_each_write_is_one_more(
    serve: Callable[..., LiveServer], tmp_path: Path, streams: Callable[..., EventStream]
) -> None:
    server = serve(directory=start_night(tmp_path))
    stream = streams(server.port, "/api/sittings/table-1/events")
    assert stream.status == 200
    assert stream.headers["content-type"].startswith("text/event-stream")
    assert stream.headers["cache-control"] == "no-cache"
    first = stream.next()
    assert first is not None
    assert first["event"] == "sitting"
    data = first["data"]
    assert (data["lines"], first["id"]) == (1, f"1-{data['mark']}")
    assert data["summary"]["lines"] == 0 and data["players"] == {}
    added = server.post("/api/sittings/table-1/lines", {"line": HAND}).json
    after = stream.next(timeout=2)
    assert after is not None
    assert after["data"]["lines"] == 2
    assert after["data"]["summary"] == added["summary"]
    read = server.get("/api/sittings/table-1").json
    assert after["data"]["mark"] == read["mark"]


def test_a_terminal_add_is_heard_within_a_second(
    serve: Callable[..., LiveServer], tmp_path: Path, streams: Callable[..., EventStream]
) -> None:
    night = start_night(tmp_path)
    server = serve(directory=night)
    listeners = [streams(server.port, "/api/sittings/table-1/events") for _ in range(5)]
    for listener in listeners:
        assert listener.next() is not None  # the state as it is
    proc = run_main("session", str(night / "table-1.jsonl"), "--add", HAND)
    written = time.monotonic()
    assert proc.returncode == 0, proc.stderr
    for listener in listeners:
        heard = listener.next(timeout=1.5)
        assert heard is not None
        assert heard["data"]["lines"] == 2
        assert heard["data"]["summary"]["totals"] == {"E": 20, "S": -20, "W": 0, "N": 0}
    assert time.monotonic() - written < 1.0


def test_a_reconnect_resumes_from_its_last_event_id(
    serve: Callable[..., LiveServer], tmp_path: Path, streams: Callable[..., EventStream]
) -> None:
    server = serve(directory=start_night(tmp_path))
    first = streams(server.port, "/api/sittings/table-1/events").next()
    assert first is not None
    # nothing changed since: nothing is sent until something does
    same = streams(server.port, "/api/sittings/table-1/events", **{"Last-Event-ID": first["id"]})
    assert same.next(timeout=0.8) is None
    server.post("/api/sittings/table-1/lines", {"line": "draw"})
    changed = same.next(timeout=2)
    assert changed is not None and changed["data"]["lines"] == 2
    # a phone that was away while the file changed is sent the state at once
    away = streams(server.port, "/api/sittings/table-1/events", **{"Last-Event-ID": first["id"]})
    at_once = away.next(timeout=1)
    assert at_once is not None and at_once["id"] == changed["id"]


def test_an_undo_is_an_event_too(
    serve: Callable[..., LiveServer], tmp_path: Path, streams: Callable[..., EventStream]
) -> None:
    server = serve(directory=start_night(tmp_path))
    server.post("/api/sittings/table-1/lines", {"line": "draw"})
    stream = streams(server.port, "/api/sittings/table-1/events")
    two = stream.next()
    assert two is not None and two["data"]["lines"] == 2
    server.request("DELETE", "/api/sittings/table-1/lines/2")
    back = stream.next(timeout=2)
    assert back is not None and back["data"]["lines"] == 1


def test_a_listener_that_never_reads_holds_no_writer_up(
    serve: Callable[..., LiveServer], tmp_path: Path, streams: Callable[..., EventStream]
) -> None:
    server = serve(directory=start_night(tmp_path))
    stuck = socket.create_connection(("127.0.0.1", server.port))
    stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    stuck.sendall(b"GET /api/sittings/table-1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    try:
        follower = streams(server.port, "/api/sittings/table-1/events")
        assert follower.next() is not None
        started = time.monotonic()
        for n in range(60):
            reason = f"r{n}-" + "x" * 60
            answer = server.post(
                "/api/sittings/table-1/lines", {"line": f"adjust S E 1 --reason {reason}"}
            )
            assert answer.status == 200
            if n % 10 == 0:
                time.sleep(0.3)  # let the watcher see some of them
        assert time.monotonic() - started < 30
        last = None
        while (event := follower.next(timeout=1.5)) is not None:
            last = event
        assert last is not None and last["data"]["lines"] == 61
    finally:
        stuck.close()


def test_a_mailbox_keeps_only_the_latest() -> None:
    async def check() -> None:
        box = Mailbox()
        for n in range(3):
            box.put(Event(str(n), "{}"))
        got = await box.get(0.1)
        assert isinstance(got, Event) and got.id == "2"
        assert await box.get(0.05) is None  # nothing more: the older ones were dropped
        box.put(CLOSED)
        box.put(Event("3", "{}"))  # closed stays closed
        assert await box.get(0.05) is CLOSED
        assert await box.get(0.05) is CLOSED

    asyncio.run(check())


def test_an_unknown_sitting_has_no_events(serve: Callable[..., LiveServer], tmp_path: Path) -> None:
    server = serve(directory=start_night(tmp_path))
    for path in ("/api/sittings/nope/events", "/api/sittings/Table-1/events"):
        answer = server.get(path)
        assert answer.status == 404
        assert answer.json["error"]["code"] == "no_sitting"
        assert answer.json["error"]["message_zh"]


def test_stopping_the_server_ends_the_streams(
    serve: Callable[..., LiveServer], tmp_path: Path, streams: Callable[..., EventStream]
) -> None:
    from mjcalc.web.app import Settings, create_app
    from tests.web.conftest import start_server, stop_server

    settings = Settings(directory=start_night(tmp_path))
    live = start_server(settings, app=create_app(settings))
    stream = streams(live.port, "/api/sittings/table-1/events")
    assert stream.next() is not None
    settings.stop.set()
    assert stream.ended(timeout=3)
    stopping = threading.Thread(target=stop_server, args=(live,))
    stopping.start()
    stopping.join(timeout=10)
    assert not stopping.is_alive()


def test_ctrl_c_stops_mjcalc_serve_with_a_stream_open(
    command: Callable[..., Command], tmp_path: Path
) -> None:
    night = start_night(tmp_path)
    served = command("--dir", str(night))
    stream = EventStream(served.port, "/api/sittings/table-1/events")
    try:
        assert stream.next() is not None
        other = EventStream(served.port, "/api/sittings/table-1/events")
        assert other.next() is not None
        started = time.monotonic()
        status, err = served.stop()
        assert time.monotonic() - started < 10
        assert status == 0
        assert "Traceback" not in err
        assert stream.ended(timeout=2)
        other.close()
    finally:
        stream.close()


def test_the_event_data_is_one_line_of_json() -> None:
    from mjcalc.app.session.follow import State

    state = State(3, "abc", '{"rules":"shanghai"}', '{"E":"Ann\\nBo"}', {})
    frame = Event.of(state).frame().decode()
    assert frame.startswith("id: 3-abc\nevent: sitting\ndata: {")
    assert frame.endswith("\n\n") and frame.count("\n") == 4
    data = json.loads(frame.split("data: ", 1)[1])
    assert data == {
        "lines": 3,
        "mark": "abc",
        "summary": {"rules": "shanghai"},
        "players": {"E": "Ann\nBo"},
    }
