"""The installed rulesets, or one ruleset's options and generated tables, as data.

What ``mjcalc rules --json`` prints and ``GET /api/rules`` answers: one use case for both fronts,
so the page and the command line show the same options and the same tables. The tables come
from ``ruleset.tables(options)``, which each ruleset generates by running its own evaluator on
real hands. No Click, no Rich.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic.fields import FieldInfo

from mjcalc.errors import MjcalcError
from mjcalc.rules.base import Table
from mjcalc.rules.options import option_help
from mjcalc.rules.plugins import names
from mjcalc.rules.registry import broken_plugins, load_rules, plugin_failed


@dataclass(frozen=True)
class OptionDoc:
    name: str
    value: Any
    meaning: str
    meaning_zh: str | None = None


@dataclass(frozen=True)
class RulesetDoc:
    """Everything ``mjcalc rules NAME`` shows; ``dataclasses.asdict`` of it is the ``--json``."""

    name: str
    ruleset: str
    description: str
    options: list[OptionDoc]
    tables: list[Table]


def rulesets_listing(broken: list[MjcalcError] | None = None) -> list[dict[str, str]]:
    """Each installed ruleset's name and one-line description: the ones that load. Each broken
    plug-in (``plugin_error``) is left out, its error added to ``broken`` when given."""
    listed: list[dict[str, str]] = []
    problems = broken_plugins()
    for name in names():
        try:
            listed.append({"name": name, "description": load_rules(name).description})
        except MjcalcError as exc:
            if exc.code != "plugin_error":
                raise
            problems.append(exc)
    if broken is not None:
        broken.extend(problems)
    return listed


def ruleset_doc(name: str, overrides: dict[str, Any] | None = None) -> RulesetDoc:
    """A ruleset's options (TOML values, then ``overrides``) and its tables for those options.

    Raises :class:`~mjcalc.errors.MjcalcError` for an unknown name, a bad file or a bad option.
    """
    loaded = load_rules(name)
    options = loaded.options(overrides)
    try:
        tables = loaded.ruleset.tables(options)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # the ruleset's own code: a broken plug-in, not a traceback
        raise plugin_failed(loaded.ruleset.name, "tables()", exc) from None
    fields = type(options).model_fields
    docs = []
    for k, v in options.model_dump().items():
        field = fields.get(k)
        en, zh = option_help(field)
        docs.append(OptionDoc(k, v, _with_range(en, field), _zh(zh, field)))
    return RulesetDoc(
        name=loaded.name,
        ruleset=loaded.ruleset.name,
        description=loaded.description,
        options=docs,
        tables=tables,
    )


def _with_range(meaning: str, field: FieldInfo | None) -> str:
    """The meaning, then the allowed range of a number option: ``… (0–1000)``."""
    bounds = {}
    for rule in field.metadata if field else ():
        for name in ("ge", "le"):
            if getattr(rule, name, None) is not None:
                bounds[name] = getattr(rule, name)
    if len(bounds) < 2:
        return meaning
    allowed = f"({bounds['ge']}–{bounds['le']})"
    return f"{meaning} {allowed}" if meaning else allowed


def _zh(meaning: str | None, field: FieldInfo | None) -> str | None:
    """The Chinese meaning with its range, or ``None`` for an option declared without one."""
    return None if meaning is None else _with_range(meaning, field)
