"""What the page is drawn from: each ruleset's flags with what a sitting does with them
(``GET /api/flags``), and what the next win of a sitting is scored with (``pending`` in
``GET /api/session``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mjcalc.rules.plugins import plugins
from tests.web.conftest import LiveServer, session_file


def test_the_flags_are_the_plugins_own_with_what_a_sitting_supplies(server: LiveServer) -> None:
    flags = server.get("/api/flags").json
    assert list(flags) == list(plugins())
    for name, plugin in plugins().items():
        fields = [f["field"] for f in flags[name]["flags"]]
        assert fields == [f.field for f in plugin.flags]
        for shown, flag in zip(flags[name]["flags"], plugin.flags, strict=True):
            assert shown["kind"] == flag.kind and shown["value"] == flag.value
            assert shown["help"] == list(flag.help) and shown["metavar"] == flag.metavar
    shanghai, xingguo = flags["shanghai"], flags["xingguo"]
    assert shanghai["carried"] == ["kaibao", "huangfan"]
    assert [(m["field"], m["adds"]) for m in shanghai["marks"]] == [("dice_double", {"kaibao": 1})]
    assert shanghai["events"] == ["draw", "escape", "hand", "multi_win"]
    assert xingguo["carried"] == [] and xingguo["marks"] == []
    assert xingguo["events"] == ["draw", "false_win", "hand"]
    assert shanghai["ignored"] == ["kongs"] and xingguo["ignored"] == []
    jings = next(f for f in xingguo["flags"] if f["field"] == "jings")
    assert (jings["kind"], jings["value"], jings["metavar"]) == ("seat_values", "pair", "SEAT=Z,F")


def test_a_new_sittings_form_offers_the_whole_number_options_only_a_sitting_uses(
    server: LiveServer,
) -> None:
    flags = server.get("/api/flags").json
    shanghai = {o["name"]: o for o in flags["shanghai"]["options"]}
    assert list(shanghai) == ["fee", "escape_lezi"]  # not base, lezi, stake: a hand's too
    assert (shanghai["fee"]["value"], shanghai["fee"]["low"], shanghai["fee"]["high"]) == (
        0,
        0,
        1000,
    )
    assert shanghai["fee"]["help"][1].startswith("台费")
    docs = {o["name"]: o for o in server.get("/api/rules/shanghai").json["options"]}
    for name, option in shanghai.items():
        assert option["value"] == docs[name]["value"]  # the ruleset file's own value
    assert [o["name"] for o in flags["xingguo"]["options"]] == ["false_win_score"]


def test_the_session_says_what_the_next_win_is_scored_with(
    serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    path = session_file(tmp_path)
    server = serve(session=path)
    assert server.get("/api/session").json["pending"] == {"kaibao": 0, "huangfan": 0}
    for line in ("draw --dice-double", "draw"):
        assert server.post("/api/session/lines", {"line": line}).json["ok"] is True
    first = server.get("/api/session").json
    assert first["pending"] == {"kaibao": 1, "huangfan": 2}
    later = server.get(f"/api/session?since={first['lines']}&mark={first['mark']}").json
    assert later["records"] == [] and later["pending"] == {"kaibao": 1, "huangfan": 2}
    line = '{"hand": "11122233344455m", "discarder": "S", "dice_double": true}'
    added = server.post("/api/session/lines", {"line": line}).json
    items = {i["id"]: i for i in added["record"]["results"][0]["items"]}
    assert "kaibao" in items and "huangfan" in items  # the win took them
    assert server.get("/api/session").json["pending"] == {"kaibao": 0, "huangfan": 0}


def test_a_ruleset_that_carries_nothing_has_nothing_pending(
    serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    server = serve(session=session_file(tmp_path, rules="xingguo"))
    assert server.post("/api/session/lines", {"line": "draw"}).json["ok"] is True
    assert server.get("/api/session").json["pending"] == {}
