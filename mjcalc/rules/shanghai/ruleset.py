"""The Shanghai ruleset (上海 清混碰): named hands, fan, flowers, 勒子 caps, 八花齐, 抢杠, 承包.

The reading implemented is spec/rules-shanghai.md (per-hand part). This module checks the request's
Shanghai fields and puts the parts together: the hand's value (:mod:`.hands`), who pays
(:mod:`.pay`) and the scoring tables (:mod:`.tables`).
"""

from __future__ import annotations

from mjcalc.errors import MjcalcError
from mjcalc.hand import Hand
from mjcalc.models import Seat, ShanghaiRequest
from mjcalc.rules.base import Context, Ruleset, Scored, Table
from mjcalc.rules.shanghai.hands import (
    EIGHT_FLOWERS,
    FlowerSource,
    WinSituation,
    best_hand,
    flower_tiles_source,
)
from mjcalc.rules.shanghai.options import OPTION_HELP, ShanghaiOptions
from mjcalc.rules.shanghai.pay import (
    Payers,
    eight_flowers_bonus_item,
    eight_flowers_instant,
    settle,
    settlement_items,
    shares_owed,
)
from mjcalc.validate import HandPolicy, validate_hand

ALL_FLOWERS = 8


def hand_policy(_options: ShanghaiOptions, hand: Hand) -> HandPolicy:
    """Flowers are allowed; the tile count is skipped where 八花齐 may make it irrelevant.

    八花齐 wins with any hand. A hand with all 8 flowers written is never counted; one with none
    written may hold 8 through the request's ``flowers`` field, which this policy cannot see, so
    :func:`evaluate` checks its count once the flowers are known.
    """
    return HandPolicy(flowers=True, allow_incomplete=len(hand.flowers) in (0, ALL_FLOWERS))


def evaluate(ctx: Context, options: ShanghaiOptions) -> Scored:
    """Score one Shanghai win (pure: raises :class:`MjcalcError`, never prints)."""
    request = ctx.request_as(ShanghaiRequest)
    payers = Payers(
        ctx.winner, ctx.discarder, ctx.robbing_kong, _liable(request.liable, ctx.winner)
    )
    flower_tiles = _flower_tiles(ctx.hand, request)
    eight = flower_tiles is not None and flower_tiles.flowers == ALL_FLOWERS
    if not eight:
        validate_hand(ctx.hand, HandPolicy(flowers=True))  # the count hand_policy let through
    situation = WinSituation(ctx.win_tile, ctx.after_kong, request.kaibao, request.huangfan)
    try:
        score = best_hand(ctx.hand, situation, flower_tiles, options)
    except MjcalcError as exc:
        if not eight:
            raise
        return _eight_flowers_only(ctx, options, exc)
    items = score.items()
    per_share = score.share
    if eight:  # 八花齐 held as well: one 勒子 more on every share, after the cap
        items.append(eight_flowers_bonus_item(options.lezi))
        per_share += options.lezi
    items += settlement_items(payers, per_share)
    section = settle(ctx.winner, shares_owed(payers), per_share)
    return Scored(score.named.named(), items, {"hu": section}, score.reading)


def _eight_flowers_only(ctx: Context, options: ShanghaiOptions, refused: MjcalcError) -> Scored:
    """八花齐 with a hand that does not win otherwise: it wins on the draw of the eighth flower.

    So it cannot have a discarder (nor be 抢杠): such a request keeps the hand's own refusal.
    """
    if ctx.discarder is not None:
        raise MjcalcError(
            refused.code,
            f"{refused.message}. 八花齐 wins on drawing the eighth flower, so it has no discarder",
        )
    item, section = eight_flowers_instant(ctx.winner, options.lezi)
    return Scored(EIGHT_FLOWERS.named(), [item], {"hu": section}, None)


def _liable(liable: list[Seat], winner: Seat) -> tuple[Seat, ...]:
    """The 承包 seats, checked: never the winner, never twice."""
    if winner in liable:
        raise MjcalcError(
            "invalid_request", f"liable lists seat {winner}, the winner: a winner is never liable"
        )
    for seat in liable:
        if liable.count(seat) > 1:
            raise MjcalcError("invalid_request", f"liable lists seat {seat} twice")
    return tuple(liable)


def _flower_tiles(hand: Hand, request: ShanghaiRequest) -> FlowerSource | None:
    """Flower tiles held: written in the hand or given by ``flowers`` — never both."""
    if hand.flowers and request.flowers is not None:
        raise MjcalcError(
            "invalid_request",
            f"flowers are written in the hand ({len(hand.flowers)}) and given by 'flowers'"
            f" ({request.flowers}): give them one way only",
        )
    count = len(hand.flowers) if hand.flowers else request.flowers or 0
    return flower_tiles_source(count, hand.flowers)


def _tables(options: ShanghaiOptions) -> list[Table]:
    """The scoring tables of ``mjcalc rules shanghai``, loaded only for that command."""
    from mjcalc.rules.shanghai.tables import build_tables

    return build_tables(options)


RULESET = Ruleset(
    name="shanghai",
    description="上海 清混碰: 清 / 混 / 碰 / 风 hands, flowers, 勒子 caps, 八花齐, 抢杠, 承包",
    options_model=ShanghaiOptions,
    request_model=ShanghaiRequest,
    evaluate=evaluate,
    hand_policy=hand_policy,
    tables=_tables,
    option_help=OPTION_HELP,
)

__all__ = ["RULESET", "ShanghaiOptions", "evaluate", "hand_policy"]
