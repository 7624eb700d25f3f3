"""Loading a ruleset (:mod:`mjcalc.rules.registry`): by name or by TOML file, its plug-ins found,
its options validated once for each set of overrides, every error named.
"""

from __future__ import annotations

import pytest

from mjcalc.errors import MjcalcError
from mjcalc.rules.plugins import plugins
from mjcalc.rules.registry import _overrides_key, load_rules, ruleset_by_name

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


# --- the bundled rulesets found as plug-ins -------------------------------------------------------


def test_the_registry_finds_mjcalcs_own_rulesets_as_plugins() -> None:
    assert list(plugins())[:2] == ["xingguo", "shanghai"]
    assert ruleset_by_name("shanghai").name == "shanghai"
