"""The closing line counts in English words (``1 line``, ``2 lines``), and an English view names a
rank in English with its Chinese beside it, as every term of an English view is."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import run

HEADER = '{"session": {"rules": "shanghai", "points": {"E": 1000}}}'
WIN = "11122233344455m --winner S --discarder E"


def sitting(tmp_path: Path, *lines: str) -> Path:
    path = tmp_path / "night.jsonl"
    path.write_text("".join(f"{line}\n" for line in (HEADER, *lines)), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("lines", "en", "zh"),
    [
        ([WIN], "1 line, 0 errors", "1 行，0 个错误"),
        ([WIN, "1m"], "2 lines, 1 error", "2 行，1 个错误"),
        ([WIN, "1m", "2m"], "3 lines, 2 errors", "3 行，2 个错误"),
    ],
)
def test_the_counts_are_singular_and_plural(
    tmp_path: Path, lines: list[str], en: str, zh: str
) -> None:
    path = sitting(tmp_path, *lines)
    assert en + " · next dealer" in run("session", str(path), "--standings").stdout
    assert zh + " · 下局庄家" in run("session", str(path), "--standings", "--lang", "zh").stdout


def test_an_english_view_names_ranks_in_english_beside_the_chinese(tmp_path: Path) -> None:
    out = run("session", str(sitting(tmp_path, WIN)), "--standings").stdout
    assert "1 Jobless 待业 · Sack 麻袋" in out
    assert "5 Assistant supervisor 助理主管 · Street king 街头霸王" in out  # E: 980 points


def test_a_chinese_view_names_them_in_chinese_alone(tmp_path: Path) -> None:
    out = run("session", str(sitting(tmp_path, WIN)), "--standings", "--lang", "zh").stdout
    assert "1 级 待业 · 麻袋" in out
    assert "Jobless" not in out


def test_every_level_has_its_english_names() -> None:
    from mjcalc.rules.shanghai.ranks import RANK_NAMES
    from mjcalc.rules.shanghai.texts import TEXTS

    missing = [name for pair in RANK_NAMES for name in pair if f"rank.{name}" not in TEXTS]
    assert missing == []
