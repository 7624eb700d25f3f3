"""The Shanghai ruleset (上海 清混碰): named hands, fan, flowers, 勒子 caps, 八花齐, 抢杠, 承包.

The reading implemented is docs/rules/shanghai.md (one hand). This module checks the request's
Shanghai fields and puts the parts together: the hand's value (:mod:`.hands`), who pays
(:mod:`.pay`) and the scoring tables (:mod:`.tables`).
"""

from __future__ import annotations

from functools import cache

from mjcalc.plugin import (
    HONORS,
    SEATS,
    Context,
    Hand,
    HandPolicy,
    MjcalcError,
    Request,
    Ruleset,
    Scored,
    Seat,
    ShapeRules,
    Table,
    WaitRules,
    count_is_right,
    validate_hand,
)
from mjcalc.plugin import seat as seat_name
from mjcalc.rules.shanghai.hands import (
    EIGHT_FLOWERS,
    FlowerSource,
    WinSituation,
    flower_tiles_source,
    refusal,
    winning_hand,
)
from mjcalc.rules.shanghai.options import ShanghaiOptions
from mjcalc.rules.shanghai.pay import (
    Payers,
    ShareValue,
    eight_flowers_bonus_item,
    eight_flowers_instant,
    hu_settlement,
)
from mjcalc.rules.shanghai.request import ShanghaiRequest

ALL_FLOWERS = 8


def hand_policy(_options: ShanghaiOptions, hand: Hand) -> HandPolicy:
    """Flowers are allowed; the tile count is skipped where 八花齐 may make it irrelevant.

    八花齐 wins with any hand. A hand with all 8 flowers written is never counted; one with none
    written may hold 8 through the request's ``flowers`` field, which this policy cannot see, so
    :func:`evaluate` checks its count once the flowers are known.
    """
    return _COUNT_LATER if _count_later(hand) else _COUNT_NOW


def _count_later(hand: Hand) -> bool:
    """No flower or all 8 written: the count waits for :func:`evaluate` (:func:`hand_policy`)."""
    return len(hand.flowers) in (0, ALL_FLOWERS)


# the two answers of hand_policy, built once (a HandPolicy is frozen)
_COUNT_NOW = HandPolicy(flowers=True)
_COUNT_LATER = HandPolicy(flowers=True, allow_incomplete=True)


def _check_count(hand: Hand) -> None:
    """The tile count :func:`hand_policy` let through: 14 tiles, one more per kong.

    Everything else about the hand was checked already (its melds are well formed, so
    :func:`count_is_right` applies); only a wrong count is handed to :func:`validate_hand`, so
    the message is the one it gives any hand.
    """
    if not count_is_right(hand):
        validate_hand(hand, _COUNT_NOW)


def evaluate(ctx: Context, options: ShanghaiOptions) -> Scored:
    """Score one Shanghai win (pure: raises :class:`MjcalcError`, never prints)."""
    request = ctx.request_as(ShanghaiRequest)
    liable = _liable(request.liable, ctx.winner) if request.liable else ()
    flower_tiles = _flower_tiles(ctx.hand, request)
    eight = flower_tiles is not None and flower_tiles.flowers == ALL_FLOWERS
    if not eight and _count_later(ctx.hand):
        _check_count(ctx.hand)  # when hand_policy did not skip it, the hand was checked in full
    situation = WinSituation(ctx.win_tile, ctx.after_kong, request.kaibao, request.huangfan)
    score = winning_hand(ctx.hand, situation, flower_tiles, options)
    if score is None:
        if not eight:
            raise refusal(ctx.hand)
        return _eight_flowers_only(ctx, options)
    items = score.items()
    bonus = options.lezi if eight else 0
    if eight:  # 八花齐 held as well: one 勒子 more on every share, after the cap
        items.append(eight_flowers_bonus_item(options.lezi))
    payers = Payers(ctx.winner, ctx.discarder, ctx.robbing_kong, liable)
    value = ShareValue(score.share, score.uncapped, score.cap, bonus)
    paid, section = hu_settlement(payers, value, options.liability, options.cap_scope)
    items += paid
    return Scored(score.named.pattern, items, {"hu": section}, score.reading)


def _eight_flowers_only(ctx: Context, options: ShanghaiOptions) -> Scored:
    """八花齐 with a hand that does not win otherwise: it wins on the draw of the eighth flower.

    So it cannot have a discarder (nor be 抢杠): such a request keeps the hand's own refusal.
    """
    if ctx.discarder is not None:
        raise refusal(ctx.hand).within("err.eight_flowers_discarder")
    item, section = eight_flowers_instant(ctx.winner, options.lezi)
    return Scored(EIGHT_FLOWERS.pattern, [item], {"hu": section}, None)


def _liable(liable: list[Seat], winner: Seat) -> tuple[Seat, ...]:
    """The 承包 seats, checked (never the winner, never twice), in seat order: the order they
    were listed in never changes a result."""
    if winner in liable:
        raise MjcalcError.from_key("invalid_request", "err.liable_winner", seat=seat_name(winner))
    for seat in liable:
        if liable.count(seat) > 1:
            raise MjcalcError.from_key("invalid_request", "err.liable_twice", seat=seat_name(seat))
    return tuple(seat for seat in SEATS if seat in liable)


def _flower_tiles(hand: Hand, request: ShanghaiRequest) -> FlowerSource | None:
    """Flower tiles held: written in the hand or given by ``flowers`` — never both."""
    if hand.flowers and request.flowers is not None:
        raise MjcalcError.from_key(
            "invalid_request",
            "err.flowers_twice",
            in_hand=len(hand.flowers),
            given=request.flowers,
        )
    count = len(hand.flowers) if hand.flowers else request.flowers or 0
    return flower_tiles_source(count, hand.flowers)


_HONORS = frozenset(HONORS)


def wait_rules(_request: Request, _options: ShanghaiOptions) -> WaitRules:
    """No wild tiles, nothing out of play; only the hands of :func:`_wait_rules` win."""
    return _wait_rules()


@cache
def _wait_rules() -> WaitRules:
    """The hands that may win, as engine targets: all pungs; one suit (and honors); all honors.

    Built on first use: only ``mjcalc waits`` asks, and the shanten module loads then.
    """
    from mjcalc.plugin import Target

    return WaitRules(
        (
            Target(triplets_only=True),  # 碰碰胡, 混碰, 清碰, 风碰
            *(Target(tiles=frozenset(range(9 * s, 9 * s + 9)) | _HONORS) for s in range(3)),
            Target(ShapeRules(loose_honors=True), tiles=_HONORS),  # 风一色
        ),
        seat_blind_refusals=True,  # best_hand never sees the discarder; 八花齐's refusal names none
        named_beside=frozenset({"big_crane"}),
    )


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
    session="mjcalc.rules.shanghai.session:SESSION",
    wait_rules=wait_rules,
)

__all__ = ["RULESET", "ShanghaiOptions", "evaluate", "hand_policy"]
