"""The AI's walking graph with map counters on it (ai/paths.py): the graph patched
round the counters is the one built whole on the map they make."""

from __future__ import annotations

import pytest

from dragonnoir.ai import paths
from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import scenario_games
from dragonnoir.engine.state import Accessory, AccessoryKind
from dragonnoir.resources import find


def _ile_with_counters() -> Game:
    """L-ile with a bridge over the lake west of the island and a gallery in the rock of
    the north-west corner."""
    game = scenario_games(find("scenarios", "l-ile"))(0)
    grid = game.board.grid
    bridge = (grid.to_hex(7, 7), grid.to_hex(8, 7))
    game.state.accessories["bridge_1"] = Accessory(
        "bridge_1", AccessoryKind.BRIDGE, bridge, facing=bridge[0].direction_to(bridge[1]) or 0
    )
    game.state.accessories["gallery_straight_1_1"] = Accessory(
        "gallery_straight_1_1",
        AccessoryKind.GALLERY,
        (grid.to_hex(3, 3),),
        facing=0,
        properties={"counter": "gallery_straight_1", "shape": "straight"},
    )
    game.touch()
    return game


@pytest.mark.parametrize("swimmer", [False, True])
def test_the_graph_patched_round_the_counters_is_the_one_built_whole(swimmer: bool) -> None:
    game = _ile_with_counters()
    countered = paths._countered(game)
    whole = paths._build(game, countered, swimmer)
    patched = paths.distances_for(game, swimmer=swimmer).graph
    assert patched.steps == whole.steps
    # ... and the counters changed it: the bridge is a way over the water.
    bare = paths.distances_for_board(game, swimmer).graph
    assert bare.steps != whole.steps
