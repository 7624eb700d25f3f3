"""What a request must be before its ruleset sees it, and the :class:`Context` it is read into.

Checks every ruleset shares: the situation's contradictions (a discarder who won, a self-draw
with a discarder…), the other seats' kongs against the table, a win on a kong that has its
kong; the hand is parsed, checked under the ruleset's policy and its melds put in one order.
Each failure is an :class:`~mjcalc.errors.MjcalcError` (``invalid_request``, ``invalid_hand``…)
that :func:`mjcalc.app.score.score` turns into a result.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel

from mjcalc.errors import MjcalcError
from mjcalc.hand import Hand, Meld
from mjcalc.i18n import bilingual, seat
from mjcalc.models import MAX_KONGS_PER_SEAT, SEATS, Request
from mjcalc.notation import format_tile, parse_hand, parse_tile
from mjcalc.rules.base import Context, KongMade
from mjcalc.rules.registry import LoadedRules
from mjcalc.tiles import Tile, is_flower
from mjcalc.validate import validate_hand


def build_context(request: Request, loaded: LoadedRules, options: BaseModel) -> Context:
    """Check the request's situation and hand, and parse everything into a :class:`Context`."""
    check_situation(request)
    hand = parse_hand(request.hand)
    win_tile = _tile_field(request.win_tile, "win_tile") if request.win_tile else None
    return hand_context(request, loaded, options, hand, win_tile)


def hand_context(
    request: Request, loaded: LoadedRules, options: BaseModel, hand: Hand, win_tile: Tile | None
) -> Context:
    """The :class:`Context` of a request whose hand is parsed: the hand checked under the
    ruleset's policy, the winning tile found when not given, the other seats' kongs read."""
    validate_hand(hand, loaded.ruleset.hand_policy(options, hand), win_tile=win_tile)
    if win_tile is None:
        if hand.concealed:
            win_tile = hand.concealed[-1]
        elif hand.flowers and not hand.melds:
            win_tile = hand.flowers[-1]  # flowers only (八花齐): it wins on the last one drawn
        else:
            raise MjcalcError.from_key("invalid_hand", "err.no_concealed")
    kongs = _other_kongs(request) if request.kongs else ()
    if request.after_kong or request.robbing_kong:
        check_kong_win(request, hand, win_tile, kongs)
    return Context.of(request, canonical_melds(hand), win_tile, kongs)


def check_kong_win(
    request: Request, hand: Hand, win_tile: Tile, kongs: tuple[KongMade, ...]
) -> None:
    """A win on a kong must have its kong, in every ruleset.

    杠开 draws the replacement of a kong of the winner's, so the hand shows one. 抢杠 takes the
    fourth tile of an added kong (补杠): the kong maker showed the other three as a pung, so the
    winner holds only the tile it robs, and a kong that was exposed or concealed has no tile
    to rob. Without these checks the situation would be scored as if it could happen.
    """
    if request.after_kong and not hand.kongs:
        raise MjcalcError.from_key("invalid_request", "err.after_kong_no_kong")
    if not request.robbing_kong:
        return
    for k in kongs:
        if k.seat == request.discarder and k.tile == win_tile and k.kind != "added":
            raise MjcalcError.from_key(
                "invalid_request",
                "err.rob_not_added",
                seat=seat(k.seat),
                tile=format_tile(win_tile),
                kind=bilingual(
                    "err.kong_kind.exposed" if k.kind == "exposed" else "err.kong_kind.concealed"
                ),
            )
    held = hand.all_tiles.count(win_tile)
    if held > 1:
        raise MjcalcError.from_key(
            "invalid_request", "err.rob_copies", tile=format_tile(win_tile), held=held
        )


def _other_kongs(request: Request) -> tuple[KongMade, ...]:
    """The other seats' kongs of the request, parsed, in one order (by seat, kind, tile)."""
    return tuple(
        sorted(
            (
                KongMade(k.seat, k.kind, kong_tile(k.tile) if k.tile else None)
                for k in request.kongs
            ),
            key=lambda k: (SEATS.index(k.seat), k.kind, -1 if k.tile is None else k.tile),
        )
    )


def canonical_melds(hand: Hand) -> Hand:
    """The hand with its melds in one order (exposed before concealed, then by tiles), each
    meld's tiles sorted: the order melds were written in never changes a result."""
    if not hand.melds:
        return hand
    if _canonical_already(hand.melds):
        return hand
    melds = sorted(
        (Meld(tuple(sorted(m.tiles)), m.concealed, m.column) for m in hand.melds),
        key=lambda m: (m.concealed, m.tiles),
    )
    return Hand(hand.concealed, tuple(melds), hand.flowers, hand.columns)


def _canonical_already(melds: tuple[Meld, ...]) -> bool:
    """Whether the melds are in :func:`canonical_melds`'s order already (as mjcalc writes them,
    and most requests do): then the hand needs no rebuilding."""
    if len(melds) == 1:  # the commonest melded hand: only its tiles' order to ask
        return _tiles_in_order(melds[0].tiles)
    keys = [(m.concealed, m.tiles) for m in melds]
    return keys == sorted(keys) and all(map(_tiles_in_order, [m.tiles for m in melds]))


@lru_cache(maxsize=1024)
def _tiles_in_order(tiles: tuple[Tile, ...]) -> bool:
    """A meld's tiles are sorted: kept per tiles (a few hundred melds, in any order a few
    thousand), as every melded hand asks of each of its melds."""
    return list(tiles) == sorted(tiles)


def check_table(ctx: Context) -> None:
    """Other seats' kongs must fit the table: each takes all 4 copies of its tile.

    The one exception is the kong robbed by the win (抢杠): its fourth tile is the winning tile.
    Checked around the evaluator, so that a ruleset's own more precise complaint about a kong
    (Xingguo: a kong of the flipped 正精) is the one reported.
    """
    if not ctx.kongs:
        return
    held = [0] * 34
    for t in ctx.hand.all_tiles:
        held[t] += 1
    robbed = ctx.win_tile if ctx.robbing_kong else None
    for k in ctx.kongs:
        if k.tile is None:
            continue
        allowed = 1 if k.tile == robbed and k.seat == ctx.discarder else 0
        if held[k.tile] > allowed:
            raise MjcalcError.from_key(
                "invalid_request",
                "err.input.kong_copies",
                seat=k.seat,
                tile=format_tile(k.tile),
                held=held[k.tile],
            )
        held[k.tile] = 4


def kong_tile(text: str) -> int:
    tile = _tile_field(text, "kongs.tile")
    if is_flower(tile):
        raise MjcalcError.from_key(
            "invalid_request", "err.input.kong_flower", tile=format_tile(tile)
        )
    return tile


def _tile_field(text: str, field: str) -> int:
    try:
        return parse_tile(text)
    except MjcalcError as exc:
        # the column of the contract is in the hand string; this one is in another field
        raise exc.within("err.in_field", field=field) from None


def check_situation(r: Request) -> None:
    """Contradictions in the context are ``invalid_request``: never guess which part is right."""
    # each field read once (a request's fields are read through Pydantic's attribute hook)
    discarder, self_draw, after_kong, robbing_kong = (
        r.discarder,
        r.self_draw,
        r.after_kong,
        r.robbing_kong,
    )
    if discarder is not None and discarder == r.winner:
        raise MjcalcError.from_key(
            "invalid_request", "err.discarder_is_winner", seat=seat(discarder)
        )
    if self_draw is True and discarder is not None:
        raise MjcalcError.from_key("invalid_request", "err.self_draw_with_discarder")
    if self_draw is False and discarder is None:
        raise MjcalcError.from_key("invalid_request", "err.discard_without_discarder")
    if after_kong and discarder is not None:
        raise MjcalcError.from_key("invalid_request", "err.after_kong_discard")
    if robbing_kong and discarder is None:
        raise MjcalcError.from_key("invalid_request", "err.rob_needs_discarder")
    if robbing_kong and after_kong:
        raise MjcalcError.from_key("invalid_request", "err.after_kong_and_rob")
    if not r.kongs:
        return  # most hands: no other seat's kong to check
    if len(r.kongs) > MAX_KONGS_PER_SEAT:  # else no seat can have made too many
        for each in SEATS:
            n = sum(1 for k in r.kongs if k.seat == each)
            if n > MAX_KONGS_PER_SEAT:
                raise MjcalcError.from_key(
                    "invalid_request", "err.input.kongs_per_seat", seat=seat(each), n=n
                )
    for k in r.kongs:
        if k.seat == r.winner:
            raise MjcalcError.from_key("invalid_request", "err.kong_by_winner", seat=seat(k.seat))
