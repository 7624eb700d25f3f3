"""The server while another process holds the session file's lock: reads are answered, a write
gives up after a bounded wait with 503, ``locked`` and ``Retry-After``, the file unchanged."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from mjcalc.web import sitting
from tests.web.conftest import LiveServer, session_file

HAND = '{"hand": "11122233344455m", "discarder": "S"}'


def test_a_held_lock_blocks_no_read_and_bounds_a_write(
    serve: Callable[..., LiveServer], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sitting, "WAIT", 0.5)
    path = session_file(tmp_path)
    before = path.read_bytes()
    server = serve(session=path)
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # a `session --add` stopped with Ctrl-Z
        read = server.get("/api/session", timeout=5)
        assert read.status == 200
        posted = server.post("/api/session/lines", {"line": HAND}, timeout=5)
        assert posted.status == 503
        assert posted.headers.get("retry-after") or posted.headers.get("Retry-After")
        assert posted.json["error"]["code"] == "locked"
    finally:
        os.close(fd)
    assert path.read_bytes() == before
    again = server.post("/api/session/lines", {"line": HAND}, timeout=5)
    assert (again.status, again.json["ok"]) == (200, True)
