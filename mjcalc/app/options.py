"""The words of ``mjcalc score`` without Click: the flags as data, a parser, and the request.

The flags a ``score`` line may hold are of two kinds: the fields every ruleset shares (seats, how
the hand was won, other kongs, options), declared here in one table (:data:`SHARED_FLAGS`), and
each ruleset's own (:class:`mjcalc.rules.flags.Flag`, found through
:func:`mjcalc.rules.plugins.flags`). The command line builds ``score``'s and ``waits``' Click
options from the same two (:func:`mjcalc.cli.params.score_options`), and the argument lines of
``batch`` and ``session`` are read by :class:`ScoreWords` here, with no Click imported.

:class:`ScoreWords` reads words exactly as Click's parser reads ``score``'s (``--name VALUE``,
``--name=VALUE``, ``-rNAME``, ``--`` ending the options, the last value of a single option
winning), converts them as ``score``'s types do (seats, whole numbers and their ranges,
``--lang``'s choice), in Click's order (``--lang`` first, then the order the flags first appear
on the line), and words its errors as Click does, in English and in Chinese
(:mod:`mjcalc.i18n.click_zh`). One difference, on purpose: the did-you-mean hint of an unknown
option is drawn first from the shared flags and the flags of the line's own ruleset when the line
names an installed one (``-r shanghai``), the closest first (:func:`no_such_option`); the command
line does the same (:class:`mjcalc.cli.params.ScoreCommand`).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Sequence
from typing import Any, Literal, NamedTuple

from mjcalc.i18n import Bilingual, bilingual
from mjcalc.rules import flags as rule_flags
from mjcalc.rules.flags import Flag, FlagError

SharedKind = Literal["text", "switch", "seat", "texts", "choice"]
"""How a shared flag is written: ``text`` one value, ``switch`` on when given, ``seat`` one seat,
``texts`` one value each time it is given (repeatable), ``choice`` one of
:attr:`SharedFlag.choices`."""


class SharedFlag(NamedTuple):
    """A flag every ruleset's request shares: its option, the parameter it fills (``name``),
    how it is written, its help (a catalogue key), its one-letter alias and metavar."""

    option: str
    name: str
    kind: SharedKind
    help: str
    short: str | None = None
    metavar: str | None = None
    choices: tuple[str, ...] = ()


SHARED_FLAGS: tuple[SharedFlag, ...] = (
    SharedFlag("--rules", "rules", "text", "help.score.rules", "-r", "NAME|PATH"),
    SharedFlag("--winner", "winner", "seat", "help.score.winner"),
    SharedFlag("--dealer", "dealer", "seat", "help.score.dealer"),
    SharedFlag("--self-draw", "self_draw", "switch", "help.score.self_draw"),
    SharedFlag("--discarder", "discarder", "seat", "help.score.discarder"),
    SharedFlag("--win", "win", "text", "help.score.win", metavar="TILE"),
    SharedFlag("--after-kong", "after_kong", "switch", "help.score.after_kong"),
    SharedFlag("--rob-kong", "rob_kong", "switch", "help.score.rob_kong"),
    SharedFlag("--kong", "kong", "texts", "help.score.kong", metavar="SEAT=KIND[:TILE]"),
    SharedFlag("--option", "option", "texts", "help.score.option", "-o", "NAME=VALUE"),
)
"""The shared request's flags, in ``score``'s order (the HAND argument comes before them)."""

COMMAND_FLAGS: tuple[SharedFlag, ...] = (
    SharedFlag(
        "--format",
        "output_format",
        "choice",
        "help.score.format",
        choices=("text", "json", "markdown"),
    ),
    SharedFlag("--json", "as_json", "switch", "help.score.json"),
    SharedFlag("--lang", "lang", "choice", "help.score.lang", choices=("en", "zh")),
)
"""``score``'s own flags after the rulesets': accepted on a line (as the command line takes
them) and left out of the request."""

HAND_METAVAR = "HAND..."


class ArgumentError(ValueError):
    """A usage error of ``score``'s words: ``message`` in English and Chinese, as the command
    line words it."""

    def __init__(self, message: Bilingual) -> None:
        super().__init__(message.en)
        self.message = message


# --- Click's words ---------------------------------------------------------------------------


def _click(
    message_id: str, *, plural_id: str | None = None, count: int = 1, **fields: Any
) -> Bilingual:
    """One of Click's messages in English and Chinese (by Click's own ids)."""
    from mjcalc.i18n.click_zh import CLICK_ZH, CLICK_ZH_PLURAL

    en = plural_id if plural_id is not None and count != 1 else message_id
    zh = CLICK_ZH_PLURAL[message_id] if plural_id is not None else CLICK_ZH[message_id]
    return Bilingual(en.format(**fields), zh.format(**fields))


def bad_value(message: Bilingual, hint: str) -> Bilingual:
    """mjcalc's own "invalid value" message: Click's English wording, the hint without its
    quotes in Chinese (``Invalid value for --kong: …`` / ``--kong 的值无效：…``)."""
    return Bilingual(
        f"Invalid value for {hint}: {message.en}", f"{hint.strip(chr(39))} 的值无效：{message.zh}"
    )


def _invalid(hint: str, message: Bilingual) -> Bilingual:
    """Click's own "invalid value" message (a type's conversion failed)."""
    from mjcalc.i18n.click_zh import CLICK_ZH

    return Bilingual(
        f"Invalid value for {hint}: {message.en}",
        CLICK_ZH["Invalid value for {param_hint}: {message}"].format(
            param_hint=hint, message=message.zh
        ),
    )


def no_such_option(name: str, known: Iterable[str], rules: str | None = None) -> Bilingual:
    """Click's "No such option" with its did-you-mean, drawn first from the options that fit
    the ruleset ``rules`` names (:func:`hint_options`), then from all of ``known``, the closest
    first: ``--winer`` on a Xingguo line is asked ``--winner`` before Shanghai's ``--flowers``."""
    from difflib import get_close_matches

    message = _click("No such option {name!r}.", name=name)
    known = list(known)
    possibilities = get_close_matches(name, hint_options(known, rules)) or get_close_matches(
        name, known
    )
    if not possibilities:
        return message
    shown = ", ".join(repr(p) for p in possibilities)
    hint = _click(
        "Did you mean {possibility}?",
        plural_id="(Did you mean one of: {possibility}?)",
        count=len(possibilities),
        possibility=shown,
    )
    return Bilingual(f"{message.en} {hint.en}", f"{message.zh} {hint.zh}")


def hint_options(known: Sequence[str], rules: str | None) -> list[str]:
    """The options of ``known`` a did-you-mean offers first: all of them, less the other
    rulesets' flags when ``rules`` names an installed ruleset (as people write it)."""
    from mjcalc.rules.plugins import flags, named

    plugin = named(rules) if rules else None
    if plugin is None:
        return list(known)
    own = {flag.option for flag in plugin.flags}
    theirs = {flag.option for flag in flags()} - own
    return [option for option in known if option not in theirs]


def _requires_argument(name: str) -> Bilingual:
    return _click(
        "Option {name!r} requires an argument.",
        plural_id="Option {name!r} requires {nargs} arguments.",
        name=name,
        nargs=1,
    )


def _not_a_number(hint: str, value: str) -> Bilingual:
    return _invalid(
        hint, _click("{value!r} is not a valid {number_type}.", value=value, number_type="integer")
    )


def _out_of_range(hint: str, value: int, low: int, high: int) -> Bilingual:
    return _invalid(
        hint, _click("{value} is not in the range {range}.", value=value, range=f"{low}<=x<={high}")
    )


def _not_a_choice(hint: str, value: str, choices: Sequence[str]) -> Bilingual:
    shown = ", ".join(repr(c) for c in choices)
    message = _click(
        "{value!r} is not {choice}.",
        plural_id="{value!r} is not one of {choices}.",
        count=len(choices),
        value=value,
        choice=shown,
        choices=shown,
    )
    return _invalid(hint, message)


def missing_hand() -> Bilingual:
    missing = _click("Missing argument")
    return Bilingual(f"{missing.en} '{HAND_METAVAR}'.", f"{missing.zh} '{HAND_METAVAR}'.")


# --- the parser -------------------------------------------------------------------------------


class _Spec(NamedTuple):
    """One option of the parser: where its value goes and how it is checked."""

    name: str
    label: str  # the option's first name: what its errors call it
    takes_value: bool
    multiple: bool
    kind: str  # text, switch, seat, count, choice
    eager: bool = False
    low: int = 0
    high: int = 64
    choices: tuple[str, ...] = ()


def _shared_spec(flag: SharedFlag) -> _Spec:
    kind = "text" if flag.kind == "texts" else flag.kind
    return _Spec(
        flag.name,
        flag.option,
        flag.kind != "switch",
        flag.kind == "texts",
        kind,
        eager=flag.name == "lang",
        choices=flag.choices,
    )


def _ruleset_spec(flag: Flag) -> _Spec:
    kind = {"seats": "seat", "seat_values": "text"}.get(flag.kind, flag.kind)
    return _Spec(
        flag.field,
        flag.option,
        flag.kind != "switch",
        flag.multiple,
        kind,
        low=flag.low,
        high=flag.high,
    )


class ScoreWords:
    """``score``'s words read into its parameters, built once from the flags' data.

    :meth:`parse` gives the parameters as ``score`` receives them: ``hand`` (a tuple of words),
    then each flag the line gives, by its parameter's name — text, ``True``, a seat's letter, a
    number, or a tuple for a repeatable flag. A flag the line leaves out is absent.
    """

    def __init__(self, shared: Sequence[SharedFlag], ruleset_flags: Sequence[Flag]) -> None:
        self._long: dict[str, _Spec] = {}
        self._short: dict[str, _Spec] = {}
        specs: list[tuple[SharedFlag | Flag, _Spec]] = [(f, _shared_spec(f)) for f in shared]
        specs += [(f, _ruleset_spec(f)) for f in ruleset_flags]
        for flag, spec in specs:
            self._long.setdefault(flag.option, spec)
            short = getattr(flag, "short", None)
            if short:
                self._short.setdefault(short, spec)
        self._seats: dict[str, str] = {}

    def parse(self, words: Sequence[str]) -> dict[str, Any]:
        """The parameters of ``words`` (``score``'s, without the command name); an
        :class:`ArgumentError` as ``score`` would report it."""
        long, hand = self._long, []
        given: dict[str, Any] = {}
        order: list[_Spec] = []
        count, at = len(words), 0
        while at < count:
            word = words[at]
            at += 1
            if word[:1] != "-" or len(word) == 1:
                hand.append(word)
                continue
            spec = long.get(word)
            if spec is not None and spec.takes_value and at < count:  # the common flag
                value: Any = words[at]
                at += 1
            elif word == "--":
                hand.extend(words[at:])
                break
            else:
                spec, value, at = self._option(words, at, word, spec, given, order)
                if spec is None:
                    continue
            self._store(spec, value, given, order)
        return self._convert(hand, given, order)

    def _option(
        self,
        words: Sequence[str],
        at: int,
        word: str,
        spec: _Spec | None,
        given: dict[str, Any],
        order: list[_Spec],
    ) -> tuple[_Spec | None, Any, int]:
        """Any other option word, as Click reads it: ``(spec, value, next position)``, or no
        spec when the word was a run of one-letter options (already stored)."""
        name, explicit = word, None
        if spec is None:
            if "=" in word:
                name, explicit = word.split("=", 1)
                spec = self._long.get(name)
            if spec is None:
                if word[1] != "-":
                    return None, None, self._short_option(words, at, word, given, order)
                raise ArgumentError(no_such_option(name, self._long, named_rules(words)))
        if spec.takes_value:
            if explicit is not None:
                return spec, explicit, at
            if at < len(words):
                return spec, words[at], at + 1
            raise ArgumentError(_requires_argument(name))
        if explicit is not None:
            raise ArgumentError(_click("Option {name!r} does not take a value.", name=name))
        return spec, True, at

    def _short_option(
        self,
        words: Sequence[str],
        at: int,
        word: str,
        given: dict[str, Any],
        order: list[_Spec],
    ) -> int:
        """``-rNAME``, ``-r NAME`` and runs of one-letter options, as Click reads them."""
        prefix = word[0]
        for index, letter in enumerate(word[1:], 2):
            opt = prefix + letter
            spec = self._short.get(opt)
            if spec is None:
                raise ArgumentError(no_such_option(opt, ()))
            if not spec.takes_value:
                self._store(spec, True, given, order)
                continue
            if index < len(word):
                value = word[index:]
            elif at < len(words):
                value = words[at]
                at += 1
            else:
                raise ArgumentError(_requires_argument(opt))
            self._store(spec, value, given, order)
            break
        return at

    @staticmethod
    def _store(spec: _Spec, value: Any, given: dict[str, Any], order: list[_Spec]) -> None:
        name = spec.name
        if name not in given:
            order.append(spec)
            given[name] = [value] if spec.multiple else value
        elif spec.multiple:
            given[name].append(value)
        else:
            given[name] = value

    def _convert(
        self, hand: list[str], given: dict[str, Any], order: list[_Spec]
    ) -> dict[str, Any]:
        params: dict[str, Any] = {"hand": tuple(hand)}
        if len(order) > 1 and any(spec.eager for spec in order):
            order = sorted(order, key=lambda spec: not spec.eager)
        for spec in order:
            value = given[spec.name]
            kind = spec.kind
            if spec.multiple:
                if kind == "text":
                    params[spec.name] = tuple(value)
                else:
                    params[spec.name] = tuple(self._value(spec, item) for item in value)
            elif kind == "text" or kind == "switch":
                params[spec.name] = value
            else:
                params[spec.name] = self._value(spec, value)
        if not hand:
            raise ArgumentError(missing_hand())
        return params

    def _value(self, spec: _Spec, value: str) -> Any:
        kind = spec.kind
        if kind == "seat":
            seat = self._seats.get(value)
            if seat is None:
                seat = rule_flags.seat_letter(value.strip())
                if seat is None:
                    raise ArgumentError(
                        bad_value(bilingual("cli.bad_seat", value=repr(value)), f"'{spec.label}'")
                    )
                if len(self._seats) < 256:
                    self._seats[value] = seat
            return seat
        hint = f"'{spec.label}'"
        if kind == "count":
            try:
                number = rule_flags.whole_number(value)
            except ValueError:
                raise ArgumentError(_not_a_number(hint, value)) from None
            if not spec.low <= number <= spec.high:
                raise ArgumentError(_out_of_range(hint, number, spec.low, spec.high))
            return number
        if kind == "choice":
            if value not in spec.choices:
                raise ArgumentError(_not_a_choice(hint, value, spec.choices))
            return value
        return value


def named_rules(words: Sequence[str]) -> str | None:
    """The ruleset a line names (its last ``--rules``/``-r``), read loosely: only to scope a
    hint."""
    found = None
    for index, word in enumerate(words):
        if word == "--":
            break
        if word in ("--rules", "-r"):
            if index + 1 < len(words):
                found = words[index + 1]
        elif word.startswith("--rules="):
            found = word[len("--rules=") :]
        elif word.startswith("-r") and not word.startswith("--"):
            found = word[2:]
    return found


@functools.cache
def score_words() -> ScoreWords:
    """The reader of ``score``'s words for the installed rulesets (built once)."""
    from mjcalc.rules.plugins import flags

    return ScoreWords((*SHARED_FLAGS, *COMMAND_FLAGS), flags())


# --- parameters → request ---------------------------------------------------------------------


def request_from_params(params: dict[str, Any]) -> dict[str, Any]:
    """The request object for the ``score`` flags that were given (and only those).

    Flags left out stay out of the request, so another ruleset's flags never leak in; flags that
    do not belong to the chosen ruleset are rejected by its request model (``invalid_request``).
    A malformed ``NAME=VALUE`` value is an :class:`ArgumentError` naming its flag.
    """
    request: dict[str, Any] = {"hand": " ".join(params["hand"])}
    request.update(_situation(params))
    request.update(ruleset_fields(params))
    return request


_SITUATION_FLAGS = (
    ("self_draw", "self_draw"),
    ("after_kong", "after_kong"),
    ("rob_kong", "robbing_kong"),
)


def _situation(params: dict[str, Any]) -> dict[str, Any]:
    """The fields every ruleset shares: seats, how the hand was won, other kongs, options."""
    fields: dict[str, Any] = {}
    for key in ("rules", "winner", "dealer", "discarder"):
        if params.get(key):
            fields[key] = params[key]
    if params.get("win"):
        fields["win_tile"] = params["win"]
    for flag, key in _SITUATION_FLAGS:
        if params.get(flag):
            fields[key] = True
    kongs = [_kong(text) for text in params.get("kong") or ()]
    if kongs:
        fields["kongs"] = kongs
    found = options(params.get("option") or ())
    if found:
        fields["options"] = found
    return fields


_AS_GIVEN = frozenset({"text", "switch", "count", "seat"})
"""Kinds whose field is the parsed value itself (:func:`mjcalc.rules.flags.field_value`)."""


@functools.cache
def ruleset_flags() -> tuple[Flag, ...]:
    """Every installed ruleset's flags in the order their fields enter a request: the flags of
    one value first, then the repeatable ones (the order requests have always had)."""
    from mjcalc.rules.plugins import flags

    return tuple(sorted(flags(), key=lambda flag: flag.multiple))


def ruleset_fields(params: dict[str, Any]) -> dict[str, Any]:
    """The fields of the rulesets' own flags that were given (a malformed value is an
    :class:`ArgumentError` naming its flag)."""
    fields: dict[str, Any] = {}
    for flag in ruleset_flags():
        given = params.get(flag.field)
        if given is None:
            continue
        if flag.kind in _AS_GIVEN:  # what field_value gives: the value itself
            if given is not False and (given or flag.kind == "count"):
                fields[flag.field] = given
            continue
        try:
            fields.update(rule_flags.request_fields((flag,), params))
        except FlagError as exc:
            raise ArgumentError(bad_value(exc.message, flag.option)) from None
    return fields


def split_assignment(text: str, flag: str) -> tuple[str, str]:
    """``NAME=VALUE`` as its two stripped halves (an :class:`ArgumentError` naming ``flag``)."""
    try:
        return rule_flags.split_assignment(text)
    except FlagError as exc:
        raise ArgumentError(bad_value(exc.message, flag)) from None


def seat_key(text: str, flag: str) -> str:
    """The seat named on the left of ``SEAT=…`` (an :class:`ArgumentError` naming ``flag``)."""
    try:
        return rule_flags.seat_key(text)
    except FlagError as exc:
        raise ArgumentError(bad_value(exc.message, flag)) from None


def option_value(text: str) -> Any:
    """``--option`` values: JSON where it parses (numbers, true/false), else the plain string."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # not JSON, a number too long, nested too deep
        return text


def options(texts: Iterable[str]) -> dict[str, Any]:
    """``-o NAME=VALUE`` flags as the request's ``options`` object."""
    pairs = (split_assignment(text, "--option") for text in texts)
    return {name: option_value(value) for name, value in pairs}


def _kong(text: str) -> dict[str, Any]:
    """``S=exposed:2m`` → ``{"seat": "S", "kind": "exposed", "tile": "2m"}``."""
    seat, value = split_assignment(text, "--kong")
    kind, _, tile = value.partition(":")
    kong: dict[str, Any] = {"seat": seat_key(seat, "--kong"), "kind": kind.strip().lower()}
    if tile.strip():
        kong["tile"] = tile.strip()
    return kong
