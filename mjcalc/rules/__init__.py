"""What every ruleset shares, and one package per bundled ruleset (``xingguo/``, ``shanghai/``).

A ruleset is a plug-in found through the ``mjcalc.rulesets`` entry points (:mod:`.plugins`):
its package declares a :class:`~mjcalc.rules.plugins.Plugin` and owns everything that is its
own. This package holds the contract they plug into: the evaluator's (:mod:`.base`), flags as
data (:mod:`.flags`), sessions (:mod:`.session`, :mod:`.carry`), loading (:mod:`.registry`) and
the ledger every settlement uses (:mod:`.ledger`).
"""
