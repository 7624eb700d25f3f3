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
from dataclasses import dataclass, field
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
            raise MjcalcError("invalid_request", describe_validation_error(exc, "option")) from None
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
    raise MjcalcError("unknown_rules", f"the bundled rulesets are missing beside {package}")


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
            raise MjcalcError(
                "unknown_rules", f"cannot read ruleset file {name}: {exc.strerror}"
            ) from None
    else:
        resource = bundled_dir() / f"{name}.toml"
        if name not in bundled_names():
            known = ", ".join(bundled_names())
            raise MjcalcError("unknown_rules", f"unknown ruleset '{name}' (known: {known})")
        text = resource.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MjcalcError(
            "invalid_request", f"ruleset file {name} is not valid TOML: {exc}"
        ) from None
    module_name = data.get("ruleset")
    if not isinstance(module_name, str) or not module_name.isidentifier():
        raise MjcalcError(
            "unknown_rules", f'ruleset file {name} must name its ruleset, e.g. ruleset = "xingguo"'
        )
    ruleset = ruleset_module(module_name)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise MjcalcError("invalid_request", f"ruleset file {name}: [options] must be a table")
    unknown = set(data) - {"ruleset", "description", "options"}
    if unknown:
        raise MjcalcError(
            "invalid_request", f"ruleset file {name}: unknown key '{sorted(unknown)[0]}'"
        )
    loaded = LoadedRules(name, ruleset, options, str(data.get("description", ruleset.description)))
    try:
        loaded.options()  # validate the file's own values now, naming the file in the message
    except MjcalcError as exc:
        raise MjcalcError(exc.code, f"ruleset file {name}: {exc.message}") from None
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
        raise MjcalcError("unknown_rules", f"no ruleset module named '{module_name}'") from None
    ruleset: AnyRuleset = module.RULESET
    return ruleset
