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
    server = prepare(session_file, token, lang, served_hosts(host, allow_hosts))
    url = page_url(host, sock.getsockname()[1], token)
    click.echo(text("cli.serve.listening", lang, url=url), err=True)
    if session_file is not None:
        from mjcalc.render.text import safe

        click.echo(text("cli.serve.session", lang, file=safe(str(session_file))), err=True)
    if token is not None:
        click.echo(text("cli.serve.token", lang), err=True)
        print_qr(url)
    click.echo(text("cli.serve.stop", lang), err=True)
    sys.stderr.flush()
    # Uvicorn stops cleanly on Ctrl-C, then raises the signal again for the program: a stop
    # asked for is this command's normal end (status 0), not an interruption
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])


def prepare(
    session_file: Path | None, token: str | None, lang: Lang, hosts: tuple[str, ...] = ()
) -> uvicorn.Server:
    """The Uvicorn server for the app, its config loaded, not yet running; ``hosts``: the
    ``Host`` names it answers besides loopback's (:func:`served_hosts`)."""
    import uvicorn

    from mjcalc.web.app import Settings, create_app

    settings = Settings(
        token=token,
        session=session_file.resolve() if session_file else None,
        lang=lang,
        hosts=hosts,
    )
    config = uvicorn.Config(
        create_app(settings), log_level="warning", access_log=False, lifespan="off"
    )
    config.load()
    return uvicorn.Server(config)


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


def served_hosts(host: str, allowed: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The ``Host`` names the server answers besides loopback's: the address it is bound to, or
    when bound to every address this machine's own (its name and the addresses it gives, the
    one :func:`page_url` prints among them), and the names of ``--allow-host``."""
    shown = host.strip("[]")
    names = [shown] if shown not in WILDCARDS else own_addresses()
    return tuple(dict.fromkeys(n.lower() for n in [*names, *allowed] if n))


def own_addresses() -> list[str]:
    """This machine's name and the addresses its name gives (no traffic is sent to find them)."""
    name = socket.gethostname()
    found = [name, network_address() or ""]
    try:
        infos = socket.getaddrinfo(name, None)
    except OSError:
        infos = []
    found += [str(address[0]).split("%")[0] for *_, address in infos]
    return found


def page_url(host: str, port: int, token: str | None) -> str:
    """The URL to open: a wildcard bind (0.0.0.0, ::) shown as this machine's address on the
    network, so a phone at the table can reach it."""
    shown = host.strip("[]")
    if shown in WILDCARDS:
        shown = network_address() or socket.gethostname()
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/" + (f"?token={token}" if token else "")


def network_address() -> str | None:
    """This machine's first IPv4 address that is not loopback, from its own name (no traffic
    is sent to find it); ``None`` when its name gives none."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    for *_, address in infos:
        found = str(address[0])
        if not found.startswith("127."):
            return found
    return None


def print_qr(url: str) -> None:
    """The URL as a QR code on stderr, drawn with block characters (segno)."""
    import segno

    code = segno.make(url, error="l")
    # a terminal that cannot show block characters: the URL printed above stands alone
    with contextlib.suppress(UnicodeEncodeError):
        code.terminal(out=sys.stderr, compact=True)
