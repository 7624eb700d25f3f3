"""``mjcalc schema``: the request and result JSON Schemas are valid schemas, cover every installed
ruleset's request model, accept what the rulesets accept and validate real results.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import jsonschema

from mjcalc.schema import json_schema, request_models
from tests.support.cli import run


def test_schema_default_is_the_request_and_is_valid_json_schema() -> None:
    out = run("schema")
    assert out.exit_code == 0
    schema = json.loads(out.stdout)
    assert schema == json_schema("request")
    jsonschema.Draft202012Validator.check_schema(schema)


def test_request_schema_accepts_both_rulesets_and_rejects_typos() -> None:
    validator = jsonschema.Draft202012Validator(json_schema("request"))
    xingguo = {
        "rules": "xingguo",
        "hand": "1m",
        "jing": "9s",
        "jings": {"S": [1, 0]},
        "follow_dealer": 1,
        "xianggong": {"W": "big"},
    }
    shanghai = {"rules": "shanghai", "hand": "1m", "flowers": 3, "kaibao": 1, "liable": ["S"]}
    assert validator.is_valid(xingguo)
    assert validator.is_valid(shanghai)
    assert not validator.is_valid({**shanghai, "flowrs": 3})
    assert not validator.is_valid({**shanghai, "flowers": 9})  # at most 8 flowers
    assert not validator.is_valid({"rules": "xingguo", "hand": "1m", "winner": "X"})


def test_request_schema_covers_every_bundled_rulesets_request_model() -> None:
    from mjcalc.rules.plugins import names
    from mjcalc.rules.registry import load_rules

    defs = json_schema("request")["$defs"]
    assert {"shanghai", "xingguo"} <= set(names())
    for name in names():
        model = load_rules(name).ruleset.request_model
        assert model in request_models()
        assert model.__name__ in defs


def test_result_schema_validates_real_results(toy_rules: str) -> None:
    out = run("schema", "result")
    schema = json.loads(out.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    good = json.loads(run("score", "11122233344455m", "-r", "shanghai", "--json").stdout)
    bad = json.loads(run("score", "1h", "-r", "shanghai", "--json").stdout)
    assert validator.is_valid(good) and validator.is_valid(bad)
    assert not validator.is_valid({**good, "payments": {"E": "lots"}})


def test_the_schemas_are_built_from_the_contract_alone() -> None:
    """Every schema comes from the models (``mjcalc.models`` and its modules), never from the
    use cases that fill them in: a fresh interpreter builds all four without importing any
    ``mjcalc.app`` module, through the Python function and through the command alike."""
    code = (
        "import contextlib, io, json, sys\n"
        "from mjcalc.schema import json_schema\n"
        "from mjcalc.cli import cli\n"
        "def used(): return sorted(m for m in sys.modules if m.startswith('mjcalc.app'))\n"
        "for which in ('request', 'result', 'waits', 'session'):\n"
        "    json_schema(which)\n"
        "by_function = used()\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    for which in ('request', 'result', 'waits', 'session'):\n"
        "        cli.main(['schema', which], standalone_mode=False)\n"
        "print(json.dumps([by_function, used()]))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(proc.stdout) == [[], []]


def test_the_event_kinds_are_one_list_in_the_schema_and_the_docs() -> None:
    """The kinds a session record names come from one ``Literal``: its tuple, the session
    schema's ``event`` and the sentence of docs/sessions.md that lists them agree, in order."""
    from typing import get_args

    from mjcalc.models import EVENT_KINDS, EventKind

    assert get_args(EventKind) == EVENT_KINDS
    record = json_schema("session")["$defs"]["RecordOut"]
    assert record["properties"]["event"]["enum"] == list(EVENT_KINDS)
    text = (Path(__file__).resolve().parents[2] / "docs" / "sessions.md").read_text("utf-8")
    sentence = re.search(r"^`event` is (.+?)(?: \(|;)", text, re.MULTILINE)
    assert sentence is not None
    assert re.findall(r"`([a-z_]+)`", sentence[1]) == list(EVENT_KINDS)
