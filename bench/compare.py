"""mjcalc against the riichi ``mahjong`` library, interleaved in one process, with the targets.

Run from the repository root, with the ``bench`` extra installed (``pip install -e '.[bench]'``)::

    python bench/compare.py             # every row, ratios against the targets, digest check
    python bench/compare.py --rss       # + a million-line batch through a pipe: peak RSS

Absolute times drift on a shared machine; each row is timed in rounds that alternate the two
sides, and the ratio reported is the median of the per-round ratios. See bench/README.md.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run without installing
sys.path.insert(0, str(Path(__file__).resolve().parent))

import digest
import hands
from bench_engine import mjcalc_command
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.tile import TilesConverter

import mjcalc
from mjcalc.cli.batch import score_lines, write_json_lines
from mjcalc.notation import format_tiles

SEED = 20261202
CLOCK: Callable[[], float] = time.perf_counter
"""The in-process rows' clock: wall time, or with ``--cpu`` this process's CPU time (not the
time it spent waiting for a core that other processes held, on a shared machine)."""
ROWS = ("score", "batch", "process", "cold", "jobs")
"""The groups of rows ``--rows`` may pick: mjcalc.score, batch in process, batch and session as
commands on a file (start subtracted), cold start, --jobs."""
RESULTS: list[tuple[str, float, str]] = []


def riichi_hand(rng: random.Random) -> tuple[list[int], list[int]]:
    """4 chows / pungs and a pair, concealed; the tiles and the winning tile last."""
    sets, pair = hands.random_sets(rng, list(range(34)), set())
    while any(len(set(s)) == 3 and s[0] >= 27 for s in sets):  # no 烂风 set in riichi
        sets, pair = hands.random_sets(rng, list(range(34)), set())
    tiles = [t for s in sets for t in s] + pair
    rng.shuffle(tiles)
    return tiles[:13], [tiles[13]]


def to_136(tiles: list[int]) -> tuple[list[int], int]:
    """The ``mahjong`` library's 136-tile form, the winning tile last."""
    text = {s: "" for s in ("man", "pin", "sou", "honors")}
    for t in tiles:
        key = ("man", "pin", "sou", "honors")[t // 9]
        text[key] += str(t % 9 + 1)
    arr = TilesConverter.string_to_136_array(**text)
    win = tiles[-1]
    candidates = [i for i in arr if i // 4 == win]
    return arr, candidates[-1]


def interleaved(
    a: Callable[[], Any], b: Callable[[], Any], n: int, rounds: int = 7
) -> tuple[float, float, float]:
    """Per-item µs of ``a`` and ``b`` (medians over rounds) and the median of a/b per round."""
    return fresh_rounds(lambda: (a, b, n), rounds)


def row(name: str, ratio: float, target: float, detail: str) -> None:
    verdict = "met" if ratio <= target else "MISSED"
    RESULTS.append((name, ratio, verdict))
    print(f"{name:<44} {ratio:6.2f}×  target ≤ {target:<4}  {verdict:<6}  {detail}", flush=True)


def same_hands(
    rng: random.Random, n: int
) -> tuple[list[tuple[list[int], int]], list[dict[str, Any]]]:
    """``n`` random jing-free complete hands, each both ways: the ``mahjong`` library's
    arguments and the mjcalc request (Xingguo, with a jing kind absent from the hand): the same
    hands through both sides, as every row against the library compares."""
    hands14 = []
    for _ in range(n):
        first, win = riichi_hand(rng)
        hands14.append(first + win)
    reqs = [
        {
            "rules": "xingguo",
            "hand": format_tiles(sorted(t[:13])) + format_tiles(t[13:]),
            "jing": _absent_jing(t),
        }
        for t in hands14
    ]
    return [to_136(t) for t in hands14], reqs


def mahjong_runner(mj_args: list[tuple[list[int], int]]) -> Callable[[], None]:
    """The library's ``estimate_hand_value`` over the hands (a self-draw, as mjcalc's default)."""
    calc = HandCalculator()
    config = HandConfig(is_tsumo=True)

    def run() -> None:
        for tiles, win in mj_args:
            calc.estimate_hand_value(tiles, win, config=config)

    return run


def fresh_rounds(
    make: Callable[[], tuple[Callable[[], Any], Callable[[], Any], int]], rounds: int
) -> tuple[float, float, float]:
    """Per-item µs of mjcalc and the library (medians over rounds) and the median of the
    per-round ratios, every round on hands neither side has seen: ``make()`` draws a new set
    and returns (mjcalc over it, the library over its own new set, hands per side). The two
    sides run next to each other, their order alternating from round to round (:func:`interleaved`
    is the same rounds on one set of hands)."""
    ta: list[float] = []
    tb: list[float] = []
    ratios: list[float] = []
    for r in range(rounds):
        a, b, n = make()
        pair = [(a, ta), (b, tb)] if r % 2 == 0 else [(b, tb), (a, ta)]
        for fn, store in pair:
            start = CLOCK()
            fn()
            store.append((CLOCK() - start) / n * 1e6)
        ratios.append(ta[-1] / tb[-1])
    return statistics.median(ta), statistics.median(tb), statistics.median(ratios)


def _scores_ok(req: dict[str, Any]) -> bool:
    return mjcalc.score(req).ok


_CHECKER: Any = None


def checked(reqs: list[dict[str, Any]]) -> list[bool]:
    """Whether each request scores, asked of a forked worker process: the timed process must
    not have scored a hand before its timed run (its memos would then know the hand)."""
    global _CHECKER
    if _CHECKER is None:
        import multiprocessing

        _CHECKER = multiprocessing.get_context("fork").Pool(1)
    return list(_CHECKER.map(_scores_ok, reqs, chunksize=64))


def fresh_ok_requests(make: Callable[[], dict[str, Any]], n: int) -> list[dict[str, Any]]:
    """``n`` requests that score, none of them scored in this process."""
    found: list[dict[str, Any]] = []
    while len(found) < n:
        batch = [make() for _ in range(2 * (n - len(found)) + 8)]
        found += [req for req, ok in zip(batch, checked(batch), strict=True) if ok]
    return found[:n]


def run_score(requests: list[dict[str, Any]]) -> Callable[[], None]:
    def go() -> None:
        for req in requests:
            mjcalc.score(req)

    return go


def library_hands(rng: random.Random, n: int) -> Callable[[], None]:
    """The library over ``n`` new jing-free hands."""
    hands14 = []
    for _ in range(n):
        first, win = riichi_hand(rng)
        hands14.append(first + win)
    return mahjong_runner([to_136(t) for t in hands14])


ONLY: list[str] = []
"""With ``--only``: the score rows whose name holds one of these words (all rows without)."""


def bench_score(n: int, rounds: int) -> None:
    """The score rows: fresh hands in every round (the figure with a target), and beside it,
    for reference, the old figure of the same hands scored again in every round."""
    rng = random.Random(SEED)

    def xingguo_free() -> tuple[Callable[[], Any], Callable[[], Any], int]:
        mj_args, reqs = same_hands(rng, n)  # the same hands through both sides
        return run_score(reqs), mahjong_runner(mj_args), n

    def maker(
        make: Callable[[], dict[str, Any]],
    ) -> Callable[[], tuple[Callable[[], Any], Callable[[], Any], int]]:
        def round_() -> tuple[Callable[[], Any], Callable[[], Any], int]:
            reqs = fresh_ok_requests(make, n)
            return run_score(reqs), library_hands(rng, n), n

        return round_

    library_hands(rng, n)()  # warm the library's imports and tables
    rows: list[tuple[str, Callable[[], tuple[Callable[[], Any], Callable[[], Any], int]], float]]
    rows = [
        ("score, jing-free Xingguo hand", xingguo_free, 1.0),
        ("score, Shanghai hand", maker(lambda: _plain(hands.shanghai_request(rng))), 1.0),
    ]
    for n_jing in (1, 2, 4, 7):
        make = maker(lambda n_jing=n_jing: _plain(hands.xingguo_request(rng, n_jing)))
        rows.append((f"score, Xingguo hand with {n_jing} jing", make, 4.0))
    rows.append(
        (
            "score, jing-free Nanchang hand",
            maker(lambda: _plain(hands.nanchang_request(rng, 0))),
            1.0,
        )
    )
    for n_jing in (1, 2, 4, 7):
        make = maker(lambda n_jing=n_jing: _plain(hands.nanchang_request(rng, n_jing)))
        rows.append((f"score, Nanchang hand with {n_jing} jing", make, 4.0))
    for label, make, target in rows:
        if ONLY and not any(word in label for word in ONLY):
            continue
        a, b, _ = make()
        a()  # the first round's hands warm the code paths (imports, rule tables), then are
        b()  # never timed
        us, mj, ratio = fresh_rounds(make, rounds)
        reps = repeated(make)
        if "7 jing" in label:  # an absolute target: under 10 ms a hand
            row(label + " (ms / 10)", us / 10_000, 1.0, f"mjcalc {us:.0f} µs ({ratio:.1f}×){reps}")
        else:
            row(label, ratio, target, f"mjcalc {us:.0f} µs, mahjong {mj:.0f} µs{reps}")


def bench_nanchang_vs_xingguo(n: int, rounds: int) -> None:
    """Nanchang against Xingguo, fresh hands of each with the same number of jing in every
    round, interleaved: the cost of Nanchang's reading (every jing a wild, no set of jings
    alone, 德国 at face value, 精钓 by the pair) beside Xingguo's."""
    rng = random.Random(SEED + 1)
    for n_jing in (0, 1, 2, 4, 7):
        label = f"score, Nanchang / Xingguo, {n_jing} jing held"
        if ONLY and not any(word in label for word in ONLY):
            continue

        def round_(n_jing: int = n_jing) -> tuple[Callable[[], Any], Callable[[], Any], int]:
            ours = fresh_ok_requests(lambda: _plain(hands.nanchang_request(rng, n_jing)), n)
            theirs = fresh_ok_requests(lambda: _plain(hands.xingguo_request(rng, n_jing)), n)
            return run_score(ours), run_score(theirs), n

        a, b, _ = round_()
        a()  # warm both code paths, never timed
        b()
        us, xg, ratio = fresh_rounds(round_, rounds)
        # the target of its issue: Nanchang no slower than Xingguo with as many jing
        row(label, ratio, 1.0, f"Nanchang {us:.0f} µs, Xingguo {xg:.0f} µs")


def bench_guobiao(n: int, rounds: int) -> None:
    """Guobiao against the library: new hands in every round, the same hands through both
    sides (``mjcalc.score`` of a Guobiao request: every reading's fan, the 8-fan minimum), and
    beside it, for scale, the outside engine (PyMahjongGB, C++) on the same hands when it is
    installed."""
    label = "score, Guobiao hand"
    if ONLY and not any(word in label for word in ONLY):
        return
    rng = random.Random(SEED + 2)
    drawn: list[list[list[int]]] = []

    def round_() -> tuple[Callable[[], Any], Callable[[], Any], int]:
        hands14 = [first + win for first, win in (riichi_hand(rng) for _ in range(n))]
        drawn.append(hands14)
        reqs = [
            {"rules": "guobiao", "hand": format_tiles(sorted(t[:13])) + format_tiles(t[13:])}
            for t in hands14
        ]
        return run_score(reqs), mahjong_runner([to_136(t) for t in hands14]), n

    a, b, _ = round_()
    a()  # warm both code paths, never timed
    b()
    us, mj, ratio = fresh_rounds(round_, rounds)
    row(label, ratio, 1.5, f"mjcalc {us:.0f} µs, mahjong {mj:.0f} µs{_package_us(drawn[-1])}")


def _package_us(hands14: list[list[int]]) -> str:
    """PyMahjongGB's µs a hand on these hands (self-drawn, as the requests), or nothing."""
    try:
        from MahjongGB import MahjongFanCalculator
    except ImportError:
        return ""
    code = [
        ("WBT"[t // 9] + str(t % 9 + 1))
        if t < 27
        else (["F1", "F2", "F3", "F4", "J3", "J2", "J1"][t - 27])
        for t in range(34)
    ]
    start = CLOCK()
    for t in hands14:
        MahjongFanCalculator(
            pack=(),
            hand=tuple(code[x] for x in t[:13]),
            winTile=code[t[13]],
            flowerCount=0,
            isSelfDrawn=True,
            is4thTile=False,
            isAboutKong=False,
            isWallLast=False,
            seatWind=0,
            prevalentWind=0,
        )
    return f", pymahjonggb {(CLOCK() - start) / len(hands14) * 1e6:.0f} µs"


def repeated(make: Callable[[], tuple[Callable[[], Any], Callable[[], Any], int]]) -> str:
    """The old protocol's figure, for reference: one set of hands, scored in every round."""
    a, b, n = make()
    a()
    b()
    _, _, ratio = interleaved(a, b, n, rounds=5)
    return f"; repeated hands {ratio:.2f}×"


def _absent_jing(tiles: list[int]) -> str:
    """A jing kind whose 正精 and 副精 are both absent from the hand: a jing-free hand."""
    for t in range(34):
        if t not in tiles and hands.next_kind(t) not in tiles:
            return format_tiles([t])
    raise ValueError("no absent jing")


def _plain(req: dict[str, Any]) -> dict[str, Any]:
    """The request without option overrides (the common case: the ruleset's own values)."""
    req.pop("options", None)
    return req


def bench_batch(n: int, rounds: int) -> None:
    """``batch --json`` end to end in-process: read lines, score, write JSON (to /dev/null).

    The target row feeds batch new jing-free hands in every round, the same hands the library
    scores, as JSON lines (the process start is not timed: a batch pays it once). Beside it, for
    reference, the old figure (the same lines in every round). Then argument lines against JSON
    lines, and the mixed requests of the digest's kind (both rulesets, a random situation,
    melds, kongs, 跟庄), which carry more to score than the library's concealed hands: its ratio
    has no target.
    """
    rng = random.Random(SEED + 1)

    def json_round() -> tuple[Callable[[], Any], Callable[[], Any], int]:
        mj_args, reqs = same_hands(rng, n)
        return batch(_json_lines(reqs)), mahjong_runner(mj_args), n

    a, b, _ = json_round()
    a()
    b()
    us, mj, ratio = fresh_rounds(json_round, rounds)
    reps = repeated(json_round)
    row(
        "batch --json, JSON line",
        ratio,
        1.5,
        f"mjcalc {us:.0f} µs/line, mahjong {mj:.0f} µs{reps}",
    )

    def arg_round() -> tuple[Callable[[], Any], Callable[[], Any], int]:
        _, reqs = same_hands(rng, n)
        arg_lines = "".join(hands.argument_line(r) + "\n" for r in reqs).encode()
        # the JSON side's lines are other new hands: each side sees its hands once
        _, others = same_hands(rng, n)
        return batch(arg_lines), batch(_json_lines(others)), n

    args_us, json_us, ratio = fresh_rounds(arg_round, max(5, rounds // 2))
    row(
        "batch --json, argument line / JSON line",
        ratio,
        1.3,
        f"{args_us:.0f} µs/line vs {json_us:.0f} µs/line",
    )

    def mixed_round() -> tuple[Callable[[], Any], Callable[[], Any], int]:
        mixed = fresh_ok_requests(lambda: _plain(hands.xingguo_request(rng, 0)), n // 2)
        mixed += fresh_ok_requests(lambda: _plain(hands.shanghai_request(rng)), n - n // 2)
        rng.shuffle(mixed)
        return batch(_json_lines(mixed)), library_hands(rng, n), n

    us, mj, ratio = fresh_rounds(mixed_round, max(5, rounds // 2))
    name = "batch --json, mixed requests (reference)"
    print(f"{name:<44} {ratio:6.2f}×  {'no target':<19}  mjcalc {us:.0f} µs/line", flush=True)


def _json_lines(reqs: list[dict[str, Any]]) -> bytes:
    import json

    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in reqs).encode()


def batch(data: bytes) -> Callable[[], None]:
    """What ``batch --json`` does with ``data`` (read, score, write), output to /dev/null."""

    def go() -> None:
        saved = sys.stdout
        with open(os.devnull, "w", encoding="utf-8") as sink:
            sys.stdout = sink
            try:
                write_json_lines(score_lines(io.BytesIO(data), None), flush=False)
            finally:
                sys.stdout = saved

    return go


def _command_cost(args: list[str], path: str, one: str) -> float:
    """Seconds of ``mjcalc ARGS FILE --json`` on ``path`` less the same on the one-line file
    ``one`` (the process start, imports and ruleset loading), stdout to a file, as users run
    it; CPU time of the child with ``--cpu``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryFile() as sink:
        costs = []
        for target in (path, one):
            start = time.perf_counter()
            proc = subprocess.Popen(
                [*mjcalc_command(), *args, target, "--json"], stdout=sink, env=env
            )
            _, _, usage = os.wait4(proc.pid, 0)
            took = time.perf_counter() - start
            if CLOCK is time.process_time:
                took = usage.ru_utime + usage.ru_stime
            costs.append(took)
    return costs[0] - costs[1]


def bench_process(lines: int, rounds: int) -> None:
    """The batch and session rows as users run them: a process on a file, stdout to a file,
    the process start subtracted by a one-line run of the same command in the same round.

    - ``batch --json FILE`` on ``lines`` new jing-free Xingguo JSON lines against the library
      on the very same hands (a target of 1.1×);
    - ``session FILE --json`` on a new Shanghai sitting of ``lines // 2`` lines
      (``bench_session.session_lines``, a new seed every round) against ``batch --json`` of the
      same hands as the sitting scores them (:func:`_sitting_hands`: the ruleset and the
      header's options given, a multiple win as its winners' hands): what the sitting's
      bookkeeping costs (a target of 1.3×).
    """
    import json

    import bench_session

    rng = random.Random(SEED + 4)
    with tempfile.TemporaryDirectory() as tmp:
        big, one = Path(tmp) / "lines.jsonl", Path(tmp) / "one.jsonl"
        per_line: list[float] = []
        library: list[float] = []
        ratios: list[float] = []
        for r in range(rounds):
            mj_args, reqs = same_hands(rng, lines)
            big.write_text(_json_lines(reqs).decode(), encoding="utf-8")
            one.write_text(_json_lines(reqs[:1]).decode(), encoding="utf-8")
            run_library = mahjong_runner(mj_args)
            pair = ["ours", "theirs"] if r % 2 == 0 else ["theirs", "ours"]
            for side in pair:
                if side == "ours":
                    cost = _command_cost(["batch"], str(big), str(one))
                    per_line.append(cost / (lines - 1) * 1e6)
                else:
                    start = CLOCK()
                    run_library()
                    library.append((CLOCK() - start) / lines * 1e6)
            ratios.append(per_line[-1] / library[-1])
        us, mj, ratio = (statistics.median(v) for v in (per_line, library, ratios))
        row(
            "batch --json FILE, JSON line, start subtracted",
            ratio,
            1.1,
            f"mjcalc {us:.0f} µs/line, mahjong {mj:.0f} µs",
        )

        sitting, sitting_one = Path(tmp) / "sitting.jsonl", Path(tmp) / "sitting1.jsonl"
        hands_file, hands_one = Path(tmp) / "hands.txt", Path(tmp) / "hands1.txt"
        s_ratios: list[float] = []
        s_costs: list[float] = []
        b_costs: list[float] = []
        for r in range(rounds):
            text = list(bench_session.session_lines(lines // 2, seed=SEED + 100 + r))
            sitting.write_text("\n".join(text) + "\n", encoding="utf-8")
            sitting_one.write_text("\n".join(text[:2]) + "\n", encoding="utf-8")
            as_batch = _sitting_hands(text[1:], json, bench_session.HEADER)
            hands_file.write_text("\n".join(as_batch) + "\n", encoding="utf-8")
            hands_one.write_text(as_batch[0] + "\n", encoding="utf-8")
            pair = ["session", "batch"] if r % 2 == 0 else ["batch", "session"]
            for side in pair:
                if side == "session":
                    s_costs.append(_command_cost(["session"], str(sitting), str(sitting_one)))
                else:
                    b_costs.append(_command_cost(["batch"], str(hands_file), str(hands_one)))
            s_ratios.append(s_costs[-1] / b_costs[-1])
        row(
            "session FILE --json / batch of its hands",
            statistics.median(s_ratios),
            1.3,
            f"{statistics.median(s_costs):.2f} s vs {statistics.median(b_costs):.2f} s "
            f"for {lines // 2} lines",
        )


def _sitting_hands(lines: list[str], json: Any, header: dict[str, Any]) -> list[str]:
    """The hands of a Shanghai sitting's lines as batch lines, as the sitting scores them: the
    ruleset named and the header's options given (the sitting gives both to every hand); a
    multiple win's winners each a hand off its discarder; draws and escapes left out. (What the
    sitting carries from hand to hand, the dealer, 开宝 and 黄番, is left at the defaults.)"""
    options = header["session"].get("options") or {}
    flags = "".join(f" -o {name}={value}" for name, value in options.items())
    out: list[str] = []
    for line in lines:
        if not line.startswith("{"):
            out.append(line + " --rules shanghai" + flags)
            continue
        data = json.loads(line)
        if "event" in data:
            continue
        for req in data.get("winners", [data]):
            req = {**req, "rules": "shanghai"}
            if "winners" in data:
                req["discarder"] = data["discarder"]
            req.pop("dice_double", None)
            if options:
                req["options"] = {**options, **req.get("options", {})}
            out.append(json.dumps(req, ensure_ascii=False))
    return out


def _run_ms(cmd: list[str], env: dict[str, str]) -> float:
    """One run of ``cmd``: its wall time in ms, or with ``--cpu`` its CPU time (user + system,
    from ``os.wait4``: the process alone, not the time it waited for a core)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    took = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{cmd} failed")
    if CLOCK is time.process_time:
        return (usage.ru_utime + usage.ru_stime) * 1000
    return took * 1000


def bench_cold_start(runs: int = 30) -> None:
    hand = "123m456p789s11z 234m"
    commands = {
        "ours": [*mjcalc_command(), "score", hand, "--rules", "xingguo", "--jing", "9s", "--json"],
        "peer": [sys.executable, "-c", "import click, rich.console, pydantic"],
        "floor": [sys.executable, "-c", FLOOR],
    }
    # as after `pip install .`, which compiles bytecode: let Python write and use its caches
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for cmd in commands.values():
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True, env=env)
    times: dict[str, list[float]] = {key: [] for key in commands}
    for _ in range(runs):
        for key, cmd in commands.items():
            times[key].append(_run_ms(cmd, env))
    a, b, c = (statistics.median(times[key]) for key in ("ours", "peer", "floor"))
    row(
        "cold start: score --json / import click,rich,pyd.",
        a / b,
        1.0,
        f"{a:.0f} ms vs {b:.0f} ms (medians of {runs})",
    )
    name = "cold start floor: Click + one Pydantic model"
    print(f"{name:<44} {c / b:6.2f}×  {'no target':<19}  {c:.0f} ms (see bench/README.md)")
    # the round-3 target: score --json against that floor, the median of the runs' ratios
    # (each run of the three is next to the others)
    pairs = zip(times["ours"], times["floor"], strict=True)
    over_floor = statistics.median(x / y for x, y in pairs)
    row(
        "cold start: score --json / the stack floor",
        over_floor,
        1.05,
        f"{a:.0f} ms vs {c:.0f} ms (medians of {runs})",
    )


FLOOR = """import click
from pydantic import BaseModel
class Request(BaseModel):
    hand: str
print(Request.model_validate({"hand": "123m"}).model_dump_json())
"""
"""The least a command built on Click and a Pydantic model costs: import both, validate one
one-field request, write it as JSON. Reported beside the cold start (no target) to show how much
of the peer's time the stack alone takes."""


def bench_jobs(n: int, rounds: int = 5) -> None:
    rng = random.Random(SEED + 2)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        for _ in range(n):
            req = hands.random_request(rng)
            import json

            f.write(json.dumps(req, ensure_ascii=False) + "\n")
        path = f.name
    try:
        times: dict[int, list[float]] = {1: [], 2: []}
        capacity: list[float] = []
        for r in range(rounds):
            for jobs in (1, 2) if r % 2 == 0 else (2, 1):
                cmd = [*mjcalc_command(), "batch", path, "--json", "--jobs", str(jobs)]
                start = time.perf_counter()
                subprocess.run(cmd, stdout=subprocess.DEVNULL, check=False)
                times[jobs].append(time.perf_counter() - start)
            capacity.append(parallel_capacity())
        one, two = statistics.median(times[1]), statistics.median(times[2])
        # the median of each round's ratio, as for the other rows: a round's two runs are
        # next to each other, so load that comes and goes mostly cancels out
        speedup = statistics.median(a / b for a, b in zip(times[1], times[2], strict=True))
        verdict = "met" if speedup >= 1.6 else "MISSED"
        RESULTS.append(("batch --jobs 2 speed-up", speedup, verdict))
        print(
            f"{'batch --jobs 2 speed-up (higher is better)':<44} {speedup:6.2f}×  target ≥ 1.6 "
            f"  {verdict:<6}  {one:.1f} s → {two:.1f} s for {n} lines",
            flush=True,
        )
        name = "the machine's own 2-process speed-up"
        low, high = min(capacity), max(capacity)
        print(
            f"{name:<44} {statistics.median(capacity):6.2f}×  {'no target':<19}  "
            f"{low:.2f}–{high:.2f}× over the rounds: two busy loops against one",
            flush=True,
        )
    finally:
        os.unlink(path)


BUSY = "n = 0\nfor i in range(6_000_000):\n    n += i\n"


def parallel_capacity() -> float:
    """How much faster two CPU-bound processes finish together than one after the other, now:
    2.0 on two free cores, less when the host gives this machine less (other sessions, or
    other machines on the same host). The ceiling of any ``--jobs 2`` speed-up at that moment.
    """

    def run(n: int) -> float:
        start = time.perf_counter()
        procs = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(n)]
        for proc in procs:
            proc.wait()
        return time.perf_counter() - start

    return 2 * run(1) / run(2)


def million_lines(n: int) -> Iterator[bytes]:
    rng = random.Random(SEED + 3)
    import json

    pool = [json.dumps(hands.random_request(rng)).encode() + b"\n" for _ in range(2000)]
    for i in range(n):
        yield pool[i % len(pool)]


def bench_rss(n: int, jobs: int) -> None:
    cmd = [*mjcalc_command(), "batch", "-", "--json", "--jobs", str(jobs)]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    counted = [0]

    def drain() -> None:
        assert proc.stdout is not None
        for _ in proc.stdout:
            counted[0] += 1

    reader = threading.Thread(target=drain)
    reader.start()
    for line in million_lines(n):
        proc.stdin.write(line)
    proc.stdin.close()
    reader.join()
    # this child's own usage (with its workers, which it waited for): ru_maxrss is the peak
    # resident size of the largest of those processes, in KiB on Linux
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    took = time.perf_counter() - start
    peak_mb = usage.ru_maxrss / 1024
    verdict = "met" if peak_mb < 100 else "MISSED"
    RESULTS.append((f"RSS, {n} lines", peak_mb / 100, verdict))
    print(
        f"{n} lines, --jobs {jobs}: {counted[0]} results in {took:.0f} s, "
        f"peak RSS {peak_mb:.0f} MB (target < 100 MB) {verdict}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--hands", type=int, default=300, help="new hands per round and side (default 300)"
    )
    parser.add_argument("--rounds", type=int, default=21, help="paired rounds per row (default 21)")
    parser.add_argument("--batch-lines", type=int, default=20_000, help="lines for --jobs")
    parser.add_argument(
        "--process-lines",
        type=int,
        default=20_000,
        help="lines of the batch file (the sitting half as many) for --rows process",
    )
    parser.add_argument("--rss", action="store_true", help="also a million-line batch: RSS")
    parser.add_argument("--rss-lines", type=int, default=1_000_000)
    parser.add_argument("--rss-jobs", type=int, default=1)
    parser.add_argument("--skip-digest", action="store_true")
    parser.add_argument("--rss-only", action="store_true", help="only the million-line batch")
    parser.add_argument(
        "--rows",
        default=",".join(ROWS),
        help=f"only these rows, comma-separated, of: {', '.join(ROWS)} (default: all)",
    )
    parser.add_argument(
        "--only",
        default="",
        help="only the score rows whose name holds one of these comma-separated words "
        "(e.g. 'Shanghai,jing-free')",
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time the in-process rows and the cold start by CPU time, not wall time",
    )
    args = parser.parse_args()
    if args.cpu:
        global CLOCK
        CLOCK = time.process_time
    ONLY.extend(word for word in args.only.split(",") if word)
    rows = set(args.rows.split(","))
    if not rows <= set(ROWS):
        parser.error(f"--rows: unknown {', '.join(sorted(rows - set(ROWS)))}")
    if args.rss_only:
        bench_rss(args.rss_lines, args.rss_jobs)
        return
    clock = "CPU time" if args.cpu else "wall time"
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.rounds} rounds of "
        f"{args.hands} new hands per row, {clock}, load average {os.getloadavg()[0]:.1f}"
    )
    print(f"{'work':<44} {'ratio':>7}  {'target':<11}  {'':<6}  detail")
    if "score" in rows:
        bench_score(args.hands, args.rounds)
        bench_nanchang_vs_xingguo(args.hands, args.rounds)
        bench_guobiao(args.hands, args.rounds)
    if "batch" in rows:
        bench_batch(args.hands * 2, args.rounds)
    if "process" in rows:
        bench_process(args.process_lines, max(3, args.rounds // 4))
    if "cold" in rows:
        bench_cold_start()
    has_command = shutil.which(mjcalc_command()[0]) or Path(mjcalc_command()[0]).exists()
    if "jobs" in rows and has_command:
        bench_jobs(args.batch_lines)
    if args.rss:
        bench_rss(args.rss_lines, args.rss_jobs)
    missed = [name for name, _, verdict in RESULTS if verdict != "met"]
    print("targets missed: " + (", ".join(missed) if missed else "none"))
    if not args.skip_digest:
        sys.exit(0 if digest.check() else 1)


if __name__ == "__main__":
    main()
