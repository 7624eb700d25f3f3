"""Guobiao's fan calculator against PyMahjongGB on many random situations: the agreement rate.

Run from the repository root, with the ``test`` extra installed (it holds ``pymahjonggb``)::

    python bench/guobiao_oracle.py                      # 200,000 situations, seed 20261207
    python bench/guobiao_oracle.py --cases 1000000 --seed 7

The situations are those of ``tests/rules/guobiao/test_oracle.py`` (every shape, melds, kongs,
flags, winds, flowers; :mod:`tests.rules.guobiao.situations`); each must agree with the package
fan by fan. It prints the agreement, the time each side took, and every disagreement (the
first ``--show`` in full).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run without installing

from MahjongGB import MahjongFanCalculator

from tests.rules.guobiao.situations import ours, package_fans, situation


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=20261207)
    parser.add_argument("--show", type=int, default=20, help="disagreements printed in full")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    shapes: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    mine_s = theirs_s = 0.0
    shown = 0
    for _ in range(args.cases):
        s = situation(rng)
        shapes[s.shape] += 1
        t0 = time.perf_counter()
        mine = ours(s)
        t1 = time.perf_counter()
        theirs = package_fans(MahjongFanCalculator, s)
        t2 = time.perf_counter()
        mine_s += t1 - t0
        theirs_s += t2 - t1
        if mine != theirs:
            wrong[s.shape] += 1
            if shown < args.show:
                shown += 1
                print(f"{s.shape}: {s.hand}\n  mjcalc:     {mine}\n  pymahjonggb: {theirs}")
    n = args.cases
    agree = n - sum(wrong.values())
    print(f"{n} situations, seed {args.seed}: {agree} agree ({100 * agree / n:.3f}%)")
    for shape, k in sorted(shapes.items()):
        print(f"  {shape:20} {k:8} situations, {wrong[shape]} disagreements")
    per = 1e6 / n
    print(f"per situation: mjcalc {mine_s * per:.1f} µs, pymahjonggb {theirs_s * per:.1f} µs")
    sys.exit(0 if agree == n else 1)


if __name__ == "__main__":
    main()
