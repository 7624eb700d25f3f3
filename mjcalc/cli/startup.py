"""Starting and ending the ``mjcalc`` process: the console entry point and what it guards.

:func:`main` runs the command group and turns what can go wrong around it into one line on
stderr and an exit status, never a traceback: a closed or full stdout, a closed stdin, an output
encoding that cannot show what is printed (:attr:`ExitStatus.FAILED`). A reader that goes away
(``| head``) ends the run quietly, as it ends ``ls``: :attr:`ExitStatus.READER_GONE`.

It also spares every run two costs a command line pays for nothing: Pydantic's scan of the
environment for its plugins (:data:`mjcalc.hot_paths.PLUGINS_ENV`, a speed trick fenced there),
and the interpreter's garbage collections while it tears the modules down
(:func:`_spare_the_teardown`).
``import mjcalc`` as a library does neither.
"""

from __future__ import annotations

import errno
import os
import sys
from typing import NoReturn

import click

from mjcalc.cli.lang import argv_lang, click_lang, click_language
from mjcalc.cli.output import ExitStatus
from mjcalc.hot_paths import PLUGINS_ENV, skip_plugin_loader
from mjcalc.i18n import Lang, text


def main(group: click.Group) -> NoReturn:
    """Run ``group`` as the ``mjcalc`` command line, and exit with its status.

    A closed or full stdout, a closed stdin, or an output encoding that cannot show what is
    printed ends with one line on stderr and exit status 1 (:attr:`ExitStatus.FAILED`), never a
    traceback; a broken pipe ends quietly with :attr:`ExitStatus.READER_GONE`. Output is flushed
    here, so a failure shows now rather than at interpreter exit.
    """
    if sys.stdout is None:
        _io_failure("io.write_failed", "standard output is closed")
    os.environ.setdefault(PLUGINS_ENV, "__all__")
    skip_plugin_loader()
    try:
        code = _run_cli(group)
        sys.stdout.flush()
    except UnicodeEncodeError as exc:
        reason = f"{exc.encoding} cannot encode {exc.object[exc.start : exc.end]!a}"
        _io_failure("io.write_failed", reason)
    except OSError as exc:
        if exc.errno == errno.EPIPE:
            _reader_gone()
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
            _reader_gone()
        return exc.code
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.Abort:
        click.echo(text("help.aborted", click_lang()), err=True)
        return ExitStatus.FAILED
    except RuntimeError:
        if sys.stdin is None:  # click.File("-") on a closed stdin
            _io_failure("io.read_failed", "standard input is closed")
        raise
    return rv if isinstance(rv, int) else ExitStatus.OK


def _reader_gone() -> NoReturn:
    """The reader of stdout went away: nothing said, stdout pointed at /dev/null (the
    interpreter's last flush must not fail in turn), :attr:`ExitStatus.READER_GONE`."""
    _quiet_stdout()
    sys.exit(ExitStatus.READER_GONE)


def _quiet_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
    except OSError:
        pass


def _io_failure(key: str, reason: str) -> NoReturn:
    """One line on stderr, stdout pointed at /dev/null (nothing more to flush), exit 1."""
    lang: Lang = "zh" if os.environ.get("MJCALC_LANG") == "zh" else "en"
    _quiet_stdout()
    if sys.stderr is not None:
        sys.stderr.write(text(key, lang, reason=reason) + "\n")
        sys.stderr.flush()
    sys.exit(ExitStatus.FAILED)
