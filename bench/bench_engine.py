"""Time a full engine analysis of random winning hands with 0, 1, 2, 3, 4 and 7 wild tiles.

Run from the repository root::

    python bench/bench_engine.py [--hands N] [--seed S]

For each hand it times what a Xingguo evaluation asks of the engine: every reading of the 14
tiles (plain, honor sets of one class, seven pairs, 十三烂, 七星十三烂) plus the lone-wild-wait
question on the 13 tiles before the winning tile. "cold" clears the engine's memo caches before
each hand (a hand never seen before, nothing shared with the previous one); "warm" repeats the
same hand straight after (what a second evaluation of it costs). See bench/README.md.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run without installing

from mjcalc.engine import ShapeRules, lone_wild_wait, readings
from mjcalc.rules.jing import next_kind
from mjcalc.tiles import DRAGONS, N_KINDS, WINDS, Tile

RULES = ShapeRules(
    honor_sets="same_class", seven_pairs=True, thirteen_lan=True, seven_star_lan=True
)
WILD_COUNTS = (0, 1, 2, 3, 4, 7)
MAIN_COPIES, SECOND_COPIES = 3, 4  # the flipped tile is out of play: 3 正精 + 4 副精
HEADER = "wilds | cold mean  cold p95 | warm mean  warm p95 | readings"


@dataclass(frozen=True)
class Case:
    """A winning hand: its 14 concealed tiles (the last one is the winning tile) and wild kinds."""

    tiles: tuple[Tile, ...]
    wild_kinds: tuple[Tile, Tile]


def random_sets_and_pair(rng: random.Random, avoid: set[Tile]) -> list[Tile]:
    """4 random sets (mostly chows, some pungs, a few honor sets) + a pair, no ``avoid`` kinds."""
    while True:
        hand: list[Tile] = []
        for _ in range(4):
            roll = rng.random()
            if roll < 0.55:
                start = rng.choice([t for t in range(27) if t % 9 <= 6])
                hand += [start, start + 1, start + 2]
            elif roll < 0.9:
                hand += [rng.randrange(N_KINDS)] * 3
            else:
                hand += rng.sample(WINDS, 3) if rng.random() < 0.5 else list(DRAGONS)
        hand += [rng.randrange(N_KINDS)] * 2
        if all(hand.count(t) <= 4 for t in hand) and not avoid & set(hand):
            return hand


def random_case(rng: random.Random, n_wild: int) -> Case:
    """A winning hand with exactly ``n_wild`` jing: real tiles replaced by jing copies."""
    main = rng.randrange(N_KINDS)
    second = next_kind(main)
    hand = random_sets_and_pair(rng, {main, second})
    faces = [main] * MAIN_COPIES + [second] * SECOND_COPIES
    for position, face in zip(
        rng.sample(range(14), n_wild), rng.sample(faces, n_wild), strict=True
    ):
        hand[position] = face
    rng.shuffle(hand)
    return Case(tuple(hand), (main, second))


def mjcalc_command() -> list[str]:
    """The command that runs mjcalc in this environment: its script, else ``python -m mjcalc``."""
    script = Path(sys.executable).parent / "mjcalc"
    return [str(script)] if script.exists() else [sys.executable, "-m", "mjcalc"]


def clear_engine_caches() -> None:
    """Forget every memo the engine keeps (any function of an engine module with a cache)."""
    for name, module in list(sys.modules.items()):
        if name.startswith("mjcalc.engine"):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
    # the table of resolved wild groups, kept by group number and faces, and their uses
    readings_module = sys.modules["mjcalc.engine.readings"]
    readings_module._RESOLVED.clear()
    readings_module._USE_TUPLES.clear()


def analyse(case: Case) -> int:
    """What an evaluation asks: every reading, and the wait before the winning tile."""
    found = list(readings(case.tiles, (), case.wild_kinds, RULES))
    lone_wild_wait(case.tiles[:13], (), case.wild_kinds, RULES)
    return len(found)


def timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) * 1000.0


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1]


def measure(cases: list[Case], repeats: int) -> tuple[list[float], list[float], list[int]]:
    """Per hand, the best of ``repeats`` cold and of ``repeats`` warm runs (the minimum filters
    out time stolen by other processes; the cold runs each start from cleared caches)."""
    cold, warm, n_readings = [], [], []
    for case in cases:
        cold_runs = []
        for _ in range(repeats):
            clear_engine_caches()
            cold_runs.append(timed(lambda case=case: analyse(case)))
        warm_runs = [timed(lambda case=case: analyse(case)) for _ in range(repeats)]
        cold.append(min(cold_runs))
        warm.append(min(warm_runs))
        n_readings.append(analyse(case))
    return cold, warm, n_readings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="hands per row (default 300)")
    parser.add_argument("--seed", type=int, default=20240601, help="random seed")
    parser.add_argument("--repeats", type=int, default=3, help="runs per hand, best kept")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(
        f"{args.hands} random winning hands per row, seed {args.seed}, best of {args.repeats}"
        " runs per hand; times in ms"
    )
    print(HEADER)
    for n_wild in WILD_COUNTS:
        cases = [random_case(rng, n_wild) for _ in range(args.hands)]
        cold, warm, n_readings = measure(cases, args.repeats)
        print(
            f"{n_wild:>5} | {statistics.fmean(cold):>9.3f} {p95(cold):>9.3f} |"
            f" {statistics.fmean(warm):>9.3f} {p95(warm):>9.3f} |"
            f" {statistics.fmean(n_readings):>8.1f}"
        )


if __name__ == "__main__":
    main()
