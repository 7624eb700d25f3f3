"""Start-up: the JSON paths never import Rich, and ``python -m mjcalc`` is the same command line.

Each test runs a real interpreter with ``-X importtime``, which lists every module imported on
stderr, so the check sees exactly what a user's process loads.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

import mjcalc

HAND = "11122233344455m"  # Shanghai 清碰: scored with the real ruleset


def run_module(
    *args: str, stdin: str | None = None, env_set: dict[str, str] | None = None
) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """Run ``python -X importtime -m mjcalc ARGS``: the process and the modules it imported
    (with the environment's variables ``env_set`` set so, if given)."""
    unset = ("MJCALC_RULES", "MJCALC_LANG", "FORCE_COLOR")
    env = {k: v for k, v in os.environ.items() if k not in unset} | (env_set or {})
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "mjcalc", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    modules = {
        line.rsplit("|", 1)[-1].strip()
        for line in proc.stderr.splitlines()
        if line.startswith("import time:")
    }
    return proc, modules


def rich_modules(modules: set[str]) -> set[str]:
    return {m for m in modules if m == "rich" or m.startswith("rich.")}


def test_score_json_does_not_import_rich() -> None:
    proc, modules = run_module("score", HAND, "--rules", "shanghai", "--json")
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["payments"]["E"] == 60  # 清碰 2 勒子 = 20 from each of three
    assert {"mjcalc.app.score", "pydantic"} <= modules  # the check sees the scoring imports...
    assert rich_modules(modules) == set()  # ...and no Rich among them


def test_score_json_error_does_not_import_rich() -> None:
    proc, modules = run_module("score", "1h", "--rules", "shanghai", "--json")
    assert proc.returncode == 1
    assert "^" in proc.stderr  # the caret line was printed, without Rich
    assert rich_modules(modules) == set()


def test_batch_json_does_not_import_rich() -> None:
    stdin = f"{HAND} --discarder S\n1h\n"
    proc, modules = run_module("batch", "-", "--rules", "shanghai", "--json", stdin=stdin)
    assert proc.returncode == 1
    assert [json.loads(line)["ok"] for line in proc.stdout.splitlines()] == [True, False]
    assert rich_modules(modules) == set()


@pytest.mark.parametrize("name", [None, "shanghai"])
def test_rules_json_does_not_import_rich(name: str | None) -> None:
    proc, modules = run_module("rules", *([name] if name else []), "--json")
    assert proc.returncode == 0
    json.loads(proc.stdout)
    assert "mjcalc.app.rules" in modules  # the check sees the ruleset's imports...
    assert rich_modules(modules) == set()  # ...and no Rich among them


def test_the_human_view_does_import_rich() -> None:
    proc, modules = run_module("score", HAND, "--rules", "shanghai")
    assert proc.returncode == 0
    assert "rich.console" in modules


CHINESE_HELP = {"mjcalc.cli.click_chinese", "mjcalc.i18n.click_zh", "mjcalc.i18n.help"}
"""What only the help pages and Chinese usage errors load."""


def test_score_json_loads_nothing_of_the_help_texts() -> None:
    proc, modules = run_module("score", HAND, "--rules", "shanghai", "--json")
    assert proc.returncode == 0
    assert modules & CHINESE_HELP == set()


def test_chinese_help_loads_the_translations() -> None:
    proc, modules = run_module("score", "--help", "--lang", "zh")
    assert (proc.returncode, proc.stdout[:3]) == (0, "用法：")
    assert modules >= CHINESE_HELP  # the check sees them when they are used
    assert rich_modules(modules) == set()  # help needs no Rich, in either language


def test_session_help_loads_no_pydantic() -> None:
    proc, modules = run_module("session", "--help")
    assert (proc.returncode, proc.stdout[:6]) == (0, "Usage:")
    assert "mjcalc.render.text" in modules  # the check sees the text helpers...
    assert "pydantic" not in modules and "mjcalc.models" not in modules  # ...without the models
    assert rich_modules(modules) == set()


def test_python_dash_m_mjcalc_is_the_command_line() -> None:
    proc, _ = run_module("--version")
    assert (proc.returncode, proc.stdout) == (0, f"mjcalc, version {mjcalc.__version__}\n")


ONLY_OTHER_PATHS = {"shlex", "click.shell_completion"}
"""Loaded only for what ``score --json`` never does: quoted batch lines, shell completion."""


def test_score_json_loads_nothing_it_does_not_use() -> None:
    proc, modules = run_module("score", HAND, "--rules", "shanghai", "--json")
    assert proc.returncode == 0
    assert modules & ONLY_OTHER_PATHS == set()
    assert "mjcalc.app.jobs" not in modules and "multiprocessing" not in modules


PLUGIN_PROBE = """
import sys
from typing import Any

import pytest
import pydantic.plugin._loader as loader
def scan(**kwargs):
    print("scanned", file=sys.stderr)
    return ()
loader.entry_points = scan
sys.argv = ["mjcalc", "score", "11122233344455m", "--rules", "shanghai", "--json"]
from mjcalc.cli import main
main()
"""


def _plugin_scan(preset: str | None) -> bool:
    """Whether the command line looked for Pydantic plugins, with the variable preset so."""
    env = {k: v for k, v in os.environ.items() if k not in ("MJCALC_RULES", "MJCALC_LANG")}
    env.pop("PYDANTIC_DISABLE_PLUGINS", None)
    if preset is not None:
        env["PYDANTIC_DISABLE_PLUGINS"] = preset
    proc = subprocess.run(
        [sys.executable, "-c", PLUGIN_PROBE], capture_output=True, text=True, env=env, check=False
    )
    assert proc.returncode == 0, proc.stderr
    return "scanned" in proc.stderr


def test_the_command_line_skips_pydantics_plugin_scan_unless_asked() -> None:
    assert not _plugin_scan(None)  # not set: mjcalc sets it for its own process
    assert _plugin_scan("")  # set empty by the user: Pydantic looks for its plugins again


FREEZE_PROBE = """
import atexit, gc, sys
atexit.register(lambda: print("frozen at exit:", gc.get_freeze_count() > 0, file=sys.stderr))
sys.argv = ["mjcalc", "score", "11122233344455m", "--rules", "shanghai", "--json"]
from mjcalc.cli import main
main()
"""


def test_the_command_line_leaves_its_objects_to_the_end_of_the_process() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("MJCALC_RULES", "MJCALC_LANG")}
    proc = subprocess.run(
        [sys.executable, "-c", FREEZE_PROBE], capture_output=True, text=True, env=env, check=False
    )
    assert proc.returncode == 0  # the result written, the exit status kept...
    assert json.loads(proc.stdout)["payments"]["E"] == 60
    assert "frozen at exit: True" in proc.stderr  # ...and atexit handlers still run


LOADER = "pydantic.plugin._loader"


def test_score_json_does_not_load_pydantics_plugin_loader() -> None:
    """With plugins off, the loader's answer is known without it (nor importlib.metadata)."""
    proc, modules = run_module("score", HAND, "--rules", "shanghai", "--json")
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["payments"]["E"] == 60
    assert "pydantic._internal._generate_schema" in modules  # validators were built...
    assert LOADER not in modules  # ...without Pydantic's loader module


def test_plugins_turned_on_load_the_real_loader_and_score_the_same() -> None:
    args = ["score", HAND, "--rules", "shanghai", "--json"]
    proc, modules = run_module(*args, env_set={"PYDANTIC_DISABLE_PLUGINS": ""})
    assert proc.returncode == 0
    assert LOADER in modules
    assert proc.stdout == run_module(*args)[0].stdout


def test_the_loader_stand_in_hands_over_to_the_real_module(monkeypatch: Any) -> None:
    from mjcalc.hot_paths import PLUGINS_ENV, _NoPluginLoader

    monkeypatch.delitem(sys.modules, LOADER, raising=False)
    stand_in = _NoPluginLoader(LOADER)
    monkeypatch.setitem(sys.modules, LOADER, stand_in)
    monkeypatch.setenv(PLUGINS_ENV, "__all__")
    assert tuple(stand_in.get_plugins()) == ()
    assert sys.modules[LOADER] is stand_in  # the answer came without the real module
    with pytest.raises(AttributeError):
        stand_in.__path__  # noqa: B018 - what the import system asks: not a package
    assert sys.modules[LOADER] is stand_in
    assert stand_in.PYDANTIC_ENTRY_POINT_GROUP == "pydantic"  # anything else: the real module
    real = sys.modules[LOADER]
    assert real is not stand_in and real.__name__ == LOADER
    monkeypatch.setenv(PLUGINS_ENV, "")
    assert list(stand_in.get_plugins()) == list(real.get_plugins())
