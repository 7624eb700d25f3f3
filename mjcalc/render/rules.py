"""``mjcalc rules``: the bundled rulesets, or one ruleset's options and scoring tables.

The tables come from ``ruleset.tables(options)``, which each ruleset generates by running its own
evaluator on real hands, so what is shown is what ``score`` computes, for the options shown
(including ``--option`` overrides).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic.fields import FieldInfo
from rich.console import Console, Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from mjcalc.registry import bundled_names, load_rules
from mjcalc.render.console import HEADER_STYLE, emit, plain_table
from mjcalc.render.text import safe
from mjcalc.rules.base import Table


@dataclass(frozen=True)
class OptionDoc:
    name: str
    value: Any
    meaning: str


@dataclass(frozen=True)
class RulesetDoc:
    """Everything ``mjcalc rules NAME`` shows; ``dataclasses.asdict`` of it is the ``--json``."""

    name: str
    ruleset: str
    description: str
    options: list[OptionDoc]
    tables: list[Table]


def rulesets_listing() -> list[dict[str, str]]:
    """Each bundled ruleset's name and one-line description."""
    return [{"name": n, "description": load_rules(n).description} for n in bundled_names()]


def ruleset_doc(name: str, overrides: dict[str, Any] | None = None) -> RulesetDoc:
    """A ruleset's options (TOML values, then ``overrides``) and its tables for those options.

    Raises :class:`~mjcalc.errors.MjcalcError` for an unknown name, a bad file or a bad option.
    """
    loaded = load_rules(name)
    options = loaded.options(overrides)
    meaning = loaded.ruleset.option_help
    fields = type(options).model_fields
    return RulesetDoc(
        name=loaded.name,
        ruleset=loaded.ruleset.name,
        description=loaded.description,
        options=[
            OptionDoc(k, v, _with_range(meaning.get(k, ""), fields.get(k)))
            for k, v in options.model_dump().items()
        ],
        tables=loaded.ruleset.tables(options),
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


def print_listing(console: Console, listing: list[dict[str, str]]) -> None:
    table = plain_table("ruleset", "description")
    for entry in listing:
        table.add_row(Text(entry["name"], style=HEADER_STYLE), safe(entry["description"]))
    hint = Text("mjcalc rules NAME shows one ruleset's options and tables.", "dim")
    emit(console, Group(table, Text(), hint))


def print_ruleset(console: Console, doc: RulesetDoc) -> None:
    """The title, the options table, then every scoring table with its title and note."""
    title = Text.assemble((safe(doc.name), HEADER_STYLE), f" — {safe(doc.description)}")
    parts: list[RenderableType] = [title, Text(), options_table(doc.options)]
    for table in doc.tables:
        parts += [Text(), Text(table.title, HEADER_STYLE), scoring_table(table)]
        if table.note:
            parts.append(Text(table.note, "dim"))
    emit(console, Group(*parts))


def options_table(options: list[OptionDoc]) -> RichTable:
    table = plain_table("option", "value", "meaning")
    for option in options:
        value = safe(json.dumps(option.value, ensure_ascii=False))
        table.add_row(option.name, value, option.meaning)
    return table


def scoring_table(table: Table) -> RichTable:
    """The rows of a ruleset's :class:`~mjcalc.rules.base.Table`; number columns right-aligned.

    The title and note are printed around it by the caller: as a Rich title or caption they
    would be wrapped to the width of a narrow table.
    """
    out = plain_table()
    for index, column in enumerate(table.columns):
        cells = [row[index] for row in table.rows if index < len(row)]
        numeric = bool(cells) and all(_is_number(cell) for cell in cells)
        out.add_column(column, justify="right" if numeric else "left")
    for row in table.rows:
        out.add_row(*row)
    return out


def _is_number(cell: str) -> bool:
    """``12``, ``+1``, ``×16``, ``-5``, or the dash a table puts where no value applies."""
    return cell in ("—", "-") or cell.lstrip("+-−×x").replace(",", "").isdigit()
