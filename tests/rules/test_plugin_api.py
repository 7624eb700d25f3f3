"""``mjcalc.plugin``: the one module a ruleset plug-in imports from, light where it must be."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import mjcalc.plugin as api


@pytest.mark.parametrize("name", api.__all__)
def test_each_name_is_the_object_of_its_module(name: str) -> None:
    module = importlib.import_module(api._WHERE[name])
    assert getattr(api, name) is getattr(module, name)


def test_every_listed_name_has_a_home_and_nothing_else_is_offered() -> None:
    assert sorted(api._WHERE) == sorted(api.__all__)
    with pytest.raises(AttributeError, match="no attribute 'score'"):
        api.score  # noqa: B018 - the use case is not part of the plug-in's API


def test_declaring_a_plugin_imports_nothing_heavy() -> None:
    code = (
        "import sys\n"
        "from mjcalc.plugin import Flag, Plugin, bundled_dir, mark\n"
        "heavy = [m for m in ('pydantic', 'click', 'rich', 'mjcalc.engine', 'mjcalc.models')"
        " if m in sys.modules]\n"
        "print(heavy)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "[]"
