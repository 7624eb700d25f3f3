"""Guobiao across hands (docs/rules/guobiao.md, "A sitting"): the deal passes after every hand,
won or drawn; the prevalent wind is East for hands 1–4, South 5–8, West 9–12, North 13–16; a
match is ``rounds`` × 4 hands (16 by default); a drawn hand (荒庄) pays nothing; a false win
(错和) costs ``false_win_penalty`` × ``stake`` to each other seat; the standings give each seat
its table points 4/2/1/0 by place.
"""

from __future__ import annotations

from mjcalc.plugin import SEATS, Seat, SessionRules, next_seat
from mjcalc.rules.guobiao.options import GuobiaoOptions

HANDS_A_ROUND = 4
TABLE_POINTS = (4, 2, 1, 0)
"""The table points of the four places (标准分): a tie shares its places' points equally."""


def dealer_after_win(dealer: Seat, _winners: tuple[Seat, ...]) -> Seat:
    """Whoever won, the next seat deals."""
    return next_seat(dealer)


def prevalent(hand: int) -> dict[str, Seat]:
    """The request fields of hand number ``hand`` (from 1): its prevalent wind, E for hands 1–4,
    S 5–8, W 9–12, N 13–16 (and round again in a longer match)."""
    return {"prevalent": SEATS[(hand - 1) // HANDS_A_ROUND % len(SEATS)]}


def hand_limit(options: GuobiaoOptions) -> int:
    """The hands of a match: four a round."""
    return options.rounds * HANDS_A_ROUND


def false_win_amount(options: GuobiaoOptions) -> int:
    """What a false win (错和) pays each other seat."""
    return options.false_win_penalty * options.stake


SESSION: SessionRules[GuobiaoOptions] = SessionRules(
    events=frozenset({"hand", "draw", "false_win"}),
    dealer_after_win=dealer_after_win,
    dealer_after_draw=next_seat,
    table_options=frozenset({"false_win_penalty", "rounds"}),
    false_win=false_win_amount,
    hand_fields=prevalent,
    hand_limit=hand_limit,
    table_points=TABLE_POINTS,
    false_win_name="错和",
)
