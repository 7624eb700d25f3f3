"""鸡胡's evaluator and ``RULESET``: the hand's fan, the minimum and the cap, who pays.

The evaluator is a pure function of the :class:`~mjcalc.rules.base.Context` (the checked
request and the parsed hand) and the options: it raises :class:`~mjcalc.errors.MjcalcError`
(``not_winning``, ``illegal_win``, ``invalid_request``) for a hand it refuses, and returns a
:class:`~mjcalc.rules.base.Scored` whose one section, ``hu``, sums to zero.
"""

from __future__ import annotations

from functools import cache

from mjcalc.plugin import (
    Context,
    Item,
    MjcalcError,
    Request,
    Ruleset,
    Scored,
    Seat,
    Table,
    WaitRules,
    bilingual,
    collected,
    others,
    seat,
)

from mjcalc_ruleset_jihu import PLUGIN
from mjcalc_ruleset_jihu.fan import SHAPES, Situation, best_reading
from mjcalc_ruleset_jihu.options import JihuOptions
from mjcalc_ruleset_jihu.request import JihuRequest
from mjcalc_ruleset_jihu.session import SESSION


def evaluate(ctx: Context, options: JihuOptions) -> Scored:
    """Score one 鸡胡 win."""
    request = ctx.request_as(JihuRequest)
    if ctx.after_kong and not ctx.hand.kongs:
        raise MjcalcError.from_key("invalid_request", "jihu.err.after_kong_no_kong")
    situation = Situation(
        winner=ctx.winner,
        dealer=ctx.dealer,
        round_wind=request.round_wind,
        self_draw=ctx.self_draw,
        after_kong=ctx.after_kong,
        robbing_kong=ctx.robbing_kong,
    )
    best = best_reading(ctx.hand, situation, options)
    total = best.total
    if total < options.min_fan:
        raise MjcalcError.from_key(
            "illegal_win", "jihu.err.min_fan", fan=total, min=options.min_fan
        )
    fan = min(total, options.max_fan)
    items = [counted.item() for counted in best.counted]
    if fan < total:
        effect = bilingual("jihu.item.cap", fan=fan, total=total)
        detail = bilingual("jihu.item.cap_detail", cap=options.max_fan)
        items.append(Item.of("max_fan", "封顶", "cap", effect, detail, fan=fan))
    amount = options.share(fan)
    items.append(
        Item.of(
            "share",
            "每份",
            "one share",
            bilingual("jihu.item.share", base=options.base, fan=fan, share=amount),
            bilingual("jihu.item.share_detail"),
            factor=1 << fan,
        )
    )
    payers = paying_seats(ctx.winner, ctx.discarder)
    items.append(payment_item(ctx.discarder, payers, amount))
    section = collected(ctx.winner, dict.fromkeys(payers, amount))
    return Scored(best.pattern, items, {"hu": section}, best.reading)


def paying_seats(winner: Seat, discarder: Seat | None) -> tuple[Seat, ...]:
    """Who pays one share: the discarder alone, or each other seat of a self-drawn win."""
    return others(winner) if discarder is None else (discarder,)


def payment_item(discarder: Seat | None, payers: tuple[Seat, ...], amount: int) -> Item:
    if discarder is None:
        effect, detail = (
            bilingual("jihu.item.self_draw", share=amount),
            bilingual("jihu.item.self_draw_detail"),
        )
        return Item.of("self_drawn", "自摸", "self-drawn", effect, detail, seats=list(payers))
    effect = bilingual("jihu.item.discard", seat=seat(discarder), share=amount)
    detail = bilingual("jihu.item.discard_detail")
    return Item.of("discard", "点炮", "off a discard", effect, detail, seats=list(payers))


def wait_rules(_request: Request, _options: JihuOptions) -> WaitRules:
    """No wild tile, nothing out of play: every hand of :data:`~.fan.SHAPES` may win."""
    return _wait_rules()


@cache
def _wait_rules() -> WaitRules:
    """Built on first use: only ``mjcalc waits`` asks, and the engine's shanten module (which
    :class:`~mjcalc.engine.shanten.Target` lives in) is loaded then."""
    from mjcalc.plugin import Target

    # a refusal (no reading; fewer fan than min_fan) depends on how the hand was won, never on
    # which seat discarded; but 门风 and 圈风 name winds, so two waits are never alike by shape
    return WaitRules((Target(SHAPES),), seat_blind_refusals=True)


def tables(options: JihuOptions) -> list[Table]:
    """The fan table and the payment table, for these options (``mjcalc rules jihu``)."""
    from mjcalc_ruleset_jihu.tables import build_tables  # only `mjcalc rules` shows them

    return build_tables(options, evaluate)


RULESET = Ruleset(
    name="jihu",
    description=PLUGIN.description[0],
    options_model=JihuOptions,
    request_model=JihuRequest,
    evaluate=evaluate,
    tables=tables,
    session=SESSION,
    wait_rules=wait_rules,
)
