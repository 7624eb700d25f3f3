"""Sessions: worked sittings with the arithmetic written out, and the error lines.

Shanghai hands used (defaults: base 1, 勒子 L = 10):
- ``QP`` 清碰 (5 fan): share (0 + 1) × 2^5 = 32, capped at 2 L = 20;
- ``PPH`` 碰碰胡 (2 fan): share (0 + 1) × 2^2 = 4; every 开宝 / 黄番 adds a fan (and lifts
  the cap to 2 L).
Xingguo hand ``XG`` = 123m456p789s11z 234m with jing 9s (one 正精 held by the winner): 平胡
- self-drawn by the dealer: hu 1 × 2 (self-draw) × 2 (dealer) × 2 (德国) + 5 = 13 from each, jing 2
  doubled by 霸精 = 4 from each: 17 from each, +51;
- S wins off the dealer E's discard: as ``mjcalc score`` gives it, E −17, W −6, N −6, S +29.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from mjcalc.app.session import replay
from mjcalc.app.session.records import Record, Summary

QP = "11122233344455m"
PPH = "111m222p333s444m55p"
XG = "123m456p789s11z 234m"


def header(rules: str = "shanghai", **fields: Any) -> str:
    return json.dumps({"session": {"rules": rules, **fields}}, ensure_ascii=False)


def run(*lines: str | dict[str, Any]) -> tuple[list[Record], Summary]:
    items = list(replay(json.dumps(x) if isinstance(x, dict) else x for x in lines))
    *records, summary = items
    assert isinstance(summary, Summary)
    assert all(isinstance(r, Record) for r in records)
    return records, summary  # type: ignore[return-value]


def hand(h: str, **fields: Any) -> dict[str, Any]:
    return {"hand": h, **fields}


def error_of(record: Record) -> tuple[str, str]:
    assert not record.ok and record.error is not None
    return record.error.code, record.error.message


# --- Shanghai -------------------------------------------------------------------------------


def test_multiple_win_where_the_discarder_cannot_cover_both_winners() -> None:
    balances = {"E": 100, "S": 10, "W": 100, "N": 100}
    line = {
        "discarder": "S",
        "winners": [hand(QP, winner="E"), hand(PPH, winner="W")],
    }
    (rec,), summary = run(header(balances=balances), line)
    assert rec.ok and rec.event == "multi_win"
    # S owes E 20 (清碰, capped) and W 4 (碰碰胡): 24 in all, but holds 10.
    # E gets floor(10 × 20 / 24) = 8, W floor(10 × 4 / 24) = 1: 9; the remainder 1 goes to the
    # winners in play order after S: W first → W 2.
    assert rec.owed == {"E": 20, "S": -24, "W": 4, "N": 0}
    assert rec.payments == {"E": 8, "S": -10, "W": 2, "N": 0}
    assert rec.balances == {"E": 108, "S": 0, "W": 102, "N": 100}
    assert [r.winner for r in rec.results] == ["E", "W"]
    # the deal goes to the first winner after the discarder S in play order: W (before E)
    assert rec.dealer == "E" and summary.dealer == "W"


def test_fees_stop_at_zero_and_leave_the_table() -> None:
    balances = {"E": 100, "S": 25, "W": 3, "N": 100}
    (rec, draw), summary = run(
        header(balances=balances, options={"fee": 10}),
        hand(QP, winner="E", discarder="S"),
        {"event": "draw"},
    )
    # the hand: S pays 20 → S 5, E 120; then the fee 10 each, at most the balance:
    # E 10 → 110, S 5 → 0, W 3 → 0, N 10 → 90
    assert rec.payments == {"E": 20, "S": -20, "W": 0, "N": 0}
    assert rec.fees == {"E": 10, "S": 5, "W": 3, "N": 10}
    assert rec.balances == {"E": 110, "S": 0, "W": 0, "N": 90}
    # a drawn hand ends normally too: the fee again (S and W have nothing left)
    assert draw.fees == {"E": 10, "S": 0, "W": 0, "N": 10}
    assert summary.balances == {"E": 100, "S": 0, "W": 0, "N": 80}
    # totals include the fees: E +20 − 20, S −20 − 5, W −3, N −20; together −48 = the fees
    assert summary.totals == {"E": 0, "S": -25, "W": -3, "N": -20}
    assert summary.fees == 48 == -sum(summary.totals.values())


def test_fee_without_balances_is_still_charged_to_the_totals() -> None:
    (rec,), summary = run(header(options={"fee": 10}), hand(QP, winner="E", discarder="S"))
    assert rec.balances is None and summary.balances is None
    # E +20 − 10, S −20 − 10, W −10, N −10
    assert summary.totals == {"E": 10, "S": -30, "W": -10, "N": -10}


def test_an_escape_that_ends_the_game_and_a_later_line() -> None:
    balances = {"E": 100, "S": 100, "W": 20, "N": 100}
    (esc, later, after), summary = run(
        header(balances=balances, options={"fee": 5}),
        {"event": "escape", "seat": "W", "ends": True},
        hand(QP, winner="E", discarder="S"),
        {"event": "draw"},
    )
    # W owes 3 勒子 = 30 but holds 20: pays 20, shared by E, N, S: 6 each + remainder 2, one
    # each to the seats after W in play order (N, then E) → N 7, E 7, S 6. Then W's fee: 0 left.
    # The game ends: nobody else pays a fee.
    assert esc.event == "escape" and esc.ends
    assert esc.payments == {"E": 7, "S": 6, "W": -20, "N": 7}
    assert esc.fees == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert esc.balances == {"E": 107, "S": 106, "W": 0, "N": 107}
    assert error_of(later) == ("invalid_request", "the game ended at line 2")
    assert error_of(after) == ("invalid_request", "the game ended at line 2")
    assert summary.ended_at == 2 and summary.errors == 2 and summary.lines == 3


def test_an_escape_where_play_goes_on_charges_every_fee_and_keeps_the_dealer() -> None:
    (esc, win), summary = run(
        header(dealer="S", options={"fee": 5, "escape_lezi": 2}),
        {"event": "escape", "seat": "N", "ends": False},
        hand(QP, winner="W", discarder="E"),
    )
    # N pays 2 × 10 = 20: 6 each to E S W, the remainder 2 to E then S (after N) → E 7, S 7, W 6;
    # fees 5 from everyone, N included
    assert esc.payments == {"E": 7, "S": 7, "W": 6, "N": -20}
    assert esc.fees == dict.fromkeys("ESWN", 5)
    assert esc.dealer == "S" and win.dealer == "S"  # the escape did not move the deal
    assert summary.dealer == "W"  # the winner deals next


def test_kaibao_and_huangfan_carried_over_two_draws() -> None:
    (d1, d2, win, next_win), summary = run(
        header(options={"lezi": 100}),
        {"event": "draw", "dice_double": True},
        {"event": "draw"},
        hand(PPH, winner="N", discarder="S"),
        hand(PPH, winner="E", discarder="S"),
    )
    assert d1.counts == {"kaibao": 1, "huangfan": 1}
    assert d2.counts == {"kaibao": 1, "huangfan": 2}
    # 碰碰胡 2 fan + 开宝 1 + 黄番 2 = 5 fan: (0 + 1) × 2^5 = 32 (cap 2 × 100 not reached)
    assert win.counts == {"kaibao": 1, "huangfan": 2}
    assert win.payments == {"E": 0, "S": -32, "W": 0, "N": 32}
    fans = {i.id: i.fan for i in win.results[0].items if i.fan}
    assert fans == {"all_pungs": 2, "kaibao": 1, "huangfan": 2}
    # the win spent them: the next hand is a plain 碰碰胡, (0 + 1) × 2^2 = 4
    assert next_win.counts == {"kaibao": 0, "huangfan": 0}
    assert next_win.payments == {"E": 4, "S": -4, "W": 0, "N": 0}
    assert summary.dealer == "E"


def test_the_dice_double_of_the_winning_hand_counts_too() -> None:
    (win,), _ = run(header(), hand(PPH, winner="E", discarder="S", dice_double=True))
    # 碰碰胡 2 + 开宝 1 = 3 fan: 8 (under the raised cap of 2 L)
    assert win.counts is not None and win.counts["kaibao"] == 1 and win.payments["E"] == 8


def test_shanghai_winner_deals_and_a_draw_keeps_the_dealer() -> None:
    records, summary = run(
        header(dealer="N"),
        hand(QP, winner="S", discarder="E"),
        {"event": "draw"},
        hand(QP, winner="W"),
    )
    assert [r.dealer for r in records] == ["N", "S", "S"]
    assert summary.dealer == "W"
    # S +20 off E; W self-draws 20 from each
    assert summary.totals == {"E": -40, "S": 0, "W": 60, "N": -20}


def test_rank_points_follow_the_net_never_below_zero() -> None:
    points = {"E": 90, "S": 5}
    _, summary = run(header(points=points, options={"fee": 3}), hand(QP, winner="E", discarder="S"))
    # E 90 + 20 = 110 → level 2 (starts at 100); S 5 − 20 → 0 (never below 0); fees excluded
    assert summary.ranks is not None
    e, s = summary.ranks["E"], summary.ranks["S"]
    assert (e.points, e.rank.level, e.rank.zh, e.rank.dan) == (110, 2, "临时工", "街头一段")
    assert (s.points, s.rank.level, s.rank.zh, s.rank.dan) == (0, 1, "待业", "麻袋")


# --- Xingguo --------------------------------------------------------------------------------


def test_xingguo_deal_stays_after_a_dealer_win_and_a_draw_then_passes() -> None:
    records, summary = run(
        header("xingguo"),
        hand(XG, jing="9s"),  # the dealer E self-draws: E stays
        {"event": "draw"},  # 和牌: void, E stays
        hand(XG, jing="9s", winner="S", discarder="E"),  # S wins: the deal passes to S (E's next)
        hand(XG, jing="9s", winner="E", discarder="W"),  # not the dealer S: the deal passes to W
    )
    assert [r.dealer for r in records] == ["E", "E", "E", "S"]
    assert summary.dealer == "W"
    assert records[0].payments == {"E": 51, "S": -17, "W": -17, "N": -17}
    draw = records[1]
    assert draw.payments == draw.fees == dict.fromkeys("ESWN", 0) and draw.counts is None
    assert records[2].payments == {"E": -17, "S": 29, "W": -6, "N": -6}
    assert summary.balances is None and summary.ranks is None


def test_xingguo_false_win() -> None:
    (rec,), summary = run(
        header("xingguo", options={"stake": 2}), {"event": "false_win", "seat": "S"}
    )
    # 诈胡: false_win_score 20 × stake 2 = 40 to each other seat, −120 for S; the deal stays
    assert rec.payments == {"E": 40, "S": -120, "W": 40, "N": 40}
    assert rec.results == () and rec.seat == "S"
    assert summary.totals == rec.payments and summary.dealer == "E"


def test_xingguo_hand_uses_the_session_dealer() -> None:
    (rec,), _ = run(header("xingguo", dealer="W"), hand(XG, jing="9s", winner="W"))
    assert rec.results[0].dealer == "W"  # supplied by the session
    assert rec.payments["W"] == 51  # a dealer's self-draw, as above


# --- bad lines --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (hand(QP, dealer="S"), "'dealer' is supplied by the session: a hand line cannot set it"),
        (hand(QP, rules="shanghai"), "'rules' is supplied by the session"),
        (hand(QP, kaibao=1), "'kaibao' is supplied by the session"),
        (hand(QP, huangfan=1), "'huangfan' is supplied by the session"),
        (hand(QP, options={"fee": 1}), "option 'fee' is a table setting"),
        (hand(QP, dice_double=1), "dice_double must be true or false"),
        ({"event": "false_win", "seat": "S"}, "a shanghai sitting has no false wins (诈胡)"),
        ({"event": "escape", "seat": "S"}, "event line: missing field 'ends'"),
        ({"event": "tea"}, "unknown event 'tea' (known here: adjust, draw, escape)"),
        ({"discarder": "S", "winners": [hand(QP, winner="E")]}, "multiple-win line: field"),
        (
            {"discarder": "S", "winners": [hand(QP, winner="E"), hand(PPH, winner="E")]},
            "winners: seat E wins twice off one discard",
        ),
        (
            {"discarder": "S", "winners": [hand(QP, winner="E"), hand(PPH)]},
            "winners[2]: each hand of a multiple win names its winner",
        ),
        (header(), "a session has one header (it is at line 1)"),
        ("123m --winner Q", "Invalid value for '--winner': 'Q' is not a seat"),
        ("{not json", "bad JSON"),
        ('{"hand": ' * 20 + "1" + "}" * 20, "nested more than 5 levels deep"),
        ('{"n": 1' + "0" * 5000 + "}", "a number with too many digits"),
        ('{"hand": "\\ud800"}', "lone surrogate"),
    ],
)
def test_a_bad_line_is_one_error_record_and_changes_nothing(
    line: str | dict[str, Any], message: str
) -> None:
    records, summary = run(
        header(balances=dict.fromkeys("ESWN", 50)),
        hand(QP, winner="E", discarder="S"),
        line,
        hand(QP, winner="E", discarder="S"),
    )
    first, bad, last = records
    code, text = error_of(bad)
    assert code == "invalid_request" and message in text
    assert bad.line == 3
    # as if the line were absent: the last hand continues from the first one
    assert first.totals == {"E": 20, "S": -20, "W": 0, "N": 0}
    assert last.totals == {"E": 40, "S": -40, "W": 0, "N": 0}
    assert summary.errors == 1 and summary.lines == 3


def test_a_winner_that_does_not_score_fails_the_whole_multiple_win() -> None:
    line = {"discarder": "S", "winners": [hand(QP, winner="E"), hand("123m", winner="W")]}
    (bad,), summary = run(header(), line)
    code, message = error_of(bad)
    assert code == "invalid_hand" and message.startswith("winners[2]: ")
    assert summary.totals == dict.fromkeys("ESWN", 0)


def test_xingguo_refuses_shanghai_lines_and_header_fields() -> None:
    lines = [
        header("xingguo"),
        {"event": "draw", "dice_double": True},
        {"event": "escape", "seat": "W", "ends": True},
        {"discarder": "S", "winners": [hand(XG), hand(XG)]},
        hand(XG, jing="9s", dice_double=True),
    ]
    records, _ = run(*lines)
    messages = [error_of(r)[1] for r in records]
    assert messages == [
        "'xingguo' counts no 开宝: dice_double is not a xingguo field",
        "a xingguo sitting has no escapes (逃跑): 'escape' is not one of its lines"
        " (hands, drawn hands, false wins (诈胡), adjustments)",
        "a xingguo sitting has no multiple wins (一炮多响): 'multi_win' is not one of its lines"
        " (hands, drawn hands, false wins (诈胡), adjustments)",
        "'xingguo' counts no 开宝: dice_double is not a xingguo field",
    ]


@pytest.mark.parametrize(
    ("first", "message"),
    [
        (header("xingguo", balances=dict.fromkeys("ESWN", 1)), "'xingguo' keeps no silver"),
        (header("xingguo", points={"E": 1}), "'xingguo' keeps no rank points"),
        (header(balances={"E": 1}), "balances: give all four seats (missing S W N)"),
        (header(players={"E": "a\u0007b"}), "session header: field 'players.E'"),
        (header(options={"lezi": 0}), "option 'lezi'"),
        (header(colour="red"), "session header: unknown field 'colour'"),
        ('{"session": {"rules": "shanghai"}, "x": 1}', 'a header is one object {"session"'),
        (json.dumps(hand(QP)), "the session header must come first"),
    ],
)
def test_bad_headers(first: str, message: str) -> None:
    (bad, after), summary = run(first, {"event": "draw"})
    assert message in error_of(bad)[1]
    assert error_of(after)[1].startswith("the session header must come first")
    assert summary.rules is None and summary.lines == 2 and summary.errors == 2


def test_unknown_ruleset_in_the_header() -> None:
    (bad,), _ = run(header("mahjong-of-mars"))
    assert error_of(bad)[0] == "unknown_rules"


def test_a_scoring_error_is_reused_as_is() -> None:
    (rec,), _ = run(header(), hand("123m456p789s11z 234m"))
    assert error_of(rec) == (
        "illegal_win",
        rec.error.message if rec.error else "",  # the message of mjcalc score itself
    )
    import mjcalc

    alone = mjcalc.score({"rules": "shanghai", "hand": "123m456p789s11z 234m"})
    assert alone.error is not None and rec.error is not None
    assert rec.error.message == alone.error.message


# --- input forms and JSON ---------------------------------------------------------------------


def test_lines_may_be_text_bytes_or_dicts_and_blank_and_comment_lines_are_skipped() -> None:
    lines: list[Any] = [
        b"\xef\xbb\xbf# a sitting\n",
        header().encode() + b"\n",
        "\n",
        {"hand": QP, "winner": "E", "discarder": "S"},
        b"\xff\n",
    ]
    items = list(replay(lines))
    assert [getattr(i, "line", None) for i in items[:-1]] == [4, 5]
    assert items[0].ok and not items[1].ok  # type: ignore[union-attr]
    assert "not UTF-8" in error_of(items[1])[1]  # type: ignore[arg-type]


def test_record_json_is_exactly_the_spec_objects() -> None:
    items = list(
        replay(
            [
                header(balances=dict.fromkeys("ESWN", 100), options={"fee": 1}),
                json.dumps(hand(QP, winner="E", discarder="S")),
                "{",
            ]
        )
    )
    good, bad, summary = (json.loads(i.to_json()) for i in items)
    assert list(good) == [
        "line",
        "ok",
        "event",
        "dealer",
        "results",
        "payments",
        "fees",
        "totals",
        "balances",
    ]
    assert good["results"][0]["pattern"]["zh"] == "清碰" and "line" not in good["results"][0]
    # E +20 − 1, S −20 − 1, W −1, N −1
    assert good["totals"] == {"E": 19, "S": -21, "W": -1, "N": -1}
    assert good["balances"] == {"E": 119, "S": 79, "W": 99, "N": 99}
    assert bad == {
        "line": 3,
        "ok": False,
        "error": {
            "code": "invalid_request",
            "message": "bad JSON: Expecting property name enclosed in double quotes (char 2)",
            "message_zh": "JSON 格式错误（第 2 个字符）",
        },
    }
    assert list(summary) == ["summary"]
    assert summary["summary"] == {
        "rules": "shanghai",
        "lines": 2,
        "errors": 1,
        "dealer": "E",
        "totals": {"E": 19, "S": -21, "W": -1, "N": -1},
        "balances": {"E": 119, "S": 79, "W": 99, "N": 99},
        "ranks": {
            # rank points: the nets without fees, E 20 and S 0 (never below 0)
            "E": {"points": 20, "level": 1, "zh": "待业", "dan": "麻袋"},
            "S": {"points": 0, "level": 1, "zh": "待业", "dan": "麻袋"},
            "W": {"points": 0, "level": 1, "zh": "待业", "dan": "麻袋"},
            "N": {"points": 0, "level": 1, "zh": "待业", "dan": "麻袋"},
        },
    }


def test_an_empty_input_gives_only_a_summary() -> None:
    (summary,) = list(replay([]))
    assert isinstance(summary, Summary)
    assert json.loads(summary.to_json())["summary"]["rules"] is None


def test_the_package_s_replay_stays_the_function_once_the_machinery_is_imported() -> None:
    """Regression: the machinery's module was named ``replay``; once imported (by the command
    line, or a test), ``from mjcalc.app.session import replay`` gave the module."""
    import mjcalc.app.session.sitting  # noqa: F401 - the import that used to shadow it
    from mjcalc.app.session import replay as public

    assert callable(public)
    items = list(public(['{"session": {"rules": "shanghai"}}', '{"event": "draw"}']))
    assert [type(item).__name__ for item in items] == ["Record", "Summary"]
