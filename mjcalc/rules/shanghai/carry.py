"""What Shanghai carries across hands: pending 开宝 and 黄番, and the dice-double mark.

Every drawn hand (黄) adds one 黄番, every hand whose dice showed a double adds one 开宝 (the
winning hand's own included); the next win is scored with them (the request fields ``kaibao``
and ``huangfan``), and they start again from 0. Light on purpose: the plug-in declares it
(:data:`mjcalc.rules.shanghai.PLUGIN`) as well as the session rules (:mod:`.session`).
"""

from __future__ import annotations

from mjcalc.plugin import Bilingual, Carry, Counts, bilingual, mark

DICE_DOUBLE = mark(
    "--dice-double",
    "dice_double",
    (
        "shanghai: this hand's dice showed a double: one more 开宝 for the next win.",
        "上海：本局骰子掷出对子：下一次胡牌多一个开宝。",
    ),
    ("开宝", "开宝"),
)
"""A session line's 开宝 mark (``--dice-double``; JSON ``"dice_double": true``)."""


def to_win(counts: Counts, marks: frozenset[str]) -> Counts:
    """The 开宝 and 黄番 a win is scored with: those pending, and its own dice double."""
    kaibao, huangfan = counts
    return kaibao + (DICE_DOUBLE.field in marks), huangfan


def past_draw(counts: Counts, marks: frozenset[str]) -> Counts:
    """After 黄: one more 黄番 pending, and one more 开宝 if the dice showed a double."""
    kaibao, huangfan = counts
    return kaibao + (DICE_DOUBLE.field in marks), huangfan + 1


def shown_win(counts: Counts) -> Bilingual | None:
    """What a win got from earlier hands, when it got anything."""
    kaibao, huangfan = counts
    if not (kaibao or huangfan):
        return None
    return bilingual("session.shanghai.carried", kaibao=kaibao, huangfan=huangfan)


def shown_draw(counts: Counts) -> Bilingual:
    """A drawn hand (黄) and what is pending after it."""
    kaibao, huangfan = counts
    return bilingual("session.shanghai.draw_carry", kaibao=kaibao, huangfan=huangfan)


CARRY = Carry(
    fields=("kaibao", "huangfan"),
    marks=(DICE_DOUBLE,),
    on_win=to_win,
    on_draw=past_draw,
    shown_win=shown_win,
    shown_draw=shown_draw,
)
"""Pending 开宝 and 黄番: the request fields ``kaibao`` and ``huangfan`` of the next win."""
