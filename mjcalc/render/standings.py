"""The standings of a sitting: by place, then what each player did and needs to take the lead.

Two narrow tables rather than one wide one, so both fit an 80-column terminal in either language:
the place table (place, seat, player, total, silver, rank points, level) and the play table
(hands won, self-draws, deal-ins, biggest hand, and for each trailing player the per-payer value
of a self-draw, and of a win off the leader's discard, that would put them ahead:
:mod:`mjcalc.app.session.standings`). A closing line gives the counts, the next dealer (only
while the game goes on), the fees and where the game ended.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from mjcalc.app.session.records import Summary
from mjcalc.app.session.standings import Standing, standings
from mjcalc.i18n import text
from mjcalc.models import Seat
from mjcalc.render.console import ERROR_STYLE, HEADER_STYLE, amount_text, plain_table
from mjcalc.render.text import Lang, named, safe, seat_name, term

NAME_WIDTH = 14
PLAYER_WIDTH = 12


def place_word(place: int, lang: Lang) -> str:
    """1st, 2nd, 3rd, 4th — or 第1 … in Chinese."""
    if lang == "zh":
        return f"第{place}"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place, "th")
    return f"{place}{suffix}"


def _table(*headers: str, right_from: int) -> Table:
    table = plain_table(*headers)
    for index, column in enumerate(table.columns):
        if index >= right_from:
            column.justify = "right"
    return table


def standings_view(summary: Summary, lang: Lang) -> list[RenderableType]:
    """The title, the place table, the play table and the closing line."""

    def word(key: str, **params: Any) -> str:
        return text(key, lang, **params)

    if summary.rules is None:
        closing = [_counts(summary, word)]
        return [Text(" · ".join([*closing, word("session.no_header")]))]
    rows = standings(summary)
    names = {seat: safe(name) for seat, name in summary.players.items()}
    headers = [word("session.place"), word("session.seat"), word("session.player")]
    headers.append(word("session.net"))
    if summary.balances is not None:
        headers.append(word("session.balance"))
    if summary.ranks is not None:
        headers += [word("session.points"), word("session.rank")]
    if summary.table_points is not None:
        headers.append(word("session.table_points"))
    places = _table(*headers, right_from=3)
    places.columns[2].max_width = NAME_WIDTH
    places.columns[2].overflow = "fold"
    if summary.ranks is not None and summary.table_points is None:
        places.columns[-1].justify = "left"
    for row in rows:
        cells: list[Any] = [
            place_word(row.place, lang),
            seat_name(row.seat, lang),
            names.get(row.seat, ""),
            amount_text(row.total),
        ]
        if summary.balances is not None:
            cells.append(str(summary.balances[row.seat]))
        if summary.ranks is not None:
            rank = summary.ranks[row.seat]
            cells.append(str(rank.points))
            cells.append(_rank(rank.rank.level, rank.rank.zh, rank.rank.dan, word, lang))
        if summary.table_points is not None:
            cells.append(str(summary.table_points[row.seat]))
        places.add_row(*cells)
    out: list[RenderableType] = [Text(word("session.standings"), style=HEADER_STYLE), places]
    if summary.stats and summary.lines > summary.errors:
        out += [Text(), _play_table(summary, rows, names, lang), Text(word("session.need_note"))]
    closing = [_counts(summary, word)]
    if summary.table_points is not None:
        closing.append(word("session.hands_played", n=summary.hands))
    if summary.ended_at is None:
        closing.append(word("session.next_dealer", seat=seat_name(summary.dealer, lang)))
    if summary.fees:
        closing.append(word("session.fees_collected", fees=summary.fees))
    if summary.ended_at is not None:
        closing.append(word("session.ended", line=summary.ended_at))
    out.append(Text(" · ".join(closing), style=ERROR_STYLE if summary.errors else ""))
    label = word("view.warning")
    for warning in summary.warnings:  # e.g. the ruleset file changed since the sitting started
        out.append(Text.assemble((label, "bold yellow"), " ", safe(warning.get(lang))))
    return out


def _play_table(
    summary: Summary, rows: list[Standing], names: Mapping[Seat, str], lang: Lang
) -> Table:
    """Per player: wins, self-draws, deal-ins, biggest hand, and what passes the leader."""

    def word(key: str) -> str:
        return text(key, lang)

    table = _table(
        word("session.player"),
        word("session.wins"),
        word("word.self_draw"),
        word("session.deal_ins"),
        word("session.biggest"),
        word("session.need_self_draw"),
        word("session.need_discard"),
        right_from=1,
    )
    table.columns[0].max_width = PLAYER_WIDTH
    table.columns[0].overflow = "fold"
    for row in rows:
        stats = summary.stats[row.seat]
        name = names.get(row.seat)
        seat = seat_name(row.seat, lang)
        table.add_row(
            f"{seat} {name}" if name else seat,
            str(stats.wins),
            str(stats.self_draws),
            str(stats.deal_ins),
            str(stats.biggest) if stats.wins else "-",
            "-" if row.self_draw is None else str(row.self_draw),
            "-" if row.off_discard is None else str(row.off_discard),
        )
    return table


def _counts(summary: Summary, word: Callable[..., str]) -> str:
    """``1 line, 2 errors``: each count with its own plural."""
    lines, errors = summary.lines, summary.errors
    return word(
        "session.counts",
        lines=lines,
        errors=errors,
        ls="" if lines == 1 else "s",
        es="" if errors == 1 else "s",
    )


def _rank(level: int, zh: str, dan: str, word: Callable[..., str], lang: Lang) -> str:
    """A rank level: ``1 待业 · 麻袋`` in Chinese; in English each name first in English, its
    Chinese beside it (``1 Jobless 待业 · Sack 麻袋``), as every term of an English view is. The
    English names are the ruleset's texts (``rank.`` and the Chinese name); a name without one is
    shown in Chinese alone."""
    if lang != "zh":
        zh, dan = (_rank_name(name, lang) for name in (zh, dan))
    return str(word("session.rank_value", level=level, zh=zh, dan=dan))


def _rank_name(name: str, lang: Lang) -> str:
    """A rank's name in ``lang``, its English (the ruleset's ``rank.<name>`` text) before it."""
    found = term("rank.", name)
    return name if found is None else named(found[0], found[1], lang)
