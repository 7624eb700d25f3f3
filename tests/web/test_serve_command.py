"""``mjcalc serve`` as a user runs it, and the token rule.

The command runs as a real process; off loopback it listens on every address (0.0.0.0) and the
tests talk to it over 127.0.0.1 only: what is checked is the server's rule (a token is required
because of where it is bound), never traffic to another machine.
"""

from __future__ import annotations

import socket
from collections.abc import Callable
from pathlib import Path

import pytest

from mjcalc.web.guard import is_loopback
from tests.support.cli import run_main
from tests.support.worked import SHANGHAI, SHANGHAI_PAYMENTS
from tests.web.conftest import URL, Command


def test_on_loopback_no_token_is_needed(command: Callable[..., Command]) -> None:
    served = command()
    assert served.token is None
    assert "127.0.0.1" in served.lines[0]
    assert served.live().post("/api/score", SHANGHAI).json["payments"] == SHANGHAI_PAYMENTS
    status, err = served.stop()
    assert status == 0
    assert "Traceback" not in err


def test_off_loopback_every_request_needs_the_token(command: Callable[..., Command]) -> None:
    served = command("--host", "0.0.0.0")
    token = served.token
    assert token and len(token) >= 16
    shown = "".join(served.lines)
    assert "▀" in shown or "█" in shown or "▄" in shown  # the QR code, in block characters
    client = served.live()
    for path in ("/", "/openapi.json", "/api/rules"):
        assert client.get(path).status == 401
    missing = client.post("/api/score", SHANGHAI)
    assert missing.status == 401
    assert missing.json["error"]["code"] == "unauthorized"
    assert missing.headers["www-authenticate"] == "Bearer"
    assert (
        client.post("/api/score", SHANGHAI, headers={"Authorization": "Bearer nope"}).status == 401
    )
    assert client.post(f"/api/score?token={token}x", SHANGHAI).status == 401
    bearer = client.post("/api/score", SHANGHAI, headers={"Authorization": f"Bearer {token}"})
    assert bearer.json["payments"] == SHANGHAI_PAYMENTS
    assert client.post(f"/api/score?token={token}", SHANGHAI).status == 200
    page = client.get(f"/?token={token}")
    assert page.status == 200 and b'data-testid="hand-input"' in page.body
    status, err = served.stop()
    assert (status, "Traceback" in err) == (0, False)


def test_a_given_token_is_required_on_loopback_too(command: Callable[..., Command]) -> None:
    served = command("--token", "s3cret-token")
    assert served.token == "s3cret-token"
    client = served.live()
    assert client.get("/api/rules").status == 401
    assert client.get("/api/rules", headers={"Authorization": "Bearer s3cret-token"}).status == 200
    served.stop()


def test_a_host_it_was_not_started_for_is_421(command: Callable[..., Command]) -> None:
    """DNS rebinding: a page of attacker.example, its name pointed at 127.0.0.1, is refused."""
    served = command()
    client = served.live()
    for host in ("attacker.example", f"attacker.example:{served.port}", "table.lan"):
        answer = client.post("/api/score", SHANGHAI, headers={"Host": host})
        assert answer.status == 421 and answer.json["error"]["code"] == "misdirected"
    assert client.get("/", headers={"Host": f"localhost:{served.port}"}).status == 200
    served.stop()


def test_allow_host_adds_names(command: Callable[..., Command]) -> None:
    served = command("--allow-host", "table.lan", "--allow-host", "Mahjong.Home")
    client = served.live()
    for host in ("table.lan", f"table.lan:{served.port}", "mahjong.home", "127.0.0.1"):
        answer = client.post("/api/score", SHANGHAI, headers={"Host": host})
        assert answer.json["payments"] == SHANGHAI_PAYMENTS, host
    assert client.get("/", headers={"Host": "other.lan"}).status == 421
    status, err = served.stop()
    assert (status, "Traceback" in err) == (0, False)


def test_off_loopback_the_printed_address_is_answered(command: Callable[..., Command]) -> None:
    """Bound to every address: the address printed for the phone is one the server answers (and
    still needs the token); a name it was not started for is 421 before the token is looked at."""
    served = command("--host", "0.0.0.0")
    found = URL.search("".join(served.lines))
    assert found
    shown = f"{found.group(1)}:{served.port}"
    client = served.live()
    auth = {"Authorization": f"Bearer {served.token}"}
    answer = client.post("/api/score", SHANGHAI, headers={"Host": shown, **auth})
    assert answer.json["payments"] == SHANGHAI_PAYMENTS
    assert client.get("/api/rules", headers={"Host": shown}).status == 401
    assert client.get("/api/rules", headers={"Host": "attacker.example", **auth}).status == 421
    served.stop()


def test_the_served_hosts() -> None:
    from mjcalc.cli.serve import network_address, served_hosts

    assert served_hosts("127.0.0.1") == ("127.0.0.1",)
    assert served_hosts("[::1]", ("Table.LAN",)) == ("::1", "table.lan")
    assert served_hosts("192.168.1.20", ("x", "x")) == ("192.168.1.20", "x")
    every = served_hosts("0.0.0.0")
    assert socket.gethostname().lower() in every
    assert network_address() is None or network_address() in every
    assert served_hosts("::") == every


def test_a_port_in_use_is_one_message(command: Callable[..., Command]) -> None:
    served = command()
    proc = run_main("serve", "--port", str(served.port), text=True)
    assert proc.returncode == 1
    assert f"port {served.port}" in proc.stderr
    assert "Traceback" not in proc.stderr
    served.stop()


def test_the_terminal_speaks_chinese(command: Callable[..., Command]) -> None:
    served = command("--lang", "zh")
    assert "网页地址" in served.lines[0]
    served.stop()


def test_a_session_that_is_not_a_file_is_a_usage_error(tmp_path: Path) -> None:
    proc = run_main("serve", "--session", str(tmp_path / "none.jsonl"), text=True)
    assert proc.returncode == 2
    assert "none.jsonl" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.0.0.2", True),
        ("::1", True),
        ("[::1]", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.20", False),
        ("mjcalc.example", False),
    ],
)
def test_which_addresses_need_a_token(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_serve_is_not_imported_by_the_json_path() -> None:
    """``score --json`` loads none of the server's libraries."""
    from tests.cli.test_startup import run_module

    proc, modules = run_module("score", "11122233344455m", "--rules", "shanghai", "--json")
    assert proc.returncode == 0
    heavy = {"fastapi", "uvicorn", "starlette", "segno", "mjcalc.web", "mjcalc.cli.serve"}
    assert modules & heavy == set()
    assert "pydantic" in modules  # the check does see what was imported


def test_ctrl_c_is_announced_only_once_the_server_can_take_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Ctrl-C pressed on reading "stop with Ctrl-C" once landed inside the app's imports, was
    swallowed there, and left the server running: the app is built before that line is printed."""
    from click.testing import CliRunner

    import mjcalc.cli.serve as serve_module
    from mjcalc.cli import cli

    seen: dict[str, str] = {}

    class Server:
        def run(self, sockets: list[object]) -> None:
            seen["running"] = stderr.getvalue()

    def prepare(*_: object) -> Server:
        seen["prepared"] = stderr.getvalue()
        return Server()

    monkeypatch.setattr(serve_module, "prepare", prepare)
    runner = CliRunner()
    with runner.isolation() as (_, stderr_bytes, _):
        stderr = _Reader(stderr_bytes)
        cli.main(["serve", "--port", "0"], prog_name="mjcalc", standalone_mode=False)
    assert "Ctrl-C" not in seen["prepared"]
    assert "Ctrl-C" in seen["running"]


class _Reader:
    """What has been written to an isolated stderr so far."""

    def __init__(self, stream: object) -> None:
        self.stream = stream

    def getvalue(self) -> str:
        return self.stream.getvalue().decode("utf-8")  # type: ignore[attr-defined]
