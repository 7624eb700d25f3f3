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

from mjcalc.i18n import add_texts, text
from mjcalc.models import SEATS, Item, ReadingOut, Result, Seat
from mjcalc.notation import parse_hand, parse_tile
from mjcalc.render.console import (
    HEADER_STYLE,
    ZH_STYLE,
    amount_text,
    emit,
    plain_table,
    term_text,
)
from mjcalc.render.phrases import Phrases
from mjcalc.render.text import (
    SECTION,
    SHAPE,
    Lang,
    can_show,
    labelled,
    roles,
    ruleset_name,
    safe,
    seat_name,
    signed,
    term,
    text_width,
    word,
)
from mjcalc.rules.ledger import others as next_seats
from mjcalc.tiles import Tile, glyph

SEPARATOR = " · "


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


def _glyph(t: Tile) -> str:
    """A tile glyph padded to two terminal cells: 🀄 is wide (two cells), the others are not, so
    padding by display width keeps every tile of the row the same width."""
    g = glyph(t)
    return g + " " * (2 - text_width(g))


def glyph_line(hand_text: str, win_tile: str | None = None) -> str:
    """The hand in tile glyphs, each two cells wide and a space apart so none overlap.

    The canonical hand ends its concealed part with the winning tile: it stands a little apart.
    """
    hand = parse_hand(hand_text)
    concealed = [_glyph(t) for t in hand.concealed]
    if win_tile and len(concealed) > 1 and hand.concealed[-1] == parse_tile(win_tile):
        concealed[-2:] = [f"{concealed[-2]}  {concealed[-1]}"]
    parts = [" ".join(concealed)] if concealed else []
    for meld in hand.melds:
        body = " ".join(_glyph(t) for t in meld.tiles).rstrip()
        parts.append(f"({body})" if meld.concealed else f"[{body}]")
    if hand.flowers:
        parts.append(" ".join(_glyph(t) for t in hand.flowers))
    return "   ".join(p.rstrip() for p in parts)


def hand_block(result: Result, *, glyphs: bool = True) -> Text:
    """Two lines: the glyphs, then the canonical mpsz notation (only that without ``glyphs``)."""
    hand = result.hand or ""
    if not glyphs:
        return Text(hand, "bold")
    return Text.assemble((glyph_line(hand, result.win_tile), "bold"), "\n", hand)


def situation_line(result: Result, lang: Lang) -> Text:
    """``xingguo · winner E · dealer E · self-drawn · winning tile 4m``."""
    parts = [
        f"{word('rules', lang)} {safe(ruleset_name(result.rules, lang))}",
        f"{word('winner', lang)} {_seat(result.winner, lang)}",
        f"{word('dealer', lang)} {_seat(result.dealer, lang)}",
        (
            word("self_draw", lang)
            if result.discarder is None
            else f"{word('discard_by', lang)} {seat_name(result.discarder, lang)}"
        ),
    ]
    if result.win_tile:
        parts.append(f"{word('win_tile', lang)} {result.win_tile}")
    return Text(SEPARATOR.join(parts), style="dim")


def _seat(seat: Seat | None, lang: Lang) -> str:
    return "?" if seat is None else seat_name(seat, lang)


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


def per_payer_line(result: Result) -> str | None:
    """The hu section as the seed writes it: what each payer pays, largest first, and the
    total (``13+4+4=21``); ``None`` unless at least two seats pay."""
    hu = result.sections.get("hu", {})
    paid = sorted((-amount for amount in hu.values() if amount < 0), reverse=True)
    if len(paid) < 2:
        return None
    return "+".join(map(str, paid)) + f"={sum(paid)}"


def reading_text(reading: ReadingOut, lang: Lang) -> str:
    """``4 sets + a pair 四组一对: 123m 456p 789s 234m 11z``."""
    colon = "：" if lang == "zh" else ": "
    return f"{labelled(SHAPE, reading.shape, lang)}{colon}{' '.join(reading.sets)}"


def wilds_text(reading: ReadingOut, lang: Lang) -> str:
    """``9s→1z, 9s 1m not used as wild (face value)``: each wild tile and the tile it stood
    for, then those that kept their face value, together (a wild at face value is no wild)."""
    parts = [f"{w.tile}→{w.stood_for}" for w in reading.wilds if w.stood_for]
    face = [w.tile for w in reading.wilds if not w.stood_for]
    if face:
        parts.append(text("view.wilds_face", lang, tiles=" ".join(face)))
    return text("view.list_sep", lang).join(parts)


def items_table(items: list[Item], lang: Lang) -> Table:
    """One row per item: its name, its effect, and the detail/seats when any item has them."""
    with_detail = any(i.detail or i.seats for i in items)
    headers = [word("item", lang), word("effect", lang)]
    table = plain_table(*headers, *([word("detail", lang)] if with_detail else []))
    table.columns[1].justify = "right"
    for item in items:
        effect = item.effect_zh if lang == "zh" and item.effect_zh else item.effect
        row: list[RenderableType] = [
            Phrases(term_text(item.zh, item.en, lang), lang),
            Phrases(effect, lang),
        ]
        if with_detail:
            row.append(Phrases(item_detail(item, lang), lang, style="dim"))
        table.add_row(*row)
    return table


def item_detail(item: Item, lang: Lang) -> str:
    """The item's detail, and the seats it concerns when it names them."""
    detail = item.detail_zh if lang == "zh" and item.detail_zh else item.detail
    parts = [detail] if detail else []
    if item.seats:
        parts.append(f"{word('seats', lang)} {' '.join(seat_name(s, lang) for s in item.seats)}")
    return ("；" if lang == "zh" else "; ").join(parts)


def ledger_table(result: Result, lang: Lang) -> Table:
    """One row per ledger section, one column per seat, and the net in the footer.

    A ruleset names its own sections: a result read back from JSON may be shown before (or
    without) its ruleset loading, so the texts of its installed ruleset are added first.
    """
    _add_ruleset_texts(result.rules)
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


def _add_ruleset_texts(rules: str | None) -> None:
    """The texts of ``rules`` when it names an installed ruleset (a file's own ruleset is only
    known by reading the file: its texts are there if it was loaded)."""
    from mjcalc.rules.plugins import plugins

    plugin = plugins().get(str(rules))
    if plugin is not None:
        add_texts(plugin.catalogue())


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
        role = text("view.list_sep", lang).join(word(r, lang) for r in roles(result, seat))
        table.add_row(
            Text(seat_name(seat, lang), style=HEADER_STYLE),
            Text(role, style=ZH_STYLE if lang == "zh" else ""),
            amount_text(result.payments.get(seat, 0)),
        )
    return table


def summary_line(result: Result, lang: Lang) -> str:
    """One sentence: who won what, then each other seat in play order after the winner."""
    winner = result.winner or "E"
    gain = result.payments.get(winner, 0)
    pattern = result.pattern
    others = [_seat_outcome(s, result.payments.get(s, 0), lang) for s in next_seats(winner)]
    what = text("view.summary_what", lang, en=pattern.en, zh=pattern.zh) if pattern else ""
    return text(
        "view.summary",
        lang,
        winner=seat_name(winner, lang),
        what=what,
        gain=signed(gain),
        others=text("view.list_sep", lang).join(others),
    )


def _seat_outcome(seat: Seat, amount: int, lang: Lang) -> str:
    name = seat_name(seat, lang)
    if amount < 0:
        return text("view.pays", lang, seat=name, amount=-amount)
    return text("view.gets" if amount else "view.even", lang, seat=name, amount=amount)
