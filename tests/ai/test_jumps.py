"""A daredevil's jump that walks on (Movement Restriction 8, the Jump Table; docs/movement.md,
"One move per character"): the AI weighs a jump by where he can get to after landing, and
after a `J` he walks on at once with the points he has left."""

from __future__ import annotations

from ai_helpers import choose_for, win_by_reaching

from dragonnoir.ai import jumps
from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import Jump, Move
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side
from dragonnoir.engine.testing import Piece, force_dice, hexes, position

#: A ledge (level 0) over a gallery (level -1), the only stairs at its west end; the
#: scout (7 MP) stands at its east end, two hexes from them, his goal far east below.
LEDGE = """
s . . # # # # # # # # #
 _ _ _ _ _ _ _ _ _ _ _ _
"""
GOAL = [(11, 1)]


def _scout_on_the_ledge() -> Game:
    game = position(LEDGE, [Piece("rebel_scout_1", (2, 0))])
    win_by_reaching(game, Side.ADVENTURERS, GOAL)
    return game


def test_the_odds_split_a_landing_that_goes_on_from_one_that_stops() -> None:
    # Down: five faces of ten are `J`, two `JS`, three land him hurt (`LK`, `LW`).
    game = _scout_on_the_ledge()
    below = hexes(game, (2, 1))[0]
    odds = jumps.jump_odds(game, game.state.units["rebel_scout_1"], Jump("rebel_scout_1", below))
    assert odds is not None
    assert round(odds.goes_on, 6) == 0.5 and round(odds.lands, 6) == 1.0
    assert odds.points_left == 7 - 2  # the hex's cost and the jump's extra point


def test_he_jumps_down_and_walks_on_rather_than_go_round_by_the_stairs() -> None:
    # Round by the stairs he ends his move at the foot of the ledge, five hexes short of
    # where a jump and the walk on take him. Weighed by the landing hex alone (the old
    # reading: "a jump is his whole move") the stairs won: no die, no fall.
    game = _scout_on_the_ledge()
    choice = choose_for(game, Side.ADVENTURERS, level="normal")
    assert isinstance(choice, Jump) and choice.unit == "rebel_scout_1", choice


def test_after_a_landing_that_lets_him_go_on_he_walks_on_at_once() -> None:
    game = _scout_on_the_ledge()
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    jump = agent.choose(view_for(game, Side.ADVENTURERS))
    assert isinstance(jump, Jump)
    force_dice(game, 1)  # `J`: he lands and may go on moving
    game.apply(jump)
    scout = game.state.units["rebel_scout_1"]
    assert scout.hex == jump.to
    walk = agent.choose(view_for(game, Side.ADVENTURERS))
    assert isinstance(walk, Move) and walk.unit == "rebel_scout_1", walk
    east = hexes(game, GOAL[0])[0]
    assert walk.path[-1].distance(east) < jump.to.distance(east) - 3


def test_a_landing_that_ends_his_move_ends_it() -> None:
    game = _scout_on_the_ledge()
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    jump = agent.choose(view_for(game, Side.ADVENTURERS))
    force_dice(game, 6)  # `JS`: he lands, his movement ends
    game.apply(jump)
    after = agent.choose(view_for(game, Side.ADVENTURERS))
    assert after.to_dict()["type"] == "EndPhase", after


#: The scout on the ledge four hexes from where it drops to the gallery, the stairs far
#: west: he walks to the edge and jumps from there, with the points he has left.
SHELF = """
s . . . . . . . . . . .
 # # # # # # _ _ _ _ _ _
"""


def test_he_walks_to_the_edge_and_jumps_on_with_the_points_he_has_left() -> None:
    game = position(SHELF, [Piece("rebel_scout_1", (2, 0))])
    win_by_reaching(game, Side.ADVENTURERS, [(11, 1)])
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    walk = agent.choose(view_for(game, Side.ADVENTURERS))
    assert isinstance(walk, Move), walk
    game.apply(walk)
    then = agent.choose(view_for(game, Side.ADVENTURERS))
    assert isinstance(then, Jump) and then.unit == "rebel_scout_1", then
