"""A sitting's checkpoint is not trusted across a change of the code that scored it: the
plug-in's package and version, and mjcalc's own build, are part of its fingerprint."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from mjcalc.app.session import checkpoint
from mjcalc.rules import plugins, registry
from mjcalc.rules.base import Scored
from tests.app.session.test_store import WIN, add, count_feeds, replayed, sitting

HEADER = '{"session": {"rules": "shanghai"}}'  # no balances: nobody runs out


def test_the_fingerprint_names_the_plugins_package_and_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = sitting(tmp_path, HEADER, WIN)
    edit = add(path, WIN)
    assert edit.summary.totals["W"] == 40
    found = plugins.distribution("shanghai")
    assert found is not None and found[0] == "mjcalc"  # mjcalc's own rulesets are its plug-ins
    stored = json.loads((tmp_path / ".game.jsonl.mjcalc-checkpoint").read_text())
    before = stored["states"][0]["fingerprint"]

    # the same version: the checkpoint is used (only the new line is fed)
    fed = count_feeds(monkeypatch)
    add(path, WIN)
    assert fed == [1, 4]

    # an upgrade of the plug-in that pays double: the checkpoint no longer holds
    original = registry.load_rules("shanghai")

    def doubled(ctx: Any, options: Any) -> Scored:
        scored = original.ruleset.evaluate(ctx, options)
        sections = {k: {s: 2 * v for s, v in m.items()} for k, m in scored.sections.items()}
        return dataclasses.replace(scored, sections=sections)

    upgraded = dataclasses.replace(
        original, ruleset=dataclasses.replace(original.ruleset, evaluate=doubled)
    )
    monkeypatch.setitem(registry._BY_NAME, "shanghai", upgraded)
    monkeypatch.setattr(
        plugins, "distribution", lambda name: ("mjcalc", "99.0") if name == "shanghai" else None
    )
    fed.clear()
    edit = add(path, WIN)
    assert fed[-5:] == [1, 2, 3, 4, 5]  # a full replay
    assert edit.summary.totals["W"] == 4 * 40  # every hand at the new payments
    assert edit.summary.to_json() == replayed(path).to_json()
    stored = json.loads((tmp_path / ".game.jsonl.mjcalc-checkpoint").read_text())
    assert stored["states"][0]["fingerprint"] != before


def test_a_new_version_alone_replays_from_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = sitting(tmp_path, HEADER, WIN)
    add(path, WIN)
    fed = count_feeds(monkeypatch)
    monkeypatch.setattr(plugins, "distribution", lambda name: ("mjcalc", "99.0"))
    add(path, WIN)
    assert fed[-4:] == [1, 2, 3, 4]  # a version that differs: replayed from the start


def test_mjcalcs_own_build_is_part_of_the_fingerprint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = sitting(tmp_path, HEADER, WIN)
    add(path, WIN)
    fed = count_feeds(monkeypatch)
    monkeypatch.setattr(checkpoint, "_build", lambda: "another build")
    add(path, WIN)
    assert fed[-4:] == [1, 2, 3, 4]


def test_the_build_digest_is_cheap_and_changes_with_a_source_file() -> None:
    import time

    checkpoint._build.cache_clear()
    start = time.perf_counter()
    first = checkpoint._build()
    assert time.perf_counter() - start < 0.5  # a stat per file: about a millisecond
    assert checkpoint._build() == first  # computed once
    assert len(first) == 64
    checkpoint._build.cache_clear()
    assert checkpoint._build() == first  # nothing changed: the same digest
