"""Adjust lines, a short loser's owed and paid, the per-seat tally and what passes the leader.

Hands as in test_replay.py: ``QP`` 清碰 is 20 a share (capped), ``PPH`` 碰碰胡 4 a share.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from mjcalc.app.session import replay
from mjcalc.app.session.records import Record, Summary
from mjcalc.app.session.standings import need_off_discard, need_self_draw, standings

QP = "11122233344455m"
PPH = "111m222p333s444m55p"


def header(**fields: Any) -> str:
    return json.dumps({"session": {"rules": "shanghai", **fields}})


def run(*lines: str) -> tuple[list[Record], Summary]:
    *records, summary = replay(lines)
    assert isinstance(summary, Summary)
    return records, summary  # type: ignore[return-value]


def test_adjust_moves_silver_counts_in_rank_points_and_charges_no_fee() -> None:
    (rec,), summary = run(
        header(balances=dict.fromkeys("ESWN", 100), points={"S": 50}, options={"fee": 5}),
        '{"event": "adjust", "from": "S", "to": "E", "amount": 30, "reason": "penalty"}',
    )
    assert rec.ok and rec.event == "adjust"
    assert rec.payments == {"E": 30, "S": -30, "W": 0, "N": 0}
    assert rec.fees == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert summary.balances == {"E": 130, "S": 70, "W": 100, "N": 100}
    assert summary.ranks is not None
    assert summary.ranks["E"].points == 30 and summary.ranks["S"].points == 20  # 50 − 30
    assert json.loads(rec.to_json())["adjust"] == {
        "from": "S",
        "to": "E",
        "amount": 30,
        "reason": "penalty",
    }


def test_adjust_is_limited_by_silver_like_a_payment_and_xingguo_takes_it_too() -> None:
    (rec,), _ = run(
        header(balances={"E": 100, "S": 8, "W": 100, "N": 100}),
        "adjust S E 30",
    )
    assert rec.payments == {"E": 8, "S": -8, "W": 0, "N": 0}
    assert json.loads(rec.to_json())["short"] == {"S": {"owed": 30, "paid": 8}}
    xg = json.dumps({"session": {"rules": "xingguo"}})
    (rec,), summary = run(xg, "adjust N W 12 --reason 'wrong count'")
    assert rec.ok and summary.totals == {"E": 0, "S": 0, "W": 12, "N": -12}
    assert summary.ranks is None


def test_a_short_loser_gives_owed_and_paid_in_json_and_nobody_else_does() -> None:
    (full, short), _ = run(
        header(balances={"E": 100, "S": 30, "W": 100, "N": 100}),
        f"{QP} --winner E --discarder S",  # S pays 20 of 20
        f"{QP} --winner E --discarder S",  # S owes 20 but holds 10
    )
    assert "short" not in json.loads(full.to_json())
    assert json.loads(short.to_json())["short"] == {"S": {"owed": 20, "paid": 10}}


def test_the_tally_counts_wins_self_draws_deal_ins_and_the_biggest_hand() -> None:
    _, summary = run(
        header(),
        f"{QP} --winner E --discarder S",  # E +20 off S
        f"{PPH} --winner E",  # E self-draws 碰碰胡: 4 from each, +12
        f'{{"discarder": "N", "winners": [{{"hand": "{QP}", "winner": "S"}},'
        f' {{"hand": "{PPH}", "winner": "W"}}]}}',  # N deals in once, to two winners
        "1m",  # a bad line counts nothing
    )
    stats = summary.stats
    assert (stats["E"].wins, stats["E"].self_draws, stats["E"].biggest) == (2, 1, 20)
    assert (stats["S"].wins, stats["S"].deal_ins, stats["S"].biggest) == (1, 1, 20)
    assert (stats["W"].wins, stats["W"].biggest) == (1, 4)
    assert (stats["N"].wins, stats["N"].deal_ins, stats["N"].biggest) == (0, 1, 0)


def test_standings_by_place_and_what_passes_the_leader() -> None:
    _, summary = run(
        header(),
        f"{QP} --winner E --discarder S",  # E +20, S −20
        f"{PPH} --winner W --discarder N",  # W +4, N −4
    )
    rows = standings(summary)
    assert [(r.place, r.seat, r.total) for r in rows] == [
        (1, "E", 20),
        (2, "W", 4),
        (3, "N", -4),
        (4, "S", -20),
    ]
    assert rows[0].self_draw is None and rows[0].off_discard is None
    # W is 16 behind: a self-draw of 5 a payer closes 20 > 16 (4 would only draw level);
    # off E's discard 9 closes 18 > 16
    assert (rows[1].gap, rows[1].self_draw, rows[1].off_discard) == (16, 5, 9)
    assert (rows[3].gap, rows[3].self_draw, rows[3].off_discard) == (40, 11, 21)


def test_seats_level_on_points_share_a_place() -> None:
    _, summary = run(header(), f"{QP} --winner E --discarder S")
    assert [(r.place, r.seat) for r in standings(summary)] == [
        (1, "E"),
        (2, "W"),
        (2, "N"),
        (4, "S"),
    ]


@given(
    st.dictionaries(st.sampled_from("ESWN"), st.integers(-(10**6), 10**6), min_size=4, max_size=4),
    st.sampled_from("ESWN"),
)
def test_the_value_needed_is_the_least_that_passes_the_leader(
    totals: dict[str, int], player: str
) -> None:
    summary = Summary("shanghai", 0, 0, "E", totals, None, None)  # type: ignore[arg-type]
    rows = standings(summary)
    leader = rows[0].seat
    row = next(r for r in rows if r.seat == player)
    if player == leader:
        assert row.self_draw is None
        return
    assert row.self_draw is not None and row.off_discard is not None
    # a self-draw: the player gets v from each of three, the leader pays v
    for v, passes in ((row.self_draw, True), (row.self_draw - 1, False)):
        assert (totals[player] + 3 * v > totals[leader] - v) is passes
    assert row.self_draw == need_self_draw(row.gap)
    # off the leader's discard: the player gets v, the leader pays it
    for v, passes in ((row.off_discard, True), (row.off_discard - 1, False)):
        assert (totals[player] + v > totals[leader] - v) is passes
    assert row.off_discard == need_off_discard(row.gap)
