"""Hand notation: parse every accepted written form into a :class:`Hand`, and format it back.

Accepted forms (they may be mixed freely within one hand, see ``interface.md``, "Tile notation"):

* mpsz: digit runs closed by a suit letter, ``123m 456p 789s 11z 12f``;
* honor letters (case-sensitive): ``E S W N`` winds, ``P`` 白, ``F`` 發, ``C`` 中;
* Chinese: a numeral run (``一``..``九`` or ASCII digits) closed by 万/萬, 筒/饼/餅 or 条/條/索;
  honors 東/东 南 西 北 (optionally followed by 风/風) 中 發/发 白;
  flowers 春 夏 秋 冬 梅 兰/蘭 竹 菊;
* Unicode mahjong glyphs U+1F000..U+1F029, optionally followed by a variation selector;
* ``[...]`` an exposed meld and ``(...)`` a concealed kong, whose contents use the same grammar.

The parser is a single left-to-right pass.  It never drops or guesses a character: anything it
cannot read becomes an ``invalid_notation`` :class:`MjcalcError` naming the character and its
1-based column (a code-point index into the text, which is what a user counts on screen).

Whether the parsed tiles make a *legal* hand (counts, meld shapes) is not decided here but in
:mod:`mjcalc.validate`: the parser only records what was written, so that the validator can give a
precise message about it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from mjcalc.errors import MjcalcError
from mjcalc.hand import Hand, Meld
from mjcalc.tiles import (
    FIRST_FLOWER,
    FLOWER_ZH,
    GLYPH_TO_TILE,
    HONOR_LETTERS,
    HONOR_ZH,
    N_ALL,
    ZH_NUMERALS,
    Tile,
    glyph,
    is_flower,
    rank_of,
    suit_of,
)

__all__ = [
    "format_hand",
    "format_hand_unicode",
    "format_meld",
    "format_meld_unicode",
    "format_tile",
    "format_tiles",
    "parse_hand",
    "parse_tile",
    "parse_tiles",
]

# --- character tables ---------------------------------------------------------------------------

_SUIT_LETTERS: Final = "mpszf"
_ZH_SUITS: Final[dict[str, str]] = {
    "万": "m",
    "萬": "m",
    "筒": "p",
    "饼": "p",
    "餅": "p",
    "条": "s",
    "條": "s",
    "索": "s",
}
_SUIT_BASE: Final[dict[str, int]] = {"m": 0, "p": 9, "s": 18, "z": 27, "f": FIRST_FLOWER}
_SUIT_MAX: Final[dict[str, int]] = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
_MAX_DIGIT: Final[dict[str, str]] = {suit: str(top) for suit, top in _SUIT_MAX.items()}
_ASCII_RUN: Final = re.compile(r"([1-9]+)([mpszf])")
_ZH_RANK: Final[dict[str, int]] = {ch: i + 1 for i, ch in enumerate(ZH_NUMERALS)}

_WIND_ZH: Final = "東东南西北"
_WIND_SUFFIX: Final = "风風"
_VARIATION_SELECTORS: Final = "\ufe0e\ufe0f"
_SEPARATORS: Final = " \t,，、\u3000"
_OPENERS: Final = "[("
_CLOSERS: Final = {"]": "[", ")": "("}


def _single_tiles() -> dict[str, Tile]:
    """Every character that is a whole tile by itself (letters, Chinese honors/flowers, glyphs)."""
    out: dict[str, Tile] = {}
    for i, ch in enumerate(HONOR_LETTERS):
        out[ch] = 27 + i
    for i, ch in enumerate(HONOR_ZH):
        out[ch] = 27 + i
    out.update({"东": 27, "发": 32})
    for i, ch in enumerate(FLOWER_ZH):
        out[ch] = FIRST_FLOWER + i
    out["蘭"] = FIRST_FLOWER + 5
    out.update(GLYPH_TO_TILE)
    return out


_SINGLE: Final = _single_tiles()
_GLYPH_CHARS: Final = frozenset(GLYPH_TO_TILE)
_NON_TILE_GLYPHS: Final = {"\U0001f02a": "the joker tile", "\U0001f02b": "the tile back"}

_HONOR_HINT: Final = "use z or the letters E S W N P F C for honors"
_HINTS: Final[dict[str, str]] = {
    "h": _HONOR_HINT,
    "H": _HONOR_HINT,
    "e": "honor letters are upper-case: E for East",
    "w": "honor letters are upper-case: W for West",
    "n": "honor letters are upper-case: N for North",
    "c": "honor letters are upper-case: C for Red (中)",
    "（": "use ASCII ( ) for a concealed kong",
    "）": "use ASCII ( ) for a concealed kong",
    "【": "use ASCII [ ] for an exposed meld",
    "】": "use ASCII [ ] for an exposed meld",
    "［": "use ASCII [ ] for an exposed meld",
    "］": "use ASCII [ ] for an exposed meld",
}
_SUIT_HINTS: Final[dict[str, str]] = {
    "s": "; for the South wind write S",
    "p": "; for White (白) write P",
    "f": "; for Green (發) write F",
    "z": "",
    "m": "",
}


def _show(ch: str) -> str:
    """A character quoted for a message, with its code point when it may be hard to see."""
    if ch.isascii() and ch.isprintable():
        return repr(ch)
    if ch.isprintable() and not ch.isspace():
        return f"'{ch}' (U+{ord(ch):04X})"
    return f"U+{ord(ch):04X}"


def _error(message: str, column: int | None) -> MjcalcError:
    return MjcalcError("invalid_notation", message, column)


# --- the scanner --------------------------------------------------------------------------------


@dataclass(slots=True)
class _Scan:
    """What one pass over the text found, in written order."""

    loose: list[tuple[Tile, int]] = field(default_factory=list)  # outside brackets, flowers too
    melds: list[Meld] = field(default_factory=list)


def _scan(text: str) -> _Scan:
    """Read ``text`` in one pass; raise ``invalid_notation`` at the first unreadable character.

    ``pending`` holds the digits/numerals waiting for their suit as ``(rank, column, chinese)``.
    Anything that is not a suit closes the run, so leftover digits there are "dangling".
    """
    out = _Scan()
    pending: list[tuple[int, int, bool]] = []
    opener: str | None = None  # the open bracket character, if inside a meld
    opener_col = 0
    meld: list[Tile] = []

    def emit(t: Tile, col: int) -> None:
        if opener is not None:
            meld.append(t)
        else:
            out.loose.append((t, col))

    def no_dangling() -> None:
        if pending:
            rank, col, chinese = pending[0]
            if chinese:
                what, example = f"numeral {ZH_NUMERALS[rank - 1]}", "一二万, 三筒, 四条"
            else:
                what, example = f"digit '{rank}'", "12m, 12p, 12s, 12z"
            raise _error(f"{what} at column {col} has no suit after it (write e.g. {example})", col)

    n = len(text)
    i = 0
    while i < n:
        ch = text[i]
        col = i + 1
        i += 1
        if "1" <= ch <= "9":
            run = None if pending else _ASCII_RUN.match(text, i - 1)
            if run is not None and max(run[1]) <= _MAX_DIGIT[run[2]]:
                # the common case, a plain run such as "123m": every tile of it at once
                base = _SUIT_BASE[run[2]] - 49
                for k, digit in enumerate(run[1]):
                    emit(base + ord(digit), col + k)
                i = run.end()
                continue
            pending.append((ord(ch) - 48, col, False))
        elif ch in _ZH_RANK:
            pending.append((_ZH_RANK[ch], col, True))
        elif ch in _SUIT_LETTERS:
            if not pending:
                raise _error(
                    f"suit letter {ch!r} at column {col} has no digits before it" + _SUIT_HINTS[ch],
                    col,
                )
            for rank, dcol, chinese in pending:
                if chinese:
                    raise _error(
                        f"numeral {ZH_NUMERALS[rank - 1]} at column {dcol} needs a Chinese suit"
                        f" (万 筒 条), not the letter {ch!r}; or write the digit {rank}",
                        dcol,
                    )
                if rank > _SUIT_MAX[ch]:
                    kind = "honors are 1z..7z" if ch == "z" else "flowers are 1f..8f"
                    raise _error(
                        f"digit '{rank}' at column {dcol}: {rank}{ch} is not a tile ({kind})", dcol
                    )
                emit(_SUIT_BASE[ch] + rank - 1, dcol)
            pending.clear()
        elif ch in _ZH_SUITS:
            if not pending:
                raise _error(f"suit {_show(ch)} at column {col} has no numeral before it", col)
            base = _SUIT_BASE[_ZH_SUITS[ch]]
            for rank, dcol, _chinese in pending:
                emit(base + rank - 1, dcol)
            pending.clear()
        elif ch in _SINGLE:
            no_dangling()
            emit(_SINGLE[ch], col)
            if i < n:
                nxt = text[i]
                if (ch in _GLYPH_CHARS and nxt in _VARIATION_SELECTORS) or (
                    ch in _WIND_ZH and nxt in _WIND_SUFFIX
                ):
                    i += 1  # part of this tile: 东风, or a glyph's presentation selector
        elif ch in _SEPARATORS:
            no_dangling()
        elif ch in _OPENERS:
            no_dangling()
            if opener is not None:
                raise _error(
                    f"{ch!r} at column {col} opens a meld inside the meld opened at column"
                    f" {opener_col}; melds cannot be nested",
                    col,
                )
            opener, opener_col = ch, col
        elif ch in _CLOSERS:
            no_dangling()
            if opener is None:
                raise _error(f"{ch!r} at column {col} closes no meld", col)
            if _CLOSERS[ch] != opener:
                raise _error(
                    f"{ch!r} at column {col} does not match {opener!r} at column {opener_col}",
                    col,
                )
            if not meld:
                raise _error(f"empty meld {opener}{ch} at column {opener_col}", opener_col)
            out.melds.append(Meld(tuple(meld), concealed=opener == "(", column=opener_col))
            meld = []
            opener = None
        elif ch == "0":
            raise _error(f"'0' at column {col} is not a tile (there are no red fives)", col)
        elif ch in _NON_TILE_GLYPHS:
            raise _error(
                f"{_show(ch)} at column {col} is {_NON_TILE_GLYPHS[ch]}, not a playing tile", col
            )
        elif ch in _WIND_SUFFIX:
            raise _error(f"{_show(ch)} at column {col} must follow a wind (東 南 西 北)", col)
        else:
            hint = _HINTS.get(ch)
            if hint is None and "０" <= ch <= "９":
                hint = "use ASCII digits 1-9 or Chinese numerals 一..九"
            raise _error(
                f"unknown character {_show(ch)} at column {col}" + (f"; {hint}" if hint else ""),
                col,
            )
    no_dangling()
    if opener is not None:
        raise _error(f"{opener!r} at column {opener_col} is never closed", opener_col)
    return out


# --- public parsing API -------------------------------------------------------------------------


def parse_hand(text: str) -> Hand:
    """Parse a whole hand: concealed tiles, ``[...]``/``(...)`` melds and flowers.

    Flowers written outside brackets go to :attr:`Hand.flowers` (they are never part of the
    concealed hand); a flower inside a bracket is kept in the meld so that validation can name it.
    ``Hand.columns`` records the column of the character that produced each concealed tile.
    """
    scan = _scan(text)
    if not scan.loose and not scan.melds:
        raise _error("the hand is empty: no tiles were given", None)
    concealed: list[Tile] = []
    columns: list[int] = []
    flowers: list[Tile] = []
    for t, col in scan.loose:
        if is_flower(t):
            flowers.append(t)
        else:
            concealed.append(t)
            columns.append(col)
    return Hand(
        concealed=tuple(concealed),
        melds=tuple(scan.melds),
        flowers=tuple(flowers),
        columns=tuple(columns),
    )


def parse_tiles(text: str) -> list[Tile]:
    """Parse a plain list of tiles (flowers included, no brackets), in written order."""
    scan = _scan(text)
    if scan.melds:
        col = scan.melds[0].column
        raise _error(f"a meld at column {col} is not allowed here; write plain tiles", col)
    return [t for t, _col in scan.loose]


def parse_tile(text: str) -> Tile:
    """Parse exactly one tile in any form (``5m``, ``五万``, ``E``, ``東风``, a glyph...).

    Used for single-tile inputs such as ``--win``, ``--jing`` and ``win_tile``; a second tile is
    reported at its column rather than silently ignored.
    """
    exact = _EXACT_TILES.get(text)
    if exact is not None:  # "5m", "7z", "E": no scan needed
        return exact
    scan = _scan(text)
    if scan.melds:
        col = scan.melds[0].column
        raise _error(f"expected exactly one tile, found a meld at column {col}", col)
    if not scan.loose:
        raise _error("expected exactly one tile, found none", None)
    if len(scan.loose) > 1:
        col = scan.loose[1][1]
        raise _error(
            f"expected exactly one tile, found {len(scan.loose)} (the second at column {col})",
            col,
        )
    return scan.loose[0][0]


# --- formatting ---------------------------------------------------------------------------------


def format_tile(t: Tile) -> str:
    """The mpsz code of one tile, e.g. ``5m``, ``7z``, ``1f``."""
    return f"{rank_of(t)}{suit_of(t)}"


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Compact mpsz in the given order: consecutive tiles of one suit share a suit letter.

    The order is kept (``[1m, 2m, 3m, 4p, 1m]`` gives ``123m4p1m``) because the written order
    carries meaning: the last concealed tile is the default winning tile.
    """
    parts: list[str] = []
    run_suit = ""
    for t in tiles:
        suit = _SUIT[t]
        if suit != run_suit and run_suit:
            parts.append(run_suit)
        parts.append(_RANK[t])
        run_suit = suit
    parts.append(run_suit)
    return "".join(parts)


_EXACT_TILES: Final[dict[str, Tile]] = {
    **{f"{rank_of(t)}{suit_of(t)}": t for t in range(N_ALL)},
    **{ch: 27 + i for i, ch in enumerate(HONOR_LETTERS)},
}

# every result formats its hand and groups: table lookups instead of arithmetic per tile
_SUIT: Final = tuple(suit_of(t) for t in range(N_ALL))
_RANK: Final = tuple(str(rank_of(t)) for t in range(N_ALL))


def format_meld(meld: Meld) -> str:
    """``[555z]`` for an exposed meld, ``(1111m)`` for a concealed kong."""
    body = format_tiles(meld.tiles)
    return f"({body})" if meld.concealed else f"[{body}]"


def format_meld_unicode(meld: Meld) -> str:
    """A meld drawn with glyphs, in the same brackets as :func:`format_meld`."""
    body = "".join(glyph(t) for t in meld.tiles)
    return f"({body})" if meld.concealed else f"[{body}]"


def format_hand(hand: Hand) -> str:
    """Canonical mpsz: concealed part, melds, flowers, e.g. ``123m456p789s11z [555z] (1111m) 12f``.

    ``parse_hand(format_hand(h)) == h`` for every hand the parser can produce.
    """
    parts: list[str] = []
    if hand.concealed:
        parts.append(format_tiles(hand.concealed))
    parts.extend(format_meld(m) for m in hand.melds)
    if hand.flowers:
        parts.append(format_tiles(hand.flowers))
    return " ".join(parts)


def format_hand_unicode(hand: Hand) -> str:
    """The layout of :func:`format_hand` drawn with Unicode mahjong glyphs."""
    parts: list[str] = []
    if hand.concealed:
        parts.append("".join(glyph(t) for t in hand.concealed))
    parts.extend(format_meld_unicode(m) for m in hand.melds)
    if hand.flowers:
        parts.append("".join(glyph(t) for t in hand.flowers))
    return " ".join(parts)
