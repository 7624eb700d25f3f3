"""One module per ruleset; each defines ``RULESET`` (a :class:`~mjcalc.rules.base.Ruleset`).

Rulesets are found through their TOML files (``ruleset = "<module>"``), so adding one is a TOML
file in ``rulesets/`` plus a module here.
"""
