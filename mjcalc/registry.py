"""Finding and loading rulesets: bundled TOML files or a path to one, validated options.

A ruleset TOML names its evaluator module and holds option values::

    ruleset = "xingguo"          # the module mjcalc.rules.xingguo
    description = "…"            # optional, one line
    [options]
    bawang = "plus10"

A house-rule file may list only the options it changes; the rest take the model's defaults.
"""

from __future__ import annotations

import importlib
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from mjcalc.errors import MjcalcError
from mjcalc.rules.base import AnyRuleset


@dataclass(frozen=True)
class LoadedRules:
    """A ruleset with the option values of its TOML file (before per-request overrides)."""

    name: str  # bundled name, or the file path as given
    ruleset: AnyRuleset
    toml_options: dict[str, Any]
    description: str

    def options(self, overrides: dict[str, Any] | None = None) -> BaseModel:
        """The validated options: TOML values, then ``overrides`` (the request's ``options``)."""
        merged = {**self.toml_options, **(overrides or {})}
        try:
            options: BaseModel = self.ruleset.options_model.model_validate(merged)
            return options
        except ValidationError as exc:
            raise validation_error(exc, "option") from None


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
    from mjcalc.i18n import bi, text

    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err["loc"])
    kind = err["type"]
    noun = bi(f"err.what_{what}")
    if kind == "extra_forbidden":
        zh = text("err.unknown_field", "zh", what=noun, loc=loc)
    elif kind == "missing":
        zh = text("err.missing_field", "zh", what=noun, loc=loc)
    else:
        if kind in ("literal_error", "enum"):
            expected = str(err.get("ctx", {}).get("expected", ""))
            expected = expected.replace(" or ", ", ").replace(", ", "、")
            why = bi("err.why_literal", expected=expected)
        elif kind in _WHY_TYPE:
            why = bi("err.why_type", expected=bi(_WHY_TYPE[kind]))
        else:
            why = bi("err.why_range" if kind in _RANGE else "err.why_none")
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


@lru_cache(maxsize=1)
def bundled_dir() -> Path:
    """The folder of the bundled ruleset TOML files.

    Installed, they sit in the package (``mjcalc/rulesets/``); in the source tree, beside it
    (``rulesets/``). Found by path rather than imported as ``mjcalc.rulesets``, so that running
    from a checkout that shadows an installed mjcalc still finds them.
    """
    package = Path(__file__).resolve().parent
    for folder in (package / "rulesets", package.parent / "rulesets"):
        if (folder / "xingguo.toml").is_file():
            return folder
    raise MjcalcError.t("unknown_rules", "err.rulesets_missing", package=package)


def bundled_names() -> list[str]:
    """Names of the rulesets shipped with mjcalc."""
    return sorted(p.name.removesuffix(".toml") for p in bundled_dir().glob("*.toml"))


def _is_path(name: str) -> bool:
    return name.endswith(".toml") or "/" in name or "\\" in name


@lru_cache(maxsize=64)
def load_rules(name: str) -> LoadedRules:
    """Load a bundled ruleset by name, or a ruleset TOML file by path."""
    if _is_path(name):
        path = Path(name)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise MjcalcError.t(
                "unknown_rules", "err.cannot_read_rules", name=name, reason=exc.strerror
            ) from None
    else:
        resource = bundled_dir() / f"{name}.toml"
        if name not in bundled_names():
            known = ", ".join(bundled_names())
            raise MjcalcError.t("unknown_rules", "err.unknown_ruleset", name=name, known=known)
        text = resource.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MjcalcError.t("invalid_request", "err.bad_toml", name=name, reason=exc) from None
    module_name = data.get("ruleset")
    if not isinstance(module_name, str) or not module_name.isidentifier():
        raise MjcalcError.t("unknown_rules", "err.rules_file_no_ruleset", name=name)
    ruleset = ruleset_module(module_name)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise MjcalcError.t("invalid_request", "err.rules_file_options", name=name)
    unknown = set(data) - {"ruleset", "description", "options"}
    if unknown:
        key = sorted(unknown)[0]
        raise MjcalcError.t("invalid_request", "err.rules_file_key", name=name, key=key)
    loaded = LoadedRules(name, ruleset, options, str(data.get("description", ruleset.description)))
    try:
        loaded.options()  # validate the file's own values now, naming the file in the message
    except MjcalcError as exc:
        raise exc.within("err.rules_file", name=name) from None
    return loaded


_REGISTERED: dict[str, AnyRuleset] = {}


def register_ruleset(ruleset: AnyRuleset) -> None:
    """Make a ruleset defined outside ``mjcalc.rules`` loadable (``ruleset = "<its name>"``).

    For embedding applications and tests; TOML files can only name registered or bundled modules,
    never import arbitrary code.
    """
    _REGISTERED[ruleset.name] = ruleset
    load_rules.cache_clear()


def ruleset_module(module_name: str) -> AnyRuleset:
    """The registered ruleset of that name, or ``RULESET`` of ``mjcalc.rules.<module_name>``."""
    if module_name in _REGISTERED:
        return _REGISTERED[module_name]
    try:
        module = importlib.import_module(f"mjcalc.rules.{module_name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"mjcalc.rules.{module_name}":
            raise  # the module exists but is broken: a bug to show, not an unknown ruleset
        raise MjcalcError.t("unknown_rules", "err.no_ruleset_module", name=module_name) from None
    ruleset: AnyRuleset = module.RULESET
    return ruleset
