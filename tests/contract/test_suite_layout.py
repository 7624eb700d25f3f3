"""The test suite's own layout: every test it holds is collected, and its files stay small.

pytest collects only ``test_*.py`` modules, and imports each by its dotted name from the packages
above it: a test in a file named otherwise, or in a folder without ``__init__.py``, would be left
out without a word (or clash with a file of the same name in another folder).
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
MAX_LINES = 700


def _modules() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if "__pycache__" not in p.parts)


def _defines_tests(path: Path) -> bool:
    """Whether the module defines, at its top, a function or class pytest would collect."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if node.name.startswith("test"):
                return True
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            return True
    return False


def test_every_test_folder_is_a_package() -> None:
    folders = {p.parent for p in _modules()}
    assert sorted(f for f in folders if not (f / "__init__.py").exists()) == []


def test_tests_live_in_test_modules_and_test_modules_hold_tests() -> None:
    misplaced = [
        p.relative_to(TESTS).as_posix()
        for p in _modules()
        if p.name not in ("__init__.py", "conftest.py")
        and _defines_tests(p) != p.name.startswith("test_")
    ]
    assert misplaced == []


def test_no_test_file_is_over_700_lines() -> None:
    long = {
        p.relative_to(TESTS).as_posix(): n
        for p in _modules()
        if (n := p.read_text(encoding="utf-8").count("\n")) > MAX_LINES
    }
    assert long == {}


def test_the_check_sees_tests_in_a_module_of_any_name(tmp_path: Path) -> None:
    helper = tmp_path / "helpers.py"
    helper.write_text("def check() -> None:\n    pass\n")
    assert not _defines_tests(helper)
    helper.write_text("def test_forgotten() -> None:\n    pass\n")
    assert _defines_tests(helper)
