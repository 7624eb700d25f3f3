"""Random, seeded requests for the benchmarks and the correctness digest.

Every request is well typed and in range (ints as ints, bools as bools, small counts, melds
written in canonical order: exposed melds first, every meld after the one before it by its
lowest tile), so its meaning does not depend on how strictly a request is checked. Some are
deliberately wrong in ways a user gets wrong — bad notation, a hand that does not win, an
illegal way to win, contradictory context — since those paths must stay identical too.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run without installing

from mjcalc.notation import format_tiles
from mjcalc.rules.jing import next_kind
from mjcalc.tiles import DRAGONS, N_KINDS, WINDS, Tile

SEATS = ("E", "S", "W", "N")
MAIN_COPIES, SECOND_COPIES = 3, 4  # the flipped tile is out of play: 3 正精 + 4 副精


def _random_set(rng: random.Random, kinds: list[Tile]) -> list[Tile]:
    """A chow, pung or (rarely) 烂风 honor set drawn from ``kinds``."""
    roll = rng.random()
    starts = [t for t in kinds if t < 27 and t % 9 <= 6 and t + 1 in kinds and t + 2 in kinds]
    if roll < 0.5 and starts:
        start = rng.choice(starts)
        return [start, start + 1, start + 2]
    if roll < 0.93 or not any(t >= 27 for t in kinds):
        return [rng.choice(kinds)] * 3
    return rng.sample(WINDS, 3) if rng.random() < 0.5 else list(DRAGONS)


def random_sets(
    rng: random.Random, kinds: list[Tile], avoid: set[Tile]
) -> tuple[list[list[Tile]], list[Tile]]:
    """4 sets and a pair from ``kinds``, no tile of ``avoid``, at most 4 copies of a tile."""
    while True:
        sets = [_random_set(rng, kinds) for _ in range(4)]
        pair = [rng.choice(kinds)] * 2
        flat = [t for s in sets for t in s] + pair
        if all(flat.count(t) <= 4 for t in flat) and not avoid & set(flat):
            return sets, pair


def _meld_text(tiles: list[Tile], concealed: bool) -> str:
    body = format_tiles(sorted(tiles))
    return f"({body})" if concealed else f"[{body}]"


def hand_text(
    rng: random.Random,
    sets: list[list[Tile]],
    pair: list[Tile],
    *,
    can_meld: list[bool] | None = None,
    flowers: list[Tile] | None = None,
) -> tuple[str, list[Tile]]:
    """The hand string (concealed tiles sorted, the winning tile last, melds in canonical order,
    flowers sorted) and the concealed tiles it holds."""
    flat = [t for s in sets for t in s] + list(pair)
    concealed = list(pair)
    exposed: list[tuple[Tile, str]] = []
    hidden: list[tuple[Tile, str]] = []
    for n, s in enumerate(sets):
        if (can_meld is None or can_meld[n]) and rng.random() < 0.25:
            is_pung = len(set(s)) == 1
            if is_pung and rng.random() < 0.35 and flat.count(s[0]) == 3:
                if rng.random() < 0.4:
                    hidden.append((s[0], _meld_text(s + s[:1], True)))
                else:
                    exposed.append((s[0], _meld_text(s + s[:1], False)))
            else:
                exposed.append((min(s), _meld_text(s, False)))
        else:
            concealed += s
    exposed.sort()
    hidden.sort()
    # canonical order both ways: exposed before concealed, and ascending by lowest tile
    if exposed and hidden and hidden[0][0] <= exposed[-1][0]:
        concealed += [t for t, text in hidden for _ in range(3)]
        hidden = []
    keys = [t for t, _ in exposed + hidden]
    if len(set(keys)) != len(keys):  # two equal melds: keep them concealed
        for t, text in exposed:
            if keys.count(t) > 1:
                concealed += _tiles_of(text)
        exposed = [(t, x) for t, x in exposed if keys.count(t) == 1]
    win = rng.choice(concealed)
    concealed.remove(win)
    parts = [format_tiles(sorted(concealed)) + format_tiles([win])]
    parts += [text for _, text in exposed + hidden]
    if flowers:
        parts.append(format_tiles(sorted(flowers)))
    return " ".join(parts), [*concealed, win]


def _tiles_of(meld_text: str) -> list[Tile]:
    from mjcalc.notation import parse_tiles

    return parse_tiles(meld_text.strip("[]()"))[:3]


def _seats(rng: random.Random, req: dict[str, Any]) -> str:
    winner = "E"
    if rng.random() < 0.7:
        winner = req["winner"] = rng.choice(SEATS)
    if rng.random() < 0.7:
        req["dealer"] = rng.choice(SEATS)
    elif winner != "E" and rng.random() < 0.5:
        req["dealer"] = winner
    if rng.random() < 0.5:
        req["discarder"] = rng.choice([s for s in SEATS if s != winner])
        if rng.random() < 0.15:
            req["self_draw"] = False
        if rng.random() < 0.04:
            req["robbing_kong"] = True
    else:
        if rng.random() < 0.15:
            req["self_draw"] = True
    return winner


def _other_kongs(rng: random.Random, req: dict[str, Any], winner: str) -> None:
    if rng.random() < 0.15:
        kongs = []
        for _ in range(rng.randint(1, 2)):
            kong: dict[str, Any] = {
                "seat": rng.choice([s for s in SEATS if s != winner]),
                "kind": rng.choice(["concealed", "exposed", "added"]),
            }
            if rng.random() < 0.6:
                kong["tile"] = format_tiles([rng.randrange(N_KINDS)])
            kongs.append(kong)
        req["kongs"] = kongs


def _with_jing(
    rng: random.Random,
    sets: Any,
    pair: Any,
    faces: list[Tile],
    slots: list[tuple[int, int]],
    kinds: tuple[Tile, Tile],
) -> str:
    """The hand's text once each face replaces a tile of a slot drawn from ``slots`` (set
    ``i``'s tile ``j``; ``i`` 4 is the pair). Jing replace concealed tiles only: a set that
    holds one is never written as a meld."""
    sets = [list(s) for s in sets]
    pair = list(pair)
    for face, (i, j) in zip(faces, rng.sample(slots, len(faces)), strict=True):
        if i == 4:
            pair[j] = face
        else:
            sets[i][j] = face
    can_meld = [all(k not in s for k in kinds) for s in sets]
    hand, _ = hand_text(rng, sets, pair, can_meld=can_meld)
    return hand


def xingguo_request(rng: random.Random, n_jing: int) -> dict[str, Any]:
    """A Xingguo hand holding ``n_jing`` jing (0–7), with context drawn at random."""
    main = rng.randrange(N_KINDS)
    second = next_kind(main)
    sets, pair = random_sets(rng, list(range(N_KINDS)), {main, second})
    faces = rng.sample([main] * MAIN_COPIES + [second] * SECOND_COPIES, n_jing)
    slots = [(i, j) for i in range(4) for j in range(3)] + [(4, 0), (4, 1)]
    hand = _with_jing(rng, sets, pair, faces, slots, (main, second))
    req: dict[str, Any] = {"rules": "xingguo", "hand": hand, "jing": format_tiles([main])}
    winner = _seats(rng, req)
    if rng.random() < 0.3:
        jings = {}
        for seat in rng.sample([s for s in SEATS if s != winner], rng.randint(1, 2)):
            jings[seat] = [rng.randint(0, 1), rng.randint(0, 2)]
        req["jings"] = dict(sorted(jings.items()))
    if rng.random() < 0.03:
        req["heavenly"] = True
    if rng.random() < 0.03:
        req["earthly"] = True
    if rng.random() < 0.1:
        req["follow_dealer"] = rng.randint(1, 3)
    if rng.random() < 0.05:
        req["xianggong"] = {
            rng.choice([s for s in SEATS if s != winner]): rng.choice(["big", "small"])
        }
    if rng.random() < 0.05 and "(" in hand and "discarder" not in req:
        req["after_kong"] = True
    _other_kongs(rng, req, winner)
    if rng.random() < 0.15:
        req["options"] = rng.choice(XINGGUO_OPTIONS)
    return req


def nanchang_request(rng: random.Random, n_jing: int) -> dict[str, Any]:
    """A Nanchang hand holding ``n_jing`` jing (0–8: all four 正精 and four 副精 are live),
    drawn like :func:`xingguo_request`: four sets and a pair without either jing kind, then
    ``n_jing`` of their tiles replaced by jing, each set and the pair keeping a tile that is no
    jing (Nanchang's rule: no set or pair of jings alone), and the context at random.

    Not part of the digest's mix (:func:`random_request` is unchanged): the benchmarks' fresh
    Nanchang rows use it."""
    main = rng.randrange(N_KINDS)
    second = next_kind(main)
    sets, pair = random_sets(rng, list(range(N_KINDS)), {main, second})
    faces = rng.sample([main] * 4 + [second] * 4, n_jing)
    # two slots a set and one of the pair may take a jing: a natural tile stays in each group
    slots = [(i, j) for i in range(4) for j in rng.sample(range(3), 2)] + [(4, rng.randrange(2))]
    hand = _with_jing(rng, sets, pair, faces, slots, (main, second))
    req: dict[str, Any] = {"rules": "nanchang", "hand": hand, "jing": format_tiles([main])}
    winner = _seats(rng, req)
    jings: dict[str, list[int]] = {}
    left = [4 - faces.count(main), 4 - faces.count(second)]  # the copies no hand shows
    if rng.random() < 0.7:
        for seat in rng.sample([s for s in SEATS if s != winner], rng.randint(1, 2)):
            held = [rng.randint(0, min(1, left[0])), rng.randint(0, min(1, left[1]))]
            left = [left[0] - held[0], left[1] - held[1]]
            jings[seat] = held
    req["jings"] = dict(sorted(jings.items()))
    if rng.random() < 0.03:
        req["heavenly"] = True
    if rng.random() < 0.1:
        req["follow_dealer"] = 1
    if rng.random() < 0.1:
        req["opening_flip"] = {
            "tile": format_tiles([rng.randrange(N_KINDS)]),
            "dealt": {"E": [1, 0]},
        }
    if rng.random() < 0.05 and "(" in hand and "discarder" not in req:
        req["after_kong"] = True
    _other_kongs(rng, req, winner)
    return req


XINGGUO_OPTIONS: list[dict[str, Any]] = [
    {"bawang": "plus10"},
    {"bahu_scope": "others"},
    {"deguo_bonus": 10},
    {"stake": 2},
    {"honor_sets": "any_distinct"},
    {"seven_star_jing": True, "stake": 3},
    {"earthly_off_discard": True},
]
SHANGHAI_OPTIONS: list[dict[str, Any]] = [
    {"base": 2},
    {"lezi": 20},
    {"stake": 3},
    {"base": 0, "lezi": 5},
]


def shanghai_request(rng: random.Random) -> dict[str, Any]:
    """A Shanghai hand: mostly one suit with or without honors, flowers, 开宝 / 黄番, 承包."""
    roll = rng.random()
    suit = rng.randrange(3) * 9
    honors = list(range(27, 34))
    if roll < 0.3:
        kinds = list(range(suit, suit + 9))  # 清
    elif roll < 0.7:
        kinds = list(range(suit, suit + 9)) + honors  # 混
    elif roll < 0.8:
        kinds = honors  # 风
    else:
        kinds = list(range(N_KINDS))  # anything: mostly not a Shanghai hand
    sets, pair = random_sets(rng, kinds, set())
    req: dict[str, Any] = {"rules": "shanghai"}
    flowers: list[Tile] | None = None
    if rng.random() < 0.6:
        flowers = rng.sample(range(34, 42), rng.choice([0, 1, 1, 2, 2, 3, 4, 8]))
    hand, _ = hand_text(rng, sets, pair, flowers=flowers)
    req["hand"] = hand
    if not flowers and rng.random() < 0.3:
        req["flowers"] = rng.randint(0, 8)
    winner = _seats(rng, req)
    if rng.random() < 0.15:
        req["kaibao"] = rng.randint(1, 2)
    if rng.random() < 0.15:
        req["huangfan"] = rng.randint(1, 2)
    if rng.random() < 0.08:
        req["liable"] = [rng.choice([s for s in SEATS if s != winner])]
    if rng.random() < 0.05 and "(" in hand and "discarder" not in req:
        req["after_kong"] = True
    _other_kongs(rng, req, winner)
    if rng.random() < 0.15:
        req["options"] = rng.choice(SHANGHAI_OPTIONS)
    return req


def broken(rng: random.Random, req: dict[str, Any]) -> dict[str, Any]:
    """A wrong version of a request, as users get them wrong."""
    req = dict(req)
    hand = req["hand"]
    kind = rng.randrange(6)
    if kind == 0:  # a character that is no tile
        i = rng.randrange(len(hand) + 1)
        req["hand"] = hand[:i] + rng.choice("hx?0") + hand[i:]
    elif kind == 1:  # one tile changed: usually not a winning hand
        digits = [i for i, c in enumerate(hand) if c in "123456789"]
        i = rng.choice(digits)
        req["hand"] = hand[:i] + rng.choice("123456789") + hand[i + 1 :]
    elif kind == 2:  # a tile too few or too many
        req["hand"] = hand + " 5p" if rng.random() < 0.5 else hand.replace("1", "", 1)
    elif kind == 3:  # the winner discards to itself
        req["discarder"] = req.get("winner", "E")
    elif kind == 4:  # a field of the other ruleset
        if req["rules"] == "xingguo":
            req["kaibao"] = 1
        else:
            req["jing"] = "1m"
    else:  # an unknown ruleset or an unknown option
        if rng.random() < 0.5:
            req["rules"] = "riichi"
        else:
            req["options"] = {"no_such_option": 1}
    return req


def random_request(rng: random.Random) -> dict[str, Any]:
    """One request of the digest's mix: both rulesets, 0–7 jing, some errors."""
    if rng.random() < 0.5:
        n_jing = rng.choices(range(8), weights=[30, 20, 15, 10, 10, 5, 4, 3])[0]
        req = xingguo_request(rng, n_jing)
    else:
        req = shanghai_request(rng)
    if rng.random() < 0.08:
        req = broken(rng, req)
    return req


def argument_line(req: dict[str, Any]) -> str:
    """The same request as a line of ``mjcalc score`` arguments (for ``batch``)."""
    import shlex

    args = [shlex.quote(req["hand"]), "--rules", req["rules"]]
    for key, flag in (("winner", "--winner"), ("dealer", "--dealer"), ("discarder", "--discarder")):
        if key in req:
            args += [flag, req[key]]
    if req.get("win_tile"):
        args += ["--win", req["win_tile"]]
    if req.get("self_draw") is True:
        args.append("--self-draw")
    for key, flag in (
        ("after_kong", "--after-kong"),
        ("robbing_kong", "--rob-kong"),
        ("heavenly", "--heavenly"),
        ("earthly", "--earthly"),
    ):
        if req.get(key):
            args.append(flag)
    for k in req.get("kongs", []):
        args += ["--kong", f"{k['seat']}={k['kind']}" + (f":{k['tile']}" if "tile" in k else "")]
    for name, value in req.get("options", {}).items():
        text = value if isinstance(value, str) else ("true" if value is True else str(value))
        args += ["-o", f"{name}={text}"]
    if "jing" in req:
        args += ["--jing", req["jing"]]
    for seat, (z, f) in req.get("jings", {}).items():
        args += ["--jings", f"{seat}={z},{f}"]
    for seat, size in req.get("xianggong", {}).items():
        args += ["--xianggong", f"{seat}={size}"]
    for key in ("follow_dealer", "flowers", "kaibao", "huangfan"):
        if key in req:
            args += ["--" + key.replace("_", "-"), str(req[key])]
    for seat in req.get("liable", []):
        args += ["--liable", seat]
    return " ".join(args)


BAD_ARGUMENT_LINES = [
    "'123m456p789s11z 234m' --jing",
    "'123m456p789s11z 234m' --jing 1m --winner X",
    "'123m456p789s11z 234m' --jing 1m --no-such-flag",
    "'123m456p789s11z 234m' --jing 1m --follow-dealer -1",
    "'123m456p789s11z 234m' --jing 1m --follow-dealer x",
    "'123m456p789s11z 234m' --rules shanghai --flowers 9",
    "'123m456p789s11z 234m' --jing 1m -o bawang",
    "'123m456p789s11z 234m' --jing 1m --jings S=1,x",
    "'123m456p789s11z 234m' --jing 1m --kong Q=exposed",
    "'123m456p789s11z 234m' --jing 1m --help",
    "'123m456p789s11z 234m' --jing 1m --json",
    "'123m456p789s11z 234m --jing 1m",
    "score '123m456p789s11z 234m' --jing 1m --winner s --liable n",
    "123m 456p 789s 11z 234m --jing=1m --winner=S -r xingguo",
    "--jing 1m",
    "'123m456p789s11z 234m' --jing 1m --self-draw --self-draw --win 4m",
    "'123m456p789s11z 234m' --jing 1m --rules xingguo --rules shanghai",
    "'123m456p789s11z 234m' --jing 1m --xianggong W=Big --jings n=2",
    "'123m456p789s11z 234m' --jing 1m --after",
    "'123m456p789s11z 234m' --jing 1m -- --winner",
    "'123m456p789s11z 234m' --jing 1m -r",
    "'123m456p789s11z 234m' -rxingguo --jing 1m --discarder",
    "'123m456p789s11z 234m' --jing 1m --liable",
    "'123m456p789s11z 234m' --jing 1m -o x=1 -o x=2 -o 'y= 3 ' -o z=null -o w=[1]",
    "'' --jing 1m",
]
