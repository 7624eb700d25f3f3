"""``mjcalc rules``: the rulesets listed, one ruleset's options and tables, a ruleset file."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.cli import run, run_main


def test_rules_lists_every_bundled_ruleset_with_its_description() -> None:
    out = run("rules", "--json")
    assert out.exit_code == 0
    listing = json.loads(out.stdout)
    by_name = {entry["name"]: entry["description"] for entry in listing}
    assert "shanghai" in by_name
    assert by_name["shanghai"].startswith("上海 清混碰")
    human = run("rules")
    assert human.exit_code == 0
    assert "shanghai" in human.stdout and by_name["shanghai"] in human.stdout


def test_rules_name_shows_options_with_meaning_and_generated_tables() -> None:
    out = run("rules", "shanghai", "--json")
    assert out.exit_code == 0
    doc = json.loads(out.stdout)
    options = {o["name"]: o for o in doc["options"]}
    assert options["lezi"]["value"] == 10
    assert options["lezi"]["meaning"]  # declared with the option
    assert doc["tables"] and all(t["rows"] for t in doc["tables"])
    human = run("rules", "shanghai").stdout
    assert "lezi" in human and doc["tables"][0]["title"] in human


def test_rules_option_changes_the_generated_tables() -> None:
    def lezi_cells(*extra: str) -> str:
        return run("rules", "shanghai", "--json", *extra).stdout

    assert lezi_cells() != lezi_cells("-o", "lezi=20")
    doc = json.loads(lezi_cells("-o", "lezi=20"))
    assert {o["name"]: o["value"] for o in doc["options"]}["lezi"] == 20


def test_rules_accepts_a_toml_path(toy_rules: str) -> None:
    doc = json.loads(run("rules", toy_rules, "--json").stdout)
    assert (doc["name"], doc["ruleset"], doc["description"]) == (toy_rules, "toy", "toy")
    assert [(o["name"], o["value"]) for o in doc["options"]] == [("points", 3), ("stake", 1)]


def test_rules_unknown_name_exits_1_with_message_and_hint() -> None:
    out = run("rules", "mahjong-soul")
    assert out.exit_code == 1
    assert out.stdout == ""
    assert out.stderr.startswith("error [unknown_rules]: unknown ruleset 'mahjong-soul'")
    assert "hint: `mjcalc rules` lists the rulesets" in out.stderr


def test_rules_bad_option_value_exits_1() -> None:
    out = run("rules", "shanghai", "-o", "lezi=lots")
    assert out.exit_code == 1
    assert "option 'lezi'" in out.stderr


# --- the bundled rulesets are found from anywhere -------------------------------------------------


def test_rules_run_from_the_repository_root() -> None:
    root = Path(__file__).resolve().parents[2]
    proc = run_main("rules", "xingguo", "--json", cwd=root)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["ruleset"] == "xingguo"
