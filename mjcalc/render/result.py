"""One scored hand for people: the tiles, the reading, the items, the ledger and who pays whom.

Layout, top to bottom: the hand in tile glyphs and in mpsz; the situation (rules, seats, how it
was won); the pattern and the reading chosen (with what each wild stood for); the items table;
the ledger sections (when there are several); the payments with each seat's role; one summary
sentence. ``lang="zh"`` shows Chinese terms only; English shows the Chinese term beside each.
"""

from __future__ import annotations

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from mjcalc.models import SEATS, Item, Result
from mjcalc.render.console import (
    HEADER_STYLE,
    ZH_STYLE,
    amount_text,
    emit,
    plain_table,
    term_text,
)
from mjcalc.render.phrases import Phrases
from mjcalc.render.text import SECTION, Lang, can_show, labelled, seat_name, term, word
from mjcalc.render.views import (
    add_ruleset_texts,
    glyph_line,
    item_detail,
    item_effect,
    per_payer_line,
    reading_text,
    role_text,
    situation_text,
    summary_line,
    wilds_text,
)


def render_result(result: Result, console: Console, lang: Lang = "en") -> None:
    """Print a scored result (``result.ok`` must be true; errors go through render.errors).

    When the output's encoding cannot show the tile glyphs (``LC_ALL=C``, a GBK terminal), the
    hand is shown in mpsz alone.
    """
    glyphs = can_show(console.encoding, TILE_SAMPLE)
    emit(console, Group(*result_parts(result, lang, glyphs=glyphs)))


TILE_SAMPLE = "🀇🀀"


def result_parts(result: Result, lang: Lang, *, glyphs: bool = True) -> list[RenderableType]:
    """Every block of the view, in order, separated by blank lines."""
    parts: list[RenderableType] = [
        hand_block(result, glyphs=glyphs),
        situation_line(result, lang),
        Text(),
        reading_grid(result, lang),
    ]
    if result.items:
        parts += [Text(), items_table(result.items, lang)]
    if len(result.sections) > 1:
        parts += [Text(), ledger_table(result, lang)]
    summary = Phrases(summary_line(result, lang), lang)
    parts += [Text(), payments_table(result, lang), Text(), summary]
    return parts


def hand_block(result: Result, *, glyphs: bool = True) -> Text:
    """Two lines: the glyphs, then the canonical mpsz notation (only that without ``glyphs``)."""
    hand = result.hand or ""
    if not glyphs:
        return Text(hand, "bold")
    return Text.assemble((glyph_line(hand, result.win_tile), "bold"), "\n", hand)


def situation_line(result: Result, lang: Lang) -> Text:
    """``xingguo · winner E · dealer E · self-drawn · winning tile 4m``."""
    return Text(situation_text(result, lang), style="dim")


def reading_grid(result: Result, lang: Lang) -> Table:
    """Label / value rows: the pattern, the reading's sets, what each wild tile did."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style=HEADER_STYLE)
    grid.add_column()
    if result.pattern is not None:
        p = result.pattern
        grid.add_row(word("pattern", lang), Phrases(term_text(p.zh, p.en, lang), lang))
    if result.reading is not None:
        grid.add_row(word("reading", lang), Phrases(reading_text(result.reading, lang), lang))
        if result.reading.wilds:
            grid.add_row(word("wilds", lang), Phrases(wilds_text(result.reading, lang), lang))
    line = per_payer_line(result)
    if line:
        grid.add_row(word("per_payer", lang), line)
    return grid


def items_table(items: list[Item], lang: Lang) -> Table:
    """One row per item: its name, its effect, and the detail/seats when any item has them."""
    with_detail = any(i.detail or i.seats for i in items)
    headers = [word("item", lang), word("effect", lang)]
    table = plain_table(*headers, *([word("detail", lang)] if with_detail else []))
    table.columns[1].justify = "right"
    for item in items:
        row: list[RenderableType] = [
            Phrases(term_text(item.zh, item.en, lang), lang),
            Phrases(item_effect(item, lang), lang),
        ]
        if with_detail:
            row.append(Phrases(item_detail(item, lang), lang, style="dim"))
        table.add_row(*row)
    return table


def ledger_table(result: Result, lang: Lang) -> Table:
    """One row per ledger section, one column per seat, and the net in the footer.

    A ruleset names its own sections: a result read back from JSON may be shown before (or
    without) its ruleset loading, so the texts of its installed ruleset are added first.
    """
    add_ruleset_texts(result.rules)
    table = plain_table(box=box.SIMPLE, footer_style=HEADER_STYLE, show_footer=True)
    table.add_column(word("section", lang), footer=word("net", lang))
    for seat in SEATS:
        net = amount_text(result.payments.get(seat, 0))
        table.add_column(seat_name(seat, lang), footer=net, justify="right")
    for section, amounts in result.sections.items():
        table.add_row(
            _section_label(section, lang), *(amount_text(amounts.get(s, 0)) for s in SEATS)
        )
    return table


def _section_label(section: str, lang: Lang) -> Text:
    found = term(SECTION, section)
    if found is None:
        return Text(labelled(SECTION, section, lang))
    zh, en = found
    return term_text(zh, en, lang)


def payments_table(result: Result, lang: Lang) -> Table:
    """The final payments: seat, its role in this hand, and its net amount."""
    table = plain_table(word("seat", lang), word("role", lang), word("amount", lang))
    table.columns[2].justify = "right"
    for seat in SEATS:
        role = role_text(result, seat, lang)
        table.add_row(
            Text(seat_name(seat, lang), style=HEADER_STYLE),
            Text(role, style=ZH_STYLE if lang == "zh" else ""),
            amount_text(result.payments.get(seat, 0)),
        )
    return table
