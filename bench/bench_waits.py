"""Time ``mjcalc waits`` (:func:`mjcalc.app.waits.analyse`) on Xingguo hands holding jing.

Run from the repository root::

    python bench/bench_waits.py [--hands N] [--seed S] [--repeats R] [--jing J]
    python bench/bench_waits.py --jing 4 --command 10   # also the whole command, wall time

Two rows, each over random hands with exactly ``--jing`` jing (wild tiles; default two):

* **ready**: a random winning hand (bench_engine's generator) less one tile: 13 tiles, ready.
  One run finds its waits and prices each one self-drawn and off each other seat's discard.
* **discard (何切)**: the same 13 tiles plus one random tile: every discard is tried, and the
  waits of each that leaves the hand ready are priced.

"cold" clears the engine's memo caches before the run; "warm" repeats the hand at once. Each
hand's figure is the best of ``--repeats`` runs (time stolen by other processes filtered out);
the row shows the median, p95 and maximum over the hands (the targets are for the maximum:
ready < 50 ms, 何切 < 500 ms), the mean number of waits priced and of evaluator calls per
hand, and then the slowest hand of each row, to rerun by itself.

``--command N`` then runs the whole command (``mjcalc waits HAND --jing J -r xingguo --json``,
a new process: start-up, imports and every memo empty) ``N`` times on the slowest 何切 hand of
the row and on a fixed 14-tile hand with seven jing (``11122223456789m``, jing ``1m``), and
prints the median and maximum wall time (target: well under 500 ms, start-up included).
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run without installing
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import Case, clear_engine_caches, mjcalc_command, p95, random_case, timed

import mjcalc.app.waits
from mjcalc.app.waits import analyse
from mjcalc.notation import format_tiles
from mjcalc.tiles import N_KINDS, code

HEADER = (
    "case       | cold median  cold p95  cold max | warm median  warm p95  warm max | waits  calls"
)
LABELS = {"ready": "ready     ", "discard": "何切 14   "}  # padded to 10 columns (何切 is 4 wide)


def ready_request(case: Case, rng: random.Random) -> dict[str, object]:
    tiles = list(case.tiles)
    tiles.pop(rng.randrange(len(tiles)))
    return {"rules": "xingguo", "jing": code(case.wild_kinds[0]), "hand": format_tiles(tiles)}


def discard_request(case: Case, rng: random.Random) -> dict[str, object]:
    request = ready_request(case, rng)
    tiles = list(case.tiles)
    main = case.wild_kinds[0]
    while True:
        extra = rng.randrange(N_KINDS)
        copies = tiles.count(extra) + 1
        if copies <= (3 if extra == main else 4):
            break
    request["hand"] = f"{request['hand']}{code(extra)}"
    return request


class EvaluatorCalls:
    """Counts the ruleset evaluator's calls made by ``analyse`` (the cost that matters)."""

    def __init__(self) -> None:
        self.count = 0
        self._inner = mjcalc.app.waits.score_hand

    def __enter__(self) -> EvaluatorCalls:
        def counted(*args: Any) -> Any:
            self.count += 1
            return self._inner(*args)

        mjcalc.app.waits.score_hand = counted
        return self

    def __exit__(self, *exc: object) -> None:
        mjcalc.app.waits.score_hand = self._inner


def measure(requests: list[dict[str, object]], repeats: int) -> tuple[list[float], ...]:
    cold, warm, waits, calls = [], [], [], []
    for request in requests:
        runs = []
        for _ in range(repeats):
            clear_engine_caches()
            runs.append(timed(lambda r=request: analyse(r)))
        cold.append(min(runs))
        warm.append(min(timed(lambda r=request: analyse(r)) for _ in range(repeats)))
        with EvaluatorCalls() as counter:
            result = analyse(request)
        assert result.ok, result.error
        found = result.waits or [w for d in result.discards or [] for w in d.waits]
        waits.append(float(len(found)))
        calls.append(float(counter.count))
    return cold, warm, waits, calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50, help="hands per row (default 50)")
    parser.add_argument("--seed", type=int, default=20261201, help="random seed")
    parser.add_argument("--repeats", type=int, default=3, help="runs per hand, best kept")
    parser.add_argument("--jing", type=int, default=2, help="jing per hand, 0-7 (default 2)")
    parser.add_argument("--command", type=int, default=0, help="also time the command N times")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cases = [random_case(rng, args.jing) for _ in range(args.hands)]
    print(f"{args.hands} Xingguo hands with {args.jing} jing, seed {args.seed},"
          f" best of {args.repeats}; times in ms")  # fmt: skip
    print(HEADER)
    analyse(ready_request(cases[0], random.Random(0)))  # imports and ruleset loading, untimed
    slowest = []
    worst_discard: dict[str, object] = {}
    for label, build in (("ready", ready_request), ("discard", discard_request)):
        requests = [build(case, rng) for case in cases]
        cold, warm, waits, calls = measure(requests, args.repeats)
        print(
            f"{LABELS[label]} | {statistics.median(cold):>11.1f} {p95(cold):>9.1f}"
            f" {max(cold):>9.1f} | {statistics.median(warm):>11.1f} {p95(warm):>9.1f}"
            f" {max(warm):>9.1f} | {statistics.fmean(waits):>5.1f} {statistics.fmean(calls):>6.1f}"
        )
        worst = max(range(len(requests)), key=cold.__getitem__)
        if label == "discard":
            worst_discard = requests[worst]
        slowest.append(
            f"slowest {label}: {cold[worst]:.1f} ms, {waits[worst]:.0f} waits,"
            f" {calls[worst]:.0f} evaluator calls: {requests[worst]}"
        )
    print("\n".join(slowest))
    if args.command:
        fixed = {"hand": "11122223456789m", "jing": "1m"}
        for name, request in (("slowest 何切", worst_discard), ("7 jing 何切", fixed)):
            walls = command_walls(request, args.command)
            print(
                f"command, {name}: median {statistics.median(walls):.0f} ms,"
                f" max {max(walls):.0f} ms over {len(walls)} runs ({request['hand']})"
            )


def command_walls(request: dict[str, object], runs: int) -> list[float]:
    """Wall times (ms) of ``mjcalc waits`` on ``request``'s hand, each a new process."""
    cmd = [*mjcalc_command(), "waits", str(request["hand"]), "--jing", str(request["jing"])]
    cmd += ["-r", "xingguo", "--json"]
    walls = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)  # a failure is no timing
        walls.append((time.perf_counter() - start) * 1000.0)
    return walls


if __name__ == "__main__":
    main()
