"""Starting and ending the ``mjcalc`` process: the console entry point and what it guards.

:func:`main` runs the command group and turns what can go wrong around it into one line on
stderr and an exit status, never a traceback: a closed, full or broken stdout, a closed stdin,
an output encoding that cannot show what is printed (:attr:`ExitStatus.IO`).

It also spares every run two costs a command line pays for nothing: Pydantic's scan of the
environment for its plugins (:data:`PLUGINS_ENV`, :class:`_NoPluginLoader`), and the
interpreter's garbage collections while it tears the modules down (:func:`_spare_the_teardown`).
``import mjcalc`` as a library does neither.
"""

from __future__ import annotations

import errno
import os
import sys
import types
from collections.abc import Iterable
from typing import Any, NoReturn, cast

import click

from mjcalc.cli.lang import argv_lang, click_lang, click_language
from mjcalc.cli.output import ExitStatus
from mjcalc.i18n import Lang, text

PLUGINS_ENV = "PYDANTIC_DISABLE_PLUGINS"
"""Pydantic looks for plugins (the ``pydantic`` entry points of every installed distribution)
when it builds its first validator, unless this is ``__all__``: a scan of all the metadata of
the environment, on every start-up, that grows with the number of packages installed.
The command line sets it unless it is already set, since it has no use for such plugins; set it
to an empty value to have them loaded (``PYDANTIC_DISABLE_PLUGINS= mjcalc ...``). ``import
mjcalc`` as a library leaves Pydantic's own behaviour alone."""


_PLUGINS_OFF = ("__all__", "1", "true")  # the values that make Pydantic skip its plugin scan
_PLUGIN_LOADER = "pydantic.plugin._loader"


class _NoPluginLoader(types.ModuleType):
    """Stands in for Pydantic's plugin loader module while plugins are off (:data:`PLUGINS_ENV`).

    Pydantic asks that module for its plugins when it builds a validator; with plugins off the
    answer is "none" without any scan, yet the module imports ``importlib.metadata`` at its top,
    for the scan: a costly import on every start-up, for nothing (bench/README.md). This stand-in
    gives the same answer to the same question, and hands over to the real module the moment
    anything else is asked of it or plugins are turned back on.
    """

    def get_plugins(self) -> Iterable[Any]:
        if os.environ.get(PLUGINS_ENV) in _PLUGINS_OFF:
            return ()
        return cast(Iterable[Any], self._real().get_plugins())

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # what the import system asks of any module (a __path__?)
            raise AttributeError(name)
        return getattr(self._real(), name)

    def _real(self) -> types.ModuleType:
        if sys.modules.get(_PLUGIN_LOADER) is self:
            del sys.modules[_PLUGIN_LOADER]
        import importlib

        return importlib.import_module(_PLUGIN_LOADER)


def _skip_plugin_loader() -> None:
    """Put :class:`_NoPluginLoader` in place of Pydantic's loader, if plugins are off and the
    loader was not imported yet."""
    if os.environ.get(PLUGINS_ENV) in _PLUGINS_OFF and _PLUGIN_LOADER not in sys.modules:
        sys.modules[_PLUGIN_LOADER] = _NoPluginLoader(_PLUGIN_LOADER)


def main(group: click.Group) -> NoReturn:
    """Run ``group`` as the ``mjcalc`` command line, and exit with its status.

    A closed, full or broken stdout, a closed stdin, or an output encoding that cannot show what
    is printed ends with one line on stderr and exit status 1 (:attr:`ExitStatus.IO`), never a
    traceback. Output is flushed here, so a failure shows now rather than at interpreter exit.
    """
    if sys.stdout is None:
        _io_failure("io.write_failed", "standard output is closed")
    os.environ.setdefault(PLUGINS_ENV, "__all__")
    _skip_plugin_loader()
    try:
        code = _run_cli(group)
        sys.stdout.flush()
    except UnicodeEncodeError as exc:
        reason = f"{exc.encoding} cannot encode {exc.object[exc.start : exc.end]!a}"
        _io_failure("io.write_failed", reason)
    except OSError as exc:
        _io_failure("io.write_failed", exc.strerror or str(exc))
    _spare_the_teardown()
    sys.exit(code)


def _spare_the_teardown() -> None:
    """Freeze every object left (:func:`gc.freeze`) once the command is done and its output
    flushed. The interpreter's shutdown runs full garbage collections while it tears the
    modules down; after Pydantic's schemas and validators were built there are tens of
    thousands of objects to walk, a large share of a short run such as ``score --json``
    (bench/README.md). Frozen, they are left to the end of the process like
    memory in general; ``atexit`` handlers still run and open files are still closed as before
    (the session's files are closed when written, never left to the collector)."""
    import gc

    gc.freeze()


def _run_cli(group: click.Group) -> int | str | None:
    """Run the commands; the exit status they end with (Click's own handling of its errors)."""
    with click_language(argv_lang(sys.argv[1:])):  # Click's errors are shown here, in it
        return _run_group(group)


def _run_group(group: click.Group) -> int | str | None:
    stdout = sys.stdout
    try:
        rv = group.main(prog_name="mjcalc", standalone_mode=False)
    except SystemExit as exc:
        if sys.stdout is not stdout:  # Click wraps stdout and exits quietly on a broken pipe
            _io_failure("io.write_failed", os.strerror(errno.EPIPE))
        return exc.code
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.Abort:
        click.echo(text("help.aborted", click_lang()), err=True)
        return ExitStatus.ERROR
    except RuntimeError:
        if sys.stdin is None:  # click.File("-") on a closed stdin
            _io_failure("io.read_failed", "standard input is closed")
        raise
    return rv if isinstance(rv, int) else ExitStatus.OK


def _io_failure(key: str, reason: str) -> NoReturn:
    """One line on stderr, stdout pointed at /dev/null (nothing more to flush), exit 1."""
    lang: Lang = "zh" if os.environ.get("MJCALC_LANG") == "zh" else "en"
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
    except OSError:
        pass
    if sys.stderr is not None:
        sys.stderr.write(text(key, lang, reason=reason) + "\n")
        sys.stderr.flush()
    sys.exit(ExitStatus.IO)
