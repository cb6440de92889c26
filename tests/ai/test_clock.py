"""The party on the clock (ai/clock.py): the job it must finish by the deadline, how far
behind it is, and what it strikes and leaves for it."""

from __future__ import annotations

from typing import Any

from dragonnoir.ai.clock import LAST_ROUND, PRESS, STRAY, clock_for
from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import Attack
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side
from dragonnoir.engine.testing import Piece, hexes, position

ROOM = "\n".join((" " if r % 2 else "") + " ".join("." for _ in range(12)) for r in range(9))


def _pit(phase: str = "adventurer_combat") -> Game:
    """A knight between a Hunter (the better odds, outside the place to hold) and a
    Warrior standing in the place the party must hold at the end of turn 7, the turn
    limit against the party; a Hunter beside the place, a Killer far off."""
    game = position(
        ROOM,
        [
            Piece("rebel_knight_1", (5, 4)),
            Piece("hunter_01", (6, 4)),
            Piece("warrior_01", (4, 4)),
            Piece("hunter_02", (3, 2)),
            Piece("killer_1", (11, 8)),
        ],
        phase=phase,
        turn_limit=7,
    )
    zone = [[h.q, h.r] for h in hexes(game, (3, 3), (3, 4), (4, 4), (3, 5))]
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {
        "at_turn_limit": "krobs",
        "conditions": [{"side": "adventurers", "kind": "hold", "hexes": zone, "turn": 7}],
    }
    game.touch()
    return game


def _at(game: Game, turn: int) -> Game:
    game.state.turn = turn
    game.touch()
    return game


def test_the_clock_counts_the_wounds_to_deal_and_the_rounds_left() -> None:
    # The Warrior in the place must be killed or driven out by the end of turn 7: two
    # wounds in seven rounds is no hurry; in two rounds, a wound a round, it is.
    early = clock_for(view_for(_pit(), Side.ADVENTURERS))
    assert early is not None
    assert early.job == {"warrior_01"} and early.wounds == 2 and early.rounds == 7
    assert not early.running and early.weight() == 1.0
    late = clock_for(view_for(_at(_pit(), 6), Side.ADVENTURERS))
    assert late is not None and late.running and late.pace == 1.0
    assert late.weight() == 1.0 + PRESS
    last = clock_for(view_for(_at(_pit(), 7), Side.ADVENTURERS))
    assert last is not None and last.weight() == LAST_ROUND


def test_no_clock_for_the_krobs_nor_where_the_party_wins_by_leaving() -> None:
    game = _pit()
    assert clock_for(view_for(game, Side.KROBS)) is None
    east = [[h.q, h.r] for h in hexes(game, (11, 3), (11, 4))]
    setup: dict[str, Any] = game.state.scratch["scenario"]
    setup["victory"]["conditions"] = [
        {"side": "adventurers", "kind": "exit", "count": 1, "hexes": east}
    ]
    game.touch()
    assert clock_for(view_for(game, Side.ADVENTURERS)) is None


def test_on_the_clock_a_move_counts_the_fights_in_the_way_and_leaves_the_rest() -> None:
    # The Warrior in the place counts the clock's weight, the Hunter beside the place as
    # he is (he stands in the way), the Hunter beside the knight and the Killer far off
    # hardly at all: a fight with them is no step towards the place.
    game = _at(_pit("adventurer_movement"), 6)
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    focus = agent._focus(view_for(game, Side.ADVENTURERS))
    assert focus == {
        "warrior_01": 1.0 + PRESS,
        "hunter_02": 1.0,
        "hunter_01": STRAY,
        "killer_1": STRAY,
    }
    easy = TacticalAgent(Side.ADVENTURERS, 1, level="easy")
    assert easy._focus(view_for(game, Side.ADVENTURERS)) == {}


def test_in_the_last_round_the_knight_strikes_the_one_who_keeps_the_place() -> None:
    # With time to spare the knight takes the better odds against the Hunter; in the
    # last round only the Warrior in the place matters: the party loses at the end of
    # the turn unless he goes.
    def choice(turn: int) -> Any:
        game = _at(_pit(), turn)
        return TacticalAgent(Side.ADVENTURERS, 1, level="normal").choose(
            view_for(game, Side.ADVENTURERS)
        )

    assert choice(1) == Attack(("rebel_knight_1",), ("hunter_01",))
    last = choice(7)
    assert isinstance(last, Attack) and "warrior_01" in last.defenders
