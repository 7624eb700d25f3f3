"""What a Shanghai hand is worth: its named hand, its fan, its flowers, its cap (勒子).

Only a few named hands may win (清 / 混 / 碰 / 风 hands); the rest of a share's value comes from
flowers (flower tiles plus the winner's honor pungs and kongs) and situational fan. A share is
``(flowers + base) × 2^fan``, capped at one, two or four 勒子. Everything here is a pure function
of the hand and its situation; who pays is :mod:`mjcalc.rules.shanghai.pay`'s business.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from operator import attrgetter
from typing import Literal, NamedTuple

from mjcalc.plugin import (
    EAST,
    Bilingual,
    Hand,
    Item,
    MjcalcError,
    Named,
    Reading,
    ShapeRules,
    Tile,
    bilingual,
    en_name,
    is_dragon,
    is_wind,
    named,
    readings,
    single_wait_on_pair,
    zh_name,
)
from mjcalc.rules.shanghai.options import ShanghaiOptions

# Seven pairs is recognised only to refuse it with ``illegal_win`` rather than ``not_winning``.
SHAPES = ShapeRules(loose_honors=True, seven_pairs=True)
_WINNING_SHAPES = {
    True: ShapeRules(loose_honors=True),
    False: ShapeRules(),
}
"""What :func:`best_hand` asks the engine first, by "the hand is all honors": only the shapes
that may win. 风一色's structure-free reading needs every tile an honor; seven pairs never
wins, and is asked for only to word a refusal."""


@dataclass(frozen=True, slots=True)
class NamedHand:
    """A hand that may win, its fan, and how many 勒子 it may reach on its own."""

    id: str
    zh: str
    en: str
    fan: int
    cap_lezi: int
    pattern: Named = field(init=False, compare=False, repr=False)
    """The result's ``pattern``: built once (it is immutable), shared by every hand of this kind."""
    item: Item = field(init=False, compare=False, repr=False)
    """The first item of the breakdown (its fan), shared likewise."""

    def __post_init__(self) -> None:
        # trusted(): constants of the code, not input — no validator needs building at import
        object.__setattr__(self, "pattern", named(self.id, self.zh, self.en))
        effect = bilingual("item.fan", n=self.fan)
        object.__setattr__(self, "item", Item.of(self.id, self.zh, self.en, effect, fan=self.fan))


ALL_PUNGS = NamedHand("all_pungs", "碰碰胡", "All pungs", 2, 1)
HALF_FLUSH = NamedHand("half_flush", "混一色", "Half flush", 2, 1)
FULL_FLUSH = NamedHand("full_flush", "清一色", "Full flush", 4, 1)
HALF_FLUSH_PUNGS = NamedHand("half_flush_pungs", "混碰", "Half flush all pungs", 4, 1)
FULL_FLUSH_PUNGS = NamedHand("full_flush_pungs", "清碰", "Full flush all pungs", 5, 2)
ALL_HONORS = NamedHand("all_honors", "风一色", "All honors", 5, 2)
ALL_HONOR_PUNGS = NamedHand("all_honor_pungs", "风碰", "All honors all pungs", 6, 4)
WINNING_HANDS = (
    ALL_PUNGS,
    HALF_FLUSH,
    FULL_FLUSH,
    HALF_FLUSH_PUNGS,
    FULL_FLUSH_PUNGS,
    ALL_HONORS,
    ALL_HONOR_PUNGS,
)
EIGHT_FLOWERS = NamedHand("eight_flowers", "八花齐", "All eight flowers", 4, 1)
"""Wins with any hand; paid one 勒子 flat by each other seat (see pay.py)."""

WINNING_HANDS_TEXT = Bilingual(
    ", ".join(f"{h.zh} ({h.en.lower()})" for h in WINNING_HANDS)
    + f", or {EIGHT_FLOWERS.zh} ({EIGHT_FLOWERS.en.lower()})",
    "、".join(h.zh for h in (*WINNING_HANDS, EIGHT_FLOWERS)),
)


Colour = Literal["honors", "half_flush", "full_flush", "mixed"]
"""Which suits a hand holds: none (all honors), one with or without honors, or several."""

_HONOR_CLASS = 3
"""``tile // 9`` of an honor; a suited tile's is its suit (0, 1, 2)."""
_CLASS_BYTES = bytes(min(t // 9, _HONOR_CLASS) for t in range(256))
"""``bytes.translate`` table: ``tile // 9`` of each playing tile (the rest of the 256 entries is
never read: a hand's tiles are checked before it is scored)."""


def hand_colour(hand: Hand) -> Colour:
    """The suits of the hand's tiles, melds included.

    Found once per hand: every standard reading is made of exactly these tiles (Shanghai has no
    wilds), so its colour is the hand's, not the reading's. The classes come from the tiles
    packed one byte each and translated by a table: C-level passes, no call per tile.
    """
    classes = set(bytes(hand.all_tiles).translate(_CLASS_BYTES))  # flowers are not among them
    honors = _HONOR_CLASS in classes
    suits = len(classes) - honors
    if suits == 0:
        return "honors"
    if suits == 1:
        return "half_flush" if honors else "full_flush"
    return "mixed"


_BY_COLOUR: dict[Colour, tuple[NamedHand | None, NamedHand]] = {
    # honors never chow, so an all-honor standard reading is all pungs
    "honors": (ALL_HONOR_PUNGS, ALL_HONOR_PUNGS),
    "half_flush": (HALF_FLUSH, HALF_FLUSH_PUNGS),
    "full_flush": (FULL_FLUSH, FULL_FLUSH_PUNGS),
    "mixed": (None, ALL_PUNGS),
}
"""The named hand of a standard reading by the hand's colour: (with a chow, all pungs)."""


def classify(reading: Reading, colour: Colour) -> NamedHand | None:
    """The named hand of one reading of a hand of ``colour`` (:func:`hand_colour`), or ``None``
    when that reading may not win."""
    if reading.shape == "loose_honors":
        return ALL_HONORS
    if reading.shape != "standard":
        return None
    return _BY_COLOUR[colour][reading.all_triplets]


# --- flowers ---------------------------------------------------------------------------------

TileClass = Literal["suit", "wind", "dragon"]
SetForm = Literal["pung", "exposed_kong", "concealed_kong"]

MELD_FLOWERS: dict[tuple[TileClass, SetForm], int] = {
    ("suit", "exposed_kong"): 1,
    ("suit", "concealed_kong"): 2,
    ("wind", "pung"): 1,
    ("wind", "exposed_kong"): 2,
    ("wind", "concealed_kong"): 3,
    ("dragon", "pung"): 2,
    ("dragon", "exposed_kong"): 3,
    ("dragon", "concealed_kong"): 4,
}
"""Flowers the winner's sets are worth (the seed's 花 rules 2-4); suit pungs are worth none."""

_FORM_ZH: dict[SetForm, str] = {"pung": "刻", "exposed_kong": "明杠", "concealed_kong": "暗杠"}
_FORM_EN: dict[SetForm, str] = {
    "pung": "pung",
    "exposed_kong": "exposed kong",
    "concealed_kong": "concealed kong",
}


@dataclass(frozen=True, slots=True)
class FlowerSource:
    """Flowers from one source: the flower tiles held, or one pung / kong of the winner."""

    id: str
    zh: str
    en: str
    flowers: int
    detail: Bilingual
    item: Item = field(init=False, compare=False, repr=False)
    """Its item, built with it: every source is remembered (:func:`_set_source`,
    :func:`_flower_tiles`), so each item is built once and shared (items are immutable)."""

    def __post_init__(self) -> None:
        plural = "" if self.flowers == 1 else "s"
        effect = bilingual("item.flowers", n=self.flowers, plural=plural)
        item = Item.of(self.id, self.zh, self.en, effect, self.detail, add=self.flowers)
        object.__setattr__(self, "item", item)


def flower_tiles_source(count: int, written: tuple[Tile, ...]) -> FlowerSource | None:
    """The flower tiles held (written in the hand, or only counted); ``None`` if there are none."""
    if count == 0:
        return None
    return _flower_tiles(count, tuple(sorted(written)))


@cache
def _flower_tiles(count: int, written: tuple[Tile, ...]) -> FlowerSource:
    """:func:`flower_tiles_source` of sorted flowers, remembered: there are 256 sets of flower
    tiles, and their names need not be formatted again for every hand holding them."""
    detail = (
        bilingual("item.flowers_written", names=" ".join(zh_name(t) for t in written))
        if written
        else bilingual("item.flowers_counted")
    )
    return FlowerSource("flower_tiles", "花牌", "flower tiles", count, detail)


def _tile_class(t: Tile) -> TileClass:
    if is_wind(t):
        return "wind"
    return "dragon" if is_dragon(t) else "suit"


@cache
def _set_source(t: Tile, form: SetForm, how: str) -> FlowerSource | None:
    """The flowers of one pung or kong of ``t`` (``how``: the catalogue key saying where it is).

    Remembered (at most 34 × 3 × 3 entries, each immutable): the same pungs come back hand after
    hand, and their names and texts need not be formatted again.
    """
    cls = _tile_class(t)
    flowers = MELD_FLOWERS.get((cls, form), 0)
    if not flowers:
        return None
    return FlowerSource(
        f"{cls}_{form}",
        f"{zh_name(t)}{_FORM_ZH[form]}",
        f"{en_name(t)} {_FORM_EN[form]}",
        flowers,
        bilingual(how),
    )


def meld_flowers(reading: Reading) -> list[FlowerSource]:
    """Flowers of the winner's pungs and kongs in this reading, one source per set.

    A concealed pung (three alike among the concealed tiles, read as a pung) counts as a pung. A
    structure-free 风一色 reading has no sets, so there every three alike counts as one pung — the
    seed's 一客 is "三个一样的", three of a kind.
    """
    sources: list[FlowerSource | None] = []
    for g in reading.groups:
        kind = g.kind
        if kind == "pung":
            if g.tiles[0] < EAST:
                continue  # a suit pung is worth no flower (the common set of all)
            form: SetForm = "pung"
        elif kind == "kong":
            form = "exposed_kong" if g.exposed else "concealed_kong"
        elif kind == "loose":
            alike = [t for t in sorted(set(g.tiles)) if g.tiles.count(t) >= 3]
            sources += [_set_source(t, "pung", _ALIKE) for t in alike]
            continue
        else:
            continue  # chows, the pair: never worth a flower
        sources.append(_set_source(g.tiles[0], form, _MELDED if g.melded else _CONCEALED_PUNG))
    if not sources:
        return []
    return [s for s in sources if s is not None]


_ALIKE, _MELDED, _CONCEALED_PUNG = "item.three_alike", "item.melded", "item.concealed_pung"


# --- situational fan -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fan:
    """A situational fan added to the named hand's; ``lifts_cap``: it allows a 2-勒子 share."""

    id: str
    zh: str
    en: str
    fan: int
    detail: Bilingual
    lifts_cap: bool = False
    item: Item = field(init=False, compare=False, repr=False)
    """Its item, built with it (every fan is a constant or remembered: built once, shared)."""

    def __post_init__(self) -> None:
        effect = bilingual("item.fan", n=self.fan)
        item = Item.of(self.id, self.zh, self.en, effect, self.detail, fan=self.fan)
        object.__setattr__(self, "item", item)


@dataclass(slots=True)
class WinSituation:
    """How the hand was won, as far as its value is concerned.

    A short-lived record of one hand, never changed: not frozen, which makes it cheaper to build.
    """

    win_tile: Tile
    after_kong: bool = False
    kaibao: int = 0
    huangfan: int = 0


AFTER_KONG = Fan(
    "after_kong", "杠开", "Win on a kong replacement", 1, bilingual("item.gangshanghua")
)
BIG_CRANE = Fan(
    "big_crane", "大吊车", "Big crane: all sets melded, single wait", 1, bilingual("item.big_crane")
)


def situational_fans(hand: Hand, situation: WinSituation) -> tuple[Fan, ...]:
    """杠开, 大吊车, 开宝 and 黄番, each +1 fan (开宝 / 黄番 once per pending count)."""
    big_crane = single_wait_on_pair(hand.concealed, hand.melds, situation.win_tile)
    if not (situation.after_kong or situation.kaibao or situation.huangfan):
        return (BIG_CRANE,) if big_crane else ()  # most hands: no list to build
    fans: list[Fan] = []
    if situation.after_kong:
        fans.append(AFTER_KONG)
    if big_crane:
        fans.append(BIG_CRANE)
    if situation.kaibao:
        fans.append(_kaibao(situation.kaibao))
    if situation.huangfan:
        fans.append(_huangfan(situation.huangfan))
    return tuple(fans)


@cache
def _kaibao(n: int) -> Fan:
    """开宝 pending ``n`` times (at most 64: one fan each), remembered with its item."""
    return Fan("kaibao", "开宝", "Dice double", n, bilingual("item.kaibao"), lifts_cap=True)


@cache
def _huangfan(n: int) -> Fan:
    """黄番 carried ``n`` times (at most 64: one fan each), remembered with its item."""
    return Fan(
        "huangfan", "黄番", "Drawn hands carried", n, bilingual("item.huangfan"), lifts_cap=True
    )


# --- the value of a share --------------------------------------------------------------------


_FLOWERS = attrgetter("flowers")


class HandScore(NamedTuple):
    """One reading's value: named hand, fan, flowers and the capped points of one share.

    Every figure is worked out once by :meth:`of` (the items and the payments ask for them
    several times each). A named tuple: immutable, and built at a third of the cost of a frozen
    dataclass of twelve fields, once for each reading that may win.
    """

    named: NamedHand
    reading: Reading
    fans: tuple[Fan, ...]
    flowers: tuple[FlowerSource, ...]
    base: int
    lezi: int
    fan: int
    flower_count: int
    uncapped: int
    cap_lezi: int
    """4 for 风碰; 2 for 清碰, 风一色 or any 开宝 / 黄番 fan; else 1."""
    cap: int
    share: int

    @classmethod
    def of(
        cls,
        named: NamedHand,
        reading: Reading,
        fans: tuple[Fan, ...],
        flowers: tuple[FlowerSource, ...],
        base: int,
        lezi: int,
    ) -> HandScore:
        fan = named.fan
        cap_lezi = named.cap_lezi
        for f in fans:
            fan += f.fan
            if f.lifts_cap and cap_lezi < 2:
                cap_lezi = 2  # lifted to two 勒子 (a hand reaching more keeps its own)
        flower_count = sum(map(_FLOWERS, flowers)) if flowers else 0
        uncapped = (flower_count + base) << fan
        cap = cap_lezi * lezi
        return cls(
            named,
            reading,
            fans,
            flowers,
            base,
            lezi,
            fan,
            flower_count,
            uncapped,
            cap_lezi,
            cap,
            min(uncapped, cap),
        )

    def items(self) -> list[Item]:
        """The named hand, each fan, each flower source, the base, the share and the cap."""
        items = [self.named.item]
        if self.fans:
            items += [f.item for f in self.fans]
        if self.flowers:
            items += [s.item for s in self.flowers]
        items.append(_base_item(self.base))
        items.append(_share_item(self.flower_count, self.base, self.fan, self.uncapped))
        items.append(self._cap_item())
        return items

    def _cap_item(self) -> Item:
        if self.cap_lezi == 1 or self.named.cap_lezi == self.cap_lezi:
            lifting = ""  # the named hand's own cap: no fan to name
        else:
            lifting = " / ".join(f.zh for f in self.fans if f.lifts_cap)
        over = self.uncapped if self.uncapped > self.cap else None
        return _capped_item(
            self.named.zh, self.named.cap_lezi, lifting, self.cap_lezi, self.lezi, over
        )


# The items below are immutable and depend on a few small numbers: each is built once and
# shared by every hand that has it (a few hundred combinations cover nearly every hand), so
# its texts are not looked up and formatted again.


@cache
def _base_item(base: int) -> Item:
    """底分 (one per value of the ``base`` option, 0-1000)."""
    return Item.of("base", "底分", "base", bilingual("item.plus", n=base), add=base)


@lru_cache(maxsize=1024)
def _share_item(flowers: int, base: int, fan: int, uncapped: int) -> Item:
    """每份: the formula of one share, ``(flowers + base) × 2^fan``."""
    formula = bilingual(
        "item.share_formula", flowers=flowers, base=base, fan=fan, uncapped=uncapped
    )
    return Item.of("share", "每份", "points per share", formula, _SHARE_DETAIL)


_SHARE_DETAIL = bilingual("item.share_detail")


@lru_cache(maxsize=1024)
def _capped_item(
    named_zh: str, named_cap: int, lifting: str, cap_lezi: int, lezi: int, over: int | None
) -> Item:
    """The cap of a share: ``cap_lezi`` 勒子 of ``lezi`` points, reached by the named hand itself
    or lifted by the ``lifting`` fans; ``over``: the share before the cap, when the cap bit."""
    zh, en = _CAP_NAMES[cap_lezi]
    cap = cap_lezi * lezi
    effect = (
        bilingual("item.cap_missed", cap=cap)
        if over is None
        else bilingual("item.cap_hit", cap=cap, uncapped=over)
    )
    if cap_lezi == 1:
        reason = bilingual("item.cap_one", zh=named_zh)
    elif named_cap == cap_lezi:
        reason = bilingual("item.cap_reaches", zh=named_zh, n=cap_lezi)
    else:
        reason = bilingual("item.cap_lifted", names=lifting)
    return Item.of("cap", zh, en, effect, bilingual("item.cap_detail", reason=reason, lezi=lezi))


_CAP_NAMES = {1: ("勒子", "cap: 1 lezi"), 2: ("双勒", "cap: 2 lezi"), 4: ("四勒", "cap: 4 lezi")}


def best_hand(
    hand: Hand,
    situation: WinSituation,
    flower_tiles: FlowerSource | None,
    options: ShanghaiOptions,
) -> HandScore:
    """The reading that pays most (then the higher named hand); refuse hands that may not win.

    Raises ``not_winning`` when no reading completes the hand, ``illegal_win`` when every complete
    reading is a hand Shanghai does not allow (mixed chows, seven pairs).
    """
    best = winning_hand(hand, situation, flower_tiles, options)
    if best is None:
        raise refusal(hand)
    return best


def winning_hand(
    hand: Hand,
    situation: WinSituation,
    flower_tiles: FlowerSource | None,
    options: ShanghaiOptions,
) -> HandScore | None:
    """:func:`best_hand`, or ``None`` where it refuses: the caller may have another way to win
    (八花齐), and then the refusal is not worth wording."""
    colour = hand_colour(hand)
    found = readings(hand.concealed, hand.melds, (), _WINNING_SHAPES[colour == "honors"])
    fans = situational_fans(hand, situation)
    best: HandScore | None = None
    for r in found:
        named = classify(r, colour)
        if named is None:
            continue
        score = HandScore.of(named, r, fans, _flowers(flower_tiles, r), options.base, options.lezi)
        if best is None or (score.share, named.fan) > (best.share, best.named.fan):
            best = score  # the first of equals stays, as ``max`` keeps it
    return best


def refusal(hand: Hand) -> MjcalcError:
    """Why a hand :func:`winning_hand` found no value for may not win: ``not_winning`` when no
    reading completes it, else ``illegal_win`` (mixed chows, seven pairs). The engine is asked
    again, for every shape: seven pairs only matters here."""
    shapes = {r.shape for r in readings(hand.concealed, hand.melds, (), SHAPES)}
    if not shapes:
        return MjcalcError.from_key("not_winning", "err.shanghai_not_winning")
    what = bilingual("err.what_seven_pairs" if shapes == {"seven_pairs"} else "err.what_mixed")
    return MjcalcError.from_key(
        "illegal_win", "err.shanghai_illegal", what=what, hands=WINNING_HANDS_TEXT
    )


def _flowers(flower_tiles: FlowerSource | None, reading: Reading) -> tuple[FlowerSource, ...]:
    tiles = (flower_tiles,) if flower_tiles else ()
    return (*tiles, *meld_flowers(reading))
