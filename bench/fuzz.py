"""The long fuzz run: N random and hostile inputs through ``mjcalc.score``, the batch path,
the session replay and ruleset TOML files.

Run from the repository root::

    python bench/fuzz.py                  # 100000 inputs, seed 8, 20 % of them session lines
    python bench/fuzz.py --n 20000 --seed 3 --sessions 0.5 --toml 0.5

Inputs come from ``tests/support/fuzz_inputs.py`` (the generators of
``tests/hostile/test_fuzz.py``). Of the inputs that are not session lines, about half are request
objects scored by ``mjcalc.score``, half batch lines (JSON requests, often poisoned, and ``score``
argument lines) scored by the batch path in chunks of 100 lines. Session lines (``--sessions``,
the share of all inputs) come as session files of a valid header and 50 lines — hands, events and
multiple wins in JSON, often poisoned the same way, and hands as ``score`` arguments — replayed as
``mjcalc session`` does. Ruleset files (``--toml``: the chance, at each draw of the inputs
above, of one ruleset file instead, about 400 files in the default run) are bundled ruleset
files mutated or made up (``tests/hostile/toml_inputs.py``, shared with
``tests/hostile/test_toml_fuzz.py``), each loaded by the library, shown by ``mjcalc rules FILE``
and used by ``mjcalc score -r FILE``: a loaded ruleset or a user error, never ``internal_error``,
an escaped exception or a traceback (counted as ``toml:<outcome>``).

It reports how many exceptions escaped, how many answers were ``internal_error`` or unsound (a
scored result not summing to zero, a batch chunk without exactly one result per hand line, in
order, a session without one record per line after its header and a summary, or whose totals
are not minus its fees), the outcome counts (session records as ``session:<event or code>``),
and the slowest inputs: the ten slowest as measured are timed again (best of 3), since one
measurement on a busy machine may be a pause of the machine rather than the input's cost (and
with the engine's memo cleared: the cost of an input never seen before; a session line is
timed again right after its header). A clean run ends with exit status 0.
"""

from __future__ import annotations

import argparse
import collections
import heapq
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Iterable
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run without installing

from mjcalc import score
from mjcalc.app.session import replay
from mjcalc.app.session.records import Record, Summary
from mjcalc.cli.batch import score_lines
from mjcalc.models import Result
from tests.hostile.toml_inputs import check_ruleset_file, ruleset_toml
from tests.support.fuzz_inputs import (
    batch_line,
    check_result,
    check_session,
    expected_line_numbers,
    request_dict,
    session_file,
)

CHUNK = 100
SESSION_CHUNK = 50
"""Lines of one fuzzed session file after its header."""
WARM_UP = 200
"""Inputs scored before timing starts: imports and first-use tables are not the input's cost."""


T = TypeVar("T")


def timed(source: Iterable[T], items: list[T], times: list[float]) -> str | None:
    """Draw every item of ``source`` into ``items``, each one's time into ``times``; the
    traceback of an exception that escaped, or ``None``."""
    iterator = iter(source)
    try:
        while True:
            t0 = time.perf_counter()
            try:
                item = next(iterator)
            except StopIteration:
                return None
            times.append(time.perf_counter() - t0)
            items.append(item)
    except Exception:
        return traceback.format_exc()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="inputs to run (default 100000)")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument(
        "--sessions",
        type=float,
        default=0.2,
        metavar="SHARE",
        help="share of the inputs that are session lines (default 0.2)",
    )
    parser.add_argument(
        "--toml",
        type=float,
        default=0.2,
        metavar="CHANCE",
        help="chance of a ruleset TOML file at each draw (default 0.2)",
    )
    args = parser.parse_args()
    folder = tempfile.TemporaryDirectory(prefix="mjcalc-fuzz-")
    rng = random.Random(args.seed)
    warm = random.Random(-args.seed)
    for _ in range(WARM_UP):
        score(request_dict(warm))
    list(score_lines([batch_line(warm) for _ in range(WARM_UP)], None))
    list(replay(session_file(warm, WARM_UP)))

    outcomes: collections.Counter[str] = collections.Counter()
    escaped = internal = unsound = 0
    slowest: list[tuple[float, int, object]] = []  # a heap of the 10 slowest: (time, n, input)
    examples: list[str] = []
    done = 0
    start = time.perf_counter()
    while done < args.n:
        if rng.random() < args.toml:
            path = Path(folder.name) / f"rules{done}.toml"
            data = ruleset_toml(rng)
            path.write_bytes(data)
            try:
                outcomes[f"toml:{check_ruleset_file(path, rng)}"] += 1
            except AssertionError as exc:
                internal += "internal_error" in str(exc)
                unsound += "internal_error" not in str(exc)
                examples.append(f"ruleset file {data[:300]!r}: {exc}"[:600])
            except Exception:
                escaped += 1
                examples.append(f"escaped: ruleset file {data[:300]!r}\n{traceback.format_exc()}")
            path.unlink()
            done += 1
            continue
        roll = rng.random()
        if roll < args.sessions:
            lines = session_file(rng, min(SESSION_CHUNK, args.n - done))
            header = lines[0]
            items: list[Record | Summary] = []
            session_times: list[float] = []
            escape = timed(replay(lines), items, session_times)
            if escape is not None:
                escaped += 1
                examples.append(f"escaped in a session\n{escape}")
            try:
                check_session(items, lines)
            except AssertionError as exc:
                unsound += 1
                examples.append(f"unsound session: {exc}"[:600])
            by_number = dict(enumerate(lines, 1))
            for item, elapsed in zip(items, session_times, strict=True):
                if not isinstance(item, Record):
                    continue
                code = item.event if item.ok else item.error.code if item.error else "?"
                outcomes[f"session:{code}"] += 1
                if code == "internal_error":
                    internal += 1
                    examples.append(f"internal_error in a session: {by_number[item.line]!r}")
                entry = (elapsed, len(outcomes) + outcomes.total(), (header, by_number[item.line]))
                if len(slowest) < 10:
                    heapq.heappush(slowest, entry)
                elif elapsed > slowest[0][0]:
                    heapq.heapreplace(slowest, entry)
            done += len(lines) - 1
            continue
        if roll < args.sessions + (1 - args.sessions) / 2:
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
            escape = timed(iterator, results, times)
            if escape is not None:
                escaped += 1
                examples.append(f"escaped in a batch chunk\n{escape}")
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
    folder.cleanup()

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
    """The best of 3 times of one input (a request dict, a batch line, or a session's header
    and one of its lines), each with the engine's memos (its suits' ways) cleared: what the
    input costs when nothing about it was seen before."""
    engine, kinds = sys.modules["mjcalc.engine.decompose"], sys.modules["mjcalc.engine.kinds"]
    memos = (engine.coded_ways, engine._suit_ways, kinds._signed_at, engine.honor_decompositions)
    best = float("inf")
    for _ in range(3):
        for memo in memos:
            memo.cache_clear()
        t0 = time.perf_counter()
        if isinstance(given, bytes):
            list(score_lines([given], None))
        elif isinstance(given, tuple):  # a session line, after its header
            list(replay(given))
        else:
            score(given)  # type: ignore[arg-type]
        best = min(best, time.perf_counter() - t0)
    return best


if __name__ == "__main__":
    sys.exit(main())
