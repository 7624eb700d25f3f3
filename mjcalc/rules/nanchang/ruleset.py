"""Nanchang 南昌 (docs/rules/nanchang.md): a hand's whole settlement — 胡, 杠, 精 (冲关 / 霸王精),
上下翻精 and 跟庄.

:mod:`~mjcalc.rules.nanchang.hu` reads and prices the win, :mod:`~mjcalc.rules.nanchang.settle`
settles the rest, :mod:`~mjcalc.rules.nanchang.tables` shows the payments by scoring real hands.
"""

from __future__ import annotations

from functools import lru_cache

from mjcalc.plugin import (
    Bilingual,
    Context,
    Hand,
    HandPolicy,
    Request,
    Ruleset,
    Scored,
    Seat,
    Table,
    WaitRules,
    bilingual,
    others,
    seat,
)
from mjcalc.rules.nanchang import PLUGIN
from mjcalc.rules.nanchang.base import holdings, parse_jing
from mjcalc.rules.nanchang.hu import RULES, settle_hu
from mjcalc.rules.nanchang.options import NanchangOptions
from mjcalc.rules.nanchang.request import NanchangRequest
from mjcalc.rules.nanchang.settle import (
    settle_flip,
    settle_follow_dealer,
    settle_jing,
    settle_kongs,
)


def evaluate(ctx: Context, options: NanchangOptions) -> Scored:
    """Settle one Nanchang hand: the hu, kong, jing, opening flip and 跟庄 sections (each
    zero-sum)."""
    request = ctx.request_as(NanchangRequest)
    jing = parse_jing(request.jing)
    kongs = [*ctx.winner_kongs(), *ctx.kongs]
    holding = holdings(jing, request.jings, kongs, ctx.winner, ctx.hand.all_tiles)
    hu = settle_hu(ctx, request, jing, options, holding)
    kong_net, kong_items = settle_kongs(kongs, jing, options)
    jing_net, jing_items = settle_jing(holding, options)
    flip_net, flip_items = settle_flip(request.opening_flip, jing)
    follow_net, follow_items = settle_follow_dealer(ctx.dealer, request.follow_dealer, options)
    sections = {"hu": hu.net, "kong": kong_net, "jing": jing_net}
    if request.opening_flip is not None:  # a section of its own only where the rule is played
        sections["opening_flip"] = flip_net
    sections["follow_dealer"] = follow_net
    scored = Scored(
        pattern=hu.pattern,
        items=[*hu.items, *kong_items, *jing_items, *flip_items, *follow_items],
        sections=sections,
        reading=hu.reading,
    )
    if "jings" not in request.model_fields_set:
        scored.warnings.append(_assumed(ctx.winner))
    return scored


@lru_cache(maxsize=4)
def _assumed(winner: Seat) -> tuple[str, str]:
    """The warning of a request without ``jings``: forgetting them is easy and costly, as the
    other seats' jing decide 德中德 (×2) and 霸王精 (×2). Any ``jings``, even ``{}``, says the
    counts are known."""
    rest = others(winner)
    names = Bilingual(" ".join(rest), "、".join(seat(s).zh for s in rest))
    warning = bilingual("nc.warn.jings_assumed", seats=names)
    return warning.en, warning.zh


_POLICY = HandPolicy(flowers=False, honor_melds="same_class")
"""No flowers; an exposed honor chow (three winds, or 中發白) is a set."""


def hand_policy(_options: NanchangOptions, _hand: Hand) -> HandPolicy:
    return _POLICY


def tables(options: NanchangOptions) -> list[Table]:
    """The payments by shape and situation, every cell scored by :func:`evaluate`."""
    from mjcalc.rules.nanchang.tables import scoring_tables  # only `mjcalc rules` shows them

    return scoring_tables(options, evaluate)


def wait_rules(request: Request, options: NanchangOptions) -> WaitRules:
    """Nanchang's five shapes with both jing kinds wild; all four copies of each are live."""
    from mjcalc.plugin import Target

    if not isinstance(request, NanchangRequest):
        raise TypeError(f"needs a NanchangRequest, got {type(request).__name__}")
    jing = parse_jing(request.jing)
    return WaitRules(
        (Target(RULES),),
        jing.kinds,
        (),
        held_elsewhere=tuple(
            kind
            for holder, counts in request.jings.items()
            if holder != request.winner
            for kind, n in zip(jing.kinds, counts, strict=True)
            for _ in range(n)
        ),
    )


RULESET = Ruleset(
    name="nanchang",
    description=PLUGIN.description[0],
    options_model=NanchangOptions,
    request_model=NanchangRequest,
    evaluate=evaluate,
    hand_policy=hand_policy,
    tables=tables,
    session="mjcalc.rules.nanchang.session:SESSION",
    wait_rules=wait_rules,
)
