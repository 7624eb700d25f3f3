"""A scored hand, or a batch of them, as GitHub-style Markdown: to paste into a club chat or an
issue (``--format markdown``).

A hand is a heading line (the hand and its pattern), the situation, the reading and what each
wild stood for, a table of the items (each multiplier, fan or bonus and its value), the ledger
sections when there are several, a table of the four seats' payments, and the summary sentence:
the words of :mod:`mjcalc.render.views`, as the text view says them, in either language. A batch
is one table row per hand line, as the lines are scored.

Every text is escaped where it stands (:func:`escaped`): what the user typed (a hand, a ruleset
file's name, a message quoting either) and what a ruleset says can neither break a table with a
``|`` nor turn into emphasis, a link, HTML or an entity. No Rich here.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence

from mjcalc.i18n import text
from mjcalc.models import SEATS, Result
from mjcalc.render.text import Lang, named, safe, seat_name, signed, word
from mjcalc.render.views import (
    add_ruleset_texts,
    error_text,
    item_detail,
    item_effect,
    per_payer_line,
    reading_text,
    role_text,
    section_name,
    situation_text,
    summary_line,
    wilds_text,
)

SPECIAL = frozenset("\\`*_[]<>|~#&")
"""The characters Markdown may act on inside a line: emphasis, code, links and images, HTML,
table cells, strikethrough, a heading's closing marks, entities. Each is written after a
backslash, which GitHub's Markdown shows as the character itself."""


def escaped(value: str) -> str:
    """``value`` as literal Markdown text: control and separator characters written as escapes
    (:func:`mjcalc.render.text.safe`, as every view writes them), then each :data:`SPECIAL`
    character behind a backslash."""
    shown = safe(value)
    if not any(ch in SPECIAL for ch in shown):
        return shown
    return "".join("\\" + ch if ch in SPECIAL else ch for ch in shown)


def table(
    headers: Sequence[str], rows: Iterable[Sequence[str]], *, right: Collection[int] = ()
) -> list[str]:
    """A table: the header row, the alignment row (the columns in ``right`` aligned right), one
    line per row; every cell escaped."""
    return [*table_head(headers, right=right), *(table_row(row) for row in rows)]


def table_head(headers: Sequence[str], *, right: Collection[int] = ()) -> list[str]:
    """The header row and the alignment row of a table."""
    rule = ["---:" if i in right else "---" for i in range(len(headers))]
    return [table_row(headers), "| " + " | ".join(rule) + " |"]


def table_row(cells: Sequence[str]) -> str:
    """``| a | b |``, each cell escaped."""
    return "| " + " | ".join(escaped(cell) for cell in cells) + " |"


def _label(key: str, value: str, lang: Lang) -> str:
    """``- **reading**: …`` (Chinese: ``- **解读**：…``)."""
    colon = "：" if lang == "zh" else ": "
    return f"- **{escaped(word(key, lang))}**{colon}{escaped(value)}"


def result_markdown(result: Result, lang: Lang = "en") -> list[str]:
    """A scored result (``result.ok``) as Markdown lines, blank lines between the blocks."""
    pattern = result.pattern
    title = result.hand or ""
    if pattern is not None:
        title += " · " + named(pattern.zh, pattern.en, lang)
    out = [f"### {escaped(title)}", "", escaped(situation_text(result, lang))]
    facts = []
    if result.reading is not None:
        facts.append(_label("reading", reading_text(result.reading, lang), lang))
        if result.reading.wilds:
            facts.append(_label("wilds", wilds_text(result.reading, lang), lang))
    per_payer = per_payer_line(result)
    if per_payer:
        facts.append(_label("per_payer", per_payer, lang))
    if facts:
        out += ["", *facts]
    if result.items:
        out += ["", *items_table(result, lang)]
    if len(result.sections) > 1:
        out += ["", *ledger_table(result, lang)]
    out += ["", *payments_table(result, lang), "", escaped(summary_line(result, lang))]
    return out


def items_table(result: Result, lang: Lang) -> list[str]:
    """One row per item: its name, its value (right-aligned), and the detail when any item has
    one."""
    items = result.items
    with_detail = any(i.detail or i.seats for i in items)
    headers = [word("item", lang), word("effect", lang)]
    if with_detail:
        headers.append(word("detail", lang))
    rows = []
    for item in items:
        row = [named(item.zh, item.en, lang), item_effect(item, lang)]
        if with_detail:
            row.append(item_detail(item, lang))
        rows.append(row)
    return table(headers, rows, right={1})


def ledger_table(result: Result, lang: Lang) -> list[str]:
    """One row per ledger section, a column per seat, and the net in bold."""
    add_ruleset_texts(result.rules)
    headers = [word("section", lang), *(seat_name(seat, lang) for seat in SEATS)]
    rows = [
        [section_name(section, lang), *(signed(amounts.get(seat, 0)) for seat in SEATS)]
        for section, amounts in result.sections.items()
    ]
    net = [word("net", lang), *(signed(result.payments.get(seat, 0)) for seat in SEATS)]
    bold = "| " + " | ".join(f"**{escaped(cell)}**" for cell in net) + " |"
    return [*table(headers, rows, right=range(1, 5)), bold]


def payments_table(result: Result, lang: Lang) -> list[str]:
    """The four seats: each one's role in this hand and its net amount."""
    headers = [word("seat", lang), word("role", lang), word("amount", lang)]
    rows = [
        [seat_name(seat, lang), role_text(result, seat, lang), signed(result.payments.get(seat, 0))]
        for seat in SEATS
    ]
    return table(headers, rows, right={2})


# --- a batch -----------------------------------------------------------------------------------


def batch_head(lang: Lang) -> list[str]:
    """The header of a batch's table: line, hand, pattern (or the error), one column per seat."""
    headers = [word("line", lang), word("hand", lang), word("pattern", lang)]
    headers += [seat_name(seat, lang) for seat in SEATS]
    return table_head(headers, right={0, 3, 4, 5, 6})


def batch_row(result: Result, lang: Lang) -> str:
    """A hand line's row: its pattern and each seat's payment, or its error and empty seats."""
    cells = [str(result.line or ""), result.hand or ""]
    if not result.ok:
        return table_row([*cells, error_text(result, lang), "", "", "", ""])
    pattern = result.pattern
    cells.append(named(pattern.zh, pattern.en, lang) if pattern else "")
    return table_row([*cells, *(signed(result.payments.get(seat, 0)) for seat in SEATS)])


def batch_markdown(results: Iterable[Result], lang: Lang = "en") -> Iterator[str]:
    """A batch's table, a line for each result as it comes, then how many were scored."""
    yield from batch_head(lang)
    scored = failed = 0
    for result in results:
        if result.ok:
            scored += 1
        else:
            failed += 1
        yield batch_row(result, lang)
    yield ""
    yield escaped(text("view.counts", lang, scored=scored, failed=failed))
