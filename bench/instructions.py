"""Instructions a new hand costs, counted by valgrind: a repeatable figure for one step of work.

On a shared machine the time of a hand moves by more than most single changes (see README.md),
so each step of speed work can also be weighed by the processor instructions it saves, which
do not depend on what else the machine is doing. Run from the repository root (valgrind is a
system program; the row figures against the ``mahjong`` library stay those of ``compare.py``)::

    python bench/instructions.py --kind sh --hands 3000      # Shanghai
    python bench/instructions.py --kind 4 --hands 1500       # Xingguo, 4 jing
    python bench/instructions.py --kind 0 --root ../old      # another tree's code, same hands

The hands are new, seeded and scored once each (those that score, as in ``compare.py``). The
script runs the tree's ``mjcalc`` under ``valgrind --tool=callgrind`` twice, scoring the first
300 hands (imports, rules, the first memo entries) and then 300 + ``--hands``, and prints the
difference per hand. Instructions are not time: cache misses and the garbage collector's
walks are not weighed the same, so a step is kept only if ``compare.py`` agrees.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run without installing
sys.path.insert(0, str(HERE))

import hands  # noqa: E402

WARM = 300
RUNNER = """
import json, sys
sys.path.insert(0, sys.argv[1])
import mjcalc
assert mjcalc.__file__.startswith(sys.argv[1]), mjcalc.__file__
for request in json.load(open(sys.argv[2]))[: int(sys.argv[3])]:
    mjcalc.score(request)
"""


def _request(rng: random.Random, kind: str) -> dict[str, Any]:
    """A request as ``compare.py``'s score rows draw them (no option overrides)."""
    req = hands.shanghai_request(rng) if kind == "sh" else hands.xingguo_request(rng, int(kind))
    req.pop("options", None)
    return req


def _scores(request: dict[str, Any]) -> bool:
    import mjcalc

    return mjcalc.score(request).ok


def new_hands(kind: str, n: int, seed: int) -> list[dict[str, Any]]:
    """``n`` seeded requests of ``kind`` that score, asked of a forked worker (this process
    never scores a hand)."""
    rng = random.Random(seed)
    found: list[dict[str, Any]] = []
    with multiprocessing.get_context("fork").Pool(1) as pool:
        while len(found) < n:
            batch = [_request(rng, kind) for _ in range(2 * (n - len(found)) + 8)]
            found += [r for r, ok in zip(batch, pool.map(_scores, batch, 64), strict=True) if ok]
    return found[:n]


def collected(root: Path, requests: Path, n: int) -> int:
    """Instructions valgrind counts for scoring the first ``n`` requests with ``root``'s code."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    cmd += [sys.executable, "-c", RUNNER, str(root), str(requests), str(n)]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True).stderr
    match = re.search(r"Collected : (\d+)", out)
    if match is None:
        raise SystemExit(f"no count in valgrind's output:\n{out[-2000:]}")
    return int(match.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", default="sh", help="sh (Shanghai) or 0, 1, 2, 4, 7 (jing)")
    parser.add_argument("--hands", type=int, default=2000, help="hands counted after the first")
    parser.add_argument("--seed", type=int, default=777)
    parser.add_argument("--root", type=Path, default=HERE.parent, help="the tree whose code runs")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    root = args.root.resolve()
    with tempfile.TemporaryDirectory() as tmp:
        requests = Path(tmp) / "hands.json"
        requests.write_text(json.dumps(new_hands(args.kind, WARM + args.hands, args.seed)))
        before = collected(root, requests, WARM)
        after = collected(root, requests, WARM + args.hands)
    per_hand = (after - before) / args.hands
    print(f"{args.kind}: {per_hand:,.0f} instructions a hand ({args.hands} new hands, {root})")


if __name__ == "__main__":
    main()
