"""``mjcalc serve``: the page for the table and the HTTP JSON API, on a real ASGI server.

Thin: it reads its flags, binds the socket itself (so a port in use is one clear message, and
``--port 0`` can print the port it got), prints the URL — with the token and a QR code of it
when the server is reachable from the network — and runs Uvicorn on :func:`mjcalc.web.app.
create_app`. FastAPI, Uvicorn and segno are imported here, when the command runs, and nowhere on
the other commands' paths.

The token rule: bound to a loopback address no token is needed (one given with ``--token`` is
still required); bound to any other address every request needs one, ``--token`` or a random
one made now. An empty ``--token`` is a usage error, never "no token".

The ``Host`` rule: the server answers for loopback names, the address it is bound to (this
machine's own addresses when bound to every one) and the names given with ``--allow-host``;
any other ``Host`` is 421 (:class:`mjcalc.web.guard.OriginGuard`).
"""

from __future__ import annotations

import contextlib
import socket
import sys
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

import click

from mjcalc.cli.lang import BilingualCommand, lang_option, option
from mjcalc.cli.output import ExitStatus
from mjcalc.cli.params import CliUsageError, WholeNumber
from mjcalc.i18n import Lang, bilingual, text

if TYPE_CHECKING:
    import uvicorn


@click.command("serve", cls=BilingualCommand, help="help.serve")
@option(
    "--dir",
    "directory",
    type=click.Path(exists=True, file_okay=False, dir_okay=True, path_type=Path),
    metavar="DIR",
    help="help.serve.dir",
)
@option(
    "--session",
    "session_file",
    type=click.Path(exists=True, dir_okay=False, readable=True, path_type=Path),
    metavar="FILE",
    help="help.serve.session",
)
@option("--host", default="127.0.0.1", show_default=True, help="help.serve.host")
@option(
    "--port",
    type=WholeNumber(min=0, max=65535),
    default=8765,
    show_default=True,
    help="help.serve.port",
)
@option("--token", metavar="TOKEN", help="help.serve.token")
@option("--allow-host", "allow_hosts", metavar="NAME", multiple=True, help="help.serve.allow_host")
@lang_option("help.serve.lang")
def serve(
    directory: Path | None,
    session_file: Path | None,
    host: str,
    port: int,
    token: str | None,
    allow_hosts: tuple[str, ...],
    lang: Lang,
) -> None:
    """``mjcalc serve``: the page and the API (help: ``help.serve``)."""
    from mjcalc.web.guard import is_loopback, new_token

    if token is not None and not token.strip():
        # `--token ""`, or `--token "$UNSET"` in a script: never "no token" off loopback
        raise CliUsageError(bilingual("cli.serve.empty_token"))
    if token is None and not is_loopback(host):
        token = new_token()
    try:
        sock = listening_socket(host, port)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        message = text("cli.serve.cannot_listen", lang, host=host, port=port, reason=reason)
        click.echo(message, err=True)
        sys.exit(ExitStatus.FAILED)
    # everything slow (imports, the app, Uvicorn's config) is ready before "Ctrl-C to stop" is
    # printed: a Ctrl-C pressed on reading it must find Uvicorn's handler, not an import half done
    server = prepare(session_file, token, lang, served_hosts(host, allow_hosts), directory)
    port = sock.getsockname()[1]
    urls = page_urls(host, port, token)
    click.echo(text("cli.serve.listening", lang, url=urls[0]), err=True)
    for other in urls[1:]:
        click.echo(text("cli.serve.also", lang, url=other), err=True)
    if shown_wildcard(host) and urls[0].startswith("http://127.0.0.1:"):
        click.echo(text("cli.serve.no_address", lang), err=True)
    from mjcalc.render.text import safe

    if directory is not None:
        click.echo(text("cli.serve.dir", lang, dir=safe(str(directory))), err=True)
    if session_file is not None:
        click.echo(text("cli.serve.session", lang, file=safe(str(session_file))), err=True)
    if token is not None:
        click.echo(text("cli.serve.token", lang), err=True)
        print_qr(urls[0])
        click.echo(text("cli.serve.phones", lang, port=port), err=True)
    click.echo(text("cli.serve.stop", lang), err=True)
    sys.stderr.flush()
    # Uvicorn stops cleanly on Ctrl-C, then raises the signal again for the program: a stop
    # asked for is this command's normal end (status 0), not an interruption
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])


def prepare(
    session_file: Path | None,
    token: str | None,
    lang: Lang,
    hosts: tuple[str, ...] = (),
    directory: Path | None = None,
) -> uvicorn.Server:
    """The Uvicorn server for the app, its config loaded, not yet running; ``hosts``: the
    ``Host`` names it answers besides loopback's (:func:`served_hosts`).

    Uvicorn stops by waiting for every connection to close, and an event stream never closes
    itself: asked to stop (Ctrl-C), the server first tells the app (``Settings.stop``), whose
    streams then end."""
    import threading

    import uvicorn

    from mjcalc.web.app import Settings, create_app

    stop = threading.Event()
    settings = Settings(
        token=token,
        session=session_file.resolve() if session_file else None,
        lang=lang,
        hosts=hosts,
        directory=directory.resolve() if directory else None,
        stop=stop,
    )
    config = uvicorn.Config(
        create_app(settings), log_level="warning", access_log=False, lifespan="off"
    )
    config.load()

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            stop.set()
            super().handle_exit(sig, frame)

    return Server(config)


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host``:``port`` (IPv6 for an IPv6 address), ready for Uvicorn."""
    infos = socket.getaddrinfo(
        host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


WILDCARDS = ("0.0.0.0", "::", "")
"""Bind addresses that mean every address of the machine."""


def shown_wildcard(host: str) -> bool:
    """Whether ``host`` means every address of the machine (0.0.0.0, ``::``)."""
    return host.strip("[]") in WILDCARDS


def served_hosts(host: str, allowed: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The ``Host`` names the server answers besides loopback's: the address it is bound to, or
    when bound to every address this machine's own (its name, its network addresses — those
    :func:`page_urls` prints — and the addresses its name gives), and the names of
    ``--allow-host``."""
    shown = host.strip("[]")
    names = [shown] if shown not in WILDCARDS else own_addresses()
    return tuple(dict.fromkeys(n.lower() for n in [*names, *allowed] if n))


def own_addresses() -> list[str]:
    """This machine's name, its network addresses and those its name gives (no traffic is sent
    to find them)."""
    name = socket.gethostname()
    return [name, *lan_addresses(), *_name_addresses(name, socket.AF_UNSPEC)]


def page_url(host: str, port: int, token: str | None) -> str:
    """The URL to open: a wildcard bind (0.0.0.0, ::) shown as this machine's address on the
    network, so a phone at the table can reach it."""
    return page_urls(host, port, token)[0]


def page_urls(host: str, port: int, token: str | None) -> list[str]:
    """The URLs to print: the bound address's; for a wildcard bind (0.0.0.0, ``::``) one per
    network address of this machine, the default route's first (the QR code's), or loopback's
    when it has none. Never a host name: a phone at the table may not resolve it, and a name
    may resolve to loopback on this machine."""
    shown = host.strip("[]")
    addresses = [shown]
    if shown in WILDCARDS:
        addresses = lan_addresses() or ["127.0.0.1"]
    query = f"?token={token}" if token else ""
    return [f"http://{_bracketed(a)}:{port}/{query}" for a in addresses]


def _bracketed(address: str) -> str:
    return f"[{address}]" if ":" in address else address


def network_address() -> str | None:
    """This machine's address on the network the phones reach it on (:func:`lan_addresses`'s
    first); ``None`` when it has none."""
    found = lan_addresses()
    return found[0] if found else None


PROBE = ("192.0.2.1", 9)
"""An address of TEST-NET-1 (RFC 5737, documentation only): a UDP socket "connected" to it
picks the interface of the default route, and sends nothing."""

SIOCGIFADDR = 0x8915
"""Linux's ``ioctl`` asking an interface for its IPv4 address."""


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses a phone on its network can reach, the default route's
    first: the interfaces' own (Linux), else those its name gives; never loopback (127.x).
    No traffic is sent to find them."""
    found = [default_route_address(), *interface_addresses()]
    if not any(_reachable(a) for a in found):
        found += _name_addresses(socket.gethostname(), socket.AF_INET)
    return list(dict.fromkeys(a for a in found if a is not None and _reachable(a)))


def default_route_address() -> str | None:
    """The IPv4 address of the interface the default route goes through: a UDP socket
    connected to :data:`PROBE` is given it (``connect`` on UDP sends no packet)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE)
            found = str(probe.getsockname()[0])
    except OSError:  # no route at all
        return None
    return found if _reachable(found) else None


def interface_addresses() -> list[str]:
    """The IPv4 address of each network interface (Linux: ``SIOCGIFADDR``; elsewhere none)."""
    try:
        import fcntl
        import struct

        names = socket.if_nameindex()
    except (ImportError, OSError, AttributeError):
        return []
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as asking:
        for _, name in names:
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(asking.fileno(), SIOCGIFADDR, request)
            except OSError:  # no IPv4 address on this one
                continue
            found.append(socket.inet_ntoa(answer[20:24]))
    return found


def _name_addresses(name: str, family: int) -> list[str]:
    """The addresses ``name`` resolves to (from the machine's own tables: its own name)."""
    try:
        infos = socket.getaddrinfo(name, None, family)
    except OSError:
        return []
    return [str(address[0]).split("%")[0] for *_, address in infos]


def _reachable(address: str | None) -> bool:
    """An IPv4 address another machine could use: not loopback, not unspecified."""
    import ipaddress

    try:
        ip = ipaddress.IPv4Address(address or "")
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified)


def print_qr(url: str) -> None:
    """The URL as a QR code on stderr, drawn with block characters (segno)."""
    import segno

    code = segno.make(url, error="l")
    # a terminal that cannot show block characters: the URL printed above stands alone
    with contextlib.suppress(UnicodeEncodeError):
        code.terminal(out=sys.stderr, compact=True)
