"""The tables of ``mjcalc rules nanchang``, every number worked out by the ruleset itself.

Table A: the hu of each shape in each situation, scored by the evaluator on a real hand (the
three payers' shares, largest first, and their total). Table B: what each factor and flat
amount does, measured by scoring a hand with and without it. Table C: the jing ladder (冲关,
霸王精) computed by the jing settlement. Under other options the cells change with them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mjcalc.plugin import (
    NO_JING,
    SEATS,
    Bilingual,
    Context,
    JingHeld,
    KongMade,
    MjcalcError,
    Scored,
    Seat,
    Table,
    bilingual,
    chongguan,
    others,
    parse_hand,
    parse_tile,
)
from mjcalc.rules.nanchang.base import Holdings
from mjcalc.rules.nanchang.options import NanchangOptions
from mjcalc.rules.nanchang.request import NanchangRequest
from mjcalc.rules.nanchang.settle import settle_jing

Evaluate = Callable[[Context, NanchangOptions], Scored]

JING = "9p"  # 正精 9p, 副精 1p: the hands hold 9p only where a jing is meant, never 1p
OTHER_JINGS: dict[Seat, tuple[int, int]] = {"N": (0, 1)}  # N never wins below: no 德中德
DEALER: Seat = "E"
NOT_ALLOWED = "—"


@dataclass(frozen=True, slots=True)
class Situation:
    """A row: who wins, off whose discard (``None``: self-drawn), a robbed kong."""

    key: str  # its label's catalogue key
    winner: Seat
    discarder: Seat | None = None
    robbing: bool = False


ROWS = (
    Situation("nc.rules.dealer_self", "E"),
    Situation("nc.rules.other_self", "S"),
    Situation("nc.rules.dealer_off", "E", "S"),
    Situation("nc.rules.dealer_discards", "S", "E"),
    Situation("nc.rules.other_off", "S", "W"),
    Situation("nc.rules.rob_other", "S", "W", robbing=True),
    Situation("nc.rules.rob_dealer", "S", "E", robbing=True),
)
COLUMNS = (  # the hand, its winning tile; only the first holds one copy of it (a kong to rob)
    ("平胡", "12345678m234s55s9p", "8m"),
    ("德国 平胡", "12345678m234s55s9m", "8m"),
    ("小七", "1122m3344p5566s7s9p", "1m"),
    ("大七", "111m222s333p444s5z9p", "1m"),
    ("十三烂", "147m258p369s1234z9p", "1m"),
    ("七星十三烂", "147m258p9p1234567z", "1m"),
)


def _request(fields: dict[str, Any]) -> NanchangRequest:
    base: dict[str, Any] = {"rules": "nanchang", "dealer": DEALER, "jing": JING}
    return NanchangRequest.model_validate(base | {"jings": OTHER_JINGS} | fields)


def _scored(evaluate: Evaluate, options: NanchangOptions, request: NanchangRequest) -> Scored:
    kongs = tuple(
        KongMade(k.seat, k.kind, parse_tile(k.tile) if k.tile else None) for k in request.kongs
    )
    hand = parse_hand(request.hand)
    ctx = Context.of(request, hand, parse_tile(request.win_tile or ""), kongs)
    return evaluate(ctx, options)


def _cell(evaluate: Evaluate, options: NanchangOptions, s: Situation, hand: str, win: str) -> str:
    fields: dict[str, Any] = {"hand": hand, "win_tile": win, "winner": s.winner}
    if s.discarder is not None:
        fields["discarder"] = s.discarder
    if s.robbing:
        if parse_hand(hand).all_tiles.count(parse_tile(win)) > 1:
            return NOT_ALLOWED  # a kong robbed of a tile the hand holds twice: no such hand
        fields["robbing_kong"] = True
        fields["kongs"] = [{"seat": s.discarder, "kind": "added", "tile": win}]
    try:
        hu = _scored(evaluate, options, _request(fields)).sections["hu"]
    except MjcalcError as exc:
        if exc.code == "illegal_win":
            return NOT_ALLOWED
        raise
    shares = sorted((-hu[p] for p in others(s.winner) if hu[p]), reverse=True)
    return "+".join(map(str, shares)) + f"={sum(shares)}"


def _table(
    title: Bilingual,
    columns: Bilingual | list[str],
    rows: list[tuple[Bilingual, list[str]]],
    note: Bilingual,
) -> Table:
    """A table in both languages: labels and notes from the catalogue, cells as computed;
    ``columns`` the headings (or a catalogue text of them, ``|`` between)."""
    if isinstance(columns, Bilingual):
        en, zh = ["", *columns.en.split("|")], ["", *columns.zh.split("|")]
    else:
        en = zh = columns
    return Table(
        title=title.en,
        columns=en,
        rows=[[label.en, *cells] for label, cells in rows],
        note=note.en if note else None,
        title_zh=title.zh,
        columns_zh=zh,
        rows_zh=[[label.zh, *cells] for label, cells in rows],
        note_zh=note.zh if note else None,
    )


def scoring_tables(options: NanchangOptions, evaluate: Evaluate) -> list[Table]:
    """Tables A–C, each number computed under ``options``."""
    rows = [
        (bilingual(s.key), [_cell(evaluate, options, s, h, w) for _, h, w in COLUMNS]) for s in ROWS
    ]
    columns = ["", *(name for name, _, _ in COLUMNS)]
    hu = _table(bilingual("nc.rules.title_a"), columns, rows, bilingual("nc.rules.note_a"))
    return [hu, factor_table(options, evaluate), jing_table(options)]


def _share(
    evaluate: Evaluate, options: NanchangOptions, fields: dict[str, Any], payer: Seat = "W"
) -> int:
    """What ``payer`` pays of the hu of the hand ``fields`` describe."""
    return -_scored(evaluate, options, _request(fields)).sections["hu"][payer]


def factor_table(options: NanchangOptions, evaluate: Evaluate) -> Table:
    """Table B: each factor measured on W's share of a non-dealer's self-drawn 平胡 (the 德国
    reward left out), and the flat amounts of the options."""
    plain = options.model_copy(update={"german_bonus": 0})
    base = {"hand": "12345678m234s55s9p", "win_tile": "8m", "winner": "S"}

    def ratio(before: dict[str, Any], payer: Seat = "W", **change: Any) -> str:
        changed = _share(evaluate, plain, before | change, payer)
        return f"×{changed / _share(evaluate, plain, before):g}"

    kong = base | {"hand": "(1111m) 234m56m9p234s55s", "win_tile": "5s"}
    o = options
    rows: list[tuple[Bilingual, list[str]]] = [
        (
            bilingual("nc.rules.b_german"),
            [ratio(base, hand="123456789m234s55s"), f"+{o.german_bonus}"],
        ),
        (
            bilingual("nc.rules.b_true_german"),
            [ratio(base, hand="123456789m234s55s", jings={}), f"+{o.german_bonus}"],
        ),
        (
            bilingual("nc.rules.b_jingdiao"),
            [ratio(base, hand="123m456m789m234s9p5s", win_tile="5s"), ""],
        ),
        (bilingual("nc.rules.b_after_kong"), [ratio(kong, after_kong=True), ""]),
        (bilingual("nc.rules.b_dealer"), [ratio(base, winner="E"), ""]),
        (bilingual("nc.rules.b_dealer_pays"), [ratio(base, payer="E"), ""]),
        (bilingual("nc.rules.b_heavenly"), ["", f"{o.heavenly_score} ×3"]),
        (
            bilingual("nc.rules.b_kongs"),
            [
                "",
                f"{o.exposed_kong_score} / {o.added_kong_score} / {o.concealed_kong_score} ×3",
            ],
        ),
        (bilingual(_JING_KONG_ROWS[o.jing_kong]), ["", f"+{o.jing_kong_score}"]),
        (bilingual("nc.rules.b_follow"), ["", f"-{o.follow_dealer_score} ×3"]),
    ]
    return _table(
        bilingual("nc.rules.title_b"),
        bilingual("nc.rules.b_columns"),
        rows,
        bilingual("nc.rules.note_b"),
    )


_JING_KONG_ROWS = {"raw": "nc.rules.b_jing_kong_raw", "flat": "nc.rules.b_jing_kong_flat"}


def _sole(raw: int, options: NanchangOptions) -> int:
    """What the only seat holding jing, with that count, collects from each other seat."""
    main = min(4, raw // 2)
    held = dict.fromkeys(SEATS, NO_JING)
    held["E"] = JingHeld(main, raw - 2 * main)
    net, _ = settle_jing(Holdings(held, dict.fromkeys(SEATS, 0)), options)
    return net["E"] // 3


def jing_table(options: NanchangOptions) -> Table:
    """Table C: the 冲关 ladder by jing count, and 霸王精 for the only holder."""
    rows: list[tuple[Bilingual, list[str]]] = []
    for raw in (*range(1, 11), 12):
        rows.append(
            (
                bilingual("nc.rules.c_row", n=raw),
                [f"{raw}→{chongguan(raw)}", str(_sole(raw, options))],
            )
        )
    if options.jing_kong == "raw":
        kong = options.jing_kong_score
        for label, raw in (
            ("nc.rules.c_kong_secondary", 4 + kong),
            ("nc.rules.c_kong_main", 8 + kong),
        ):
            rows.append(
                (bilingual(label, k=kong), [f"{raw}→{chongguan(raw)}", str(2 * chongguan(raw))])
            )
    return _table(
        bilingual("nc.rules.title_c"),
        bilingual("nc.rules.c_columns"),
        rows,
        bilingual("nc.rules.note_c"),
    )
