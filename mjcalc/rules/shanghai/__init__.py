"""Shanghai 清混碰: everything about this ruleset lives in this package.

- :mod:`.options` — options (validated from ``rulesets/shanghai.toml``);
- :mod:`.hands` — the named hands, fan and flowers;
- :mod:`.pay` — who pays: shares, 勒子 caps, 抢杠, 承包, 八花齐;
- :mod:`.ranks` — the seed's 24 rank levels;
- :mod:`.session` — across hands: who deals next, 黄 carries, escapes, ranks;
- :mod:`.tables` — the fan table and 勒子 ladder, generated;
- :mod:`.ruleset` — the evaluator and ``RULESET``, what the registry loads.
"""

from mjcalc.rules.shanghai.ruleset import RULESET

__all__ = ["RULESET"]
