"""Random and hostile ruleset TOML files, for ``bench/fuzz.py`` and the bounded property test
(``test_toml_fuzz.py``): a bundled ruleset file mutated — values swapped for long integers,
huge floats, dates, arrays, inline tables and control characters, keys made deep or duplicated,
bytes flipped, cut or made invalid UTF-8 — or text made from scratch.

:func:`check_ruleset_file` says what every one of them must give: a loaded ruleset or a user
error (``invalid_request`` / ``unknown_rules``), from the library and from ``mjcalc rules`` and
``mjcalc score -r``, never ``internal_error``, an escaped exception or a traceback.
"""

from __future__ import annotations

import random
from pathlib import Path

from click.testing import CliRunner

from mjcalc import score
from mjcalc.cli import cli
from tests.support.cli import CLEAN_ENV
from tests.support.fuzz_inputs import check_result

BUNDLED = Path(__file__).resolve().parents[2] / "rulesets"
SOURCES = {
    name: (BUNDLED / f"{name}.toml").read_text(encoding="utf-8") for name in ("xingguo", "shanghai")
}
HANDS = {
    "xingguo": ["123m456p789s11z 234m", "--jing", "9s"],
    "shanghai": ["11122233344455m", "--winner", "E"],
}

VALUES = [
    "1",
    "2",
    "10",
    '"extra"',
    "false",
    "9" * 4301,
    "-" + "1" * 5000,
    "0x" + "f" * 5000,
    "1e99999",
    "-1e-99999",
    "nan",
    "-inf",
    "+inf",
    "1_000",
    "0",
    "-1",
    "99999999999999999999",
    "true",
    '"plus10"',
    '"\\u001b]0;pwned\\u0007\\u202e\\u2028"',
    '"' + "x" * 10000 + '"',
    "1979-05-27T07:32:00Z",
    "07:32:00",
    "1979-05-27",
    "[]",
    "[1, 2, 3]",
    "[[[[[[[[1]]]]]]]]",
    "{a = 1}",
    "{}",
    '"""multi\nline"""',
    "'''raw\\x'''",
    "[" * 3000 + "]" * 3000,
    "{a=" * 500 + "1" + "}" * 500,
]
KEYS = [
    "stake",
    "base",
    "lezi",
    "fee",
    "bawang",
    "ruleset",
    "description",
    "options",
    ".".join(["a"] * 17),
    ".".join(['"q"'] * 40),
    '"\\u202e"',
    "options.stake",
    "options.options",
    "x" * 300,
]
JUNK = [
    "\x00",
    "\x1b",
    "\u202e",
    "\u2028",
    "\ufeff",
    "\ud7ff",
    "=",
    "[",
    "]",
    "{",
    '"',
    "'",
    "\n",
    ".",
]


def ruleset_toml(rng: random.Random) -> bytes:
    """One ruleset file's bytes: usually a bundled file mutated a few times."""
    roll = rng.random()
    if roll < 0.1:  # from scratch
        lines = [f"{rng.choice(KEYS)} = {rng.choice(VALUES)}" for _ in range(rng.randint(0, 6))]
        return "\n".join(lines).encode("utf-8", "surrogatepass")
    name = rng.choice(list(SOURCES))
    lines = SOURCES[name].splitlines()
    for _ in range(rng.choice([1, 1, 1, 2, 4])):
        lines = _mutate(rng, lines)
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    if rng.random() < 0.15:  # a few bytes flipped, cut, or made invalid UTF-8
        raw = bytearray(data)
        for _ in range(rng.randint(1, 5)):
            at = rng.randrange(len(raw) + 1)
            kind = rng.random()
            if kind < 0.4:
                raw[at:at] = bytes([rng.randrange(256)])
            elif kind < 0.7 and raw:
                del raw[at : at + rng.randint(1, 40)]
            else:
                raw[at:at] = rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\r", b"\t"])
        data = bytes(raw)
    return data


def _mutate(rng: random.Random, lines: list[str]) -> list[str]:
    kind = rng.random()
    assignments = [i for i, line in enumerate(lines) if "=" in line and not line.startswith("#")]
    if kind < 0.4 and assignments:  # a value swapped
        i = rng.choice(assignments)
        key = lines[i].split("=", 1)[0]
        lines[i] = f"{key}= {rng.choice(VALUES)}"
    elif kind < 0.6:  # a key added, maybe under a table
        at = rng.randrange(len(lines) + 1)
        added = f"{rng.choice(KEYS)} = {rng.choice(VALUES)}"
        if rng.random() < 0.3:
            added = f"[{rng.choice(KEYS)}]\n{added}"
        lines.insert(at, added)
    elif kind < 0.7 and lines:  # a line duplicated or removed
        i = rng.randrange(len(lines))
        if rng.random() < 0.5:
            lines.insert(i, lines[i])
        else:
            del lines[i]
    elif kind < 0.85 and lines:  # junk inside a line
        i = rng.randrange(len(lines))
        at = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:at] + rng.choice(JUNK) * rng.randint(1, 3) + lines[i][at:]
    else:  # many keys deep: the slow path of the TOML parser
        depth = rng.choice([2, 8, 16, 17, 64, 400])
        key = ".".join(["k"] * depth)
        lines.extend(f"{key}{n} = {n}" for n in range(rng.randint(1, 50)))
    return lines


def check_ruleset_file(path: Path, rng: random.Random) -> str:
    """What ``path`` gives through the library and the command line, checked; its outcome
    (``ok`` or the error's code) for the counts."""
    from mjcalc.errors import MjcalcError
    from mjcalc.rules.registry import load_rules

    try:
        ruleset = load_rules(str(path)).ruleset.name
        code = "ok"
    except MjcalcError as exc:
        assert exc.code in ("invalid_request", "unknown_rules"), (exc.code, str(exc))
        ruleset, code = rng.choice(list(HANDS)), exc.code
    args = HANDS.get(ruleset, HANDS["shanghai"])
    request = {"rules": str(path), "hand": args[0], args[1].lstrip("-"): args[2]}
    result = score(request)
    check_result(result)
    if code != "ok":
        assert result.error is not None and result.error.code == code, result.error
    runner = CliRunner(env=dict(CLEAN_ENV))
    runs = [
        ["rules", str(path), *rng.choice([[], ["--json"], ["--lang", "zh"]])],
        ["score", *args, "-r", str(path), *rng.choice([[], ["--json"]])],
    ]
    for words in runs:
        out = runner.invoke(cli, words, prog_name="mjcalc")
        if out.exception is not None and not isinstance(out.exception, SystemExit):
            raise AssertionError(f"mjcalc {words[0]} raised {out.exception!r}")
        assert out.exit_code in (0, 1), (words[0], out.exit_code, out.output[-300:])
        assert "internal_error" not in out.output and "Traceback" not in out.output, out.output
    assert (out.exit_code == 0) <= (code == "ok")
    rules_out = runner.invoke(cli, ["rules", str(path), "--json"], prog_name="mjcalc")
    assert (rules_out.exit_code == 0) == (code == "ok"), (code, rules_out.output[-300:])
    return code
