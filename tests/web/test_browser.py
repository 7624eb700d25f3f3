"""The page in a real browser: Debian's Chromium, headless, driven by Selenium, on a phone's
screen (390 × 844). Skipped only when the browser, its driver or Selenium is missing outside CI;
in CI (``CI`` set) .ci/run installs them and a missing one fails the test."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import LiveServer, session_file, start_server, stop_server

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
DRIVERS = ("chromedriver",)


def _found(names: tuple[str, ...]) -> str | None:
    return next((p for n in names if (p := shutil.which(n) or _debian(n))), None)


def _debian(name: str) -> str | None:
    path = Path("/usr/lib/chromium") / name
    return str(path) if path.exists() else None


def _missing() -> str | None:
    """What is missing to drive a browser (``None``: nothing)."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium"
    if _found(BROWSERS) is None:
        return "chromium"
    if _found(DRIVERS) is None:
        return "chromedriver"
    return None


def chromium(*extra: str) -> Generator[Any, None, None]:
    """Headless Chromium on a phone's screen (``extra``: more of its command-line switches),
    quit at the end; the test skipped (failed in CI) when it cannot be driven."""
    missing = _missing()
    if missing is not None:
        if os.environ.get("CI"):
            pytest.fail(f"{missing} is missing: .ci/run installs it in CI")
        pytest.skip(f"{missing} is not installed")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(_found(BROWSERS))
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=390,844",
        "--hide-scrollbars",
        *extra,
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(_found(DRIVERS))), options=options)
    # a phone's viewport: 390 × 844 CSS pixels, touch, whatever the window around it
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True},
    )
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


def by_testid(driver: Any, name: str) -> Any:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, f'[data-testid="{name}"]')


def wait_for(driver: Any, condition: Callable[[Any], Any], timeout: float = 15) -> Any:
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    # the page redraws a panel on each answer: an element read as it is replaced is read again
    wait = WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,))
    return wait.until(condition)


def open_page(driver: Any, server: LiveServer, query: str = "") -> None:
    driver.get(server.url + "/" + query)
    wait_for(driver, lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    driver.get_log("browser")  # start each test with an empty console


def console_errors(driver: Any) -> list[dict[str, Any]]:
    return [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]


def payments(driver: Any) -> dict[str, int]:
    wait_for(driver, lambda d: by_testid(d, "result").is_displayed())
    return {seat: int(by_testid(driver, f"payment-{seat}").text) for seat in "ESWN"}


def tap(driver: Any, css: str, within: Any = None) -> Any:
    """Tap what ``css`` finds (inside ``within``), scrolled to the middle of the screen first so
    that neither the sticky header nor the score bar covers it; the element tapped."""
    node = (within or driver).find_element("css selector", css)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", node)
    node.click()
    return node


def pick_tiles(driver: Any, tiles: list[str]) -> None:
    """Tap each tile of the picker, its suit's tab first when another suit is shown."""
    hand = '[data-testid="hand-input"]'
    for tile in tiles:
        tab = f'[data-testid="tile-picker"] [data-suit="{tile[1]}"]'
        if driver.find_element("css selector", tab).get_attribute("aria-selected") != "true":
            tap(driver, tab)
            # the suit's tiles are drawn anew: tap one only once the tab has taken
            wait_for(
                driver,
                lambda d, tab=tab: (
                    d.find_element("css selector", tab).get_attribute("aria-selected") == "true"
                ),
            )
        before = driver.find_element("css selector", hand).get_attribute("value")
        tap(driver, f'[data-testid="tile-picker"] [data-tile="{tile}"]')
        # each tap adds its tile before the next (a busy machine must not lose one)
        wait_for(
            driver,
            lambda d, before=before: (
                d.find_element("css selector", hand).get_attribute("value") != before
            ),
        )


def select_value(driver: Any, css: str, value: str) -> None:
    from selenium.webdriver.support.ui import Select

    node = driver.find_element("css selector", css)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", node)
    Select(node).select_by_value(value)


def screenshot(driver: Any, folder: Path, name: str) -> Path:
    """The whole page as a PNG in ``folder`` (a test's artifact: its path is printed)."""
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": max(844, height), "deviceScaleFactor": 1, "mobile": True},
    )
    path = folder / f"{name}.png"
    try:
        driver.save_screenshot(str(path))
    finally:
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True},
        )
    print(f"screenshot: {path}")
    return path


def test_type_a_hand_score_it_and_read_the_payments(
    browser: Any, server: LiveServer, tmp_path: Path
) -> None:
    from selenium.webdriver.support.ui import Select

    open_page(browser, server)
    assert browser.execute_script("return window.innerWidth") == 390
    Select(by_testid(browser, "rules-select")).select_by_value("shanghai")
    by_testid(browser, "hand-input").send_keys("11122233344455m")
    tap(browser, '[data-testid="discarder"] [data-seat="S"]')
    wait_for(browser, lambda d: "14" in by_testid(d, "hand-parsed").text)
    by_testid(browser, "score-button").click()
    shown = payments(browser)
    expected = server.post(
        "/api/score", {"rules": "shanghai", "hand": "11122233344455m", "discarder": "S"}
    ).json
    assert shown == expected["payments"]
    assert sum(shown.values()) == 0 and shown["E"] > 0
    items = browser.find_elements("css selector", '[data-testid="items"] li')
    assert [i.get_attribute("data-item") for i in items] == [x["id"] for x in expected["items"]]
    assert not items[0].is_displayed()  # the result first: the details on a tap
    tap(browser, '[data-testid="details-button"]')
    tap(browser, '[data-testid="items"] li')  # tap an item: its reason shows
    assert items[0].find_element("css selector", ".why").is_displayed()
    # the page fits the phone: nothing wider than the screen
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    browser.save_screenshot(str(tmp_path / "score.png"))
    assert (tmp_path / "score.png").stat().st_size > 10_000
    assert console_errors(browser) == []


def test_pick_tiles_with_the_picker(browser: Any, server: LiveServer) -> None:
    open_page(browser, server)
    pick_tiles(browser, ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "2m"])
    pick_tiles(browser, ["3m"])
    assert by_testid(browser, "hand-input").get_attribute("value") == "123m456p789s11z23m"
    pick_tiles(browser, ["4m"])
    assert by_testid(browser, "hand-input").get_attribute("value") == "123m456p789s11z234m"
    wait_for(browser, lambda d: d.find_element("id", "glyphs").text.startswith("🀇🀈🀉"))
    select_value(browser, "#flag-jing", "1m")
    by_testid(browser, "score-button").click()
    shown = payments(browser)
    expected = server.post(
        "/api/score",
        {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "1m", "jings": {}},
    ).json
    assert shown == expected["payments"] == {"E": 63, "S": -21, "W": -21, "N": -21}
    assert console_errors(browser) == []


def test_a_typing_error_shows_its_caret(browser: Any, server: LiveServer) -> None:
    open_page(browser, server)
    by_testid(browser, "hand-input").send_keys("123m45x")
    caret = wait_for(
        browser, lambda d: by_testid(d, "hand-error").is_displayed() and by_testid(d, "hand-error")
    )
    lines = caret.text.split("\n")
    assert lines[0] == "123m45x"
    assert lines[1].index("^") == 6  # under the x, column 7
    assert console_errors(browser) == []


def test_waits_of_a_ready_hand(browser: Any, server: LiveServer) -> None:
    from selenium.webdriver.support.ui import Select

    open_page(browser, server)
    Select(by_testid(browser, "rules-select")).select_by_value("shanghai")
    by_testid(browser, "hand-input").send_keys("1112345678999m")
    by_testid(browser, "waits-button").click()
    wait_for(browser, lambda d: by_testid(d, "waits").is_displayed())
    shown = [
        w.get_attribute("data-wait") for w in browser.find_elements("css selector", "[data-wait]")
    ]
    expected = server.post("/api/waits", {"rules": "shanghai", "hand": "1112345678999m"}).json
    assert shown == [w["tile"] for w in expected["waits"]] and len(shown) == 9  # 九莲: all nine
    assert console_errors(browser) == []


def test_the_page_in_chinese(browser: Any, serve: Callable[..., LiveServer]) -> None:
    server = serve(lang="zh")
    open_page(browser, server)
    assert by_testid(browser, "score-button").text == "算分"
    browser.find_element("id", "lang").click()
    assert by_testid(browser, "score-button").text == "Score"
    assert console_errors(browser) == []


def test_the_session_panel_shows_the_standings(
    browser: Any, serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    path = session_file(tmp_path, players={"E": "Ann", "S": "Bo"})
    with path.open("a", encoding="utf-8") as out:
        out.write('{"hand": "11122233344455m", "discarder": "S"}\n{"event": "draw"}\n')
    server = serve(session=path)
    open_page(browser, server)
    wait_for(browser, lambda d: by_testid(d, "session").is_displayed())
    totals = {seat: int(by_testid(browser, f"total-{seat}").text) for seat in "ESWN"}
    summary = server.get("/api/session").json["summary"]
    assert totals == summary["totals"]
    assert "Ann" in by_testid(browser, "standings").text
    lines = browser.find_elements("css selector", '[data-testid="chart"] polyline')
    assert len(lines) == 4
    assert console_errors(browser) == []


def test_add_a_hand_to_the_session_and_undo_it(
    browser: Any, serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    path = session_file(tmp_path)
    before = path.read_bytes()
    server = serve(session=path)
    open_page(browser, server)
    wait_for(browser, lambda d: by_testid(d, "session").is_displayed())
    assert by_testid(browser, "rules-select").get_attribute("value") == "shanghai"  # the table's
    by_testid(browser, "hand-input").send_keys("11122233344455m")
    tap(browser, '[data-testid="discarder"] [data-seat="S"]')
    tap(browser, '[data-testid="add-hand"]')
    wait_for(browser, lambda d: by_testid(d, "total-E").text == "20")
    assert "2" in by_testid(browser, "session-message").text  # added as line 2
    assert (
        path.read_bytes() == before + b'{"hand":"11122233344455m","winner":"E","discarder":"S"}\n'
    )
    tap(browser, '[data-testid="add-draw"]')
    wait_for(
        browser, lambda d: len(d.find_elements("css selector", '[data-testid="history"] li')) == 2
    )
    tap(browser, '[data-testid="undo"]')
    wait_for(
        browser, lambda d: len(d.find_elements("css selector", '[data-testid="history"] li')) == 1
    )
    tap(browser, '[data-testid="undo"]')
    wait_for(browser, lambda d: by_testid(d, "total-E").text == "0")
    assert path.read_bytes() == before
    by_testid(browser, "session-line").send_keys("123m45x")
    tap(browser, '[data-testid="add-line"]')
    wait_for(browser, lambda d: "x" in by_testid(d, "session-message").text)
    assert path.read_bytes() == before  # refused: the file unchanged
    assert console_errors(browser) == []


# --- what a page elsewhere can do: nothing ----------------------------------------------------

ATTACKER = """<!doctype html>
<html><head><title>attacker</title></head><body>
<iframe name="sink1"></iframe><iframe name="sink2"></iframe>
<form id="line" method="POST" enctype="text/plain" target="sink1"
 action="{target}/api/session/lines">
<input type="hidden" name='{{"line": "draw", "x": "' value='"}}'></form>
<form id="undo" method="POST" enctype="text/plain" target="sink2"
 action="{target}/api/session/undo">
<input type="hidden" name="a" value="b"></form>
<script>
const TARGET = "{target}";
const loaded = (name) => new Promise((ok) => {{
  document.querySelector(`iframe[name=${{name}}]`).onload = ok;
}});
(async () => {{
  const sent = [];
  const tries = [
    {{ method: "POST", mode: "no-cors", body: '{{"line": "draw"}}' }},
    {{ method: "POST", mode: "no-cors", body: '{{"line": "draw"}}',
       headers: {{ "Content-Type": "application/json" }} }},  // not safelisted: dropped by no-cors
    {{ method: "POST", mode: "no-cors",
       body: new Blob(['{{"line": "draw"}}'], {{ type: "application/json" }}) }},
  ];
  for (const init of tries) {{
    try {{ await fetch(TARGET + "/api/session/lines", init); sent.push("sent"); }}
    catch (e) {{ sent.push("failed"); }}
  }}
  const one = loaded("sink1"), two = loaded("sink2");
  document.getElementById("line").submit();
  document.getElementById("undo").submit();
  await Promise.all([one, two]);
  document.title = "done " + sent.join(" ");
}})();
</script></body></html>
"""


class _Recorder:
    """ASGI wrapper around the whole app: each request that reached the server, and its status."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.seen: list[tuple[str, str, int]] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        async def noted(message: Any) -> None:
            if message["type"] == "http.response.start":
                self.seen.append((scope["method"], scope["path"], message["status"]))
            await send(message)

        await self.app(scope, receive, noted if scope["type"] == "http" else send)


@contextmanager
def attacker_site(page: str) -> Iterator[str]:
    """A second site on loopback (another port: another origin) serving ``page`` at ``/``."""

    class Page(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = page.encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    site = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{site.server_address[1]}"
    finally:
        site.shutdown()
        site.server_close()
        thread.join(timeout=10)


def test_a_page_of_another_site_cannot_write_the_sitting(browser: Any, tmp_path: Path) -> None:
    """A no-cors fetch and an HTML form with enctype=text/plain, from another origin on this
    machine, to the sitting of a loopback server: they reach it, are refused, and the file is
    byte-identical."""
    from mjcalc.web.app import Settings, create_app

    path = session_file(tmp_path)
    path.write_bytes(path.read_bytes() + b'{"event": "draw"}\n')
    before = path.read_bytes()
    settings = Settings(session=path)
    recorder = _Recorder(create_app(settings))
    server = start_server(settings, app=recorder)
    try:
        with attacker_site(ATTACKER.format(target=server.url)) as site:
            browser.get(site + "/")
            wait_for(browser, lambda d: d.title.startswith("done"), timeout=30)
        writes = [(m, p, s) for m, p, s in recorder.seen if p.startswith("/api/session")]
        assert len(writes) == 5, recorder.seen  # every attempt reached the server
        assert {s for _, _, s in writes} == {403}  # another site's Origin, before anything else
        assert path.read_bytes() == before
        # the page's own writes still go through
        assert server.post("/api/session/lines", {"line": "draw"}).json["ok"] is True
    finally:
        stop_server(server)


def test_the_policy_stops_an_injected_script(browser: Any, server: LiveServer) -> None:
    """The page runs its own script (allowed by hash) and no other inline one."""
    open_page(browser, server)
    ran = browser.execute_script(
        """
        window.injected = false;
        const s = document.createElement("script");
        s.textContent = "window.injected = true";
        document.body.append(s);
        const d = document.createElement("div");
        d.setAttribute("style", "width: 123px");
        document.body.append(d);
        return [window.injected, d.getBoundingClientRect().width === 123];
        """
    )
    assert ran == [False, False]
    browser.get_log("browser")  # the refusals above are in the console: not the page's own


def test_player_names_are_isolated_and_kept_as_typed(
    browser: Any, serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    """A bidi override or a zero-width character in a name stays in the JSON as typed, and on
    the page each name is its own isolated <bdi dir=auto>, set as text, never as HTML."""
    players = {
        "E": "\u202eAnn",
        "S": "Bo\u200b\u200d",
        "W": "<b>Cy</b>",
        "N": "\u2067\u05d3\u05df",
    }
    path = session_file(tmp_path, players=players)
    server = serve(session=path)
    assert server.get("/api/session").json["players"] == players
    open_page(browser, server)
    wait_for(browser, lambda d: by_testid(d, "session").is_displayed())
    shown = browser.execute_script(
        """
        return [...document.querySelectorAll('#standings tbody tr')].map((tr) => {
          const cell = tr.children[1], b = cell.querySelector('bdi');
          return [tr.dataset.seat, b && b.textContent, b && b.getAttribute('dir'),
                  cell.childNodes.length, cell.querySelector('b') !== null,
                  getComputedStyle(b).unicodeBidi];
        });
        """
    )
    assert shown == [[seat, players[seat], "auto", 1, False, "isolate"] for seat in "ESWN"]
    assert console_errors(browser) == []


def test_a_rebound_name_gets_nothing(tmp_path: Path) -> None:
    """DNS rebinding in a real browser: ``attacker.test`` resolved to 127.0.0.1, so the page of
    that name is, to the browser, the server's own origin; the server answers that Host 421."""
    from mjcalc.web.app import Settings

    path = session_file(tmp_path)
    before = path.read_bytes()
    server = start_server(Settings(session=path))
    driver_gen = chromium("--host-resolver-rules=MAP attacker.test 127.0.0.1")
    driver = next(driver_gen)
    try:
        driver.get(f"http://attacker.test:{server.port}/")
        assert "misdirected" in driver.page_source
        answers = driver.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            const post = (path, body) => fetch(path, { method: "POST", body,
              headers: { "Content-Type": "application/json" } }).then((r) => r.status);
            Promise.all([
              post("/api/session/lines", '{"line": "draw"}'),
              post("/api/session/undo"),
              fetch("/api/session").then((r) => r.status),
            ]).then(done, (e) => done(String(e)));
            """
        )
        assert answers == [421, 421, 421]
        assert path.read_bytes() == before
    finally:
        driver_gen.close()
        stop_server(server)


class _KeyRecorder(_Recorder):
    """:class:`_Recorder`, noting too each request's query and its ``Idempotency-Key``."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.keys: list[tuple[str, str, str, int]] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        key = headers.get(b"idempotency-key", b"").decode()
        query = scope["query_string"].decode()

        async def noted(message: Any) -> None:
            if message["type"] == "http.response.start":
                self.keys.append((scope["path"], query, key, message["status"]))
            await send(message)

        await self.app(scope, receive, noted)


def test_a_write_that_found_the_file_locked_is_sent_again_and_made_once(
    browser: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    """Another writer holds the file: the page's post answers 503, the page sends it again with
    the same key, and once the lock is free the line is written once; the page then reads only
    the records after the line it holds."""
    import fcntl
    import os

    from mjcalc.web import sitting
    from mjcalc.web.app import Settings, create_app

    monkeypatch.setattr(sitting, "WAIT", 0.5)
    path = session_file(tmp_path)
    before = path.read_bytes()
    settings = Settings(session=path)
    recorder = _KeyRecorder(create_app(settings))
    server = start_server(settings, app=recorder)
    try:
        open_page(browser, server)
        wait_for(browser, lambda d: by_testid(d, "session").is_displayed())
        fd = os.open(path, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            tap(browser, '[data-testid="add-draw"]')
            wait_for(browser, lambda d: any(k[3] == 503 for k in recorder.keys), timeout=20)
        finally:
            os.close(fd)
        wait_for(
            browser,
            lambda d: len(d.find_elements("css selector", '[data-testid="history"] li')) == 1,
            timeout=20,
        )
        assert path.read_bytes() == before + b'{"event":"draw"}\n'  # once
        posts = [k for k in recorder.keys if k[0] == "/api/session/lines"]
        assert [status for *_, status in posts] == [503, 200]
        assert posts[0][2] == posts[1][2] and len(posts[0][2]) == 32  # the same key, sent again
        reads = [query for p, query, _, _ in recorder.keys if p == "/api/session"]
        assert reads[0] == "" and reads[-1].startswith("since=1&mark=")  # only what changed
    finally:
        settings.stop.set()  # the page follows the sitting: its event stream ends first
        stop_server(server)
    errors = console_errors(browser)  # the browser notes the 503 itself; nothing else
    assert [e for e in errors if "status of 503" not in e["message"]] == []
