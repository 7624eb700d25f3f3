"""Ruleset TOML files shipped with mjcalc (installed as the ``mjcalc.rulesets`` package)."""
