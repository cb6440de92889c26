"""Asking the engine a question changes nothing (issue 47).

A save is checked by replaying its actions, and a replay asks no questions: so whatever
the client and the AI ask between actions (legal actions, explain, reach, line of fire,
previews, the AI's view) must leave the state exactly as it was, or the save written
after it no longer reproduces and is refused on loading.
"""

from __future__ import annotations

import json
from pathlib import Path

from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import RandomAgent
from dragonnoir.engine.save import check_save, save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side

REPO = Path(__file__).resolve().parents[2]


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
