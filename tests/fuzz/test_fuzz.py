"""Fuzzing every loader (issue 17): mutants of the shipped files and of the malformed
samples end in our own one-line error or load, within a time and memory bound.

The normal suite runs a bounded budget (`BOUNDED` mutants per loader); `pytest -m fuzz`
runs `LONG` per loader; `DN_FUZZ_EXAMPLES=N` sets the number for whichever runs. The
kind "queries" (questions between actions, issue 47) plays a game per example, so its
budgets are counted in games (`GAME_BUDGETS`). Each
loader is fuzzed in its own process (tests/fuzz/fuzz_harness.py), which limits its own
memory, so a blow-up cannot take the test runner with it; failing inputs are written to
pytest's temporary folder to be kept as regression samples.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fuzz_harness import LOADERS

HARNESS = Path(__file__).with_name("fuzz_harness.py")
#: The harness limits memory with setrlimit and time with SIGALRM; FIFOs and symlinks
#: are POSIX too (CI runs Linux).
pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX only (setrlimit, SIGALRM)")

BOUNDED = 100
LONG = 2000
#: The kinds whose example is a whole game played (fuzz_harness.GAMES) have their own
#: budgets, in games: (default run, long run).
GAME_BUDGETS = {"queries": (12, 200)}


def _examples(kind: str, long: bool) -> int:
    default = GAME_BUDGETS.get(kind, (BOUNDED, LONG))[long]
    return int(os.environ.get("DN_FUZZ_EXAMPLES", default))


def _run(kind: str, examples: int, keep: Path) -> dict[str, object]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    # Far more than the run needs (a few seconds): only a loader that hangs in C code,
    # beyond the reach of the harness's own alarm, would meet this timeout.
    timeout = 120 + examples * (10 if kind in GAME_BUDGETS else 2)
    done = subprocess.run(
        [
            *(sys.executable, str(HARNESS), "--kind", kind, "--examples", str(examples)),
            *("--seed", os.environ.get("DN_FUZZ_SEED", "0"), "--keep", str(keep)),
        ],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        check=False,
    )
    assert done.stdout, done.stderr[-2000:]
    result: dict[str, object] = json.loads(done.stdout)[0]
    return result


def _check(result: dict[str, object]) -> None:
    bad = {k: result[k] for k in ("escape", "hang", "memory")}
    assert bad == {"escape": 0, "hang": 0, "memory": 0}, json.dumps(result, indent=1)
    assert result["error"] or result["ok"]


@pytest.mark.parametrize("kind", sorted(LOADERS))
def test_fuzz_bounded(kind: str, tmp_path: Path) -> None:
    _check(_run(kind, _examples(kind, long=False), tmp_path))


@pytest.mark.fuzz
@pytest.mark.parametrize("kind", sorted(LOADERS))
def test_fuzz_long(kind: str, tmp_path: Path) -> None:
    _check(_run(kind, _examples(kind, long=True), tmp_path))
