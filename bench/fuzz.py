"""The long fuzz run: N random and hostile inputs through ``mjcalc.score`` and the batch path.

Run from the repository root::

    python bench/fuzz.py                  # 100000 inputs, seed 8
    python bench/fuzz.py --n 20000 --seed 3

Inputs come from ``tests/fuzz_inputs.py`` (the generators of ``tests/test_fuzz.py``): about half
are request objects scored by ``mjcalc.score``, half batch lines (JSON requests, often poisoned,
and ``score`` argument lines) scored by the batch path in chunks of 100 lines. It reports how many
exceptions escaped, how many answers were ``internal_error`` or unsound (a scored result not
summing to zero, a batch chunk without exactly one result per hand line, in order), the outcome
counts, and the slowest inputs: the ten slowest as measured are timed again (best of 3), since
one measurement on a busy machine may be a pause of the machine rather than the input's cost
(and with the engine's memo cleared: the cost of an input never seen before).
A clean run ends with exit status 0.
"""

from __future__ import annotations

import argparse
import collections
import heapq
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run without installing

from mjcalc import score
from mjcalc.cli import score_lines
from mjcalc.models import Result
from tests.fuzz_inputs import batch_line, check_result, expected_line_numbers, request_dict

CHUNK = 100
WARM_UP = 200
"""Inputs scored before timing starts: imports and first-use tables are not the input's cost."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="inputs to run (default 100000)")
    parser.add_argument("--seed", type=int, default=8)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    warm = random.Random(-args.seed)
    for _ in range(WARM_UP):
        score(request_dict(warm))
    list(score_lines([batch_line(warm) for _ in range(WARM_UP)], None))

    outcomes: collections.Counter[str] = collections.Counter()
    escaped = internal = unsound = 0
    slowest: list[tuple[float, int, object]] = []  # a heap of the 10 slowest: (time, n, input)
    examples: list[str] = []
    done = 0
    start = time.perf_counter()
    while done < args.n:
        if rng.random() < 0.5:
            request = request_dict(rng)
            t0 = time.perf_counter()
            try:
                result = score(request)
            except Exception:
                escaped += 1
                examples.append(f"escaped: {request!r}\n{traceback.format_exc()}")
                done += 1
                continue
            elapsed = time.perf_counter() - t0
            results: list[Result] = [result]
            inputs: list[object] = [request]
            times = [elapsed]
            done += 1
        else:
            lines = [batch_line(rng) for _ in range(min(CHUNK, args.n - done))]
            results, times = [], []
            iterator = score_lines(lines, rng.choice([None, "xingguo", "shanghai"]))
            try:
                while True:
                    t0 = time.perf_counter()
                    try:
                        result = next(iterator)
                    except StopIteration:
                        break
                    times.append(time.perf_counter() - t0)
                    results.append(result)
            except Exception:
                escaped += 1
                examples.append(f"escaped in a batch chunk\n{traceback.format_exc()}")
            if [r.line for r in results] != expected_line_numbers(lines):
                unsound += 1
                examples.append("a batch chunk without one result per hand line, in order")
            by_number = dict(enumerate(lines, 1))
            inputs = [by_number[r.line or 0] for r in results]  # bytes, as objects
            done += len(lines)
        for result, given, elapsed in zip(results, inputs, times, strict=True):
            text = repr(given)[:300]
            code = result.error.code if result.error else "ok"
            outcomes[code] += 1
            if code == "internal_error":
                internal += 1
                examples.append(f"internal_error: {text}")
                continue
            try:
                check_result(result)
            except AssertionError as exc:
                unsound += 1
                examples.append(f"unsound: {text}: {exc}")
            entry = (elapsed, len(outcomes) + outcomes.total(), given)
            if len(slowest) < 10:
                heapq.heappush(slowest, entry)
            elif elapsed > slowest[0][0]:
                heapq.heapreplace(slowest, entry)
    total = time.perf_counter() - start

    print(f"inputs: {done} (seed {args.seed}) in {total:.1f} s")
    print(f"escaped exceptions: {escaped}")
    print(f"internal_error: {internal}")
    print(f"unsound results: {unsound}")
    print("outcomes: " + ", ".join(f"{k} {v}" for k, v in outcomes.most_common()))
    worst = max(slowest, key=lambda e: e[0]) if slowest else (0.0, 0, "")
    print(f"slowest input as measured: {worst[0] * 1000:.1f} ms: {repr(worst[2])[:300]}")
    retimed = max(((retime(e[2]), repr(e[2])) for e in slowest), default=(0.0, ""))
    print(f"slowest input timed again (best of 3): {retimed[0] * 1000:.1f} ms: {retimed[1][:300]}")
    for example in examples[:5]:
        print(example)
    return 0 if not (escaped or internal or unsound) else 1


def retime(given: object) -> float:
    """The best of 3 times of one input (a request dict, or a batch line), each with the
    engine's memo cleared: what the input costs when nothing about it was seen before."""
    engine_search = sys.modules["mjcalc.engine.decompose"]._search
    best = float("inf")
    for _ in range(3):
        engine_search.cache_clear()
        t0 = time.perf_counter()
        if isinstance(given, bytes):
            list(score_lines([given], None))
        else:
            score(given)  # type: ignore[arg-type]
        best = min(best, time.perf_counter() - t0)
    return best


if __name__ == "__main__":
    sys.exit(main())
