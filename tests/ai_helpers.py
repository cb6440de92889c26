"""Positions the AI tests share: a real scenario played by the normal AI up to a point."""

from __future__ import annotations

from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import scenario_games
from dragonnoir.engine.state import Side
from dragonnoir.resources import find

#: A bare hall, ten hexes by four (engine.testing.position's drawing).
HALL = """
. . . . . . . . . .
 . . . . . . . . . .
. . . . . . . . . .
 . . . . . . . . . .
"""


def le_pont_at_movement(turn: int) -> Game:
    """Le Pont (seed 3) as the Adventurers' movement of `turn` begins, both sides played
    by the normal AI up to there: hidden Krobs, webs, a river, exits east and west."""
    game = scenario_games(find("scenarios", "le-pont"))(3)
    agents = {s: TacticalAgent(s, 5, level="normal") for s in (Side.KROBS, Side.ADVENTURERS)}
    while not (game.state.turn == turn and game.state.phase == "adventurer_movement"):
        side = game.to_act()
        assert side is not None
        game.apply(agents[side].choose(view_for(game, side)))
    return game
