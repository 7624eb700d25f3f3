"""Xingguo's sections besides the hu: kongs (杠分), jing (精计子, 冲关 / 霸精) and 跟庄.

None of them depends on how the hand was read, and no dealer doubling applies to any of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Literal

from mjcalc.plugin import (
    CHONGGUAN_FROM,
    KONG_NAMES,
    SEATS,
    Context,
    Item,
    Jing,
    JingHeld,
    KongKind,
    KongMade,
    Ledger,
    Seat,
    Section,
    Tile,
    bilingual,
    chongguan,
    format_tile,
    nobody_holds,
    others,
)
from mjcalc.rules.xingguo.options import XingguoOptions

BAWANG_PLUS = 10


# --- kongs -----------------------------------------------------------------------------------


def _robbed_kong(ctx: Context) -> KongMade | None:
    """On 抢杠, the discarder's first ``added`` kong of the winning tile (or of no stated tile).

    Another added kong of the discarder was completed earlier, so it scores.
    """
    if not ctx.robbing_kong:
        return None
    return next(
        (
            k
            for k in ctx.kongs
            if k.seat == ctx.discarder and k.kind == "added" and k.tile in (None, ctx.win_tile)
        ),
        None,
    )


def kongs_made(ctx: Context) -> tuple[list[KongMade], KongMade | None]:
    """Every kong that scores, and the robbed one (which does not).

    The winner's kongs are its melds (an exposed one may have been 碰杠 or 补杠: both score the
    same); the other seats' come from the request.
    """
    robbed = _robbed_kong(ctx)
    return ctx.winner_kongs() + [k for k in ctx.kongs if k is not robbed], robbed


def settle_kongs(ctx: Context, jing: Jing, options: XingguoOptions) -> Section:
    """Each other seat pays a kong's owner ``kong_score``, or ``jing_kong_score`` for 杠精."""
    if not ctx.kongs and not ctx.hand.melds:
        return dict.fromkeys(SEATS, 0), []  # most hands: no kong anywhere
    ledger = Ledger()
    items: list[Item] = []
    kongs, robbed = kongs_made(ctx)
    for kong in kongs:
        is_jing = kong.tile in jing.kinds
        amount = options.jing_kong_score if is_jing else options.kong_score
        for payer in others(kong.seat):
            ledger.pay(payer, kong.seat, amount)
        items.append(_kong_item(kong.kind, kong.tile, kong.seat, is_jing, amount))
    if robbed is not None:
        items.append(
            Item.of(
                "robbed_kong",
                "被抢的杠",
                "Robbed kong",
                bilingual("item.not_scored"),
                bilingual("item.robbed_kong"),
                seats=[robbed.seat],
            )
        )
    return ledger.net, items


@lru_cache(maxsize=1024)
def _kong_item(kind: KongKind, tile: Tile | None, seat: Seat, is_jing: bool, amount: int) -> Item:
    """A kong's item: a function of these few facts, so each is worded once."""
    zh, en = ("杠精", "Kong of jing") if is_jing else KONG_NAMES[kind]
    shown = (
        bilingual("item.kong_tile", tile=format_tile(tile))
        if tile is not None
        else bilingual("hint.none")
    )
    return Item.of(
        "jing_kong" if is_jing else "kong",
        zh,
        en,
        bilingual("item.plus_from_each", n=amount),
        bilingual("item.kong_detail", kind=bilingual(f"kind.{kind}"), tile=shown),
        add=amount,
        seats=[seat],
    )


# --- jing ------------------------------------------------------------------------------------


def settle_jing(
    held: Mapping[Seat, JingHeld],
    xianggong: Mapping[Seat, Literal["big", "small"]],
    options: XingguoOptions,
) -> Section:
    """Each seat collects its jing score from each other seat: Net(i) = Σ_j (score_i − score_j)."""
    holders = [] if nobody_holds(held) else [seat for seat in SEATS if held[seat].any]
    if not holders:
        return dict.fromkeys(SEATS, 0), []
    items: list[Item] = []
    scores = dict.fromkeys(SEATS, 0)
    for seat in holders:
        scores[seat], seat_items = _seat_score(seat, held[seat], xianggong.get(seat))
        items += seat_items
    if len(holders) == 1 and scores[holders[0]]:
        sole = holders[0]
        scores[sole], item = _bawang(sole, scores[sole], options)
        items.append(item)
    ledger = Ledger()
    for seat, score in scores.items():
        if not score:
            continue  # a seat scoring nothing moves nothing (most hands: no seat holds jing)
        for payer in others(seat):
            ledger.pay(payer, seat, score)
    return ledger.net, items


def _seat_score(
    seat: Seat, h: JingHeld, xianggong: Literal["big", "small"] | None
) -> tuple[int, list[Item]]:
    """A holder's jing score: 冲关 on its count, nothing for a 大相公 (a 小相公 still scores)."""
    if xianggong == "big":
        item = Item.of(
            "xianggong_big",
            "大相公",
            "Too many tiles",
            bilingual("item.no_jing_score"),
            bilingual("item.holds_jing", n=h.points),
            seats=[seat],
        )
        return 0, [item]
    score = chongguan(h.points)
    items = [_jing_item(seat, h, score)]
    if xianggong == "small":
        items.append(
            Item.of(
                "xianggong_small",
                "小相公",
                "Too few tiles",
                bilingual("item.still_scores"),
                seats=[seat],
            )
        )
    return score, items


def _jing_item(seat: Seat, h: JingHeld, score: int) -> Item:
    return _jing_item_of(seat, h.main, h.secondary, score)


@lru_cache(maxsize=1024)
def _jing_item_of(seat: Seat, main: int, secondary: int, score: int) -> Item:
    """A holder's jing item: a function of these few numbers, so each is worded once."""
    h = JingHeld(main, secondary)
    s = h.points
    detail = bilingual("item.jing_points", main=h.main, secondary=h.secondary, s=s)
    if s >= CHONGGUAN_FROM:
        ids = ("chongguan", "冲关", "Jing over the pass")
        effect = bilingual("item.chongguan", s=s, k=s - 3, score=score)
    else:
        ids, effect = ("jing", "精", "Jing"), bilingual("item.from_each", n=score)
    item_id, zh, en = ids
    return Item.of(item_id, zh, en, effect, detail, add=score, seats=[seat])


def _bawang(seat: Seat, score: int, options: XingguoOptions) -> tuple[int, Item]:
    """霸精: the only seat holding jing doubles its score, or adds 10."""
    return _bawang_of(seat, score, options.bawang)


@lru_cache(maxsize=1024)
def _bawang_of(seat: Seat, score: int, bawang: str) -> tuple[int, Item]:
    """:func:`_bawang` by the few values it depends on: its item worded once (most hands with
    jing have one holder, the winner)."""
    if bawang == "double":
        new, effect, factor, add = score * 2, bilingual("item.times2"), 2, None
    else:
        new, effect = score + BAWANG_PLUS, bilingual("item.plus", n=BAWANG_PLUS)
        factor, add = None, BAWANG_PLUS
    item = Item.of(
        "bawang",
        "霸精",
        "Sole jing holder",
        effect,
        bilingual("item.score_change", old=score, new=new),
        factor=factor,
        add=add,
        seats=[seat],
    )
    return new, item


# --- 跟庄 ------------------------------------------------------------------------------------


def settle_follow_dealer(dealer: Seat, rounds: int, options: XingguoOptions) -> Section:
    """跟庄: per round the dealer pays ``follow_dealer_score`` to each other seat."""
    if rounds == 0:
        return dict.fromkeys(SEATS, 0), []
    ledger = Ledger()
    amount = options.follow_dealer_score * rounds
    ledger.pay_each(dealer, others(dealer), amount)
    return ledger.net, [_follow_item(dealer, rounds, options.follow_dealer_score)]


@lru_cache(maxsize=256)
def _follow_item(dealer: Seat, rounds: int, score: int) -> Item:
    """跟庄's item: a function of these few facts, so each is worded once."""
    amount = score * rounds
    rounds_text = bilingual("item.rounds", n=rounds, plural="s" if rounds > 1 else "", score=score)
    return Item.of(
        "follow_dealer",
        "跟庄",
        "Following the dealer",
        bilingual("item.to_each", n=amount),
        rounds_text,
        add=-amount,
        seats=[dealer],
    )
