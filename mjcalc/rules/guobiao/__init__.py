"""Guobiao 国标麻将 (Chinese Official, MCR, 81 fan): everything about this ruleset lives in this
package.

- :mod:`.request` — the request model: the prevalent wind, 妙手回春 / 海底捞月, 和绝张;
- :mod:`.flags` — its command-line flags, as data;
- :mod:`.texts` — its texts, in English and Chinese;
- :mod:`.options` — options (validated from ``rulesets/guobiao.toml``), each with its meaning;
- :mod:`.fan` — the fan calculator (the 81 fan, combined as the competition rules say);
- :mod:`.ruleset` — the evaluator (the situation checked, the 8-fan minimum, the payments) and
  ``RULESET``;
- :mod:`.tables` — the tables of ``mjcalc rules guobiao``: every fan with its value, the payments;
- :mod:`.session` — across hands: the deal passes every hand, the prevalent wind by hand number,
  16 hands a match, table points 4/2/1/0, 错和.

Like a ruleset written outside mjcalc, it imports from mjcalc only :mod:`mjcalc.plugin`. This
module only declares the plug-in (:data:`PLUGIN`, named by mjcalc's ``mjcalc.rulesets`` entry
points).
"""

from mjcalc.plugin import Plugin, bundled_dir
from mjcalc.rules.guobiao.flags import FLAGS

PLUGIN = Plugin(
    name="guobiao",
    title=("guobiao", "国标麻将"),
    description=(
        "Guobiao 国标 (MCR): 81 fan, 8-fan minimum, base 8, flowers, 16-hand matches",
        "国标麻将：81 番，8 番起和，底分 8，花牌，一局 16 盘",
    ),
    ruleset="mjcalc.rules.guobiao.ruleset:RULESET",
    defaults=bundled_dir() / "guobiao.toml",
    flags=FLAGS,
    texts="mjcalc.rules.guobiao.texts:TEXTS",
    order=4,
)
