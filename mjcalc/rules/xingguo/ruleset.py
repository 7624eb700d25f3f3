"""Xingguo 冲关 (docs/rules/xingguo.md): a hand's whole settlement — 胡, 杠, 精 (冲关 / 霸精), 跟庄.

The work is split by section: :mod:`~mjcalc.rules.xingguo.hu` reads and prices the win,
:mod:`~mjcalc.rules.xingguo.settle` settles kongs, jing and 跟庄, and
:mod:`~mjcalc.rules.xingguo.tables` regenerates the seed's scoring tables with this evaluator.
"""

from __future__ import annotations

from functools import lru_cache

from mjcalc.plugin import (
    SEATS,
    Bilingual,
    Context,
    Hand,
    HandPolicy,
    Item,
    MjcalcError,
    Request,
    Ruleset,
    Scored,
    Seat,
    Table,
    WaitRules,
    bilingual,
    seat,
)
from mjcalc.rules.xingguo.base import (
    MAIN_IN_PLAY,
    check_jing_tiles,
    holdings,
    parse_jing,
)
from mjcalc.rules.xingguo.hu import is_bahu, noted, settle_hu, shape_rules
from mjcalc.rules.xingguo.options import XingguoOptions
from mjcalc.rules.xingguo.request import XingguoRequest
from mjcalc.rules.xingguo.settle import settle_follow_dealer, settle_jing, settle_kongs


def evaluate(ctx: Context, options: XingguoOptions) -> Scored:
    """Settle one Xingguo hand: the hu, kong, jing and 跟庄 sections (each zero-sum)."""
    request = ctx.request_as(XingguoRequest)
    jing = parse_jing(request.jing)
    _check_context(ctx, request)
    check_jing_tiles(ctx, jing)
    held = holdings(ctx, request, jing)
    assumed = "jings" not in request.model_fields_set
    warning, note = _no_jing_texts(_OTHER_SEATS[ctx.winner]) if assumed else (None, None)
    bahu = is_bahu(held, ctx.winner, options.bahu_scope)
    hu = settle_hu(ctx, request, jing, options, bahu, bahu_note=note)
    kong_net, kong_items = settle_kongs(ctx, jing, options)
    jing_net, jing_items = settle_jing(held, request.xianggong, options)
    follow_net, follow_items = settle_follow_dealer(ctx.dealer, request.follow_dealer, options)
    scored = Scored(
        pattern=hu.pattern,
        items=[*hu.items, *kong_items, *jing_items, *follow_items],
        sections={"hu": hu.net, "kong": kong_net, "jing": jing_net, "follow_dealer": follow_net},
        reading=hu.reading,
    )
    if warning is not None and note is not None:
        _assumed_no_jing(scored, warning, note, jing_items)
    return scored


_OTHER_SEATS = {winner: tuple(s for s in SEATS if s != winner) for winner in SEATS}
"""The seats other than the winner, in seat order: the seats :func:`_assumed_no_jing` names."""


def _assumed_no_jing(
    scored: Scored, warning: tuple[str, str], note: Bilingual, jing_items: list[Item]
) -> None:
    """No ``jings`` given: the other seats were counted as holding none. Say so.

    Forgetting ``--jings`` is easy and costly: with nobody else holding jing, 霸胡 doubles the
    hu and 霸精 the winner's jing score. The hand is still scored (holding none is a real
    case); a warning names the seats taken as 0 and the 霸胡 / 霸精 lines carry a note. An
    explicit ``jings`` (even an empty one) says the counts are known: no warning then.

    霸胡 comes noted from the hu section (:func:`~mjcalc.rules.xingguo.hu.formula` builds it
    once per situation and note: nearly every jing-free hand has it); 霸精 is one of the jing
    section's items (``jing_items``, none in a jing-free hand), noted here.
    """
    scored.warnings.append(warning)
    if not jing_items:
        return
    items = scored.items
    for i, item in enumerate(items):
        if item.id == "bawang":  # (霸胡 is noted already)
            items[i] = noted(item, note)  # the one Item.of keeps


@lru_cache(maxsize=16)
def _no_jing_texts(seats: tuple[Seat, ...]) -> tuple[tuple[str, str], Bilingual]:
    """The warning (English, Chinese) and the items' note of :func:`_assumed_no_jing`, per
    other seats (four sets of them): most requests give no ``jings``, so nearly every hand
    asks."""
    names = Bilingual(" ".join(seats), "、".join(seat(s).zh for s in seats))
    warning = bilingual("warn.jings_assumed", seats=names)
    return (warning.en, warning.zh), bilingual("item.jings_assumed", seats=names)


def _check_context(ctx: Context, request: XingguoRequest) -> None:
    """Contradictions only Xingguo's fields can show are ``invalid_request``."""
    if ctx.winner in request.xianggong:
        raise MjcalcError.from_key("invalid_request", "err.xianggong_winner", seat=seat(ctx.winner))


def hand_policy(options: XingguoOptions, _hand: Hand) -> HandPolicy:
    """No flowers; an exposed 烂风 bracket is a set when ``honor_sets`` allows it."""
    return _POLICIES[options.honor_sets]


_POLICIES = {
    honor_sets: HandPolicy(flowers=False, honor_melds=honor_sets)
    for honor_sets in ("same_class", "any_distinct")
}
"""One shared (immutable) policy per ``honor_sets`` value: asked for by every hand."""


def tables(options: XingguoOptions) -> list[Table]:
    """The seed's tables A–D, every cell scored by :func:`evaluate` on a real hand."""
    from mjcalc.rules.xingguo.tables import scoring_tables  # only `mjcalc rules` shows them

    return scoring_tables(options, evaluate)


def wait_rules(request: Request, options: XingguoOptions) -> WaitRules:
    """Xingguo's five shapes with both jing kinds wild; the flipped 正精 is out of play."""
    from mjcalc.plugin import Target

    if not isinstance(request, XingguoRequest):
        raise TypeError(f"needs a XingguoRequest, got {type(request).__name__}")
    jing = parse_jing(request.jing)
    out = (jing.main,) * (4 - MAIN_IN_PLAY)
    rules = shape_rules(options)
    # hu.settle_hu: a discard is refused for the 13 tiles' 精吊 structure (or 天胡 / 地胡, or
    # no reading), whoever discarded; a lone jing stands for any tile, so every tile has a
    # reading and the refusal is the structure's (or the first turn's) for all of them
    return WaitRules(
        (Target(rules),),
        jing.kinds,
        out,
        held_elsewhere=tuple(
            kind
            for seat, counts in request.jings.items()
            if seat != request.winner
            for kind, n in zip(jing.kinds, counts, strict=True)
            for _ in range(n)
        ),
        seat_blind_refusals=True,
        alike_by_structure=True,  # no rule names a tile but the jing (winds alike, no 番 by seat)
        # "non_deguo": an 有精 discard win from the structure stands, so each tile is asked
        lone_wild_self_draw_only=rules if options.jingdiao_discard == "none" else None,
    )


RULESET = Ruleset(
    name="xingguo",
    description="Xingguo 冲关: jing (正精 / 副精), 德国, 精吊, 冲关 / 霸精, 霸胡, 跟庄",
    options_model=XingguoOptions,
    request_model=XingguoRequest,
    evaluate=evaluate,
    hand_policy=hand_policy,
    tables=tables,
    session="mjcalc.rules.xingguo.session:SESSION",
    wait_rules=wait_rules,
)
