"""The example ruleset package installs beside mjcalc in a fresh virtual environment and works.

``examples/mjcalc-ruleset-jihu`` (Guangdong 鸡胡) is a plug-in like any third party's: this
module makes a new virtual environment, installs mjcalc and the example into it with one plain
``pip install`` (no editable install, no path tricks: both are built and installed as a user
would), and runs the environment's own ``mjcalc`` through every command — ``rules``, ``score``
and its flag, ``batch``, ``schema``, ``waits``, ``session`` — then the example's own tests, then
every ``(.venv-jihu) $ mjcalc`` example of docs/plugins.md and of the example's README, whose output
must be what the command prints (they are shown in the environment where the example is
installed, so tests/contract/test_docs.py, which runs mjcalc in-process, leaves them to this
module).

Copies of the two source trees are installed, so that building them leaves nothing in the
repository. Installing needs the package index (mjcalc's dependencies and the build backend):
where pip cannot reach it, the module is skipped and says so — except in CI (``CI=true``), where
it must run, and fails with pip's own output.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.contract.test_docs import EXTERNAL, broken, jq, links
from tests.support.cli import CLEAN_ENV

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "mjcalc-ruleset-jihu"
PIP_TIMEOUT = 900  # seconds: a cold cache downloads click, rich, pydantic and setuptools
RUN_TIMEOUT = 120

NETWORK_ERRORS = (
    "NewConnectionError",
    "Failed to establish a new connection",
    "Temporary failure in name resolution",
    "Name or service not known",
    "nodename nor servname provided",
    "Network is unreachable",
    "No route to host",
    "Connection refused",
    "ConnectTimeoutError",
    "Read timed out",
    "ProxyError",
    "Max retries exceeded",
)
"""What pip says when it cannot reach the package index (each in a retry warning or error)."""

LEFT_OUT = shutil.ignore_patterns(
    ".git",
    ".venv",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".hypothesis",
    ".benchmarks",
)
"""Never copied: what a build, a test run or an editor left in a source tree."""


def network_error(pip_output: str) -> str | None:
    """The line of pip's output saying the index could not be reached, or ``None``.

    pip says so in its retry warnings; with retries turned off (``PIP_RETRIES=0``) it only says
    that the index offered no version at all of a requirement, which for mjcalc's own
    dependencies and build backend means the same.
    """
    lines = pip_output.splitlines()
    for markers in (NETWORK_ERRORS, ("(from versions: none)",)):
        for line in lines:
            if any(marker in line for marker in markers):
                return line.strip()
    return None


def test_network_errors_are_told_apart() -> None:
    refused = (
        "WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None))"
        " after connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection."
        "HTTPSConnection object at 0x7f>: Failed to establish a new connection: [Errno -3]"
        " Temporary failure in name resolution')': /simple/setuptools/\n"
    )
    no_version = (
        "ERROR: Could not find a version that satisfies the requirement setuptools>=68"
        " (from versions: none)\n"
    )
    assert "Retrying" in (network_error(refused + no_version) or "")
    assert "setuptools>=68" in (network_error(no_version) or "")
    broken_build = "error: subprocess-exited-with-error\n  × Getting requirements to build wheel\n"
    assert network_error(broken_build) is None


@dataclass(frozen=True)
class Venv:
    """A fresh virtual environment with mjcalc and the example installed."""

    root: Path
    work: Path
    """A folder of the test's own (the copied sources, files written by the tests)."""

    @property
    def bin(self) -> Path:
        return self.root / ("Scripts" if os.name == "nt" else "bin")

    @property
    def python(self) -> Path:
        return self.bin / ("python.exe" if os.name == "nt" else "python")

    def run(
        self, program: str, *args: str, cwd: Path = ROOT, check: bool = False
    ) -> subprocess.CompletedProcess[str]:
        """``program`` of the environment (``mjcalc``, ``python``) with ``args``, in ``cwd``."""
        proc = subprocess.run(
            [str(self.bin / program), *args],
            cwd=cwd,
            env=clean_env(),
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=RUN_TIMEOUT,
            check=False,
        )
        if check:
            assert proc.returncode == 0, proc.stdout + proc.stderr
        return proc

    def mjcalc(self, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
        return self.run("mjcalc", *args, cwd=cwd)

    def json(self, *args: str) -> Any:
        """The JSON ``mjcalc *args`` printed (it must have succeeded)."""
        proc = self.mjcalc(*args)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        return json.loads(proc.stdout)

    def lines(self, *args: str) -> list[Any]:
        """Each JSON line ``mjcalc *args`` printed (``batch``, ``session``), whatever its exit."""
        return [json.loads(line) for line in self.mjcalc(*args).stdout.splitlines()]


def clean_env() -> dict[str, str]:
    """The environment, less what would change what mjcalc prints or which mjcalc runs."""
    left_out = {*CLEAN_ENV, "PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV"}
    return {k: v for k, v in os.environ.items() if k not in left_out}


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Venv:
    work = tmp_path_factory.mktemp("plugin-example")
    mjcalc_src, example_src = work / "mjcalc", work / "mjcalc-ruleset-jihu"
    left_out = shutil.ignore_patterns("examples", "tests", "docs", "bench")
    shutil.copytree(
        ROOT,
        mjcalc_src,
        symlinks=True,
        ignore=lambda d, names: {*LEFT_OUT(d, names), *left_out(d, names)},
    )
    shutil.copytree(EXAMPLE, example_src, symlinks=True, ignore=LEFT_OUT)
    env = Venv(work / "venv", work)
    subprocess.run([sys.executable, "-m", "venv", str(env.root)], check=True, timeout=RUN_TIMEOUT)
    # one plain install of both (the example's [test] extra brings pytest for its own tests)
    pip = [str(env.python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    proc = subprocess.run(
        [*pip, str(mjcalc_src), f"{example_src}[test]"],
        cwd=work,
        env={k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")},
        capture_output=True,
        text=True,
        timeout=PIP_TIMEOUT,
        check=False,
    )
    if proc.returncode != 0:
        output = proc.stdout + proc.stderr
        offline = network_error(output)
        if offline is not None and os.environ.get("CI") != "true":
            pytest.skip(f"pip cannot reach the package index to install mjcalc: {offline}")
        pytest.fail(f"pip install failed (exit {proc.returncode}):\n{output}")
    return env


# --- installed, and found as a plug-in ------------------------------------------------------------


def test_both_are_installed_from_their_builds_not_the_source_tree(venv: Venv) -> None:
    code = (
        "import mjcalc, mjcalc_ruleset_jihu as jihu; print(mjcalc.__file__); print(jihu.__file__)"
    )
    proc = venv.run("python", "-c", code, cwd=venv.work, check=True)
    for path in proc.stdout.splitlines():
        assert Path(path).resolve().is_relative_to(venv.root.resolve()), path


def test_rules_lists_the_plugin_beside_the_bundled_rulesets(venv: Venv) -> None:
    proc = venv.mjcalc("rules")
    assert proc.returncode == 0, proc.stderr
    names = [line.split()[0] for line in proc.stdout.splitlines()[2:7]]
    assert names == ["guobiao", "jihu", "nanchang", "shanghai", "xingguo"]
    assert "Guangdong 鸡胡" in proc.stdout
    # its title and description in Chinese come from the plug-in itself
    assert "广东鸡胡 jihu" in venv.mjcalc("rules", "--lang", "zh").stdout


def test_rules_describes_its_options_and_tables(venv: Venv) -> None:
    doc = venv.json("rules", "jihu", "--json")
    assert doc["ruleset"] == "jihu"
    options = {o["name"]: o for o in doc["options"]}
    assert options["min_fan"]["value"] == 0 and options["max_fan"]["value"] == 8
    assert options["fan_full_flush"]["meaning_zh"].startswith("清一色")  # its texts loaded
    fan_table, pay_table = doc["tables"]
    rows = {row[0]: row for row in fan_table["rows"]}
    assert rows["清一色"][:3] == ["清一色", "Full flush", "6"]
    assert rows["鸡胡"][2] == "0"
    # 8 fan: one share 2^8 = 256 from the discarder, or from each of three (768 in all)
    assert pay_table["rows"][-1] == ["8", "256", "256", "+768"]
    # a house rule changes the tables, since the evaluator makes them
    house = venv.json("rules", "jihu", "--json", "-o", "max_fan=10", "-o", "fan_full_flush=5")
    assert {row[0]: row[2] for row in house["tables"][0]["rows"]}["清一色"] == "5"
    assert house["tables"][1]["rows"][-1] == ["10", "1024", "1024", "+3072"]


# --- score -----------------------------------------------------------------------------------


def test_score_a_full_flush_off_a_discard(venv: Venv) -> None:
    # 清一色 6 fan, an exposed chow (no 门前清): one share = 1 × 2^6 = 64, paid by S alone
    result = venv.json(
        "score", "123m456m789m55m", "[234m]", "-r", "jihu", "--discarder", "S", "--json"
    )
    assert result["pattern"] == {"id": "full_flush", "zh": "清一色", "en": "Full flush"}
    assert [(i["id"], i.get("fan")) for i in result["items"]][:1] == [("full_flush", 6)]
    assert result["payments"] == {"E": 64, "S": -64, "W": 0, "N": 0}


def test_score_a_self_drawn_win_capped_at_max_fan(venv: Venv) -> None:
    # S deals, so S sits East: 自摸 1 + 门前清 1 + 字一色 10 + 门风 東 1 = 13 fan, paid as 8:
    # 2^8 = 256 from each of W, N, E
    result = venv.json(
        "score", "111z222z333z444z55z", "-r", "jihu", "--winner", "S", "--dealer", "S", "--json"
    )
    assert result["pattern"]["id"] == "all_honors"
    fans = {i["id"]: i.get("fan") for i in result["items"]}
    assert fans["seat_wind"] == 1 and fans["max_fan"] == 8
    assert result["payments"] == {"E": -256, "S": 768, "W": -256, "N": -256}


def test_score_refusals_keep_their_codes_and_exit_status(venv: Venv) -> None:
    # a concealed chicken hand off a discard: 门前清 1 fan, below a minimum of 3
    proc = venv.mjcalc(
        "score", "123m456p234s55s789s", "-r", "jihu", "--discarder", "S", "-o", "min_fan=3"
    )
    assert proc.returncode == 1
    assert "error [illegal_win]: 1 fan is below this table's minimum of 3" in proc.stderr
    result = json.loads(venv.mjcalc("score", "123m456p789s13579m", "-r", "jihu", "--json").stdout)
    assert result["error"]["code"] == "not_winning" and result["error"]["message_zh"]


def test_the_flag_is_declared_as_data(venv: Venv) -> None:
    code = (
        "from mjcalc.rules.flags import request_fields\n"
        "from mjcalc.rules.plugins import flags\n"
        "flag = next(f for f in flags() if f.option == '--round-wind')\n"
        "print(flag.field, flag.kind, request_fields([flag], {'round_wind': 'S'}))\n"
    )
    proc = venv.run("python", "-c", code, cwd=venv.work, check=True)
    assert proc.stdout.strip() == "round_wind seat {'round_wind': 'S'}"


def test_the_flag_works_from_the_command_line(venv: Venv) -> None:
    # the South round, W deals (so E sits West): only 圈风 南 counts, 1 fan = 2 from N
    args = ["123m456p789s55s", "[222z]", "-r", "jihu", "--dealer", "W", "--discarder", "N"]
    plain = venv.json("score", *args, "--json")
    south = venv.json("score", *args, "--round-wind", "S", "--json")
    assert plain["payments"]["E"] == 1
    assert south["payments"] == {"E": 2, "S": 0, "W": 0, "N": -2}
    assert south["items"][0]["id"] == "round_wind"
    lower = venv.json("score", *args, "--round-wind", "s", "--json")
    assert lower["payments"] == south["payments"]  # a seat flag: any case, or 南
    refused = venv.mjcalc("score", *args, "--round-wind", "X", "--json")
    assert refused.returncode == 2 and "--round-wind" in refused.stderr  # a usage error


# --- batch, schema, waits, session --------------------------------------------------------------


def test_batch_mixes_its_hands_a_bad_line_and_a_bundled_ruleset(venv: Venv) -> None:
    hands = venv.work / "hands.txt"
    hands.write_text(
        "# one of each\n"
        "123m456m789m55m [234m] --discarder S\n"  # 清一色 6: 64 from S
        '{"hand": "111z222z333z444z55z", "winner": "S", "discarder": "E", "round_wind": "S"}\n'
        "123m456p789s1z\n"  # 10 tiles
        "\n"
        "111m222p333s444m55p --rules shanghai --discarder S\n"  # Shanghai 碰碰胡: 4
        "1122m3344p5566s77z --winner N --discarder W\n",  # 门前清 1 + 七对 4: 32 from W
        encoding="utf-8",
    )
    records = venv.lines("batch", str(hands), "--rules", "jihu", "--json")
    assert [(r["line"], r["ok"], r.get("rules")) for r in records] == [
        (2, True, "jihu"),
        (3, True, "jihu"),
        (4, False, "jihu"),
        (6, True, "shanghai"),
        (7, True, "jihu"),
    ]
    # S wins the South round off E: 门前清 1 + 字一色 10 + 门风 南 1 + 圈风 南 1 = 13, paid as 8
    assert records[1]["payments"] == {"E": -256, "S": 256, "W": 0, "N": 0}
    assert records[2]["error"]["code"] == "invalid_hand"
    assert records[3]["payments"] == {"E": 4, "S": -4, "W": 0, "N": 0}
    assert records[4]["payments"] == {"E": 0, "S": 0, "W": -32, "N": 32}
    assert venv.mjcalc("batch", str(hands), "--rules", "jihu").returncode == 1


def test_schema_request_contains_its_request_model(venv: Venv) -> None:
    schema = venv.json("schema", "request")
    assert {"$ref": "#/$defs/JihuRequest"} in schema["anyOf"]
    assert len(schema["anyOf"]) == 5  # the four bundled rulesets and jihu
    round_wind = schema["$defs"]["JihuRequest"]["properties"]["round_wind"]
    assert round_wind["enum"] == ["E", "S", "W", "N"] and round_wind["default"] == "E"


def test_waits_lists_its_waits_with_prices(venv: Venv) -> None:
    # 1223344556789m waits on 2m and 5m for 清一色: off a discard 门前清 1 + 清一色 6 = 7 fan,
    # 128 from the discarder; self-drawn 8 fan, 256 from each of three
    answer = venv.json("waits", "1223344556789m", "-r", "jihu", "--json")
    assert answer["shanten"] == 0
    waits = {w["tile"]: w for w in answer["waits"]}
    assert sorted(waits) == ["2m", "5m"]
    for wait in waits.values():
        assert wait["pattern"]["id"] == "full_flush"
        assert wait["self_draw"]["payments"] == {"E": 768, "S": -256, "W": -256, "N": -256}
        assert wait["discard"]["W"]["payments"] == {"E": 128, "S": 0, "W": -128, "N": 0}
    # a minimum of 6 fan: seven pairs (5 fan off a discard) wins only by self-draw (6 fan)
    pairs = venv.json("waits", "1122m3344p5566s7z", "-r", "jihu", "-o", "min_fan=6", "--json")
    (wait,) = pairs["waits"]
    assert wait["tile"] == "7z" and wait["discard"] == {}
    assert wait["self_draw"]["payments"]["E"] == 3 * 64


def test_a_session_replays_its_hands(venv: Venv) -> None:
    sitting = venv.work / "sitting.jsonl"
    sitting.write_text(
        '{"session": {"rules": "jihu"}}\n'
        "123m456p789s234s55s --discarder S\n"  # E deals and wins 门前清 1: 2 from S; E deals on
        '{"event": "draw"}\n'  # void; E deals on
        "123m456m789m55m [234m] --winner W\n"  # 自摸 1 + 清一色 6: 128 each; S deals next
        '{"event": "false_win", "seat": "N"}\n'  # one 8-fan share to each: 256
        "罚分 西 5\n",  # the ruleset's own line: W pays 5 to each other seat
        encoding="utf-8",
    )
    *records, summary = venv.lines("session", str(sitting), "--json")
    assert [(r["line"], r["event"], r["dealer"]) for r in records] == [
        (2, "hand", "E"),
        (3, "draw", "E"),
        (4, "hand", "E"),
        (5, "false_win", "S"),
        (6, "penalty", "S"),
    ]
    assert records[-2]["payments"] == {"E": 256, "S": 256, "W": 256, "N": -768}
    assert records[-1]["payments"] == {"E": 5, "S": 5, "W": -15, "N": 5}
    assert records[-1]["penalty"] == {"seat": "W", "amount": 5}
    assert summary["summary"]["totals"] == {"E": 135, "S": 131, "W": 625, "N": -891}
    assert summary["summary"]["dealer"] == "S"


def test_the_examples_own_tests_pass(venv: Venv) -> None:
    tests = venv.work / "mjcalc-ruleset-jihu" / "tests"
    # run from elsewhere, so that the installed package is imported, not the copied source
    proc = venv.run(
        "python", "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tests), cwd=venv.work
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


# --- the documentation's examples are real output -------------------------------------------------

PAGES = {"docs/plugins.md": ROOT, "examples/mjcalc-ruleset-jihu/README.md": EXAMPLE}
"""Each page with ``(.venv-jihu) $ mjcalc`` examples, and the folder its commands are run in
(the virtual environment the README's own install of the example makes)."""
# ```console, then `(.venv-jihu) $ mjcalc ...` optionally piped into `jq -c FILTER`, then the output
VENV_EXAMPLE = re.compile(
    r"```console\n\(\.venv-jihu\) \$ (mjcalc [^\n|]*?)(?: \| jq -c ('[^'\n]*'|\S+))?\n(.*?)```",
    re.S,
)
EXAMPLES = [
    (f"{page}: {command}", folder, command, program, output)
    for page, folder in PAGES.items()
    for command, program, output in VENV_EXAMPLE.findall((ROOT / page).read_text("utf-8"))
]


def test_the_pages_have_examples() -> None:
    for page in PAGES:
        assert sum(1 for ex in EXAMPLES if ex[0].startswith(page)) >= 6, page


@pytest.mark.parametrize(
    ("folder", "command", "program", "output"),
    [ex[1:] for ex in EXAMPLES],
    ids=[ex[0] for ex in EXAMPLES],
)
def test_docs_example(venv: Venv, folder: Path, command: str, program: str, output: str) -> None:
    proc = venv.mjcalc(*shlex.split(command)[1:], cwd=folder)
    shown = jq(json.loads(proc.stdout), program) if program else proc.stdout + proc.stderr
    assert shown.strip() == output.strip()


def test_the_example_readme_links_stay_inside_the_repository() -> None:
    page = EXAMPLE / "README.md"
    targets = links(page.read_text("utf-8"))
    bad = [t for t in targets if EXTERNAL.match(t) or broken(page, t) is not None]
    assert bad == []
