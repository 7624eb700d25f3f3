"""Loading rulesets: by name (a plug-in's own TOML file) or a path to a TOML file; options.

A ruleset TOML names its ruleset and holds option values::

    ruleset = "xingguo"          # an installed plug-in (mjcalc.rules.plugins) or a registered one
    description = "…"            # optional, one line
    [options]
    bawang = "plus10"

A house-rule file may list only the options it changes; the rest take the model's defaults.

Hostile input: a ``rules`` path is only read when :func:`os.stat` says it is a regular ``.toml``
file of at most 1 MiB — a device, a FIFO, a directory or standard input is never opened — and
the ``ruleset`` key names an installed plug-in or a registered ruleset, never an arbitrary module.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from pydantic import BaseModel, ValidationError

from mjcalc.errors import MjcalcError
from mjcalc.i18n import Bilingual, add_texts, bilingual
from mjcalc.rules.base import AnyRuleset, Ruleset
from mjcalc.rules.plugins import (
    Plugin,
    PluginError,
    close_names,
    discover,
    failure,
    installed_names,
    named,
    plugins,
)


@dataclass(frozen=True)
class LoadedRules:
    """A ruleset with the option values of its TOML file (before per-request overrides)."""

    name: str  # bundled name, or the file path as given
    ruleset: AnyRuleset
    toml_options: dict[str, Any]
    description: str
    digest: str | None = None
    """The SHA-256 of the file's bytes (hex) when loaded from a file, else ``None``: what a
    session header records, to tell when its ruleset file has changed since."""

    _validated: dict[tuple[Any, ...], BaseModel] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def options(self, overrides: dict[str, Any] | None = None) -> BaseModel:
        """The validated options: TOML values, then ``overrides`` (the request's ``options``).

        Validated once per distinct set of overrides: most hands of a batch use the same few.
        The key keeps each value's type, since ``1`` and ``True`` hash alike but need not
        validate alike. Unhashable values (a list given as an option) are validated each time.
        """
        key = _overrides_key(overrides)
        if key is not None:
            cached = self._validated.get(key)
            if cached is not None:
                return cached
        merged = {**self.toml_options, **(overrides or {})}
        try:
            options: BaseModel = self.ruleset.options_model.model_validate(merged)
        except ValidationError as exc:
            raise validation_error(exc, "option") from None
        if key is not None and len(self._validated) < _MAX_CACHED_OPTIONS:
            self._validated[key] = options
        return options


_MAX_CACHED_OPTIONS = 256  # a hostile batch of endless distinct overrides must not grow memory


def _overrides_key(overrides: dict[str, Any] | None) -> tuple[Any, ...] | None:
    """A hashable key of the overrides (names, value types and values), or ``None``."""
    if not overrides:
        return ()
    key = tuple((name, type(value), value) for name, value in overrides.items())
    try:
        hash(key)
    except TypeError:
        return None
    return key


_WHY_TYPE = {
    "int_type": "type.int",
    "int_parsing": "type.int",
    "int_from_float": "type.int",
    "bool_type": "type.bool",
    "bool_parsing": "type.bool",
    "string_type": "type.str",
    "dict_type": "type.dict",
    "list_type": "type.list",
    "tuple_type": "type.list",
}
_RANGE = (
    "greater_than",
    "greater_than_equal",
    "less_than",
    "less_than_equal",
    "too_long",
    "too_short",
)


def validation_error(exc: ValidationError, what: str = "field") -> MjcalcError:
    """The ``invalid_request`` error for the first problem Pydantic found, in both languages.

    English is :func:`describe_validation_error`; Chinese names the field and the kind of
    problem (Pydantic's own wording is English only).
    """
    from mjcalc.i18n import bilingual, text

    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err["loc"])
    kind = err["type"]
    noun = bilingual(f"err.what_{what}")
    if kind == "extra_forbidden":
        zh = text("err.unknown_field", "zh", what=noun, loc=loc)
    elif kind == "missing":
        zh = text("err.missing_field", "zh", what=noun, loc=loc)
    else:
        if kind in ("literal_error", "enum"):
            expected = str(err.get("ctx", {}).get("expected", ""))
            expected = expected.replace(" or ", ", ").replace(", ", "、")
            why = bilingual("err.why_literal", expected=expected)
        elif kind in _WHY_TYPE:
            why = bilingual("err.why_type", expected=bilingual(_WHY_TYPE[kind]))
        else:
            why = bilingual("err.why_range" if kind in _RANGE else "err.why_none")
        zh = text("err.field_invalid", "zh", what=noun, loc=loc, msg="", why=why)
    return MjcalcError("invalid_request", describe_validation_error(exc, what), message_zh=zh)


def describe_validation_error(exc: ValidationError, what: str = "field") -> str:
    """One readable sentence for the first problem Pydantic found."""
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err["loc"])
    if err["type"] == "extra_forbidden":
        return f"unknown {what} '{loc}'"
    if err["type"] == "missing":
        return f"missing {what} '{loc}'"
    msg = err["msg"]
    return f"{what} '{loc}': {msg[0].lower()}{msg[1:]}" if loc else msg


def is_rules_path(name: str) -> bool:
    """Whether a ``rules`` value is a path to a ruleset file, not a ruleset's name."""
    return name.endswith(".toml") or "/" in name or "\\" in name


MAX_RULES_FILE = 1 << 20
"""A ruleset file is at most 1 MiB (the bundled ones are about 2 KiB)."""


def read_ruleset_file(name: str) -> str:
    """The text of a ruleset file, read only if it is a regular ``.toml`` file of at most 1 MiB
    (:func:`read_ruleset_bytes`)."""
    return _decoded(name, read_ruleset_bytes(name))


def read_ruleset_bytes(name: str) -> bytes:
    """The bytes of a ruleset file, read only if it is a regular ``.toml`` file of at most 1 MiB.

    Checked with :func:`os.stat` before opening, so a device (``/dev/zero``), a FIFO or
    ``/dev/stdin`` is never read; opened non-blocking and checked again on the open file, in case
    the path changed in between. Every refusal has the same message, so that the answer does not
    tell which files exist.
    """
    refused = MjcalcError.from_key(
        "unknown_rules", "err.input.rules_file", name=name, known=installed_names()
    )
    if "\0" in name or not name.endswith(".toml"):
        raise refused
    try:
        if not _small_regular(os.stat(name)):
            raise refused
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except (OSError, ValueError):
        raise refused from None
    with os.fdopen(fd, "rb") as file:
        if not _small_regular(os.fstat(fd)):
            raise refused
        data = file.read(MAX_RULES_FILE + 1)
    if len(data) > MAX_RULES_FILE:
        raise refused
    return data


def file_digest(data: bytes) -> str:
    """The SHA-256 of a ruleset file's bytes, in hex (a session header's ``rules_digest``)."""
    return hashlib.sha256(data).hexdigest()


def _decoded(name: str, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise MjcalcError.from_key(
            "invalid_request", "err.input.rules_not_utf8", name=name
        ) from None


MAX_KEY_PARTS = 16
"""A key of a ruleset file has at most this many dotted parts (``options.x`` has 2): checked
before parsing, since the TOML parser spends seconds on a mebibyte of keys hundreds of parts
deep before it can say what is wrong with them."""

_DEEP_KEY = re.compile(
    r"(?:^|[\[{,])[ \t]*+"  # where a key starts: a line, a table header, an inline table
    r"(?:(?:[A-Za-z0-9_\-]++|\"(?:[^\"\\\n]|\\.)*+\"|'[^'\n]*+')[ \t]*+\.[ \t]*+)"
    rf"{{{MAX_KEY_PARTS}}}",
    re.MULTILINE,
)
"""A key of more than ``MAX_KEY_PARTS`` parts (possessive, and tried only where a key may
start, so that the scan stays linear on any text)."""


def _parse_toml(name: str, text: str) -> dict[str, Any]:
    """The TOML of a ruleset file, or ``invalid_request`` saying why not: whatever the text
    (keys too deep, nesting too deep, integers too long to convert), never another exception."""
    if _DEEP_KEY.search(text) is not None:
        raise MjcalcError.from_key(
            "invalid_request", "err.input.rules_deep_key", name=name, limit=MAX_KEY_PARTS
        )
    if text.startswith("\ufeff"):  # a byte-order mark, as batch and session lines accept one
        text = text[1:]
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MjcalcError.from_key(
            "invalid_request", "err.bad_toml", name=name, reason=exc
        ) from None
    except RecursionError:
        raise MjcalcError.from_key("invalid_request", "err.input.rules_nested", name=name) from None
    except (ValueError, OverflowError, MemoryError):
        # an integer of more than 4,300 digits: Python's limit on converting one
        raise MjcalcError.from_key("invalid_request", "err.input.rules_number", name=name) from None


def _small_regular(info: os.stat_result) -> bool:
    return stat.S_ISREG(info.st_mode) and info.st_size <= MAX_RULES_FILE


def load_rules(name: str) -> LoadedRules:
    """Load a ruleset by name (its plug-in's own TOML file), or a ruleset TOML file by path.

    A name is read as people write it (:func:`mjcalc.rules.plugins.named`: ``Shanghai``, ``上海``)
    and loaded under the plug-in's own name, which a result then repeats. Loaded once per name
    and, for a file, per version of it (its inode, size and modification time): a long-running
    program sees a house-rule file's edits, and a session sees the file
    its digest was taken of. Its description is the file's own, else the plug-in's when loaded
    by a plug-in's name (a club's plug-in may reuse another ruleset), else the ruleset's.
    """
    loaded = _BY_NAME.get(name)
    if loaded is not None:  # a ruleset's name, loaded before (every hand of a batch asks)
        return loaded
    stamp: tuple[int, int, int] | None = None
    if is_rules_path(name):
        try:
            info = os.stat(name)
            stamp = (info.st_ino, info.st_size, info.st_mtime_ns)
        except (OSError, ValueError):
            pass  # refused when read, with the one message for every unreadable file
        return _load_rules(name, stamp)
    plugin = named(name)
    if plugin is not None and plugin.name != name:  # kept under its own name alone: a batch
        return load_rules(plugin.name)  # of endless spellings must not grow the memo
    loaded = _load_rules(name, None)
    _BY_NAME[name] = loaded
    return loaded


_BY_NAME: dict[str, LoadedRules] = {}
"""The rulesets loaded by name: a plug-in's ruleset never changes while the program runs (a
file's may: it is asked by :func:`_load_rules` each time, with the file's version)."""


@lru_cache(maxsize=64)
def _load_rules(name: str, stamp: tuple[int, int, int] | None) -> LoadedRules:
    if is_rules_path(name):
        data = read_ruleset_bytes(name)
        return _from_text(name, _decoded(name, data), file_digest(data), None)
    plugin = plugins().get(name)
    if plugin is None:
        close = close_names(name) if discover().broken.get(name) is None else []
        if close:
            raise _unknown(name, "err.unknown_ruleset_close", name=name, close=" / ".join(close))
        raise _unknown(name, "err.unknown_ruleset", name=name)
    try:
        text = plugin.defaults.read_text(encoding="utf-8")
    except (OSError, ValueError):  # missing, unreadable, not UTF-8: the plug-in's own fault
        path = str(plugin.defaults)
        raise plugin_error(name, bilingual("err.rulesets_missing", path=path)) from None
    try:
        return _from_text(name, text, None, plugin.description[0])
    except MjcalcError as exc:
        if exc.code == "plugin_error":
            raise
        inner = Bilingual(exc.message, exc.message_zh or exc.message)
        raise plugin_error(name, bilingual("err.plugin.toml", inner=inner)) from None


def _from_text(name: str, text: str, digest: str | None, described: str | None) -> LoadedRules:
    """The ruleset of a TOML text (a file's, or a plug-in's own)."""
    data_ = _parse_toml(name, text)
    ruleset_name = data_.get("ruleset")
    if not isinstance(ruleset_name, str) or not ruleset_name.isidentifier():
        raise MjcalcError.from_key(
            "unknown_rules", "err.rules_file_no_ruleset", name=name, example=example_name()
        )
    ruleset = ruleset_by_name(ruleset_name, name)
    options = data_.get("options", {})
    if not isinstance(options, dict):
        raise MjcalcError.from_key("invalid_request", "err.rules_file_options", name=name)
    unknown = set(data_) - {"ruleset", "description", "options"}
    if unknown:
        key = sorted(unknown)[0]
        raise MjcalcError.from_key("invalid_request", "err.rules_file_key", name=name, key=key)
    description = data_.get("description", described or ruleset.description)
    if not isinstance(description, str):
        raise MjcalcError.from_key("invalid_request", "err.input.rules_description", name=name)
    loaded = LoadedRules(name, ruleset, options, description, digest)
    try:
        loaded.options()  # validate the file's own values now, naming the file in the message
    except MjcalcError as exc:
        raise exc.within("err.rules_file", name=name) from None
    return loaded


def known_names(*, registered: bool = False) -> str:
    """The installed rulesets (and the ``registered`` ones too), for messages."""
    return ", ".join(sorted({*plugins(), *(_REGISTERED if registered else ())}))


def example_name() -> str:
    """A ruleset name for a message's example: the first installed one (``NAME`` if none is)."""
    return next(iter(plugins()), "NAME")


def _unknown(asked: str, key: str, /, **params: object) -> MjcalcError:
    """``unknown_rules`` for a name no plug-in has; a plug-in that is installed but broken
    says why instead."""
    broken = discover().broken.get(asked)
    if broken is not None:
        return broken_error(broken)
    registered = key == "err.input.ruleset_key"  # a file may name a registered ruleset too
    return MjcalcError.from_key(
        "unknown_rules", key, known=known_names(registered=registered), **params
    )


_REGISTERED: dict[str, AnyRuleset] = {}


def register_ruleset(
    ruleset: AnyRuleset, texts: Mapping[str, tuple[str, str]] | None = None
) -> None:
    """Make a ruleset defined in the running program loadable (``ruleset = "<its name>"`` in
    a TOML file), without a plug-in: for embedding applications and tests. ``texts`` are its
    own catalogue entries, added now (a plug-in's are added when it loads). TOML files can only
    name registered rulesets or plug-ins, never import arbitrary code."""
    if texts:
        add_texts(texts)
    _REGISTERED[ruleset.name] = ruleset
    _load_rules.cache_clear()
    _BY_NAME.clear()


def ruleset_by_name(ruleset_name: str, file: str | None = None) -> AnyRuleset:
    """The registered ruleset of that name, or the plug-in's (its modules imported now, its
    texts added to the catalogue). ``file`` names the ruleset file asking, for the message
    when the name is unknown."""
    if ruleset_name in _REGISTERED:
        return _REGISTERED[ruleset_name]
    plugin = plugins().get(ruleset_name)
    if plugin is None:
        raise _unknown(ruleset_name, "err.input.ruleset_key", file=file or "", value=ruleset_name)
    return _loaded_plugin(plugin)


@cache
def _loaded_plugin(plugin: Plugin) -> AnyRuleset:
    """A plug-in's ruleset, loaded once: one whose texts or ruleset fail to import (whatever
    they raise but Ctrl-C), or that is no :class:`~mjcalc.rules.base.Ruleset` with Pydantic
    models, is a broken plug-in (``plugin_error``), not an unknown ruleset."""
    from mjcalc.models import Request

    try:
        add_texts(plugin.catalogue())
        ruleset: AnyRuleset = plugin.load()
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # a third party's import: that plug-in's failure
        raise plugin_error(plugin.name, failure(exc)) from None
    models = (getattr(ruleset, "options_model", None), getattr(ruleset, "request_model", None))
    if not (
        isinstance(ruleset, Ruleset)
        and isinstance(ruleset.name, str)
        and ruleset.name.isidentifier()
        and isinstance(models[0], type)
        and issubclass(models[0], BaseModel)
        and isinstance(models[1], type)
        and issubclass(models[1], Request)
    ):
        reason = bilingual(
            "err.plugin.not_ruleset", value=plugin.ruleset, kind=type(ruleset).__name__
        )
        raise plugin_error(plugin.name, reason)
    return ruleset


def broken_error(broken: PluginError) -> MjcalcError:
    """The ``plugin_error`` of a broken plug-in: its name, package, entry point and why."""
    return MjcalcError.from_key(
        "plugin_error",
        "err.plugin_broken",
        name=broken.name,
        distribution=broken.distribution,
        entry_point=broken.entry_point or "?",
        reason=broken.reason,
    )


def plugin_error(name: str, reason: Bilingual) -> MjcalcError:
    """The ``plugin_error`` of the installed plug-in ``name``, which failed when used."""
    found = discover()
    distribution = found.distributions.get(name, "?")
    return broken_error(PluginError(name, distribution, reason, found.entry_points.get(name, "")))


def plugin_failed(ruleset: str, what: str, exc: BaseException) -> MjcalcError:
    """The error of a ruleset's own code that raised (``what``: ``tables()``): a
    ``plugin_error`` naming the plug-in that installed it, else ``internal_error``."""
    if ruleset in discover().distributions:
        return plugin_error(ruleset, bilingual("err.plugin.raised", what=what, detail=failure(exc)))
    kind = type(exc).__name__
    return MjcalcError.from_key("internal_error", "err.internal", kind=kind, detail=exc)


def broken_plugins() -> list[MjcalcError]:
    """The ``plugin_error`` of each plug-in that discovery kept aside, in name order."""
    broken = discover().broken
    return [broken_error(broken[name]) for name in sorted(broken)]
