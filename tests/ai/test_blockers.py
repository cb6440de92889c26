"""Hard's side on the clock strikes who stands in its way (ai/blockers.py): a Warrior in
a one-hex gallery between a swordsman and the end he must reach."""

from __future__ import annotations

from typing import Any

from dragonnoir.ai import blockers
from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import Action, Attack
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side
from dragonnoir.engine.testing import Piece, hexes, position

#: A gallery one hex wide, walled in by rock.
GALLERY = """
# # # # # # # # # #
 . . . . . . . . . .
# # # # # # # # # #
"""
LIMIT = 11


def _warrior_in_the_gallery(turn: int, *, clock_against: bool = True) -> Game:
    """The swordsman at (2,1) must reach the gallery's east end (9,1); Warrior 6 stands
    next to him at (3,1), in his way, Hunter 1 behind him at (1,1). Their combat phase
    at `turn`; the turn limit (11) gives the game to the Krobs unless `clock_against` is
    off."""
    game = position(
        GALLERY,
        [
            Piece("rebel_swordsman_1", (2, 1)),
            Piece("warrior_06", (3, 1)),
            Piece("hunter_01", (1, 1)),
        ],
        phase="adventurer_combat",
        turn_limit=LIMIT,
    )
    game.state.turn = turn
    (east,) = hexes(game, (9, 1))
    victory: dict[str, Any] = {
        "conditions": [{"side": "adventurers", "kind": "reach", "hexes": [[east.q, east.r]]}]
    }
    if clock_against:
        victory["at_turn_limit"] = "krobs"
    game.state.scratch.setdefault("scenario", {})["victory"] = victory
    game.touch()
    return game


def _choice(game: Game, level: str) -> tuple[Action, frozenset[str]]:
    """What the party's agent at `level` does first, and whom it reads as in the way."""
    agent = TacticalAgent(Side.ADVENTURERS, 1, level=level)
    view = view_for(game, Side.ADVENTURERS)
    return agent.choose(view), blockers.in_the_way(view, agent._orders)


def test_the_warrior_ahead_is_in_the_way_and_the_hunter_behind_is_not() -> None:
    action, in_the_way = _choice(_warrior_in_the_gallery(turn=6), "hard")
    assert in_the_way == {"warrior_06"}
    assert action == Attack(attackers=("rebel_swordsman_1",), defenders=("warrior_06",))


def test_only_hard_on_the_clock_strikes_him_at_poor_odds() -> None:
    # One swordsman against a Warrior: a loss on the Combat Table's average, so normal
    # keeps back; so does hard with time in hand (turn 1) or no limit against it.
    assert not isinstance(_choice(_warrior_in_the_gallery(turn=6), "normal")[0], Attack)
    assert not isinstance(_choice(_warrior_in_the_gallery(turn=1), "hard")[0], Attack)
    action, in_the_way = _choice(_warrior_in_the_gallery(turn=6, clock_against=False), "hard")
    assert not isinstance(action, Attack)
    assert in_the_way == frozenset()
