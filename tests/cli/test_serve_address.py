"""The address ``mjcalc serve --host 0.0.0.0`` prints for the phones: this machine's address on
its network (the default route's first, every other one listed), never a host name or loopback,
and the same addresses among the ``Host`` names it answers. The address finder is replaced: only
the printed text is checked, and no traffic leaves the machine."""

from __future__ import annotations

import re
import socket
from typing import Any

import pytest

import mjcalc.cli.serve as serve_module
from tests.support.cli import run


class Server:
    """Stands in for Uvicorn: the command prints everything, then "runs" and returns."""

    def run(self, sockets: list[socket.socket]) -> None:
        for sock in sockets:
            sock.close()


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What the command hands on: the QR code's URL, the hosts the app is made for."""
    seen: dict[str, Any] = {}

    def prepare(*args: Any) -> Server:
        seen["hosts"] = args[3]
        return Server()

    monkeypatch.setattr(serve_module, "prepare", prepare)
    monkeypatch.setattr(serve_module, "print_qr", lambda url: seen.setdefault("qr", url))
    return seen


def addresses(monkeypatch: pytest.MonkeyPatch, default: str | None, *others: str) -> None:
    monkeypatch.setattr(serve_module, "default_route_address", lambda: default)
    monkeypatch.setattr(serve_module, "interface_addresses", lambda: list(others))


def urls(text: str) -> list[str]:
    return re.findall(r"http://\S+", text)


def test_the_default_routes_address_is_printed_and_the_others_listed(
    monkeypatch: pytest.MonkeyPatch, printed: dict[str, Any]
) -> None:
    addresses(monkeypatch, "192.168.1.20", "127.0.0.1", "10.8.0.2", "192.168.1.20")
    shown = run("serve", "--host", "0.0.0.0", "--port", "0", "--token", "s3cret")
    assert shown.exit_code == 0, shown.output
    found = urls(shown.stderr)
    port = found[0].split(":")[2].split("/")[0]
    assert found == [
        f"http://192.168.1.20:{port}/?token=s3cret",
        f"http://10.8.0.2:{port}/?token=s3cret",
    ]
    assert shown.stderr.split("\n")[0] == f"mjcalc serve: the page is at {found[0]}"
    assert f"  also at {found[1]}" in shown.stderr
    assert printed["qr"] == found[0]
    assert f"a firewall must let TCP port {port} in" in shown.stderr
    assert "127.0.0.1" not in shown.stderr
    assert socket.gethostname() not in "".join(found)
    assert {"192.168.1.20", "10.8.0.2"} <= set(printed["hosts"])


def test_an_ipv6_wildcard_prints_the_ipv4_address(
    monkeypatch: pytest.MonkeyPatch, printed: dict[str, Any]
) -> None:
    addresses(monkeypatch, "10.0.0.7")
    shown = run("serve", "--host", "::", "--port", "0", "--token", "t0ken")
    if shown.exit_code == 1 and "cannot listen" in shown.stderr:
        pytest.skip("no IPv6 on this machine")
    assert [u.split(":")[1] for u in urls(shown.stderr)] == ["//10.0.0.7"]
    assert "10.0.0.7" in printed["hosts"]


def test_in_chinese(monkeypatch: pytest.MonkeyPatch, printed: dict[str, Any]) -> None:
    addresses(monkeypatch, "192.168.1.20", "10.8.0.2")
    shown = run("serve", "--host", "0.0.0.0", "--port", "0", "--lang", "zh")
    assert "mjcalc serve：网页地址 http://192.168.1.20:" in shown.stderr
    assert "  也可用 http://10.8.0.2:" in shown.stderr
    assert "防火墙须放行 TCP 端口" in shown.stderr


def test_without_a_network_address_loopback_is_printed_and_said(
    monkeypatch: pytest.MonkeyPatch, printed: dict[str, Any]
) -> None:
    addresses(monkeypatch, None)
    monkeypatch.setattr(serve_module, "_name_addresses", lambda name, family: ["127.0.1.1"])
    shown = run("serve", "--host", "0.0.0.0", "--port", "0")
    assert urls(shown.stderr)[0].startswith("http://127.0.0.1:")
    assert "this machine has no network address: only it can open the page" in shown.stderr


def test_a_named_address_is_printed_as_it_is(
    monkeypatch: pytest.MonkeyPatch, printed: dict[str, Any]
) -> None:
    addresses(monkeypatch, "192.168.1.20")
    shown = run("serve", "--port", "0")
    assert urls(shown.stderr)[0].startswith("http://127.0.0.1:")
    assert "firewall" not in shown.stderr  # this machine only: nothing to let in
    assert "also at" not in shown.stderr


def test_the_addresses_leave_out_loopback_and_put_the_default_route_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    addresses(monkeypatch, "10.0.0.3", "127.0.0.1", "192.168.1.20", "10.0.0.3", "0.0.0.0")
    assert serve_module.lan_addresses() == ["10.0.0.3", "192.168.1.20"]
    assert serve_module.network_address() == "10.0.0.3"
    addresses(monkeypatch, "127.0.0.1")  # a default route through loopback: none
    monkeypatch.setattr(serve_module, "_name_addresses", lambda name, family: [])
    assert serve_module.lan_addresses() == []


def test_the_machines_name_gives_the_addresses_when_its_interfaces_cannot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    addresses(monkeypatch, None)
    asked: list[str] = []

    def by_name(name: str, family: int) -> list[str]:
        asked.append(name)
        return ["127.0.1.1", "192.168.5.5"]

    monkeypatch.setattr(serve_module, "_name_addresses", by_name)
    assert serve_module.lan_addresses() == ["192.168.5.5"]
    assert asked == [socket.gethostname()]


def test_the_interfaces_are_read_without_a_packet() -> None:
    """``SIOCGIFADDR`` asks the kernel, locally: every address found is IPv4 (loopback's is
    among them on Linux, and is left out by :func:`lan_addresses`)."""
    import ipaddress

    for found in serve_module.interface_addresses():
        assert ipaddress.ip_address(found).version == 4
