"""Who pays a Shanghai win, and how many shares: discard, self-draw, 抢杠, 承包, 八花齐.

A share's value comes from :mod:`mjcalc.rules.shanghai.hands`; here it is only multiplied by the
number of shares each seat owes. There is no dealer bonus and a self-draw does not double.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjcalc.ledger import Ledger, others
from mjcalc.models import Item, Seat


@dataclass(frozen=True, slots=True)
class Payers:
    """The seats a win concerns: ``discarder`` is the kong maker when ``robbing_kong``."""

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


def settle(winner: Seat, owed: dict[Seat, int], per_share: int) -> dict[Seat, int]:
    """The ``hu`` section: each payer pays its shares to the winner."""
    ledger = Ledger()
    for payer in others(winner):
        if payer in owed:
            ledger.pay(payer, winner, owed[payer] * per_share)
    return ledger.net


def settlement_items(p: Payers, share: int) -> list[Item]:
    """How the win is paid: its kind (discard / self-draw / 抢杠) and 承包, if any."""
    items = [_kind_item(p, share)]
    if p.liable:
        items.append(_liable_item(p))
    return items


def _kind_item(p: Payers, share: int) -> Item:
    if p.robbing_kong and p.discarder is not None:
        return Item(
            id="robbing_kong",
            zh="抢杠",
            en="Robbing a kong",
            effect=f"{p.discarder} pays all 3 shares ({3 * share})",
            factor=3,
            seats=[p.discarder],
            detail="scored as a self-draw, but the kong maker pays for the three others",
        )
    if p.discarder is None:
        return Item(
            id="self_draw",
            zh="自摸",
            en="Self-draw",
            effect=f"each other seat pays 1 share ({share})",
            seats=list(others(p.winner)),
            detail="杠开 included; a self-draw does not double and there is no dealer bonus",
        )
    return Item(
        id="discard",
        zh="点炮",
        en="Discard win",
        effect=f"{p.discarder} pays 1 share ({share})",
        seats=[p.discarder],
        detail="the discarder alone pays; no dealer bonus",
    )


def _liable_item(p: Payers) -> Item:
    if p.robbing_kong:
        effect, how = "+3 shares each", "抢杠: each liable seat pays 3 shares more"
    elif p.discarder is None:
        effect, how = "3 shares in all", "self-draw: a liable seat pays 3 shares instead of 1"
    else:
        effect, how = "+1 share each", "discard win: each liable seat pays one share more"
    return Item(
        id="liable", zh="承包", en="Liability", effect=effect, seats=list(p.liable), detail=how
    )


def eight_flowers_bonus_item(lezi: int) -> Item:
    """八花齐 held in a hand that also wins another way: one 勒子 more on every share paid."""
    return Item(
        id="eight_flowers",
        zh="八花齐",
        en="All eight flowers",
        effect=f"+{lezi} per share",
        add=lezi,
        detail="all 8 flowers held as well: one 勒子 added to every share paid (承包 shares too)",
    )


def eight_flowers_instant(winner: Seat, lezi: int) -> tuple[Item, dict[Seat, int]]:
    """八花齐 as the win itself: each other seat pays one 勒子, flat (no fan, flowers or cap)."""
    ledger = Ledger()
    for payer in others(winner):
        ledger.pay(payer, winner, lezi)
    item = Item(
        id="eight_flowers",
        zh="八花齐",
        en="All eight flowers",
        effect=f"each other seat pays 1 勒子 ({lezi})",
        fan=4,
        seats=list(others(winner)),
        detail="wins on the draw of the eighth flower, whatever the hand; its 4 fan are paid as"
        " one 勒子 flat (直接算一个勒子): no flowers, situational fan, cap or 承包 apply",
    )
    return item, ledger.net
