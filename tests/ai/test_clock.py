"""The Adventurers on the clock (issue 44, part 1): small hand-made positions where the
turn limit decides what the party does (dragonnoir/ai/clock.py)."""

from __future__ import annotations

from typing import Any

from ai_helpers import HALL, bearer_in_the_hall

from dragonnoir.ai import clock
from dragonnoir.ai.orders import Order
from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side
from dragonnoir.engine.testing import Piece, hexes, position
from dragonnoir.hexmap.hexes import Hex

LIMIT = 14


def _bearer_by_a_guarded_way_out(turn: int) -> tuple[Game, Hex, Hex]:
    """The elf carries the Orb in HALL at (6,1); a Hunter stands beside the east way out
    (9,1), three hexes from him; the west one (0,1) is six away. The turn limit (14) gives
    the game to the Krobs. Returns the game at `turn` and the west and east ways out."""
    return bearer_in_the_hall((6, 1), (9, 0), turn=turn, turn_limit=LIMIT)


def _bearer_order(game: Game) -> Order:
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    agent.choose(view_for(game, Side.ADVENTURERS))
    return agent._orders["elf_1"]


def test_moves_left_count_this_turn_and_only_against_the_side_the_limit_beats() -> None:
    game, _west, _east = _bearer_by_a_guarded_way_out(turn=12)
    assert clock.moves_left(view_for(game, Side.ADVENTURERS)) == 3  # turns 12, 13, 14
    assert clock.moves_left(view_for(game, Side.KROBS)) is None  # the limit is theirs


def test_with_time_in_hand_the_bearer_goes_round_to_the_way_out_no_krob_holds() -> None:
    # Turn 10 of 14: five moves left, the west way out one move away. The Hunter by the
    # east one is worth the detour (l-ile, seed 60).
    game, west, _east = _bearer_by_a_guarded_way_out(turn=10)
    order = _bearer_order(game)
    assert order.goal == frozenset({west}), order
    assert order.haste == 1.0


def test_on_the_last_turn_the_bearer_takes_the_nearest_way_out_whoever_stands_by_it() -> None:
    # Turn 14 of 14: the game is lost if the Orb is still here when the turn ends. The
    # east way out, three hexes off, is the one he can reach; the Hunter beside it is a
    # risk to run, not a reason to stand still (l-ile, seed 241: the swordsman with the
    # Orb went round a wandering Warrior from turn 11 to 14 and the time ran out).
    game, _west, east = _bearer_by_a_guarded_way_out(turn=LIMIT)
    order = _bearer_order(game)
    assert east in order.goal, order
    assert order.haste == clock.HASTE


def _swordsman_bound_for_the_east_end(turn: int) -> Order:
    """A swordsman at the west end of HALL must reach its east end (a `reach` condition,
    nine hexes away) before the turn limit (14) gives the game to the Krobs; a Hunter
    stands in the middle of the hall. His order at `turn`, once the agent has planned."""
    game = position(
        HALL,
        [Piece("rebel_swordsman_1", (0, 1)), Piece("hunter_01", (5, 2))],
        turn_limit=LIMIT,
    )
    game.state.turn = turn
    (east,) = hexes(game, (9, 1))
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {
        "at_turn_limit": "krobs",
        "conditions": [
            {"side": "adventurers", "kind": "reach", "hexes": [[east.q, east.r]]},
        ],
    }
    game.touch()
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    agent.choose(view_for(game, Side.ADVENTURERS))
    return agent._orders["rebel_swordsman_1"]


def test_one_who_would_arrive_too_late_with_a_move_fewer_walks_on() -> None:
    # Nine hexes at six a move: two moves. With three left (turn 12) he has one in hand
    # and weighs the Hunter's blows as usual; with two left (turn 13) none: his walk
    # weighs HASTE times more than the fights on the way.
    assert _swordsman_bound_for_the_east_end(turn=12).haste == 1.0
    assert _swordsman_bound_for_the_east_end(turn=13).haste == clock.HASTE
