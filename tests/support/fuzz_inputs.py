"""Hostile and random inputs for fuzzing, shared by ``tests/hostile/test_fuzz.py`` and
``bench/fuzz.py``.

Every generator takes a :class:`random.Random`, so the suite drives them from hypothesis
(``st.randoms()``: reproducible, bounded) and the long script from a seed. They mix inputs that
score with everything the interface must refuse cleanly: wrong types, huge and negative numbers,
control characters, lone surrogates, deep nesting, duplicate keys, bad UTF-8, device paths.

:func:`hostile_json_line` mutates any JSON object into a batch-style line; session lines
(:func:`session_file`: a valid header, then hands, events and multiple wins) are poisoned by it
too, and :func:`check_session` says what a replayed session must give.
"""

from __future__ import annotations

import json
import random
import shlex
from collections.abc import Callable
from typing import Any

from mjcalc.app.lines import MAX_LINE
from mjcalc.app.session.records import Record, Summary
from mjcalc.models import Result

SEATS = ["E", "S", "W", "N"]
SUITS = "mps"
NASTY_CHARS = [
    "\x00",
    "\x1b[31m",
    "\x1b]0;x\x07",
    "\u2028",
    "\u2029",
    "\u202e",
    "\u200b",
    "\ufeff",
    "\x85",
    "\r",
    "\t",
    "\u3000",
    "０",
    "ｍ",
    "🀄",
    "🀇",
    "東",
    "东风",
    "一万",
    "幺鸡",
    "發財",
    "红中",
    "[",
    "]",
    "(",
    ")",
    ",",
    " ",
    "z",
    "f",
    "0",
    "9",
    "E",
    "P",
    "s",
]
NASTY_NUMBERS: list[Any] = [
    -1,
    0,
    1,
    2,
    3,
    4,
    5,
    8,
    9,
    64,
    65,
    1000,
    1001,
    10**9,
    10**100,
    -(10**30),
    2.0,
    0.5,
    float("inf"),
    True,
    False,
    "3",
    "yes",
    None,
    [],
    {},
    [1, 0],
    ["1", "0"],
]
RULES_NAMES = [
    "xingguo",
    "shanghai",
    "xingguo",
    "shanghai",
    "",
    "tokyo",
    "/dev/zero",
    "/dev/stdin",
    "/dev/null.toml",
    "/nonexistent/x.toml",
    "x\x00.toml",
    ".",
    "/",
    "../rulesets/xingguo.toml",
    "rulesets/xingguo.toml",
]
XINGGUO_OPTIONS: dict[str, list[Any]] = {
    "honor_sets": ["same_class", "any_distinct", "none", 1],
    "seven_star_jing": [True, False, 1, "true"],
    "seven_pairs_four_as_two": [True, False],
    "bahu_scope": ["all", "others", "x"],
    "bawang": ["double", "plus10", None],
    "deguo_bonus": [0, 5, 1000, 1001, -1, "5"],
    "kong_score": [0, 2, 1000, 10**40],
    "jing_kong_score": [0, 10, 1000],
    "heavenly_score": [0, 20, 1000],
    "heavenly_jingdiao_score": [0, 40, 1000],
    "earthly_off_discard": [True, False, 0],
    "follow_dealer_score": [0, 5, 1000],
    "false_win_score": [0, 20],
    "stake": [1, 2, 1000, 0, 1001, True, 2.0],
}
SHANGHAI_OPTIONS: dict[str, list[Any]] = {
    "base": [0, 1, 5, 1000, -1, "1"],
    "lezi": [1, 10, 1000, 0, 10**50, "5"],
    "stake": [1, 3, 1000, True, 0],
    "fee": [0, 10, 1000, 1001],
    "escape_lezi": [0, 3, 64, 65],
}


def _pick(rng: random.Random, seq: list[Any]) -> Any:
    return seq[rng.randrange(len(seq))]


def winning_hand(rng: random.Random) -> str:
    """Four random sets and a pair in mpsz, sometimes melded or with flowers: often a win."""
    parts: list[str] = []
    for _ in range(4):
        roll = rng.random()
        if roll < 0.45:
            rank = rng.randint(1, 7)
            text = f"{rank}{rank + 1}{rank + 2}{_pick(rng, list(SUITS))}"
        elif roll < 0.75:
            rank = rng.randint(1, 9)
            text = f"{rank}{rank}{rank}{_pick(rng, list(SUITS))}"
        elif roll < 0.9:
            honor = rng.randint(1, 7)
            text = f"{honor}{honor}{honor}z"
        else:
            text = "".join(str(h) for h in sorted(rng.sample(range(1, 8), 3))) + "z"
        if rng.random() < 0.15:
            text = f"[{text}]"
        elif rng.random() < 0.05 and text[0] == text[1] == text[2]:
            text = f"({text[0] * 4}{text[-1]})"
        parts.append(text)
    if rng.random() < 0.5:
        rank = rng.randint(1, 9)
        pair = f"{rank}{rank}{_pick(rng, list(SUITS))}"
    else:
        honor = rng.randint(1, 7)
        pair = f"{honor}{honor}z"
    concealed = [p for p in parts if p[0] not in "[("]
    melds = [p for p in parts if p[0] in "[("]
    hand = " ".join([*concealed, pair, *melds])
    if rng.random() < 0.2:
        hand += " " + "".join(str(f) for f in sorted(rng.sample(range(1, 9), rng.randint(1, 8))))
        hand += "f"
    return hand


def honor_hand(rng: random.Random) -> str:
    """14 honor tiles (at most 4 of each): with jing and ``any_distinct`` the most readings."""
    pool = [h for h in range(1, 8) for _ in range(4)]
    rng.shuffle(pool)
    return "".join(str(h) for h in pool[:14]) + "z"


def hand_text(rng: random.Random) -> str:
    """A hand string: mostly near-wins, sometimes noise, control characters or long text."""
    roll = rng.random()
    if roll < 0.7:
        hand = winning_hand(rng)
    elif roll < 0.8:
        hand = "".join(_pick(rng, NASTY_CHARS) for _ in range(rng.randint(0, 30)))
    elif roll < 0.87:
        hand = "".join(chr(rng.randint(0, 0x2FFFF)) for _ in range(rng.randint(0, 20)))
    elif roll < 0.9:
        hand = winning_hand(rng) * rng.randint(2, 40)
    else:
        hand = winning_hand(rng)
    if rng.random() < 0.15:  # one nasty edit
        pos = rng.randint(0, len(hand))
        hand = hand[:pos] + _pick(rng, NASTY_CHARS) + hand[pos + 1 :]
    return hand


def tile_text(rng: random.Random) -> Any:
    if rng.random() < 0.85:
        return (
            f"{rng.randint(1, 9)}{_pick(rng, list(SUITS))}"
            if rng.random() < 0.7
            else (f"{rng.randint(1, 7)}z")
        )
    return _pick(rng, ["", "0m", "8z", "1f", "東", "🀄", "x" * 40, 5, None, "\x1b"])


def option_values(rng: random.Random, rules: str) -> dict[str, Any]:
    """Option overrides: known names with good and bad values, sometimes an unknown name."""
    table = XINGGUO_OPTIONS if rules == "xingguo" else SHANGHAI_OPTIONS
    options: dict[str, Any] = {}
    for _ in range(rng.randint(0, 3)):
        name = _pick(rng, list(table))
        options[name] = _pick(rng, table[name]) if rng.random() < 0.8 else _pick(rng, NASTY_NUMBERS)
    if rng.random() < 0.05:
        options[_pick(rng, ["nope", "", "\x1b[2J", "x" * 100])] = 1
    return options


def request_dict(rng: random.Random, rules: str | None = None) -> dict[str, Any]:
    """A request: a real ruleset most of the time, fields of the right and of the wrong type.

    With ``rules``, a request of that ruleset (a session's hand line, before the session's own
    fields are taken out).
    """
    if rules is None:
        rules = (
            _pick(rng, RULES_NAMES) if rng.random() < 0.05 else _pick(rng, ["xingguo", "shanghai"])
        )
    request: dict[str, Any] = {"rules": rules, "hand": hand_text(rng)}
    if rules == "xingguo" or rng.random() < 0.05:
        request["jing"] = tile_text(rng)
    fuzz = rng.random() < 0.15
    for key in ("winner", "dealer"):
        if rng.random() < 0.3:
            request[key] = _pick(rng, SEATS) if not fuzz else _pick(rng, ["e", "東", 1, None, "X"])
    if rng.random() < 0.5:
        others = [s for s in SEATS if s != request.get("winner", "E")]
        request["discarder"] = (
            _pick(rng, [*others, None]) if not fuzz else _pick(rng, NASTY_NUMBERS)
        )
    for key in ("self_draw", "after_kong", "robbing_kong"):
        if rng.random() < 0.1:
            request[key] = rng.random() < 0.5 if not fuzz else _pick(rng, NASTY_NUMBERS)
    if rng.random() < 0.1:
        request["win_tile"] = tile_text(rng)
    if rng.random() < 0.15:
        request["kongs"] = [
            {
                "seat": _pick(rng, SEATS),
                "kind": _pick(rng, ["concealed", "exposed", "added"] * 3 + ["big"]),
                **({"tile": tile_text(rng)} if rng.random() < 0.6 else {}),
            }
            for _ in range(rng.randint(0, 6))
        ]
    if rules == "xingguo":
        if rng.random() < 0.2:
            request["jings"] = {
                _pick(rng, SEATS): [rng.randint(0, 4), rng.randint(0, 5)]
                if not fuzz
                else _pick(rng, NASTY_NUMBERS)
                for _ in range(rng.randint(1, 3))
            }
        for key in ("heavenly", "earthly"):
            if rng.random() < 0.05:
                request[key] = True if not fuzz else _pick(rng, NASTY_NUMBERS)
        if rng.random() < 0.1:
            request["follow_dealer"] = rng.randint(0, 4) if not fuzz else _pick(rng, NASTY_NUMBERS)
        if rng.random() < 0.05:
            request["xianggong"] = {_pick(rng, SEATS): _pick(rng, ["big", "small", "huge"])}
    else:
        for key in ("flowers", "kaibao", "huangfan"):
            if rng.random() < 0.1:
                request[key] = rng.randint(0, 3) if not fuzz else _pick(rng, NASTY_NUMBERS)
        if rng.random() < 0.05:
            request["liable"] = rng.sample(SEATS, rng.randint(0, 3))
    if rng.random() < 0.3:
        request["options"] = option_values(rng, rules)
    if rules == "xingguo" and rng.random() < 0.15:  # the slowest ground: honors, jing, 烂风
        request["hand"] = honor_hand(rng)
        request["jing"] = f"{rng.randint(1, 7)}z"
        request.setdefault("options", {})["honor_sets"] = "any_distinct"
    if rng.random() < 0.02:
        request[_pick(rng, ["colour", "\x1b[31m", "é" * 100])] = 1
    return request


def hostile_json_line(rng: random.Random, obj: dict[str, Any]) -> bytes:
    """``obj`` as one JSON line, often poisoned: what a batch (or session) line may be.

    The hook for other line formats: pass any JSON object (e.g. a session event).
    """
    text = json.dumps(obj, ensure_ascii=rng.random() < 0.5)
    encoded = text.encode("utf-8", "surrogatepass")  # a raw surrogate is bad UTF-8: fine too
    roll = rng.random()
    if roll < 0.6:
        return text.encode("utf-8", "surrogatepass")
    if roll < 0.65:
        return encoded[: rng.randint(0, len(encoded))]  # cut short
    if roll < 0.7:
        key = _pick(rng, list(obj)) if obj else "rules"
        return encoded[:-1] + f', "{key}": 1}}'.encode("utf-8", "surrogatepass")  # a key twice
    if roll < 0.75:
        depth: int = _pick(rng, [5, 50, 2000, 100_000])
        return encoded[:-1] + (', "x": ' + "[" * depth + "]" * depth + "}").encode()
    if roll < 0.8:
        return encoded[:-1] + (', "kaibao": ' + "9" * rng.randint(4000, 6000) + "}").encode()
    if roll < 0.85:
        return encoded.replace(b'"hand": "', b'"hand": "\\ud800', 1)
    if roll < 0.9:
        raw = bytearray(encoded)
        raw[rng.randrange(len(raw))] = _pick(rng, [0xFF, 0xC3, 0x80, 0x00])
        return bytes(raw)
    if roll < 0.93:
        return "\ufeff".encode() + encoded
    if roll < 0.96:
        return b"[" * rng.randint(1, 200_000)
    last: bytes = _pick(
        rng, [b"", b"   ", b"# comment", b"{", b"}", b"null", b"{}", b"[]", b"\x00"]
    )
    return last


def argument_line(rng: random.Random, session: str | None = None) -> bytes:
    """A line of ``mjcalc score`` arguments, good and bad flags mixed.

    With ``session`` (a ruleset name), a session's hand line: the session's ruleset, rarely a
    ``-r`` of its own (which a session refuses), sometimes ``--dice-double``.
    """
    args = [hand_text(rng).replace("\n", " ")]
    rules = session or _pick(rng, ["xingguo", "shanghai"])
    if rng.random() < (0.9 if session is None else 0.05):
        args += ["-r", rules]
    if session is not None and rng.random() < 0.2:
        args.append("--dice-double")
    if rules == "xingguo":
        args += ["--jing", str(tile_text(rng))]
    flags: list[list[str]] = [
        ["--discarder", _pick(rng, ["S", "w", "X"])],
        ["--self-draw"],
        ["--after-kong"],
        ["--rob-kong"],
        ["--kong", _pick(rng, ["S=exposed:5p", "W=concealed", "N=added:1z", "Q=x"])],
        ["--jings", _pick(rng, ["S=1,0", "S=1", "W=0,2", "S=9" * 3000])],
        ["--follow-dealer", _pick(rng, ["1", "65", "10000000000", "-1"])],
        ["--kaibao", _pick(rng, ["1", "64", "10000000000"])],
        ["--flowers", _pick(rng, ["2", "9"])],
        [
            "-o",
            _pick(
                rng, ["stake=2", 'lezi="5"', "fee=3", "bawang=plus10", "x=1", "stake=" + "9" * 5000]
            ),
        ],
        ["--heavenly"],
        ["--help"],
        ["--json"],
    ]
    for _ in range(rng.randint(0, 3)):
        args += _pick(rng, flags)
    return shlex.join(str(a) for a in args).encode("utf-8", "surrogatepass")


def batch_line(rng: random.Random) -> bytes:
    """One batch line: a (maybe poisoned) JSON request, or ``score`` arguments."""
    if rng.random() < 0.75:
        return hostile_json_line(rng, request_dict(rng)).replace(b"\n", b" ")
    return argument_line(rng).replace(b"\n", b" ")


SESSION_FIELDS = ("rules", "dealer", "kaibao", "huangfan")
"""Request fields a session supplies itself: a hand line that sets one is refused."""


def session_header(rng: random.Random) -> tuple[str, bytes]:
    """A valid session header line and its ruleset: seats, silver, fees, names drawn at random."""
    rules = _pick(rng, ["xingguo", "shanghai"])
    header: dict[str, Any] = {"rules": rules}
    if rng.random() < 0.3:
        header["dealer"] = _pick(rng, SEATS)
    if rng.random() < 0.2:
        header["players"] = {_pick(rng, SEATS): _pick(rng, ["阿东", "Bo", "小南 3"])}
    if rules == "shanghai":
        if rng.random() < 0.5:
            header["balances"] = {seat: _pick(rng, [0, 5, 100, 1000]) for seat in SEATS}
        if rng.random() < 0.4:
            header["options"] = {"fee": _pick(rng, [0, 1, 5])}
        if rng.random() < 0.2:
            header["points"] = {_pick(rng, SEATS): _pick(rng, [0, 100, 5000])}
    elif rng.random() < 0.3:
        header["options"] = {"stake": _pick(rng, [1, 2])}
    return rules, json.dumps({"session": header}, ensure_ascii=False).encode()


def flush_hand(rng: random.Random) -> str:
    """Four sets and a pair of one suit (清一色, often 清碰): a hand Shanghai lets win."""
    suit = _pick(rng, list(SUITS))
    sets = []
    for _ in range(4):
        if rng.random() < 0.5:
            rank = rng.randint(1, 9)
            sets.append(f"{rank}{rank}{rank}")
        else:
            rank = rng.randint(1, 7)
            sets.append(f"{rank}{rank + 1}{rank + 2}")
    pair = rng.randint(1, 9)
    return "".join(sorted("".join(sets) + f"{pair}{pair}")) + suit


def session_hand(rng: random.Random, rules: str) -> dict[str, Any]:
    """A hand line of a session: a request of its ruleset, without (mostly) the fields the
    session supplies; the dealer's own hand, or one that sets ``kaibao``, now and then."""
    request = request_dict(rng, rules)
    if rules == "shanghai" and rng.random() < 0.5:
        request["hand"] = flush_hand(rng)
    for key in SESSION_FIELDS:
        if key in request and rng.random() < 0.97:
            del request[key]
    if rules == "shanghai" and rng.random() < 0.1:
        request["dice_double"] = _pick(rng, [True, True, False, 1])
    return request


def session_event(rng: random.Random, rules: str) -> dict[str, Any]:
    """An event or multiple-win line: those of the ruleset, others', and broken ones."""
    roll = rng.random()
    seat = _pick(rng, SEATS) if rng.random() < 0.95 else _pick(rng, NASTY_NUMBERS)
    if roll < 0.35:
        event: dict[str, Any] = {"event": "draw"}
        if rng.random() < 0.3:
            event["dice_double"] = _pick(rng, [True, False, True, 1])
        return event
    if roll < 0.5:
        return {"event": "false_win", "seat": seat}
    if roll < 0.65:
        return {"event": "escape", "seat": seat, "ends": rng.random() < 0.03}
    if roll < 0.7 or (rules != "shanghai" and roll < 0.95):
        return {"event": _pick(rng, ["tea", "", 1, None, "draw "])}
    discarder = _pick(rng, SEATS)
    count = _pick(rng, [2, 2, 2, 3, 3, 1, 4])
    seats = rng.sample([s for s in SEATS if s != discarder], min(count, 3))
    if count > 3 or rng.random() < 0.05:
        seats.append(_pick(rng, SEATS))  # one winner too many, or the same seat twice
    winners = []
    for seat in seats:
        hand = {"hand": flush_hand(rng)} if rng.random() < 0.8 else session_hand(rng, rules)
        hand.pop("discarder", None)
        hand["winner"] = seat
        winners.append(hand)
    line: dict[str, Any] = {"discarder": discarder, "winners": winners}
    if rng.random() < 0.2:
        line["dice_double"] = True
    return line


def session_line(rng: random.Random, rules: str) -> bytes:
    """One line after a session's header: a hand, an event or a multiple win (JSON, often
    poisoned by :func:`hostile_json_line`), or a hand as ``mjcalc score`` arguments."""
    roll = rng.random()
    if roll < 0.15:
        return argument_line(rng, session=rules).replace(b"\n", b" ")
    obj = session_hand(rng, rules) if roll < 0.6 else session_event(rng, rules)
    return hostile_json_line(rng, obj).replace(b"\n", b" ")


def session_file(rng: random.Random, count: int) -> list[bytes]:
    """A session file: a valid header, then ``count`` lines (hands, events, hostile lines)."""
    rules, header = session_header(rng)
    return [header, *(session_line(rng, rules) for _ in range(count))]


def expected_line_numbers(lines: list[bytes]) -> list[int]:
    """The 1-based numbers of the lines a batch must answer (not blank, not a ``#`` comment)."""
    numbers = []
    for number, raw in enumerate(lines, 1):
        try:
            text = raw.decode("utf-8").strip().lstrip("\ufeff").strip()
        except UnicodeDecodeError:
            numbers.append(number)
            continue
        if len(raw) > MAX_LINE or (text and not text.startswith("#")):
            numbers.append(number)
    return numbers


def check_result(result: Result) -> None:
    """What every answer must be: never ``internal_error``; scored → every section and the
    payments sum to zero over the four seats; and it can be written as UTF-8 JSON."""
    if result.error is not None:
        assert result.error.code != "internal_error", result.error.message
        assert not result.ok
    else:
        assert result.ok
        assert sorted(result.payments) == sorted(SEATS)
        assert sum(result.payments.values()) == 0, result.payments
        for name, section in result.sections.items():
            assert sum(section.values()) == 0, (name, section)
    result.to_json().encode("utf-8")


def check_results(results: list[Result], lines: list[bytes]) -> None:
    """Exactly one result per hand line, in order, each one sound."""
    assert [r.line for r in results] == expected_line_numbers(lines)
    for result in results:
        check_result(result)


def check_session(items: list[Record | Summary], lines: list[bytes]) -> None:
    """What a replayed session file (header first) must give: one record per line after the
    header that is not blank or a comment, in order, then one summary; never ``internal_error``;
    every applied line zero-sum before fees; the totals over seats minus the fees collected;
    and every record writable as UTF-8 JSON."""
    *records, summary = items
    assert isinstance(summary, Summary), summary
    assert all(isinstance(r, Record) for r in records)
    assert [r.line for r in records] == [n for n in expected_line_numbers(lines) if n != 1]
    for record in records:
        assert isinstance(record, Record)
        if record.error is not None:
            assert record.error.code != "internal_error", (record.line, record.error.message)
            assert not record.ok
        else:
            assert sum(record.payments.values()) == 0, record
            for result in record.results:
                check_result(result)
        record.to_json().encode("utf-8")
    assert summary.lines == len(records)
    assert summary.errors == sum(not r.ok for r in records if isinstance(r, Record))
    assert sum(summary.totals.values()) == -summary.fees
    summary.to_json().encode("utf-8")


Generator = Callable[[random.Random], Any]
