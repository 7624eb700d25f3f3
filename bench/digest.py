"""The correctness digest: sha256 of the JSON results of 20,000 seeded random requests.

Optimisations must not change a single result. ``python bench/digest.py`` prints the digests;
``--check`` compares them with ``bench/digest.txt`` (recorded from the code before any
optimisation) and exits 1 on a difference. Two digests:

- **score**: ``mjcalc.score(request).to_json()`` for every request (both rulesets, 0–7 jing,
  melds, flowers, kongs by others, discards and self-draws, option overrides, and wrong
  requests: bad notation, hands that do not win, illegal wins, contradictions);
- **waits**: ``mjcalc waits``'s JSON (``mjcalc.app.waits.analyse``) for 1,000 of the same kind of
  requests, their winning-tile fields removed, every third hand one tile short (ready hands and
  their waits, 14-tile hands and their discards, hands not ready, errors);
- **lines**: a sample of the same requests written as ``mjcalc score`` argument lines, plus
  malformed argument lines, turned into requests by ``batch``'s line reader
  (``mjcalc.app.batch.line_request``): the request, or the error it raised;
- **batch**: what ``mjcalc batch --json FILE`` writes (and its exit status), run as users run it,
  on a file of 4,000 of the requests as JSON lines and argument lines, blank lines, comments,
  malformed JSON and malformed argument lines;
- **session**: what ``mjcalc session FILE --json`` writes (records and summary, and its exit
  status) for three sittings: 2,000 Shanghai lines of every kind (``bench_session``), a Xingguo
  sitting of hands, draws, 诈胡 and adjustments in JSON and in words, and the docs' own example.
  These two run the command line, so that they stay the same check whatever moves inside.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run without installing

import hands

import mjcalc
from mjcalc.errors import MjcalcError

SEED, COUNT, LINE_EVERY = 20261201, 20_000, 4
DIGEST_FILE = Path(__file__).resolve().parent / "digest.txt"


def requests(seed: int = SEED, count: int = COUNT) -> list[dict]:
    rng = random.Random(seed)
    return [hands.random_request(rng) for _ in range(count)]


def score_digest(reqs: list[dict]) -> str:
    h = hashlib.sha256()
    for req in reqs:
        h.update(mjcalc.score(req).to_json().encode())
        h.update(b"\n")
    return h.hexdigest()


WAITS_SEED, WAITS_COUNT = 7, 1_000
WIN_FIELDS = ("win_tile", "discarder", "self_draw", "after_kong", "robbing_kong")


def waits_requests(seed: int = WAITS_SEED, count: int = WAITS_COUNT) -> list[dict]:
    """Requests of the digest's mix without their winning tile; every third one a tile short."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        req = hands.random_request(rng)
        for name in WIN_FIELDS:
            req.pop(name, None)
        short = re.match(r"^(\S*?)(\d)([mpsz])(.*)$", req["hand"])
        if i % 3 == 0 and short and short.group(1) and short.group(1)[-1].isdigit():
            req["hand"] = short.group(1) + short.group(3) + short.group(4)
        out.append(req)
    return out


def waits_digest(reqs: list[dict]) -> str:
    from mjcalc.app.waits import analyse

    h = hashlib.sha256()
    for req in reqs:
        h.update(analyse(req).to_json().encode())
        h.update(b"\n")
    return h.hexdigest()


def lines_digest(reqs: list[dict]) -> str:
    from mjcalc.app.batch import line_request as batch_request

    texts = [hands.argument_line(r) for r in reqs[::LINE_EVERY]] + hands.BAD_ARGUMENT_LINES
    h = hashlib.sha256()
    for text in texts:
        for default in (None, "xingguo"):
            try:
                out = json.dumps(batch_request(text, default), ensure_ascii=False)
            except MjcalcError as exc:
                out = f"error {exc.code}: {exc.message}"
            h.update(out.encode() + b"\n")
    return h.hexdigest()


BATCH_EVERY = 5
BAD_JSON_LINES = ['{"rules": "xingguo", "hand": ', "[1, 2]", '{"rules": 7}', "{}", "  ", "# a"]


def _run_cli(*args: str) -> bytes:
    """``python -m mjcalc ARGS`` in a clean environment: its stdout and exit status."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MJCALC_", "COLUMNS"))}
    env["NO_COLOR"] = "1"
    root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run(
        [sys.executable, "-m", "mjcalc", *args], capture_output=True, env=env, check=False
    )
    return done.stdout + f"\nexit {done.returncode}\n".encode()


def batch_digest(reqs: list[dict]) -> str:
    rng = random.Random(SEED)
    lines: list[str] = []
    for i, req in enumerate(reqs[::BATCH_EVERY]):
        if i % 3 == 0:
            lines.append(hands.argument_line(req))
        else:
            lines.append(json.dumps(req, ensure_ascii=False))
        if rng.random() < 0.02:
            lines.append(rng.choice(BAD_JSON_LINES + hands.BAD_ARGUMENT_LINES))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return hashlib.sha256(_run_cli("batch", "--json", str(path))).hexdigest()


PLAYERS = {"E": "甲", "S": "乙", "W": "丙", "N": "丁"}
XINGGUO_SITTING = [
    json.dumps({"session": {"rules": "xingguo", "players": PLAYERS}}),
    '{"hand": "123m456m789m123p11z", "winner": "E", "self_draw": true, "jing": "1s"}',
    "123m456m789m123p11z --winner S --discarder W --jing 2s",
    '{"event": "draw"}',
    "和牌",
    '{"event": "false_win", "seat": "N"}',
    "诈胡 西",
    "123m456m789m123p11z --winner E --self-draw --jing 3p",
    "adjust N S 20 --reason 'slow play'",
    '{"hand": "11m22m33m44m55m66m77m", "winner": "W", "self_draw": true, "jing": "9s"}',
    "123m456m789m123p11z --winner N --discarder E --jing 1m",
]


def session_digest() -> str:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import bench_session

    h = hashlib.sha256()
    with tempfile.TemporaryDirectory() as tmp:
        sittings = {
            "shanghai.jsonl": list(bench_session.session_lines(2_000)),
            "xingguo.jsonl": XINGGUO_SITTING,
        }
        docs = Path(__file__).resolve().parent.parent / "docs" / "examples" / "sitting.jsonl"
        for name, lines in sittings.items():
            path = Path(tmp) / name
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
            h.update(_run_cli("session", str(path), "--json"))
        h.update(_run_cli("session", str(docs), "--json"))
    return h.hexdigest()


def recorded() -> dict[str, str]:
    values = {}
    for line in DIGEST_FILE.read_text().splitlines():
        key, sep, value = line.partition("=")
        if sep:
            values[key.strip()] = value.strip()
    return values


def check() -> bool:
    """Compute both digests and compare with ``digest.txt``; print the verdict."""
    reqs = requests()
    now = {
        "score": score_digest(reqs),
        "lines": lines_digest(reqs),
        "waits": waits_digest(waits_requests()),
        "batch": batch_digest(reqs),
        "session": session_digest(),
    }
    want = recorded()
    ok = True
    for key, value in now.items():
        same = want.get(key) == value
        ok &= same
        print(f"digest {key}: {value} {'OK' if same else 'DIFFERS from ' + want.get(key, '?')}")
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with bench/digest.txt")
    parser.add_argument("--stats", action="store_true", help="show how the results are spread")
    args = parser.parse_args()
    if args.check:
        sys.exit(0 if check() else 1)
    reqs = requests()
    if args.stats:
        from collections import Counter

        kinds = Counter()
        for r in reqs:
            res = mjcalc.score(r)
            kinds[(r["rules"], res.error.code if res.error else res.pattern.id)] += 1
        for key, n in sorted(kinds.items(), key=lambda kv: -kv[1]):
            print(f"{n:6} {key}")
    print(f"score = {score_digest(reqs)}")
    print(f"lines = {lines_digest(reqs)}")
    print(f"waits = {waits_digest(waits_requests())}")
    print(f"batch = {batch_digest(reqs)}")
    print(f"session = {session_digest()}")


if __name__ == "__main__":
    main()
