"""The long fuzz run: N random and hostile inputs through ``mjcalc.score`` and the batch path.

Run from the repository root::

    python bench/fuzz.py                  # 100000 inputs, seed 8
    python bench/fuzz.py --n 20000 --seed 3

Inputs come from ``tests/fuzz_inputs.py`` (the generators of ``tests/test_fuzz.py``): about half
are request objects scored by ``mjcalc.score``, half batch lines (JSON requests, often poisoned,
and ``score`` argument lines) scored by the batch path in chunks of 100 lines. It reports how many
exceptions escaped, how many answers were ``internal_error`` or unsound (a scored result not
summing to zero, a batch chunk without exactly one result per hand line, in order), the outcome
counts, and the slowest single input with its time. A clean run ends with exit status 0.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run without installing

from mjcalc import score
from mjcalc.cli import score_lines
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
    slowest = (0.0, "")
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
            results, inputs = [result], [repr(request)]
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
            inputs = [repr(by_number[r.line or 0][:300]) for r in results]
            done += len(lines)
        for result, text, elapsed in zip(results, inputs, times, strict=True):
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
            if elapsed > slowest[0]:
                slowest = (elapsed, text)
    total = time.perf_counter() - start

    print(f"inputs: {done} (seed {args.seed}) in {total:.1f} s")
    print(f"escaped exceptions: {escaped}")
    print(f"internal_error: {internal}")
    print(f"unsound results: {unsound}")
    print("outcomes: " + ", ".join(f"{k} {v}" for k, v in outcomes.most_common()))
    print(f"slowest input: {slowest[0] * 1000:.1f} ms: {slowest[1][:400]}")
    for example in examples[:5]:
        print(example)
    return 0 if not (escaped or internal or unsound) else 1


if __name__ == "__main__":
    sys.exit(main())
