"""Nanchang's sections besides the hu: kongs, the jing settlement (冲关 / 霸王精), the opening
flip (上下翻精) and 跟庄.

None depends on how the hand was read or who won it, and none is doubled by the dealer: the
same functions settle a drawn hand (:mod:`~mjcalc.rules.nanchang.session`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from mjcalc.plugin import (
    CHONGGUAN_FROM,
    KONG_NAMES,
    SEATS,
    Item,
    Jing,
    KongKind,
    KongMade,
    Ledger,
    MjcalcError,
    Seat,
    Section,
    Tile,
    bilingual,
    chongguan,
    format_tile,
    is_flower,
    next_kind,
    others,
    parse_tile,
)
from mjcalc.rules.nanchang.base import Holdings
from mjcalc.rules.nanchang.options import NanchangOptions
from mjcalc.rules.nanchang.request import COPIES, OpeningFlip

_KONG_KINDS = {
    "concealed": "nc.kind.concealed",
    "exposed": "nc.kind.exposed",
    "added": "nc.kind.added",
}


def _none() -> Section:
    return dict.fromkeys(SEATS, 0), []


# --- kongs -----------------------------------------------------------------------------------


def kong_score(kind: KongKind, options: NanchangOptions) -> int:
    if kind == "concealed":
        return options.concealed_kong_score
    return options.added_kong_score if kind == "added" else options.exposed_kong_score


def settle_kongs(kongs: Iterable[KongMade], jing: Jing | None, options: NanchangOptions) -> Section:
    """Each other seat pays a kong's maker 1 (明杠, 补杠) or 2 (暗杠), whoever won; a robbed
    kong too (it was paid before the rob). With ``jing_kong = "flat"`` a kong of a jing kind
    also takes ``jing_kong_score`` from each (with ``"raw"`` it counts in the jing section)."""
    made = list(kongs)
    if not made:
        return _none()
    ledger = Ledger()
    items: list[Item] = []
    for kong in made:
        amount = kong_score(kong.kind, options)
        for payer in others(kong.seat):
            ledger.pay(payer, kong.seat, amount)
        items.append(_kong_item(kong.kind, kong.tile, kong.seat, amount))
        if options.jing_kong == "flat" and jing is not None and kong.tile in jing.kinds:
            flat = options.jing_kong_score
            for payer in others(kong.seat):
                ledger.pay(payer, kong.seat, flat)
            items.append(_flat_jing_kong_item(kong.tile, kong.seat, flat))
    return ledger.net, items


@lru_cache(maxsize=1024)
def _kong_item(kind: KongKind, tile: Tile | None, holder: Seat, amount: int) -> Item:
    zh, en = KONG_NAMES[kind]
    shown = (
        bilingual("nc.item.kong_tile", tile=format_tile(tile))
        if tile is not None
        else bilingual("hint.none")
    )
    return Item.of(
        "kong",
        zh,
        en,
        bilingual("nc.item.plus_from_each", n=amount),
        bilingual("nc.item.kong_detail", kind=bilingual(_KONG_KINDS[kind]), tile=shown),
        add=amount,
        seats=[holder],
    )


@lru_cache(maxsize=256)
def _flat_jing_kong_item(tile: Tile, holder: Seat, amount: int) -> Item:
    return Item.of(
        "jing_kong",
        "杠精",
        "Kong of jing",
        bilingual("nc.item.plus_from_each", n=amount),
        bilingual("nc.item.jing_kong_flat", tile=format_tile(tile)),
        add=amount,
        seats=[holder],
    )


# --- jing ------------------------------------------------------------------------------------


def settle_jing(holding: Holdings, options: NanchangOptions) -> Section:
    """Each seat collects its jing score from each other seat (net = 4 × own − all four).

    A seat's count is 2 per 正精 and 1 per 副精 it holds, + ``jing_kong_score`` per kong of a
    jing kind (``jing_kong = "raw"``); 冲关 makes a count of 5 or more count × (count − 3);
    霸王精 doubles the score of a seat that is the only one scoring."""
    if holding.nobody and not any(holding.jing_kongs.values()):
        return _none()  # no jing at the table (a kong of jing holds four)
    raw_kongs = options.jing_kong == "raw"
    scores = dict.fromkeys(SEATS, 0)
    items: list[Item] = []
    for s in SEATS:
        h = holding.held[s]
        kongs = holding.jing_kongs[s] if raw_kongs else 0
        raw = h.points + kongs * options.jing_kong_score
        if not raw:
            continue
        scores[s] = chongguan(raw)
        items.append(_jing_item(s, h.main, h.secondary, kongs, options.jing_kong_score, raw))
    scoring = [s for s in SEATS if scores[s]]
    if not scoring:
        return _none()
    if len(scoring) == 1:
        sole = scoring[0]
        items.append(_bawang_item(sole, scores[sole]))
        scores[sole] *= 2
    total = sum(scores.values())
    return {s: 4 * scores[s] - total for s in SEATS}, items


@lru_cache(maxsize=1024)
def _jing_item(holder: Seat, main: int, secondary: int, kongs: int, each: int, raw: int) -> Item:
    if kongs:
        detail = bilingual(
            "nc.item.jing_count_kongs", main=main, secondary=secondary, k=kongs, each=each, raw=raw
        )
    else:
        detail = bilingual("nc.item.jing_count", main=main, secondary=secondary, raw=raw)
    score = chongguan(raw)
    if raw >= CHONGGUAN_FROM:
        effect = bilingual("nc.item.chongguan", raw=raw, k=raw - 3, score=score)
        return Item.of(
            "chongguan", "冲关", "Jing over the pass", effect, detail, add=score, seats=[holder]
        )
    return Item.of(
        "jing",
        "精",
        "Jing",
        bilingual("nc.item.from_each", n=score),
        detail,
        add=score,
        seats=[holder],
    )


@lru_cache(maxsize=1024)
def _bawang_item(holder: Seat, score: int) -> Item:
    return Item.of(
        "bawang",
        "霸王精",
        "Sole jing holder",
        bilingual("nc.item.times", n=2),
        bilingual("nc.item.bawang", old=score, new=2 * score),
        factor=2,
        seats=[holder],
    )


# --- 上下翻精 ---------------------------------------------------------------------------------


def settle_flip(flip: OpeningFlip | None, jing: Jing | None) -> Section:
    """上下翻精: with c copies of the settlement tile T and d of the kind after it in its dealt
    hand, each seat gets 2 × (4c − Σc) + (4d − Σd); doubled when only one seat holds either.
    Settled at once, no 冲关; T and the jing indicator under it stay in the wall."""
    if flip is None:
        return _none()
    try:
        t = parse_tile(flip.tile)
    except MjcalcError as exc:
        raise exc.within("err.in_field", field="opening_flip.tile") from None
    if is_flower(t):
        raise MjcalcError.from_key("invalid_request", "nc.err.flip_flower", text=flip.tile)
    after = next_kind(t)
    dealt = {s: flip.dealt.get(s, (0, 0)) for s in SEATS}
    for kind, index in ((t, 0), (after, 1)):
        in_wall = (kind == t) + (jing is not None and kind == jing.main)
        n = sum(d[index] for d in dealt.values())
        if n > COPIES - in_wall:
            raise MjcalcError.from_key(
                "invalid_request",
                "nc.err.flip_copies",
                n=n,
                tile=format_tile(kind),
                max=COPIES - in_wall,
            )
    sum_c = sum(c for c, _ in dealt.values())
    sum_d = sum(d for _, d in dealt.values())
    amounts = {s: 2 * (4 * c - sum_c) + (4 * d - sum_d) for s, (c, d) in dealt.items()}
    holders = [s for s, (c, d) in dealt.items() if c or d]
    if not holders:
        return _none()
    items = [
        _flip_item(s, c, d, format_tile(t), format_tile(after))
        for s, (c, d) in dealt.items()
        if c or d
    ]
    if len(holders) == 1:
        amounts = {s: 2 * a for s, a in amounts.items()}
        items.append(_flip_sole_item(holders[0]))
    return amounts, items


@lru_cache(maxsize=256)
def _flip_item(holder: Seat, c: int, d: int, t: str, after: str) -> Item:
    n = 2 * c + d
    return Item.of(
        "opening_flip",
        "上下翻精",
        "Opening flip",
        bilingual("nc.item.from_each", n=n),
        bilingual("nc.item.flip", c=c, d=d, t=t, after=after, n=n),
        add=n,
        seats=[holder],
    )


@lru_cache(maxsize=8)
def _flip_sole_item(holder: Seat) -> Item:
    return Item.of(
        "opening_flip_sole",
        "独家翻精",
        "Only holder of the flip",
        bilingual("nc.item.times", n=2),
        bilingual("nc.item.flip_sole"),
        factor=2,
        seats=[holder],
    )


# --- 跟庄 ------------------------------------------------------------------------------------


def settle_follow_dealer(dealer: Seat, happened: int, options: NanchangOptions) -> Section:
    """跟庄: the first four discards were the same tile; the dealer pays each other seat."""
    if not happened:
        return _none()
    ledger = Ledger()
    amount = options.follow_dealer_score
    ledger.pay_each(dealer, others(dealer), amount)
    return ledger.net, [_follow_item(dealer, amount)]


@lru_cache(maxsize=64)
def _follow_item(dealer: Seat, amount: int) -> Item:
    return Item.of(
        "follow_dealer",
        "跟庄",
        "Following the dealer",
        bilingual("nc.item.to_each", n=amount),
        bilingual("nc.item.follow_dealer"),
        add=-amount,
        seats=[dealer],
    )
