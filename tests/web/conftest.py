"""A real server for the web tests: Uvicorn on a loopback port, in a thread of the test process
(or ``mjcalc serve`` in a process of its own, :class:`Command`), and a plain HTTP client (the
standard library's) to talk to it."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from mjcalc.cli.serve import listening_socket
from mjcalc.web.app import Settings, create_app


@dataclass
class Answer:
    """One HTTP answer: its status, headers and body (decoded as JSON when it is JSON)."""

    status: int
    body: bytes
    headers: dict[str, str] = field(default_factory=dict)

    @property
    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class LiveServer:
    """A running server: its port, and requests to it over a new connection each."""

    port: int
    server: uvicorn.Server
    thread: threading.Thread

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        timeout: float = 30,
    ) -> Answer:
        """``body``: bytes sent as they are, anything else as JSON; ``None``: no body."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
            sent = {"Content-Type": "application/json", **(headers or {})}
            connection.request(method, path, body=data, headers=sent)
            response = connection.getresponse()
            return Answer(response.status, response.read(), dict(response.getheaders()))
        finally:
            connection.close()

    def post(self, path: str, body: Any = None, **kwargs: Any) -> Answer:
        return self.request("POST", path, body, **kwargs)

    def get(self, path: str, **kwargs: Any) -> Answer:
        return self.request("GET", path, **kwargs)


def start_server(
    settings: Settings, host: str = "127.0.0.1", app: Callable[..., Any] | None = None
) -> LiveServer:
    """Uvicorn serving ``create_app(settings)`` (or ``app``) on a free port of ``host``, started
    and ready."""
    sock = listening_socket(host, 0)
    config = uvicorn.Config(
        app or create_app(settings), log_level="warning", access_log=False, lifespan="off"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    return LiveServer(sock.getsockname()[1], server, thread)


def stop_server(live: LiveServer) -> None:
    live.server.should_exit = True
    live.thread.join(timeout=20)
    assert not live.thread.is_alive()


@pytest.fixture
def serve() -> Iterator[Callable[..., LiveServer]]:
    """Start servers with the given settings (``Settings`` fields); all stopped at the end."""
    started: list[tuple[LiveServer, Settings]] = []

    def make(**fields: Any) -> LiveServer:
        settings = Settings(**fields)
        live = start_server(settings)
        started.append((live, settings))
        return live

    yield make
    for live, settings in started:
        settings.stop.set()  # as `mjcalc serve` does on Ctrl-C: event streams end
        stop_server(live)


@pytest.fixture
def server(serve: Callable[..., LiveServer]) -> LiveServer:
    """A server on loopback without a session or token."""
    return serve()


class EventStream:
    """A Server-Sent Events stream read as a browser's ``EventSource`` would: ``id``, ``event``
    and ``data`` fields, an event at each blank line, comment lines skipped. A thread reads it
    as it comes, so that waiting for an event never spoils the stream."""

    def __init__(self, port: int, path: str, headers: dict[str, str] | None = None) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.connection.request("GET", path, headers=headers or {})
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.headers = {k.lower(): v for k, v in self.response.getheaders()}
        self.events: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.comments = 0
        self._reader = threading.Thread(target=self._read, daemon=True)
        if self.status == 200:
            self._reader.start()

    def _read(self) -> None:
        fields: dict[str, str] = {}
        try:
            for raw in self.response:  # chunked transfer decoded; ends with the response
                line = raw.decode("utf-8").rstrip("\n")
                if line == "":
                    if "data" in fields:
                        self.events.put({**fields, "data": json.loads(fields["data"])})
                    fields = {}
                elif line.startswith(":"):
                    self.comments += 1
                else:
                    name, _, value = line.partition(":")
                    fields[name] = value.removeprefix(" ")
        except Exception:  # closed, here or by the server: the stream is cut off, nothing more
            pass
        self.events.put(None)  # the stream ended

    def next(self, timeout: float = 5) -> dict[str, Any] | None:
        """The next event (``{"id", "event", "data"}``, the data read as JSON), or ``None``
        when nothing came within ``timeout`` seconds or the stream ended."""
        try:
            return self.events.get(timeout=timeout)
        except queue.Empty:
            return None

    def ended(self, timeout: float = 5) -> bool:
        """Whether the server ends the stream within ``timeout`` seconds (events skipped)."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                if self.events.get(timeout=left) is None:
                    return True
            except queue.Empty:
                return False
        return False

    def close(self) -> None:
        with contextlib.suppress(OSError):
            if self.connection.sock is not None:
                self.connection.sock.shutdown(socket.SHUT_RDWR)
        self.connection.close()


def session_file(tmp_path: Path, rules: str = "shanghai", **header: Any) -> Path:
    """A session file holding only its header."""
    path = tmp_path / "sitting.jsonl"
    line = json.dumps({"session": {"rules": rules, **header}}, ensure_ascii=False)
    path.write_text(line + "\n", encoding="utf-8")
    return path


# --- `mjcalc serve` as a user runs it: a process of its own -----------------------------------

URL = re.compile(r"http://(\S+?):(\d+)/(\?token=(\S+))?")


class Command:
    """A running ``mjcalc serve``: its process, the URL it printed and everything on stderr."""

    def __init__(self, *args: str) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("MJCALC_LANG", "MJCALC_RULES")}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mjcalc", "serve", "--port", "0", *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        assert self.proc.stderr is not None
        self.lines: list[str] = []
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = self.proc.stderr.readline().decode("utf-8")
            if not line:
                break
            self.lines.append(line)
            if "Ctrl-C" in line:
                break
        found = URL.search("".join(self.lines))
        assert found, "".join(self.lines)
        self.port = int(found.group(2))
        self.token = found.group(4)

    def live(self) -> LiveServer:
        """A client for it, over loopback (the server object is not in this process)."""
        return LiveServer(self.port, None, None)  # type: ignore[arg-type]

    def stop(self) -> tuple[int, str]:
        """Ctrl-C, as a user stops it: its exit status and the rest of its stderr."""
        self.proc.send_signal(signal.SIGINT)
        _, err = self.proc.communicate(timeout=30)
        return self.proc.returncode, "".join(self.lines) + err.decode("utf-8")


@pytest.fixture
def command() -> Iterator[Callable[..., Command]]:
    started: list[Command] = []

    def start(*args: str) -> Command:
        started.append(Command(*args))
        return started[-1]

    yield start
    for running in started:
        if running.proc.poll() is None:
            running.proc.kill()
            running.proc.wait(timeout=30)
