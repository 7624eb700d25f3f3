"""Time ``mjcalc waits`` (:func:`mjcalc.app.waits.analyse`) on Xingguo hands holding two jing.

Run from the repository root::

    python bench/bench_waits.py [--hands N] [--seed S] [--repeats R]

Two rows, each over random hands with exactly two jing (wild tiles):

* **ready**: a random winning hand (bench_engine's generator) less one tile: 13 tiles, ready.
  One run finds its waits and prices each one self-drawn and off each other seat's discard.
* **discard (何切)**: the same 13 tiles plus one random tile: every discard is tried, and the
  waits of each that leaves the hand ready are priced.

"cold" clears the engine's memo caches before the run; "warm" repeats the hand at once. Each
hand's figure is the best of ``--repeats`` runs (time stolen by other processes filtered out);
the row shows the median, p95 and maximum over the hands (the targets are for the maximum:
ready < 50 ms, 何切 < 500 ms), the mean number of waits priced and of evaluator calls per
hand, and then the slowest hand of each row, to rerun by itself.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run without installing
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import Case, clear_engine_caches, p95, random_case, timed

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
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cases = [random_case(rng, 2) for _ in range(args.hands)]
    print(f"{args.hands} Xingguo hands with 2 jing, seed {args.seed}, best of {args.repeats};"
          " times in ms")  # fmt: skip
    print(HEADER)
    analyse(ready_request(cases[0], random.Random(0)))  # imports and ruleset loading, untimed
    slowest = []
    for label, build in (("ready", ready_request), ("discard", discard_request)):
        requests = [build(case, rng) for case in cases]
        cold, warm, waits, calls = measure(requests, args.repeats)
        print(
            f"{LABELS[label]} | {statistics.median(cold):>11.1f} {p95(cold):>9.1f}"
            f" {max(cold):>9.1f} | {statistics.median(warm):>11.1f} {p95(warm):>9.1f}"
            f" {max(warm):>9.1f} | {statistics.fmean(waits):>5.1f} {statistics.fmean(calls):>6.1f}"
        )
        worst = max(range(len(requests)), key=cold.__getitem__)
        slowest.append(
            f"slowest {label}: {cold[worst]:.1f} ms, {waits[worst]:.0f} waits,"
            f" {calls[worst]:.0f} evaluator calls: {requests[worst]}"
        )
    print("\n".join(slowest))


if __name__ == "__main__":
    main()
