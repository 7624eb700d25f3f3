"""``mjcalc waits`` under Guobiao: each winning tile with its fan self-drawn and off a discard,
whether it reaches the 8-fan minimum, and a hand whose every wait is short shown as not ready."""

from __future__ import annotations

import json

from mjcalc.app.waits import analyse
from tests.rules.guobiao.helpers import PAIRS_OFF, PAIRS_SELF, PAIRS_WAIT, SHORT
from tests.support.cli import run


def test_a_ready_hand_gives_each_tile_its_fan_both_ways() -> None:
    result = analyse({"rules": "guobiao", "hand": PAIRS_WAIT, "winner": "S"})
    assert result.ok and result.shanten == 0 and not result.short_of_minimum
    (wait,) = result.waits
    assert wait.tile == "4z" and not wait.short
    assert wait.self_draw is not None and wait.self_draw.fan == PAIRS_SELF
    assert {seat: way.fan for seat, way in wait.discard.items()} == dict.fromkeys("WNE", PAIRS_OFF)
    assert wait.self_draw.payments["S"] == 3 * (8 + PAIRS_SELF)


def test_a_hand_whose_every_wait_is_under_eight_is_not_ready() -> None:
    result = analyse({"rules": "guobiao", "hand": SHORT})
    assert result.ok
    assert result.short_of_minimum and result.ready_by_shape and result.shanten == 1
    assert [w.tile for w in result.waits] == ["2s", "5s"]
    for wait in result.waits:
        assert wait.short and wait.self_draw is None and not wait.discard
        assert {key: r.code for key, r in wait.refused.items()} == dict.fromkeys(
            ["self_draw", "S", "W", "N"], "below_minimum"
        )
        assert wait.refused["self_draw"].fan == 6  # 平和 2 + 不求人 4
        assert wait.refused["S"].fan == 4  # 平和 2 + 门前清 2


def test_the_json_keeps_the_short_tiles_with_their_fan() -> None:
    out = run("waits", SHORT, "-r", "guobiao", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["short_of_minimum"] is True and data["shanten"] == 1
    first = data["waits"][0]
    assert first["short"] is True
    assert first["refused"]["self_draw"]["code"] == "below_minimum"
    assert first["refused"]["self_draw"]["fan"] == 6
    ready = json.loads(run("waits", PAIRS_WAIT, "-r", "guobiao", "--json").stdout)
    assert "short_of_minimum" not in ready and "short" not in ready["waits"][0]
    assert ready["waits"][0]["self_draw"]["fan"] == PAIRS_SELF


def test_other_rulesets_waits_have_no_fan_fields() -> None:
    data = json.loads(run("waits", "123m456p789s11z23s", "-r", "shanghai", "--json").stdout)
    for wait in data["waits"]:
        assert "short" not in wait
        assert "fan" not in (wait["self_draw"] or {})


def test_the_view_in_both_languages() -> None:
    out = run("waits", SHORT, "-r", "guobiao")
    assert "Not ready to win" in out.stdout and "short" in out.stdout and "6/4" in out.stdout
    zh = run("waits", SHORT, "-r", "guobiao", "--lang", "zh")
    assert "未能胡牌" in zh.stdout and "不够" in zh.stdout
    ready = run("waits", PAIRS_WAIT, "-r", "guobiao")
    assert "25/24" in ready.stdout and "+99" in ready.stdout


def test_a_fourteen_tile_hand_counts_only_the_discards_that_reach_the_minimum() -> None:
    result = analyse({"rules": "guobiao", "hand": PAIRS_WAIT + "9m"})
    assert result.ok and result.discards
    ready = {d.tile: d for d in result.discards if d.shanten == 0}
    assert {"9m", "4z"} <= set(ready)  # either leaves a 七对 waiting on the other
    assert all(not w.short for d in ready.values() for w in d.waits)
    short = analyse({"rules": "guobiao", "hand": SHORT + "1z"})
    assert short.ok and short.discards
    assert short.discards[0].tile == "1z" and short.discards[0].shanten == 1  # never enough


def test_thirteen_orphans_and_the_knitted_straight_are_waited_on() -> None:
    orphans = analyse({"rules": "guobiao", "hand": "19m19p19s1234567z"})
    assert orphans.ok and orphans.shanten == 0 and len(orphans.waits) == 13
    assert {w.pattern.id for w in orphans.waits} == {"thirteen_orphans"}
    knitted = analyse({"rules": "guobiao", "hand": "147m258p369s123m5z"})
    assert [w.tile for w in knitted.waits] == ["5z"]
    assert knitted.waits[0].pattern.id == "knitted_straight"
    melded = analyse({"rules": "guobiao", "hand": "147m258p369s5z [123m]"})
    assert [w.tile for w in melded.waits] == ["5z"]


def test_a_waits_error_carries_items_only_when_below_the_minimum() -> None:
    # the error model gained items for below_minimum; every other error's JSON stays as it was
    request = {"rules": "shanghai", "hand": "4677888899m5m [222m]", "options": {"no_such": 1}}
    error = json.loads(analyse(request).to_json())["error"]
    assert error == {
        "code": "invalid_request",
        "message": "unknown option 'no_such'",
        "message_zh": "未知选项 'no_such'",
        "column": None,
    }
