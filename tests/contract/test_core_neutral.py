"""The core names no ruleset: what mjcalc says about rulesets comes from the installed plug-ins.

Outside the rulesets' own packages (``mjcalc/rules/<name>/``), the code — docstrings and
comments aside, where a bundled ruleset may serve as an example — names a bundled ruleset only
where :data:`ALLOWED` says why. A message that lists the rulesets or gives one as an example
takes it as a field, filled from the plug-ins installed.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

import mjcalc
from mjcalc.errors import MjcalcError
from mjcalc.rules import plugins as plugin_module
from mjcalc.rules import registry
from mjcalc.rules.plugins import Plugin, plugins

PACKAGE = Path(__file__).resolve().parents[2] / "mjcalc"
BUNDLED = re.compile(r"xingguo|shanghai", re.IGNORECASE)

ALLOWED = {
    "models/__init__.py": "the schema's description of the 'rules' field, which must not change",
    "i18n/help.py": "the examples of --help",
}


def code_naming_bundled(source: str) -> list[int]:
    """The lines of ``source`` whose code names a bundled ruleset (docstrings, comments aside)."""
    docstrings = {
        (statement.value.lineno, statement.value.col_offset)
        for node in ast.walk(ast.parse(source))
        if isinstance(getattr(node, "body", None), list)
        for statement in node.body  # type: ignore[attr-defined]
        if isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    }
    lines = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT or (
            token.type == tokenize.STRING and token.start in docstrings
        ):
            continue
        if BUNDLED.search(token.string):
            lines.add(token.start[0])
    return sorted(lines)


def core_files_naming_bundled() -> dict[str, list[int]]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] == "rules" and len(relative.parts) > 2:
            continue  # a ruleset's own package
        lines = code_naming_bundled(path.read_text(encoding="utf-8"))
        if lines:
            found[relative.as_posix()] = lines
    return found


def test_the_core_names_a_bundled_ruleset_only_where_allowed() -> None:
    found = core_files_naming_bundled()
    assert {name: lines for name, lines in found.items() if name not in ALLOWED} == {}


def test_the_check_sees_code_and_skips_docstrings_and_comments() -> None:
    source = '"""Xingguo."""\n# shanghai\nx = 1  # xingguo\ny = "xingguo"\n'
    assert code_naming_bundled(source) == [4]


@pytest.fixture
def one_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a ruleset named ``jihu`` is installed (as far as messages are concerned)."""
    bundled = next(iter(plugins().values()))
    jihu = Plugin("jihu", ("jihu", "鸡胡"), ("", ""), bundled.ruleset, bundled.defaults)
    monkeypatch.setattr(registry, "plugins", lambda: {"jihu": jihu})
    monkeypatch.setattr(plugin_module, "plugins", lambda: {"jihu": jihu})


@pytest.mark.usefixtures("one_plugin")
def test_messages_list_the_installed_rulesets() -> None:
    with pytest.raises(MjcalcError) as refused:
        registry.read_ruleset_file("/dev/null")
    assert "give a bundled name (jihu) or" in refused.value.message
    assert "内置规则名（jihu）" in (refused.value.message_zh or "")


@pytest.mark.usefixtures("one_plugin")
def test_examples_name_an_installed_ruleset(tmp_path: Path) -> None:
    result = mjcalc.score({"hand": "123m"})
    assert result.error is not None
    assert result.error.message == "missing field 'rules' (e.g. \"jihu\")"
    path = tmp_path / "house.toml"
    path.write_text("[options]\n", encoding="utf-8")
    with pytest.raises(MjcalcError) as refused:
        registry.load_rules(str(path))
    assert refused.value.message.endswith('e.g. ruleset = "jihu"')


def test_with_the_bundled_rulesets_the_messages_are_unchanged() -> None:
    with pytest.raises(MjcalcError) as refused:
        registry.read_ruleset_file("/dev/null")
    assert "give a bundled name (xingguo, shanghai, nanchang, guobiao) or" in refused.value.message
    assert "内置规则名（xingguo、shanghai、nanchang、guobiao）" in (refused.value.message_zh or "")
    assert registry.example_name() == "xingguo"


@pytest.mark.usefixtures("one_plugin")
def test_a_session_without_header_names_an_installed_ruleset_as_its_example() -> None:
    from mjcalc.app.session import replay

    record = next(iter(replay(['{"hand": "123m"}'])))
    assert record.error is not None
    assert record.error.message == (
        'the session header must come first: {"session": {"rules": "jihu", ...}}'
    )


@pytest.mark.usefixtures("one_plugin")
def test_no_ruleset_lists_the_installed_ones_with_their_chinese_titles() -> None:
    assert registry.installed_names(titles=True) == ("jihu", "jihu 鸡胡")


def test_no_ruleset_lists_the_bundled_ones_first() -> None:
    known = registry.installed_names(
        titles=True
    )  # others follow when installed in this environment
    assert known.en.startswith("xingguo, shanghai")
    assert known.zh.startswith("xingguo 兴国冲关、shanghai 上海清混碰")
