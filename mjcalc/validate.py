"""Hand validation: is what was written a physically possible, well-formed winning hand?

The parser (:mod:`mjcalc.notation`) records exactly what was written; this module decides whether
it can be a hand at the table before any scoring is attempted: no tile more than four times, no
flower twice, brackets that really are melds, and the right number of tiles.  Every failure is an
``invalid_hand`` :class:`MjcalcError` with a message that names the offending tile or meld, so a
typo is never scored as some other hand.

What a ruleset allows differs (Shanghai has flowers, Xingguo does not; some rules accept three
different honors as a set), so those choices come in as a :class:`HandPolicy`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from mjcalc.errors import MjcalcError
from mjcalc.hand import Hand, Meld
from mjcalc.notation import format_meld, format_tile
from mjcalc.tiles import N_ALL, Tile, is_dragon, is_flower, is_wind, zh_name

__all__ = ["HandPolicy", "validate_hand"]

HonorMelds = Literal["none", "same_class", "any_distinct"]


@dataclass(frozen=True)
class HandPolicy:
    """The ruleset's answers to the questions validation cannot decide by itself."""

    flowers: bool = False
    """May the hand hold flower tiles (Shanghai yes, Xingguo no)."""
    honor_melds: HonorMelds = "none"
    """May a bracket hold three different honors: never, only three winds or 中發白, or any."""
    allow_incomplete: bool = False
    """Skip the tile-count check (Shanghai 八花齐 wins with any hand)."""


def _fail(message: str, column: int | None = None) -> MjcalcError:
    return MjcalcError("invalid_hand", message, column)


def _at(column: int | None) -> str:
    return f" (column {column})" if column else ""


def _flower_name(t: Tile) -> str:
    return f"flower {zh_name(t)} ({format_tile(t)})"


def _meld_column(meld: Meld) -> int | None:
    return meld.column or None  # 0 means "not parsed from text"


def validate_hand(
    hand: Hand,
    policy: HandPolicy = HandPolicy(),  # frozen, so one shared default is safe
    win_tile: Tile | None = None,
) -> None:
    """Raise ``invalid_hand`` for the first problem found, else return ``None``.

    Checks run from the most local to the most global (stray or repeated flowers, a fifth copy of
    a tile, a bracket that is no meld, then the tile count), so the message points at the actual
    mistake rather than at its consequence: ``[124m]`` is reported as a bad meld, not as a hand
    whose count happens to be right.
    """
    _check_tiles(hand)
    _check_flowers(hand, policy)
    _check_copies(hand)
    for meld in hand.melds:
        _check_meld(meld, policy)
    if not policy.allow_incomplete:
        _check_count(hand)
    if win_tile is not None and win_tile not in hand.concealed:
        note = " (flowers are never the winning tile)" if is_flower(win_tile) else ""
        raise _fail(f"winning tile {format_tile(win_tile)} is not among the concealed tiles{note}")


def _check_tiles(hand: Hand) -> None:
    """Guard hands built in code: every entry is a tile, and flowers sit in ``Hand.flowers``."""
    columns = hand.columns if len(hand.columns) == len(hand.concealed) else None
    for i, t in enumerate(hand.concealed):
        if not 0 <= t < N_ALL:
            raise _fail(f"{t!r} is not a tile")
        if is_flower(t):
            col = columns[i] if columns else None
            raise _fail(f"{_flower_name(t)} is among the concealed tiles{_at(col)}", col)
    for meld in hand.melds:
        for t in meld.tiles:
            if not 0 <= t < N_ALL:
                raise _fail(f"{t!r} is not a tile")
    for t in hand.flowers:
        if not 0 <= t < N_ALL or not is_flower(t):
            raise _fail(f"{t!r} ({format_tile(t) if 0 <= t < N_ALL else '?'}) is not a flower")


def _check_flowers(hand: Hand, policy: HandPolicy) -> None:
    """Flowers only where the ruleset has them, never in a meld, each at most once."""
    for meld in hand.melds:
        flowers = [t for t in meld.tiles if is_flower(t)]
        if flowers:
            col = _meld_column(meld)
            if not policy.flowers:
                raise _fail(
                    f"this ruleset has no flowers: {format_meld(meld)} holds"
                    f" {_flower_name(flowers[0])}{_at(col)}",
                    col,
                )
            raise _fail(
                f"{format_meld(meld)}: {_flower_name(flowers[0])} cannot be in a meld{_at(col)}",
                col,
            )
    if hand.flowers and not policy.flowers:
        raise _fail(
            f"this ruleset has no flowers, but the hand has {_flower_name(hand.flowers[0])}"
        )
    seen: set[Tile] = set()
    for t in hand.flowers:
        if t in seen:
            raise _fail(f"{_flower_name(t)} appears twice; there is only one")
        seen.add(t)


def _check_copies(hand: Hand) -> None:
    """No tile more than four times, melds counted; report the fifth copy in written order."""
    counts = [0] * N_ALL
    for t in hand.concealed:
        counts[t] += 1
    for meld in hand.melds:
        for t in meld.tiles:
            counts[t] += 1
    if max(counts) < 5:
        return  # the common case: nothing to report, no need to order the tiles as written
    columns: tuple[int | None, ...] = (
        hand.columns if len(hand.columns) == len(hand.concealed) else (None,) * len(hand.concealed)
    )
    seen: list[tuple[int | None, Tile]] = list(zip(columns, hand.concealed, strict=True))
    for meld in hand.melds:
        col = _meld_column(meld)
        seen.extend((col, t) for t in meld.tiles)
    # Written order when every column is known; otherwise concealed then melds (a stable sort on a
    # constant key keeps that order).
    if all(col is not None for col, _t in seen):
        seen.sort(key=lambda item: item[0] or 0)
    counts = [0] * N_ALL
    for col, t in seen:
        counts[t] += 1
        if counts[t] == 5:
            raise _fail(
                f"{format_tile(t)} appears {sum(1 for _c, x in seen if x == t)} times;"
                f" there are only 4{_at(col)}",
                col,
            )


def _check_meld(meld: Meld, policy: HandPolicy) -> None:
    kind = meld.kind
    if kind == "kong" or (kind in ("chow", "pung") and not meld.concealed):
        return  # the common case: nothing to report
    col = _meld_column(meld)
    text = format_meld(meld)
    at = _at(col)
    if meld.concealed:  # and not a kong
        raise _fail(f"{text}: a concealed kong needs 4 identical tiles{at}", col)
    if kind == "honors":
        if policy.honor_melds == "any_distinct":
            return
        if policy.honor_melds == "same_class" and (
            all(is_wind(t) for t in meld.tiles) or all(is_dragon(t) for t in meld.tiles)
        ):
            return
        allowed = (
            "; this ruleset allows only three different winds or 中發白"
            if policy.honor_melds == "same_class"
            else ""
        )
        raise _fail(f"{text}: honors cannot form a chow{allowed}{at}", col)
    if len(meld.tiles) not in (3, 4):
        raise _fail(
            f"{text} is not a chow, pung or kong: it has {len(meld.tiles)} tiles,"
            f" a meld has 3 or 4{at}",
            col,
        )
    suits = {t // 9 for t in meld.tiles}  # 3 for honors: any mix with them is across classes
    if len(meld.tiles) == 3 and len(set(meld.tiles)) == 3 and len(suits) > 1:
        raise _fail(f"{text} is not a chow, pung or kong: a chow needs one suit{at}", col)
    raise _fail(f"{text} is not a chow, pung or kong{at}", col)


def _check_count(hand: Hand) -> None:
    n = len(hand.concealed) + sum(len(m.tiles) for m in hand.melds)
    kongs = len(hand.kongs)
    need = 14 + kongs
    if n != need:
        with_kongs = f" with {kongs} kong{'s' if kongs > 1 else ''}" if kongs else ""
        raise _fail(
            f"{n} tile{'s' if n != 1 else ''}; a winning hand{with_kongs} has {need}"
            + (" (flowers aside)" if hand.flowers else "")
        )
