"""The words of the human output in English and Chinese, and small text helpers (no Rich).

Everything that turns an id into words for people lives here, so the Rich views and the plain
error lines say the same thing.
"""

from __future__ import annotations

import unicodedata
from typing import Literal

from mjcalc.models import Result, Seat

Lang = Literal["en", "zh"]

SEAT_ZH: dict[Seat, str] = {"E": "東", "S": "南", "W": "西", "N": "北"}

# Ledger sections and reading shapes by id: (Chinese, English). Unknown ids are shown as written.
SECTIONS: dict[str, tuple[str, str]] = {
    "hu": ("胡", "win"),
    "kong": ("杠", "kongs"),
    "jing": ("精", "jing"),
    "follow_dealer": ("跟庄", "follow the dealer"),
    "false_win": ("诈胡", "false win"),
    "flowers": ("花", "flowers"),
    "bahua": ("八花齐", "eight flowers"),
}
SHAPES: dict[str, tuple[str, str]] = {
    "standard": ("四组一对", "4 sets + a pair"),
    "seven_pairs": ("七对", "seven pairs"),
    "thirteen_lan": ("十三烂", "thirteen lan"),
    "seven_star_lan": ("七星十三烂", "seven-star lan"),
    "loose_honors": ("乱风", "loose honors"),
}
WORDS: dict[str, tuple[str, str]] = {
    "rules": ("规则", "rules"),
    "winner": ("胡家", "winner"),
    "dealer": ("庄家", "dealer"),
    "discarder": ("点炮", "discarder"),
    "self_draw": ("自摸", "self-drawn"),
    "discard_by": ("点炮", "discarded by"),
    "win_tile": ("胡张", "winning tile"),
    "pattern": ("牌型", "pattern"),
    "reading": ("解读", "reading"),
    "wilds": ("精", "wilds"),
    "face_value": ("还原", "face value"),
    "item": ("项目", "item"),
    "effect": ("效果", "effect"),
    "detail": ("说明", "detail"),
    "seats": ("座位", "seats"),
    "section": ("账目", "section"),
    "net": ("合计", "net"),
    "seat": ("座位", "seat"),
    "role": ("身份", "role"),
    "amount": ("输赢", "amount"),
    "line": ("行", "line"),
    "hand": ("牌", "hand"),
    "gain": ("胡家赢", "winner"),
    "scored": ("已计分", "scored"),
    "not_scored": ("未计分", "not scored"),
    "error": ("错误", "error"),
}


def word(key: str, lang: Lang) -> str:
    """One word of the interface in ``lang``."""
    zh, en = WORDS[key]
    return zh if lang == "zh" else en


def named(zh: str, en: str, lang: Lang) -> str:
    """A term in ``lang``; English keeps the Chinese term beside it (``plain 平胡``)."""
    return zh if lang == "zh" else f"{en} {zh}"


def labelled(table: dict[str, tuple[str, str]], key: str, lang: Lang) -> str:
    """The name of a section or shape id, or the id itself when it has no name here."""
    if key not in table:
        return key.replace("_", " ")
    zh, en = table[key]
    return named(zh, en, lang)


def seat_name(seat: Seat, lang: Lang) -> str:
    """``E`` in English, ``東`` in Chinese."""
    return SEAT_ZH[seat] if lang == "zh" else seat


def signed(amount: int) -> str:
    """An amount with its sign: ``+31``, ``-13``, ``0``."""
    return f"{amount:+d}" if amount else "0"


def roles(result: Result, seat: Seat) -> list[str]:
    """The roles of a seat in this hand, as keys of :data:`WORDS`: winner, dealer, discarder."""
    found = [("winner", result.winner), ("dealer", result.dealer), ("discarder", result.discarder)]
    return [key for key, who in found if who == seat]


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
    """Terminal cells taken by ``text``."""
    return sum(char_width(ch) for ch in text)
