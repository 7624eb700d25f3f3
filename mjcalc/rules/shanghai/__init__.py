"""Shanghai 清混碰: everything about this ruleset lives in this package.

- :mod:`.request` — the request model: flowers, pending 开宝 / 黄番, seats liable under 承包;
- :mod:`.flags` — its command-line flags, as data;
- :mod:`.texts` — its texts, in English and Chinese;
- :mod:`.options` — options (validated from ``rulesets/shanghai.toml``);
- :mod:`.hands` — the named hands, fan and flowers;
- :mod:`.pay` — who pays: shares, 勒子 caps, 抢杠, 承包, 八花齐;
- :mod:`.ranks` — the seed's 24 rank levels;
- :mod:`.carry` — what a session carries to the next win: 开宝 and 黄番, the dice-double mark;
- :mod:`.session` — across hands: who deals next, 黄 carries, escapes, ranks;
- :mod:`.tables` — the fan table and 勒子 ladder, generated;
- :mod:`.ruleset` — the evaluator and ``RULESET``.

This module only declares the plug-in (:data:`PLUGIN`, named by mjcalc's ``mjcalc.rulesets``
entry points): the rest is imported when a command needs it.
"""

from mjcalc.plugin import Plugin, bundled_dir
from mjcalc.rules.shanghai.flags import FLAGS

PLUGIN = Plugin(
    name="shanghai",
    title=("shanghai", "上海清混碰"),
    description=(
        "上海 清混碰: 清 / 混 / 碰 / 风 hands, flowers, 勒子 caps, 八花齐, 抢杠, 承包",
        "上海清混碰：清/混/碰/风、花、勒子封顶、八花齐、抢杠、承包",
    ),
    ruleset="mjcalc.rules.shanghai.ruleset:RULESET",
    defaults=bundled_dir() / "shanghai.toml",
    flags=FLAGS,
    texts="mjcalc.rules.shanghai.texts:TEXTS",
    order=2,
    carry="mjcalc.rules.shanghai.carry:CARRY",
)
