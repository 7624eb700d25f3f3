"""Nanchang 胡: the hand's shape, 德国 / 德中德 and 精钓, each decided on its own, and who pays.

Every copy of a jing kind is a wild, and every set and the pair of a four-sets hand holds a tile
that is no jing (the engine's ``face_value`` and ``wilds_alone``): three jings are never a set
nor two the pair. With m = hand factor × 2[德中德] × 2[精钓] × 2[杠开] × 2[the dealer won] and f
the 德国 reward (docs/rules/nanchang.md, "The hu payment"):

- self-draw: each other seat pays 2m + f, the dealer 4m + f when another seat won;
- off a discard: the discarder 2m + f (4m + f the dealer), each other seat m + f (2m + f the
  dealer);
- robbing a kong: the kong maker alone, 3 × 2m + 3f (3 × 4m + 3f the dealer).

天胡 / 地胡 pay a flat amount from each instead. Each factor is an item of the result, so the
breakdown lists exactly what was multiplied.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from mjcalc.plugin import (
    Context,
    DistinctReading,
    Item,
    Jing,
    MjcalcError,
    Named,
    Reading,
    Seat,
    Section,
    ShapeRules,
    Tile,
    bilingual,
    collected,
    distinct_readings,
    format_tile,
    named,
    others,
    readings,
    seat,
)
from mjcalc.rules.nanchang.base import Holdings
from mjcalc.rules.nanchang.options import NanchangOptions
from mjcalc.rules.nanchang.request import NanchangRequest

RULES = ShapeRules(
    honor_sets="same_class",
    seven_pairs=True,
    four_as_two=True,
    thirteen_lan=True,
    seven_star_lan=True,
    wild_for_seven_star_honors=True,
    face_value=False,
    wilds_alone=False,
)
"""Nanchang's shapes for the engine: honor chows of three winds or 中發白, seven pairs (four
alike two pairs), 十三烂 and 七星 with jings filling any place; every jing a wild, never a set
or the pair of jings alone."""

FACE = ShapeRules(honor_sets="same_class")
"""The same sets with every tile at face value: the 德国 test of a four-sets hand."""


@dataclass(frozen=True, slots=True, eq=False)
class Shape:
    """A winning shape and its hand factor (one object each, compared by identity)."""

    named: Named
    factor: int


STANDARD = Shape(named("standard", "平胡", "Plain win"), 1)
SEVEN_PAIRS = Shape(named("seven_pairs", "小七", "Seven pairs"), 2)
ALL_TRIPLETS = Shape(named("all_triplets", "大七", "All pungs"), 2)
THIRTEEN = Shape(named("thirteen_misfits", "十三烂", "Thirteen misfits"), 2)
SEVEN_STAR = Shape(named("seven_star_thirteen", "七星十三烂", "Seven-star thirteen misfits"), 4)
LAN_SHAPES = (THIRTEEN, SEVEN_STAR)

FirstTurn = Literal["heavenly", "earthly"]


def natural_copies(ctx: Context, jing: Jing, options: NanchangOptions) -> tuple[Tile, ...]:
    """The jing copy that is an ordinary tile: the one claimed off a discard or a robbed kong
    when ``discarded_jing_wild`` is off (none otherwise)."""
    claimed = ctx.discarder is not None and ctx.win_tile in jing.kinds
    return (ctx.win_tile,) if claimed and not options.discarded_jing_wild else ()


def classify(ctx: Context, jing: Jing, natural: tuple[Tile, ...]) -> tuple[Shape, Reading]:
    """The hand's shape and the reading shown for it: with a four-sets reading, 大七 if some
    reading is all pungs, else 小七 if the tiles also make seven pairs, else 平胡; without one,
    小七, else 七星十三烂, else 十三烂 (``not_winning`` when none)."""
    hand = ctx.hand
    found = list(distinct_readings(hand.concealed, hand.melds, jing.kinds, RULES, natural=natural))
    by_shape: dict[str, DistinctReading] = {}
    for d in found:
        key = "all_triplets" if d.shape == "standard" and d.all_triplets else d.shape
        by_shape.setdefault(key, d)
    if "standard" in by_shape or "all_triplets" in by_shape:
        if "all_triplets" in by_shape:
            return ALL_TRIPLETS, by_shape["all_triplets"].reading()
        if "seven_pairs" in by_shape:
            return SEVEN_PAIRS, by_shape["seven_pairs"].reading()
        return STANDARD, by_shape["standard"].reading()
    for shape, key in (
        (SEVEN_PAIRS, "seven_pairs"),
        (SEVEN_STAR, "seven_star_lan"),
        (THIRTEEN, "thirteen_lan"),
    ):
        if key in by_shape:
            return shape, by_shape[key].reading()
    raise MjcalcError.from_key("not_winning", "nc.err.not_winning", jing=jing.describe())


def is_german(ctx: Context, jing: Jing, shape: Shape, natural: tuple[Tile, ...]) -> bool:
    """德国: a four-sets hand whose 14 tiles (kongs as three) make four sets and a pair at face
    value; a 小七 whose natural tiles all pair among themselves; a 十三烂 or 七星 always."""
    hand = ctx.hand
    wild = [k for k in jing.kinds if k not in natural]
    if shape in LAN_SHAPES or all(k not in hand.concealed for k in wild):
        return True  # (no jing among the tiles read: the shape's reading is at face value)
    if shape is SEVEN_PAIRS:
        counts = [0] * 34
        for t in hand.concealed:
            counts[t] += 1
        return all(c % 2 == 0 for t, c in enumerate(counts) if t not in wild)
    tiles = (*hand.concealed, *(t for m in hand.melds for t in m.tiles[:3]))
    return next(readings(tiles, (), (), FACE), None) is not None


def jingdiao(
    ctx: Context, jing: Jing, options: NanchangOptions
) -> tuple[tuple[Tile, Tile], Reading] | None:
    """精钓: a self-draw (not a robbed kong) of a tile that is no jing, by a winner holding a
    jing, where the drawn tile is the natural tile of the pair in some four-sets reading —
    with a jing (a lone jing waited on anything), or (``jingdiao_scope = "wide"``) with
    another copy of itself. The pair found (its other tile, the drawn tile) and the reading
    with it, or ``None``."""
    win = ctx.win_tile
    hand = ctx.hand
    if not ctx.self_draw or win in jing.kinds:
        return None
    tiles = hand.all_tiles
    if jing.main not in tiles and jing.secondary not in tiles:
        return None
    pairs = [(k, win) for k in jing.kinds if k in hand.concealed]
    if options.jingdiao_scope == "wide":
        pairs.append((win, win))
    for pair in pairs:
        found = distinct_readings(hand.concealed, hand.melds, jing.kinds, RULES, pair=pair)
        reading = next((d for d in found if d.shape == "standard"), None)
        if reading is not None:
            return pair, reading.reading()
    return None


def first_turn(request: NanchangRequest) -> FirstTurn | None:
    if request.heavenly and request.earthly:
        raise MjcalcError.from_key("invalid_request", "nc.err.heavenly_and_earthly")
    if request.heavenly:
        return "heavenly"
    return "earthly" if request.earthly else None


def check_first_turn(ctx: Context, turn: FirstTurn | None) -> None:
    """天胡 is the dealer's self-draw on its dealt tiles; 地胡 a non-dealer's win off the
    dealer's first discard (a robbed kong is neither)."""
    if turn == "heavenly" and (ctx.winner != ctx.dealer or not ctx.self_draw):
        raise MjcalcError.from_key(
            "illegal_win", "nc.err.heavenly", winner=seat(ctx.winner), dealer=seat(ctx.dealer)
        )
    if turn == "earthly" and (
        ctx.winner == ctx.dealer or ctx.discarder != ctx.dealer or ctx.robbing_kong
    ):
        raise MjcalcError.from_key("illegal_win", "nc.err.earthly", dealer=seat(ctx.dealer))


@dataclass(slots=True)
class HuSettlement:
    """The chosen shape and reading, the hu's items and its section."""

    pattern: Named
    reading: Reading
    items: list[Item]
    net: dict[Seat, int]


def settle_hu(
    ctx: Context,
    request: NanchangRequest,
    jing: Jing,
    options: NanchangOptions,
    holding: Holdings,
) -> HuSettlement:
    """Read the hand, refuse what the rules forbid, and settle the hu."""
    turn = first_turn(request)
    natural = natural_copies(ctx, jing, options)
    shape, reading = classify(ctx, jing, natural)
    if shape in LAN_SHAPES and ctx.discarder is not None and not ctx.robbing_kong:
        raise MjcalcError.from_key("illegal_win", "nc.err.lan_discard", shape=shape.named.zh)
    check_first_turn(ctx, turn)
    payers = others(ctx.winner)
    if turn is not None:
        amount = options.heavenly_score
        item = _flat_item(turn, amount)
        return HuSettlement(
            shape.named, reading, [item], collected(ctx.winner, dict.fromkeys(payers, amount))
        )
    tiles = ctx.hand.all_tiles
    no_jing_here = jing.main not in tiles and jing.secondary not in tiles
    true_german = no_jing_here and holding.nobody
    german = true_german or is_german(ctx, jing, shape, natural)
    fishing = jingdiao(ctx, jing, options)
    pair = None
    if fishing is not None:
        pair = fishing[0]
        if shape is STANDARD:  # shown with the pair it fished (大七's pungs stay shown)
            reading = fishing[1]
    shares, items = price(ctx, options, shape, german, true_german, pair)
    return HuSettlement(shape.named, reading, items, collected(ctx.winner, shares))


def price(
    ctx: Context,
    options: NanchangOptions,
    shape: Shape,
    german: bool,
    true_german: bool,
    pair: tuple[Tile, Tile] | None,
) -> Section:
    """Each payer's share of the hu and the items that made it (the section's arithmetic)."""
    winner, dealer, discarder = ctx.winner, ctx.dealer, ctx.discarder
    items: list[Item] = [_shape_item(shape)]
    m = shape.factor
    guide = options.german_doubles == "guide"
    if true_german:
        times = 4 if guide else 2
        m *= times
        items.append(_german_item("true_german", times))
    elif german and guide:
        m *= 2
        items.append(_german_item("german", 2))
    if pair is not None:
        m *= 2
        items.append(_jingdiao_item(format_tile(pair[0]), format_tile(pair[1])))
    if ctx.after_kong:
        m *= 2
        items.append(_times2("after_kong"))
    if winner == dealer:
        m *= 2
        items.append(_times2("dealer_won"))
    payers = others(winner)
    doubles = options.dealer_pays_double == "any"
    dealer_pays = dealer != winner and (doubles or dealer == discarder)
    if ctx.robbing_kong and discarder is not None:
        share = 2 * m * (2 if dealer_pays and dealer == discarder else 1)
        shares = {discarder: 3 * share}
        items.append(_way_item("robbing_kong", discarder))
        if dealer_pays and dealer == discarder:
            items.append(_dealer_pays_item(dealer))
    elif discarder is None:
        shares = {p: 2 * m * (2 if dealer_pays and p == dealer else 1) for p in payers}
        items.append(_way_item("self_draw", None))
        if dealer_pays:
            items.append(_dealer_pays_item(dealer))
    else:
        shares = {
            p: m * (2 if p == discarder else 1) * (2 if dealer_pays and p == dealer else 1)
            for p in payers
        }
        items.append(_way_item("discard", discarder))
        if dealer_pays:
            items.append(_dealer_pays_item(dealer))
    bonus = options.german_bonus
    if (german or true_german) and bonus:
        times = 3 if ctx.robbing_kong else 1
        for p in shares:
            shares[p] += times * bonus
        items.append(_bonus_item("true_german" if true_german else "german", bonus, times))
    return shares, items


# --- the items, each worded once for its few values -------------------------------------------

_GERMAN_NAMES = {
    "german": ("德国", "German: no jing needed"),
    "true_german": ("德中德", "True German: no jing at the table"),
}
_WAYS = {
    "self_draw": ("自摸", "Self-draw", "nc.item.self_draw"),
    "discard": ("点炮", "Discard", "nc.item.discard"),
    "robbing_kong": ("抢杠", "Robbing a kong", "nc.item.robbing"),
}
_DOUBLED = {
    "after_kong": ("杠开", "Kong bloom", "nc.item.after_kong"),
    "dealer_won": ("庄家", "Dealer", "nc.item.dealer_won"),
}


@lru_cache(maxsize=16)
def _shape_item(shape: Shape) -> Item:
    n = shape.factor
    return Item.of(
        "hand_factor",
        shape.named.zh,
        shape.named.en,
        bilingual("nc.item.factor", n=n),
        bilingual("nc.item.factor_detail"),
        factor=n,
    )


@lru_cache(maxsize=8)
def _german_item(which: str, times: int) -> Item:
    zh, en = _GERMAN_NAMES[which]
    detail = bilingual("nc.item.true_german" if which == "true_german" else "nc.item.german")
    return Item.of(which, zh, en, bilingual("nc.item.times", n=times), detail, factor=times)


@lru_cache(maxsize=256)
def _jingdiao_item(lone: str, drawn: str) -> Item:
    detail = bilingual("nc.item.jingdiao", lone=lone, drawn=drawn)
    return Item.of(
        "jingdiao", "精钓", "Spirit fishing", bilingual("nc.item.times", n=2), detail, factor=2
    )


@lru_cache(maxsize=8)
def _times2(which: str) -> Item:
    zh, en, detail = _DOUBLED[which]
    return Item.of(which, zh, en, bilingual("nc.item.times", n=2), bilingual(detail), factor=2)


@lru_cache(maxsize=16)
def _way_item(which: str, payer: Seat | None) -> Item:
    zh, en, key = _WAYS[which]
    detail = bilingual(key, seat=seat(payer or ""))
    if which == "self_draw":
        return Item.of(which, zh, en, bilingual("nc.item.times", n=2), detail, factor=2)
    factor = 6 if which == "robbing_kong" else 2
    effect = (
        bilingual("nc.item.robbing_effect")
        if which == "robbing_kong"
        else bilingual("nc.item.times", n=2)
    )
    return Item.of(which, zh, en, effect, detail, factor=factor, seats=[payer])


@lru_cache(maxsize=8)
def _dealer_pays_item(dealer: Seat) -> Item:
    return Item.of(
        "dealer_pays",
        "庄家付",
        "Dealer pays double",
        bilingual("nc.item.times", n=2),
        bilingual("nc.item.dealer_pays"),
        factor=2,
        seats=[dealer],
    )


@lru_cache(maxsize=32)
def _bonus_item(which: str, bonus: int, times: int) -> Item:
    zh = "德中德奖励" if which == "true_german" else "德国奖励"
    en = "True German reward" if which == "true_german" else "German reward"
    effect = (
        bilingual("nc.item.plus", n=bonus)
        if times == 1
        else bilingual("nc.item.plus_times", n=bonus, k=times)
    )
    return Item.of(
        "german_bonus", zh, en, effect, bilingual("nc.item.bonus_detail"), add=bonus * times
    )


@lru_cache(maxsize=64)
def _flat_item(turn: FirstTurn, amount: int) -> Item:
    zh, en = ("天胡", "Heavenly win") if turn == "heavenly" else ("地胡", "Earthly win")
    return Item.of(
        turn,
        zh,
        en,
        bilingual("nc.item.from_each", n=amount),
        bilingual("nc.item.flat"),
        add=amount,
    )
