"""A club night's page, in real browsers (Chromium, headless, 390 × 844, both languages): the
night's sittings listed and a new one started from the page (the file byte for byte what
``mjcalc session FILE --new`` writes), history rows replaced, inserted before and deleted by
tapping (the file what ``--replace``, ``--insert`` and ``--delete`` leave; a refused change
leaves it byte-identical, said in the page's language), two phones and a terminal on one sitting
following each other live from its event stream without a reload, and who pays whom equal to
``--settle``. Skipped as :mod:`tests.web.test_browser` is, when no browser can be driven;
screenshots are kept in the test run's temporary directory (their paths printed)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import CLEAN_ENV, run
from tests.web.conftest import Command, LiveServer
from tests.web.test_browser import (
    by_testid,
    chromium,
    console_errors,
    open_page,
    screenshot,
    select_value,
    tap,
    wait_for,
)
from tests.web.test_table_page import PLAYERS, chinese_words

SEATS = "ESWN"
ROWS = '[data-testid="history-row"]'
LINES = (
    "11122233344455m --discarder S",
    "111m222p333s444m55p --winner W --discarder N",
    "draw",
    "adjust S E 10",
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


@pytest.fixture(scope="module")
def second() -> Iterator[Any]:
    """Another phone at the same table: a browser of its own."""
    yield from chromium()


@pytest.fixture
def phone(browser: Any, serve: Callable[..., LiveServer]) -> Iterator[Any]:
    """The browser, left on a blank page before the test's servers stop (its event stream
    closed by the page, not cut off by the server)."""
    yield browser
    browser.get("about:blank")


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the screenshots go: the run's temporary directory, or ``MJCALC_SCREENS`` when set
    (how docs/serve.md's pictures of the page are taken)."""
    chosen = os.environ.get("MJCALC_SCREENS")
    if chosen:
        Path(chosen).mkdir(parents=True, exist_ok=True)
        return Path(chosen)
    return tmp_path_factory.mktemp("club-screens")


def session(*args: str) -> str:
    result = run("session", *args)
    assert result.exit_code == 0, result.output
    return result.stdout


def night_with(tmp_path: Path, *lines: str, name: str = "table-1", fee: int = 0) -> Path:
    """A club night's directory with one Shanghai sitting, started and added to by the command
    line itself: its four players named, ``fee`` a hand."""
    night = tmp_path / "night"
    night.mkdir(exist_ok=True)
    path = night / f"{name}.jsonl"
    players = [f"--player={seat}={PLAYERS[seat]}" for seat in SEATS]
    options = ["-o", f"fee={fee}"] if fee else []
    session(str(path), "--new", "--rules", "shanghai", *players, *options)
    for line in lines:
        session(str(path), "--add", line)
    return night


def page_errors(driver: Any, *refusals: int) -> list[dict[str, Any]]:
    """The console's errors, but for the browser's own note of a refusal the test asked for
    (a 409, a 422: the page shows the server's message for it)."""
    noted = [f"status of {status}" for status in refusals]
    return [e for e in console_errors(driver) if not any(n in e["message"] for n in noted)]


def rows(driver: Any) -> list[int]:
    return [int(r.get_attribute("data-line")) for r in driver.find_elements("css selector", ROWS)]


def totals(driver: Any) -> dict[str, int]:
    return {seat: int(by_testid(driver, f"total-{seat}").text) for seat in SEATS}


def open_sitting(driver: Any, server: LiveServer, query: str) -> None:
    open_page(driver, server, query)
    wait_for(driver, lambda d: by_testid(d, "session").is_displayed())


def in_row(driver: Any, line: int, testid: str) -> Any:
    return driver.find_element(
        "css selector", f'{ROWS}[data-line="{line}"] [data-testid="{testid}"]'
    )


def row_text(driver: Any, line: int) -> str:
    text: str = driver.find_element("css selector", f'{ROWS}[data-line="{line}"]').text
    return text


def open_row(driver: Any, line: int, action: str) -> None:
    tap(driver, f'{ROWS}[data-line="{line}"]')
    tap(driver, f'{ROWS}[data-line="{line}"] [data-testid="{action}"]')


# --- two phones and a terminal on one sitting -------------------------------------------------


def test_a_line_added_on_one_phone_appears_on_the_other_without_a_reload(
    phone: Any, second: Any, serve: Callable[..., LiveServer], tmp_path: Path, shots: Path
) -> None:
    night = night_with(tmp_path, LINES[0])
    server = serve(directory=night)
    open_sitting(phone, server, "?sitting=table-1")
    open_sitting(second, server, "?sitting=table-1")
    try:
        second.execute_script("window.keptFromBefore = 'still here'")
        assert rows(second) == [2]
        by_testid(phone, "session-line").send_keys(LINES[1])
        tap(phone, '[data-testid="add-line"]')
        started = time.monotonic()
        wait_for(second, lambda d: rows(d) == [3, 2], timeout=5)
        assert time.monotonic() - started < 5
        summary = server.get("/api/sittings/table-1").json["summary"]
        wait_for(second, lambda d: totals(d) == summary["totals"], timeout=5)
        assert second.execute_script("return window.keptFromBefore") == "still here"  # no reload
        assert "Cy" in second.find_element("css selector", f'{ROWS}[data-line="3"]').text
        points = second.find_element("css selector", '[data-testid="chart"] polyline')
        assert len(points.get_attribute("points").split()) == 3  # the start and two lines
        # and back: the second phone deletes the first line, the first phone follows
        open_row(second, 2, "row-delete")
        tap(second, f'{ROWS}[data-line="2"] [data-testid="confirm"]')
        wait_for(phone, lambda d: rows(d) == [2], timeout=5)
        summary = server.get("/api/sittings/table-1").json["summary"]
        wait_for(phone, lambda d: totals(d) == summary["totals"], timeout=5)
        screenshot(second, shots, "two-phones")
        assert console_errors(phone) == [] and console_errors(second) == []
    finally:
        second.get("about:blank")


def test_a_line_added_in_a_terminal_appears_on_the_open_page(
    browser: Any, command: Callable[..., Command], tmp_path: Path
) -> None:
    """A real ``mjcalc serve --dir`` with a token: the page's event stream carries the token in
    its query, and a terminal's ``--add``, which the server never hears of, is on the page
    within about two seconds."""
    night = night_with(tmp_path, LINES[0])
    running = command("--dir", str(night), "--token", "a-table-token")
    live = running.live()
    try:
        open_sitting(browser, live, "?token=a-table-token&sitting=table-1")
        assert rows(browser) == [2]
        env = {k: v for k, v in os.environ.items() if k not in CLEAN_ENV}
        path = night / "table-1.jsonl"
        added = subprocess.run(
            [sys.executable, "-m", "mjcalc", "session", str(path), "--add", "draw"],
            capture_output=True,
            env=env,
            timeout=60,
            check=False,
        )
        assert added.returncode == 0, added.stderr
        started = time.monotonic()
        wait_for(browser, lambda d: rows(d) == [3, 2], timeout=5)
        assert time.monotonic() - started < 2.5
        assert console_errors(browser) == []
    finally:
        browser.get("about:blank")
        code, _ = running.stop()
        assert code == 0


# --- the rows fixed by tapping ----------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_middle_line_deleted_by_tapping_is_what_session_delete_leaves(
    phone: Any, serve: Callable[..., LiveServer], tmp_path: Path, lang: str, shots: Path
) -> None:
    night = night_with(tmp_path, *LINES)
    path = night / "table-1.jsonl"
    expected = tmp_path / "by-the-command.jsonl"
    shutil.copyfile(path, expected)
    session(str(expected), "--delete", "3")
    server = serve(directory=night, lang=lang)
    open_sitting(phone, server, "?sitting=table-1")
    assert rows(phone) == [5, 4, 3, 2]
    open_row(phone, 3, "row-delete")
    before = path.read_bytes()
    confirm = f'{ROWS}[data-line="3"] [data-testid="confirm"]'
    assert in_row(phone, 3, "confirm").is_displayed()
    assert path.read_bytes() == before  # nothing until it is confirmed
    if lang == "zh":
        assert chinese_words(phone) == set()
    screenshot(phone, shots, f"row-delete-{lang}")
    tap(phone, confirm)
    wait_for(phone, lambda d: rows(d) == [4, 3, 2])
    assert path.read_bytes() == expected.read_bytes()
    summary = server.get("/api/sittings/table-1").json["summary"]
    wait_for(phone, lambda d: totals(d) == summary["totals"])
    # a refused change: the replacement does not read; said in the page's language, the file
    # byte-identical
    before = path.read_bytes()
    open_row(phone, 2, "row-edit")
    in_row(phone, 2, "row-line").send_keys("123m45x")
    tap(phone, f'{ROWS}[data-line="2"] [data-testid="row-save"]')
    message = f'{ROWS}[data-line="2"] [data-testid="row-message"]'
    wait_for(phone, lambda d: d.find_element("css selector", message).text != "")
    refused = server.request("PUT", "/api/sittings/table-1/lines/2", {"line": "123m45x"})
    assert refused.status == 409
    error = refused.json["error"]
    shown = phone.find_element("css selector", message).text
    assert shown == (error["message_zh"] if lang == "zh" else error["message"])
    assert path.read_bytes() == before
    if lang == "zh":
        assert chinese_words(phone) == set()
    screenshot(phone, shots, f"row-refused-{lang}")
    assert page_errors(phone, 409) == []


def test_a_row_replaced_and_a_line_inserted_before_one_as_the_command_does(
    phone: Any, serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    night = night_with(tmp_path, *LINES)
    path = night / "table-1.jsonl"
    expected = tmp_path / "by-the-command.jsonl"
    shutil.copyfile(path, expected)
    fixed = "111m222p333s444m55p --winner W --discarder E"
    session(str(expected), "--replace", "3", fixed)
    session(str(expected), "--insert", "4", "escape N")
    server = serve(directory=night)
    open_sitting(phone, server, "?sitting=table-1")
    open_row(phone, 3, "row-edit")
    in_row(phone, 3, "row-line").send_keys(fixed)
    tap(phone, f'{ROWS}[data-line="3"] [data-testid="row-save"]')
    wait_for(phone, lambda d: "3" in by_testid(d, "session-message").text)
    wait_for(phone, lambda d: "Ann" in row_text(d, 3))
    open_row(phone, 4, "row-insert")
    in_row(phone, 4, "row-line").send_keys("escape N")
    tap(phone, f'{ROWS}[data-line="4"] [data-testid="row-save"]')
    wait_for(phone, lambda d: rows(d) == [6, 5, 4, 3, 2])
    assert path.read_bytes() == expected.read_bytes()
    assert "escaped" in row_text(phone, 4)
    # the hand set up above, as the line put in a row's place
    open_row(phone, 2, "row-edit")
    hand = by_testid(phone, "hand-input")
    hand.send_keys("11122233344455m")
    wait_for(phone, lambda d: "·" in by_testid(d, "hand-parsed").text)
    tap(phone, '[data-testid="discarder"] [data-seat="W"]')
    tap(phone, f'{ROWS}[data-line="2"] [data-testid="row-use-hand"]')
    typed = in_row(phone, 2, "row-line")
    assert json.loads(typed.get_attribute("value")) == {
        "hand": "11122233344455m",
        "winner": "E",
        "discarder": "W",
    }
    tap(phone, f'{ROWS}[data-line="2"] [data-testid="row-save"]')
    wait_for(phone, lambda d: "Cy" in row_text(d, 2))
    assert path.read_text(encoding="utf-8").splitlines()[1] == (
        '{"hand":"11122233344455m","winner":"E","discarder":"W"}'
    )
    assert console_errors(phone) == []


# --- the night's sittings ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_sitting_started_from_the_page_is_what_session_new_writes(
    phone: Any, serve: Callable[..., LiveServer], tmp_path: Path, lang: str, shots: Path
) -> None:
    night = night_with(tmp_path, LINES[0], name="earlier")
    server = serve(directory=night, lang=lang)
    open_page(phone, server)
    listed = wait_for(
        phone,
        lambda d: d.find_elements("css selector", '[data-testid="sitting-row"]'),
    )
    assert [r.get_attribute("data-id") for r in listed] == ["earlier"]
    assert "Ann" in listed[0].text and not by_testid(phone, "session").is_displayed()
    tap(phone, '[data-testid="new-sitting"]')
    select_value(phone, '[data-testid="new-sitting-form"] [data-field="rules"]', "shanghai")
    form = by_testid(phone, "new-sitting-form")
    names = {"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"}
    for seat, name in names.items():
        named = f'[data-field="names"][data-seat="{seat}"]'
        form.find_element("css selector", named).send_keys(name)
    tap(phone, '[data-field="dealer"] [data-seat="S"]', within=form)
    fee = form.find_element("css selector", '[data-field="options"][data-option="fee"]')
    fee.clear()
    fee.send_keys("5")
    if lang == "zh":
        assert chinese_words(phone) == set()
    screenshot(phone, shots, f"new-sitting-{lang}")
    tap(phone, '[data-testid="create-sitting"]')
    wait_for(phone, lambda d: "sitting=" in d.current_url)
    made = phone.current_url.split("sitting=")[1].split("&")[0]
    wait_for(phone, lambda d: by_testid(d, "session").is_displayed())
    expected = tmp_path / "by-the-command.jsonl"
    players = [f"--player={seat}={name}" for seat, name in names.items()]
    session(str(expected), "--new", "--rules", "shanghai", *players, "--dealer", "S", "-o", "fee=5")
    assert (night / f"{made}.jsonl").read_bytes() == expected.read_bytes()
    assert made.endswith("-shanghai-1")
    dealer = by_testid(phone, "sitting-facts").find_element("css selector", '[data-field="dealer"]')
    assert dealer.get_attribute("data-value") == "S"
    # the list has both; tapping the other opens it, the URL following
    tap(phone, '[data-testid="sittings-toggle"]')
    wait_for(
        phone, lambda d: len(d.find_elements("css selector", '[data-testid="sitting-row"]')) == 2
    )
    if lang == "zh":
        assert chinese_words(phone) == set()
    tap(phone, '[data-testid="sitting-row"][data-id="earlier"]')
    wait_for(phone, lambda d: "sitting=earlier" in d.current_url and rows(d) == [2])
    assert console_errors(phone) == []


def test_without_a_directory_there_is_no_list_and_no_new_sitting(
    phone: Any, serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    night = night_with(tmp_path, LINES[0], name="game-night")
    server = serve(session=night / "game-night.jsonl")
    open_sitting(phone, server, "")
    assert not by_testid(phone, "sittings").is_displayed()
    assert phone.find_elements("css selector", '[data-testid="new-sitting"]') == []
    assert rows(phone) == [2]
    # the --session sitting is followed by its id's stream too: a line of another client shows
    assert server.post("/api/session/lines", {"line": "draw"}).json["ok"] is True
    wait_for(phone, lambda d: rows(d) == [3, 2], timeout=5)
    assert "sitting=" not in phone.current_url
    # and its rows are fixed by tapping, through its id
    open_row(phone, 2, "row-delete")
    tap(phone, f'{ROWS}[data-line="2"] [data-testid="confirm"]')
    wait_for(phone, lambda d: rows(d) == [2])
    assert server.get("/api/session").json["summary"]["lines"] == 1
    assert console_errors(phone) == []


# --- who pays whom ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_settle_panel_pays_what_session_settle_prints(
    phone: Any, serve: Callable[..., LiveServer], tmp_path: Path, lang: str, shots: Path
) -> None:
    night = night_with(tmp_path, *LINES, fee=5)
    path = night / "table-1.jsonl"
    server = serve(directory=night, lang=lang)
    open_sitting(phone, server, "?sitting=table-1")
    tap(phone, '[data-testid="settle-button"]')
    lines = '[data-testid="settle"] [data-testid="settle-line"]'
    wait_for(phone, lambda d: d.find_elements("css selector", lines))

    def shown() -> list[dict[str, Any]]:
        out = []
        for node in phone.find_elements("css selector", f'{lines}[data-kind="transfer"]'):
            item: dict[str, Any] = {
                "from": node.get_attribute("data-from"),
                "to": node.get_attribute("data-to"),
                "amount": int(node.get_attribute("data-amount")),
            }
            if node.get_attribute("data-money") is not None:
                item["money"] = node.get_attribute("data-money")
            out.append(item)
        return out

    plain = json.loads(session(str(path), "--settle", "--json"))
    assert shown() == plain["transfers"] and plain["transfers"]
    by_testid(phone, "settle-rate").send_keys("0.5")
    by_testid(phone, "settle-currency").send_keys("¥")
    money = f'{lines}[data-kind="transfer"][data-money]'
    wait_for(phone, lambda d: d.find_elements("css selector", money))
    wait_for(phone, lambda d: "¥" in d.find_element("css selector", lines).text)
    priced = json.loads(
        session(str(path), "--settle", "--json", "--rate", "0.5", "--currency", "¥")
    )
    assert shown() == priced["transfers"]
    fees = {
        n.get_attribute("data-from"): int(n.get_attribute("data-amount"))
        for n in phone.find_elements("css selector", f'{lines}[data-kind="fees"]')
    }
    assert fees == priced["fees"]
    # the words are the command's own, line for line: text to paste into the table's chat
    words = session(str(path), "--settle", "--rate", "0.5", "--currency", "¥", "--lang", lang)
    texts = [n.text for n in phone.find_elements("css selector", lines)]
    assert texts == words.splitlines()
    tap(phone, '[data-testid="settle-copy"]')
    wait_for(phone, lambda d: by_testid(d, "settle-message").text != "")
    if lang == "zh":
        assert chinese_words(phone) == set()
    screenshot(phone, shots, f"settle-{lang}")
    # a rate that is none: the server's message, in the page's language
    refused = server.get("/api/sittings/table-1/settle?rate=0.5x").json["error"]
    said = refused["message_zh"] if lang == "zh" else refused["message"]
    by_testid(phone, "settle-rate").send_keys("x")
    wait_for(phone, lambda d: by_testid(d, "settle-message").text == said)
    assert page_errors(phone, 422) == []
