"""Speed of whole games: one random playout of a test scenario, in milliseconds (median).

Run: `python -m benchmarks.engine_playout`. The scenario is
`tests/data/scenarios/fosse_pit.toml` (La Fosse's central chamber: three adventurers
against a Hunter, a Warrior and a Killer, four game turns); a `RandomAgent` picks
uniformly among the legal actions until the turn limit. Seeds 0, 1, 2... one per run,
the same seeds every time. Figures:

- `playout_ms`: one playout from the set-up to the end, actions applied bare (what a
  Monte-Carlo AI pays per simulated game, scenario loading excluded);
- `checked_playout_ms`: the same games with every invariant of `engine/playout.py`
  checked after every action (what the soak tests pay);
- `actions_per_playout`, `ms_per_action`: the median number of actions, and
  `playout_ms` divided by it;
- `save_load_ms`: saving the finished game of seed 0 and loading it back (replay and
  check included);
- `water_playout_ms`: one bare playout of `tests/data/scenarios/waters.toml` (four
  boards with L'Ile, Le Pont and Le Marais; eleven characters on the shores and in the
  marsh: the Gharv interphases at work);
- `gharv_interphase_ms`: in that scenario, the End phase of the Adventurers' combat
  phase, which runs the recovery step and a whole Gharv interphase (appearance rolls
  for the eleven, placements, attacks, disappearance) up to the Krob turn or the first
  decision a victim must take.
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
SCENARIO = REPO_ROOT / "tests" / "data" / "scenarios" / "fosse_pit.toml"
WATERS = REPO_ROOT / "tests" / "data" / "scenarios" / "waters.toml"


def _median_ms(times: list[float]) -> float:
    return round(statistics.median(times) * 1000.0, 3)


def bench_playout(repeats: int = 15) -> dict[str, Any]:
    """The figures above, each the median of `repeats` playouts (seeds 0..repeats-1)."""
    from dragonnoir.engine.playout import playout, scenario_games
    from dragonnoir.engine.save import load_game, save_game

    make = scenario_games(SCENARIO)
    playout(make, 10_000, check=False)  # warm-up: per-process caches, imports
    bare: list[float] = []
    checked: list[float] = []
    actions: list[int] = []
    for seed in range(repeats):
        start = time.perf_counter()
        result = playout(make, seed, check=False)
        bare.append(time.perf_counter() - start)
        actions.append(result.actions)
        start = time.perf_counter()
        playout(make, seed, check=True)
        checked.append(time.perf_counter() - start)
    finished = playout(make, 0, check=False, keep_game=True).game
    assert finished is not None
    save_load: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        for _ in range(max(3, repeats // 3)):
            start = time.perf_counter()
            save_game(finished, path)
            load_game(path)
            save_load.append(time.perf_counter() - start)
    median_actions = statistics.median(actions)
    playout_ms = _median_ms(bare)
    water = scenario_games(WATERS)
    water_runs: list[float] = []
    for seed in range(repeats):
        start = time.perf_counter()
        playout(water, seed, check=False)
        water_runs.append(time.perf_counter() - start)
    return {
        "scenario": SCENARIO.relative_to(REPO_ROOT).as_posix(),
        "repeats": repeats,
        "playout_ms": playout_ms,
        "checked_playout_ms": _median_ms(checked),
        "actions_per_playout": median_actions,
        "ms_per_action": round(playout_ms / median_actions, 3) if median_actions else None,
        "save_load_ms": _median_ms(save_load),
        "water_playout_ms": _median_ms(water_runs),
        "gharv_interphase_ms": bench_gharv_interphase(repeats * 2),
    }


def bench_gharv_interphase(repeats: int = 30) -> float:
    """`gharv_interphase_ms` above: the median over seeds 0..repeats-1."""
    from dragonnoir.engine.actions import EndPhase
    from dragonnoir.engine.playout import scenario_games

    make = scenario_games(WATERS)
    times: list[float] = []
    for seed in range(repeats):
        game = make(seed)
        while game.state.phase != "adventurer_combat":
            game.apply(EndPhase())
        start = time.perf_counter()
        game.apply(EndPhase())
        times.append(time.perf_counter() - start)
    return _median_ms(times)


if __name__ == "__main__":
    print(json.dumps(bench_playout(), indent=2))
