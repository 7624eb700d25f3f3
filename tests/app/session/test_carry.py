"""The session's carry hook, through a toy ruleset that carries a pot from hand to hand.

The session core knows no ruleset's carry-over: Shanghai's 开宝 and 黄番 reach it through
:class:`mjcalc.rules.carry.Carry`, and so does this pot. Here every drawn hand puts 1 in the pot
and a hand marked ``sweet`` (``--sweet`` in an argument line) puts 2 more; the next win is
scored with the pot (the request field ``pot``: each payer pays ``points + pot``), which then
starts again from 0.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from mjcalc.app.session import replay
from mjcalc.app.session.records import Record, Summary
from mjcalc.engine import ShapeRules, readings
from mjcalc.errors import MjcalcError
from mjcalc.i18n import Bilingual
from mjcalc.models import Count, Named, Request, Seat
from mjcalc.rules.base import Context, Ruleset, Scored
from mjcalc.rules.carry import Carry, Counts
from mjcalc.rules.flags import Flag, mark
from mjcalc.rules.ledger import Ledger, others
from mjcalc.rules.plugins import plugins, resolve
from mjcalc.rules.registry import register_ruleset
from mjcalc.rules.session import SessionRules

HAND = "123m456p789s111z22z"


class PotOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    points: int = 1


class PotRequest(Request):
    pot: Count = 0


def evaluate(ctx: Context, options: PotOptions) -> Scored:
    pot = ctx.request_as(PotRequest).pot
    reading = next(readings(ctx.hand.concealed, ctx.hand.melds, (), ShapeRules()), None)
    if reading is None:
        raise MjcalcError("not_winning", "not a complete hand")
    ledger = Ledger()
    for payer in others(ctx.winner) if ctx.discarder is None else (ctx.discarder,):
        ledger.pay(payer, ctx.winner, options.points + pot)
    return Scored(Named(id="win", zh="胡", en="Win"), [], {"hu": ledger.net}, reading)


SWEET = mark(
    "--sweet", "sweet", ("pot: two more in the pot.", "彩池：多放两个。"), ("彩池", "彩池")
)


def to_win(counts: Counts, marks: frozenset[str]) -> Counts:
    (pot,) = counts
    return (pot + 2 * ("sweet" in marks),)


def past_draw(counts: Counts, marks: frozenset[str]) -> Counts:
    (pot,) = counts
    return (pot + 1 + 2 * ("sweet" in marks),)


def shown_win(counts: Counts) -> Bilingual | None:
    return Bilingual(f"pot {counts[0]}", f"彩池 {counts[0]}") if counts[0] else None


def shown_draw(counts: Counts) -> Bilingual:
    return Bilingual(f"drawn, pot {counts[0]}", f"流局，彩池 {counts[0]}")


POT = Carry(("pot",), (SWEET,), to_win, past_draw, shown_win, shown_draw)


def winner_deals(_dealer: Seat, winners: tuple[Seat, ...]) -> Seat:
    return winners[0]


SESSION: SessionRules[PotOptions] = SessionRules(
    events=frozenset({"hand", "multi_win", "draw"}),
    dealer_after_win=winner_deals,
    dealer_after_draw=lambda dealer: dealer,
    carry=POT,
    silver=False,
    table_options=frozenset(),
    fee=lambda _options: 0,
    false_win=None,
    escape=None,
    rank=None,
)

POTLUCK = Ruleset(
    "potluck", "a toy ruleset carrying a pot", PotOptions, PotRequest, evaluate, session=SESSION
)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[str]:
    """The header line of a potluck session (the ruleset named by a TOML file's path)."""
    register_ruleset(POTLUCK)
    path = tmp_path / "potluck.toml"
    path.write_text('ruleset = "potluck"\n')
    yield json.dumps({"session": {"rules": str(path)}})


def run(*lines: str | dict[str, Any]) -> tuple[list[Record], Summary]:
    texts = (line if isinstance(line, str) else json.dumps(line) for line in lines)
    *records, summary = replay(texts)
    assert isinstance(summary, Summary)
    return records, summary  # type: ignore[return-value]


def hand(**fields: Any) -> dict[str, Any]:
    return {"hand": HAND, **fields}


def message(record: Record) -> str:
    assert not record.ok and record.error is not None
    return record.error.message


def test_draws_fill_the_pot_the_next_win_takes_it_then_it_starts_again(table: str) -> None:
    (draw1, draw2, win, after), summary = run(
        table,
        {"event": "draw"},
        {"event": "draw", "sweet": True},
        hand(winner="S", discarder="W"),
        hand(winner="S", discarder="W"),
    )
    assert draw1.counts == {"pot": 1} and draw2.counts == {"pot": 4}  # 1, then 1 + 1 + 2
    assert win.counts == {"pot": 4}
    assert win.results[0].payments == {"E": 0, "S": 5, "W": -5, "N": 0}  # points 1 + pot 4
    assert after.counts == {"pot": 0}  # the win spent the pot
    assert after.results[0].payments["S"] == 1
    assert summary.totals == {"E": 0, "S": 6, "W": -6, "N": 0}


def test_a_mark_on_the_winning_line_counts_for_that_win(table: str) -> None:
    (win,), _ = run(table, f"{HAND} --winner N --sweet")  # an argument line
    assert win.counts == {"pot": 2}
    assert win.payments == {"E": -3, "S": -3, "W": -3, "N": 9}  # self-drawn: 1 + 2 from each


def test_each_winner_of_a_multiple_win_gets_the_pot(table: str) -> None:
    (_, multi, after), _ = run(
        table,
        {"event": "draw"},
        {"discarder": "E", "sweet": True, "winners": [hand(winner="S"), hand(winner="W")]},
        hand(winner="E"),
    )
    assert multi.counts == {"pot": 3}
    assert [r.payments["E"] for r in multi.results] == [-4, -4]
    assert after.counts == {"pot": 0}


def test_the_view_shows_the_rulesets_own_words(table: str) -> None:
    draw, win, plain = run(table, {"event": "draw"}, hand(winner="S"), hand(winner="S"))[0]
    assert draw.carried == Bilingual("drawn, pot 1", "流局，彩池 1")
    assert win.carried == Bilingual("pot 1", "彩池 1")
    assert plain.carried is None  # nothing carried: nothing to show


def test_the_pot_is_supplied_by_the_session(table: str) -> None:
    (bad, ok), _ = run(table, hand(winner="S", pot=5), hand(winner="S"))
    assert message(bad) == "'pot' is supplied by the session: a hand line cannot set it"
    assert ok.counts == {"pot": 0}  # the bad line changed nothing


def test_marks_are_true_or_false_and_belong_to_the_line(table: str) -> None:
    records, _ = run(
        table,
        hand(winner="S", sweet=1),
        {"event": "draw", "sweet": "yes"},
        {"discarder": "E", "winners": [hand(winner="S", sweet=True), hand(winner="W")]},
    )
    assert [message(r) for r in records] == [
        "sweet must be true or false",
        "event line: field 'sweet': input should be a valid boolean",
        "winners[1]: sweet belongs to the line, not to one winner",
    ]


def test_a_mark_of_another_installed_ruleset_is_refused_by_name(table: str) -> None:
    # Shanghai's 开宝 mark is known from its plug-in; this table's ruleset has no such mark
    rules = json.loads(table)["session"]["rules"]
    records, summary = run(
        table,
        hand(winner="S", dice_double=False),
        {"event": "draw", "dice_double": True},
        f"{HAND} --winner S --dice-double",
        hand(winner="S", kaibao=1),  # Shanghai's carried field: the session's to supply
    )
    assert [message(r) for r in records] == [
        f"'{rules}' counts no 开宝: dice_double is not a {rules} field",
        f"'{rules}' counts no 开宝: dice_double is not a {rules} field",
        f"'{rules}' counts no 开宝: dice_double is not a {rules} field",
        "'kaibao' is supplied by the session: a hand line cannot set it",
    ]
    assert summary.errors == 4


def test_a_mark_this_table_does_not_know_is_an_unknown_option_or_field(table: str) -> None:
    xingguo = json.dumps({"session": {"rules": "xingguo"}})
    records, _ = run(xingguo, hand(jing="9s", sweet=True), f"{HAND} --jing 9s --sweet")
    # a registered ruleset's marks are its own tables' only
    assert "unknown field 'sweet'" in message(records[0])
    assert "--sweet" in message(records[1])


def test_every_installed_plugin_declares_its_sessions_own_carry() -> None:
    for plugin in plugins().values():
        session = plugin.load().session_rules()
        carry = None if plugin.carry is None else resolve(plugin.carry)
        assert carry is (None if session is None else session.carry), plugin.name


def test_a_mark_is_a_switch_with_a_subject() -> None:
    assert SWEET.kind == "switch" and SWEET.subject == ("彩池", "彩池")
    for flag in (
        Flag("--pot", "pot", "count", ("", ""), subject=("", "")),
        SWEET._replace(subject=None),
    ):
        with pytest.raises(ValueError, match="a line mark is a switch"):
            dataclasses.replace(POT, marks=(flag,))
