"""What a 鸡胡 hand is worth: its fan (番), read from mjcalc's engine.

The engine (:func:`mjcalc.engine.readings`) finds every way to read the winning tiles as four
sets and a pair, or as seven pairs; this module counts the fan of each reading and keeps the one
worth most. It never decomposes a hand itself, and it knows nothing of who pays.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjcalc.plugin import (
    DRAGONS,
    EAST,
    SEATS,
    Bilingual,
    Hand,
    Item,
    MjcalcError,
    Named,
    Reading,
    Seat,
    ShapeRules,
    Tile,
    bilingual,
    en_name,
    is_honor,
    readings,
    seat,
    zh_name,
)

from mjcalc_ruleset_jihu.options import JihuOptions

SHAPES = ShapeRules(seven_pairs=True)
"""Four sets and a pair, or seven pairs (four alike may count as two pairs: the engine's
default). No wild tiles, no honor sets, no thirteen-orphan shapes."""


@dataclass(frozen=True, slots=True)
class Fan:
    """A scoring element: its id (the option ``fan_<id>`` holds its fan) and its names."""

    id: str
    zh: str
    en: str

    @property
    def named(self) -> Named:
        return Named(id=self.id, zh=self.zh, en=self.en)


SELF_DRAW = Fan("self_draw", "自摸", "Self-drawn")
CONCEALED = Fan("concealed", "门前清", "Concealed hand")
ALL_PUNGS = Fan("all_pungs", "碰碰胡", "All pungs")
HALF_FLUSH = Fan("half_flush", "混一色", "Half flush")
FULL_FLUSH = Fan("full_flush", "清一色", "Full flush")
SEVEN_PAIRS = Fan("seven_pairs", "七对", "Seven pairs")
ALL_HONORS = Fan("all_honors", "字一色", "All honors")
DRAGON_PUNG = Fan("dragon_pung", "箭刻", "Dragon pung")
SEAT_WIND = Fan("seat_wind", "门风", "Seat wind pung")
ROUND_WIND = Fan("round_wind", "圈风", "Round wind pung")
AFTER_KONG = Fan("after_kong", "杠上开花", "Win on a kong replacement")
ROBBING_KONG = Fan("robbing_kong", "抢杠", "Robbing a kong")

FANS = (
    SELF_DRAW,
    CONCEALED,
    ALL_PUNGS,
    HALF_FLUSH,
    FULL_FLUSH,
    SEVEN_PAIRS,
    ALL_HONORS,
    DRAGON_PUNG,
    SEAT_WIND,
    ROUND_WIND,
    AFTER_KONG,
    ROBBING_KONG,
)
"""Every scoring element, in the order the items of a result list them."""

HAND_FANS = (ALL_HONORS, FULL_FLUSH, SEVEN_PAIRS, HALF_FLUSH, ALL_PUNGS)
"""The elements that name a hand's pattern (the one worth most; on a tie, the first here)."""

CHICKEN = Named(id="chicken_hand", zh="鸡胡", en="Chicken hand")
"""The pattern of a hand that has none of :data:`HAND_FANS`."""


@dataclass(frozen=True, slots=True)
class Counted:
    """One element counted in a hand: its fan and, for a pung, which tile."""

    fan: Fan
    value: int
    detail: Bilingual | None = None

    def item(self) -> Item:
        effect = bilingual("jihu.item.fan", n=self.value)
        return Item.of(self.fan.id, self.fan.zh, self.fan.en, effect, self.detail, fan=self.value)


@dataclass(frozen=True, slots=True)
class Situation:
    """How and where the hand was won, as far as its fan is concerned."""

    winner: Seat
    dealer: Seat
    round_wind: Seat
    self_draw: bool
    after_kong: bool = False
    robbing_kong: bool = False

    @property
    def seat_wind(self) -> Tile:
        """The winner's seat wind: the dealer sits East, the next seat South, and so on."""
        return EAST + (SEATS.index(self.winner) - SEATS.index(self.dealer)) % 4

    @property
    def round_wind_tile(self) -> Tile:
        return EAST + SEATS.index(self.round_wind)


@dataclass(frozen=True, slots=True)
class Valued:
    """A reading of the hand with the elements it counts and their total."""

    reading: Reading
    counted: tuple[Counted, ...]

    @property
    def total(self) -> int:
        return sum(c.value for c in self.counted)

    @property
    def pattern(self) -> Named:
        """The hand's biggest hand element (清一色, 七对…), or 鸡胡 when it has none."""
        found = {c.fan for c in self.counted}
        hands = [f for f in HAND_FANS if f in found]
        if not hands:
            return CHICKEN
        values = {c.fan: c.value for c in self.counted}
        return max(hands, key=lambda f: values[f]).named  # max keeps the first of equals


def best_reading(hand: Hand, situation: Situation, options: JihuOptions) -> Valued:
    """The reading worth most fan (the first of equals, in the engine's order).

    Raises ``not_winning`` when no reading completes the hand.
    """
    best: Valued | None = None
    colour = _colour(hand)
    for reading in readings(hand.concealed, hand.melds, (), SHAPES):
        valued = Valued(reading, tuple(_count(hand, reading, colour, situation, options)))
        if best is None or valued.total > best.total:
            best = valued
    if best is None:
        raise MjcalcError.from_key("not_winning", "jihu.err.not_winning")
    return best


def _colour(hand: Hand) -> Fan | None:
    """All honors, one suit, or one suit with honors (the hand's tiles, melds included)."""
    suits = {t // 9 for t in hand.all_tiles if not is_honor(t)}
    honors = any(is_honor(t) for t in hand.all_tiles)
    if not suits:
        return ALL_HONORS
    if len(suits) == 1:
        return HALF_FLUSH if honors else FULL_FLUSH
    return None


def _count(
    hand: Hand, reading: Reading, colour: Fan | None, situation: Situation, options: JihuOptions
) -> list[Counted]:
    """Every element this reading counts, in the order of :data:`FANS`; an element whose option
    is 0 is left out (a house rule that drops it)."""
    found: list[Counted] = []

    def add(fan: Fan, detail: Bilingual | None = None) -> None:
        value = options.fan(fan.id)
        if value:
            found.append(Counted(fan, value, detail))

    if situation.self_draw:
        add(SELF_DRAW)
    if all(meld.concealed for meld in hand.melds):
        add(CONCEALED)
    if reading.all_triplets and colour is not ALL_HONORS:
        add(ALL_PUNGS)
    if colour is not None:
        add(colour)
    if reading.shape == "seven_pairs":
        add(SEVEN_PAIRS)
    pungs = [g.tiles[0] for g in reading.groups if g.is_triplet]
    for tile in pungs:
        if tile in DRAGONS:
            add(DRAGON_PUNG, bilingual("jihu.item.each_pung", tile=_name(tile)))
    for tile in pungs:
        if tile == situation.seat_wind:
            detail = bilingual(
                "jihu.item.seat_wind", tile=_name(tile), dealer=seat(situation.dealer)
            )
            add(SEAT_WIND, detail)
    for tile in pungs:
        if tile == situation.round_wind_tile:
            add(ROUND_WIND, bilingual("jihu.item.round_wind", tile=_name(tile)))
    if situation.after_kong:
        add(AFTER_KONG)
    if situation.robbing_kong:
        add(ROBBING_KONG)
    return found


def _name(tile: Tile) -> Bilingual:
    return Bilingual(en_name(tile), zh_name(tile))
