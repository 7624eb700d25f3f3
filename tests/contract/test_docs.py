"""The documentation stands alone: its links stay inside the repository and its numbers are real.

Someone who has only the repository must be able to follow every link of README.md and docs/, so
a link may not leave the repository (``../`` past its root) or name a path of one machine. The
worked examples of README.md and docs/ (```console blocks of ``$ mjcalc`` commands) are run by
test_console_examples.py, so a page never shows a number the code does not produce.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.support.console import blocks

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
# written in two parts so that this file does not contain what it looks for
MACHINE_PATHS = ("/" + "work/", "/" + "tmp/")
SCANNED = [
    ROOT / "README.md",
    ROOT / "CHANGELOG.md",
    *(ROOT / d for d in ("mjcalc", "tests", "docs")),
]
TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".json", ".cfg", ".ini"}

# [text](target) and [text]: target (reference definitions); images too
INLINE_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def links(text: str) -> list[str]:
    """Every link target of a Markdown text, code blocks left out."""
    prose = FENCE.sub("", text)
    return INLINE_LINK.findall(prose) + REFERENCE_LINK.findall(prose)


def broken(page: Path, target: str) -> str | None:
    """Why ``target`` (a link on ``page``) does not resolve inside the repository, or ``None``."""
    if EXTERNAL.match(target):  # https:, mailto:
        return None
    path = target.split("#", 1)[0] or page.name  # a bare #fragment is on the same page
    if path.startswith("/") or re.match(r"^[A-Za-z]:[\\/]", path):
        return "an absolute path of one machine"
    resolved = (page.parent / path).resolve()
    if not resolved.is_relative_to(ROOT):
        return "leaves the repository"
    if not resolved.exists():
        return "no such file in the repository"
    fragment = target.partition("#")[2]
    if fragment and resolved.suffix == ".md" and fragment not in anchors(resolved):
        return f"no heading #{fragment} in {_rel(resolved)}"
    return None


def anchors(page: Path) -> set[str]:
    """The heading anchors of a Markdown page, as GitHub makes them (CJK letters kept)."""
    headings = re.findall(r"^#+\s+(.*?)\s*$", FENCE.sub("", page.read_text(encoding="utf-8")), re.M)
    return {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in headings}


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_relative_link_resolves_inside_the_repository(page: Path) -> None:
    bad = [
        f"{target}: {why}"
        for target in links(page.read_text(encoding="utf-8"))
        if (why := broken(page, target)) is not None
    ]
    assert bad == []


def test_the_link_check_can_fail() -> None:
    page = ROOT / "docs" / "README.md"
    assert broken(page, "../../shared/spec/interface.md") == "leaves the repository"
    assert broken(page, "rules/nowhere.md") == "no such file in the repository"
    assert broken(page, MACHINE_PATHS[0] + "x.md") == "an absolute path of one machine"
    assert broken(page, "rules/xingguo.md#tiles-and-jing-精") is None
    assert broken(page, "rules/xingguo.md#tiles") == "no heading #tiles in docs/rules/xingguo.md"
    assert "jing-scoring-精计子-冲关-霸精-相公" in anchors(ROOT / "docs" / "rules" / "xingguo.md")
    assert broken(page, "https://example.org/x") is None
    assert broken(page, "#terms") is None
    assert broken(page, "#nowhere") == "no heading #nowhere in docs/README.md"
    assert links("see [a](x.md) and [b](y.md#z)\n```\n[c](not-a-link.md)\n```\n[d]: w.md\n") == [
        "x.md",
        "y.md#z",
        "w.md",
    ]


def test_the_readme_links_to_the_docs_and_nowhere_outside() -> None:
    targets = links((ROOT / "README.md").read_text(encoding="utf-8"))
    for page in (
        "docs/README.md",
        "docs/rules/xingguo.md",
        "docs/rules/shanghai.md",
        "docs/rules/nanchang.md",
        "docs/rules/guobiao.md",
    ):
        assert page in targets
    assert not [t for t in targets if t.startswith("..")]


def test_the_docs_index_links_every_page() -> None:
    index = ROOT / "docs" / "README.md"
    linked = {(index.parent / t.split("#")[0]).resolve() for t in links(index.read_text("utf-8"))}
    pages = {p.resolve() for p in PAGES if p.parent != ROOT and p != index}
    assert pages <= linked, sorted(_rel(p) for p in pages - linked)


def _scanned_files() -> list[Path]:
    out: list[Path] = []
    for entry in SCANNED:
        files = [entry] if entry.is_file() else sorted(entry.rglob("*"))
        out += [f for f in files if f.is_file() and f.suffix in TEXT_SUFFIXES]
    return out


def test_no_machine_paths_in_the_repository() -> None:
    found = [
        f"{_rel(f)}:{n}"
        for f in _scanned_files()
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1)
        if any(p in line for p in MACHINE_PATHS)
    ]
    assert found == []


# --- the worked examples of docs/ --------------------------------------------------------------

PATH = re.compile(r"\.[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")


def jq(value: Any, program: str) -> str:
    """The output of ``jq -c PROGRAM`` for the comma-separated paths (``.a.b, .c``) the
    example plug-in's pages use (tests/contract/test_plugin_example.py; the examples of README.md
    and docs/ run the real jq: tests/contract/test_console_examples.py)."""
    out = []
    for path in (p.strip() for p in program.strip("'").split(",")):
        assert PATH.fullmatch(path), f"the docs' examples use only .a.b paths, not {path!r}"
        out.append(_walk(value, path))
    return "\n".join(json.dumps(v, ensure_ascii=False, separators=(",", ":")) for v in out)


def _walk(value: Any, path: str) -> Any:
    for key in path[1:].split("."):
        value = value.get(key) if isinstance(value, dict) else None
    return value


def test_jq_subset() -> None:
    doc = {"a": {"b": 1}, "c": "清碰"}
    assert jq(doc, "'.a.b, .c'") == '1\n"清碰"'
    assert jq(doc, ".a") == '{"b":1}'
    assert jq(doc, ".x.y") == "null"


def test_the_rule_pages_have_worked_examples() -> None:
    """Each rule page shows its numbers by running them (tests/contract/test_console_examples.py
    runs every example of README.md and docs/)."""
    for page in (
        "docs/rules/xingguo.md",
        "docs/rules/shanghai.md",
        "docs/rules/nanchang.md",
        "docs/rules/guobiao.md",
    ):
        steps = [step for block in blocks(ROOT / page) for step in block.steps]
        assert len(steps) >= 8, page


# --- every option is documented with its default ------------------------------------------------

OPTION_ROW = re.compile(r"^\| `([a-z_0-9]+)` \| `([^`]*)` \|", re.M)


def documented_options(page: Path) -> dict[str, str]:
    """``| `name` | `default` | meaning |`` rows of a rules page's option table."""
    return dict(OPTION_ROW.findall(page.read_text(encoding="utf-8")))


@pytest.mark.parametrize("name", ["xingguo", "shanghai", "nanchang", "guobiao"])
def test_every_option_is_documented_with_its_default(name: str) -> None:
    from mjcalc.rules.guobiao.ruleset import RULESET as GUOBIAO
    from mjcalc.rules.nanchang.ruleset import RULESET as NANCHANG
    from mjcalc.rules.shanghai.ruleset import RULESET as SHANGHAI
    from mjcalc.rules.xingguo.ruleset import RULESET as XINGGUO

    rulesets = {"xingguo": XINGGUO, "shanghai": SHANGHAI, "nanchang": NANCHANG, "guobiao": GUOBIAO}
    model = rulesets[name].options_model
    documented = documented_options(ROOT / "docs" / "rules" / f"{name}.md")
    defaults = {field: json.dumps(info.default) for field, info in model.model_fields.items()}
    assert {f: documented.get(f) for f in defaults} == defaults


def test_the_option_rows_are_read() -> None:
    page = '| option | default | meaning |\n|---|---|---|\n| `bawang` | `"double"` | 霸精 |\n'
    assert dict(OPTION_ROW.findall(page)) == {"bawang": '"double"'}
