"""Fuzzing the ruleset files: whatever a ``rules`` TOML file holds, loading it is a loaded
ruleset or a user error (``invalid_request`` / ``unknown_rules``) — from the library, from
``mjcalc rules FILE`` and from ``mjcalc score -r FILE`` — never ``internal_error``, an escaped
exception or a traceback. The files come from :mod:`tests.hostile.toml_inputs` (shared with
``bench/fuzz.py``, the long run), driven by hypothesis, plus hypothesis's own free-form text.
Bounded: well under a minute.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.hostile.toml_inputs import check_ruleset_file, ruleset_toml

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),  # a random stream shrinks slowly
)


def checked(data: bytes, rng: random.Random) -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "house.toml"
        path.write_bytes(data)
        return check_ruleset_file(path, rng)


@FUZZ
@given(st.randoms(use_true_random=False))
def test_a_mutated_ruleset_file(rng: random.Random) -> None:
    data = ruleset_toml(rng)
    try:
        checked(data, rng)
    except AssertionError as exc:
        raise AssertionError(f"{exc}\nfile: {data[:400]!r}") from None


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=200), st.sampled_from(["xingguo", "shanghai"]))
def test_any_text_after_a_ruleset_key(text: str, ruleset: str) -> None:
    data = f'ruleset = "{ruleset}"\n{text}'.encode("utf-8", "surrogatepass")
    checked(data, random.Random(0))


def test_the_generator_makes_valid_files_too() -> None:
    rng = random.Random(3)
    codes = {checked(ruleset_toml(rng), rng) for _ in range(80)}
    assert {"ok", "invalid_request", "unknown_rules"} <= codes
