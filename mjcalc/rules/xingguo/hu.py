"""Xingguo 胡计子: every reading of the winning hand, the legal ones priced, the best one settled.

For each paying seat p (docs/rules/xingguo.md, "The hu score")::

    amount(p) = v × 2[self-draw] × 2[p is the discarder] × 2[winner or p is the dealer]
                  × 2[精吊] × 2[杠开] × 2[抢杠] × 2[霸胡]
    德国: amount(p) × 2, then + deguo_bonus if self-drawn or p is the discarder

天胡 / 地胡 pay a flat amount per payer instead. Each reading is priced with the same list of
doublings that becomes the result's items, so the breakdown is exactly what was computed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, NamedTuple

from mjcalc.plugin import (
    Bilingual,
    Context,
    DistinctReading,
    HonorSets,
    Item,
    Jing,
    JingHeld,
    Ledger,
    MjcalcError,
    Named,
    Reading,
    Seat,
    ShapeRules,
    Tile,
    bilingual,
    collected,
    distinct_readings,
    format_tile,
    lone_wild_wait,
    named,
    nobody_holds,
    others,
    seat,
)
from mjcalc.rules.xingguo.options import XingguoOptions
from mjcalc.rules.xingguo.request import XingguoRequest

FirstTurn = Literal["heavenly", "earthly"]


@dataclass(frozen=True, slots=True)
class ShapeValue:
    """A winning shape, its value v, and the first item of its breakdown (底分 v)."""

    named: Named
    value: int
    base: Item


def _shape(id: str, zh: str, en: str, value: int) -> ShapeValue:
    # named(): constants of the code, not input — no validator needs building at import
    effect, detail = bilingual("item.plain", value=value), bilingual("item.shape", zh=zh, en=en)
    return ShapeValue(
        named(id, zh, en), value, Item.of("base", "底分", "Base value", effect, detail, add=value)
    )


PLAIN = _shape("plain", "平胡", "Plain win", 1)
SEVEN_PAIRS = _shape("seven_pairs", "小七", "Seven pairs", 2)
THIRTEEN_LAN = _shape("thirteen_lan", "十三烂", "Thirteen lan", 2)
BIG_SEVEN = _shape("big_seven", "大七", "Big seven (all pungs)", 4)
SEVEN_STAR_LAN = _shape("seven_star_lan", "七星十三烂", "Seven-star thirteen lan", 4)
_OTHER_SHAPES = {
    "seven_pairs": SEVEN_PAIRS,
    "thirteen_lan": THIRTEEN_LAN,
    "seven_star_lan": SEVEN_STAR_LAN,
}

WILD_PLAIN_RULE = "err.wild_plain"
JINGDIAO_STRUCTURE_RULE = "err.jingdiao_structure"


def shape_rules(options: XingguoOptions) -> ShapeRules:
    """The shapes Xingguo accepts, for the engine."""
    return _shape_rules(
        options.honor_sets, options.seven_pairs_four_as_two, options.seven_star_jing
    )


@lru_cache(maxsize=16)
def _shape_rules(honor_sets: HonorSets, four_as_two: bool, seven_star_jing: bool) -> ShapeRules:
    """One shared (immutable) :class:`ShapeRules` per combination of the options it reads."""
    return ShapeRules(
        honor_sets=honor_sets,
        seven_pairs=True,
        four_as_two=four_as_two,
        thirteen_lan=True,
        seven_star_lan=True,
        wild_for_seven_star_honors=seven_star_jing,
    )


def shape_of(reading: Reading | DistinctReading) -> ShapeValue:
    """平胡, or 大七 when every set is a pung or kong; the other engine shapes map one to one."""
    if reading.shape == "standard":
        return BIG_SEVEN if reading.all_triplets else PLAIN
    return _OTHER_SHAPES[reading.shape]


@dataclass(slots=True)
class Candidate:
    """One reading of the hand and the facts that price it (not frozen, as :class:`Priced`:
    built for every reading of every hand, and never kept beyond it)."""

    found: DistinctReading
    shape: ShapeValue
    lone_jing: Tile | None = None
    """精吊: the jing kind that sat alone and paired with the self-drawn winning tile."""

    @property
    def n_wild(self) -> int:
        """Jing acting as wild; one read as its own kind is at face value (精还原). The engine
        counted them (legality, de-duplication and ranking all ask)."""
        return self.found.substituting

    @property
    def reading(self) -> Reading:
        """The reading itself: its wilds are resolved only for the one chosen."""
        return self.found.reading()

    @property
    def jingdiao(self) -> bool:
        return self.lone_jing is not None

    @property
    def deguo(self) -> bool:
        """德国: no jing acts as wild (none held, or all at face value)."""
        return self.n_wild == 0


def candidates(ctx: Context, jing: Jing, rules: ShapeRules) -> list[Candidate]:
    """The readings of the hand; on a self-draw also the 精吊 readings of each jing kind.

    Only the first reading of each kind the price depends on (shape, all pungs, jing acting as
    wild: :func:`~mjcalc.engine.distinct_readings`): the others would price and rank the same
    (:func:`_distinct_prices`), and being later they would never be chosen.
    """
    concealed, melds = ctx.hand.concealed, ctx.hand.melds
    kinds = jing.kinds
    found = [
        Candidate(r, shape_of(r))
        for r in distinct_readings(concealed, melds, kinds, rules, fewest=True)
    ]
    # a lone jing waits on anything, so only a self-draw counts as 精吊; and only if the 13
    # tiles before it were complete with a lone jing (else every 精吊 question finds nothing)
    if ctx.self_draw and _lone_jing_wait(ctx, jing, rules):
        for lone in jing.kinds:
            pair = (lone, ctx.win_tile)
            found += [
                Candidate(r, shape_of(r), lone)
                for r in distinct_readings(concealed, melds, kinds, rules, pair=pair, fewest=True)
            ]
    return found


def first_turn(request: XingguoRequest) -> FirstTurn | None:
    if request.heavenly and request.earthly:
        raise MjcalcError.from_key("invalid_request", "err.heavenly_and_earthly")
    if request.heavenly:
        return "heavenly"
    return "earthly" if request.earthly else None


def _first_turn_broken(
    ctx: Context, turn: FirstTurn | None, options: XingguoOptions
) -> MjcalcError | None:
    if turn == "heavenly" and ctx.winner != ctx.dealer:
        return MjcalcError.from_key(
            "illegal_win",
            "err.heavenly_not_dealer",
            winner=seat(ctx.winner),
            dealer=seat(ctx.dealer),
        )
    if turn == "earthly" and ctx.winner == ctx.dealer:
        return MjcalcError.from_key("illegal_win", "err.earthly_dealer", winner=seat(ctx.winner))
    if turn == "earthly" and options.earthly_off_discard:
        return None
    if turn is not None and not ctx.self_draw:
        name = "天胡" if turn == "heavenly" else "地胡"
        return MjcalcError.from_key("illegal_win", "err.first_turn_discard", name=name)
    return None


def _had_jingdiao_structure(ctx: Context, jing: Jing, rules: ShapeRules) -> bool:
    """Off a discard (or robbed kong): did the 13 tiles wait on anything with a lone jing?"""
    return not ctx.self_draw and _lone_jing_wait(ctx, jing, rules)


def _off_jingdiao_structure(
    found: list[Candidate], ctx: Context, options: XingguoOptions
) -> list[Candidate]:
    """The readings a discard may win with from a 精吊 structure (seed 四.9 "已构成精吊结构，
    不能抓德国点炮或抢杠").

    ``jingdiao_discard = "none"`` (the default) reads the rule as forbidding every discard win:
    the lone jing waits on any tile, so only the draw completes it. ``"non_deguo"`` reads it
    literally: only a 德国 discard win (and 抢杠) is forbidden, so an 有精 reading stays.
    """
    if options.jingdiao_discard == "none" or ctx.robbing_kong:
        return []
    return [c for c in found if not c.deguo]


def _lone_jing_wait(ctx: Context, jing: Jing, rules: ShapeRules) -> bool:
    """Were the 13 tiles before the win complete sets (or six pairs) and a lone jing?

    It is the widest question a 精吊 reading asks (every other jing acting as wild, whichever
    sat alone): without it the 精吊 readings of :func:`candidates` are none."""
    hand = ctx.hand
    return lone_wild_wait(hand.concealed, hand.melds, jing.kinds, rules, drawn=ctx.win_tile)


def is_legal(c: Candidate, ctx: Context) -> bool:
    """The one rule that depends on the reading: 有精平胡 only by self-draw."""
    return ctx.self_draw or c.deguo or c.shape is not PLAIN


def is_bahu(held: dict[Seat, JingHeld], winner: Seat, scope: Literal["all", "others"]) -> bool:
    """霸胡: no seat holds any jing (``"others"``: no seat but the winner)."""
    if nobody_holds(held):
        return True
    return not any(h.any for seat, h in held.items() if scope == "all" or seat != winner)


def _seats(payers: tuple[Seat, ...], everyone: tuple[Seat, ...]) -> tuple[Seat, ...] | None:
    """An item's ``seats``: only when it concerns some of the payers, not all three."""
    return None if payers is everyone or set(payers) == set(everyone) else payers


# the texts of the formula's doublings, looked up once
_TIMES2 = bilingual("item.times2")
_ROBBED_DISCARDER = bilingual("item.robbed_discarder")
_DEALER_WON = bilingual("item.dealer_won")
_DEALER_PAYS = bilingual("item.dealer_pays")
_GANGDIAO = bilingual("item.gangdiao")


@dataclass(frozen=True, slots=True)
class Doubling:
    """One ×2 of the formula, the payers whose share it doubles, and its item."""

    id: str
    payers: tuple[Seat, ...]
    item: Item


@lru_cache(maxsize=4096)
def _doubling(
    id: str,
    zh: str,
    en: str,
    payers: tuple[Seat, ...],
    everyone: tuple[Seat, ...],
    detail: Bilingual | None = None,
) -> Doubling:
    """One ×2 and its item, built once for its values and shared by every formula that has it:
    a 精吊 reading's doubling, which names its tiles, is put into a formula kept without it
    (:func:`formula`), and the same few come back hand after hand."""
    item = Item.of(id, zh, en, _TIMES2, detail, factor=2, seats=_seats(payers, everyone))
    return Doubling(id, payers, item)


def noted(item: Item, note: Bilingual) -> Item:
    """``item`` with ``note`` added to its detail: the item :meth:`Item.of` keeps for those
    values (items are immutable, so the same noted 霸胡 serves every hand that has it), with
    the fields a copy of ``item`` updated with the new detail would have."""
    en = f"{item.detail}; {note.en}" if item.detail else note.en
    zh = f"{item.detail_zh}；{note.zh}" if item.detail_zh else note.zh
    if item.effect_zh is None:  # not one of Item.of's (they all have both texts): a copy
        return item.model_copy(update={"detail": en, "detail_zh": zh})
    return Item.of(
        item.id,
        item.zh,
        item.en,
        Bilingual(item.effect, item.effect_zh),
        Bilingual(en, zh),
        factor=item.factor,
        add=item.add,
        fan=item.fan,
        seats=item.seats,
    )


def formula(
    winner: Seat,
    dealer: Seat,
    discarder: Seat | None,
    after_kong: bool,
    robbing_kong: bool,
    bahu: bool,
    deguo: bool,
    jingdiao: tuple[Tile, Tile] | None,
    bahu_note: Bilingual | None = None,
) -> Formula:
    """The ×2s of the formula that apply, in the formula's order, with their items, and what
    they multiply each payer's share by.

    ``jingdiao``: the lone jing and the winning tile it paired with, for a 精吊 reading.
    ``bahu_note``: a note for the 霸胡 item (:func:`noted`: the seats taken as holding no
    jing, when the request gave no counts), built here once rather than for each hand. A
    function of these few facts of the situation alone, so each combination is built once
    (every candidate reading of every hand asks) — but for the 精吊 doubling, whose item
    names the two tiles: it is put in its place, after the self-draw (or discard) and the
    dealer's, in the formula of the rest, which is kept without the tiles.
    """
    situation = (winner, dealer, discarder, after_kong, robbing_kong, bahu, deguo)
    if jingdiao is None:
        return _formula(situation, False, bahu_note)
    rest = _formula(situation, True, bahu_note)
    lone, win = (format_tile(t) for t in jingdiao)
    detail = bilingual("item.jingdiao_pair", lone=lone, win=win)
    everyone = others(winner)
    doubling = _doubling("jingdiao", "精吊", "Lone-jing wait", everyone, everyone, detail)
    doublings = rest.doublings
    return Formula((*doublings[:2], doubling, *doublings[2:]), tuple(2 * f for f in rest.factors))


_Situation = tuple[Seat, Seat, Seat | None, bool, bool, bool, bool]
""":func:`formula`'s first arguments, in its order: winner, dealer, discarder, 杠开, 抢杠,
霸胡, 德国."""


@lru_cache(maxsize=1024)
def _formula(situation: _Situation, jingdiao: bool, bahu_note: Bilingual | None) -> Formula:
    """:func:`formula` without the 精吊 doubling (``jingdiao``: the reading has one, which
    changes the 杠开 item's detail)."""
    winner, dealer, discarder, after_kong, robbing_kong, bahu, deguo = situation
    everyone = others(winner)
    out: list[Doubling] = []
    if discarder is None:
        out.append(_doubling("self_draw", "自摸", "Self-draw", everyone, everyone))
    else:
        detail = _ROBBED_DISCARDER if robbing_kong else None
        out.append(_doubling("discarder", "点炮", "Discarder", (discarder,), everyone, detail))
    if winner == dealer:
        out.append(_doubling("dealer", "庄家", "Dealer", everyone, everyone, _DEALER_WON))
    else:
        out.append(_doubling("dealer", "庄家", "Dealer", (dealer,), everyone, _DEALER_PAYS))
    if after_kong:
        detail = _GANGDIAO if jingdiao else None
        en = "Win on a kong replacement"
        out.append(_doubling("after_kong", "杠开", en, everyone, everyone, detail))
    if robbing_kong:
        detail = bilingual("item.robbing_pays", seat=seat(discarder or ""))
        out.append(_doubling("robbing_kong", "抢杠", "Robbing a kong", everyone, everyone, detail))
    if bahu:
        bahu_doubling = _doubling("bahu", "霸胡", "No seat holds jing", everyone, everyone)
        if bahu_note is not None:
            item = noted(bahu_doubling.item, bahu_note)
            bahu_doubling = Doubling(bahu_doubling.id, bahu_doubling.payers, item)
        out.append(bahu_doubling)
    if deguo:
        out.append(_doubling("deguo", "德国", "No jing used as wild", everyone, everyone))
    factors = tuple(1 << sum(payer in d.payers for d in out) for payer in everyone)
    return Formula(tuple(out), factors)


class Formula(NamedTuple):
    """The doublings of :func:`formula`, and each payer's product of them."""

    doublings: tuple[Doubling, ...]
    factors: tuple[int, ...]
    """By payer, in the order of :func:`~mjcalc.rules.ledger.others`: 2 to the number of
    doublings of that payer's share (worked out once per situation, not per candidate)."""


@dataclass(slots=True)
class Priced:
    """A candidate with each payer's share, and how to list the items that produced them.

    (This and the other records of one hand's pricing are not frozen: they never leave it, and
    frozen dataclasses cost several times as much to build.)

    Several candidates are priced to find the best; only the chosen one's items are shown,
    so they are built on demand (:attr:`items`), not for every candidate.
    """

    candidate: Candidate
    shares: dict[Seat, int]
    make_items: Callable[[], list[Item]]

    @property
    def items(self) -> list[Item]:
        return self.make_items()

    @property
    def total(self) -> int:
        return sum(self.shares.values())

    @property
    def rank(self) -> tuple[int, bool, int, int]:
        """Most for the winner, then 德国, then fewer wilds, then the higher shape."""
        c = self.candidate
        return (self.total, c.deguo, -c.n_wild, c.shape.value)


@dataclass(slots=True)
class Pricer:
    """Prices candidates in one situation (who won how, the options, 霸胡, 天胡 / 地胡)."""

    ctx: Context
    options: XingguoOptions
    bahu: bool
    turn: FirstTurn | None
    bahu_note: Bilingual | None = None
    """The note of the 霸胡 item (:func:`formula`), if any."""

    @property
    def payers(self) -> tuple[Seat, ...]:
        return others(self.ctx.winner)

    def price(self, c: Candidate) -> Priced:
        if self.turn is not None:
            return self._flat(c, self.turn)
        return self._multiplied(c)

    def _multiplied(self, c: Candidate) -> Priced:
        doublings, factors = self._doublings(c)
        value = c.shape.value
        shares = dict(zip(self.payers, [value * f for f in factors], strict=True))

        def items() -> list[Item]:
            return [c.shape.base, *(d.item for d in doublings)]

        return self._with_bonus(c, shares, items)

    def _flat(self, c: Candidate, turn: FirstTurn) -> Priced:
        """天胡 / 地胡: the same amount from each payer, whatever the shape or situation."""
        o = self.options
        amount = o.heavenly_jingdiao_score if c.jingdiao else o.heavenly_score
        zh, en = ("天胡", "Heavenly win") if turn == "heavenly" else ("地胡", "Earthly win")
        if c.jingdiao:
            zh, en = f"精吊{zh}", f"{en} on a lone jing (精吊)"

        def items() -> list[Item]:
            effect = bilingual("item.from_each", n=amount)
            return [Item.of(turn, zh, en, effect, bilingual("item.flat"), add=amount)]

        return self._with_bonus(c, dict.fromkeys(self.payers, amount), items)

    def _with_bonus(
        self, c: Candidate, shares: dict[Seat, int], items: Callable[[], list[Item]]
    ) -> Priced:
        """The 德国 reward, added after every doubling (never doubled itself)."""
        bonus = self.options.deguo_bonus
        if not (c.deguo and bonus):
            return Priced(c, shares, items)
        discarder = self.ctx.discarder
        # 抢杠 with "per_share": the kong maker takes over all three shares, each with its reward
        per_share = self.ctx.robbing_kong and self.options.robbed_kong_deguo == "per_share"
        bonus_payers = self.payers if discarder is None or per_share else (discarder,)
        for p in bonus_payers:
            shares[p] += bonus

        bonus_item = _bonus_item(bonus, per_share, _seats(bonus_payers, self.payers))

        def with_bonus() -> list[Item]:
            return [*items(), bonus_item]

        return Priced(c, shares, with_bonus)

    def _doublings(self, c: Candidate) -> Formula:
        """The ×2s of the formula that apply to this candidate (:func:`formula`)."""
        ctx = self.ctx
        jingdiao = (c.lone_jing, ctx.win_tile) if c.lone_jing is not None else None
        return formula(
            ctx.winner,
            ctx.dealer,
            ctx.discarder,
            ctx.after_kong,
            ctx.robbing_kong,
            self.bahu,
            c.deguo,
            jingdiao,
            self.bahu_note,
        )


@lru_cache(maxsize=64)
def _bonus_item(bonus: int, per_share: bool, seats: tuple[Seat, ...] | None) -> Item:
    """The 德国 reward's item (a few combinations, asked for by every 德国 candidate)."""
    detail = "item.deguo_bonus_per_share" if per_share else "item.deguo_bonus"
    effect = bilingual("item.plus", n=bonus)
    return Item.of(
        "deguo_bonus", "德国奖励", "德国 reward", effect, bilingual(detail), add=bonus, seats=seats
    )


@dataclass(slots=True)
class HuSettlement:
    """The chosen reading, its items and the hu section."""

    pattern: Named
    reading: Reading
    items: list[Item]
    net: dict[Seat, int]


def settle_hu(
    ctx: Context,
    request: XingguoRequest,
    jing: Jing,
    options: XingguoOptions,
    bahu: bool,
    bahu_note: Bilingual | None = None,
) -> HuSettlement:
    """Find every reading, refuse what the rules forbid, and settle the best legal one
    (``bahu_note``: a note for its 霸胡 item, :func:`formula`)."""
    turn = first_turn(request)
    rules = shape_rules(options)
    found = candidates(ctx, jing, rules)
    if not found:
        raise MjcalcError.from_key("not_winning", "err.xingguo_not_winning", jing=jing.describe())
    broken = _first_turn_broken(ctx, turn, options)
    if broken is None and _had_jingdiao_structure(ctx, jing, rules):
        found = _off_jingdiao_structure(found, ctx, options)
        if not found:
            literal = options.jingdiao_discard == "non_deguo"
            key = "err.jingdiao_structure_deguo" if literal else JINGDIAO_STRUCTURE_RULE
            broken = MjcalcError.from_key("illegal_win", key)
    legal = [c for c in found if is_legal(c, ctx)]
    if broken is None and not legal:
        broken = MjcalcError.from_key("illegal_win", WILD_PLAIN_RULE)
    if broken is not None:
        try:
            raise broken
        finally:  # the error's traceback holds this frame, so the frame lets go of the error
            del broken  # (else a cycle: the hand's objects wait for the garbage collector)
    pricer = Pricer(ctx, options, bahu, turn, bahu_note)
    priced = [pricer.price(c) for c in _distinct_prices(legal)]
    best = priced[0] if len(priced) == 1 else max(priced, key=lambda p: p.rank)
    return HuSettlement(
        best.candidate.shape.named, best.candidate.reading, best.items, _ledger(ctx, best)
    )


def _distinct_prices(found: list[Candidate]) -> list[Candidate]:
    """One candidate per (shape, 精吊, wilds used): the rest would price and rank the same.
    And of those using wilds, only the fewest per (shape, 精吊): a candidate's price depends
    on its wilds only through 德国 (none used), and the rank prefers fewer, so one using more
    would price the same and rank lower — never chosen.

    A hand with several jing has dozens of readings that differ only in where a wild sits;
    pricing each (with its items) dominated the cost of scoring. The first of each kind is kept,
    in order, so the choice stays deterministic.
    """
    if len(found) < 2:
        return found  # most hands: one reading
    seen: dict[tuple[str, bool, int], Candidate] = {}
    for c in found:
        seen.setdefault((c.shape.named.id, c.jingdiao, c.n_wild), c)
    fewest: dict[tuple[str, bool], int] = {}
    for shape, jingdiao, n_wild in seen:
        if n_wild and n_wild < fewest.get((shape, jingdiao), n_wild + 1):
            fewest[shape, jingdiao] = n_wild
    return [c for (shape, jd, n), c in seen.items() if not n or fewest[shape, jd] == n]


def _ledger(ctx: Context, best: Priced) -> dict[Seat, int]:
    if ctx.robbing_kong and ctx.discarder is not None:
        ledger = Ledger()
        ledger.pay(ctx.discarder, ctx.winner, best.total)  # 杠家一人全包
        return ledger.net
    return collected(ctx.winner, best.shares)
