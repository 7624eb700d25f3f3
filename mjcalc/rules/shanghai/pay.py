"""Who pays a Shanghai win, and how many shares: discard, self-draw, 抢杠, 承包, 八花齐.

A share's value comes from :mod:`mjcalc.rules.shanghai.hands`; here it is only multiplied by the
number of shares each seat owes. There is no dealer bonus and a self-draw does not double.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, NamedTuple

from mjcalc.plugin import Item, Ledger, Seat, bilingual, collected, others, seat


class Payers(NamedTuple):
    """The seats a win concerns: ``discarder`` is the kong maker when ``robbing_kong``.

    A named tuple: cheap to build, and a key of :func:`hu_settlement`'s memo as it is.
    """

    winner: Seat
    discarder: Seat | None
    robbing_kong: bool
    liable: tuple[Seat, ...]


def shares_owed(p: Payers) -> dict[Seat, int]:
    """Shares per paying seat.

    Discard: the discarder 1, each liable seat 1 more. Self-draw (杠开 too): each other seat 1, a
    liable seat 3 in all. 抢杠: the kong maker 3, each liable seat 3 more. A liable discarder or
    kong maker owes both parts (the seed's 承包 lines add to the discard / 抢杠 lines).
    """
    if p.discarder is None:
        return {s: 3 if s in p.liable else 1 for s in others(p.winner)}
    owed = {p.discarder: 3 if p.robbing_kong else 1}
    extra = 3 if p.robbing_kong else 1
    for s in p.liable:
        owed[s] = owed.get(s, 0) + extra
    return owed


class ShareValue(NamedTuple):
    """One share: after the cap, before it, the cap itself, and the 八花齐 bonus (outside it).

    A named tuple, as :class:`Payers` is.
    """

    capped: int
    uncapped: int
    cap: int
    bonus: int = 0


def amounts_owed(
    p: Payers,
    value: ShareValue,
    liability: Literal["extra", "full"] = "extra",
    cap_scope: Literal["share", "payer"] = "share",
) -> dict[Seat, int]:
    """What each paying seat pays the winner.

    ``liability = "full"`` (包牌 in full): the liable seats pay, instead of the others, all the
    shares the discarder / the three self-draw payers / the kong maker would have paid, split
    equally (the remainder to the first liable seat in play order after the winner).
    ``cap_scope = "payer"``: a seat's shares together are capped, not each share; the 八花齐
    bonus stays outside the cap either way.
    """
    if cap_scope == "share" and not p.liable:  # most hands: one figure for each payer
        each = value.capped + value.bonus
        if p.discarder is None:
            return dict.fromkeys(others(p.winner), each)  # shares_owed: 1 from each other seat
        return {p.discarder: 3 * each if p.robbing_kong else each}
    unit = value.uncapped if cap_scope == "payer" else value.capped
    if liability == "full" and p.liable:
        order = [s for s in others(p.winner) if s in p.liable]
        shares = 1 if p.discarder is not None and not p.robbing_kong else 3
        base, bonus = _split(shares * unit, order), _split(shares * value.bonus, order)
        counts = dict.fromkeys(order, shares)  # each liable seat stands for all the shares
    else:
        counts = shares_owed(p)
        if cap_scope == "share":  # most hands: each share capped, then its bonus
            each = unit + value.bonus
            return {s: n * each for s, n in counts.items()}
        base = {s: n * unit for s, n in counts.items()}
        bonus = {s: n * value.bonus for s, n in counts.items()}
    if cap_scope == "payer":
        base = {s: min(amount, value.cap) for s, amount in base.items()}
    return {s: base[s] + bonus[s] for s in counts}


def _split(amount: int, seats: list[Seat]) -> dict[Seat, int]:
    """``amount`` shared equally by ``seats``; the remainder goes to the first of them."""
    each, rest = divmod(amount, len(seats))
    return {s: each + (rest if i == 0 else 0) for i, s in enumerate(seats)}


def payer_cap_bites(p: Payers, value: ShareValue, liability: Literal["extra", "full"]) -> bool:
    """Does ``cap_scope = "payer"`` lower any seat's payment below its shares' capped sum?"""
    capped = amounts_owed(p, value, liability, "share")
    return capped != amounts_owed(p, value, liability, "payer")


def hu_settlement(
    p: Payers,
    value: ShareValue,
    liability: Literal["extra", "full"],
    cap_scope: Literal["share", "payer"],
) -> tuple[tuple[Item, ...], dict[Seat, int]]:
    """The items saying how a win is paid, and its ``hu`` section (a new dict for each call).

    Worked out once for each set of the few values it depends on, and shared: a payment is a
    handful of numbers, and every hand of the same seats and share pays the same. Under the
    per-share cap only the capped share counts, so those hands share one entry whatever the
    share was before its cap.
    """
    if cap_scope == "share":
        value = ShareValue(value.capped, value.capped, value.capped, value.bonus)
    items, section = _hu_settlement(p, value, liability, cap_scope)
    return items, dict(section)


@lru_cache(maxsize=4096)
def _hu_settlement(
    p: Payers,
    value: ShareValue,
    liability: Literal["extra", "full"],
    cap_scope: Literal["share", "payer"],
) -> tuple[tuple[Item, ...], dict[Seat, int]]:
    """:func:`hu_settlement` by its values (its section is copied before it is handed out)."""
    items = settlement_items(p, value.capped + value.bonus, liability)
    if cap_scope == "payer" and payer_cap_bites(p, value, liability):
        items.append(payer_cap_item(value.cap))
    return tuple(items), settle(p.winner, amounts_owed(p, value, liability, cap_scope))


def settle(winner: Seat, owed: dict[Seat, int]) -> dict[Seat, int]:
    """The ``hu`` section: each payer pays what it owes to the winner."""
    return collected(winner, owed)


def settlement_items(
    p: Payers, share: int, liability: Literal["extra", "full"] = "extra"
) -> list[Item]:
    """How the win is paid: its kind (discard / self-draw / 抢杠) and 承包, if any."""
    items = [_kind_item(p, share)]
    if p.liable:
        items.append(_liable_item(p, liability))
    return items


def payer_cap_item(cap: int) -> Item:
    """``cap_scope = "payer"``: what one seat pays in the hand is at most the cap."""
    return Item.of(
        "cap_payer",
        "按人封顶",
        "Cap per payer",
        bilingual("item.cap_payer_effect", cap=cap),
        bilingual("item.cap_payer", cap=cap),
    )


def _kind_item(p: Payers, share: int) -> Item:
    return _kind_item_of(p.winner, p.discarder, p.robbing_kong, share)


@lru_cache(maxsize=1024)
def _kind_item_of(winner: Seat, discarder: Seat | None, robbing_kong: bool, share: int) -> Item:
    """The win's kind and who pays, by the few values it depends on: built once and shared
    (items are immutable), its texts not looked up again for every hand."""
    if robbing_kong and discarder is not None:
        return Item.of(
            "robbing_kong",
            "抢杠",
            "Robbing a kong",
            bilingual("item.pays_all_shares", seat=seat(discarder), amount=3 * share),
            bilingual("item.rob_detail"),
            factor=3,
            seats=[discarder],
        )
    if discarder is None:
        return Item.of(
            "self_draw",
            "自摸",
            "Self-draw",
            bilingual("item.each_pays_share", share=share),
            bilingual("item.self_draw_detail"),
            seats=list(others(winner)),
        )
    return Item.of(
        "discard",
        "点炮",
        "Discard win",
        bilingual("item.pays_share", seat=seat(discarder), share=share),
        bilingual("item.discard_detail"),
        seats=[discarder],
    )


def _liable_item(p: Payers, liability: Literal["extra", "full"]) -> Item:
    if liability == "full":
        key = "item.liable_full"
    elif p.robbing_kong:
        key = "item.liable_rob"
    elif p.discarder is None:
        key = "item.liable_self"
    else:
        key = "item.liable_discard"
    return Item.of(
        "liable",
        "承包",
        "Liability",
        bilingual(key),
        bilingual(f"{key}_detail"),
        seats=list(p.liable),
    )


def eight_flowers_bonus_item(lezi: int) -> Item:
    """八花齐 held in a hand that also wins another way: one 勒子 more on every share paid."""
    return Item.of(
        "eight_flowers",
        "八花齐",
        "All eight flowers",
        bilingual("item.per_share", n=lezi),
        bilingual("item.eight_bonus_detail"),
        add=lezi,
    )


def eight_flowers_instant(winner: Seat, lezi: int) -> tuple[Item, dict[Seat, int]]:
    """八花齐 as the win itself: each other seat pays one 勒子, flat (no fan, flowers or cap)."""
    ledger = Ledger()
    for payer in others(winner):
        ledger.pay(payer, winner, lezi)
    item = Item.of(
        "eight_flowers",
        "八花齐",
        "All eight flowers",
        bilingual("item.eight_instant", lezi=lezi),
        bilingual("item.eight_instant_detail"),
        fan=4,
        seats=list(others(winner)),
    )
    return item, ledger.net
