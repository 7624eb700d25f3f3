"""Replay a long session and show that memory stays flat: peak RSS after 1,000 lines and after all.

Run from the repository root::

    python bench/bench_session.py [--lines 60000] [--cli]

The session is generated on the fly (never held in memory): a Shanghai sitting with silver, a fee
and every kind of line — single and multiple wins, draws with dice doubles, escapes that let play
go on, and a bad line now and then. Each record is serialised to JSON as ``mjcalc session --json``
would print it, and dropped. ``--cli`` writes the session to a temporary file and runs
``python -m mjcalc session FILE --json`` in a child process instead (the whole command line,
output to /dev/null); ``--views`` compares the text view's cost a line with ``--json``'s. See
bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run without installing
sys.path.insert(0, str(ROOT / "bench"))

import hands  # noqa: E402

HEADER = {
    "session": {
        "rules": "shanghai",
        "players": {"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"},
        "balances": dict.fromkeys("ESWN", 10**9),
        "options": {"fee": 1},
    }
}
SEED = 20261201
SESSION_FIELDS = ("rules", "dealer", "kaibao", "huangfan")
"""Request fields a session supplies itself: a hand line never gives them."""


def hand_line(rng: random.Random) -> dict[str, object]:
    """A new Shanghai hand as a session line (most win; some are refused, as at a table)."""
    req = hands.shanghai_request(rng)
    for key in SESSION_FIELDS:
        req.pop(key, None)
    if rng.random() < 0.1:
        req["dice_double"] = True
    return req


def session_lines(count: int, seed: int = SEED) -> Iterator[str]:
    """The header, then ``count`` lines, every hand drawn anew (never a repeating cycle): hand
    lines in JSON and in argument form, 一炮多响, draws (some with a dice double) and escapes
    that let play go on."""
    rng = random.Random(seed)
    yield json.dumps(HEADER)
    for _ in range(count):
        roll = rng.random()
        if roll < 0.08:
            yield json.dumps({"event": "draw", "dice_double": rng.random() < 0.3})
        elif roll < 0.10:
            yield json.dumps({"event": "escape", "seat": rng.choice("ESWN"), "ends": False})
        elif roll < 0.14:
            discarder = rng.choice("ESWN")
            winners = []
            for seat in rng.sample([s for s in "ESWN" if s != discarder], 2):
                req = hand_line(rng)
                for key in ("discarder", "self_draw", "robbing_kong", "dice_double"):
                    req.pop(key, None)
                req["winner"] = seat
                winners.append(req)
            yield json.dumps({"discarder": discarder, "winners": winners}, ensure_ascii=False)
        elif roll < 0.30:
            req = hand_line(rng)
            req.pop("dice_double", None)
            yield hands.argument_line({"rules": "shanghai", **req}).replace(" --rules shanghai", "")
        else:
            yield json.dumps(hand_line(rng), ensure_ascii=False)


def peak_rss_kib(who: int = resource.RUSAGE_SELF) -> int:
    """Peak resident set size in KiB (Linux reports ru_maxrss in KiB)."""
    return resource.getrusage(who).ru_maxrss


def in_process(count: int) -> None:
    from mjcalc.app.session import replay

    checkpoints = {1_000, 10_000, 60_000, count}
    peaks: dict[int, float] = {}
    start = time.perf_counter()
    records = errors = 0
    print(f"peak RSS before the replay: {peak_rss_kib() / 1024:.1f} MiB")
    for item in replay(session_lines(count)):
        item.to_json()
        if hasattr(item, "line"):
            records += 1
            errors += not item.ok  # type: ignore[union-attr]
            if records in checkpoints:
                elapsed = time.perf_counter() - start
                peaks[records] = peak_rss_kib() / 1024
                print(
                    f"{records:>7} lines: peak RSS {peak_rss_kib() / 1024:.1f} MiB,"
                    f" {elapsed:.1f} s ({elapsed / records * 1e3:.3f} ms a line)"
                )
    print(f"{records} records ({errors} error records) and one summary")
    if 10_000 in peaks and count > 10_000:
        growth = peaks[count] / peaks[10_000] - 1
        verdict = "met" if growth <= 0.15 else "MISSED"
        print(
            f"peak RSS at {count} lines against 10000 lines: {growth:+.1%} "
            f"(target within 15%) {verdict}"
        )


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


def _child_cpu(args: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) of one child run, output to /dev/null."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open("/dev/null", "w") as devnull:
        proc = subprocess.run(args, cwd=ROOT, stdout=devnull, env=env, check=False)
    if proc.returncode not in (0, 1):  # 1: the cycle's bad lines
        raise SystemExit(f"{' '.join(args)} failed with exit status {proc.returncode}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def views(count: int, rounds: int = 5) -> None:
    """The text view (piped, and on a terminal with colour) against ``--json``, per line.

    Each view runs on the ``count``-line file and on an empty sitting (the header alone), in
    turn, ``rounds`` times; the per-line cost is the median difference over ``count``. CPU time,
    not wall time, so another busy process on the machine moves the figures less.
    """
    import os
    import statistics

    paths = []
    for lines in (count, 0):
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as out:
            for line in session_lines(lines):
                out.write(line + "\n")
            paths.append(out.name)
    plain = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR")}
    terminal = {**plain, "FORCE_COLOR": "1", "COLUMNS": "80"}
    cases = {"--json": (["--json"], plain), "text": ([], plain), "text, terminal": ([], terminal)}
    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(rounds):
        for name, (flags, env) in cases.items():
            for path in paths:
                command = [sys.executable, "-m", "mjcalc", "session", path, *flags]
                times.setdefault((name, path), []).append(_child_cpu(command, env))
    for path in paths:
        Path(path).unlink()
    per_line = {
        name: (statistics.median(times[name, paths[0]]) - statistics.median(times[name, paths[1]]))
        / count
        for name in cases
    }
    for name, cost in per_line.items():
        ratio = cost / per_line["--json"]
        print(f"{name:>15}: {cost * 1e3:.3f} ms a line ({ratio:.2f}× --json)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=60_000)
    parser.add_argument("--cli", action="store_true", help="run the mjcalc command on a file")
    parser.add_argument(
        "--views", action="store_true", help="the text view's cost a line against --json's"
    )
    args = parser.parse_args()
    if args.views:
        views(args.lines)
    elif args.cli:
        via_cli(args.lines)
    else:
        in_process(args.lines)


if __name__ == "__main__":
    main()
