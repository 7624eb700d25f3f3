"""The page at a table, in a real browser (Chromium, headless, 390 × 844, both languages): every
field of every ruleset has a control, the sitting's own fields are facts, melds are tapped in,
the payments are those of ``mjcalc score --json``, the history reads as words, the page fits a
thumb, says no English word in Chinese, and follows a phone's seat. Skipped as
:mod:`tests.web.test_browser` is, when no browser can be driven; screenshots are kept in the
test run's temporary directory (their paths printed)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import run
from tests.web.conftest import LiveServer, session_file
from tests.web.test_browser import (
    by_testid,
    chromium,
    console_errors,
    open_page,
    payments,
    pick_tiles,
    screenshot,
    select_value,
    tap,
    wait_for,
)

SEATS = "ESWN"
PLAYERS = {"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("screens")


def cli_json(*args: str) -> dict[str, Any]:
    result = run("score", *args, "--json")
    data: dict[str, Any] = json.loads(result.stdout)
    assert data["ok"] is True, data
    return data


def set_lang(driver: Any, lang: str) -> None:
    if driver.execute_script("return document.documentElement.lang").startswith(lang) is False:
        tap(driver, '[data-testid="lang-button"]')
    assert driver.execute_script("return document.documentElement.lang").startswith(lang)


def type_hand(driver: Any, hand: str) -> None:
    field = by_testid(driver, "hand-input")
    field.clear()
    field.send_keys(hand)
    wait_for(driver, lambda d: "·" in by_testid(d, "hand-parsed").text)


def step(driver: Any, control: str, times: int, direction: int = 1) -> None:
    for _ in range(times):
        tap(driver, f'{control} [data-step="{direction}"]')


# --- every situation of every ruleset ---------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_field_of_the_flags_has_a_control(
    browser: Any, serve: Callable[..., LiveServer], lang: str
) -> None:
    server = serve(lang=lang)
    flags = server.get("/api/flags").json
    open_page(browser, server)
    for name, entry in flags.items():
        select_value(browser, '[data-testid="rules-select"]', name)
        for flag in entry["flags"]:
            field = flag["field"]
            found = browser.find_elements("css selector", f'#flags [data-field="{field}"]')
            assert found and all(n.is_displayed() for n in found), (name, field)
            if flag["kind"] == "seat_values" and flag["value"] == "pair":
                for seat in SEATS:
                    for index in ("0", "1"):
                        css = f'#flags [data-field="{field}"][data-seat="{seat}"]'
                        stepper = browser.find_element(
                            "css selector", f'{css}[data-index="{index}"]'
                        )
                        assert len(stepper.find_elements("css selector", "[data-step]")) == 2
            elif flag["kind"] == "seat_values":
                choices = flag["metavar"].split("=")[1].split("|")
                for seat in SEATS:
                    row = browser.find_element(
                        "css selector", f'#flags [data-field="{field}"][data-seat="{seat}"]'
                    )
                    shown = [
                        b.get_attribute("data-value")
                        for b in row.find_elements("css selector", "button")
                    ]
                    assert shown == ["none", *choices]
            elif flag["kind"] in ("seat", "seats"):
                assert len(found[0].find_elements("css selector", "[data-seat]")) >= 4
        others = {f["field"] for e in flags.values() for f in e["flags"]}
        others -= {f["field"] for f in entry["flags"]}
        for field in others:  # another ruleset's controls are gone
            assert browser.find_elements("css selector", f'#flags [data-field="{field}"]') == []
    assert console_errors(browser) == []


def test_a_xingguo_hand_with_jing_holders_pays_what_the_command_pays(
    browser: Any, server: LiveServer, shots: Path
) -> None:
    open_page(browser, server)
    select_value(browser, '[data-testid="rules-select"]', "xingguo")
    type_hand(browser, "123m456789p789s11z")
    select_value(browser, '[data-testid="win-tile"]', "1m")
    select_value(browser, "#flag-jing", "5s")
    tap(browser, '[data-testid="winner"] [data-seat="S"]')
    tap(browser, '[data-testid="discarder"] [data-seat="W"]')
    jings = '#flags [data-field="jings"]'
    step(browser, f'{jings}[data-seat="N"][data-index="1"]', 1)
    step(browser, f'{jings}[data-seat="S"][data-index="0"]', 1)
    step(browser, f'{jings}[data-seat="S"][data-index="1"]', 2)
    step(browser, f'{jings}[data-seat="W"][data-index="0"]', 3)
    step(browser, f'{jings}[data-seat="W"][data-index="0"]', 1, -1)  # 3 then back to 2
    tap(browser, '#flags [data-field="xianggong"][data-seat="N"] [data-value="big"]')
    step(browser, '#flags [data-field="follow_dealer"]', 1)
    tap(browser, '[data-testid="score-button"]')
    shown = payments(browser)
    expected = cli_json(
        "123m456789p789s11z", "--win", "1m", "-r", "xingguo", "--jing", "5s",
        "--jings", "N=0,1", "--jings", "S=1,2", "--jings", "W=2,0", "--winner", "S",
        "--discarder", "W", "--xianggong", "N=big", "--follow-dealer", "1",
    )  # fmt: skip
    assert shown == expected["payments"] == {"E": -27, "S": 28, "W": 4, "N": -5}
    items = browser.find_elements("css selector", '[data-testid="items"] li')
    assert [i.get_attribute("data-item") for i in items] == [x["id"] for x in expected["items"]]
    screenshot(browser, shots, "xingguo-jings")
    # the same hand with no jing set: the counts are known (every seat none), no guess, no note
    for seat, index, times in (("N", 1, 1), ("S", 0, 1), ("S", 1, 2), ("W", 0, 2)):
        step(browser, f'{jings}[data-seat="{seat}"][data-index="{index}"]', times, -1)
    tap(browser, '#flags [data-field="xianggong"][data-seat="N"] [data-value="none"]')
    step(browser, '#flags [data-field="follow_dealer"]', 1, -1)
    tap(browser, '[data-testid="score-button"]')
    wait_for(browser, lambda d: payments(d) != shown)
    expected = cli_json(
        "123m456789p789s11z", "--win", "1m", "-r", "xingguo", "--jing", "5s",
        "--winner", "S", "--discarder", "W", "--jings", "S=0,0",
    )  # fmt: skip
    assert payments(browser) == expected["payments"] == {"E": -8, "S": 25, "W": -13, "N": -4}
    assert "warn" not in by_testid(browser, "result").get_attribute("innerHTML")
    assert console_errors(browser) == []


def test_melds_and_kongs_are_tapped_in_with_the_notations_brackets(
    browser: Any, server: LiveServer
) -> None:
    open_page(browser, server)
    select_value(browser, '[data-testid="rules-select"]', "shanghai")
    tap(browser, '[data-testid="tile-picker"] [data-meld="["]')
    assert (
        by_testid(browser, "tile-picker")
        .find_element("css selector", '[data-meld="["]')
        .get_attribute("aria-pressed")
        == "true"
    )
    pick_tiles(browser, ["5z", "5z", "5z"])
    tap(browser, '[data-testid="tile-picker"] [data-meld="["]')  # closes it
    tap(browser, '[data-testid="tile-picker"] [data-meld="("]')
    pick_tiles(browser, ["1p", "1p", "1p", "1p"])
    tap(browser, '[data-testid="tile-picker"] [data-meld="("]')
    pick_tiles(browser, ["1m", "1m", "1m", "2m", "2m", "2m", "3m", "3m"])
    hand = by_testid(browser, "hand-input").get_attribute("value")
    assert hand == "[555z] (1111p) 11122233m"
    wait_for(browser, lambda d: "15" in by_testid(d, "hand-parsed").text)
    tap(browser, '[data-testid="discarder"] [data-seat="N"]')
    tap(browser, '[data-testid="score-button"]')
    expected = cli_json(hand, "-r", "shanghai", "--discarder", "N")
    assert payments(browser) == expected["payments"]
    tap(browser, '[data-testid="tile-picker"] [data-tile-back]')  # ⌫: 33m → 3m
    assert by_testid(browser, "hand-input").get_attribute("value") == "[555z] (1111p) 1112223m"
    assert console_errors(browser) == []


def shanghai_sitting(tmp_path: Path, *lines: str, **header: Any) -> Path:
    path = session_file(tmp_path, players=PLAYERS, **header)
    with path.open("a", encoding="utf-8") as out:
        out.writelines(line + "\n" for line in lines)
    return path


def test_the_sittings_own_fields_are_facts_and_its_dice_double_a_mark(
    browser: Any, serve: Callable[..., LiveServer], tmp_path: Path, shots: Path
) -> None:
    path = shanghai_sitting(tmp_path, '{"event": "draw", "dice_double": true}', "draw")
    server = serve(session=path)
    open_page(browser, server)
    wait_for(browser, lambda d: by_testid(d, "sitting-facts").is_displayed())
    facts = by_testid(browser, "sitting-facts")

    def value(field: str) -> Any:
        return facts.find_element("css selector", f'[data-field="{field}"]')

    assert [value(f).get_attribute("data-value") for f in ("dealer", "kaibao", "huangfan")] == [
        "E", "1", "2",
    ]  # fmt: skip
    assert (
        value("kaibao").tag_name == "span" and value("kaibao").get_attribute("data-readonly") == ""
    )
    for field in ("kaibao", "huangfan"):  # not inputs when the sitting supplies them
        assert browser.find_elements("css selector", f'#flags [data-field="{field}"]') == []
    assert not by_testid(browser, "dealer").is_displayed()
    tap(browser, '[data-testid="marks"] [data-field="dice_double"]')
    wait_for(browser, lambda d: value("kaibao").get_attribute("data-value") == "2")
    type_hand(browser, "11122233344455m")
    tap(browser, '[data-testid="winner"] [data-seat="S"]')
    tap(browser, '[data-testid="discarder"] [data-seat="W"]')
    tap(browser, '[data-testid="score-button"]')
    expected = cli_json(
        "11122233344455m", "-r", "shanghai", "--winner", "S", "--discarder", "W",
        "--kaibao", "2", "--huangfan", "2",
    )  # fmt: skip
    shown = payments(browser)
    assert shown == expected["payments"]
    screenshot(browser, shots, "shanghai-sitting")
    before = path.read_text(encoding="utf-8")
    tap(browser, '[data-testid="add-hand"]')
    wait_for(browser, lambda d: int(by_testid(d, "total-S").text) == shown["S"])
    added = path.read_text(encoding="utf-8")[len(before) :]
    assert json.loads(added) == {
        "hand": "11122233344455m",
        "winner": "S",
        "discarder": "W",
        "dice_double": True,
    }
    record = server.get("/api/session").json["records"][-1]
    assert record["payments"] == expected["payments"]
    # the win took them: nothing pending, the mark off again, the next deal the winner's
    wait_for(browser, lambda d: value("kaibao").get_attribute("data-value") == "0")
    assert value("huangfan").get_attribute("data-value") == "0"
    assert value("dealer").get_attribute("data-value") == "S"
    # a drawn hand with a double on the dice
    tap(browser, '[data-testid="marks"] [data-field="dice_double"]')
    tap(browser, '[data-testid="add-draw"]')
    wait_for(browser, lambda d: value("huangfan").get_attribute("data-value") == "1")
    assert path.read_text(encoding="utf-8").endswith('{"event":"draw","dice_double":true}\n')
    assert value("kaibao").get_attribute("data-value") == "1"
    assert console_errors(browser) == []


def test_escapes_and_multiple_wins_are_tapped_not_typed(
    browser: Any, serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    path = shanghai_sitting(tmp_path)
    server = serve(session=path)
    open_page(browser, server)
    wait_for(browser, lambda d: by_testid(d, "session").is_displayed())
    type_hand(browser, "11122233344455m")
    tap(browser, '[data-testid="discarder"] [data-seat="S"]')
    tap(browser, '[data-testid="add-winner"]')  # East's hand held; West's next
    assert by_testid(browser, "hand-input").get_attribute("value") == ""
    type_hand(browser, "111m222p333s444m55p")
    tap(browser, '[data-testid="winner"] [data-seat="W"]')
    tap(browser, '[data-testid="add-hand"]')
    wait_for(
        browser, lambda d: len(d.find_elements("css selector", '[data-testid="history-row"]')) == 1
    )
    line = json.loads(path.read_text(encoding="utf-8").splitlines()[-1])
    assert line == {
        "discarder": "S",
        "winners": [
            {"hand": "11122233344455m", "winner": "E"},
            {"hand": "111m222p333s444m55p", "winner": "W"},
        ],
    }
    assert server.get("/api/session").json["records"][-1]["event"] == "multi_win"
    tap(browser, '[data-testid="events"] [data-event="escape"]')
    tap(browser, '[data-testid="events"] [data-ev="seat"] [data-seat="N"]')
    tap(browser, '[data-testid="add-event"]')
    wait_for(
        browser, lambda d: len(d.find_elements("css selector", '[data-testid="history-row"]')) == 2
    )
    assert path.read_text(encoding="utf-8").endswith('{"event":"escape","seat":"N","ends":false}\n')
    tap(browser, '[data-testid="events"] [data-event="adjust"]')
    tap(browser, '[data-testid="events"] [data-ev="from"] [data-seat="S"]')
    tap(browser, '[data-testid="events"] [data-ev="to"] [data-seat="E"]')
    tap(browser, '[data-testid="add-event"]')
    wait_for(
        browser, lambda d: len(d.find_elements("css selector", '[data-testid="history-row"]')) == 3
    )
    assert path.read_text(encoding="utf-8").endswith(
        '{"event":"adjust","from":"S","to":"E","amount":10}\n'
    )
    assert console_errors(browser) == []


def test_a_xingguo_sitting_takes_the_hand_with_its_jing_and_a_false_win(
    browser: Any, serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    path = session_file(tmp_path, rules="xingguo", players=PLAYERS, dealer="N")
    server = serve(session=path, lang="zh")
    open_page(browser, server)
    wait_for(browser, lambda d: by_testid(d, "sitting-facts").is_displayed())
    assert by_testid(browser, "rules-select").get_attribute("value") == "xingguo"
    dealer = by_testid(browser, "sitting-facts").find_element(
        "css selector", '[data-field="dealer"]'
    )
    assert dealer.get_attribute("data-value") == "N" and "Di" in dealer.text
    type_hand(browser, "123m456789p789s11z")
    select_value(browser, '[data-testid="win-tile"]', "1m")
    select_value(browser, "#flag-jing", "5s")
    tap(browser, '[data-testid="winner"] [data-seat="S"]')
    tap(browser, '[data-testid="discarder"] [data-seat="W"]')
    step(browser, '#flags [data-field="jings"][data-seat="E"][data-index="1"]', 2)
    tap(browser, '[data-testid="score-button"]')
    expected = cli_json(
        "123m456789p789s11z", "--win", "1m", "-r", "xingguo", "--jing", "5s", "--dealer", "N",
        "--winner", "S", "--discarder", "W", "--jings", "E=0,2",
    )  # fmt: skip
    assert payments(browser) == expected["payments"]
    tap(browser, '[data-testid="add-hand"]')
    wait_for(browser, lambda d: int(by_testid(d, "total-S").text) == expected["payments"]["S"])
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[-1]) == {
        "hand": "123m456789p789s11z",
        "winner": "S",
        "win_tile": "1m",
        "discarder": "W",
        "jing": "5s",
        "jings": {"E": [0, 2]},
    }
    assert server.get("/api/session").json["records"][-1]["payments"] == expected["payments"]
    kinds = by_testid(browser, "events").find_elements("css selector", "[data-event]")
    assert [k.get_attribute("data-event") for k in kinds] == ["false_win", "adjust"]  # no escape
    tap(browser, '[data-testid="events"] [data-event="false_win"]')
    tap(browser, '[data-testid="events"] [data-ev="seat"] [data-seat="W"]')
    tap(browser, '[data-testid="add-event"]')
    rows = '[data-testid="history-row"]'
    wait_for(browser, lambda d: len(d.find_elements("css selector", rows)) == 2)
    assert path.read_text(encoding="utf-8").endswith('{"event":"false_win","seat":"W"}\n')
    assert "诈胡" in browser.find_element("css selector", rows).text
    assert "Cy" in browser.find_element("css selector", rows).text
    assert console_errors(browser) == []


# --- the history in words ---------------------------------------------------------------------

HISTORY = (
    '{"hand": "11122233344455m", "discarder": "S"}',
    '{"hand": "111m222p333s444m55p", "winner": "W"}',
    "draw",
    "escape N",
    "adjust S E 10",
)


def test_a_guobiao_table_says_cuohe_for_a_false_win(
    browser: Any, serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    # Guobiao's table calls a false win 错和, as its command line and sitting view do
    path = session_file(tmp_path, rules="guobiao", players=PLAYERS)
    server = serve(session=path, lang="zh")
    open_page(browser, server)
    wait_for(browser, lambda d: by_testid(d, "sitting-facts").is_displayed())
    button = '[data-testid="events"] [data-event="false_win"]'
    assert browser.find_element("css selector", button).text == "错和"
    tap(browser, button)
    tap(browser, '[data-testid="events"] [data-ev="seat"] [data-seat="N"]')
    tap(browser, '[data-testid="add-event"]')
    rows = '[data-testid="history-row"]'
    wait_for(browser, lambda d: len(d.find_elements("css selector", rows)) == 1)
    assert path.read_text(encoding="utf-8").endswith('{"event":"false_win","seat":"N"}\n')
    row = browser.find_element("css selector", rows).text
    assert "错和" in row and "诈胡" not in row
    assert server.get("/api/session").json["summary"]["totals"]["N"] == -30
    assert console_errors(browser) == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_history_reads_as_words_with_the_players_names(
    browser: Any, serve: Callable[..., LiveServer], tmp_path: Path, lang: str
) -> None:
    server = serve(session=shanghai_sitting(tmp_path, *HISTORY), lang=lang)
    records = server.get("/api/session").json["records"]
    open_page(browser, server)
    rows = wait_for(
        browser,
        lambda d: (
            len(found := d.find_elements("css selector", '[data-testid="history-row"]')) == 5
            and found
        ),
    )
    assert [int(r.get_attribute("data-line")) for r in rows] == [r["line"] for r in records][::-1]
    text = {int(r.get_attribute("data-line")): r.text for r in rows}
    names = {
        int(r.get_attribute("data-line")): [b.text for b in r.find_elements("css selector", "bdi")]
        for r in rows
    }
    pattern = records[0]["results"][0]["pattern"]
    words = {
        "en": ["won", "off", "self-drew", "Drawn hand", "escaped", "pays"],
        "zh": ["放炮", "放炮", "自摸", "流局", "逃跑", "付给"],
    }[lang]
    first, second, draw, escape, adjust = (r["line"] for r in records)
    assert names[first][:2] == ["Ann", "Bo"] and pattern["zh"] in text[first]
    assert words[0] in text[first] and words[1] in text[first]
    assert names[second][0] == "Cy" and words[2] in text[second]
    assert words[3] in text[draw]
    assert names[escape][0] == "Di" and words[4] in text[escape]
    assert names[adjust][:2] == ["Bo", "Ann"] and words[5] in text[adjust] and "10" in text[adjust]
    for row in text.values():  # no seat letter alone, no "line 10"
        assert re.search(r"\b[ESWN]\b", row) is None, row
        assert "line" not in row.lower() and "行" not in row
    assert console_errors(browser) == []


def silver_sitting(tmp_path: Path) -> Path:
    """A Shanghai sitting with silver, its players named, five lines of every kind played."""
    return shanghai_sitting(tmp_path, *HISTORY, balances=dict.fromkeys(SEATS, 500))


# --- made for the table -----------------------------------------------------------------------

SMALL_TARGETS = """
return [...document.querySelectorAll(
    'button, select, input, [role=switch], .stepper, [data-testid="history-row"] button')]
  .filter((n) => n.offsetParent !== null && n.type !== 'hidden')
  .map((n) => { const r = n.getBoundingClientRect();
    return [n.outerHTML.slice(0, 90), Math.round(r.width), Math.round(r.height)]; })
  .filter(([, w, h]) => w < 44 || h < 44);
"""

SCORE_BOTTOM = (
    "return document.querySelector('[data-testid=\"score-button\"]').getBoundingClientRect().bottom"
)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_score_button_is_on_the_first_screen_and_every_target_fits_a_thumb(
    browser: Any, serve: Callable[..., LiveServer], tmp_path: Path, lang: str, shots: Path
) -> None:
    server = serve(session=silver_sitting(tmp_path), lang=lang)
    open_page(browser, server)
    wait_for(browser, lambda d: by_testid(d, "session").is_displayed())
    assert browser.execute_script("return window.scrollY") == 0
    assert 0 < browser.execute_script(SCORE_BOTTOM) <= 844
    # everything opened: a result with its details, waits, every event's form
    type_hand(browser, "11122233344455m")
    assert not by_testid(browser, "add-kong").is_displayed()  # kongs pay nothing in Shanghai
    tap(browser, '[data-testid="score-button"]')
    payments(browser)
    tap(browser, '[data-testid="details-button"]')
    type_hand(browser, "1112345678999m")
    tap(browser, '[data-testid="waits-button"]')
    wait_for(browser, lambda d: by_testid(d, "waits").is_displayed())
    for kind in ("escape", "adjust"):
        tap(browser, f'[data-testid="events"] [data-event="{kind}"]')
        assert browser.execute_script(SMALL_TARGETS) == []
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    screenshot(browser, shots, f"table-{lang}")
    select_value(browser, '[data-testid="rules-select"]', "shanghai")
    # Xingguo without a sitting: its steppers and choices too
    plain = serve(lang=lang)
    open_page(browser, plain)
    for rules in ("xingguo", "shanghai"):
        select_value(browser, '[data-testid="rules-select"]', rules)
        if rules == "xingguo":
            tap(browser, '[data-testid="add-kong"]')  # a kong's row: seat, kind, tile, ✕
        browser.execute_script("window.scrollTo(0, 0)")
        assert 0 < browser.execute_script(SCORE_BOTTOM) <= 844
        assert browser.execute_script(SMALL_TARGETS) == []
    assert console_errors(browser) == []


LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
ALLOWED = {"mjcalc", *PLAYERS.values()}
TEXTS = """
const texts = [document.body.innerText];
for (const n of document.querySelectorAll('[title], [aria-label]')) {
  if (n.offsetParent === null && n.getClientRects().length === 0) continue;
  texts.push(n.getAttribute('title') || '', n.getAttribute('aria-label') || '');
}
for (const o of document.querySelectorAll('select option')) texts.push(o.textContent);
return texts.join('\\n');
"""


def chinese_words(driver: Any) -> set[str]:
    text = driver.execute_script(TEXTS)
    assert "`" not in text and "--" not in text
    return set(LATIN_WORD.findall(text)) - ALLOWED


def test_no_english_word_or_command_line_in_chinese(
    browser: Any, serve: Callable[..., LiveServer], tmp_path: Path, shots: Path
) -> None:
    server = serve(session=silver_sitting(tmp_path), lang="zh")
    open_page(browser, server)
    wait_for(browser, lambda d: by_testid(d, "session").is_displayed())
    assert chinese_words(browser) == set()
    tap(browser, '[data-testid="my-seat"] [data-seat="S"]')
    type_hand(browser, "11122233344455m")
    tap(browser, '[data-testid="discarder"] [data-seat="N"]')
    tap(browser, '[data-testid="score-button"]')
    payments(browser)
    tap(browser, '[data-testid="details-button"]')
    for li in browser.find_elements("css selector", '[data-testid="items"] li'):
        browser.execute_script("arguments[0].classList.add('open')", li)
    assert chinese_words(browser) == set()
    type_hand(browser, "1112345678999m")
    tap(browser, '[data-testid="waits-button"]')
    wait_for(browser, lambda d: by_testid(d, "waits").is_displayed())
    for kind in ("escape", "adjust"):
        tap(browser, f'[data-testid="events"] [data-event="{kind}"]')
        assert chinese_words(browser) == set()
    tap(browser, '[data-testid="add-event"]')  # no seats chosen: said in Chinese
    wait_for(browser, lambda d: by_testid(d, "session-message").text != "")
    assert chinese_words(browser) == set()
    screenshot(browser, shots, "chinese-shanghai")
    # Xingguo without a sitting: its flags' help without the command line's words
    plain = serve(lang="zh")
    open_page(browser, plain)
    select_value(browser, '[data-testid="rules-select"]', "xingguo")
    assert chinese_words(browser) == set()
    type_hand(browser, "123m456789p789s11z")
    select_value(browser, "#flag-jing", "5s")
    tap(browser, '[data-testid="add-kong"]')
    tap(browser, '[data-testid="score-button"]')
    payments(browser)
    tap(browser, '[data-testid="details-button"]')
    tap(browser, '[data-testid="waits-button"]')
    wait_for(browser, lambda d: by_testid(d, "waits").is_displayed())
    assert chinese_words(browser) == set()
    screenshot(browser, shots, "chinese-xingguo")
    assert console_errors(browser) == []


def test_a_language_or_ruleset_switch_draws_every_panel_again(
    browser: Any, server: LiveServer
) -> None:
    open_page(browser, server)
    set_lang(browser, "en")
    select_value(browser, '[data-testid="rules-select"]', "shanghai")
    type_hand(browser, "1112345678999m")
    tap(browser, '[data-testid="waits-button"]')
    wait_for(browser, lambda d: by_testid(d, "waits").is_displayed())
    waits = server.post("/api/waits", {"rules": "shanghai", "hand": "1112345678999m"}).json
    type_hand(browser, "11122233344455m")
    tap(browser, '[data-testid="score-button"]')
    payments(browser)
    result = server.post("/api/score", {"rules": "shanghai", "hand": "11122233344455m"}).json
    pattern = result["pattern"]
    assert by_testid(browser, "pattern").text == f"{pattern['en']} {pattern['zh']}"
    assert "Ready" in by_testid(browser, "waits").text
    set_lang(browser, "zh")
    assert by_testid(browser, "pattern").text == pattern["zh"]
    assert waits["waits"][0]["pattern"]["zh"] in by_testid(browser, "waits").text
    assert (
        "听牌" in by_testid(browser, "waits").text
        and "Ready" not in by_testid(browser, "waits").text
    )
    assert by_testid(browser, "score-button").text == "算分"
    assert (
        by_testid(browser, "tile-picker")
        .find_element("css selector", '[data-suit="m"]')
        .text.endswith("万")
    )
    set_lang(browser, "en")
    assert by_testid(browser, "pattern").text == f"{pattern['en']} {pattern['zh']}"
    select_value(browser, '[data-testid="rules-select"]', "xingguo")
    assert not by_testid(browser, "result").is_displayed()  # another ruleset's numbers: gone
    assert not by_testid(browser, "waits").is_displayed()
    assert console_errors(browser) == []


def test_a_phone_says_which_seat_it_is_and_sees_its_standing_first(
    browser: Any, serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    balances = dict.fromkeys(SEATS, 500)
    server = serve(session=shanghai_sitting(tmp_path, *HISTORY, balances=balances))
    summary = server.get("/api/session").json["summary"]
    open_page(browser, server)
    wait_for(browser, lambda d: by_testid(d, "session").is_displayed())

    def order(driver: Any) -> list[str]:
        rows = driver.find_elements("css selector", "#standings tbody tr")
        return [r.get_attribute("data-seat") for r in rows]

    assert order(browser) == list(SEATS)
    tap(browser, '[data-testid="my-seat"] [data-seat="S"]')
    assert browser.execute_script("return localStorage.getItem('mjcalc.me')") == "S"
    browser.refresh()  # kept on this phone
    wait_for(browser, lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    wait_for(browser, lambda d: by_testid(d, "session").is_displayed())
    assert order(browser) == ["S", "W", "N", "E"]
    first = browser.find_element("css selector", "#standings tbody tr")
    assert "me" in first.get_attribute("class").split()
    mine = by_testid(browser, "my-standing")
    assert "Bo" in mine.text and str(summary["balances"]["S"]) in mine.text
    assert str(summary["totals"]["S"]) in mine.text
    tap(browser, '[data-testid="my-seat"] [data-seat="none"]')
    assert browser.execute_script("return localStorage.getItem('mjcalc.me')") is None
    assert order(browser) == list(SEATS)
    assert console_errors(browser) == []


def test_light_and_dark_with_system_fonts(browser: Any, server: LiveServer, shots: Path) -> None:
    open_page(browser, server)
    background = "return getComputedStyle(document.body).backgroundColor"
    light = browser.execute_script(background)
    browser.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": "dark"}]},
    )
    try:
        dark = browser.execute_script(background)
        screenshot(browser, shots, "dark")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert light != dark
    fonts = browser.execute_script("return getComputedStyle(document.body).fontFamily")
    assert fonts.startswith("system-ui") and fonts.endswith("sans-serif")
    # a tile's label is its code, readable with any font, whatever the glyph's font shows
    labels = [
        b.find_element("css selector", ".c").text
        for b in browser.find_elements("css selector", '[data-testid="tile-picker"] [data-tile]')
    ]
    assert labels == [f"{n}m" for n in range(1, 10)]
    assert console_errors(browser) == []
