"""Soak tests kept from the adversarial review of issue 17 (marked slow: `pytest -m
slow`; CI runs a bounded sample through the environment variables below).

* kill -9 while saving: a subprocess plays and saves in a loop and is killed at random
  moments; after every kill the save and its `.bak` load and reproduce their snapshot,
  and the next save clears the temporary files the killed one left
  (`DN_SAVE_KILLS`, default 200).
* memory stays flat over many games played in one process (`DN_MEMORY_GAMES`, default
  400): what is still allocated after the last game is within a bound of what was
  allocated after the first few.
"""

from __future__ import annotations

import gc
import os
import random
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from dragonnoir.engine.playout import playout, scenario_games
from dragonnoir.engine.save import check_save, save_game
from dragonnoir.engine.scenario import load_scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "data" / "scenarios"
CORRIDOR = SCENARIOS / "corridor.toml"

#: The saver: plays random legal actions of a corridor game, saving after each one,
#: and starts a new game (next seed) when one ends. Prints "saved" after the first save.
SAVER = """
import random, sys
from dragonnoir.engine.save import save_game
from dragonnoir.engine.scenario import load_scenario
scenario = load_scenario(sys.argv[1])
path = sys.argv[2]
seed = int(sys.argv[3])
announced = False
while True:
    game = scenario.new_game(seed)
    rng = random.Random(seed)
    while not game.over:
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(rng.choice(legal))
        save_game(game, path)
        if not announced:
            print("saved", flush=True)
            announced = True
    seed += 1
"""


def _verified(path: Path) -> None:
    check = check_save(path)
    assert check.ok, [str(p) for p in check.problems]


@pytest.mark.slow
def test_saves_survive_kill_9_at_random_moments(tmp_path: Path) -> None:
    kills = int(os.environ.get("DN_SAVE_KILLS", "200"))
    path = tmp_path / "game.json"
    save_game(load_scenario(CORRIDOR).new_game(1), path)
    rng = random.Random(17)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    for n in range(kills):
        saver = subprocess.Popen(
            [sys.executable, "-c", SAVER, str(CORRIDOR), str(path), str(n)],
            stdout=subprocess.PIPE,
            env=env,
        )
        assert saver.stdout is not None
        assert saver.stdout.readline().strip() == b"saved"
        time.sleep(rng.uniform(0, 0.25))
        saver.send_signal(signal.SIGKILL)
        saver.wait()
        _verified(path)
        backup = path.with_name(path.name + ".bak")
        if backup.exists():
            _verified(backup)
    # The next save removes whatever temporary files the killed savers left.
    save_game(load_scenario(CORRIDOR).new_game(1), path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "game.json.bak"]


@pytest.mark.slow
def test_memory_stays_flat_over_many_games() -> None:
    games = int(os.environ.get("DN_MEMORY_GAMES", "400"))
    makers = [scenario_games(SCENARIOS / f"{n}.toml") for n in ("corridor", "fosse_pit", "nest")]
    warm = min(30, games // 2)

    def play(seeds: range) -> None:
        for seed in seeds:
            assert playout(makers[seed % len(makers)], seed, check=False).over

    play(range(warm))  # caches fill: rules data, boards, line-of-fire tables
    gc.collect()
    tracemalloc.start()
    try:
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        play(range(warm, games))
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    grown = after - before
    # Flat: what the games leave behind does not grow with their number. A leak of one
    # small object a game would already show here over hundreds of games.
    assert grown < 2 * 1024 * 1024, f"{grown:,} bytes still allocated after {games} games"
