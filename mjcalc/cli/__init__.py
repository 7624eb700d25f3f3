"""The ``mjcalc`` command line: Click commands that turn flags into requests and print results.

Data goes to stdout, messages to stderr. Exit status: 0 every hand scored, 1 a hand (or a batch
line, or a ruleset asked for by ``rules``) could not be, 2 a usage error (Click's own).

Start-up matters for scripts that call ``mjcalc score --json`` once per hand: this module imports
only Click at the top; the scoring core is imported when a command runs, and Rich only by the
human (non ``--json``) views in :mod:`mjcalc.render`.

Language: the help texts are catalogue keys (:mod:`mjcalc.i18n.help`) worded when shown, and
Click's own messages go through gettext; :func:`argv_lang` picks the language from the command
line before Click parses it, and :func:`click_language` switches Click to Chinese
(:mod:`mjcalc.cli.zh`, loaded only then).
"""

from __future__ import annotations

import contextlib
import errno
import functools
import io
import json
import os
import re
import stat
import sys
import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from gettext import ngettext
from typing import IO, TYPE_CHECKING, Any, NoReturn, TypeVar, cast

import click
from click.core import ParameterSource

from mjcalc import __version__
from mjcalc.i18n import Bi, Lang, bi, text
from mjcalc.seats import SEAT_ALIASES, SEAT_LETTERS

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from mjcalc.models import Result

EXIT_OK, EXIT_NOT_SCORED = 0, 1  # and 2, Click's own, for usage errors
EXIT_IO = 1
"""Output that cannot be written or input that cannot be read: one line on stderr, status 1."""
MAX_COUNT = 64  # mjcalc.models.MAX_COUNT, not imported: the core stays out of start-up
SEAT_NAMES = SEAT_LETTERS
LANG_CHOICE = click.Choice(["en", "zh"])


def _lang() -> Lang:
    """The language of the running command: ``--lang`` (parsed first: it is eager), else
    ``MJCALC_LANG``, else English."""
    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        if ctx.params.get("lang") in ("en", "zh"):
            return "zh" if ctx.params["lang"] == "zh" else "en"
        ctx = ctx.parent
    return "zh" if os.environ.get("MJCALC_LANG", "").strip().lower() == "zh" else "en"


# --- the language of the command line ---------------------------------------------------------

_F = TypeVar("_F", bound=Callable[..., Any])
_CLICK_LANG: Lang = "en"
"""The language Click's own words and the help pages are in right now (see :func:`argv_lang`)."""


def argv_lang(args: Sequence[str], environ: Mapping[str, str] = os.environ) -> Lang:
    """The language of a command line, decided before Click parses it.

    The last ``--lang zh``/``--lang=zh`` (or ``en``) among the arguments, wherever it stands
    (before ``--``); else ``MJCALC_LANG=zh`` in the environment; else English. Click has to know
    it before parsing: its help pages and usage errors are worded while it parses. It is the
    same choice the ``--lang`` option itself makes once parsed.
    """
    chosen: str | None = None
    words = iter(args)
    for word in words:
        if word == "--":
            break
        if word == "--lang":
            chosen = next(words, None)
        elif word.startswith("--lang="):
            chosen = word.removeprefix("--lang=")
    if chosen in ("en", "zh"):
        return "zh" if chosen == "zh" else "en"
    return "zh" if environ.get("MJCALC_LANG", "").strip().lower() == "zh" else "en"


@contextlib.contextmanager
def click_language(lang: Lang) -> Iterator[None]:
    """Click's own messages and the help pages in ``lang`` while the block runs.

    English is Click's own: the English paths import nothing more. Chinese loads
    :mod:`mjcalc.cli.zh`, which answers Click's gettext calls from the catalogue.
    """
    global _CLICK_LANG
    before = _CLICK_LANG
    if lang == before:
        yield
        return
    from mjcalc.cli.zh import translate_click

    _CLICK_LANG = lang
    translate_click(lang == "zh")
    try:
        yield
    finally:
        _CLICK_LANG = before
        translate_click(before == "zh")


def _help_text(key: str | None) -> str | None:
    """A ``help.`` catalogue key in the language of the command line (other texts as given)."""
    if key is None or not key.startswith("help."):
        return key
    return text(key, _CLICK_LANG)


def _click_words(message: str) -> str:
    """One of Click's own texts (its English message id) in the language of the command line."""
    if _CLICK_LANG != "zh":
        return message
    from mjcalc.i18n.click_zh import CLICK_ZH

    return CLICK_ZH.get(message, message)


class _HelpByKey:
    """``help`` given as a catalogue key (:mod:`mjcalc.i18n.help`), put into words when the help
    is shown, in the language of the command line."""

    _help_key: str | None = None

    @property
    def help(self) -> str | None:
        return _help_text(self._help_key)

    @help.setter
    def help(self, value: str | None) -> None:
        self._help_key = value


class LocalOption(_HelpByKey, click.Option):
    """An option whose help is a catalogue key."""


def _option(*decls: str, **attrs: Any) -> Callable[[_F], _F]:
    """``click.option`` with a catalogue key as its help (:class:`LocalOption`)."""
    return click.option(*decls, cls=LocalOption, **attrs)


class LocalContext(click.Context):
    """Help pages laid out by terminal cells when they are in Chinese."""

    def make_formatter(self) -> click.HelpFormatter:
        if _CLICK_LANG == "zh":
            from mjcalc.cli.zh import CellHelpFormatter

            return CellHelpFormatter(width=self.terminal_width, max_width=self.max_content_width)
        return super().make_formatter()


class _Worded(_HelpByKey):
    """What mjcalc's commands and group share: help by catalogue key, the help option's own
    text in the language of the command line, and :class:`LocalContext`."""

    context_class = LocalContext

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        # Click builds ``--help`` once and keeps it: its text is worded again on each use
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = _click_words("Show this message and exit.")
        return option  # type: ignore[no-any-return]


class LocalCommand(_Worded, click.Command):  # type: ignore[misc]
    """A command of mjcalc (see :class:`_Worded`)."""


class LocalGroup(_Worded, click.Group):  # type: ignore[misc]
    """The ``mjcalc`` group: chooses the language of the command line before Click parses it."""

    command_class = LocalCommand

    def main(self, *args: Any, **kwargs: Any) -> Any:
        words = kwargs.get("args", args[0] if args else None)
        with click_language(argv_lang(sys.argv[1:] if words is None else words)):
            return super().main(*args, **kwargs)


class LocalFile(click.File):
    """``click.File`` whose "cannot open" reason is in the language of the command line (the
    operating system words it in English: ``No such file or directory``)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as exc:
            reason = exc.__context__
            key = f"cli.os.{errno.errorcode.get(getattr(reason, 'errno', None) or 0)}"
            if _CLICK_LANG != "zh":
                raise
            from mjcalc.i18n.help import USAGE

            if key not in USAGE:
                raise
            self.fail(f"{click.format_filename(value)!r}：{text(key, 'zh')}", param, ctx)


class CliUsageError(click.UsageError):
    """A usage error of mjcalc's own, worded in the command's language (exit status 2)."""

    def __init__(self, message: Bi, ctx: click.Context | None = None) -> None:
        self.bi = message
        self.lang = _lang()
        super().__init__(message.get(self.lang), ctx)

    def show(self, file: IO[Any] | None = None) -> None:
        if self.lang != "zh":
            super().show(file)
            return
        name = self.ctx.command_path if self.ctx else "mjcalc"
        click.echo(f"错误：{self.format_message()}", err=True)
        click.echo(f"（{name} --help 查看用法）", err=True)


class CliBadParameter(CliUsageError):
    """A bad flag value, naming the flag: ``Invalid value for --kong: expected NAME=VALUE…``."""

    def __init__(self, message: Bi, param_hint: str) -> None:
        en = f"Invalid value for {param_hint}: {message.en}"  # Click's own wording
        super().__init__(Bi(en, f"{param_hint.strip(chr(39))} 的值无效：{message.zh}"))


class SeatType(click.ParamType):  # type: ignore[type-arg]
    """A seat flag: ``E S W N`` (any case) or the Chinese ``东/東 南 西 北``; gives the letter."""

    name = "seat"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = str(value).strip()
        seat = SEAT_ALIASES.get(text, text.upper())
        if seat not in SEAT_NAMES:
            flag = param.opts[0] if param is not None and param.opts else "SEAT"
            raise CliBadParameter(bi("cli.bad_seat", value=repr(value)), f"'{flag}'")
        return seat

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[E|S|W|N|东|南|西|北]"


SEAT_CHOICE = SeatType()

# --- flags → request ------------------------------------------------------------------------


def request_from_params(params: dict[str, Any]) -> dict[str, Any]:
    """The request object for the ``score`` flags that were given (and only those).

    Flags left out stay out of the request, so another ruleset's flags never leak in; flags that
    do not belong to the chosen ruleset are rejected by its request model (``invalid_request``).
    Malformed ``NAME=VALUE`` flags raise :class:`click.BadParameter` (a usage error, exit 2).
    """
    request: dict[str, Any] = {"hand": " ".join(params["hand"])}
    request.update(_situation(params))
    request.update(_ruleset_fields(params))
    return request


def _situation(params: dict[str, Any]) -> dict[str, Any]:
    """The fields every ruleset shares: seats, how the hand was won, other kongs, options."""
    fields: dict[str, Any] = {}
    for key in ("rules", "winner", "dealer", "discarder"):
        if params.get(key):
            fields[key] = params[key]
    if params.get("win"):
        fields["win_tile"] = params["win"]
    flags = (("self_draw", "self_draw"), ("after_kong", "after_kong"), ("rob_kong", "robbing_kong"))
    for flag, key in flags:
        if params.get(flag):
            fields[key] = True
    kongs = [_kong(text) for text in params.get("kong") or ()]
    if kongs:
        fields["kongs"] = kongs
    options = _options(params.get("option") or ())
    if options:
        fields["options"] = options
    return fields


def _ruleset_fields(params: dict[str, Any]) -> dict[str, Any]:
    """The fields of one ruleset (xingguo or shanghai), for the flags that were given."""
    fields: dict[str, Any] = {}
    if params.get("jing"):
        fields["jing"] = params["jing"]
    for key in ("heavenly", "earthly"):
        if params.get(key):
            fields[key] = True
    for key in ("follow_dealer", "flowers", "kaibao", "huangfan"):
        if params.get(key) is not None:
            fields[key] = params[key]
    jings = _per_seat((_jings(text) for text in params.get("jings") or ()), "--jings")
    if jings:
        fields["jings"] = jings
    xianggong = _per_seat(
        (_xianggong(text) for text in params.get("xianggong") or ()), "--xianggong"
    )
    if xianggong:
        fields["xianggong"] = xianggong
    if params.get("liable"):
        fields["liable"] = list(params["liable"])
    return fields


def _split_assignment(text: str, flag: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise CliBadParameter(bi("cli.name_value", got=repr(text)), flag)
    return name.strip(), value.strip()


def _seat_key(text: str, flag: str) -> str:
    seat = SEAT_ALIASES.get(text, text.upper())
    if seat not in SEAT_NAMES:
        raise CliBadParameter(bi("cli.unknown_seat", seat=repr(text)), flag)
    return seat


def _option_value(text: str) -> Any:
    """``--option`` values: JSON where it parses (numbers, true/false), else the plain string."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # not JSON, a number too long, nested too deep
        return text


def _options(texts: Iterable[str]) -> dict[str, Any]:
    """``-o NAME=VALUE`` flags as the request's ``options`` object."""
    pairs = (_split_assignment(text, "--option") for text in texts)
    return {name: _option_value(value) for name, value in pairs}


def _kong(text: str) -> dict[str, Any]:
    """``S=exposed:2m`` → ``{"seat": "S", "kind": "exposed", "tile": "2m"}``."""
    seat, value = _split_assignment(text, "--kong")
    kind, _, tile = value.partition(":")
    kong: dict[str, Any] = {"seat": _seat_key(seat, "--kong"), "kind": kind.strip().lower()}
    if tile.strip():
        kong["tile"] = tile.strip()
    return kong


def _jings(text: str) -> tuple[str, list[int]]:
    """``S=1,2`` → ``("S", [1, 2])``: both counts, always (``S=1`` is a usage error)."""
    seat, value = _split_assignment(text, "--jings")
    main, comma, secondary = value.partition(",")
    try:
        if not comma:
            raise ValueError
        counts = [int(main), int(secondary)]
    except ValueError:
        raise CliBadParameter(bi("usage.jings_pair", text=repr(text)), "--jings") from None
    return _seat_key(seat, "--jings"), counts


def _per_seat(pairs: Iterable[tuple[str, Any]], flag: str) -> dict[str, Any]:
    """``SEAT=…`` flags as a dict; a seat given twice is a usage error, never the last one."""
    found: dict[str, Any] = {}
    for seat, value in pairs:
        if seat in found:
            raise CliBadParameter(bi("usage.seat_twice", seat=seat), flag)
        found[seat] = value
    return found


def _xianggong(text: str) -> tuple[str, str]:
    seat, value = _split_assignment(text, "--xianggong")
    return _seat_key(seat, "--xianggong"), value.lower()


# --- shared output helpers --------------------------------------------------------------------


def _colour() -> bool | None:
    """``False`` when ``NO_COLOR`` is set (non-empty), else Click's own terminal detection."""
    return False if os.environ.get("NO_COLOR") else None


def _echo_error(result: Result, lang: Lang = "en") -> None:
    """The error report of a result on stderr: headline and caret in red on a terminal."""
    from mjcalc.render.errors import INDENT, error_report

    report = error_report(result, lang)
    if report is None:
        return
    colour = _colour()
    width = _stderr_width()
    for line in _wrapped(report.headline, width):
        click.echo(click.style(line, fg="red", bold=True), err=True, color=colour)
    if report.hand is not None and report.caret is not None:
        click.echo(INDENT + report.hand, err=True)
        click.echo(click.style(INDENT + report.caret, fg="red"), err=True, color=colour)
    if report.hint:
        for line in _wrapped(report.hint_line(lang), width):
            click.echo(click.style(line, dim=True), err=True, color=colour)


def _stderr_width() -> int | None:
    """The terminal's width when stderr is one (messages wrap to it), else ``None``."""
    try:
        if not sys.stderr.isatty():
            return None
    except (AttributeError, ValueError):
        return None
    import shutil

    return shutil.get_terminal_size().columns


def _wrapped(line: str, width: int | None) -> list[str]:
    """``line`` wrapped to ``width`` terminal cells (Chinese counts two); whole when piped."""
    if width is None or width < 20:
        return [line]
    from mjcalc.render.text import wrap_cells

    return wrap_cells(line, width)


def _echo_warnings(result: Result, lang: Lang, line: int | None = None) -> None:
    """``warning: …`` on stderr for each field or option that changed nothing."""
    if not result.warnings:
        return
    from mjcalc.i18n import text
    from mjcalc.render.text import safe

    where = text("view.warning_at_line", lang, line=line) if line is not None else ""
    label = click.style(text("view.warning", lang), fg="yellow", bold=True)
    for notice in result.warnings or ():
        message = notice.message_zh if lang == "zh" and notice.message_zh else notice.message
        click.echo(f"{label} {where}{safe(message)}", err=True, color=_colour())


def _complete_rules(
    _ctx: click.Context, _param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """Shell completion of ``--rules``: the bundled names, and files for paths."""
    from click.shell_completion import CompletionItem

    if "/" in incomplete or incomplete.endswith(".toml"):
        return [CompletionItem(incomplete, type="file")]
    from mjcalc.rules.plugins import names

    return [CompletionItem(n) for n in names() if n.startswith(incomplete)]


# --- the commands ----------------------------------------------------------------------------


def _lang_option(key: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--lang en|zh`` [env MJCALC_LANG], parsed before the other flags so that their own
    error messages are already in the chosen language; ``key``: its help text."""
    return _option(
        "--lang",
        type=LANG_CHOICE,
        envvar="MJCALC_LANG",
        default="en",
        show_default=True,
        is_eager=True,
        callback=_lang_given,
        help=key,
    )


LANG_META = "mjcalc.lang"
"""``ctx.meta`` key: the ``--lang`` given before the command name (``mjcalc --lang zh score``)."""


def _lang_given(ctx: click.Context, param: click.Parameter, value: Lang) -> Lang:
    """A command's ``--lang``: its own when given on its command line, else one given before
    the command name, else ``MJCALC_LANG`` or English (the same rule as :func:`argv_lang`)."""
    if ctx.get_parameter_source(param.name or "lang") == ParameterSource.COMMANDLINE:
        return value
    found = ctx.meta.get(LANG_META)
    return found if found in ("en", "zh") else value


def _hidden_lang(what: str) -> Callable[[_F], _F]:
    """``--lang`` where it only changes the help and Click's messages (the group, ``schema``):
    accepted so that ``--lang zh`` may stand anywhere, not listed (``what``: where)."""

    def remember(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
        if ctx.get_parameter_source(param.name or "lang") == ParameterSource.COMMANDLINE:
            ctx.meta[LANG_META] = value

    return _option(
        "--lang",
        type=LANG_CHOICE,
        expose_value=False,
        is_eager=True,
        hidden=True,
        callback=remember,
        help=f"help.{what}.lang",
    )


@click.group(
    cls=LocalGroup, help="help.cli", context_settings={"help_option_names": ["-h", "--help"]}
)
@_option(
    "--version",
    "-V",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=lambda ctx, _param, value: _show_version(ctx, value),
    help="help.version",
)
@_hidden_lang("cli")
def cli() -> None:
    """The ``mjcalc`` group of commands (help: ``help.cli``)."""


def _show_version(ctx: click.Context, value: bool) -> None:
    """``--version``: ``mjcalc, version X`` (Click's wording, in the language of the command)."""
    if value and not ctx.resilient_parsing:
        click.echo(text("help.version_line", _CLICK_LANG, version=__version__), color=ctx.color)
        ctx.exit()


def _score_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """The HAND argument and the flags of ``score``: also what a batch argument line may hold."""
    decorators = [
        click.argument("hand", nargs=-1, required=True),
        _option(
            "--rules",
            "-r",
            envvar="MJCALC_RULES",
            metavar="NAME|PATH",
            shell_complete=_complete_rules,
            help="help.score.rules",
        ),
        _option("--winner", type=SEAT_CHOICE, help="help.score.winner"),
        _option("--dealer", type=SEAT_CHOICE, help="help.score.dealer"),
        _option("--self-draw", is_flag=True, help="help.score.self_draw"),
        _option("--discarder", type=SEAT_CHOICE, help="help.score.discarder"),
        _option("--win", metavar="TILE", help="help.score.win"),
        _option("--after-kong", is_flag=True, help="help.score.after_kong"),
        _option(
            "--rob-kong",
            is_flag=True,
            help="help.score.rob_kong",
        ),
        _option(
            "--kong",
            multiple=True,
            metavar="SEAT=KIND[:TILE]",
            help="help.score.kong",
        ),
        _option(
            "--option",
            "-o",
            multiple=True,
            metavar="NAME=VALUE",
            help="help.score.option",
        ),
        _option("--jing", metavar="TILE", help="help.score.jing"),
        _option(
            "--jings",
            multiple=True,
            metavar="SEAT=Z,F",
            help="help.score.jings",
        ),
        _option("--heavenly", is_flag=True, help="help.score.heavenly"),
        _option("--earthly", is_flag=True, help="help.score.earthly"),
        _option(
            "--follow-dealer",
            type=click.IntRange(0, MAX_COUNT),
            metavar="N",
            help="help.score.follow_dealer",
        ),
        _option(
            "--xianggong",
            multiple=True,
            metavar="SEAT=big|small",
            help="help.score.xianggong",
        ),
        _option(
            "--flowers",
            type=click.IntRange(0, 8),
            metavar="N",
            help="help.score.flowers",
        ),
        _option(
            "--kaibao",
            type=click.IntRange(0, MAX_COUNT),
            metavar="N",
            help="help.score.kaibao",
        ),
        _option(
            "--huangfan",
            type=click.IntRange(0, MAX_COUNT),
            metavar="N",
            help="help.score.huangfan",
        ),
        _option(
            "--liable",
            multiple=True,
            type=SEAT_CHOICE,
            metavar="SEAT",
            help="help.score.liable",
        ),
    ]
    for decorator in reversed(decorators):
        f = decorator(f)
    return f


@cli.command(help="help.score")
@_score_options
@_option("--json", "as_json", is_flag=True, help="help.score.json")
@_lang_option("help.score.lang")
def score(as_json: bool, lang: Lang, **params: Any) -> None:
    """``mjcalc score``: one hand, by its flags (help: ``help.score``)."""
    if not params.get("rules"):
        raise CliUsageError(bi("cli.no_rules"))
    request = request_from_params(params)
    from mjcalc.app.score import score as score_request

    result = score_request(request)
    if as_json:
        click.echo(result.to_json())
    elif result.ok:
        from mjcalc.render.console import make_console
        from mjcalc.render.result import render_result

        render_result(result, make_console(), lang)
    if not result.ok:
        _echo_error(result, lang)
        _suggest_waits(result, lang)
    _echo_warnings(result, lang)
    sys.exit(EXIT_OK if result.ok else EXIT_NOT_SCORED)


def _suggest_waits(result: Result, lang: Lang = "en") -> None:
    """A hand one tile short (13 + one per kong) is still waiting: ``mjcalc waits`` says on what."""
    if result.error is None or result.error.code != "invalid_hand" or not result.hand:
        return
    from mjcalc.errors import MjcalcError
    from mjcalc.i18n import text
    from mjcalc.notation import parse_hand

    try:
        hand = parse_hand(result.hand)
    except MjcalcError:
        return
    if len(hand.all_tiles) == 13 + len(hand.kongs):
        click.echo(
            click.style(
                text("view.hint_line", lang, hint=text("waits.score_hint", lang)), dim=True
            ),
            err=True,
            color=_colour(),
        )


# --- batch ------------------------------------------------------------------------------------


def _arguments_request(text: str, default_rules: str | None) -> dict[str, Any]:
    """A line of ``mjcalc score`` arguments, parsed by the ``score`` command itself."""
    from mjcalc.errors import MjcalcError

    try:
        args = _split_line(text)
    except ValueError as exc:
        raise MjcalcError.t("invalid_request", "err.line.cannot_split", reason=exc) from None
    if args and args[0] == "score":
        args = args[1:]
    parser = _score_line_parser()
    try:
        quick = parser.quick(args, default_rules)
        if quick is not None:
            return request_from_params(quick)
        params, rules_given = parser.parse(args)
        # batch --rules beats MJCALC_RULES, which the parser would otherwise read itself
        if default_rules and not rules_given:
            params["rules"] = default_rules
        return request_from_params(params)
    except click.ClickException as exc:
        raise _line_error(exc, args) from None


def _line_error(exc: click.ClickException, args: list[str]) -> Exception:
    """A ``score`` usage error met on a batch line, as that line's ``invalid_request``."""
    from mjcalc.errors import MjcalcError

    if isinstance(exc, CliUsageError):
        message = exc.bi
    else:  # Click's own words, in English and in Chinese (as a Chinese command line has them)
        message = Bi(_line_message(exc, args, "en"), _line_message(exc, args, "zh"))
    return MjcalcError("invalid_request", message.en, message_zh=message.zh)


def _line_message(exc: click.ClickException, args: list[str], lang: Lang) -> str:
    """Click's message for a bad argument line in ``lang``. Click words a message as it raises
    it, so for the other language the line is parsed again in that language."""
    if lang == _CLICK_LANG:
        return exc.format_message()
    with click_language(lang):
        try:
            _score_line_parser().parse(args)
        except click.ClickException as again:
            return again.format_message()
    return exc.format_message()


def _split_line(text: str) -> list[str]:
    """``shlex.split``, with a shortcut for the common line: plain words and '…' quotes.

    Without double quotes, backslashes or unusual whitespace, POSIX shell words are runs of
    plain characters and single-quoted pieces, which a regular expression finds several times
    faster than :mod:`shlex`'s character loop; anything else (and an unclosed quote, for its
    error) goes to :func:`shlex.split` itself.
    """
    quotes = text.count("'")
    if quotes % 2 or _NEEDS_SHLEX.search(text):
        import shlex  # only here: scoring a hand from the command line never needs it

        return shlex.split(text)
    if not quotes:  # only spaces, tabs and line ends left to split on: str.split's whitespace
        return text.split()
    # inside '…' every character is literal and no quote can appear: dropping the quotes of a
    # word joins its pieces exactly as the shell does
    return [word.replace("'", "") for word in _WORD.findall(text)]


_NEEDS_SHLEX = re.compile(r'["\\]|[^\S \t\r\n]')  # shlex splits on " \t\r\n" only
_WORD = re.compile(r"(?:[^\s']+|'[^']*')+")


class _ScoreLineParser:
    """``score``'s own parser and parameters, built once for every argument line of a batch.

    ``score.make_context`` would rebuild the 25-option parser and run every parameter's
    processing (defaults, environment, conversion) for each line, most of a line's cost.
    This runs Click's parser, then for each parameter the line gives only what its value
    needs: nothing for text and on/off flags, the type's own conversion for seats and counts
    (so values and errors are exactly ``score``'s); Click's full processing remains for HAND
    when it is missing and for ``--rules`` when the line does not give it (``MJCALC_RULES``).
    Parameters a line leaves out keep their empty defaults, which
    :func:`request_from_params` ignores anyway.
    """

    def __init__(self) -> None:
        # no --help in a batch line: it would print the help text into the output stream
        template = self._context()
        self._parser = score.make_parser(template)
        self._params = score.get_params(template)
        self._always = frozenset({"hand", "rules"})
        # text parameters and on/off flags: a value the parser accepted is already their
        # final value (Click's conversion of a str to str, or of True to True, cannot fail)
        self._plain = frozenset(
            p.name
            for p in self._params
            if p.name is not None
            and (
                isinstance(p.type, click.types.StringParamType)
                or (isinstance(p, click.Option) and p.is_flag and p.flag_value is True)
            )
        )
        # other optional parameters without a callback: the line's value needs only the type's
        # conversion (whose errors name the flag as `score` does), not the whole processing
        self._converted: dict[tuple[Any, ...], Any] = {}
        self._cast = frozenset(
            p.name
            for p in self._params
            if p.name is not None and not p.required and p.callback is None
        )
        self._template = template
        self._by_name = {p.name: p for p in self._params if p.name is not None}
        self._words = self._quick_words()

    def _quick_words(self) -> dict[str, tuple[click.Parameter, bool]]:
        """Option word → (its parameter, whether it takes the next word as its value), for the
        options :meth:`quick` reads itself: one value or an on/off flag, no callback (``--lang``
        has one), handled by the line's value alone (:attr:`_plain` or :attr:`_cast`)."""
        words: dict[str, tuple[click.Parameter, bool]] = {}
        for p in self._params:
            if (
                isinstance(p, click.Option)
                and (p.name in self._plain or p.name in self._cast)
                and p.nargs == 1
                and not p.count
                and not p.secondary_opts
            ):
                for word in p.opts:
                    words[word] = (p, not p.is_flag)
        return words

    @staticmethod
    def _context() -> click.Context:
        return score.context_class(score, info_name="score", help_option_names=[])

    def _cast_value(self, ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        """The type's conversion of a value, remembered: a batch repeats the same few seats
        and counts, and Click's choice matching rebuilds its tables on every call. Only
        successes are kept (an error is raised anew each time), and only so many."""
        key = (param.name, tuple(value) if isinstance(value, list) else value)
        found = self._converted.get(key, _UNSET)
        if found is _UNSET:
            found = param.type_cast_value(ctx, value)
            if len(self._converted) < 1024:
                self._converted[key] = found
        return found

    def quick(self, args: list[str], default_rules: str | None) -> dict[str, Any] | None:
        """The parameters of the common line, read without Click's parser; ``None`` for any
        other line, which :meth:`parse` then reads (and words the errors of) as ``score`` does.

        The common line is HAND words and the options of :attr:`_words`, each written whole
        (``--jing 9s``, never ``--jing=9s`` or ``-rxingguo``) with a value that does not start
        with ``-``; it gives ``--rules`` unless the batch has a default (``MJCALC_RULES`` is then
        beaten anyway), and each of its values converts. On such a line Click's parser gives
        each word to the same parameter (the last value of a single option wins, a multiple
        one keeps them all in order), so the values are those of :meth:`parse`; a word Click
        would refuse or treat specially (``-``, ``--``, an unknown option, a missing value) is
        not in the table or fails a check here, and goes to Click for its own error.
        """
        words, hand = self._words, []
        given: dict[str, Any] = {}
        count, at = len(args), 0
        while at < count:
            word = args[at]
            at += 1
            if word[:1] != "-":
                hand.append(word)
                continue
            found = words.get(word)
            if found is None:
                return None
            param, takes_value = found
            name = param.name or ""
            if not takes_value:
                given[name] = True
                continue
            if at == count or args[at][:1] == "-":
                return None
            if param.multiple:
                given.setdefault(name, []).append(args[at])
            else:
                given[name] = args[at]
            at += 1
        if not hand or ("rules" not in given and not default_rules):
            return None
        params: dict[str, Any] = {"hand": tuple(hand), "rules": default_rules}
        try:
            for name, value in given.items():
                if name in self._plain:  # as parse() keeps them: the text, or all of them
                    params[name] = tuple(value) if isinstance(value, list) else value
                else:
                    params[name] = self._cast_value(self._template, self._by_name[name], value)
        except click.ClickException:  # worded by Click, in its order of parameters: parse()
            return None
        return params

    def parse(self, args: list[str]) -> tuple[dict[str, Any], bool]:
        """The parameters' values, and whether ``--rules`` was on the line itself."""
        ctx = self._context()
        opts, rest, order = self._parser.parse_args(args=list(args))  # Click empties its list
        wanted = [p for p in self._params if p.name in opts or p.name in self._always]
        plain: dict[str, Any] = {}
        with ctx.scope(cleanup=False):
            for param in click.core.iter_params_for_processing(order, wanted):
                value = opts.get(param.name) if param.name in self._plain else None
                if value is True or isinstance(value, str):
                    plain[param.name] = value
                elif isinstance(value, list | tuple) and value:
                    plain[param.name] = tuple(value)
                elif param.name in self._cast and opts.get(param.name) not in (None, _UNSET):
                    plain[param.name] = self._cast_value(ctx, param, opts[param.name])
                else:  # conversion that can fail, a default, the environment: Click's own
                    _, rest = param.handle_parse_result(ctx, opts, rest)
            if rest:
                ctx.fail(
                    ngettext(
                        "Got unexpected extra argument ({args})",
                        "Got unexpected extra arguments ({args})",
                        len(rest),
                    ).format(args=" ".join(map(str, rest)))
                )
        params = {k: (None if v is _UNSET else v) for k, v in ctx.params.items()}
        params.update(plain)
        from_line = "rules" in plain or (
            ctx.get_parameter_source("rules") == ParameterSource.COMMANDLINE
        )
        return params, from_line


_UNSET = getattr(click.core, "UNSET", object())  # Click ≥ 8.3 marks values not given so


@functools.cache
def _score_line_parser() -> _ScoreLineParser:
    return _ScoreLineParser()


def _batch_request(text: str, default_rules: str | None) -> dict[str, Any]:
    """One batch line (a JSON request or ``score`` arguments) as a request object.

    ``text`` is the line as :func:`mjcalc.app.lines.line_text` gives it (the session reads its
    argument lines through here too).
    """
    if text.startswith("{"):
        request = _line_tools().json_request(text)
    else:
        request = _arguments_request(text, default_rules)
    if default_rules and "rules" not in request:
        request["rules"] = default_rules
    return request


def score_lines(
    lines: Iterable[bytes | str], default_rules: str | None, jobs: int = 1
) -> Iterator[Result]:
    """Score each hand line in order, lazily: one result per line that is not blank or ``#``.

    A line that cannot be read or parsed is a result with ``ok = False`` like any other, so the
    output has exactly one result per hand line and ``line`` numbers match the input. With
    ``jobs`` > 1 the lines are scored in that many worker processes (:mod:`mjcalc.app.jobs`).
    """
    if jobs > 1:
        from mjcalc.app.jobs import ordered_map

        _preload(default_rules)
        work = functools.partial(_score_chunk, default_rules=default_rules)
        yield from ordered_map(work, enumerate(lines, 1), jobs)
        return
    for number, raw in enumerate(lines, 1):
        result = _score_line(number, raw, default_rules)
        if result is not None:
            yield result


class _LineTools:
    """What scoring a line needs from the core, imported on the first line (not at start-up, for
    the commands that score nothing) and then kept: importing them again at every line, even
    from ``sys.modules``, was a few µs a line."""

    def __init__(self) -> None:
        from mjcalc.app.lines import REQUEST_DEPTH, json_object, line_text
        from mjcalc.app.score import error_result, score
        from mjcalc.errors import MjcalcError

        self.error_result = error_result
        self.score = score
        self.error = MjcalcError
        self.line_text = line_text
        self.json_request = functools.partial(json_object, max_depth=REQUEST_DEPTH)


@functools.cache
def _line_tools() -> _LineTools:
    return _LineTools()


def _score_line(number: int, raw: bytes | str, default_rules: str | None) -> Result | None:
    """The result of one input line (``None`` for a blank or ``#`` line), numbered."""
    tools = _line_tools()
    try:
        text = tools.line_text(raw)
        if text is None:
            return None
        result = tools.score(_batch_request(text, default_rules))
    except tools.error as exc:
        result = tools.error_result(exc)
    result.line = number
    return result


def _score_chunk(chunk: list[tuple[int, bytes | str]], default_rules: str | None) -> list[Result]:
    """A worker's task: the results of a chunk of numbered lines."""
    scored = (_score_line(number, raw, default_rules) for number, raw in chunk)
    return [result for result in scored if result is not None]


def _json_chunk(chunk: list[tuple[int, bytes | str]], default_rules: str | None) -> tuple[str, int]:
    """A worker's task for ``--json``: the chunk's results as one block of JSON lines, and how
    many of them failed. One string crosses back to the parent per chunk, not a pair per line:
    the parent shares the cores with the workers, and what it does per line slows them down."""
    results = _score_chunk(chunk, default_rules)
    block = "".join([r.to_json() + "\n" for r in results])
    return block, sum(not r.ok for r in results)


def _json_lines(
    lines: Iterable[bytes | str], default_rules: str | None, jobs: int
) -> Iterator[tuple[str, int]]:
    """``(JSON text, failures)`` in input order: one line a result, or with ``jobs`` > 1 one
    block a chunk of lines, written by the workers (a chunk's results are ready together)."""
    if jobs > 1:
        from mjcalc.app.jobs import ordered_chunks

        _preload(default_rules)
        work = functools.partial(_json_chunk, default_rules=default_rules)
        return ordered_chunks(work, enumerate(lines, 1), jobs)
    return ((r.to_json() + "\n", not r.ok) for r in score_lines(lines, default_rules))


def _preload(default_rules: str | None) -> None:
    """Before the workers fork: import the core and load the batch's ruleset once, in the
    parent, instead of in every worker (each would spend the same CPU on the same imports and
    validators, on cores the others are scoring on). A ruleset that fails to load is left for
    each line to report, as without workers."""
    tools = _line_tools()
    if default_rules:
        from mjcalc.rules.registry import load_rules

        with contextlib.suppress(tools.error):
            load_rules(default_rules)


def _regular_file_size(stream: IO[bytes]) -> int | None:
    """The size of a regular file (for the progress bar); ``None`` for pipes and terminals."""
    try:
        info = os.fstat(stream.fileno())
    except (OSError, ValueError, AttributeError):  # e.g. an in-memory stream in tests
        return None
    return info.st_size if stat.S_ISREG(info.st_mode) else None


def _write_json_lines(results: Iterable[Result], flush: bool = True) -> int:
    """One compact JSON result per line, flushed as it comes unless ``flush`` is false;
    returns how many failed."""
    return _write_json_texts(
        ((result.to_json() + "\n", not result.ok) for result in results), flush
    )


def _write_json_texts(texts: Iterable[tuple[str, int]], flush: bool = True) -> int:
    """Each ``(JSON text, failures)`` as it comes (a line, or a block of lines); returns the
    failures.

    With ``flush`` each text is flushed as it comes, so a reader of the output sees a hand's
    result as soon as it is scored, when its line was read from a pipe or a terminal. Without,
    the lines go out as the output buffer fills (and at the end): for input that never waits (a
    regular file), where flushing each line only costs a system call per line.
    """
    failed = 0
    out = sys.stdout
    write = out.write
    for chunk, failures in texts:
        write(chunk)
        if flush:
            out.flush()
        failed += failures
    out.flush()
    return failed


def _never_waits(stream: IO[bytes]) -> bool:
    """Whether reading ``stream`` never waits for a writer: a regular file or in-memory bytes."""
    try:
        return stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (OSError, ValueError, AttributeError):  # no file descriptor: in-memory
        return isinstance(stream, io.BytesIO)


@cli.command(help="help.batch")
@click.argument("file", type=LocalFile("rb", lazy=False))
@_option(
    "--rules",
    "-r",
    envvar="MJCALC_RULES",
    metavar="NAME|PATH",
    shell_complete=_complete_rules,
    help="help.batch.rules",
)
@_option("--json", "as_json", is_flag=True, help="help.batch.json")
@_lang_option("help.batch.lang")
@_option(
    "--jobs",
    "-j",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    metavar="N",
    help="help.batch.jobs",
)
def batch(file: IO[bytes], rules: str | None, as_json: bool, lang: Lang, jobs: int) -> None:
    """``mjcalc batch``: a file of hands, one result per hand line (help: ``help.batch``)."""
    if jobs == 0:
        from mjcalc.app.jobs import cpu_count

        jobs = cpu_count()
    from mjcalc.app.lines import bounded_lines

    lines = bounded_lines(file)
    if as_json:
        failed = _write_json_texts(_json_lines(lines, rules, jobs), not _never_waits(file))
    else:
        from mjcalc.render.batch import render_batch

        totals = render_batch(
            lines,
            lambda lines: score_lines(lines, rules, jobs),
            size=_regular_file_size(file),
            lang=lang,
        )
        failed = totals.failed
    sys.exit(EXIT_NOT_SCORED if failed else EXIT_OK)


# --- session ----------------------------------------------------------------------------------


@cli.command(help="help.session")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@_option("--json", "as_json", is_flag=True, help="help.session.json")
@_lang_option("help.session.lang")
@_option(
    "--add",
    "add",
    metavar="LINE",
    help="help.session.add",
)
@_option("--new", is_flag=True, help="help.session.new")
@_option(
    "--rules",
    "-r",
    metavar="NAME|PATH",
    shell_complete=_complete_rules,
    help="help.session.rules",
)
@_option("--dealer", type=SEAT_CHOICE, help="help.session.dealer")
@_option(
    "--balance",
    multiple=True,
    metavar="N|SEAT=N",
    help="help.session.balance",
)
@_option(
    "--points",
    multiple=True,
    metavar="N|SEAT=N",
    help="help.session.points",
)
@_option("--player", multiple=True, metavar="SEAT=NAME", help="help.session.player")
@_option(
    "--option",
    "-o",
    multiple=True,
    metavar="NAME=VALUE",
    help="help.session.option",
)
@_option("--force", is_flag=True, help="help.session.force")
def session(
    file: str, as_json: bool, lang: Lang, add: str | None, new: bool, **params: Any
) -> None:
    """``mjcalc session``: replay, add to or start a sitting (help: ``help.session``)."""
    from mjcalc.cli.session import run

    run(file, as_json, lang, add, new, params)


# --- rules and schema -------------------------------------------------------------------------


@cli.command(help="help.rules")
@click.argument("name", required=False, shell_complete=_complete_rules)
@_option(
    "--option",
    "-o",
    multiple=True,
    metavar="NAME=VALUE",
    help="help.rules.option",
)
@_option("--json", "as_json", is_flag=True, help="help.rules.json")
@_lang_option("help.rules.lang")
def rules(name: str | None, option: tuple[str, ...], as_json: bool, lang: Lang) -> None:
    """``mjcalc rules``: the rulesets, or one's options and tables (help: ``help.rules``)."""
    if option and name is None:
        raise CliUsageError(bi("cli.option_needs_name"))
    from mjcalc.app.score import error_result
    from mjcalc.errors import MjcalcError
    from mjcalc.render import rules as view

    try:
        data: Any = view.ruleset_doc(name, _options(option)) if name else view.rulesets_listing()
    except MjcalcError as exc:
        _echo_error(error_result(exc, {"rules": name}), lang)
        sys.exit(EXIT_NOT_SCORED)
    if as_json:
        from dataclasses import asdict

        payload = data if name is None else asdict(data)
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    from mjcalc.render.console import make_console

    if name is None:
        view.print_listing(make_console(), data, lang)
    else:
        view.print_ruleset(make_console(), data, lang)


# --- waits ------------------------------------------------------------------------------------

WIN_TILE_FLAGS = ("self_draw", "discarder", "win", "after_kong", "rob_kong")
"""The ``score`` flags that describe the winning tile: ``waits`` tries every tile and way."""


@cli.command(help="help.waits")
@_score_options
@_option("--json", "as_json", is_flag=True, help="help.waits.json")
@_lang_option("help.waits.lang")
def waits(as_json: bool, lang: Lang, **params: Any) -> None:
    """``mjcalc waits``: waits and their prices, or discards (help: ``help.waits``)."""
    if not params.get("rules"):
        raise CliUsageError(bi("cli.no_rules"))
    from mjcalc.app.waits import analyse

    result = analyse(request_from_params(params))
    if as_json:
        click.echo(result.to_json())
    elif result.ok:
        from mjcalc.render.console import make_console
        from mjcalc.render.waits import render_waits

        render_waits(result, make_console(), lang)
    if not result.ok:
        from mjcalc.models import Result

        _echo_error(
            Result(ok=False, rules=result.rules, hand=result.hand, error=result.error), lang
        )
    sys.exit(EXIT_OK if result.ok else EXIT_NOT_SCORED)


# the flags of ``score`` (one declaration), less those about the winning tile
waits.params = [p for p in waits.params if p.name not in WIN_TILE_FLAGS]


@cli.command(help="help.schema")
@click.argument("which", type=click.Choice(["request", "result", "waits"]), default="request")
@_hidden_lang("schema")
def schema(which: str) -> None:
    """``mjcalc schema``: a JSON Schema (help: ``help.schema``)."""
    from mjcalc.schema import json_schema

    click.echo(json.dumps(json_schema(which), ensure_ascii=False, indent=2))


PLUGINS_ENV = "PYDANTIC_DISABLE_PLUGINS"
"""Pydantic looks for plugins (the ``pydantic`` entry points of every installed distribution)
when it builds its first validator, unless this is ``__all__``: a scan of all the metadata of
the environment, milliseconds per start-up that grow with the number of packages installed.
The command line sets it unless it is already set, since it has no use for such plugins; set it
to an empty value to have them loaded (``PYDANTIC_DISABLE_PLUGINS= mjcalc ...``). ``import
mjcalc`` as a library leaves Pydantic's own behaviour alone."""


_PLUGINS_OFF = ("__all__", "1", "true")  # the values that make Pydantic skip its plugin scan
_PLUGIN_LOADER = "pydantic.plugin._loader"


class _NoPluginLoader(types.ModuleType):
    """Stands in for Pydantic's plugin loader module while plugins are off (:data:`PLUGINS_ENV`).

    Pydantic asks that module for its plugins when it builds a validator; with plugins off the
    answer is "none" without any scan, yet the module imports ``importlib.metadata`` at its top,
    for the scan: 15–20 ms of every start-up (an eighth of it) spent on nothing. This stand-in
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


def main() -> None:
    """Console entry point: the commands, and what becomes of input and output that fail.

    A closed, full or broken stdout, a closed stdin, or an output encoding that cannot show what
    is printed ends with one line on stderr and exit status 1 (:data:`EXIT_IO`), never a
    traceback. Output is flushed here, so a failure shows now rather than at interpreter exit.
    """
    if sys.stdout is None:
        _io_failure("io.write_failed", "standard output is closed")
    os.environ.setdefault(PLUGINS_ENV, "__all__")
    _skip_plugin_loader()
    try:
        code = _run_cli()
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
    thousands of objects to walk, which took a `score --json` run about a sixth of its time
    (wall and CPU, interleaved medians). Frozen, they are left to the end of the process like
    memory in general; ``atexit`` handlers still run and open files are still closed as before
    (the session's files are closed when written, never left to the collector)."""
    import gc

    gc.freeze()


def _run_cli() -> int | str | None:
    """Run the commands; the exit status they end with (Click's own handling of its errors)."""
    with click_language(argv_lang(sys.argv[1:])):  # Click's errors are shown here, in it
        return _run_group()


def _run_group() -> int | str | None:
    stdout = sys.stdout
    try:
        rv = cli.main(prog_name="mjcalc", standalone_mode=False)
    except SystemExit as exc:
        if sys.stdout is not stdout:  # Click wraps stdout and exits quietly on a broken pipe
            _io_failure("io.write_failed", os.strerror(errno.EPIPE))
        return exc.code
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.Abort:
        click.echo(text("help.aborted", _CLICK_LANG), err=True)
        return EXIT_NOT_SCORED
    except RuntimeError:
        if sys.stdin is None:  # click.File("-") on a closed stdin
            _io_failure("io.read_failed", "standard input is closed")
        raise
    return rv if isinstance(rv, int) else EXIT_OK


def _io_failure(key: str, reason: str) -> NoReturn:
    """One line on stderr, stdout pointed at /dev/null (nothing more to flush), exit 1."""
    from mjcalc.i18n import text

    lang: Lang = "zh" if os.environ.get("MJCALC_LANG") == "zh" else "en"
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
    except OSError:
        pass
    if sys.stderr is not None:
        sys.stderr.write(text(key, lang, reason=reason) + "\n")
        sys.stderr.flush()
    sys.exit(EXIT_IO)


if __name__ == "__main__":
    main()
