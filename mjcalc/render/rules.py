"""``mjcalc rules``: the bundled rulesets, or one ruleset's options and scoring tables.

The tables come from ``ruleset.tables(options)``, which each ruleset generates by running its own
evaluator on real hands, so what is shown is what ``score`` computes, for the options shown
(including ``--option`` overrides). The data itself is :mod:`mjcalc.app.rules` (the page's
``GET /api/rules`` gives the same); this module draws it.
"""

from __future__ import annotations

import json

from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from mjcalc.app.rules import OptionDoc, RulesetDoc
from mjcalc.i18n import Lang, text
from mjcalc.render.console import HEADER_STYLE, emit, plain_table
from mjcalc.render.phrases import Phrases
from mjcalc.render.text import ruleset_name, safe, word
from mjcalc.rules.base import Table
from mjcalc.rules.plugins import plugins


def _description(name: str, description: str, lang: Lang) -> str:
    """An installed ruleset's description in ``lang``; a file's own description as written."""
    plugin = plugins().get(name)
    if lang == "zh" and plugin is not None and description == plugin.description[0]:
        return plugin.description[1]
    return description


def print_listing(console: Console, listing: list[dict[str, str]], lang: Lang = "en") -> None:
    table = plain_table(word("ruleset", lang), word("description", lang))
    for entry in listing:
        name = entry["name"]
        shown = name if lang == "en" else f"{ruleset_name(name, lang)} {name}"
        description = safe(_description(name, entry["description"], lang))
        table.add_row(Text(shown, style=HEADER_STYLE), description)
    hint = Text(text("view.rules_hint", lang), "dim")
    emit(console, Group(table, Text(), hint))


def print_ruleset(console: Console, doc: RulesetDoc, lang: Lang = "en") -> None:
    """The title, the options table, then every scoring table with its title and note.

    On a terminal, a table too wide for it is shown in parts (the row labels repeated, a few
    value columns each) so no number is ever cut; piped, every table is whole.
    """
    name = safe(doc.name if lang == "en" else f"{ruleset_name(doc.name, lang)} {doc.name}")
    description = safe(_description(doc.ruleset, doc.description, lang))
    title = Phrases(Text.assemble((name, HEADER_STYLE), f" — {description}"), lang)
    parts: list[RenderableType] = [title, Text(), options_table(doc.options, lang)]
    width = console.width if console.is_terminal else None
    for table in doc.tables:
        shown = localized(table, lang)
        parts += [Text(), Text(shown.title, HEADER_STYLE)]
        for index, piece in enumerate(split_columns(shown, width)):
            parts += [Text()] if index else []
            parts.append(scoring_table(piece))
        if shown.note:
            parts.append(Phrases(shown.note, lang, style="dim"))
    emit(console, Group(*parts))


def options_table(options: list[OptionDoc], lang: Lang = "en") -> RichTable:
    table = plain_table(word("option", lang), word("value", lang), word("meaning", lang))
    table.columns[2].overflow = "fold"
    for option in options:
        meaning = option.meaning_zh if lang == "zh" and option.meaning_zh else option.meaning
        value = safe(json.dumps(option.value, ensure_ascii=False))
        table.add_row(option.name, value, Phrases(meaning, lang))
    return table


def localized(table: Table, lang: Lang) -> Table:
    """The table in ``lang``: its Chinese fields when it has them and ``lang`` is ``zh``."""
    if lang != "zh" or table.rows_zh is None:
        return table
    return Table(
        title=table.title_zh or table.title,
        columns=table.columns_zh or table.columns,
        rows=table.rows_zh,
        note=table.note_zh or table.note,
    )


LABEL_SHARE = 3
"""A label column gets at most a third of the terminal; it wraps, the numbers never do."""
COLUMN_GAP = 3  # the padding Rich puts between two columns of a plain table


def split_columns(table: Table, width: int | None) -> list[Table]:
    """``table`` as one table, or (``width`` given and too narrow) several, each with the label
    column and as many value columns as fit in ``width`` cells whole."""
    if width is None or len(table.columns) < 3:
        return [table]
    widths = [
        max([cell_len(table.columns[i])] + [cell_len(r[i]) for r in table.rows if i < len(r)])
        for i in range(len(table.columns))
    ]
    label = min(widths[0], width // LABEL_SHARE)
    if label + sum(w + COLUMN_GAP for w in widths[1:]) <= width:
        return [table]
    groups: list[list[int]] = [[]]
    used = label
    for i in range(1, len(widths)):
        if groups[-1] and used + widths[i] + COLUMN_GAP > width:
            groups.append([])
            used = label
        groups[-1].append(i)
        used += widths[i] + COLUMN_GAP
    return [
        Table(
            title=table.title,
            columns=[table.columns[0], *(table.columns[i] for i in group)],
            rows=[[row[0], *(row[i] for i in group)] for row in table.rows],
        )
        for group in groups
    ]


def scoring_table(table: Table) -> RichTable:
    """The rows of a ruleset's :class:`~mjcalc.rules.base.Table`; number columns right-aligned.

    Number columns never wrap (a cut ``21+21+2…`` would lose the total); text columns wrap.
    The title and note are printed around it by the caller: as a Rich title or caption they
    would be wrapped to the width of a narrow table.
    """
    out = plain_table()
    for index, column in enumerate(table.columns):
        cells = [row[index] for row in table.rows if index < len(row)]
        numeric = bool(cells) and all(_is_number(cell) for cell in cells)
        if index and (numeric or all(_is_figure(cell) for cell in cells)):
            out.add_column(column, justify="right" if numeric else "left", no_wrap=True)
        else:
            out.add_column(column, justify="right" if numeric else "left", overflow="fold")
    for row in table.rows:
        out.add_row(*row)
    return out


def _is_figure(cell: str) -> bool:
    """A cell of figures and signs (``13+4+4=21``, ``5→10``, ``×2``): never to be wrapped."""
    return " " not in cell.strip() and any(ch.isdigit() for ch in cell)


def _is_number(cell: str) -> bool:
    """``12``, ``+1``, ``×16``, ``-5``, or the dash a table puts where no value applies."""
    return cell in ("—", "-") or cell.lstrip("+-−×x").replace(",", "").isdigit()
