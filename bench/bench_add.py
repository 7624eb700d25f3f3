"""Time ``mjcalc session FILE --add LINE`` on a long sitting: with the checkpoint, and without it.

Run from the repository root::

    python bench/bench_add.py [--lines 10000] [--rounds 5]

A Shanghai sitting of ``--lines`` lines (bench_session.py's cycle of every kind of line) is written
to a temporary directory. Each round runs the whole command line in a child process
(``python -m mjcalc session FILE --add LINE --json``, output to /dev/null), alternating: once with
the checkpoint beside FILE in place (what a table sees: the previous ``--add`` left it), once
with it deleted first (the full replay, as every ``--add`` did before the checkpoint). Each
``--add`` is undone again (``--undo``, not timed) so every round adds to the same sitting. Prints
the median wall time of each, that of an ``--add`` to a one-line sitting (start-up and imports:
the floor) and their ratio; the target is under 2 s with the checkpoint.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bench_session import session_lines  # noqa: E402

LINE = "11122233344455m --winner E --discarder S"


def mjcalc(*args: str) -> float:
    """Seconds one ``python -m mjcalc ARGS`` takes (it must succeed)."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "mjcalc", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"mjcalc {' '.join(args)} failed: {done.stderr.decode()}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "sitting.jsonl"
        with path.open("w", encoding="utf-8") as out:
            for line in session_lines(args.lines):
                out.write(line + "\n")
        checkpoint = Path(directory) / f".{path.name}.mjcalc-checkpoint"
        # the sitting's last cycle line is a bad one (an error record): end on a draw so that
        # the added hand is never after an escape that ended the game
        mjcalc("session", str(path), "--add", '{"event": "draw"}', "--json")
        size = path.stat().st_size
        print(f"sitting: {args.lines + 2:,} lines, {size / 1024:.0f} KiB")
        warm, cold, undo, full_undo = [], [], [], []
        for _round in range(args.rounds):
            assert checkpoint.exists()
            warm.append(mjcalc("session", str(path), "--add", LINE, "--json"))
            undo.append(mjcalc("session", str(path), "--undo", "--json"))  # leaves a checkpoint
            checkpoint.unlink()
            cold.append(mjcalc("session", str(path), "--add", LINE, "--json"))
            checkpoint.unlink()
            full_undo.append(mjcalc("session", str(path), "--undo", "--json"))
        small = Path(directory) / "small.jsonl"
        small.write_text(next(session_lines(0)) + "\n", encoding="utf-8")
        floor = []
        for _round in range(args.rounds):
            floor.append(mjcalc("session", str(small), "--add", LINE, "--json"))
            mjcalc("session", str(small), "--undo", "--json")
        w, c = statistics.median(warm), statistics.median(cold)
        print(f"--add with the checkpoint:    median {w:.3f} s over {args.rounds} runs")
        print(f"--add replaying every line:   median {c:.3f} s over {args.rounds} runs")
        print(f"--undo just after an --add:   median {statistics.median(undo):.3f} s")
        print(f"--undo replaying every line:  median {statistics.median(full_undo):.3f} s")
        print(f"--add to a sitting of 1 line: median {statistics.median(floor):.3f} s (the floor)")
        print(f"ratio: {c / w:.1f}x faster with the checkpoint")
        print("target: under 2 s with the checkpoint:", "met" if w < 2 else "NOT MET")


if __name__ == "__main__":
    main()
