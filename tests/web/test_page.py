"""The page as served: one document with its hooks, nothing from outside, and its files shipped
in the package."""

from __future__ import annotations

import fnmatch
import html
import json
import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mjcalc.web.app import page_html
from tests.web.conftest import LiveServer

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "mjcalc" / "web" / "static"


def test_the_page_has_its_hooks_and_everything_inline(server: LiveServer) -> None:
    answer = server.get("/")
    assert answer.status == 200
    assert answer.headers["content-type"].startswith("text/html")
    page = answer.body.decode("utf-8")
    for hook in ("hand-input", "rules-select", "score-button", "result"):
        assert f'data-testid="{hook}"' in page
    assert "/*STYLE*/" not in page and "/*SCRIPT*/" not in page and "{{" not in page
    assert "function doScore" in page and ".picker" in page  # script and style written in
    assert '<meta name="viewport" content="width=device-width' in page


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_nothing_is_loaded_from_outside(lang: str) -> None:
    """No script, style sheet, font, image or request leaves the server (the SVG namespace is a
    name, not a request); the favicon is inline so the browser asks for none."""
    page = page_html("zh" if lang == "zh" else "en", with_session=True)
    outside = re.findall(
        r"(?:src|href|action)\s*=\s*[\"']?(?:https?:)?//|url\(\s*['\"]?(?:https?:)?//|fetch\(\s*['\"`]https?:|@import",
        page,
    )
    assert outside == []
    urls = set(re.findall(r"https?://[^\s\"'<>)]+", page))
    assert urls == {"http://www.w3.org/2000/svg"}
    assert '<link rel="icon" href="data:,">' in page


def test_the_page_starts_in_the_servers_language() -> None:
    assert '<html lang="zh-CN">' in page_html("zh", with_session=False)
    assert '<html lang="en">' in page_html("en", with_session=False)
    assert "&quot;session&quot;: true" in page_html("en", with_session=True)


def test_the_page_knows_the_session_files_id_and_whether_it_is_a_club_night(
    serve: Callable[..., LiveServer], tmp_path: Path
) -> None:
    """What the page cannot ask the API: whether new sittings can be started here (``--dir``),
    and the id the ``--session`` file is followed by."""

    def start(server: LiveServer) -> dict[str, Any]:
        found = re.search(r'data-start="([^"]*)"', server.get("/").body.decode())
        assert found
        data: dict[str, Any] = json.loads(html.unescape(found.group(1)))
        return data

    path = tmp_path / "Game Night.jsonl"
    path.write_text('{"session": {"rules": "shanghai"}}\n', encoding="utf-8")
    night = tmp_path / "night"
    night.mkdir()
    alone = start(serve(session=path))
    assert (alone["session"], alone["sitting"], alone["club"]) == (True, "game-night", False)
    club = start(serve(directory=night))
    assert (club["session"], club["sitting"], club["club"]) == (False, None, True)
    both = start(serve(directory=night, session=path))
    assert (both["sitting"], both["club"]) == ("game-night", True)


def test_the_pages_files_ship_in_the_package() -> None:
    """Every file of ``static/`` matches the package data of pyproject.toml, so a wheel (the
    README's ``pip install .``) carries the page."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["mjcalc.web"]
    files = sorted(p.relative_to(STATIC.parent).as_posix() for p in STATIC.iterdir())
    assert {"static/index.html", "static/app.js", "static/style.css"} <= set(files)
    assert [f for f in files if not any(fnmatch.fnmatch(f, p) for p in patterns)] == []


def test_the_page_sets_no_style_or_handler_inline_and_loads_no_font() -> None:
    """The policy allows the script and style sheet by hash and nothing else inline: the markup
    holds no ``style`` or ``on…`` attribute, the script sets styles through the CSSOM only, and
    the style sheet names system fonts (with a generic fallback) rather than loading one."""
    markup = (STATIC / "index.html").read_text(encoding="utf-8")
    script = (STATIC / "app.js").read_text(encoding="utf-8")
    sheet = (STATIC / "style.css").read_text(encoding="utf-8")
    assert re.search(r"\s(style|on[a-z]+)\s*=", markup) is None
    assert re.search(r"setAttribute\(\s*[\"']style|\.innerHTML\s*=|cssText", script) is None
    assert "@font-face" not in sheet and "url(" not in sheet
    assert re.search(r"font-family:[^;]*sans-serif;", sheet)
    assert "prefers-color-scheme: dark" in sheet


def test_the_pages_own_chinese_says_no_english_word_and_no_command_line() -> None:
    """Every text of the page's own catalogue (``[English, Chinese]`` pairs in app.js): the
    Chinese has no English word, backtick or ``--`` option (tile codes such as 1m and the
    ``{n}`` of a text's parameters are not words); the browser tests scan the rendered page
    the same way."""
    script = (STATIC / "app.js").read_text(encoding="utf-8")
    pairs = re.findall(r'\[\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"\s*\]', script)
    chinese = [
        re.sub(r"\{[a-z]+\}", "", zh) for _, zh in pairs if re.search(r"[\u4e00-\u9fff]", zh)
    ]
    assert len(chinese) > 100  # the catalogue's texts, not the script's other pairs of names
    assert [zh for zh in chinese if re.search(r"[A-Za-z]{3,}|`|--", zh)] == []
