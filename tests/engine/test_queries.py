"""Asking the engine a question changes nothing (issue 47).

A save is checked by replaying its actions, and a replay asks no questions: so whatever
the client and the AI ask between actions (legal actions, explain, reach, line of fire,
previews, the AI's view) must leave the state exactly as it was, or the save written
after it no longer reproduces and is refused on loading.

The property: over seeded random games of every shipped scenario and every test
scenario, after every kind of question (tests/query_kinds.py), the state as a save holds
it is byte for byte what it was before, and no action was taken. The default run asks
everything at points of one short game per scenario; `pytest -m slow` plays longer
games of more seeds (`DN_QUERY_SEEDS`, `DN_QUERY_ACTIONS`).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from query_kinds import KINDS, Questions, wander

from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import RandomAgent
from dragonnoir.engine.save import check_save, differences, save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side

REPO = Path(__file__).resolve().parents[2]
SCENARIOS = [
    *sorted((REPO / "scenarios").glob("*.toml")),
    *sorted((REPO / "tests" / "data" / "scenarios").glob("*.toml")),
]
#: The default run: one game per scenario, questions after every `EVERY`th of `ACTIONS`.
ACTIONS = 24
EVERY = 3


def snapshot(game: Game) -> str:
    """The state as a save's snapshot holds it, as text: equal text, equal bytes."""
    return json.dumps(game.state.to_dict(), ensure_ascii=False)


def test_legal_actions_on_l_ile_leave_the_state_and_the_save_loads(tmp_path: Path) -> None:
    """The report: l-ile, a random game of seed 1, four actions; asking for the legal
    actions wrote `scratch["boats"] = {}` and a save written then was refused ("the
    replay does not reproduce the snapshot: scratch.boats")."""
    game = load_scenario(REPO / "scenarios" / "l-ile.toml").new_game(1)
    agent = RandomAgent(1)
    for _ in range(4):
        action = agent.choose(game)
        assert action is not None
        game.apply(action)
    before = snapshot(game)
    for side in Side:
        game.legal_actions(side)
    assert snapshot(game) == before
    check = check_save(save_game(game, tmp_path / "asked.json"))
    assert [str(p) for p in check.problems] == []


def ask_everything(game: Game, questions: Questions, where: str) -> None:
    """Every kind of question, each checked on its own: the state as a save holds it is
    the same text after it, and no action was taken."""
    for kind in KINDS:
        before = snapshot(game)
        actions, log = len(game.history), len(game.log)
        questions.ask(kind, game)
        after = snapshot(game)
        if after != before:
            # worded as the save made now would be refused: the replay asks nothing
            found = differences(json.loads(after), json.loads(before), limit=3)
            pytest.fail(f"{where}: asking {kind} changed the state: {'; '.join(found)}")
        assert (len(game.history), len(game.log)) == (actions, log), f"{where}: {kind} acted"


def play_asking(path: Path, seed: int, actions: int, every: int) -> int:
    """A seeded random game of the scenario at `path`, every kind of question asked at
    the start and after every `every`th action; the number of points asked at."""
    game = load_scenario(path).new_game(seed)
    rng = random.Random(seed)
    questions = Questions(random.Random(seed))
    points = 0
    for n in range(actions + 1):
        if n % every == 0:
            where = f"{path.stem} seed {seed} after {n} actions ({game.state.phase})"
            ask_everything(game, questions, where)
            points += 1
        action = wander(game, rng)
        if game.over or action is None:
            break
        game.apply(action)
    return points


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_no_question_changes_the_state(path: Path) -> None:
    assert play_asking(path, 1, ACTIONS, EVERY) >= 2


@pytest.mark.slow
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_no_question_changes_the_state_in_longer_games(path: Path) -> None:
    seeds = int(os.environ.get("DN_QUERY_SEEDS", "3"))
    actions = int(os.environ.get("DN_QUERY_ACTIONS", "300"))
    for seed in range(2, 2 + seeds):
        assert play_asking(path, seed, actions, 1) >= 1
