"""Shared fixtures: the toy ruleset registered for plumbing tests. A run that collects no test
fails."""

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


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A run that collected no test fails (status 1, not pytest's 5): a wrong path, a file pytest
    does not collect or a ``-k`` that matches nothing checks nothing, and must not pass for a run
    that did. (A collection error already fails the run: status 2.)"""
    if exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
