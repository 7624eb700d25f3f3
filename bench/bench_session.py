"""Replay a long session and show that memory stays flat: peak RSS after 1,000 lines and after all.

Run from the repository root::

    python bench/bench_session.py [--lines 100000] [--cli]

The session is generated on the fly (never held in memory): a Shanghai sitting with silver, a fee
and every kind of line — single and multiple wins, draws with dice doubles, escapes that let play
go on, and a bad line now and then. Each record is serialised to JSON as ``mjcalc session --json``
would print it, and dropped. ``--cli`` writes the session to a temporary file and runs
``python -m mjcalc session FILE --json`` in a child process instead (the whole command line,
output to /dev/null). See bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run without installing

HEADER = {
    "session": {
        "rules": "shanghai",
        "players": {"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"},
        "balances": dict.fromkeys("ESWN", 10**9),
        "options": {"fee": 1},
    }
}
CYCLE = [
    '{"hand": "11122233344455m", "winner": "E", "discarder": "S"}',
    "111m222p333s444m55p --winner S --dice-double",
    '{"event": "draw", "dice_double": true}',
    '{"discarder": "N", "winners": [{"hand": "11122233344455m", "winner": "E"},'
    ' {"hand": "111m222p333s444m55p", "winner": "W"}]}',
    '{"event": "draw"}',
    '{"hand": "EEESSSWWWNNNPP", "winner": "N", "discarder": "W", "options": {"stake": 2}}',
    '{"event": "escape", "seat": "W", "ends": false}',
    "123m456p789s11z 234m --winner W",  # illegal_win in Shanghai: an error record
]


def session_lines(count: int) -> Iterator[str]:
    """The header, then ``count`` lines cycling through :data:`CYCLE`."""
    yield json.dumps(HEADER)
    for i in range(count):
        yield CYCLE[i % len(CYCLE)]


def peak_rss_kib(who: int = resource.RUSAGE_SELF) -> int:
    """Peak resident set size in KiB (Linux reports ru_maxrss in KiB)."""
    return resource.getrusage(who).ru_maxrss


def in_process(count: int) -> None:
    from mjcalc.app.session import replay
    from mjcalc.cli.session import session_args

    checkpoints = {1_000, 10_000, count}
    start = time.perf_counter()
    records = errors = 0
    print(f"peak RSS before the replay: {peak_rss_kib() / 1024:.1f} MiB")
    for item in replay(session_lines(count), parse_args=session_args):
        item.to_json()
        if hasattr(item, "line"):
            records += 1
            errors += not item.ok  # type: ignore[union-attr]
            if records in checkpoints:
                elapsed = time.perf_counter() - start
                print(
                    f"{records:>7} lines: peak RSS {peak_rss_kib() / 1024:.1f} MiB,"
                    f" {elapsed:.1f} s ({elapsed / records * 1e3:.3f} ms a line)"
                )
    print(f"{records} records ({errors} error records) and one summary")


def via_cli(count: int) -> None:
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as out:
        for line in session_lines(count):
            out.write(line + "\n")
        path = out.name
    size = Path(path).stat().st_size
    start = time.perf_counter()
    with open("/dev/null", "w") as devnull:
        proc = subprocess.run(
            [sys.executable, "-m", "mjcalc", "session", path, "--json"],
            cwd=ROOT,
            stdout=devnull,
            check=False,
        )
    elapsed = time.perf_counter() - start
    Path(path).unlink()
    print(
        f"mjcalc session FILE --json, {count} lines ({size / 1e6:.1f} MB): exit {proc.returncode},"
        f" {elapsed:.1f} s, child peak RSS {peak_rss_kib(resource.RUSAGE_CHILDREN) / 1024:.1f} MiB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--cli", action="store_true", help="run the mjcalc command on a file")
    args = parser.parse_args()
    if args.cli:
        via_cli(args.lines)
    else:
        in_process(args.lines)


if __name__ == "__main__":
    main()
