"""Reading an argument line: ``mjcalc score`` arguments written as one line of a file.

A batch line and a session hand line may both be the arguments of ``mjcalc score``; both are
read here, by ``score``'s own flags, so a line means exactly what the same words mean on the
command line and a bad one gets the words Click would use (in English and in Chinese).

Reading is split in two: :func:`split_line` cuts the text into shell words (a fast path for the
common line, :mod:`shlex` for the rest), and :func:`words_request` turns the words into a request.
A session hand line is split once, by the session (it takes its own marks out of the words), and
handed over as words.

Reading a line through ``score.make_context`` would rebuild the whole parser and process every
parameter for each line; :class:`ScoreLineParser` keeps one parser and reads the common line
without it. :func:`batch_request` is the whole batch line, JSON or arguments, as
:func:`mjcalc.app.batch.score_lines` reads it with :func:`arguments_request`.
"""

from __future__ import annotations

import functools
import re
from gettext import ngettext
from typing import Any

import click
from click.core import ParameterSource

from mjcalc.app.batch import line_request
from mjcalc.cli.lang import click_lang, click_language
from mjcalc.cli.params import CliUsageError, request_from_params
from mjcalc.cli.score import score
from mjcalc.i18n import Bi, Lang


def batch_request(text: str, default_rules: str | None) -> dict[str, Any]:
    """One batch line (a JSON request or ``score`` arguments) as a request object.

    ``text`` is the line as :func:`mjcalc.app.lines.line_text` gives it.
    """
    return line_request(text, default_rules, arguments_request)


def arguments_request(text: str, default_rules: str | None) -> dict[str, Any]:
    """A batch line of ``mjcalc score`` arguments, parsed by the ``score`` command itself.

    The environment is not read: a line without ``--rules`` gets ``default_rules`` or nothing,
    never ``MJCALC_RULES`` (the command line has already made that its default), so
    :func:`mjcalc.batch` gives the same records wherever it runs, a Dask worker included.
    """
    from mjcalc.errors import MjcalcError

    try:
        args = split_line(text)
    except ValueError as exc:
        raise MjcalcError.t("invalid_request", "err.line.cannot_split", reason=exc) from None
    return words_request(args, default_rules, environ=False)


def words_request(
    args: list[str], default_rules: str | None, *, environ: bool = True
) -> dict[str, Any]:
    """The words of an argument line (a leading ``score`` allowed) as a request.

    ``default_rules`` is what the line gets when it gives no ``--rules``: it beats
    ``MJCALC_RULES``, which Click would otherwise read itself (unless ``environ`` is false:
    then a line without either has no ruleset). A usage error is the line's
    ``invalid_request`` (:class:`mjcalc.errors.MjcalcError`), never an exit.
    """
    if args and args[0] == "score":
        args = args[1:]
    parser = score_line_parser()
    try:
        quick = parser.quick(args, default_rules)
        if quick is not None:
            return request_from_params(quick)
        params, rules_given = parser.parse(args, environ=environ)
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
    if lang == click_lang():
        return exc.format_message()
    with click_language(lang):
        try:
            score_line_parser().parse(args)
        except click.ClickException as again:
            return again.format_message()
    return exc.format_message()


def split_line(text: str) -> list[str]:
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


class ScoreLineParser:
    """``score``'s own parser and parameters, built once for every argument line of a batch.

    ``score.make_context`` would rebuild the 25-option parser and run every parameter's
    processing (defaults, environment, conversion) for each line, most of a line's cost.
    This runs Click's parser, then for each parameter the line gives only what its value
    needs: nothing for text and on/off flags, the type's own conversion for seats and counts
    (so values and errors are exactly ``score``'s); Click's full processing remains for HAND
    when it is missing and for ``--rules`` when the line does not give it (``MJCALC_RULES``).
    Parameters a line leaves out keep their empty defaults, which
    :func:`mjcalc.cli.params.request_from_params` ignores anyway.
    """

    def __init__(self) -> None:
        # no --help in a batch line: it would print the help text into the output stream
        template = self._context()
        self._parser = score.make_parser(template)
        self._params = score.get_params(template)
        self._always = frozenset({"hand", "rules"})
        self._hand_only = frozenset({"hand"})
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

    def parse(self, args: list[str], *, environ: bool = True) -> tuple[dict[str, Any], bool]:
        """The parameters' values, and whether ``--rules`` was on the line itself; without
        ``environ``, a ``--rules`` the line does not give is left unset instead of read from
        ``MJCALC_RULES``."""
        ctx = self._context()
        opts, rest, order = self._parser.parse_args(args=list(args))  # Click empties its list
        always = self._always if environ else self._hand_only
        wanted = [p for p in self._params if p.name in opts or p.name in always]
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
def score_line_parser() -> ScoreLineParser:
    return ScoreLineParser()
