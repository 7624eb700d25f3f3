"""Start-up of two mjcalc installs, side by side: the same command through each, interleaved.

For a change that must not slow the cold start (``score --json`` run once per hand by scripts):
install the code before and after it into two virtual environments (a regular ``pip install``,
as users have it, not an editable one), then

    python bench/startup_ab.py /tmp/before/bin/mjcalc /tmp/after/bin/mjcalc \\
        --runs 60 -- score 11122233344455m -r shanghai --json

Each round runs both, alternating which goes first; the medians of wall and CPU time (the
child's user + system time) are printed with the after/before ratio. This shared machine's
absolute times drift by tens of percent over minutes, so only the ratio of one run means much.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time


def measure(commands: dict[str, list[str]], runs: int) -> dict[str, tuple[float, float]]:
    """Median (wall, CPU) seconds of each command over ``runs`` interleaved rounds."""
    env = {k: v for k, v in os.environ.items() if k not in ("MJCALC_RULES", "MJCALC_LANG")}
    wall: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    names = list(commands)
    for round_ in range(runs):
        for name in names if round_ % 2 == 0 else names[::-1]:
            start = time.perf_counter()
            child = subprocess.Popen(
                commands[name], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
            )
            _, _, usage = os.wait4(child.pid, 0)
            wall[name].append(time.perf_counter() - start)
            cpu[name].append(usage.ru_utime + usage.ru_stime)
    return {n: (statistics.median(wall[n]), statistics.median(cpu[n])) for n in names}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], epilog="the command line follows --"
    )
    parser.add_argument("before", help="the mjcalc executable of the code before the change")
    parser.add_argument("after", help="the mjcalc executable of the code after it")
    parser.add_argument("--runs", type=int, default=60, help="rounds (default 60)")
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    options = parser.parse_args(argv[:cut])
    args = argv[cut + 1 :] or ["score", "11122233344455m", "-r", "shanghai", "--json"]
    found = measure(
        {"before": [options.before, *args], "after": [options.after, *args]}, options.runs
    )
    for name, (wall, cpu) in found.items():
        print(f"{name:6} wall {wall * 1e3:6.1f} ms   cpu {cpu * 1e3:6.1f} ms")
    (wall_b, cpu_b), (wall_a, cpu_a) = found["before"], found["after"]
    print(
        f"after/before: wall {wall_a / wall_b:.3f}×, cpu {cpu_a / cpu_b:.3f}×  ({' '.join(args)})"
    )


if __name__ == "__main__":
    main()
