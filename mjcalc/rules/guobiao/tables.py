"""The tables of ``mjcalc rules guobiao``: A, every fan with its value (from the fan table the
calculator counts with); B, the payments of a few totals, computed under the options."""

from __future__ import annotations

from mjcalc.plugin import Bilingual, Table, bilingual
from mjcalc.rules.guobiao.options import GuobiaoOptions

PAY_TOTALS = (8, 12, 24, 88)
"""The fan totals table B prices (the minimum, and a few bigger hands)."""


def _table(
    title: Bilingual,
    columns: Bilingual,
    rows: list[tuple[Bilingual, list[str]]],
    note: Bilingual,
    *,
    label: bool = True,
) -> Table:
    """A table in both languages: its labels and notes from the catalogue, cells as computed."""
    head = [""] if label else []
    en, zh = [*head, *columns.en.split("|")], [*head, *columns.zh.split("|")]
    return Table(
        title=title.en,
        columns=en,
        rows=[[r.en, *cells] if label else cells for r, cells in rows],
        note=note.en,
        title_zh=title.zh,
        columns_zh=zh,
        rows_zh=[[r.zh, *cells] if label else cells for r, cells in rows],
        note_zh=note.zh,
    )


def fan_table(options: GuobiaoOptions) -> Table:
    """Table A: every fan, biggest first, as the calculator's table declares them."""
    from mjcalc.rules.guobiao.fan.table import FANS

    specs = sorted(FANS.values(), key=lambda spec: -spec.value)  # stable: the table's order
    none = Bilingual("", "")
    rows = [(none, [str(spec.value), spec.id, spec.zh, spec.en]) for spec in specs]
    return _table(
        bilingual("gb.rules.title_fan"),
        bilingual("gb.rules.fan_columns"),
        rows,
        bilingual("gb.rules.note_fan", min=options.minimum),
        label=False,
    )


def pay_table(options: GuobiaoOptions) -> Table:
    """Table B: what each seat pays for a hand of some totals, off a discard and self-drawn."""
    stake = options.stake  # what mjcalc multiplies every section by
    base = options.base * stake
    rows: list[tuple[Bilingual, list[str]]] = []
    for n in PAY_TOTALS:
        full = (options.base + n) * stake
        rows.append(
            (bilingual("gb.rules.pay_discard", n=n), [str(full), str(base), str(full + 2 * base)])
        )
        rows.append((bilingual("gb.rules.pay_self", n=n), ["", str(full), str(3 * full)]))
    note = bilingual("gb.rules.note_pay", base=base, penalty=options.false_win_penalty * stake)
    return _table(bilingual("gb.rules.title_pay"), bilingual("gb.rules.pay_columns"), rows, note)


def scoring_tables(options: GuobiaoOptions) -> list[Table]:
    """Tables A and B under ``options``."""
    return [fan_table(options), pay_table(options)]
