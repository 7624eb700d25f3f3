"""The shape of the code, checked: layers that only look down, no import circle, small modules,
no ruleset package imported by the core (``test_core_neutral.py`` checks the core's words), no
module reaching into another's private names.

These hold the architecture docs/architecture.md describes; a change that breaks one should
change the map first.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "mjcalc"
MAX_LINES = 700


def _modules() -> dict[str, Path]:
    """Every module of mjcalc by dotted name (the ``rulesets`` data folder aside)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if "rulesets" in parts:
            continue
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = _modules()


def _runtime_imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that runs (at the top or inside a function), leaving out those
    under ``if TYPE_CHECKING:``, which only the type checker reads."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(child) for stmt in node.body for child in ast.walk(stmt))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in skipped:
            yield node


def _imported(module: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The mjcalc modules an import statement loads (a name imported from a package counts as
    its submodule when it is one)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in MODULES}
    base = _from_base(module, node)
    found = set()
    for alias in node.names:
        candidate = f"{base}.{alias.name}"
        if candidate in MODULES:
            found.add(candidate)
        elif base in MODULES:
            found.add(base)
    return found


def _from_base(module: str, node: ast.ImportFrom) -> str:
    """The module a ``from ... import`` statement of ``module`` imports from (relative ones
    resolved)."""
    base = node.module or ""
    if node.level:
        package = module.split(".")
        if MODULES[module].name != "__init__.py":
            package = package[:-1]
        package = package[: len(package) - node.level + 1]
        base = ".".join([*package, *([base] if base else [])])
    return base


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges: set[str] = set()
        for node in _runtime_imports(tree):
            edges |= _imported(name, node)
        graph[name] = edges - {name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circle_inside_mjcalc() -> None:
    assert _cycles(_graph()) == []


def test_the_cycle_finder_finds_a_circle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_is_over_700_lines(name: str) -> None:
    lines = MODULES[name].read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{name}: {lines} lines (split it by what it does)"


LAYERS = {
    "mjcalc.engine": {"mjcalc.app", "mjcalc.cli", "mjcalc.render", "mjcalc.rules", "mjcalc.web"},
    "mjcalc.rules": {"mjcalc.app", "mjcalc.cli", "mjcalc.render", "mjcalc.web"},
    "mjcalc.app": {"mjcalc.cli", "mjcalc.render", "mjcalc.web"},
    "mjcalc.render": {"mjcalc.cli", "mjcalc.web"},
    "mjcalc.web": {"mjcalc.cli", "mjcalc.render"},
}
"""Each layer and the layers above it, which it must never import: data flows one way. The
server (``mjcalc.web``) is a front beside the command line: it imports neither the command
line (which hands it what it needs) nor the Rich views."""


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_layers_only_import_downwards() -> None:
    graph = _graph()
    wrong = [
        f"{module} imports {target}"
        for module, targets in graph.items()
        for layer, above in LAYERS.items()
        if _within(module, layer)
        for target in targets
        if any(_within(target, up) for up in above)
    ]
    assert wrong == []


FRONT_LIBRARIES = ("click", "rich")
SERVER_LIBRARIES = ("fastapi", "starlette", "uvicorn", "segno")


@pytest.mark.parametrize(
    "name", [m for m in sorted(MODULES) if not _within(m, "mjcalc.cli") and "render" not in m]
)
def test_only_the_fronts_import_click_or_rich(name: str) -> None:
    used = _libraries_imported(name, FRONT_LIBRARIES)
    assert used == set(), f"{name} imports {sorted(used)}"


def _libraries_imported(name: str, libraries: tuple[str, ...]) -> set[str]:
    """Which of ``libraries`` module ``name`` imports when it runs (not for type checking)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    used = set()
    for node in _runtime_imports(tree):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
        used |= {n.split(".")[0] for n in names if n and n.split(".")[0] in libraries}
    return used


def test_the_core_knows_no_ruleset_module() -> None:
    """Nothing outside ``mjcalc/rules/`` imports a ruleset's package: rulesets are plug-ins."""
    graph = _graph()
    wrong = [
        f"{module} imports {target}"
        for module, targets in graph.items()
        if not _within(module, "mjcalc.rules")
        for target in targets
        if re.match(r"mjcalc\.rules\.(xingguo|shanghai|nanchang|guobiao)\b", target)
    ]
    assert wrong == []


PLAIN_VIEWS = (
    "mjcalc.render.text",
    "mjcalc.render.errors",
    "mjcalc.render.views",
    "mjcalc.render.markdown",
)
"""The views that put a result into plain words (the Rich views and the Markdown one share them)
and the Markdown view: none of them, nor anything they import, may load Rich."""


def _reached(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every mjcalc module ``start`` imports when it runs, directly or through others."""
    seen, todo = {start}, [start]
    while todo:
        for target in graph.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


@pytest.mark.parametrize("name", PLAIN_VIEWS)
def test_the_plain_views_never_load_rich(name: str) -> None:
    reached = _reached(_graph(), name)
    wrong = sorted(m for m in reached if _libraries_imported(m, ("rich",)))
    assert wrong == []


def test_the_rich_check_sees_rich() -> None:
    assert "mjcalc.render.console" in _reached(_graph(), "mjcalc.render.result")
    assert _libraries_imported("mjcalc.render.console", ("rich",)) == {"rich"}


def _is_server(module: str) -> bool:
    """``mjcalc serve``'s own modules: the server package and the command."""
    return _within(module, "mjcalc.web") or module == "mjcalc.cli.serve"


@pytest.mark.parametrize(
    "name",
    [m for m in sorted(MODULES) if not _is_server(m)],
)
def test_only_the_server_imports_the_server_libraries(name: str) -> None:
    """FastAPI, Starlette, Uvicorn and segno belong to ``mjcalc serve``: nothing else loads them
    (``tests/web/test_serve_command.py`` checks that ``score --json`` does not)."""
    used = _libraries_imported(name, SERVER_LIBRARIES)
    assert used == set(), f"{name} imports {sorted(used)}"


def test_nothing_but_the_serve_command_imports_the_server() -> None:
    graph = _graph()
    wrong = [
        f"{module} imports {target}"
        for module, targets in graph.items()
        if not _is_server(module)
        for target in targets
        if _within(target, "mjcalc.web")
    ]
    assert wrong == []


def _is_private(name: str) -> bool:
    """``_name``, not ``__name__`` (``__version__``, ``__doc__`` are for everyone)."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _private_uses(module: str, source: str) -> list[str]:
    """Where ``source`` (the text of ``module``) reaches another module's private names:
    ``from X import _name`` (any X), or ``M._name`` on a mjcalc module ``M`` it imported (by
    ``import``, an alias, or ``from package import module``). A mjcalc module whose own name
    starts with an underscore (``mjcalc.hot_paths``) is a module, not a private name of its package.
    """
    tree = ast.parse(source)
    bound: dict[str, str] = {}  # a name the imports bind to a module -> that module
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                name = alias.name if alias.asname else alias.name.split(".")[0]
                bound[alias.asname or name] = name
        elif isinstance(node, ast.ImportFrom):
            base = _from_base(module, node)
            for alias in node.names:
                if f"{base}.{alias.name}" in MODULES:
                    bound[alias.asname or alias.name] = f"{base}.{alias.name}"
                elif _is_private(alias.name):
                    found.append(f"line {node.lineno}: from {base} import {alias.name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr):
            owner = _spelled(node.value, bound)
            if owner in MODULES and f"{owner}.{node.attr}" not in MODULES:
                found.append(f"line {node.lineno}: {owner}.{node.attr}")
    return found


def _spelled(node: ast.expr, bound: dict[str, str]) -> str | None:
    """The dotted name ``node`` spells from a name bound by an import (``None``: it does not)."""
    if isinstance(node, ast.Name):
        return bound.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = _spelled(node.value, bound)
        return None if owner is None else f"{owner}.{node.attr}"
    return None


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_uses_another_modules_private_names(name: str) -> None:
    """What modules share has a public name in the module that owns it: a leading underscore
    means "only this module uses it", so it can change without looking anywhere else."""
    found = _private_uses(name, MODULES[name].read_text(encoding="utf-8"))
    assert found == [], f"{name}: {found} (give what is shared a public name)"


def test_the_private_name_check_finds_each_way_in() -> None:
    source = (
        "import mjcalc.engine.readings\n"
        "import mjcalc.engine.decompose as d\n"
        "from mjcalc.engine import readings as r\n"
        "from mjcalc.engine.decompose import _take, take\n"
        "from .readings import _Question\n"
        "from mjcalc import hot_paths\n"
        "from collections import _chain\n"
        "r._plan, r.plan_of, r.__doc__, d._ways, mjcalc.engine.readings._NO_WILD\n"
        "hot_paths.trusted, mjcalc.hot_paths.trusted, self._plan, text._x\n"
    )
    assert sorted(_private_uses("mjcalc.engine.distinct", source)) == [
        "line 4: from mjcalc.engine.decompose import _take",
        "line 5: from mjcalc.engine.readings import _Question",
        "line 7: from collections import _chain",
        "line 8: mjcalc.engine.decompose._ways",
        "line 8: mjcalc.engine.readings._NO_WILD",
        "line 8: mjcalc.engine.readings._plan",
    ]


def test_the_package_and_the_layers_below_the_fronts_never_import_the_command_line() -> None:
    """Data flows one way (notation → engine → rules → use cases → CLI/HTTP): ``import mjcalc``
    and everything it offers (:func:`mjcalc.batch`, :func:`mjcalc.replay`, argument lines
    included) never reach up into :mod:`mjcalc.cli`, at the top or inside a function."""
    graph = _graph()
    below = ("mjcalc.app", "mjcalc.web", "mjcalc.render", "mjcalc.rules", "mjcalc.engine")
    wrong = [
        f"{module} imports {target}"
        for module, targets in graph.items()
        if module == "mjcalc" or any(_within(module, layer) for layer in below)
        for target in targets
        if _within(target, "mjcalc.cli")
    ]
    assert wrong == []


BUNDLED_RULESETS = (
    "mjcalc.rules.xingguo",
    "mjcalc.rules.shanghai",
    "mjcalc.rules.nanchang",
    "mjcalc.rules.guobiao",
)


@pytest.mark.parametrize(
    "name", [m for m in sorted(MODULES) if any(_within(m, p) for p in BUNDLED_RULESETS)]
)
def test_a_bundled_ruleset_imports_only_the_plugin_door_and_its_own_package(name: str) -> None:
    """Xingguo and Shanghai are plug-ins like any other: from mjcalc they import
    :mod:`mjcalc.plugin` and their own package only (at the top, inside a function or for the
    type checker), so what a ruleset needs is on the plug-in's public surface by construction."""
    own = next(p for p in BUNDLED_RULESETS if _within(name, p))
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    wrong = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            continue  # relative: within its own package
        if isinstance(node, ast.ImportFrom):
            targets = [node.module or ""]
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            continue
        wrong += [
            t
            for t in targets
            if _within(t, "mjcalc") and t != "mjcalc.plugin" and not _within(t, own)
        ]
    assert wrong == [], f"{name} imports {wrong}"
