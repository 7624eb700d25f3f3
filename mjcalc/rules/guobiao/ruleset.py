"""Guobiao 国标 (docs/rules/guobiao.md): the situation checked, the fan counted
(:mod:`~mjcalc.rules.guobiao.fan`), the 8-fan minimum, and who pays what.

The fan calculator knows nothing of requests, seats or payments: this module turns a checked
request into its :class:`~mjcalc.rules.guobiao.fan.api.FanHand` and the
:class:`~mjcalc.rules.guobiao.fan.api.FanCount` it gets back into the result's items and the
ledger. Off a discard the discarder pays base + total and each other seat the base; on a
self-draw each of the three pays base + total (total: every fan, flowers included).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from mjcalc.plugin import (
    SEATS,
    WINDS,
    Bilingual,
    Context,
    Hand,
    HandPolicy,
    Item,
    Ledger,
    Meld,
    MjcalcError,
    Named,
    Request,
    Ruleset,
    Scored,
    Seat,
    Section,
    Table,
    Tile,
    WaitRules,
    bilingual,
    format_tile,
    is_flower,
    named,
    others,
    seat,
)
from mjcalc.rules.guobiao import PLUGIN
from mjcalc.rules.guobiao.fan.api import FanCount, FanHand, FanItem
from mjcalc.rules.guobiao.options import GuobiaoOptions
from mjcalc.rules.guobiao.request import GuobiaoRequest

WIND_OF: dict[Seat, Tile] = dict(zip(SEATS, WINDS, strict=True))
"""A wind letter's tile (``prevalent``): E → 東 … N → 北."""


def seat_wind(winner: Seat, dealer: Seat) -> Tile:
    """The winner's seat wind: the dealer's is East, the next seat in play order South, …"""
    return WINDS[(SEATS.index(winner) - SEATS.index(dealer)) % 4]


def check_situation(ctx: Context, request: GuobiaoRequest) -> list[tuple[str, str]]:
    """Refuse what cannot happen (``invalid_request``, naming why); the warnings of what is
    scored anyway."""
    win = ctx.win_tile
    if is_flower(win):
        raise MjcalcError.from_key("invalid_request", "gb.err.flower_win", tile=format_tile(win))
    if request.robbing_kong and request.last_tile_of_wall:
        raise MjcalcError.from_key("invalid_request", "gb.err.rob_last_tile")
    warnings: list[tuple[str, str]] = []
    if request.last_of_kind:
        held = ctx.hand.concealed.count(win)
        if held > 1:
            raise MjcalcError.from_key(
                "invalid_request", "gb.err.last_of_kind_held", tile=format_tile(win), held=held
            )
        if request.robbing_kong:
            warning = bilingual("gb.warn.rob_last_of_kind")
            warnings.append((warning.en, warning.zh))
    return warnings


def fan_hand(ctx: Context, request: GuobiaoRequest) -> FanHand:
    """What the fan calculator is asked about: the hand and its situation."""
    hand = ctx.hand
    return FanHand(
        concealed=hand.concealed,
        melds=hand.melds,
        win_tile=ctx.win_tile,
        self_drawn=ctx.self_draw,
        seat_wind=seat_wind(ctx.winner, ctx.dealer),
        prevalent_wind=WIND_OF[request.prevalent],
        flowers=len(hand.flowers),
        after_kong=request.after_kong,
        robbing_kong=request.robbing_kong,
        last_tile_of_wall=request.last_tile_of_wall,
        last_of_kind=request.last_of_kind and not request.robbing_kong,  # 抢杠和 has no 和绝张
    )


def count(ctx: Context, options: GuobiaoOptions) -> tuple[FanCount, list[tuple[str, str]]]:
    """The hand's fan (``not_winning`` when it is no winning shape) and the warnings."""
    from mjcalc.rules.guobiao.fan import count_fans  # the calculator, when a hand is scored

    request = ctx.request_as(GuobiaoRequest)
    warnings = check_situation(ctx, request)
    found = count_fans(
        fan_hand(ctx, request), melded_and_concealed_kong=options.concealed_and_melded_kong
    )
    if found is None:
        raise MjcalcError.from_key("not_winning", "gb.err.not_winning")
    return found, warnings


@lru_cache(maxsize=512)
def fan_item(fan_id: str, fan: int, times: int) -> Item:
    """One fan of the result: its names, its total and how many times it counts (when more
    than once)."""
    from mjcalc.rules.guobiao.fan.table import FANS

    spec = FANS[fan_id]
    effect = bilingual("gb.item.fan", n=fan)
    if times > 1:
        detail = bilingual("gb.item.fan_times", value=spec.value, k=times)
        return Item.of(fan_id, spec.zh, spec.en, effect, detail, fan=fan, count=times)
    return Item.of(fan_id, spec.zh, spec.en, effect, fan=fan)


def items_of(found: FanCount) -> list[Item]:
    return [fan_item(i.id, i.fan, i.count) for i in found.items]


def below_minimum(found: FanCount, options: GuobiaoOptions) -> MjcalcError:
    """The refusal of a winning shape under the minimum: what it has and the minimum, with its
    items."""
    message = _below_minimum_text(found.without_flowers, options.minimum, found.items)
    error = MjcalcError("below_minimum", message.en, message_zh=message.zh)
    error.items = tuple(items_of(found))
    return error


@lru_cache(maxsize=1024)
def _below_minimum_text(fan: int, minimum: int, items: tuple[FanItem, ...]) -> Bilingual:
    """The message of :func:`below_minimum` (remembered: hands under the minimum have the same
    few fans again and again)."""
    return bilingual("gb.err.below_minimum", fan=fan, min=minimum, names=_names(items))


def _names(items: tuple[FanItem, ...]) -> Bilingual:
    from mjcalc.rules.guobiao.fan.table import FANS

    shown = [i for i in items if i.id != "flower_tiles"]
    if not shown:
        return bilingual("gb.err.no_fan")
    en = ", ".join(f"{FANS[i.id].en} {i.fan}" for i in shown)
    zh = "、".join(f"{FANS[i.id].zh} {i.fan}" for i in shown)
    return Bilingual(en, zh)


def settle(ctx: Context, total: int, options: GuobiaoOptions) -> Section:
    """The hu section and its items: the base and who pays what (in points: mjcalc applies the
    stake to every section)."""
    base = options.base
    full = base + total
    ledger = Ledger()
    winner, discarder = ctx.winner, ctx.discarder
    for payer in others(winner):
        ledger.pay(payer, winner, full if discarder in (None, payer) else base)
    items = [_total_item(total), _base_item(base)]
    if discarder is None:
        items.append(_self_drawn_item(full))
    else:
        items.append(_discard_item(discarder, full, base))
    return ledger.net, items


@lru_cache(maxsize=256)
def _total_item(total: int) -> Item:
    return Item.of("total", "合计", "Total", bilingual("gb.item.total", n=total))


@lru_cache(maxsize=64)
def _base_item(base: int) -> Item:
    return Item.of(
        "base", "底分", "Base", bilingual("gb.item.base", n=base), bilingual("gb.item.base_detail")
    )


@lru_cache(maxsize=256)
def _self_drawn_item(full: int) -> Item:
    return Item.of(
        "self_drawn_pays",
        "自摸",
        "Self-drawn",
        bilingual("gb.item.from_each", n=full),
        bilingual("gb.item.self_drawn_detail"),
    )


@lru_cache(maxsize=1024)
def _discard_item(discarder: Seat, full: int, base: int) -> Item:
    return Item.of(
        "discarder_pays",
        "点炮",
        "Discarder pays",
        bilingual("gb.item.discarder", n=full),
        bilingual("gb.item.discarder_detail", seat=seat(discarder), full=full, base=base),
        seats=[discarder],
    )


def evaluate(ctx: Context, options: GuobiaoOptions) -> Scored:
    """Score one Guobiao hand: its fan (at least the minimum, flowers not counted) and the hu
    section."""
    found, warnings = count(ctx, options)
    if found.without_flowers < options.minimum:
        raise below_minimum(found, options)
    net, pay_items = settle(ctx, found.total, options)
    top = found.items[0]
    pattern = _pattern(top.id)
    scored = Scored(pattern=pattern, items=[*items_of(found), *pay_items], sections={"hu": net})
    scored.warnings.extend(warnings)
    return scored


@lru_cache(maxsize=128)
def _pattern(fan_id: str) -> Named:
    from mjcalc.rules.guobiao.fan.table import FANS

    spec = FANS[fan_id]
    return named(fan_id, spec.zh, spec.en)


_POLICY = HandPolicy(flowers=True)
"""Flowers are tiles of the hand (``1f``–``8f``); no honor set but pungs and kongs."""


def hand_policy(_options: GuobiaoOptions, _hand: Hand) -> HandPolicy:
    return _POLICY


def tables(options: GuobiaoOptions) -> list[Table]:
    """Every fan with its value, and the payments."""
    from mjcalc.rules.guobiao.tables import scoring_tables  # only `mjcalc rules` shows them

    return scoring_tables(options)


def wait_rules(_request: Request, _options: GuobiaoOptions) -> WaitRules:
    """Four sets and a pair, seven pairs (four alike as two) and 全不靠 / 七星不靠 (within the
    engine's 十三烂 shapes), with 十三幺 and 组合龙 as extra waits; the evaluator prices each
    tile, its minimum included (each way's fan shown)."""
    from mjcalc.plugin import ShapeRules, Target

    shapes = ShapeRules(seven_pairs=True, thirteen_lan=True, seven_star_lan=True)
    return WaitRules(
        (Target(shapes),),
        seat_blind_refusals=True,
        counts_fan=True,
        extra_waits=special_waits,
    )


ORPHANS: tuple[Tile, ...] = (0, 8, 9, 17, 18, 26, *range(27, 34))
"""The terminals and honors of 十三幺 (1m 9m 1p 9p 1s 9s and the seven honors)."""
KNITTED: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(
        suit * 9 + rank
        for suit, ranks in zip(order, ((0, 3, 6), (1, 4, 7), (2, 5, 8)), strict=True)
        for rank in ranks
    )
    for order in permutations(range(3))
)
"""The six knitted straights of 组合龙: 147 in one suit, 258 in another, 369 in the third."""
KINDS = 34


def special_waits(concealed: tuple[Tile, ...], melds: tuple[Meld, ...]) -> tuple[Tile, ...]:
    """The tiles that complete a ready hand as 十三幺 or as 组合龙 + a set + a pair (the shapes
    the engine's targets do not describe)."""
    counts = [0] * KINDS
    for t in concealed:
        if t < KINDS:
            counts[t] += 1
    out: list[Tile] = []
    for t in range(KINDS):
        counts[t] += 1
        if (not melds and _orphans(counts)) or _knitted_straight(counts, len(melds)):
            out.append(t)
        counts[t] -= 1
    return tuple(out)


def _orphans(counts: list[int]) -> bool:
    return (
        sum(counts) == 14
        and all(counts[t] for t in ORPHANS)
        and sum(counts[t] for t in ORPHANS) == 14
    )


def _knitted_straight(counts: list[int], melds: int) -> bool:
    if melds > 1:
        return False
    for straight in KNITTED:
        if all(counts[t] for t in straight):
            rest = list(counts)
            for t in straight:
                rest[t] -= 1
            if _sets_and_pair(rest, 1 - melds):
                return True
    return False


def _sets_and_pair(rest: list[int], sets: int) -> bool:
    """Are the tiles left ``sets`` sets (none or one) and a pair?"""
    if sum(rest) != 3 * sets + 2:
        return False
    for pair in range(KINDS):
        if rest[pair] >= 2:
            rest[pair] -= 2
            left = [t for t in range(KINDS) for _ in range(rest[t])]
            rest[pair] += 2
            if not left or _one_set(left):
                return True
    return False


def _one_set(tiles: list[Tile]) -> bool:
    a, b, c = tiles
    return a == b == c or (c < 27 and a // 9 == c // 9 and b == a + 1 and c == a + 2)


RULESET = Ruleset(
    name="guobiao",
    description=PLUGIN.description[0],
    options_model=GuobiaoOptions,
    request_model=GuobiaoRequest,
    evaluate=evaluate,
    hand_policy=hand_policy,
    tables=tables,
    session="mjcalc.rules.guobiao.session:SESSION",
    wait_rules=wait_rules,
)
