"""The page and the API take Guobiao like the other rulesets: its flags, its sitting's data (the
prevalent wind is supplied by a sitting), a hand scored and a hand refused below the minimum."""

from __future__ import annotations

from tests.web.conftest import LiveServer

PAIRS = "11m33m55p77p99s22s44z"


def test_the_page_data_of_guobiao(server: LiveServer) -> None:
    guobiao = server.get("/api/flags").json["guobiao"]
    fields = [f["field"] for f in guobiao["flags"]]
    assert fields == ["prevalent", "last_tile_of_wall", "last_of_kind"]
    assert guobiao["events"] == ["draw", "false_win", "hand"]
    assert guobiao["supplied"] == ["prevalent"]
    assert {o["name"] for o in guobiao["options"]} == {"false_win_penalty", "rounds"}
    assert server.get("/api/flags").json["shanghai"]["supplied"] == []
    assert guobiao["false_win_name"] == "错和"  # the page's word for a false win at this table
    assert server.get("/api/flags").json["xingguo"]["false_win_name"] == "诈胡"


def test_the_api_scores_and_refuses_a_guobiao_hand(server: LiveServer) -> None:
    body = {"rules": "guobiao", "hand": PAIRS, "winner": "S", "discarder": "W"}
    scored = server.post("/api/score", body).json
    assert scored["ok"] and scored["payments"] == {"E": -8, "S": 48, "W": -32, "N": -8}
    refused = server.post("/api/score", {**body, "hand": "123m345p56s789s22p7s"}).json
    assert refused["error"]["code"] == "below_minimum"
    assert {i["id"] for i in refused["error"]["items"]} == {"concealed_hand", "all_chows"}
    waits = server.post("/api/waits", {"rules": "guobiao", "hand": "123m567p789s34s55m"}).json
    assert waits["short_of_minimum"] is True
