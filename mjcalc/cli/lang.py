"""The language of the command line, the Click classes that word themselves in it, ``--lang``.

Click words its help pages and usage errors while it parses, so the language has to be known
before: :func:`argv_lang` reads it off the raw arguments, and :func:`click_language` switches
Click to it for as long as the command runs (Chinese loads :mod:`mjcalc.cli.click_chinese`;
English is Click's own and loads nothing more).

Help texts are catalogue keys (:mod:`mjcalc.i18n.help`) put into words only when a page is
shown: the ``Local*`` classes here hold the key and word it in the language of the moment, so a
command imported once serves both languages. Everything here is light (Click and the catalogue's
front module): every command line imports it, ``--version`` and the group's help included.

``--lang`` is an option of each command (and, hidden, of the group and ``schema``), eager so
that the other flags' errors are already in the chosen language.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

import click
from click.core import ParameterSource

from mjcalc.i18n import Lang, text

_F = TypeVar("_F", bound=Callable[..., Any])
LANG_CHOICE = click.Choice(["en", "zh"])
_CLICK_LANG: Lang = "en"
"""The language Click's own words and the help pages are in right now (see :func:`argv_lang`)."""


def click_lang() -> Lang:
    """The language Click's words and the help pages are in right now."""
    return _CLICK_LANG


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


def command_lang() -> Lang:
    """The language of the running command: its ``--lang`` (parsed first: it is eager), else
    ``MJCALC_LANG``, else English. Its own messages (usage errors) are worded in it."""
    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        if ctx.params.get("lang") in ("en", "zh"):
            return "zh" if ctx.params["lang"] == "zh" else "en"
        ctx = ctx.parent
    return "zh" if os.environ.get("MJCALC_LANG", "").strip().lower() == "zh" else "en"


@contextlib.contextmanager
def click_language(lang: Lang) -> Iterator[None]:
    """Click's own messages and the help pages in ``lang`` while the block runs.

    English is Click's own: the English paths import nothing more. Chinese loads
    :mod:`mjcalc.cli.click_chinese`, which answers Click's gettext calls from the catalogue.
    """
    global _CLICK_LANG
    before = _CLICK_LANG
    if lang == before:
        yield
        return
    from mjcalc.cli.click_chinese import translate_click

    _CLICK_LANG = lang
    translate_click(lang == "zh")
    try:
        yield
    finally:
        _CLICK_LANG = before
        translate_click(before == "zh")


def help_text(key: str | None) -> str | None:
    """A ``help.`` catalogue key in the language of the command line (other texts as given).

    A help that names the rulesets ``--rules`` takes says ``{known}``, filled here with the
    installed ones (:func:`mjcalc.rules.plugins.installed_names`): a ruleset installed beside
    mjcalc is offered by name like the bundled ones. (Replaced, not formatted: other help texts
    show JSON, braces and all.)
    """
    if key is None or not key.startswith("help."):
        return key
    words = text(key, _CLICK_LANG)
    if KNOWN in words:
        from mjcalc.rules.plugins import installed_names

        words = words.replace(KNOWN, installed_names().get(_CLICK_LANG))
    return words


KNOWN = "{known}"
"""Where a help text lists the installed rulesets."""


def click_words(message: str) -> str:
    """One of Click's own texts (its English message id) in the language of the command line."""
    if _CLICK_LANG != "zh":
        return message
    from mjcalc.i18n.click_zh import CLICK_ZH

    return CLICK_ZH.get(message, message)


class HelpByKey:
    """``help`` given as a catalogue key (:mod:`mjcalc.i18n.help`), put into words when the help
    is shown, in the language of the command line."""

    _help_key: str | None = None

    @property
    def help(self) -> str | None:
        return help_text(self._help_key)

    @help.setter
    def help(self, value: str | None) -> None:
        self._help_key = value


class BilingualContext(click.Context):
    """Help pages laid out by terminal cells when they are in Chinese."""

    def make_formatter(self) -> click.HelpFormatter:
        if _CLICK_LANG == "zh":
            from mjcalc.cli.click_chinese import CellHelpFormatter

            return CellHelpFormatter(width=self.terminal_width, max_width=self.max_content_width)
        return super().make_formatter()


class _Worded(HelpByKey):
    """What mjcalc's commands and group share: help by catalogue key, the help option's own
    text in the language of the command line, and :class:`BilingualContext`."""

    context_class = BilingualContext

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        # Click builds ``--help`` once and keeps it: its text is worded again on each use
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = click_words("Show this message and exit.")
        return option  # type: ignore[no-any-return]


class BilingualCommand(_Worded, click.Command):  # type: ignore[misc]
    """A command of mjcalc (see :class:`_Worded`)."""


class BilingualGroup(_Worded, click.Group):  # type: ignore[misc]
    """A group of mjcalc's commands: chooses the language of the command line before Click
    parses it."""

    command_class = BilingualCommand

    def main(self, *args: Any, **kwargs: Any) -> Any:
        words = kwargs.get("args", args[0] if args else None)
        with click_language(argv_lang(sys.argv[1:] if words is None else words)):
            return super().main(*args, **kwargs)

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except click.ClickException as exc:
            _escape(exc)
            raise

    def invoke(self, ctx: click.Context) -> Any:
        """The command; the messages of its usage errors escaped (Click echoes values and file
        names as typed: :func:`_escape`)."""
        try:
            return super().invoke(ctx)
        except click.ClickException as exc:
            _escape(exc)
            raise


def _escape(exc: click.ClickException) -> None:
    """``exc`` with its message made safe to print: Click quotes a file name or a value as it
    was typed (``Invalid value for 'FILE': '<name>': No such file or directory``), so a name
    holding ESC, an OSC sequence, a bidi override or U+2028 would reach the terminal. Every
    control or separator character of it is written as an escape (:func:`mjcalc.render.text.safe`);
    the message's own line breaks stay."""
    from mjcalc.render.text import safe

    message = exc.message
    if not message.isprintable():
        # Click declares the message final; it is only read when the error is shown, after this
        exc.message = "\n".join(safe(line) for line in message.split("\n"))  # type: ignore[misc]


class BilingualFile(click.File):
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


class BilingualOption(HelpByKey, click.Option):
    """An option whose help is a catalogue key."""


def option(*decls: str, **attrs: Any) -> Callable[[_F], _F]:
    """``click.option`` with a catalogue key as its help (:class:`BilingualOption`)."""
    return click.option(*decls, cls=BilingualOption, **attrs)


# --- --lang ----------------------------------------------------------------------------------

LANG_META = "mjcalc.lang"
"""``ctx.meta`` key: the ``--lang`` given before the command name (``mjcalc --lang zh score``)."""


def lang_option(key: str) -> Callable[[_F], _F]:
    """``--lang en|zh`` [env MJCALC_LANG], parsed before the other flags so that their own
    error messages are already in the chosen language; ``key``: its help text."""
    return click.option(
        "--lang",
        cls=LangOption,
        type=LANG_CHOICE,
        envvar="MJCALC_LANG",
        default="en",
        show_default=True,
        is_eager=True,
        callback=_lang_given,
        help=key,
    )


class LangOption(BilingualOption):
    """``--lang``: its default is what ``MJCALC_LANG`` makes it (the language the command is
    in, as :func:`argv_lang` reads it), so the help shows ``[default: zh]`` while the variable
    says zh rather than a default that does not apply. Click reads the variable before the
    default, so only the help sees the difference."""

    def get_default(self, ctx: click.Context, call: bool = True) -> Any:
        return argv_lang(())


def _lang_given(ctx: click.Context, param: click.Parameter, value: Lang) -> Lang:
    """A command's ``--lang``: its own when given on its command line, else one given before
    the command name, else ``MJCALC_LANG`` or English (the same rule as
    :func:`argv_lang`)."""
    if ctx.get_parameter_source(param.name or "lang") == ParameterSource.COMMANDLINE:
        return value
    found = ctx.meta.get(LANG_META)
    return found if found in ("en", "zh") else value


def hidden_lang(what: str) -> Callable[[_F], _F]:
    """``--lang`` where it only changes the help and Click's messages (the group, ``schema``):
    accepted so that ``--lang zh`` may stand anywhere, not listed (``what``: where)."""

    def remember(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
        if ctx.get_parameter_source(param.name or "lang") == ParameterSource.COMMANDLINE:
            ctx.meta[LANG_META] = value

    return option(
        "--lang",
        type=LANG_CHOICE,
        expose_value=False,
        is_eager=True,
        hidden=True,
        callback=remember,
        help=f"help.{what}.lang",
    )
