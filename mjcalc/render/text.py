"""Words of the human output and small text helpers (no Rich): widths in terminal cells, wrapping.

The words themselves live in the catalogue (:mod:`mjcalc.i18n`); this module turns ids into
them (sections, shapes, seats, ruleset names), so the Rich views and the plain error lines say
the same thing in either language. Ids are looked up when they are shown, never copied at
import: a ruleset's own words (e.g. its ledger sections) join the catalogue when it loads.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

from mjcalc.i18n import CATALOGUE, SEAT_ZH, Lang, text

if TYPE_CHECKING:
    from mjcalc.models import Seat

__all__ = ["SEAT_ZH", "Lang", "term", "word"]

SECTION = "section."
"""The catalogue's prefix of ledger section names (``section.hu``; a ruleset names its own)."""
SHAPE = "shape."
"""The catalogue's prefix of reading shape names (``shape.standard``)."""


def term(prefix: str, key: str) -> tuple[str, str] | None:
    """The name of the id ``key`` under ``prefix`` as (Chinese, English), or ``None`` when the
    catalogue has none: an id no text names is shown as written (:func:`labelled`).

    Looked up in the catalogue as it is now, so a ruleset's names count once it has loaded. Only
    the catalogue itself is searched: the texts that join it late (``--help``) name no id.
    """
    pair = CATALOGUE.get(prefix + key)
    return None if pair is None else (pair[1], pair[0])


def word(key: str, lang: Lang) -> str:
    """One word of the interface in ``lang`` (``word.<key>`` in the catalogue)."""
    return text(f"word.{key}", lang)


def ruleset_name(name: str | None, lang: Lang) -> str:
    """An installed ruleset's name for people (兴国冲关 in Chinese); a file path as given."""
    from mjcalc.rules.plugins import plugins

    plugin = plugins().get(str(name))
    if plugin is None:
        return str(name)
    return plugin.title[1] if lang == "zh" else plugin.title[0]


def named(zh: str, en: str, lang: Lang) -> str:
    """A term in ``lang``; English keeps the Chinese term beside it (``plain 平胡``)."""
    return zh if lang == "zh" else f"{en} {zh}"


def labelled(prefix: str, key: str, lang: Lang) -> str:
    """The name of a section or shape id (:func:`term`), or the id itself when it has none."""
    found = term(prefix, key)
    if found is None:
        return key.replace("_", " ")
    zh, en = found
    return named(zh, en, lang)


def seat_name(seat: Seat, lang: Lang) -> str:
    """``E`` in English, ``東`` in Chinese."""
    return SEAT_ZH[seat] if lang == "zh" else seat


def signed(amount: int) -> str:
    """An amount with its sign: ``+31``, ``-13``, ``0``."""
    return f"{amount:+d}" if amount else "0"


_UNSAFE = frozenset(("Cc", "Cf", "Zl", "Zp", "Cs"))
"""Control and format characters (ESC, C1, bidi overrides, zero-width), line and paragraph
separators, lone surrogates: what must never reach a terminal from the input."""


def safe(text: str) -> str:
    """``text`` with every control or line-separator character written as an escape (``\\x1b``,
    ``\\u2028``), so text from the input can neither move the cursor, recolour the terminal,
    reorder a line nor forge a row. Every view passes user text (hands, names, messages,
    descriptions) through this; the caret line of an error uses one space per such character
    instead, to stay aligned (:func:`mjcalc.render.errors.shown_hand`)."""
    if text.isprintable():
        return text
    return "".join(_escape(ch) for ch in text)


def _escape(ch: str) -> str:
    if ch.isprintable() or unicodedata.category(ch) not in _UNSAFE:
        return ch  # e.g. U+3000, the ideographic space: not "printable", but harmless
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def can_show(encoding: str | None, sample: str) -> bool:
    """Whether an output ``encoding`` can write ``sample`` (e.g. the tile glyphs)."""
    try:
        sample.encode(encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def char_width(ch: str) -> int:
    """Terminal cells taken by one character: 2 for wide (CJK), 0 for combining marks."""
    if unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def text_width(text: str) -> int:
    """Terminal cells taken by ``text`` (ASCII, one cell a character, without looking at each)."""
    if text.isascii():
        return len(text)
    return sum(char_width(ch) for ch in text)


_CLOSING = frozenset("，。、；：！？）］」』》〉”’")
"""Marks that may not begin a line (they stay with the character before them)."""
_OPENING = frozenset("（［「『《〈“‘")
"""Marks that may not end a line (they go down with what follows)."""


def _cjk_break(line: str, cut: int) -> int | None:
    """The last place at or before ``cut`` where Chinese text may break a line of ``line``:
    between two characters one of which is wide, the second no closing mark and the first no
    opening one; ``None`` when there is none (one word from the start)."""
    for at in range(cut, 0, -1):
        before, after = line[at - 1], line[at]
        if char_width(before) != 2 and char_width(after) != 2:
            continue
        if after not in _CLOSING and before not in _OPENING:
            return at
    return None


def wrap_cells(line: str, width: int, *, marks: str = "") -> list[str]:
    """``line`` cut into pieces of at most ``width`` terminal cells, at a space where there is one,
    else where Chinese text may break (:func:`_cjk_break`: next to a wide character, never inside
    a run of Latin letters such as ``Shanghai`` or ``--jing``, never before a closing mark).
    Only a word wider than the whole width is cut inside. Never drops a character.

    With ``marks`` (Chinese commas, say), a piece ends after one when it falls in the piece's
    second half, before looking for a space: so a phrase such as 黄番 1 stays together."""
    pieces: list[str] = []
    while text_width(line) > width:
        if line.isascii():
            cut = width
        else:
            cells, cut = 0, 0
            for i, ch in enumerate(line):
                cells += char_width(ch)
                if cells > width:
                    break
                cut = i + 1
        mark = max((line.rfind(ch, 0, cut) for ch in marks), default=-1)
        space = line.rfind(" ", 0, cut + 1)
        if mark + 1 > cut // 2:
            cut = mark + 1
        elif space > 0 and line[:space].strip():
            cut = space
        elif cut < len(line) and not line.isascii():
            cut = _cjk_break(line, cut) or cut
        cut = max(cut, 1)
        pieces.append(line[:cut].rstrip())
        line = line[cut:].lstrip(" ")
    pieces.append(line)
    return pieces
