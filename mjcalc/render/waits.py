"""``mjcalc waits`` for people: what a hand waits on and what each tile pays, or what to discard.

One table per ready hand: a row per winning tile (glyph and mpsz, copies left, pattern, the
winner's net gain self-drawn and off each other seat's discard), best first. A hand that waits on
every tile (Xingguo's 精吊 structure) shows the tiles that pay alike as one row instead of dozens.
Every block is at most 80 columns wide, piped or not: long words wrap inside their column.
"""

from __future__ import annotations

from collections import defaultdict

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from mjcalc.i18n import text
from mjcalc.models import Seat
from mjcalc.models.waits import DiscardOut, TileLeft, WaitOut, WaitsResult, WayOut
from mjcalc.notation import parse_tile
from mjcalc.render.console import HEADER_STYLE, amount_text, emit, plain_table
from mjcalc.render.phrases import Phrases
from mjcalc.render.text import Lang, ruleset_name, seat_name, word
from mjcalc.render.views import glyph_line
from mjcalc.rules.ledger import others
from mjcalc.tiles import glyph

WIDTH = 80
"""Every block fits this many terminal columns."""
TABLES_SHOWN = 3
"""Discards shown with their whole table; the rest get one line each (``--json`` has all)."""
ANY_OTHER_FROM = 8
"""In an any-tile wait, tiles that pay alike are merged into one row from this many on."""


def render_waits(result: WaitsResult, console: Console, lang: Lang = "en") -> None:
    """Print a waits result (``result.ok`` must be true; errors go through render.errors)."""
    emit(console, Group(*waits_parts(result, lang)))


def waits_parts(result: WaitsResult, lang: Lang) -> list[RenderableType]:
    hand = result.hand or ""
    parts: list[RenderableType] = [
        Text.assemble((glyph_line(hand), "bold"), "\n", hand),
        Text(_situation(result, lang), style="dim"),
        Text(),
    ]
    winner = result.winner or "E"
    if result.discards is not None:
        parts += _discard_parts(result, result.discards, winner, lang)
    elif result.shanten is None:
        parts.append(_para(text("waits.impossible", lang), lang))
    elif result.shanten == 0:
        parts += _ready_parts(result.waits, winner, lang, any_tile=result.any_tile)
    elif result.short_of_minimum:  # ready by shape, never enough fan: the waits, each short
        n = len(result.waits)
        parts += [
            _para(text("waits.short_all", lang, kinds=n, s=_plural(n)), lang, HEADER_STYLE),
            waits_table(result.waits, winner, lang),
            *_notes(result.waits, lang),
        ]
    else:
        if result.ready_by_shape:  # why a hand that looks ready is counted one step away
            parts.append(_para(text("waits.ready_none", lang), lang, HEADER_STYLE))
        parts.append(Text(_shanten_line(result.shanten, lang), style=HEADER_STYLE))
        parts.append(_para(_improving_line(result.improving, lang), lang))
    return parts


def _situation(result: WaitsResult, lang: Lang) -> str:
    winner, dealer = result.winner or "E", result.dealer or "E"
    return " · ".join(
        [
            f"{word('rules', lang)} {ruleset_name(result.rules, lang)}",
            f"{word('seat', lang)} {seat_name(winner, lang)}",
            f"{word('dealer', lang)} {seat_name(dealer, lang)}",
        ]
    )


def _para(body: str, lang: Lang, style: str = "") -> Table:
    """Text wrapped at :data:`WIDTH` columns between phrases, on a terminal and in a pipe
    alike."""
    grid = Table.grid()
    grid.add_column(max_width=WIDTH)
    grid.add_row(Phrases(body, lang, style=style))
    return grid


def _plural(n: int) -> str:
    return "" if n == 1 else "s"


def _shanten_line(n: int, lang: Lang) -> str:
    return text("waits.shanten", lang, n=n, s=_plural(n))


def _improving_line(tiles: list[TileLeft], lang: Lang) -> str:
    return text(
        "waits.improving",
        lang,
        kinds=len(tiles),
        s=_plural(len(tiles)),
        left=sum(t.left for t in tiles),
        tiles=" ".join(t.tile for t in tiles),
    )


def _ready_parts(
    waits: list[WaitOut], winner: Seat, lang: Lang, *, any_tile: bool = False
) -> list[RenderableType]:
    left = sum(w.left for w in waits)
    if not waits:
        return [_para(text("waits.ready_none", lang), lang, HEADER_STYLE)]
    if any_tile:
        headline = text("waits.any_tile", lang, left=left)
    else:
        headline = text(
            "waits.ready",
            lang,
            kinds=len(waits),
            s=_plural(len(waits)),
            left=left,
            ls=_plural(left),
        )
    return [
        _para(headline, lang, HEADER_STYLE),
        waits_table(waits, winner, lang, merge=any_tile),
        *_notes(waits, lang),
    ]


def _signature(w: WaitOut) -> tuple[object, ...]:
    """What a row shows besides its tile and count: rows alike in this merge in an any-tile wait."""
    way = w.self_draw
    return (
        w.pattern.id,
        tuple(a.id for a in w.also),
        None if way is None else tuple(sorted(way.payments.items())),
        tuple((s, tuple(sorted(x.payments.items()))) for s, x in sorted(w.discard.items())),
        tuple(sorted(w.refused)),
    )


def waits_table(waits: list[WaitOut], winner: Seat, lang: Lang, *, merge: bool = False) -> Table:
    """A row per wait (tile, left, pattern, self-draw, off each other seat), best first."""
    seats = others(winner)
    fan = _counts_fan(waits)
    table = plain_table(
        text("waits.tile", lang),
        text("waits.left", lang),
        text("waits.pattern", lang),
        *([text("waits.fan", lang)] if fan else []),
        text("waits.self_draw", lang),
        *(text("waits.off", lang, seat=seat_name(s, lang)) for s in seats),
    )
    for column in table.columns[1:]:
        column.justify = "right"
    table.columns[2].justify = "left"
    rows: list[tuple[str, int, WaitOut]] = [(_tile_label(w.tile), w.left, w) for w in waits]
    if merge:
        rows = _merged(waits, lang)
    for label, left, w in rows:
        cells: list[RenderableType] = [Text(label), Text(str(left)), Text(_pattern(w))]
        if fan:
            cells.append(Text(_fan_cell(w)))
        cells.append(_way_cell(w, "self_draw", w.self_draw, winner, lang))
        for s in seats:
            cells.append(_way_cell(w, s, w.discard.get(s), winner, lang))
        table.add_row(*cells)
    return table


def _counts_fan(waits: list[WaitOut]) -> bool:
    """Does the ruleset count fan (each way says its fan)? Then the table has a fan column."""
    return any(
        way is not None and way.fan is not None
        for w in waits
        for way in (w.self_draw, *w.discard.values(), *w.refused.values())
    )


def _fan_cell(w: WaitOut) -> str:
    """Self-drawn / off a discard (the fan does not depend on who discarded)."""

    def fan(key: str, way: WayOut | None) -> str:
        if way is not None and way.fan is not None:
            return str(way.fan)
        refusal = w.refused.get(key)
        return "—" if refusal is None or refusal.fan is None else str(refusal.fan)

    keys: list[str] = [*w.discard, *(k for k in w.refused if k != "self_draw")]
    seat = keys[0] if keys else ""
    off = next((way for s, way in w.discard.items() if s == seat), None)
    return f"{fan('self_draw', w.self_draw)}/{fan(seat, off)}"


def _way_cell(w: WaitOut, key: str, way: WayOut | None, winner: Seat, lang: Lang) -> Text:
    """A way's gain, or why there is none: short of the minimum, or not allowed."""
    if way is None:
        refusal = w.refused.get(key)
        if refusal is not None and refusal.code == "below_minimum":
            return Text(text("waits.short", lang), style="dim")
    return _gain(way.payments[winner] if way else None, lang)


def _pattern(w: WaitOut) -> str:
    """The pattern column: the pattern, and what names the win beside it (大吊车)."""
    return " ".join([w.pattern.zh, *(a.zh for a in w.also)])


def _tile_label(tile: str) -> str:
    return f"{glyph(parse_tile(tile))} {tile}"


def _merged(waits: list[WaitOut], lang: Lang) -> list[tuple[str, int, WaitOut]]:
    """Rows of a wait on every tile: the tiles that pay alike together when there are many."""
    groups: dict[tuple[object, ...], list[WaitOut]] = defaultdict(list)
    for w in waits:
        groups[_signature(w)].append(w)
    rows: list[tuple[str, int, WaitOut]] = []
    for members in groups.values():
        if len(members) >= ANY_OTHER_FROM:
            label = text("waits.any_other", lang, kinds=len(members))
            rows.append((label, sum(m.left for m in members), members[0]))
        else:
            rows += [(_tile_label(m.tile), m.left, m) for m in members]
    return rows


def _gain(amount: int | None, lang: Lang) -> Text:
    return Text(text("waits.no", lang), style="dim") if amount is None else amount_text(amount)


def _notes(waits: list[WaitOut], lang: Lang) -> list[RenderableType]:
    """The legend, and each distinct reason a way is refused (once, however many rows)."""
    reasons: list[str] = []
    for w in waits:
        for refusal in w.refused.values():
            message = refusal.message_zh if lang == "zh" and refusal.message_zh else refusal.message
            if refusal.code == "illegal_win" and message not in reasons:
                reasons.append(message)
    lines: list[RenderableType] = [_para(text("waits.legend", lang), lang, "dim")]
    if _counts_fan(waits):
        lines.append(_para(text("waits.short_legend", lang), lang, "dim"))
    if lang == "en":  # the table names patterns in Chinese: their English names, once each
        names = {n.zh: n.en for w in waits for n in (w.pattern, *w.also)}
        patterns = "; ".join(f"{zh} {en}" for zh, en in names.items())
        lines.append(_para(text("waits.patterns", lang, patterns=patterns), lang, "dim"))
    lines += [_para(text("waits.refused", lang, reason=r), lang, "dim") for r in reasons]
    return lines


def _discard_parts(
    result: WaitsResult, discards: list[DiscardOut], winner: Seat, lang: Lang
) -> list[RenderableType]:
    parts: list[RenderableType] = []
    if result.shanten == -1:
        parts.append(_para(text("waits.complete", lang), lang, HEADER_STYLE))
    if not discards:
        return [*parts, _para(text("waits.impossible", lang), lang)]
    ready = discards[0].shanten == 0
    if result.shanten != -1:
        n = len(discards)
        headline = (
            text("waits.discards_ready", lang, n=n)
            if ready
            else text("waits.discards_none", lang, n=discards[0].shanten)
        )
        parts.append(_para(headline, lang, HEADER_STYLE))
    for k, d in enumerate(discards):
        if not ready:
            parts.append(_para(_discard_line(d, lang), lang))
            continue
        if k >= TABLES_SHOWN:  # the rest in one line each
            parts.append(Text(_discard_line(d, lang)))
            continue
        parts += [Text(), Text(_discard_line(d, lang), style=HEADER_STYLE)]
        if d.waits:
            parts.append(waits_table(d.waits, winner, lang, merge=d.any_tile))
        if k == TABLES_SHOWN - 1 < len(discards) - 1:
            parts.append(Text())
    if ready:
        parts += [Text(), *_notes([w for d in discards for w in d.waits], lang)]
    return parts


def _discard_line(d: DiscardOut, lang: Lang) -> str:
    tile = _tile_label(d.tile)
    if d.shanten == 0:
        kinds = len(d.waits)
        left = sum(w.left for w in d.waits)
        return text(
            "waits.discard_ready",
            lang,
            tile=tile,
            kinds=kinds,
            s=_plural(kinds),
            left=left,
            value=d.value,
        )
    kinds = len(d.improving)
    return text(
        "waits.discard_shanten",
        lang,
        tile=tile,
        n=d.shanten,
        kinds=kinds,
        s=_plural(kinds),
        left=sum(i.left for i in d.improving),
        tiles=" ".join(i.tile for i in d.improving),
    )
