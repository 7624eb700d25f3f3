"""The ``mjcalc`` command line: a group of commands, each in its own module, loaded when it runs.

Data goes to stdout, messages to stderr. Exit status (:class:`mjcalc.cli.output.ExitStatus`): 0
every hand scored, 1 a hand (or a batch line, or a ruleset asked for by ``rules``) could not be,
2 a usage error.

Start-up matters for scripts that call ``mjcalc score --json`` once per hand, so a run imports
only the command it runs (``mjcalc.cli.<name>``, see :class:`LazyGroup`); the group's own help
lists every command from :data:`COMMANDS` without importing any. The commands import the scoring
core when they run, and Rich only for the text views in :mod:`mjcalc.render`.

The modules: :mod:`.lang` (the language of the command line, Click classes and options worded
in it, ``--lang``), :mod:`.zh` (Click in Chinese), :mod:`.params` (the flags of ``score``, the
rulesets' among them, and the request they make), :mod:`.output` (the format option, the one
writer of the data, stderr, exit status), :mod:`.arglines` (argument lines of ``batch`` and
``session``), :mod:`.startup` (the process around the commands), and one module per command.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, MutableMapping, Sequence
from typing import Any, NoReturn

import click

from mjcalc import __version__
from mjcalc.cli import startup
from mjcalc.cli.lang import (
    BilingualCommand,
    BilingualGroup,
    click_lang,
    click_words,
    hidden_lang,
    option,
)
from mjcalc.i18n import Lang, text

COMMANDS: dict[str, str] = {
    "batch": "help.batch",
    "rules": "help.rules",
    "schema": "help.schema",
    "score": "help.score",
    "serve": "help.serve",
    "session": "help.session",
    "waits": "help.waits",
}
"""Each command's name (its module is ``mjcalc.cli.<name>``, the command the attribute of the same
name) and its help key, which the group's help page shortens without importing the module."""


class LazyCommands(MutableMapping[str, click.Command]):
    """The group's commands by name, each imported the first time it is asked for.

    Click looks commands up in ``group.commands`` (and offers close names from its keys when a
    name is mistyped): iterating gives the names without importing anything.
    """

    def __init__(self, names: Iterable[str]) -> None:
        self._names = list(names)
        self._loaded: dict[str, click.Command] = {}

    def __getitem__(self, name: str) -> click.Command:
        command = self._loaded.get(name)
        if command is None:
            if name not in self._names:
                raise KeyError(name)
            # the import statement's own machinery, not importlib.import_module: -X importtime
            # then lists the command's module like any other, as the start-up tests read it
            module = __import__(f"{__name__}.{name}", fromlist=[name])
            command = getattr(module, name)
            assert isinstance(command, click.Command)
            self._loaded[name] = command
        return command

    def __setitem__(self, name: str, command: click.Command) -> None:
        if name not in self._names:
            self._names.append(name)
        self._loaded[name] = command

    def __delitem__(self, name: str) -> None:
        self._names.remove(name)
        self._loaded.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


class LazyGroup(BilingualGroup):
    """The ``mjcalc`` group: a command's module is imported only when that command runs."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = LazyCommands(COMMANDS)

    _reporting: list[str] | None = None
    """The arguments of the run under way, until its usage error (if any) has been reported."""

    def main(
        self, args: Sequence[str] | None = None, *rest: Any, standalone_mode: bool = True, **kw: Any
    ) -> Any:
        """Run the commands; a usage error of a command line asking for JSON also writes its
        JSON record (:meth:`report_usage`)."""
        argv = list(sys.argv[1:] if args is None else args)
        self._reporting = argv
        try:
            return super().main(argv, *rest, standalone_mode=standalone_mode, **kw)
        finally:
            self._reporting = None

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except click.UsageError as exc:  # the group's own words (``mjcalc --bogus``)
            self.report_usage(exc)
            raise

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:  # the command's words, or the command refusing them
            self.report_usage(exc)
            raise

    def report_usage(self, exc: click.UsageError) -> None:
        """Under JSON output (``--json``, ``--format json``: the format the command line asks
        for, as its parser reads it, :func:`mjcalc.cli.output.asks_for_json`), a usage error
        also writes its JSON record on stdout, before Click shows its text on stderr.

        A program reading stdout then has one channel: Click's text still goes to stderr and the
        exit status is still 2, and stdout holds ``{"ok": false, "error": {"code": "usage"}}``.
        Done here, around every command, so no command can forget it; once per run (the
        wording of the record parses the arguments again, :func:`usage_record`).
        """
        argv, self._reporting = self._reporting, None
        if argv is None:
            return
        from mjcalc.cli.output import asks_for_json

        if asks_for_json(self, argv):
            click.echo(usage_record(self, argv, exc))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command ``cmd_name``, its module imported now (``None`` for an unknown name)."""
        return self.commands.get(cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(self.commands)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands section of the group's help page, as Click writes it, from
        :data:`COMMANDS`: a command's short help is its help key's ``.short`` text, one line
        that says what the command is for (its first sentence would be cut to fit), so listing
        it needs no import (a command added by ``add_command`` is asked for its own)."""
        from mjcalc.cli.lang import help_text

        shown: list[tuple[str, click.Command]] = []
        for name in self.list_commands(ctx):
            key = COMMANDS.get(name)
            command = (
                BilingualCommand(name, help=key, short_help=help_text(f"{key}.short"))
                if key
                else self.get_command(ctx, name)
            )
            if command is not None and not command.hidden:
                shown.append((name, command))
        if not shown:
            return
        limit = formatter.width - 6 - max(len(name) for name, _ in shown)
        rows = [(name, command.get_short_help_str(limit)) for name, command in shown]
        with formatter.section(click_words("Commands")):
            formatter.write_dl(rows)


def usage_record(group: click.Group, argv: list[str], exc: click.UsageError) -> str:
    """The JSON error record of a usage error: its message in English and in Chinese.

    mjcalc's own usage errors carry both wordings. Click words its messages as it parses, in
    the language of the command line; each language's wording comes from parsing the same
    arguments again in it (parsing only: no command runs).
    """
    from mjcalc.i18n import Bilingual
    from mjcalc.models import json_dumps  # line breaks escaped, as every JSON mjcalc writes

    both = getattr(exc, "bilingual", None)  # mjcalc's own usage errors carry both wordings
    if isinstance(both, Bilingual):
        worded = {"en": both.en, "zh": both.zh}
    else:
        first = exc.format_message()
        worded = {lang: _reparsed(group, argv, lang) or first for lang in ("en", "zh")}
    error = {"code": "usage", "message": worded["en"], "message_zh": worded["zh"]}
    record = {"schema": 1, "ok": False, "error": error}
    return json_dumps(record, separators=(",", ":"))


def _reparsed(group: click.Group, argv: list[str], lang: Lang) -> str | None:
    """The usage error of parsing ``argv`` (the group's arguments, then its command's) in
    ``lang``, or ``None`` when parsing alone raises none."""
    import os

    from mjcalc.cli.lang import click_language

    # the command's own messages follow its --lang, else MJCALC_LANG: both made ``lang`` here
    args: list[str] = []
    words = iter(argv)
    for word in words:
        if word == "--":
            args += [word, *words]
        elif word == "--lang":
            value = next(words, None)
            if value not in ("en", "zh"):  # a wrong --lang stays: it may be the error
                args += [word, *([value] if value is not None else [])]
        elif word not in ("--lang=en", "--lang=zh"):
            args.append(word)
    before = os.environ.get("MJCALC_LANG")
    os.environ["MJCALC_LANG"] = lang
    try:
        with click_language(lang):
            return _parse_error(group, args)
    finally:
        if before is None:
            del os.environ["MJCALC_LANG"]
        else:
            os.environ["MJCALC_LANG"] = before


def _parse_error(group: click.Group, argv: list[str]) -> str | None:
    """The usage error of parsing ``argv`` alone (the group's and its command's arguments)."""
    try:
        with group.make_context("mjcalc", list(argv)) as ctx:
            rest = [*ctx._protected_args, *ctx.args]
            if not rest:
                return None
            name, command, tail = group.resolve_command(ctx, rest)
            if command is None or name is None:
                return None
            command.make_context(name, tail, parent=ctx).close()
    except click.UsageError as exc:
        return exc.format_message()
    except (click.exceptions.Exit, click.ClickException, click.Abort):
        return None
    return None


def _show_version(ctx: click.Context, value: bool) -> None:
    """``--version``: ``mjcalc, version X`` (Click's wording, in the language of the command)."""
    if value and not ctx.resilient_parsing:
        click.echo(text("help.version_line", click_lang(), version=__version__), color=ctx.color)
        ctx.exit()


@click.group(
    cls=LazyGroup, help="help.cli", context_settings={"help_option_names": ["-h", "--help"]}
)
@option(
    "--version",
    "-V",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=lambda ctx, _param, value: _show_version(ctx, value),
    help="help.version",
)
@hidden_lang("cli")
def cli() -> None:
    """The ``mjcalc`` group of commands (help: ``help.cli``)."""


def main() -> NoReturn:
    """Console entry point (``mjcalc``, ``python -m mjcalc``): see :func:`.startup.main`."""
    startup.main(cli)


__all__ = ["COMMANDS", "LazyGroup", "cli", "main"]
