"""A scored hand in plain words, without Rich: what every view of it says, whatever draws it.

The hand in tile glyphs, the situation, the reading and what each wild stood for, what each payer
pays, an item's effect and detail, a seat's roles, the summary sentence, a failed line's error:
each is a string in the language asked for. The Rich views (:mod:`mjcalc.render.result`,
:mod:`mjcalc.render.batch`, :mod:`mjcalc.render.waits`) lay them out in tables and colours; the
Markdown view (:mod:`mjcalc.render.markdown`) writes them as text to paste. Nothing here imports
Rich, so the Markdown path never loads it.
"""

from __future__ import annotations

from mjcalc.i18n import add_texts, text
from mjcalc.models import Item, ReadingOut, Result, Seat
from mjcalc.notation import parse_hand, parse_tile
from mjcalc.render.errors import headline
from mjcalc.render.text import (
    SECTION,
    SHAPE,
    Lang,
    labelled,
    ruleset_name,
    safe,
    seat_name,
    signed,
    text_width,
    word,
)
from mjcalc.rules.ledger import others as next_seats
from mjcalc.tiles import Tile, glyph

SEPARATOR = " · "
"""Between the parts of the situation line."""


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


def situation_parts(result: Result, lang: Lang) -> list[str]:
    """``rules xingguo``, ``winner E``, ``dealer E``, ``self-drawn``, ``winning tile 4m``."""
    parts = [
        f"{word('rules', lang)} {safe(ruleset_name(result.rules, lang))}",
        f"{word('winner', lang)} {seat_or_unknown(result.winner, lang)}",
        f"{word('dealer', lang)} {seat_or_unknown(result.dealer, lang)}",
        (
            word("self_draw", lang)
            if result.discarder is None
            else f"{word('discard_by', lang)} {seat_name(result.discarder, lang)}"
        ),
    ]
    if result.win_tile:
        parts.append(f"{word('win_tile', lang)} {result.win_tile}")
    return parts


def situation_text(result: Result, lang: Lang) -> str:
    """``rules xingguo · winner E · dealer E · self-drawn · winning tile 4m``."""
    return SEPARATOR.join(situation_parts(result, lang))


def seat_or_unknown(seat: Seat | None, lang: Lang) -> str:
    """A seat's name, or ``?`` when the result names none."""
    return "?" if seat is None else seat_name(seat, lang)


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


def add_ruleset_texts(rules: str | None) -> None:
    """The texts of ``rules`` when it names an installed ruleset: a ruleset names its own ledger
    sections, and a result read back from JSON may be shown before (or without) its ruleset
    loading (a file's own ruleset is only known by reading the file: its texts are there if it
    was loaded)."""
    from mjcalc.rules.plugins import plugins

    plugin = plugins().get(str(rules))
    if plugin is not None:
        add_texts(plugin.catalogue())


def section_name(section: str, lang: Lang) -> str:
    """A ledger section's name (``win 胡``, ``胡``), or its id when no text names it."""
    return labelled(SECTION, section, lang)


def item_effect(item: Item, lang: Lang) -> str:
    """What the item does (``×2``, ``+5``, ``2 from each``), in ``lang`` when it has that."""
    return item.effect_zh if lang == "zh" and item.effect_zh else item.effect


def item_detail(item: Item, lang: Lang) -> str:
    """The item's detail, and the seats it concerns when it names them."""
    detail = item.detail_zh if lang == "zh" and item.detail_zh else item.detail
    parts = [detail] if detail else []
    if item.seats:
        parts.append(f"{word('seats', lang)} {' '.join(seat_name(s, lang) for s in item.seats)}")
    return ("；" if lang == "zh" else "; ").join(parts)


def roles(result: Result, seat: Seat) -> list[str]:
    """The roles of a seat in this hand, as :func:`word` keys: winner, dealer, discarder."""
    found = [("winner", result.winner), ("dealer", result.dealer), ("discarder", result.discarder)]
    return [key for key, who in found if who == seat]


def role_text(result: Result, seat: Seat, lang: Lang) -> str:
    """``winner, dealer``: the seat's roles in this hand, in words (empty when it has none)."""
    return text("view.list_sep", lang).join(word(r, lang) for r in roles(result, seat))


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


def error_text(result: Result, lang: Lang) -> str:
    """A result that was not scored, on one line: ``error [code] message`` (Chinese:
    ``错误（写法有误）：…``)."""
    err = result.error
    assert err is not None
    if lang == "zh":
        return headline(result, lang)
    return f"{word('error', lang)} [{err.code}] {safe(err.message)}"
