"""The flags of ``score`` and how they become a request; seats, usage errors, ``--rules``.

The flags of ``score`` (and of ``waits``, and of the argument lines of ``batch`` and
``session``) are of two kinds, both declared as data and made into Click options here. The
fields every ruleset shares — seats, how the hand was won, other kongs, options — are one table,
:data:`mjcalc.app.options.SHARED_FLAGS`, the same one the argument lines' reader
(:mod:`mjcalc.app.arglines`) is built from. Each ruleset's own flags are data it declares itself
(:class:`mjcalc.rules.flags.Flag`, found through :func:`mjcalc.rules.plugins.flags`) and become
options here (:class:`FlagOption`), so installing a ruleset adds its flags without touching the
command line. How the flags' values become a request is :mod:`mjcalc.app.options` too.

Light on purpose (Click, the catalogue's front, the plug-ins' flag data): ``score --json`` imports
this before it scores a hand.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from typing import IO, TYPE_CHECKING, Any, TypeVar

import click

from mjcalc.app import options as app_options
from mjcalc.app.options import SHARED_FLAGS, ArgumentError, SharedFlag, bad_value
from mjcalc.cli.lang import BilingualCommand, click_lang, command_lang, option
from mjcalc.i18n import Bilingual, bilingual
from mjcalc.rules import flags as rule_flags
from mjcalc.rules.flags import Flag

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

_F = TypeVar("_F", bound=Callable[..., Any])

# --- usage errors in the language of the command line -----------------------------------------


class CliUsageError(click.UsageError):
    """A usage error of mjcalc's own, worded in the command's language (exit status 2)."""

    def __init__(self, message: Bilingual, ctx: click.Context | None = None) -> None:
        self.bilingual = message
        self.lang = command_lang()
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

    def __init__(self, message: Bilingual, param_hint: str) -> None:
        super().__init__(bad_value(message, param_hint))  # Click's own wording


class SeatType(click.ParamType):  # type: ignore[type-arg]
    """A seat flag: ``E S W N`` (any case) or the Chinese ``东/東 南 西 北``; gives the letter."""

    name = "seat"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        seat = rule_flags.seat_letter(str(value).strip())
        if seat is None:
            flag = param.opts[0] if param is not None and param.opts else "SEAT"
            raise CliBadParameter(bilingual("cli.bad_seat", value=repr(value)), f"'{flag}'")
        return seat

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[E|S|W|N|东|南|西|北]"


SEAT_CHOICE = SeatType()


class WholeNumber(click.IntRange):
    """An integer flag as strict as JSON: ASCII digits and an optional sign only
    (:func:`mjcalc.rules.flags.whole_number`). Click's own integer type takes whatever
    :func:`int` does — ``1_0``, ``١`` (Arabic-indic), full-width digits — which would let the
    command line accept numbers a JSON request refuses. Out of range is Click's own message."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            try:
                value = rule_flags.whole_number(value)
            except ValueError:
                self.fail(_not_a_number(value), param, ctx)
        return super().convert(value, param, ctx)


def _not_a_number(value: str) -> str:
    """Click's own message for a bad integer, in the command line's language (``repr`` writes
    any control character as an escape)."""
    message = "{value!r} is not a valid {number_type}."
    if click_lang() == "zh":
        from mjcalc.i18n.click_zh import CLICK_ZH

        message = CLICK_ZH.get(message, message)
    return message.format(value=value, number_type="integer")


def rules_option(help_key: str, *, envvar: bool = True) -> Callable[[_F], _F]:
    """``--rules`` / ``-r NAME|PATH``, completed with the installed rulesets' names; read from
    ``MJCALC_RULES`` too unless ``envvar`` is false. ``help_key``: its help text."""
    return option(
        "--rules",
        "-r",
        envvar="MJCALC_RULES" if envvar else None,
        metavar="NAME|PATH",
        shell_complete=complete_rules,
        help=help_key,
    )


def complete_rules(
    _ctx: click.Context, _param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """Shell completion of ``--rules``: the installed rulesets' names, and files for paths."""
    from click.shell_completion import CompletionItem

    if "/" in incomplete or incomplete.endswith(".toml"):
        return [CompletionItem(incomplete, type="file")]
    from mjcalc.rules.plugins import names

    return [CompletionItem(n) for n in names() if n.startswith(incomplete)]


# --- the flags of score ----------------------------------------------------------------------


class ScoreCommand(BilingualCommand):
    """``score`` and ``waits``: an unknown option's did-you-mean offers first the flags of the
    ruleset the line names (``-r``, else ``MJCALC_RULES``), the closest first, as argument lines
    do (:func:`mjcalc.app.options.no_such_option`): every installed ruleset's flags are options
    of the command, and ``--winer`` on a Xingguo hand should be asked ``--winner``, not
    Shanghai's ``--flowers``. ``left_out``: ``score``'s options this command does not take,
    each refused with why (``waits`` prices every way of winning each tile)."""

    left_out: tuple[str, ...] = ()
    left_out_key = "usage.waits.left_out"

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        words = list(args)  # Click's parser consumes the list it is given
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as exc:
            name = exc.option_name
            if not name.startswith("--"):
                raise
            if name in self.left_out:
                said = bilingual(self.left_out_key, option=name, options=", ".join(self.left_out))
            else:
                known = [o for p in self.get_params(ctx) for o in p.opts if o.startswith("--")]
                rules = app_options.named_rules(words) or os.environ.get("MJCALC_RULES")
                said = app_options.no_such_option(name, known, rules)
            raise NoSuchFlag(name, said, ctx) from None


class NoSuchFlag(click.NoSuchOption):
    """Click's own unknown-option error, shown as Click shows it, with mjcalc's did-you-mean in
    both languages (``bilingual``, for the JSON record of a usage error). Worded in the
    language of the command line: the command's ``--lang`` is not read when parsing fails."""

    def __init__(self, name: str, message: Bilingual, ctx: click.Context) -> None:
        super().__init__(name, message.get(click_lang()), ctx=ctx)
        self.bilingual = message


class FlagOption(click.Option):
    """A ruleset's :class:`~mjcalc.rules.flags.Flag` as an option: its help is the flag's own
    texts, English or Chinese as the command line is."""

    def __init__(self, param_decls: Sequence[str], *, flag: Flag, **attrs: Any) -> None:
        self.flag = flag
        super().__init__(param_decls, **attrs)

    @property
    def help(self) -> str | None:
        return self.flag.help[1] if click_lang() == "zh" else self.flag.help[0]

    @help.setter
    def help(self, _value: str | None) -> None:
        """Click sets ``help`` as it builds the option; the flag's texts stand instead."""


def flag_option(flag: Flag) -> Callable[[_F], _F]:
    """The option of a ruleset's flag, by its kind (see :data:`mjcalc.rules.flags.FlagKind`):
    named by its field, so the parsed value is found where the request's field is."""
    attrs: dict[str, Any] = {"metavar": flag.metavar}
    if flag.kind == "switch":
        attrs = {"is_flag": True}
    elif flag.kind == "count":
        attrs["type"] = WholeNumber(flag.low, flag.high)
    elif flag.kind == "seat":
        attrs["type"] = SEAT_CHOICE
    elif flag.kind == "seats":
        attrs.update(multiple=True, type=SEAT_CHOICE)
    elif flag.multiple:  # seat_values: the words as given, read by the flag's own rule
        attrs["multiple"] = True
    return click.option(flag.option, flag.field, cls=FlagOption, flag=flag, **attrs)


def shared_option(flag: SharedFlag) -> Callable[[_F], _F]:
    """The option of a shared flag (:data:`mjcalc.app.options.SHARED_FLAGS`), by its kind."""
    if flag.name == "rules":
        return rules_option(flag.help)
    decls = [flag.option, *([flag.short] if flag.short else []), flag.name]
    attrs: dict[str, Any] = {"help": flag.help}
    if flag.metavar:
        attrs["metavar"] = flag.metavar
    if flag.kind == "switch":
        attrs["is_flag"] = True
    elif flag.kind == "seat":
        attrs["type"] = SEAT_CHOICE
    elif flag.kind == "texts":
        attrs["multiple"] = True
    elif flag.kind == "choice":
        attrs["type"] = click.Choice(list(flag.choices))
    return option(*decls, **attrs)


def score_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """The HAND argument and the flags of ``score``: also what a batch argument line may hold.

    The shared flags first (:data:`mjcalc.app.options.SHARED_FLAGS`, the table the argument
    lines' reader is built from too), then every installed ruleset's own, in the plug-ins' order.
    """
    from mjcalc.rules.plugins import flags

    decorators = [
        click.argument("hand", nargs=-1, required=True),
        *(shared_option(flag) for flag in SHARED_FLAGS),
        *(flag_option(flag) for flag in flags()),
    ]
    for decorator in reversed(decorators):
        f = decorator(f)
    return f


# --- flags → request ------------------------------------------------------------------------


def hand_request(params: dict[str, Any]) -> dict[str, Any]:
    """The request of ``score``'s (and ``waits``') flags. No ruleset given, on the command line
    or in ``MJCALC_RULES``, is a usage error that lists the installed ones."""
    if not params.get("rules"):
        from mjcalc.rules.plugins import installed_names

        raise CliUsageError(bilingual("cli.no_rules", known=installed_names(titles=True)))
    return request_from_params(params)


def request_from_params(params: dict[str, Any]) -> dict[str, Any]:
    """The request object for the ``score`` flags that were given (and only those):
    :func:`mjcalc.app.options.request_from_params`, a malformed ``NAME=VALUE`` flag a usage
    error (exit 2)."""
    try:
        return app_options.request_from_params(params)
    except ArgumentError as exc:
        raise CliUsageError(exc.message) from None


def split_assignment(text: str, flag: str) -> tuple[str, str]:
    """``NAME=VALUE`` as its two stripped halves (a usage error naming ``flag`` otherwise)."""
    try:
        return app_options.split_assignment(text, flag)
    except ArgumentError as exc:
        raise CliUsageError(exc.message) from None


def seat_key(text: str, flag: str) -> str:
    """The seat named on the left of ``SEAT=…`` (a usage error naming ``flag`` otherwise)."""
    try:
        return app_options.seat_key(text, flag)
    except ArgumentError as exc:
        raise CliUsageError(exc.message) from None


option_value = app_options.option_value
ruleset_flags = app_options.ruleset_flags


def options(texts: Iterable[str]) -> dict[str, Any]:
    """``-o NAME=VALUE`` flags as the request's ``options`` object."""
    try:
        return app_options.options(texts)
    except ArgumentError as exc:
        raise CliUsageError(exc.message) from None


class Rate(click.ParamType):  # type: ignore[type-arg]
    """``--rate R``: a decimal from 0 up (``0.5``), read by the use case's own rule."""

    name = "R"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> Decimal:
        from mjcalc.app.session.settle import parse_rate
        from mjcalc.errors import MjcalcError

        if isinstance(value, Decimal):
            return value
        try:
            return parse_rate(str(value))
        except MjcalcError as exc:
            message = Bilingual(exc.message, exc.message_zh or exc.message)
            raise CliBadParameter(message, "'--rate'") from None


class Currency(click.ParamType):  # type: ignore[type-arg]
    """``--currency C``: a symbol or code (``¥``, ``CNY``)."""

    name = "C"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from mjcalc.app.session.settle import check_currency
        from mjcalc.errors import MjcalcError

        try:
            return check_currency(str(value))
        except MjcalcError as exc:
            raise CliBadParameter(
                Bilingual(exc.message, exc.message_zh or exc.message), "'--currency'"
            ) from None
