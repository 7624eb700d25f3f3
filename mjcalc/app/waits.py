"""``analyse()``: 听牌 and 何切 — what a hand waits on, what each tile pays, what to discard.

The engine (:mod:`mjcalc.engine.shanten`) finds the tiles that complete the hand by shape, under
the ruleset's own targets and wild tiles (:class:`~mjcalc.rules.base.WaitRules`). Each of them
is then priced by :func:`mjcalc.app.score.score` itself — self-drawn and off a discard by each
other seat — so every legality rule of the ruleset applies and there is no second scoring path:
a way the rules forbid comes back refused, and a tile no way wins on is no wait.

Like :func:`mjcalc.score`, :func:`analyse` never raises for a user error: the result has
``ok = False`` and an ``error``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from mjcalc.app.request_checks import check_situation, kong_tile
from mjcalc.app.results import echoed
from mjcalc.app.score import request_fields, score_hand
from mjcalc.engine.shanten import (
    alike_tiles,
    completing_tiles,
    improving_tiles,
    shanten,
)
from mjcalc.engine.waits import lone_wild_wait
from mjcalc.errors import MjcalcError
from mjcalc.hand import Hand
from mjcalc.i18n import bilingual, same
from mjcalc.models import MAX_HAND, MAX_RULES, ErrorOut, Item, Named, Request, Result, Seat
from mjcalc.models.waits import DiscardOut, RefusalOut, TileLeft, WaitOut, WaitsResult, WayOut
from mjcalc.notation import format_hand, format_tile, parse_hand
from mjcalc.rules.base import WaitRules
from mjcalc.rules.ledger import others
from mjcalc.rules.registry import LoadedRules, example_name, load_rules, validation_error
from mjcalc.tiles import N_KINDS, Tile, code
from mjcalc.validate import validate_hand

WIN_FIELDS = ("win_tile", "discarder", "self_draw", "after_kong", "robbing_kong")
"""Request fields that describe the winning tile: ``waits`` tries every tile and way itself."""

COPIES = 4


def analyse(request: Request | Mapping[str, Any]) -> WaitsResult:
    """Waits (13 tiles + kongs) or discards (14 + kongs) of a hand; see :mod:`mjcalc.app.waits`."""
    raw = request_fields(request)
    if raw is None:
        return error_result(MjcalcError.from_key("invalid_request", "err.waits_not_object"), {})
    try:
        return _analyse(raw)
    except MjcalcError as exc:
        return error_result(exc, raw)
    except Exception as exc:  # a bug: say so plainly, never a traceback
        error = MjcalcError.from_key(
            "internal_error", "err.internal", kind=type(exc).__name__, detail=exc
        )
        return error_result(error, raw)


def error_result(exc: MjcalcError, raw: Mapping[str, Any]) -> WaitsResult:
    """The answer to a request that was not analysed: its ``rules`` and ``hand`` repeated when
    they are text that can be written (as :func:`mjcalc.app.results.error_result` does), and the
    error."""
    return WaitsResult(
        ok=False,
        rules=echoed(raw.get("rules"), MAX_RULES),
        hand=echoed(raw.get("hand"), MAX_HAND),
        error=ErrorOut.of(exc),
    )


@dataclasses.dataclass(frozen=True)
class _Situation:
    """A checked waits request: the hand, its seat, the ruleset's wait rules, and the loaded
    rules, validated request and options every candidate win is scored with (checked once, not
    once per evaluator call: a 何切 can ask the evaluator hundreds of times)."""

    loaded: LoadedRules
    request: Request
    options: BaseModel
    hand: Hand
    winner: Seat
    dealer: Seat
    wait_rules: WaitRules
    elsewhere: tuple[Tile, ...]
    """Copies seen outside this hand: the copies out of play and other seats' kongs (all four
    copies each, so a tile another seat made a kong of is never a wait)."""

    @property
    def rules_name(self) -> str:
        return self.loaded.name

    def left(self, t: Tile) -> int:
        """Copies of ``t`` still unseen from this seat: 4 − held (melds too) − elsewhere."""
        return max(0, COPIES - self.hand.all_tiles.count(t) - self.elsewhere.count(t))

    def drawable(self, t: Tile) -> bool:
        """Can a copy of ``t`` still be drawn: one left that no other seat is said to hold?"""
        return self.left(t) > self.wait_rules.held_elsewhere.count(t)

    def any_tile(self, waits: list[WaitOut]) -> bool:
        """Do these waits cover every tile still in play (a lone wild's wait)?"""
        return len(waits) == sum(1 for t in range(N_KINDS) if self.drawable(t))

    def shanten(self, concealed: list[Tile]) -> int | None:
        w = self.wait_rules
        found = shanten(concealed, self.hand.melds, w.wild_kinds, w.targets)
        extra = w.extra_waits
        if found != 0 and extra is not None and len(concealed) % 3 == 1:
            return 0 if extra(tuple(concealed), self.hand.melds) else found  # its own shapes
        return found


def _analyse(raw: dict[str, Any]) -> WaitsResult:
    situation = _situation(raw)
    hand = situation.hand
    full = len(hand.all_tiles) == 14 + len(hand.kongs)
    result = WaitsResult(
        ok=True,
        rules=situation.rules_name,
        hand=format_hand(dataclasses.replace(hand, concealed=tuple(sorted(hand.concealed)))),
        winner=situation.winner,
        dealer=situation.dealer,
        tiles=len(hand.all_tiles),
    )
    concealed = list(hand.concealed)
    result.shanten = situation.shanten(concealed)
    if full:
        result.discards = _discards(situation, concealed)
        if result.shanten == 0 and result.discards and result.discards[0].shanten != 0:
            result.shanten = result.discards[0].shanten  # every ready discard waits in vain
    elif result.shanten == 0:
        result.waits = _waits(situation, concealed)
        result.any_tile = situation.any_tile(result.waits)
        if result.waits and all(w.short for w in result.waits):  # ready, but never enough
            result.shanten, result.ready_by_shape, result.short_of_minimum = 1, True, True
        elif not result.waits:  # ready by shape, but nothing left to win on: not ready
            result.shanten, result.ready_by_shape = 1, True
            result.improving = _live_improving(situation, concealed)
    elif result.shanten is not None:
        result.improving = _improving(situation, concealed)
    return result


def _situation(raw: dict[str, Any]) -> _Situation:
    """Check the request like ``score`` does, and the hand's size: 13 or 14 tiles (+ kongs)."""
    rules_name = raw.get("rules")
    if not isinstance(rules_name, str) or not rules_name:
        raise MjcalcError.from_key("invalid_request", "err.waits_no_rules", example=example_name())
    loaded = load_rules(rules_name)
    for name in WIN_FIELDS:
        if name in raw:
            raise MjcalcError.from_key("invalid_request", "err.waits_field", field=name)
    try:
        request = loaded.ruleset.request_model.model_validate(raw)
    except ValidationError as exc:
        raise validation_error(exc) from None
    check_situation(request)
    options = loaded.options(request.options)
    hand = parse_hand(request.hand)
    policy = loaded.ruleset.hand_policy(options, hand)
    validate_hand(hand, dataclasses.replace(policy, allow_incomplete=True))
    _check_size(hand)
    wait_rules = loaded.ruleset.wait_rules(request, options)
    for t in sorted(set(wait_rules.out_of_play)):
        held = hand.all_tiles.count(t)
        in_play = COPIES - wait_rules.out_of_play.count(t)
        if held > in_play:
            raise MjcalcError.from_key(
                "invalid_hand",
                "err.waits_out_of_play",
                n=held,
                tile=format_tile(t),
                in_play=in_play,
            )
    for t in sorted(set(wait_rules.held_elsewhere)):
        held, other = hand.all_tiles.count(t), wait_rules.held_elsewhere.count(t)
        in_play = COPIES - wait_rules.out_of_play.count(t)
        if held + other > in_play:  # every tile would be refused for it: say it once
            raise MjcalcError.from_key(
                "invalid_request",
                "err.waits_held_elsewhere",
                n=held,
                tile=format_tile(t),
                other=other,
                in_play=in_play,
            )
    kongs = [kong_tile(k.tile) for k in request.kongs if k.tile is not None]
    elsewhere = (
        *wait_rules.out_of_play,
        *(k for t in kongs for k in (t,) * COPIES),
    )
    return _Situation(
        loaded, request, options, hand, request.winner, request.dealer, wait_rules, elsewhere
    )


def _check_size(hand: Hand) -> None:
    n, k = len(hand.all_tiles), len(hand.kongs)
    if n in (13 + k, 14 + k):
        return
    raise MjcalcError.from_key(
        "invalid_hand",
        "err.waits_count",
        n=n,
        ready=13 + k,
        full=14 + k,
        kongs=bilingual("err.with_kongs", kongs=k, plural="s" if k > 1 else "") if k else same(""),
    )


def _waits(situation: _Situation, concealed: list[Tile]) -> list[WaitOut]:
    """Every tile that wins on a ready hand, priced each way, best first (see ``value``)."""
    tiles = _drawable_waits(situation, concealed)
    pricer = _Pricer(situation, concealed)
    found = [wait for t in tiles if (wait := pricer.price(t)) is not None]
    found.sort(key=lambda x: -x.value)
    return found


class _Pricer:
    """Prices the waits of one 13-tile hand, asking the evaluator as little as the ruleset's
    :class:`~mjcalc.rules.base.WaitRules` allow, and nothing it does not say itself.

    - ``seat_blind_refusals``: when the first other seat's discard is refused, the same
      refusal stands for the other seats (the ruleset's refusals never depend on the seat).
    - ``lone_wild_self_draw_only`` and a lone-wild wait (精吊 structure): every discard is
      refused with one error whatever the tile; it is asked once, for the first tile priced,
      and reused. If that discard is *not* refused, the hand is priced in full after all.
    - ``alike_by_structure``: a tile alike to a lower one for this hand (the winds it does not
      hold, say) gets that tile's wait under its own name, its own copies left.

    Every amount and refusal shown is still one the evaluator returned for that very hand,
    except the reused refusals, which the ruleset guarantees equal (and tests check against
    asking every seat for every tile).
    """

    def __init__(self, situation: _Situation, concealed: list[Tile]) -> None:
        self.situation = situation
        self.concealed = concealed
        self.seats = others(situation.winner)
        self.discard_refusal: RefusalOut | None = None
        rules = situation.wait_rules
        shapes = rules.lone_wild_self_draw_only
        self.self_draw_only = shapes is not None and lone_wild_wait(
            concealed, situation.hand.melds, rules.wild_kinds, shapes
        )
        self.alike: list[Tile] | None = None
        if rules.alike_by_structure:
            fixed = (*rules.wild_kinds, *situation.elsewhere, *rules.held_elsewhere)
            self.alike = alike_tiles(concealed, situation.hand.melds, fixed)
        self.priced: dict[Tile, WaitOut | None] = {}
        self.requests: dict[Seat | None, Request] = {}
        """The request won off each discarder (``None``: self-drawn), made once per way."""

    def _ask(self, t: Tile, discarder: Seat | None) -> Result | RefusalOut:
        """The evaluator's verdict on the hand completed by ``t``, one way: the parsed hand
        with ``t`` added, scored as its text would be (never written out and parsed again)."""
        s = self.situation
        hand = dataclasses.replace(s.hand, concealed=(*self.concealed, t), columns=())
        request = self.requests.get(discarder)
        if request is None:
            request = self.requests[discarder] = s.request.model_copy(
                update={"discarder": discarder}
            )
        try:
            return score_hand(s.loaded, request, s.options, hand, t)
        except MjcalcError as exc:
            if exc.code not in ("not_winning", "illegal_win", "below_minimum"):
                raise  # about the request, not the tile (every tile would say the same)
            fan = _fan(exc.items) if exc.code == "below_minimum" else None
            fan = fan if s.wait_rules.counts_fan else None
            return RefusalOut(
                code=exc.code, message=exc.message, message_zh=exc.message_zh, fan=fan
            )

    def _discards(self, t: Tile) -> dict[Seat, Result | RefusalOut]:
        if self.self_draw_only and self.discard_refusal is not None:
            return dict.fromkeys(self.seats, self.discard_refusal)
        blind = self.situation.wait_rules.seat_blind_refusals
        ways: dict[Seat, Result | RefusalOut] = {}
        for seat in self.seats:
            first = next(iter(ways.values()), None)
            ways[seat] = first if blind and isinstance(first, RefusalOut) else self._ask(t, seat)
        if self.self_draw_only:
            first = ways[self.seats[0]]
            if isinstance(first, RefusalOut):
                self.discard_refusal = first
            else:
                self.self_draw_only = False  # not the refusal the ruleset promised: ask all
        return ways

    def price(self, t: Tile) -> WaitOut | None:
        """The wait on ``t`` (priced first as the lowest tile alike to it, if any)."""
        like = t if self.alike is None else self.alike[t]
        if like not in self.priced:
            self.priced[like] = self._price(like)
        wait = self.priced[like]
        if wait is None or like == t:
            return wait
        left = self.situation.left(t)
        gain = wait.self_draw.payments[self.situation.winner] if wait.self_draw else 0
        return wait.model_copy(update={"tile": code(t), "left": left, "value": left * gain})

    def _price(self, t: Tile) -> WaitOut | None:
        """The wait on ``t``: the evaluator's verdict self-drawn and off each other seat."""
        ways: dict[str, Result | RefusalOut] = {"self_draw": self._ask(t, None)}
        for seat, verdict in self._discards(t).items():
            ways[seat] = verdict
        counts_fan = self.situation.wait_rules.counts_fan
        won = {key: _way(r, counts_fan) for key, r in ways.items() if isinstance(r, Result)}
        refused = {key: r for key, r in ways.items() if isinstance(r, RefusalOut)}
        if not won:
            if not any(r.code == "below_minimum" for r in refused.values()):
                return None
            return WaitOut(  # completes the hand, but not enough: kept, so the player sees it
                tile=code(t),
                left=self.situation.left(t),
                pattern=_short_pattern(),
                self_draw=None,
                discard={},
                refused=refused,
                value=0,
                short=True,
            )
        self_draw = won.get("self_draw")
        pattern = next(iter(won.values())).pattern
        beside = self.situation.wait_rules.named_beside
        first = next(r for r in ways.values() if isinstance(r, Result))
        also = [Named(id=i.id, zh=i.zh, en=i.en) for i in first.items if i.id in beside]
        gain = self_draw.payments[self.situation.winner] if self_draw else 0
        left = self.situation.left(t)
        return WaitOut(
            tile=code(t),
            left=left,
            pattern=pattern,
            also=also,
            self_draw=self_draw,
            discard={seat: way for seat in self.seats if (way := won.get(seat)) is not None},
            refused=refused,
            value=left * gain,
        )


def _way(result: Result, counts_fan: bool = False) -> WayOut:
    if result.pattern is None:  # an ok result always has its pattern
        raise AssertionError(f"scored without a pattern: {result.hand}")
    fan = _fan(result.items) if counts_fan else None
    return WayOut(pattern=result.pattern, payments=result.payments, fan=fan)


def _fan(items: Iterable[object]) -> int | None:
    """The fan of a result's (or a refusal's) items, when they count fan (else ``None``)."""
    fans = [i.fan for i in items if isinstance(i, Item) and i.fan is not None]
    return sum(fans) if fans else None


def _short_pattern() -> Named:
    """The pattern column of a wait that is never enough (``below_minimum`` every way)."""
    words = bilingual("waits.short_pattern")
    return Named(id="below_minimum", zh=words.zh, en=words.en)


def _improving(situation: _Situation, concealed: list[Tile]) -> list[TileLeft]:
    """The tiles that lower the shanten, most copies left first."""
    w = situation.wait_rules
    tiles = improving_tiles(concealed, situation.hand.melds, w.wild_kinds, w.targets)
    out = [TileLeft(tile=code(t), left=situation.left(t)) for t in tiles if situation.left(t) > 0]
    return sorted(out, key=lambda x: -x.left)


def _live_improving(
    situation: _Situation, concealed: list[Tile], live: dict[tuple[Tile, ...], bool] | None = None
) -> list[TileLeft]:
    """The tiles that make a hand ready by shape with a wait still to draw, most left first.

    For a hand ready by shape whose every wait is used up (shanten 1 then): a tile counts when,
    drawn, some discard leaves the hand waiting on a tile with a copy left to draw. ``live``
    keeps the verdict per 13 tiles: a 何切's discards ask about the same hands many times.
    """
    known = {} if live is None else live
    tiles: list[Tile] = []
    for t in range(N_KINDS):
        if situation.left(t) <= 0:
            continue
        fourteen = sorted([*concealed, t])
        for d in sorted(set(fourteen) - {t}):  # discarding t again gives back the dead hand
            rest = list(fourteen)
            rest.remove(d)
            key = tuple(rest)
            if key not in known:
                known[key] = _live_ready(situation, rest)
            if known[key]:
                tiles.append(t)
                break
    out = [TileLeft(tile=code(t), left=situation.left(t)) for t in tiles]
    return sorted(out, key=lambda x: -x.left)


def _live_ready(situation: _Situation, rest: list[Tile]) -> bool:
    """Is this 13-tile hand ready by shape on a tile with a copy left to draw?"""
    if situation.shanten(rest) != 0:
        return False
    return next(_drawable_waits(situation, rest), None) is not None  # (tile 0 is 1m: no any())


def _drawable_waits(situation: _Situation, concealed: list[Tile]) -> Iterator[Tile]:
    """The tiles that complete ``concealed`` with a copy left to draw (else every copy is in
    this hand, out of play or elsewhere), as they are asked for: readiness needs only one."""
    w = situation.wait_rules
    completing = completing_tiles(concealed, situation.hand.melds, w.wild_kinds, w.targets)
    if w.extra_waits is not None:
        extra = w.extra_waits(tuple(concealed), situation.hand.melds)
        completing = sorted({*completing, *extra})
    return (t for t in completing if situation.drawable(t))


def _discards(situation: _Situation, concealed: list[Tile]) -> list[DiscardOut]:
    """Each discard that leaves the hand ready, best first; else those keeping the least shanten.

    A hand already complete (shanten -1) gets the same list: the discards that keep it ready.
    A discard ready by shape that leaves no tile to win on is not ready: it counts as shanten 1
    (its improving tiles those that give it a live wait), never as "leaves the hand ready".
    """
    options: list[tuple[Tile, list[Tile], int | None]] = []
    ready: dict[Tile, list[WaitOut]] = {}
    for d in sorted(set(concealed)):
        rest = list(concealed)
        rest.remove(d)
        value = situation.shanten(rest)
        if value == 0:
            ready[d] = _waits(situation, rest)
            if all(w.short for w in ready[d]):
                value = 1  # every tile it waits on is used up, refused or not enough
        options.append((d, rest, value))
    reachable = [s for _, _, s in options if s is not None]
    if not reachable:
        return []
    best = min(reachable)
    out: list[DiscardOut] = []
    live: dict[tuple[Tile, ...], bool] = {}
    for d, rest, value in options:
        if value != best:
            continue
        if best == 0:
            waits = ready[d]
            out.append(
                DiscardOut(
                    tile=code(d),
                    shanten=0,
                    waits=waits,
                    any_tile=situation.any_tile(waits),
                    value=sum(x.value for x in waits),
                )
            )
        else:
            if d in ready:  # ready by shape, every wait dead
                improving = _live_improving(situation, rest, live)
            else:
                improving = _improving(situation, rest)
            out.append(DiscardOut(tile=code(d), shanten=best, improving=improving))
    if best == 0:
        out.sort(key=lambda x: (-x.value, -sum(w.left for w in x.waits)))
    else:
        out.sort(key=lambda x: -sum(i.left for i in x.improving))
    return out
