"""A Guobiao sitting worked by hand, against ``mjcalc session``: the deal passes after every
hand, the prevalent wind follows the hand's number, a match is 16 hands, 错和 pays each other
seat, and the standings give table points 4/2/1/0 (a tie sharing)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from mjcalc.app.session import replay
from mjcalc.app.session.records import Record, Summary
from mjcalc.app.session.standings import table_points
from mjcalc.rules.guobiao.fan.api import FanHand
from mjcalc.tiles import EAST, NORTH, SOUTH, WEST
from tests.rules.guobiao.helpers import PAIRS
from tests.support.cli import run

HEADER = json.dumps({"session": {"rules": "guobiao"}})

SITTING = [
    HEADER,
    # 1. dealer E: S off W's discard, 七对 24: W 32, E 8, N 8 → S +48; the deal passes to S
    f"{PAIRS} --winner S --discarder W",
    # 2. dealer S: a drawn hand pays nothing; the deal passes to W
    "draw",
    # 3. dealer W: E self-draws 七对 + 自摸 = 25: each pays 33 → E +99; the deal passes to N
    PAIRS,
    # 4. 错和 by N: 10 to each other seat (the deal stays: no hand was played)
    "错和 北",
    # 5. dealer N: W off E's discard: E 32, S 8, N 8 → W +48; the deal passes to E
    f"{PAIRS} --winner W --discarder E",
]
PAYMENTS = [
    {"E": -8, "S": 48, "W": -32, "N": -8},
    {"E": 0, "S": 0, "W": 0, "N": 0},
    {"E": 99, "S": -33, "W": -33, "N": -33},
    {"E": 10, "S": 10, "W": 10, "N": -30},
    {"E": -32, "S": -8, "W": 48, "N": -8},
]
DEALERS = ["E", "S", "W", "N", "N"]
TOTALS = {"E": 69, "S": 17, "W": -7, "N": -79}  # the columns of PAYMENTS added up


def _records(lines: list[str]) -> tuple[list[Record], Summary]:
    out = list(replay(lines))
    summary = out[-1]
    assert isinstance(summary, Summary)
    return [r for r in out[:-1] if isinstance(r, Record)], summary


def test_the_sitting_worked_by_hand() -> None:
    records, summary = _records(SITTING)
    assert [r.ok for r in records] == [True] * 5, [r.error for r in records]
    assert [r.payments for r in records] == PAYMENTS
    assert [r.dealer for r in records] == DEALERS
    assert [r.event for r in records] == ["hand", "draw", "hand", "false_win", "hand"]
    assert summary.totals == TOTALS
    assert summary.dealer == "E"
    assert summary.table_points == {"E": 4, "S": 2, "W": 1, "N": 0}
    assert summary.hands == 4
    body = json.loads(summary.to_json())["summary"]
    assert body["table_points"] == {"E": 4, "S": 2, "W": 1, "N": 0}


def test_the_deal_passes_after_every_hand_won_or_drawn() -> None:
    lines = [HEADER, PAIRS, PAIRS, "draw", f"{PAIRS} --winner N --discarder E", "draw", PAIRS]
    records, _ = _records(lines)
    assert [r.dealer for r in records] == ["E", "S", "W", "N", "E", "S"]


def _seen(monkeypatch: pytest.MonkeyPatch) -> list[FanHand]:
    """The hands the fan calculator is asked about (each answered as the calculator does)."""
    import mjcalc.rules.guobiao.fan as fan

    real = fan.count_fans
    seen: list[FanHand] = []

    def spy(hand: FanHand, **kwargs: Any) -> Any:
        seen.append(hand)
        return real(hand, **kwargs)

    monkeypatch.setattr(fan, "count_fans", spy)
    return seen


def test_the_prevalent_wind_follows_the_hand_number(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _seen(monkeypatch)
    lines = [HEADER]
    for _ in range(16):
        lines.append(f"{PAIRS} --winner N --discarder E")
    records, summary = _records(lines)
    assert all(r.ok for r in records)
    winds = [h.prevalent_wind for h in seen]
    assert winds == [EAST] * 4 + [SOUTH] * 4 + [WEST] * 4 + [NORTH] * 4
    # N's seat wind: North while E deals, West while S deals, South, then East
    assert [h.seat_wind for h in seen[:4]] == [NORTH, WEST, SOUTH, EAST]
    assert summary.hands == 16


def test_the_prevalent_wind_is_the_sitting_s_not_the_line_s() -> None:
    records, _ = _records([HEADER, f"{PAIRS} --prevalent S"])
    assert not records[0].ok
    assert records[0].error is not None and "prevalent" in records[0].error.message


def test_a_seventeenth_hand_is_refused_unless_the_header_asks_for_more_rounds() -> None:
    records, summary = _records([HEADER] + ["draw"] * 16 + ["draw", PAIRS, "错和 东"])
    assert [r.ok for r in records] == [True] * 16 + [False, False, True]
    error = records[16].error
    assert error is not None and error.code == "invalid_request"
    assert "16 hands are played" in error.message and '"rounds"' in error.message
    assert error.message_zh is not None and "16 盘已经打完" in error.message_zh
    longer = json.dumps({"session": {"rules": "guobiao", "options": {"rounds": 5}}})
    records, summary = _records([longer] + ["draw"] * 20 + ["draw"])
    assert [r.ok for r in records] == [True] * 20 + [False]
    assert summary.hands == 20


def test_a_false_win_pays_the_penalty_to_each_other_seat() -> None:
    header = json.dumps({"session": {"rules": "guobiao", "options": {"false_win_penalty": 20}}})
    records, _ = _records([header, "false-win S", '{"event": "false_win", "seat": "W"}'])
    assert records[0].payments == {"E": 20, "S": -60, "W": 20, "N": 20}
    assert records[1].payments == {"E": 20, "S": 20, "W": -60, "N": 20}
    assert records[0].dealer == records[1].dealer == "E"  # no hand was played


@pytest.mark.parametrize(
    ("totals", "points"),
    [
        ({"E": 30, "S": 10, "W": -10, "N": -30}, {"E": 4, "S": 2, "W": 1, "N": 0}),
        ({"E": 10, "S": 10, "W": -10, "N": -10}, {"E": 3, "S": 3, "W": 0.5, "N": 0.5}),
        ({"E": 0, "S": 0, "W": 0, "N": 0}, {"E": 1.75, "S": 1.75, "W": 1.75, "N": 1.75}),
        ({"E": -30, "S": 10, "W": 10, "N": 10}, {"E": 0, "S": 2.33, "W": 2.33, "N": 2.33}),
        ({"E": 5, "S": 20, "W": 5, "N": -30}, {"E": 1.5, "S": 4, "W": 1.5, "N": 0}),
    ],
)
def test_table_points_by_place_ties_sharing(
    totals: dict[str, int], points: dict[str, float]
) -> None:
    assert table_points(totals, (4, 2, 1, 0)) == points  # type: ignore[arg-type]
    assert table_points(totals, None) is None  # type: ignore[arg-type]


def test_the_csv_has_a_table_points_column_per_seat(tmp_path: Path) -> None:
    path = tmp_path / "sitting.jsonl"
    path.write_text("\n".join(SITTING) + "\n", encoding="utf-8")
    out = run("session", str(path), "--csv")
    assert out.exit_code == 0, out.output
    rows = list(csv.reader(io.StringIO(out.stdout)))
    assert rows[0][-4:] == ["table_points_E", "table_points_S", "table_points_W", "table_points_N"]
    assert rows[1][:3] == ["2", "hand", "E"]
    assert rows[1][-4:] == ["1.5", "4", "0", "1.5"]  # E and N share 2nd and 3rd
    assert rows[-1][-4:] == ["4", "2", "1", "0"]


def test_the_standings_show_the_table_points_in_both_languages(tmp_path: Path) -> None:
    path = tmp_path / "sitting.jsonl"
    path.write_text("\n".join(SITTING) + "\n", encoding="utf-8")
    out = run("session", str(path), "--standings")
    assert out.exit_code == 0, out.output
    assert "table pts" in out.stdout and "hands played: 4" in out.stdout
    zh = run("session", str(path), "--standings", "--lang", "zh")
    assert "标准分" in zh.stdout and "已打 4 盘" in zh.stdout
    view = run("session", str(path)).stdout
    assert "false win 错和: pays 10 to each" in view
    assert "错和：赔每家 10" in run("session", str(path), "--lang", "zh").stdout
    data = json.loads(run("session", str(path), "--json").stdout.splitlines()[-1])
    assert data["summary"]["table_points"] == {"E": 4, "S": 2, "W": 1, "N": 0}


def test_the_sample_sitting_replays() -> None:
    root = Path(__file__).resolve().parents[3]
    out = run("session", str(root / "docs" / "examples" / "guobiao-sitting.jsonl"), "--json")
    assert out.exit_code == 0, out.output
    summary = json.loads(out.stdout.splitlines()[-1])["summary"]
    assert summary["rules"] == "guobiao" and summary["errors"] == 0
    assert sum(summary["totals"].values()) == 0
