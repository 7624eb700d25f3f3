"""A broken ruleset plug-in is one clear ``plugin_error`` line, and the others work as if it were
not installed.

Each case is a fake distribution installed the way pip installs one (a ``*.dist-info`` folder with
its ``entry_points.txt``, its modules beside it) in a folder put on ``PYTHONPATH``, and mjcalc runs
in a real process, as a user's: the command line reads every plug-in's flags while it starts.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import click
import pytest

from mjcalc.errors import ERROR_CODES, ErrorCode
from mjcalc.rules import plugins, registry
from mjcalc.rules.flags import Flag
from tests.support.cli import CLEAN_ENV

ROOT = Path(__file__).resolve().parents[2]
HAND = "11122233344455m"  # 清碰 in Shanghai
SHANGHAI = ["score", "-r", "shanghai", HAND, "--winner", "W", "--discarder", "N", "--json"]

MODULES = {
    "__init__.py": "",
    "common.py": """
from dataclasses import replace
from pathlib import Path

from tests.support.toy_ruleset import TOY

TOML = Path(__file__).with_name("toy.toml")


def _tables(options):
    raise RuntimeError("tables exploded")


BADTABLES = replace(TOY, name="badtables", tables=_tables)
""",
    "toy.toml": 'ruleset = "badtables"\n',
    "nothing.toml": 'ruleset = "noruleset"\n',
    "fortytwo.py": "RULESET = 42\n",
    "exiter.py": "import sys\n\nsys.exit(3)\n",
    "badtables.py": """
from mjcalc.plugin import Plugin
from fakeplug.common import TOML

PLUGIN = Plugin("badtables", ("badtables", "坏表"), ("tables raise", "出错"),
                "fakeplug.common:BADTABLES", TOML)
""",
    "notoml.py": """
from pathlib import Path
from mjcalc.plugin import Plugin

PLUGIN = Plugin("notoml", ("notoml", "无"), ("no TOML", "无"), "fakeplug.common:BADTABLES",
                Path(__file__).with_name("missing.toml"))
""",
    "noruleset.py": """
from pathlib import Path
from mjcalc.plugin import Plugin

PLUGIN = Plugin("noruleset", ("noruleset", "无"), ("no module", "无"),
                "no_such_module_abc:RULESET", Path(__file__).with_name("nothing.toml"))
""",
    "clash.py": """
from mjcalc.plugin import Flag, Plugin
from fakeplug.common import TOML

PLUGIN = Plugin("clash", ("clash", "冲突"), ("clash", "冲突"), "fakeplug.common:BADTABLES", TOML,
                flags=(Flag("--json", "as_json2", "switch", ("x", "x")),
                       Flag("--winner", "winner2", "switch", ("x", "x")),
                       Flag("--rules", "rules2", "switch", ("x", "x"))))
""",
}

ENTRY_POINTS = {
    "missing": "no_such_module_xyz:PLUGIN",
    "fortytwo": "fakeplug.fortytwo:RULESET",
    "badtables": "fakeplug.badtables:PLUGIN",
    "notoml": "fakeplug.notoml:PLUGIN",
    "exiter": "fakeplug.exiter:PLUGIN",
    "clash": "fakeplug.clash:PLUGIN",
    "noruleset": "fakeplug.noruleset:PLUGIN",
}

WHY = {
    "missing": "ModuleNotFoundError: No module named 'no_such_module_xyz'",
    "fortytwo": "fakeplug.fortytwo:RULESET is of type int, not a mjcalc.plugin.Plugin",
    "notoml": "its TOML file",
    "exiter": "it called sys.exit(3) while being imported",
    "clash": "its flag --json (field as_json2) takes the name of one of mjcalc's own options",
    "noruleset": "ModuleNotFoundError: No module named 'no_such_module_abc'",
}
"""What each broken plug-in's message says is wrong (``badtables`` only fails in its tables)."""

WHY_ZH = {
    "exiter": "导入时调用了 sys.exit(3)",
    "clash": "它的选项 --json（字段 as_json2）与 mjcalc 自身的选项重名",
    "notoml": "无法读取它的 TOML 文件",
}


def installed(folder: Path, names: list[str]) -> Path:
    """``folder`` with the fake distribution ``fakeplug`` installed in it, with these entry
    points."""
    info = folder / "fakeplug-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fakeplug\nVersion: 1.0\n")
    lines = [f"{name} = {ENTRY_POINTS[name]}" for name in names]
    (info / "entry_points.txt").write_text("[mjcalc.rulesets]\n" + "\n".join(lines) + "\n")
    package = folder / "fakeplug"
    package.mkdir()
    for name, text in MODULES.items():
        (package / name).write_text(text.lstrip(), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every fake plug-in installed: the broken ones, and ``badtables``, whose tables fail."""
    return installed(tmp_path_factory.mktemp("site"), list(ENTRY_POINTS))


@pytest.fixture(scope="module")
def broken_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Only the plug-ins that are broken whatever is asked of them."""
    return installed(tmp_path_factory.mktemp("broken"), list(WHY))


def mjcalc(*args: str, site: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m mjcalc ARGS`` with the fake distribution installed (or not, ``site=None``)."""
    env = {k: v for k, v in os.environ.items() if k not in CLEAN_ENV}
    env["PYTHONPATH"] = os.pathsep.join([*([str(site)] if site else []), str(ROOT)])
    return subprocess.run(
        [sys.executable, "-m", "mjcalc", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def clean(proc: subprocess.CompletedProcess[str]) -> None:
    """No traceback, no Click warning: whatever the plug-ins, mjcalc speaks for itself."""
    for stream in (proc.stdout, proc.stderr):
        assert "Traceback" not in stream
        assert "used more than once" not in stream
        assert "UserWarning" not in stream


def test_the_listing_shows_the_good_ones_and_one_warning_per_broken_one(site: Path) -> None:
    proc = mjcalc("rules", site=site)
    clean(proc)
    assert proc.returncode == 0
    for name in ("xingguo", "shanghai", "badtables"):
        assert name in proc.stdout
    warnings = proc.stderr.splitlines()
    assert len(warnings) == len(WHY)
    for name, why in WHY.items():
        (line,) = [w for w in warnings if f"plug-in {name} " in w]
        assert line.startswith("warning [plugin_error]: the ruleset plug-in ")
        assert f"(package fakeplug, entry point {ENTRY_POINTS[name]})" in line
        assert why in line
        assert name not in proc.stdout


def test_the_listing_in_json_and_in_chinese(site: Path) -> None:
    proc = mjcalc("rules", "--json", site=site)
    clean(proc)
    assert proc.returncode == 0
    listed = [entry["name"] for entry in json.loads(proc.stdout)]
    assert listed == ["badtables", "guobiao", "nanchang", "shanghai", "xingguo"]
    assert proc.stderr.count("[plugin_error]") == len(WHY)
    proc = mjcalc("rules", "--lang", "zh", site=site)
    clean(proc)
    assert proc.returncode == 0
    assert proc.stderr.count("警告（插件错误）：规则插件 ") == len(WHY)
    for name, why in WHY_ZH.items():
        assert (
            f"规则插件 {name}（软件包 fakeplug，入口点 {ENTRY_POINTS[name]}）无法使用："
            in proc.stderr
        )
        assert why in proc.stderr


@pytest.mark.parametrize("command", [["rules", "--json"], ["schema", "request"], SHANGHAI])
def test_the_other_rulesets_work_exactly_as_if_it_were_not_installed(
    broken_site: Path, command: list[str]
) -> None:
    alone = mjcalc(*command)
    beside = mjcalc(*command, site=broken_site)
    clean(beside)
    assert beside.stdout == alone.stdout
    if command[0] != "rules":  # (the listing warns of each broken one on stderr)
        assert beside.stderr == alone.stderr
    assert beside.returncode == alone.returncode == 0


def test_no_click_warning_and_no_clashing_flag_in_the_help(site: Path) -> None:
    # the --rules help names the plug-ins whose declarations are sound (what --help can know
    # without loading them); the page is otherwise the bundled rulesets' own
    listed = "xingguo, shanghai, nanchang, guobiao, badtables, noruleset, notoml"
    for command in ("score", "waits", "batch"):
        proc = mjcalc(command, "--help", site=site)
        clean(proc)
        assert proc.returncode == 0
        assert "Warning" not in proc.stderr
        shown, bare = (" ".join(p.stdout.split()) for p in (proc, mjcalc(command, "--help")))
        assert shown.replace(listed, "xingguo, shanghai, nanchang, guobiao") == bare


@pytest.mark.parametrize("name", [*WHY, "badtables"])
def test_asking_for_a_broken_one_by_name_says_why(site: Path, name: str) -> None:
    proc = mjcalc("rules", name, site=site)
    clean(proc)
    assert proc.returncode == 1
    (line,) = proc.stderr.splitlines()
    assert line.startswith(f"error [plugin_error]: the ruleset plug-in {name} (package fakeplug")
    assert WHY.get(name, "tables() raised RuntimeError: tables exploded") in line

    proc = mjcalc("rules", name, "--json", site=site)
    clean(proc)
    assert proc.returncode == 1
    error = json.loads(proc.stdout)["error"]
    assert error["code"] == "plugin_error"
    assert f"the ruleset plug-in {name} (package fakeplug" in error["message"]
    assert f"规则插件 {name}（软件包 fakeplug" in error["message_zh"]


@pytest.mark.parametrize("name", list(WHY))
def test_scoring_with_a_broken_one_is_its_plugin_error(site: Path, name: str) -> None:
    proc = mjcalc("score", "-r", name, HAND, "--json", site=site)
    clean(proc)
    assert proc.returncode == 1
    result = json.loads(proc.stdout)
    assert result["ok"] is False
    assert result["error"]["code"] == "plugin_error"
    assert WHY[name] in result["error"]["message"]
    assert "[plugin_error]" in proc.stderr


def test_a_good_one_beside_the_broken_ones_scores(site: Path) -> None:
    proc = mjcalc("score", "-r", "badtables", HAND, "--winner", "W", "--json", site=site)
    clean(proc)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["ok"] is True


# --- in the process -------------------------------------------------------------------------


@pytest.fixture
def fake_discovery(monkeypatch: pytest.MonkeyPatch, site: Path) -> Iterator[None]:
    """mjcalc's own plug-ins and the fake distribution, discovered again in this process."""
    import mjcalc.hot_paths

    real = mjcalc.hot_paths.entry_points

    def found(group: str, path: object = None) -> list[tuple[str, str, str]]:
        return [*real(group), *real(group, [str(site)])]

    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(mjcalc.hot_paths, "entry_points", found)
    plugins.discover.cache_clear()
    registry._BY_NAME.clear()
    registry._load_rules.cache_clear()
    yield
    plugins.discover.cache_clear()
    registry._BY_NAME.clear()
    registry._load_rules.cache_clear()


@pytest.mark.usefixtures("fake_discovery")
def test_discovery_keeps_the_broken_ones_aside() -> None:
    found = plugins.discover()
    assert set(found.broken) == {"missing", "fortytwo", "exiter", "clash"}
    assert {"xingguo", "shanghai", "badtables", "notoml", "noruleset"} <= set(found.plugins)
    assert found.distributions["badtables"] == "fakeplug"
    assert found.entry_points["badtables"] == "fakeplug.badtables:PLUGIN"
    assert plugins.distribution("badtables") == ("fakeplug", "1.0")
    assert plugins.distribution("shanghai")[0] == "mjcalc"  # type: ignore[index]
    assert plugins.distribution("missing") is None
    assert all(flag.option != "--json" for flag in plugins.flags())
    from mjcalc.schema import request_models

    assert len(request_models()) == len(set(request_models()))  # the broken ones left out


def test_keyboard_interrupt_still_stops_discovery(monkeypatch: pytest.MonkeyPatch) -> None:
    import mjcalc.hot_paths

    def interrupted(reference: str) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(mjcalc.hot_paths, "entry_points", lambda group: [("d", "x", "m:P")])
    monkeypatch.setattr(plugins, "resolve", interrupted)
    plugins.discover.cache_clear()
    try:
        with pytest.raises(KeyboardInterrupt):
            plugins.discover()
    finally:
        plugins.discover.cache_clear()


def test_the_core_option_names_are_every_option_of_mjcalcs_own_commands() -> None:
    from mjcalc.cli import cli

    own = {flag.option for flag in plugins.flags()}
    options: set[str] = set()
    names: set[str] = set()

    def walk(command: click.Command) -> None:
        for param in command.params:
            if isinstance(param, click.Option) and set(param.opts) & own:
                continue  # a ruleset's flag
            if isinstance(param, click.Option):
                options.update(param.opts, param.secondary_opts)
            if param.name:
                names.add(param.name)
        if isinstance(command, click.Group):  # every command, the lazily loaded ones too
            ctx = click.Context(command)
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None
                walk(sub)

    walk(cli)
    assert {"--port", "--add", "--jobs", "--csv"} <= options  # serve, session, batch looked at
    options.update(("-h", "--help"))
    names.add("help")
    assert options <= plugins.CORE_OPTIONS
    assert names <= plugins.CORE_FIELDS


@pytest.mark.parametrize(
    ("flag", "why"),
    [
        (Flag("--json", "x", "switch", ("x", "x")), "takes the name of one of mjcalc's own"),
        (Flag("-o", "x", "switch", ("x", "x")), "takes the name of one of mjcalc's own"),
        (Flag("--mine", "winner", "switch", ("x", "x")), "takes the name of one of mjcalc's own"),
        (Flag("mine", "mine", "switch", ("x", "x")), "is malformed"),
        (Flag("--mine", "not a name", "switch", ("x", "x")), "is malformed"),
        (Flag("--mine", ["no"], "switch", ("x", "x")), "is malformed"),  # type: ignore[arg-type]
        ("--mine", "not a mjcalc.plugin.Flag"),
    ],
)
def test_a_flag_that_cannot_be_offered_makes_the_plugin_broken(flag: Any, why: str) -> None:
    base = plugins.plugins()["shanghai"]
    reason = plugins.check(base._replace(flags=(flag,)))
    assert reason is not None and why in reason.en
    assert plugins.check(base) is None


def test_the_error_codes_are_documented_everywhere() -> None:
    from mjcalc.i18n.views import CODES

    assert get_args(ErrorCode) == ERROR_CODES
    assert "plugin_error" in ERROR_CODES
    assert {f"code.{code}" for code in ERROR_CODES} == set(CODES)
    for doc in ("README.md", "docs/json.md"):
        text = (ROOT / doc).read_text(encoding="utf-8")
        table = re.search(r"^\| (?:error )?code \| meaning \|\n(?:\|.*\n)+", text, re.MULTILINE)
        assert table is not None, doc
        documented = set(re.findall(r"^\| `([a-z_]+)` \|", table[0], re.MULTILINE)) - {"usage"}
        assert documented == set(ERROR_CODES), doc


# --- a byte-order mark ----------------------------------------------------------------------


def test_a_ruleset_file_with_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    plain = tmp_path / "plain.toml"
    plain.write_text('ruleset = "shanghai"\n[options]\nstake = 3\n', encoding="utf-8")
    marked = tmp_path / "marked.toml"
    marked.write_bytes(b"\xef\xbb\xbf" + plain.read_bytes())
    loaded = registry.load_rules(str(marked))
    assert loaded.toml_options == registry.load_rules(str(plain)).toml_options == {"stake": 3}
    assert loaded.digest == registry.file_digest(marked.read_bytes())  # the bytes as they are


def test_only_a_leading_byte_order_mark_is_taken_off(tmp_path: Path) -> None:
    from mjcalc.errors import MjcalcError

    path = tmp_path / "late.toml"
    path.write_bytes(b'ruleset = "shanghai"\n\xef\xbb\xbf[options]\n')
    with pytest.raises(MjcalcError) as caught:
        registry.load_rules(str(path))
    assert caught.value.code == "invalid_request"


def test_score_reads_a_marked_ruleset_file(tmp_path: Path) -> None:
    from tests.support.cli import run

    path = tmp_path / "house.toml"
    path.write_bytes(b'\xef\xbb\xbfruleset = "shanghai"\n[options]\nstake = 2\n')
    result = run("score", "-r", str(path), HAND, "--winner", "W", "--discarder", "N", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["payments"]["W"] == 40
