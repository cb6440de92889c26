"""A bridge laid so that a friend has room to retreat after a combat
(dragonnoir/ai/bridge_room.py; docs/combat.md, 'A blocked retreat'): once the Krobs have
declared their combats, the wizard lays a bridge behind a friend cornered against the
water, and only where the bridge gives him a hex to fall back onto."""

from __future__ import annotations

from typing import Any

from dragonnoir.ai import bridge_room, spells
from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import Attack, CastSpell, Declare, Pass
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side
from dragonnoir.engine.testing import Piece, position

#: A spit of three dry hexes in a lake; the north shore two rows off.
LAKE = """
. . . . . . . .
 . . . . . . . .
~ ~ ~ ~ ~ ~ ~ ~
 ~ ~ . . ~ ~ ~ ~
~ ~ ~ . ~ ~ ~ ~
"""


def _cornered_knight(*, named: bool = False) -> Game:
    """The knight (armoured: he may not swim) on the spit's west hex, two Warriors
    attacking him (a combat each) from the east and the south-east; Zacharie on the north
    shore. The Krobs have declared the combats: the Adventurers answer the window after
    the declaration."""
    game = position(
        LAKE,
        [
            Piece("rebel_knight_1", (2, 3)),
            Piece("warrior_01", (3, 3)),
            Piece("warrior_02", (3, 4)),
            Piece("zacharie", (2, 0)),
        ],
        phase="krob_combat",
        turn_limit=10,
    )
    if named:
        setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
        kill = {"side": "krobs", "kind": "kill", "units": ["rebel_knight_1"]}
        setup["victory"] = {"conditions": [kill]}
        game.touch()
    _declare(game, "rebel_knight_1", "warrior_01", "warrior_02")
    return game


def _declare(game: Game, friend: str, *krobs: str) -> None:
    """The Krobs declare each of `krobs`' attack on `friend` (the window before passed)."""
    while game.state.pending and game.state.pending[0].kind == "cast_window":
        game.apply(Pass())
    for krob in krobs:
        game.apply(Attack((krob,), (friend,)))
    game.apply(Declare())


def test_the_knight_with_his_back_to_the_water_is_cornered() -> None:
    game = _cornered_knight()
    view = view_for(game, Side.ADVENTURERS)
    cornered = bridge_room.cornered_friends(view)
    assert [c.friend for c in cornered] == ["rebel_knight_1"] * 2  # in each combat
    rooms = bridge_room.rooms_made(view, view.state.units["zacharie"], cornered)
    assert rooms, "a bridge beside him gives him room"
    knight = game.state.units["rebel_knight_1"].hex
    assert knight is not None
    for room in rooms:
        assert any(h.distance(knight) == 1 for h in bridge_room.counter_hexes(room.action))
    # Each combat's retreat goes away from its own attackers: some bridges give him room
    # in both, away from both Warriors, and are worth both.
    both = [r for r in rooms if len(r.friends) == 2]
    assert both and max(r.saved for r in rooms) == max(r.saved for r in both)


def test_the_wizard_lays_a_bridge_for_the_retreat_of_a_friend_the_krobs_win_by_killing() -> None:
    game = _cornered_knight(named=True)
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    cast = agent.choose(view_for(game, Side.ADVENTURERS))
    assert isinstance(cast, CastSpell) and "bridge" in cast.spell, cast
    assert any("room for" in line for line in agent.intent)


def test_no_bridge_where_he_has_room_already() -> None:
    # On the north shore's row the knight has dry hexes behind him.
    game = position(
        LAKE,
        [Piece("rebel_knight_1", (2, 1)), Piece("warrior_01", (3, 1)), Piece("zacharie", (6, 0))],
        phase="krob_combat",
        turn_limit=10,
    )
    _declare(game, "rebel_knight_1", "warrior_01")
    assert bridge_room.cornered_friends(view_for(game, Side.ADVENTURERS)) == []


def test_the_krob_turns_windows_stay_open_while_a_friend_may_be_cornered() -> None:
    # Declined, the windows close for the turn, the one after the declaration with them.
    def at_movement(knight: tuple[int, int], warrior: tuple[int, int]) -> bool:
        game = position(
            LAKE,
            [
                Piece("rebel_knight_1", knight),
                Piece("warrior_01", warrior),
                Piece("zacharie", (2, 0)),
            ],
            phase="krob_movement",
            turn_limit=10,
        )
        return spells.may_make_room_later(view_for(game, Side.ADVENTURERS))

    assert at_movement((2, 3), (3, 3))  # on the spit, the Warrior beside him
    assert not at_movement((2, 1), (3, 1))  # on the shore
