"""Loading a ruleset (:mod:`mjcalc.rules.registry`): by name or by TOML file, its plug-ins found,
its options validated once for each set of overrides, every error named.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import mjcalc
from mjcalc.errors import MjcalcError
from mjcalc.rules.plugins import plugins
from mjcalc.rules.registry import _overrides_key, load_rules, register_ruleset, ruleset_by_name

# --- options validated once for each set of overrides ---------------------------------------------


def test_options_are_validated_once_per_overrides_and_errors_every_time() -> None:
    loaded = load_rules("xingguo")
    assert loaded.options({"stake": 2}) is loaded.options({"stake": 2})
    assert loaded.options({"stake": 2}) is not loaded.options({"stake": 3})
    for _ in range(2):  # a failure is never cached as a success
        with pytest.raises(MjcalcError):
            loaded.options({"stake": 0})  # stake must be at least 1


def test_override_keys_tell_types_apart_and_skip_unhashable_values() -> None:
    # 1 == True and hash(1) == hash(True): the key keeps the type so they never share an entry
    assert _overrides_key({"stake": 1}) != _overrides_key({"stake": True})
    assert _overrides_key({"x": [1]}) is None  # validated each time instead
    assert _overrides_key({}) == _overrides_key(None) == ()


def test_a_ruleset_by_name_is_loaded_once_and_a_file_at_each_version(tmp_path: Path) -> None:
    # a name is looked up in a plain table after the first load; a file is still asked by its
    # version, so an edit is seen; registering a ruleset forgets what was loaded
    assert load_rules("shanghai") is load_rules("shanghai")
    path = tmp_path / "house.toml"
    path.write_text('ruleset = "shanghai"\n[options]\nbase = 2\n')
    first = load_rules(str(path))
    assert first.options({}).base == 2  # type: ignore[attr-defined]
    path.write_text('ruleset = "shanghai"\n[options]\nbase = 30\n')
    assert load_rules(str(path)).options({}).base == 30  # type: ignore[attr-defined]
    before = load_rules("xingguo")
    register_ruleset(ruleset_by_name("shanghai"))
    assert load_rules("xingguo") is not before and load_rules("xingguo").name == "xingguo"


# --- the bundled rulesets found as plug-ins -------------------------------------------------------


def test_the_registry_finds_mjcalcs_own_rulesets_as_plugins() -> None:
    assert list(plugins())[:2] == ["xingguo", "shanghai"]
    assert ruleset_by_name("shanghai").name == "shanghai"


# --- ruleset files: what is wrong, named ----------------------------------------------------------


HAND = "123m456p789s11z 234m"


def test_malformed_toml_names_its_line(toy_rules: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('ruleset = "toy"\n[options]\npoints = = 3\n')
    result = mjcalc.score({"rules": str(bad), "hand": HAND})
    assert result.error is not None
    assert result.error.code == "invalid_request"
    assert "line 3" in result.error.message


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('ruleset = "toy"\n[options]\npoints = "x"\n', "option 'points'"),
        ('ruleset = "toy"\n[options]\nnope = 1\n', "unknown option 'nope'"),
        ('ruleset = "toy"\ncolour = 1\n', "unknown key 'colour'"),
        ("[options]\npoints = 1\n", "must name its ruleset"),
        ('ruleset = "no_such_module"\n', "'no_such_module' is not a known ruleset"),
    ],
)
def test_bad_ruleset_files(toy_rules: str, tmp_path: Path, text: str, fragment: str) -> None:
    path = tmp_path / "house.toml"
    path.write_text(text)
    result = mjcalc.score({"rules": str(path), "hand": HAND})
    assert result.error is not None
    assert fragment in result.error.message


# --- a ruleset module that fails to import --------------------------------------------------------


def test_a_broken_ruleset_module_is_not_reported_as_unknown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Regression: a missing import inside a ruleset module read as 'no ruleset module'."""
    import importlib

    from mjcalc.rules import registry

    def fake_import(name: str) -> Any:
        raise ModuleNotFoundError("No module named 'numpy'", name="numpy")

    from mjcalc.rules.plugins import Plugin, bundled_dir

    plugin = Plugin(
        "some_ruleset", ("x", "x"), ("x", "x"), "mjcalc.rules.some_ruleset:RULESET", bundled_dir()
    )
    monkeypatch.setitem(registry.plugins(), "some_ruleset", plugin)
    monkeypatch.setattr(importlib, "import_module", fake_import)
    with pytest.raises(MjcalcError) as caught:
        registry.ruleset_by_name("some_ruleset")
    assert caught.value.code == "plugin_error"  # a broken plug-in, saying why
    assert "ModuleNotFoundError: No module named 'numpy'" in caught.value.message
