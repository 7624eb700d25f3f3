"""The texts that name the rulesets ``--rules`` takes name the installed ones: a ruleset installed
beside mjcalc (the example 鸡胡, in a real process) is listed with the bundled ones, in both
languages, and without it the texts are what they always were.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.support.jihu import install_jihu, mjcalc

NAMES = "xingguo, shanghai, nanchang, guobiao"
NAMES_ZH = "xingguo、shanghai、nanchang、guobiao"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_jihu(tmp_path_factory.mktemp("site"))


def _flat(help_page: str) -> str:
    """A help page with Click's wrapping undone (one space for each run of blanks)."""
    return re.sub(r"\s+", " ", help_page)


@pytest.mark.parametrize("command", ["score", "waits", "batch"])
def test_the_rules_help_lists_an_installed_ruleset(site: Path, command: str) -> None:
    proc = mjcalc(command, "--help", site=site)
    assert proc.returncode == 0, proc.stderr
    if command == "batch":  # its own wording: the ruleset of lines that do not name one
        assert "--rules NAME|PATH" in proc.stdout
        return
    assert f"Ruleset name ({NAMES}, jihu) or a ruleset TOML file" in _flat(proc.stdout)
    zh = mjcalc(command, "--help", "--lang", "zh", site=site)
    assert f"规则名（{NAMES_ZH}、jihu）或规则TOML" in _flat(zh.stdout).replace(" ", "")


def test_without_it_the_help_names_the_bundled_rulesets_alone(site: Path) -> None:
    proc = mjcalc("score", "--help", site=None)
    assert f"Ruleset name ({NAMES}) or a ruleset TOML file" in _flat(proc.stdout)
    zh = mjcalc("score", "--help", "--lang", "zh", site=None)
    assert f"规则名（{NAMES_ZH}）或规则TOML" in _flat(zh.stdout).replace(" ", "")


def test_the_session_help_and_its_usage_error_list_it(site: Path, tmp_path: Path) -> None:
    page = _flat(mjcalc("session", "--help", site=site).stdout)
    assert "--new: the ruleset (xingguo, shanghai, nanchang, guobiao, jihu or a TOML file)." in page
    proc = mjcalc("session", str(tmp_path / "new.jsonl"), "--new", site=site)
    assert proc.returncode == 2
    assert f"Error: --new needs --rules NAME ({NAMES}, jihu) or a ruleset file" in (proc.stderr)
    zh = mjcalc("session", str(tmp_path / "new.jsonl"), "--new", "--lang", "zh", site=site)
    assert f"错误：--new 需要 --rules NAME（{NAMES_ZH}、jihu）或规则文件" in zh.stderr
    assert not (tmp_path / "new.jsonl").exists()


def test_the_request_schema_names_it_in_every_ruleset_s_rules_field(site: Path) -> None:
    proc = mjcalc("schema", "request", site=site)
    schema = json.loads(proc.stdout)
    described = {
        name: model["properties"]["rules"]["description"]
        for name, model in schema["$defs"].items()
        if name.endswith("Request")
    }
    assert set(described) == {
        "XingguoRequest",
        "ShanghaiRequest",
        "NanchangRequest",
        "GuobiaoRequest",
        "JihuRequest",
    }
    wanted = "`xingguo`, `shanghai`, `nanchang`, `guobiao`, `jihu`, or a path to a ruleset TOML"
    wanted += " file"
    assert set(described.values()) == {wanted}


def test_a_missing_ruleset_names_it_too(site: Path) -> None:
    proc = mjcalc("score", "123m456p789s11z 234m", site=site)
    assert proc.returncode == 2
    assert f"no ruleset: give --rules NAME ({NAMES}, jihu)" in proc.stderr
