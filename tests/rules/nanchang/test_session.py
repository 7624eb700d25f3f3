"""A Nanchang sitting worked by hand, against ``mjcalc session``: the deal stays after the
dealer's win or a drawn hand and passes otherwise, and a drawn hand still settles the jing."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from mjcalc.app.session import replay
from mjcalc.cli import cli
from tests.rules.nanchang.helpers import GERMAN, PLAIN

SITTING = [
    json.dumps({"session": {"rules": "nanchang"}}),
    # 1. dealer E self-draws 平胡 (indicator 9p): m = 2, each 4 → E +12; jing E 9p (2), N one
    #    1p (1): E +5, N +1, S −3, W −3 → E +17, S −7, W −7, N −3; E deals again
    f"{PLAIN} --win 8m --jing 9p --jings N=0,1",
    # 2. a drawn hand: S holds one 正精 (2), W one 副精 (1): S 8 − 3 = +5, W 4 − 3 = +1,
    #    E, N −3; E deals again
    '{"event": "draw", "jing": "9p", "jings": {"S": [1, 0], "W": [0, 1]}}',
    # 3. S off W's discard: W 2, N 1, the dealer E 2 → S +5; jing S 5, N 1, E, W −3:
    #    E −5, S +10, W −5, N 0; the deal passes to S
    json.dumps(
        {
            "hand": PLAIN,
            "win_tile": "8m",
            "winner": "S",
            "discarder": "W",
            "jing": "9p",
            "jings": {"N": [0, 1]},
        }
    ),
    # 4. dealer S: E self-draws, nobody holds jing (德中德): m = 2, f = 5: the dealer S
    #    4m + 5 = 13, W and N 2m + 5 = 9 → E +31; the deal passes to W
    json.dumps({"hand": GERMAN, "win_tile": "8m", "jing": "9p", "jings": {}}),
    # 5. a bare drawn hand: nothing to settle; W deals again
    "draw",
    # 6. the dealer W self-draws 平胡: m = 2, each 4 → W +12; jing W 5, N 1, E, S −3:
    #    E −7, S −7, W +17, N −3; W deals again
    f"{PLAIN} --win 8m --jing 9p --jings N=0,1 --winner W",
]
PAYMENTS = [
    {"E": 17, "S": -7, "W": -7, "N": -3},
    {"E": -3, "S": 5, "W": 1, "N": -3},
    {"E": -5, "S": 10, "W": -5, "N": 0},
    {"E": 31, "S": -13, "W": -9, "N": -9},
    {"E": 0, "S": 0, "W": 0, "N": 0},
    {"E": -7, "S": -7, "W": 17, "N": -3},
]
DEALERS = ["E", "E", "E", "S", "W", "W"]
TOTALS = {"E": 33, "S": -12, "W": -3, "N": -18}  # the columns of PAYMENTS added up


def test_the_sitting_worked_by_hand() -> None:
    records = list(replay(SITTING))
    lines, summary = records[:-1], records[-1]
    assert [r.ok for r in lines] == [True] * 6
    assert [r.payments for r in lines] == PAYMENTS
    assert [r.dealer for r in lines] == DEALERS
    assert lines[-1].totals == TOTALS
    assert summary.dealer == "W"
    assert sum(TOTALS.values()) == 0


def test_the_sitting_through_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "sitting.jsonl"
    path.write_text("\n".join(SITTING) + "\n", encoding="utf-8")
    out = CliRunner().invoke(cli, ["session", str(path), "--json"])
    assert out.exit_code == 0, out.output
    records = [json.loads(line) for line in out.output.splitlines()]
    assert [r["payments"] for r in records[:-1]] == PAYMENTS
    assert records[-1]["summary"]["totals"] == TOTALS
    text = CliRunner().invoke(cli, ["session", str(path)])
    assert "drawn hand 流局: jing, kongs, flip and 跟庄 settled" in text.output


def test_a_drawn_hand_line_is_checked() -> None:
    bad = list(replay([SITTING[0], '{"event": "draw", "jings": {"S": [5, 0]}}']))
    assert bad[0].error is not None and bad[0].error.code == "invalid_request"
    unknown = list(replay([SITTING[0], '{"event": "draw", "winner": "S"}']))
    assert unknown[0].error is not None and unknown[0].error.code == "invalid_request"
    # a jing kong in a drawn hand: W's concealed kong of 1p, raw 4 + 10 = 14 → 154, the only
    # seat scoring (霸王精) → 308 from each; and the kong's 2 from each: W +930, the others −310
    kong = json.dumps(
        {"event": "draw", "jing": "9p", "kongs": [{"seat": "W", "kind": "concealed", "tile": "1p"}]}
    )
    record = next(iter(replay([SITTING[0], kong])))
    assert record.payments == {"E": -310, "S": -310, "W": 930, "N": -310}


def test_another_rulesets_table_voids_a_drawn_hand_and_refuses_jing_fields() -> None:
    xingguo = json.dumps({"session": {"rules": "xingguo"}})
    void = next(iter(replay([xingguo, '{"event": "draw"}'])))
    assert void.payments == {"E": 0, "S": 0, "W": 0, "N": 0}
    refused = next(iter(replay([xingguo, '{"event": "draw", "jings": {"S": [1, 0]}}'])))
    assert refused.error is not None and refused.error.code == "invalid_request"
