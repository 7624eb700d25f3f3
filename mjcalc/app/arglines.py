"""Reading an argument line: ``mjcalc score`` arguments written as one line of a file.

A batch line and a session hand line may both be the arguments of ``mjcalc score``; both are
read here, by ``score``'s own flags as data (:mod:`mjcalc.app.options`), so a line means exactly
what the same words mean on the command line and a bad one gets the words the command line would
use (in English and in Chinese). No Click is imported.

Reading is split in two: :func:`split_line` cuts the text into shell words (a fast path for the
common line, :mod:`shlex` for the rest), and :func:`words_request` turns the words into a request.
:func:`arguments_request` is a batch line of arguments (:func:`mjcalc.app.batch.line_request`
the whole batch line, JSON or arguments); :func:`session_request` a session's hand line.
:func:`in_flag_words` words a refused request's error as the command line names its flags.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from mjcalc.app.options import ArgumentError, request_from_params, score_words

if TYPE_CHECKING:
    from mjcalc.errors import MjcalcError
    from mjcalc.models import Result
    from mjcalc.models.waits import WaitsResult
    from mjcalc.rules.flags import Flag
    from mjcalc.rules.plugins import Plugin

    AnswerT = TypeVar("AnswerT", Result, WaitsResult)

RULES_MARK = "\x00session"
"""Given as the default ruleset while a session line is read: a line that names no ruleset comes
back with it, so a ``--rules`` on the line can be told apart and refused."""


def arguments_request(text: str, default_rules: str | None) -> dict[str, Any]:
    """A batch line of ``mjcalc score`` arguments as a request.

    The environment is not read: a line without ``--rules`` gets ``default_rules`` or nothing,
    never ``MJCALC_RULES`` (the command line has already made that its default), so
    :func:`mjcalc.batch` gives the same records wherever it runs, a Dask worker included.
    """
    try:
        words = split_line(text)
    except ValueError as exc:
        from mjcalc.errors import MjcalcError

        raise MjcalcError.from_key("invalid_request", "err.line.cannot_split", reason=exc) from None
    return words_request(words, default_rules)


def _split(text: str) -> list[str]:
    try:
        return split_line(text)
    except ValueError as exc:
        from mjcalc.errors import MjcalcError

        raise MjcalcError.from_key("invalid_request", "err.line.cannot_split", reason=exc) from None


def words_request(args: list[str], default_rules: str | None) -> dict[str, Any]:
    """The words of an argument line (a leading ``score`` allowed) as a request.

    ``default_rules`` is what the line gets when it gives no ``--rules``. A usage error is the
    line's ``invalid_request`` (:class:`mjcalc.errors.MjcalcError`).
    """
    if args and args[0] == "score":
        args = args[1:]
    try:
        params = score_words().parse(args)
        if default_rules and "rules" not in params:
            params["rules"] = default_rules
        return request_from_params(params)
    except ArgumentError as exc:
        raise _line_error(exc) from None


def _line_error(exc: ArgumentError) -> MjcalcError:
    from mjcalc.errors import MjcalcError

    return MjcalcError("invalid_request", exc.message.en, message_zh=exc.message.zh)


def session_request(text: str, marks: tuple[Flag, ...] = ()) -> dict[str, Any]:
    """A session's hand line of ``mjcalc score`` arguments as a request, ``marks`` accepted
    beside them.

    ``marks`` are switch flags of the table's ruleset that mark a hand line (Shanghai's
    ``--dice-double``): each one on the line puts ``{field: true}`` into the request and is
    taken out of the words before ``score``'s flags read the rest. The line is split into words
    once. A ``--rules`` on the line is left in the request for the session to refuse.
    """
    words = _split(text)
    by_word: dict[str, Flag] = {}
    for mark in marks:
        if mark.kind != "switch":
            raise ValueError(f"a line mark is a switch, not {mark.option} ({mark.kind})")
        by_word.setdefault(mark.option, mark)
    given = [by_word[word] for word in words if word in by_word]
    if given:
        words = [word for word in words if word not in by_word]
    request = words_request(words, RULES_MARK)
    if request.get("rules") == RULES_MARK:
        del request["rules"]
    for mark in given:
        request[mark.field] = True
    return request


def split_line(text: str) -> list[str]:
    """``shlex.split``, with a shortcut for the common line: plain words and '…' quotes.

    Without double quotes, backslashes or unusual whitespace, POSIX shell words are runs of
    plain characters and single-quoted pieces, which a regular expression finds several times
    faster than :mod:`shlex`'s character loop; anything else (and an unclosed quote, for its
    error) goes to :func:`shlex.split` itself.
    """
    quotes = text.count("'")
    if quotes % 2 or _NEEDS_SHLEX.search(text):
        import shlex  # only here: the common line never needs it

        return shlex.split(text)
    if not quotes:  # only spaces, tabs and line ends left to split on: str.split's whitespace
        return text.split()
    # inside '…' every character is literal and no quote can appear: dropping the quotes of a
    # word joins its pieces exactly as the shell does
    return [word.replace("'", "") for word in _WORD.findall(text)]


_NEEDS_SHLEX = re.compile(r'["\\]|[^\S \t\r\n]')  # shlex splits on " \t\r\n" only
_WORD = re.compile(r"(?:[^\s']+|'[^']*')+")


# --- errors in the words of the command line --------------------------------------------------

_FIELD_ERROR = re.compile(r"(missing|unknown) field '([A-Za-z_][A-Za-z0-9_]*)'")
"""What the request models say of a field left out or not theirs (JSON's words)."""


def in_flag_words(answer: AnswerT, request: Mapping[str, Any]) -> AnswerT:
    """``answer`` (of ``score`` or ``waits``) for a request made from flags — the command line,
    an argument line of a file — with a missing or foreign field named as the flag it is
    written with: "a xingguo hand needs the flipped tile (正精): --jing TILE", "--jings is a
    xingguo flag: a shanghai hand has no --jings". Whoever typed flags never saw a field name;
    JSON requests keep the fields' names. Only a refused answer is looked at, so scoring pays
    nothing for it."""
    error = answer.error
    if error is None or error.code != "invalid_request":
        return answer
    found = _FIELD_ERROR.fullmatch(error.message)
    if found is None:
        return answer
    worded = _flag_error(found.group(1), found.group(2), request.get("rules"))
    if worded is None:
        return answer
    from mjcalc.models import ErrorOut

    return answer.model_copy(update={"error": ErrorOut.of(worded)})


def _flag_error(kind: str, field: str, rules: object) -> MjcalcError | None:
    from mjcalc.errors import MjcalcError
    from mjcalc.i18n import Bilingual, bilingual
    from mjcalc.rules.plugins import plugins

    own = _plugin_of(rules)
    if own is None:
        return None
    if kind == "missing":
        flag = next((f for f in own.flags if f.field == field), None)
        if flag is None:
            return None
        usage = f"{flag.option} {flag.metavar}" if flag.metavar else flag.option
        what = Bilingual(*(_what(help) for help in flag.help))
        said = bilingual("err.flag.missing", rules=_title(own), what=what, usage=usage)
    else:
        if any(f.field == field for f in own.flags):
            return None
        other = next(
            (p for p in plugins().values() for f in p.flags if f.field == field and p is not own),
            None,
        )
        if other is None:
            return None
        option = next(f.option for f in other.flags if f.field == field)
        said = bilingual("err.flag.foreign", option=option, other=_title(other), rules=_title(own))
    return MjcalcError("invalid_request", said.en, message_zh=said.zh)


def _plugin_of(rules: object) -> Plugin | None:
    """The plug-in of a request's ``rules``: a name as people write it, or a ruleset file's
    (loaded: its own error is the answer's already when it cannot be)."""
    if not isinstance(rules, str):
        return None
    from mjcalc.rules.plugins import named, plugins
    from mjcalc.rules.registry import is_rules_path, load_rules

    if not is_rules_path(rules):
        return named(rules)
    from mjcalc.errors import MjcalcError

    try:
        return plugins().get(load_rules(rules).ruleset.name)
    except MjcalcError:
        return None


def _title(plugin: Plugin) -> Any:
    from mjcalc.i18n import Bilingual

    return Bilingual(*plugin.title)


def _what(help: str) -> str:
    """A flag's help as a noun: without the ruleset it starts with (``xingguo: ``, ``兴国：``) and
    the closing stop (the convention of a flag's help, :class:`mjcalc.rules.flags.Flag`)."""
    for colon in (": ", "："):
        head, sep, tail = help.partition(colon)
        if sep and tail and len(head) <= 16 and " " not in head:
            help = tail
            break
    return help.rstrip("。.")
