"""Nanchang 南昌麻将 (Jiangxi): everything about this ruleset lives in this package.

- :mod:`.request` — the request model: the turned-up jing, jing held per seat, 天胡 / 地胡,
  跟庄, the opening flip (上下翻精);
- :mod:`.flags` — its command-line flags, as data;
- :mod:`.texts` — its texts, in English and Chinese;
- :mod:`.options` — options (validated from ``rulesets/nanchang.toml``), each with its meaning;
- :mod:`.base` — the jing and the jing each seat holds;
- :mod:`.hu` — reading the win (its shape, 德国 / 德中德, 精钓) and who pays what;
- :mod:`.settle` — kongs, the jing settlement (冲关 / 霸王精), the opening flip and 跟庄;
- :mod:`.tables` — the tables of ``mjcalc rules nanchang``, every cell scored by the evaluator;
- :mod:`.session` — across hands: who deals next, what a drawn hand still settles;
- :mod:`.ruleset` — the evaluator and ``RULESET``.

Like a ruleset written outside mjcalc, it imports from mjcalc only :mod:`mjcalc.plugin`; what
it shares with Xingguo (jing as wilds, 十三烂 / 七星, 冲关) comes from there. This module only
declares the plug-in (:data:`PLUGIN`, named by mjcalc's ``mjcalc.rulesets`` entry points).
"""

from mjcalc.plugin import Plugin, bundled_dir
from mjcalc.rules.nanchang.flags import FLAGS

PLUGIN = Plugin(
    name="nanchang",
    title=("nanchang", "南昌麻将"),
    description=(
        "Nanchang 南昌: jing (正精 / 副精), 德国 / 德中德, 精钓, 冲关 / 霸王精, 上下翻精, 跟庄",
        "南昌麻将：正精/副精、德国/德中德、精钓、冲关/霸王精、上下翻精、跟庄",
    ),
    ruleset="mjcalc.rules.nanchang.ruleset:RULESET",
    defaults=bundled_dir() / "nanchang.toml",
    flags=FLAGS,
    texts="mjcalc.rules.nanchang.texts:TEXTS",
    order=3,
)
