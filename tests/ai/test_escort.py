"""Hard's Krobs stand by the one whose fall loses them the game (ai/escort.py): le-nid's
Guard, the party's way to win."""

from __future__ import annotations

from dragonnoir.ai.orders import Order
from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.state import Side
from dragonnoir.engine.testing import Piece, position
from tests.ai_helpers import ROOM, win_by


def _guard_warrior_and_party() -> Game:
    """Queen's Guard 2 in the middle of a room, Warrior 5 four hexes off, a knight and an
    axeman coming from the west; the party wins by killing the Guard."""
    game = position(
        ROOM,
        [Piece("guard_2", (6, 4), facing=3), Piece("warrior_05", (10, 7)),
         Piece("rebel_knight_2", (1, 3)), Piece("ork_axeman_1", (1, 5))],
        phase="krob_movement",
    )  # fmt: skip
    win_by(game, {"side": "adventurers", "kind": "kill", "units": ["guard_2"]})
    return game


def _orders(game: Game, level: str) -> tuple[dict[str, Order], list[str]]:
    agent = TacticalAgent(Side.KROBS, 1, level=level)
    return agent._plan(view_for(game, Side.KROBS)), agent.intent


def test_hard_krobs_stand_beside_the_guard_the_party_must_kill() -> None:
    game = _guard_warrior_and_party()
    body = set(footprint(game, game.state.units["guard_2"]))
    beside = {n for h in body for n in h.neighbours() if n not in body and n in game.board.cells}
    orders, intent = _orders(game, "hard")
    assert orders["warrior_05"].goal == beside and orders["warrior_05"].post == beside
    assert any("stand by Queen's Guard 2, whose fall loses" in line for line in intent), intent
    assert orders["guard_2"].goal != beside  # the Guard himself is no escort
    assert _orders(game, "normal")[0]["warrior_05"].goal != beside
