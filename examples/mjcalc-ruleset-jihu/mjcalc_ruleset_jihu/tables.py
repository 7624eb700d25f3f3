"""The tables of ``mjcalc rules jihu``: the fan table and the payment table.

Nothing here is typed in: each fan is read from the items of a real hand scored by the
evaluator with the table's options, and each payment from scoring a hand of that many fan, so
the tables follow any house rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from mjcalc.plugin import (
    EAST,
    SEATS,
    Bilingual,
    Context,
    MjcalcError,
    Scored,
    Seat,
    Table,
    bilingual,
    en_name,
    parse_hand,
    parse_tile,
    seat,
    zh_name,
)
from mjcalc.plugin import text as text_of

from mjcalc_ruleset_jihu.fan import CHICKEN, FANS
from mjcalc_ruleset_jihu.options import JihuOptions
from mjcalc_ruleset_jihu.request import JihuRequest

Evaluate = Callable[[Context, JihuOptions], Scored]


@dataclass(frozen=True, slots=True)
class Example:
    """A hand that shows one element, and how it was won (E wins, E deals, round wind E)."""

    hand: str
    win: str
    discarder: Seat | None = "S"
    winner: Seat = "E"
    round_wind: Seat = "E"
    after_kong: bool = False
    robbing_kong: bool = False


EXAMPLES: dict[str, Example] = {
    CHICKEN.id: Example("123m456p234s55s [789s]", "2s"),
    "self_draw": Example("123m456p234s55s [789s]", "2s", discarder=None),
    "concealed": Example("123m456p789s234s55s", "2s"),
    "all_pungs": Example("111m222p333s55p [444m]", "1m"),
    "half_flush": Example("123m456m789m11z [234m]", "1m"),
    "full_flush": Example("123m456m789m55m [234m]", "1m"),
    "seven_pairs": Example("1122m3344p5566s77z", "1m"),
    "all_honors": Example("222z444z666z55z [333z]", "2z", winner="N"),
    "dragon_pung": Example("123m456p789s55s [555z]", "1m"),
    "seat_wind": Example("123m456p789s55s [222z]", "1m", winner="S", discarder="W"),
    "round_wind": Example("123m456p789s55s [333z]", "1m", round_wind="W"),
    "after_kong": Example("123m456p789s55s (9999p)", "1m", discarder=None, after_kong=True),
    "robbing_kong": Example("123m456p789s55s [234m]", "1m", robbing_kong=True),
}
"""One hand for each row of the fan table (a discard of S unless said otherwise)."""

PAY_HAND = Example("123m456p789s234s55s", "2s")
"""A concealed chicken hand: off a discard it counts only 门前清, so the payment table gives
门前清 each row's fan and scores it (self-drawn, with 自摸 set to 0 fan)."""


def _scored(example: Example, options: JihuOptions, evaluate: Evaluate) -> Scored:
    request = JihuRequest(
        rules="jihu",
        hand=example.hand,
        win_tile=example.win,
        winner=example.winner,
        discarder=example.discarder,
        after_kong=example.after_kong,
        robbing_kong=example.robbing_kong,
        round_wind=example.round_wind,
    )
    ctx = Context.of(request, parse_hand(example.hand), parse_tile(example.win))
    return evaluate(ctx, options)


def _how(example: Example) -> Bilingual:
    """Who won and how, for the example column: ``E wins off S``, ``E self-draws``…"""
    winner = seat(example.winner)
    if example.discarder is None:
        how = bilingual("jihu.table.self_draw", winner=winner)
    else:
        key = "jihu.table.robs" if example.robbing_kong else "jihu.table.discard"
        how = bilingual(key, winner=winner, discarder=seat(example.discarder))
    if example.round_wind == "E":
        return how
    return bilingual("jihu.table.in_round", how=how, wind=_wind(example.round_wind))


def _wind(letter: Seat) -> Bilingual:
    wind = EAST + SEATS.index(letter)
    return Bilingual(en_name(wind), zh_name(wind))


def fan_table(options: JihuOptions, evaluate: Evaluate) -> Table:
    """Each element: its fan, read from the items of its example hand scored with ``options``
    (the minimum fan left at 0, so that every example may win)."""
    scoring = options.model_copy(update={"min_fan": 0})
    rows: list[tuple[str, str, str, str, Bilingual]] = []
    for fan in (CHICKEN, *FANS):
        example = EXAMPLES[fan.id]
        scored = _scored(example, scoring, evaluate)
        value = sum(item.fan or 0 for item in scored.items if item.id == fan.id)
        if fan is not CHICKEN and not value:
            continue  # a house rule set this element to 0 fan: it does not count
        rows.append((fan.zh, fan.en, str(value), example.hand, _how(example)))
    title, note = bilingual("jihu.table.fan_title"), bilingual("jihu.table.fan_note")
    return Table(
        title=title.en,
        columns=["zh", "en", "fan", "example"],
        rows=[[zh, en, fan, f"{hand}: {how.en}"] for zh, en, fan, hand, how in rows],
        note=note.en,
        title_zh=title.zh,
        columns_zh=text_of("jihu.table.fan_columns", "zh").split("|"),
        rows_zh=[[zh, fan, f"{hand}：{how.zh}"] for zh, _en, fan, hand, how in rows],
        note_zh=note.zh,
    )


def pay_table(options: JihuOptions, evaluate: Evaluate) -> Table:
    """What a hand of 0, 1, … ``max_fan`` fan pays: :data:`PAY_HAND` scored off a discard and
    self-drawn, its 门前清 worth that many fan and nothing else counted."""
    rows: list[list[str]] = []
    for fan in range(options.max_fan + 1):
        at = options.model_copy(update={"min_fan": 0, "fan_concealed": fan, "fan_self_draw": 0})
        discard = _scored(PAY_HAND, at, evaluate).sections["hu"]
        drawn = _scored(replace(PAY_HAND, discarder=None), at, evaluate).sections["hu"]
        rows.append([str(fan), str(-discard["S"]), str(-drawn["S"]), f"+{drawn['E']}"])
    title = bilingual("jihu.table.pay_title", base=options.base, cap=options.max_fan)
    note = bilingual("jihu.table.pay_note")
    return Table(
        title=title.en,
        columns=text_of("jihu.table.pay_columns", "en").split("|"),
        rows=rows,
        note=note.en,
        title_zh=title.zh,
        columns_zh=text_of("jihu.table.pay_columns", "zh").split("|"),
        rows_zh=rows,
        note_zh=note.zh,
    )


def build_tables(options: JihuOptions, evaluate: Evaluate) -> list[Table]:
    """The fan table and the payment table for these options."""
    try:
        return [fan_table(options, evaluate), pay_table(options, evaluate)]
    except MjcalcError as exc:  # an example that no longer wins is a bug of this module
        raise AssertionError(f"a table's example hand was refused: {exc.message}") from exc
