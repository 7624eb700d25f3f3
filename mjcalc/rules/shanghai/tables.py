"""The Shanghai scoring tables for ``mjcalc rules shanghai``: the fan table and the 勒子 ladder.

Nothing here is typed in: every number comes from scoring the example hands below with the
evaluator's own functions and the table's options, so the tables follow any house rule.
"""

from __future__ import annotations

from mjcalc.plugin import Bilingual, Table, bilingual, parse_hand, same
from mjcalc.plugin import text as text_of
from mjcalc.rules.shanghai.hands import HandScore, WinSituation, best_hand, flower_tiles_source
from mjcalc.rules.shanghai.options import ShanghaiOptions
from mjcalc.rules.shanghai.pay import eight_flowers_instant

NAMED_EXAMPLES = (
    "111m222p333s444m55p",  # 碰碰胡
    "123m456m789m123m11z",  # 混一色
    "123m456m789m123m55m",  # 清一色
    "111m333m555m777m11z",  # 混碰
    "111m333m555m777m99m",  # 清碰
    "11223344556677z",  # 风一色 (乱风向)
    "111z222z333z444z55z",  # 风碰: its four wind pungs hold 4 flowers
)
"""One hand of each named hand, holding as few flowers as that hand can."""

SITUATIONAL_EXAMPLES: tuple[tuple[str, bool, int, int], ...] = (
    ("234m456m678m55m (1111m)", True, 0, 0),  # 杠开
    ("[234m] [456m] [678m] (1111m) 55m", False, 0, 0),  # 大吊车
    ("123m456m789m123m55m", False, 1, 0),  # 开宝 ×1
    ("123m456m789m123m55m", False, 0, 1),  # 黄番 ×1
)
"""(hand, after_kong, kaibao, huangfan): each shows one situational fan."""

MAX_LADDER_FLOWERS = 24
"""More flowers than any hand can hold (8 flower tiles + three dragon and one wind 暗杠 = 23)."""


def _score(
    text: str,
    options: ShanghaiOptions,
    flowers: int = 0,
    after_kong: bool = False,
    kaibao: int = 0,
    huangfan: int = 0,
) -> HandScore:
    """An example hand's value, won on its last concealed tile with ``flowers`` flower tiles."""
    hand = parse_hand(text)
    situation = WinSituation(hand.concealed[-1], after_kong, kaibao, huangfan)
    return best_hand(hand, situation, flower_tiles_source(flowers, ()), options)


def fan_table(options: ShanghaiOptions) -> Table:
    """Each named hand and situational fan: its fan, its multiplier, the cap it allows."""
    rows: list[tuple[str, str, str, str, Bilingual]] = []
    for text in NAMED_EXAMPLES:
        s = _score(text, options)
        cap = same(f"{s.cap_lezi} 勒子 = {s.cap}")
        rows.append((s.named.zh, s.named.en, str(s.fan), f"×{2**s.fan}", cap))
    for text, after_kong, kaibao, huangfan in SITUATIONAL_EXAMPLES:
        for f in _score(text, options, 0, after_kong, kaibao, huangfan).fans:
            cap = bilingual("rules.sh.lifts", cap=2 * options.lezi) if f.lifts_cap else same("")
            rows.append((f.zh, f.en, f"+{f.fan}", f"×{2**f.fan}", cap))
    item, section = eight_flowers_instant("E", options.lezi)
    flat = bilingual("rules.sh.flat", amount=-section["S"])
    rows.append((item.zh, item.en, str(item.fan), f"×{2 ** (item.fan or 0)}", flat))
    title, note = bilingual("rules.sh.fan_title"), bilingual("rules.sh.fan_note")
    return Table(
        title=title.en,
        columns=["zh", "en", "fan", "multiplier", "cap"],
        rows=[[zh, en, fan, times, cap.en] for zh, en, fan, times, cap in rows],
        note=note.en,
        title_zh=title.zh,
        columns_zh=text_of("rules.sh.fan_columns", "zh").split("|"),
        rows_zh=[[zh, fan, times, cap.zh] for zh, _en, fan, times, cap in rows],
        note_zh=note.zh,
    )


def ladder_table(options: ShanghaiOptions) -> Table:
    """The points of one share at 0, 1, 2… flowers for each named hand, until all are capped."""
    rows: list[list[str]] = []
    base_scores = [(text, _score(text, options)) for text in NAMED_EXAMPLES]
    last = _ladder_length(base_scores, options)
    for text, s in base_scores:
        own = s.flower_count  # flowers its pungs already hold
        cells = [
            "—" if k < own else str(_score(text, options, k - own).share) for k in range(last + 1)
        ]
        rows.append([s.named.zh, *cells, str(s.cap)])
    title = bilingual("rules.sh.ladder_title", base=options.base, lezi=options.lezi)
    note = bilingual("rules.sh.ladder_note")
    flowers = [str(k) for k in range(last + 1)]
    return Table(
        title=title.en,
        columns=["hand", *flowers, "cap"],
        rows=rows,
        note=note.en,
        title_zh=title.zh,
        columns_zh=[text_of("word.pattern", "zh"), *flowers, text_of("rules.sh.cap", "zh")],
        rows_zh=rows,
        note_zh=note.zh,
    )


def _ladder_length(base_scores: list[tuple[str, HandScore]], options: ShanghaiOptions) -> int:
    """The first flower count at which every hand pays its cap (at most MAX_LADDER_FLOWERS).

    Never less than the most flowers an example's own pungs hold, so every row shows a number.
    """
    first = max(s.flower_count for _text, s in base_scores)
    for k in range(first, MAX_LADDER_FLOWERS + 1):
        capped = (
            _score(text, options, k - s.flower_count).share == s.cap for text, s in base_scores
        )
        if all(capped):
            return k
    return MAX_LADDER_FLOWERS


def build_tables(options: ShanghaiOptions) -> list[Table]:
    """The fan table and the 勒子 ladder for these options."""
    return [fan_table(options), ladder_table(options)]
