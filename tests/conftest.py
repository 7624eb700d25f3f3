"""Shared fixtures: the toy ruleset registered for plumbing tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mjcalc.rules.registry import register_ruleset
from tests.support.toy_ruleset import TOY


@pytest.fixture
def toy_rules(tmp_path: Path) -> Iterator[str]:
    """Path of a TOML file naming the toy ruleset with ``points = 3``."""
    register_ruleset(TOY)
    path = tmp_path / "toy.toml"
    path.write_text('ruleset = "toy"\ndescription = "toy"\n[options]\npoints = 3\n')
    yield str(path)
