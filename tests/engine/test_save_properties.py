"""Properties of saves and states over random legal games (hypothesis).

- save -> load -> save is byte-identical;
- replaying a random legal prefix from the set-up reproduces the state;
- `GameState.to_dict -> from_dict -> to_dict` is the identity on playout states.
"""

from __future__ import annotations

import json
import tempfile
from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dragonnoir.engine.game import Game
from dragonnoir.engine.save import load_game, save_game
from dragonnoir.engine.scenario import Scenario, load_scenario
from dragonnoir.engine.state import GameState
from dragonnoir.engine.testing import Piece, position

SCENARIOS = Path(__file__).resolve().parents[1] / "data" / "scenarios"
SETUPS = ["corridor", "fosse_pit", "nest", "drawn"]
ART = """
. . . ~ ~ .
 . # . ~ . .
. . . . r .
 . . . . . .
"""

PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def scenario(name: str) -> Scenario:
    return load_scenario(SCENARIOS / f"{name}.toml")


def new_game(name: str, seed: int) -> Game:
    if name == "drawn":  # a game built in code: its save embeds the map
        pieces = [Piece("zed", (0, 0)), Piece("godiva", (1, 2)), Piece("hunter_01", (5, 3))]
        return position(ART, pieces, seed=seed, turn_limit=3, webs=[(4, 0)])
    return scenario(name).new_game(seed)


def play(game: Game, data: st.DataObject, most: int) -> Game:
    """Up to `most` legal actions, each drawn by hypothesis (so failures shrink)."""
    steps = data.draw(st.integers(0, most), label="actions")
    for _ in range(steps):
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(legal[data.draw(st.integers(0, len(legal) - 1), label="choice")])
    return game


games = st.tuples(st.sampled_from(SETUPS), st.integers(0, 2**31 - 1))


@PROPERTY
@given(setup=games, data=st.data())
def test_save_load_save_is_byte_identical(setup: tuple[str, int], data: st.DataObject) -> None:
    game = play(new_game(*setup), data, 60)
    with tempfile.TemporaryDirectory() as tmp:
        first = save_game(game, Path(tmp) / "a.json")
        second = save_game(load_game(first), Path(tmp) / "a.json")
        assert second.read_bytes() == (Path(tmp) / "a.json.bak").read_bytes()


@PROPERTY
@given(setup=games, data=st.data())
def test_replaying_a_legal_prefix_reproduces_the_state(
    setup: tuple[str, int], data: st.DataObject
) -> None:
    game = play(new_game(*setup), data, 80)
    fresh = new_game(*setup)
    for action in game.history:
        fresh.apply(action)
    assert fresh.state.to_dict() == game.state.to_dict()
    assert fresh.log == game.log


@PROPERTY
@given(setup=games, data=st.data())
def test_state_dict_round_trip_is_the_identity(setup: tuple[str, int], data: st.DataObject) -> None:
    game = play(new_game(*setup), data, 80)
    once = game.state.to_dict()
    through_json = json.loads(json.dumps(once))
    assert GameState.from_dict(through_json).to_dict() == once
    assert GameState.from_dict(once).to_dict() == once
    assert game.state.copy().to_dict() == once
