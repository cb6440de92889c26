"""Stacking ("Stacking", Movement Restriction 1): friends, knocked-out and dead
characters may be passed through; at the end of movement one living character per hex,
except on a walkway hex: one on the walkway, one underneath, who cannot fight each other."""

from __future__ import annotations

from dragonnoir.engine.actions import Move
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import movement
from dragonnoir.engine.rules.steps import in_position_to_attack
from dragonnoir.engine.state import Status
from dragonnoir.engine.testing import Piece, hexes, position

CORRIDOR = ". . . . ."


def ends(game: Game, unit_id: str) -> set[tuple[tuple[int, int], float]]:
    found = movement.search_all(game, game.state.units[unit_id], 6)
    return {(game.board.grid.to_cell(h), level) for h, level in found}


def test_friends_are_passed_through_but_not_stopped_on() -> None:
    game = position(CORRIDOR, {"rebel_swordsman_1": (0, 0), "rebel_swordsman_2": (2, 0)})
    assert game.is_legal(Move("rebel_swordsman_1", hexes(game, (1, 0), (2, 0), (3, 0))))
    verdict = game.explain(Move("rebel_swordsman_1", hexes(game, (1, 0), (2, 0))))
    assert not verdict.legal and verdict.rule == "Stacking"
    assert ((2, 0), 0.0) not in ends(game, "rebel_swordsman_1")
    assert ((3, 0), 0.0) in ends(game, "rebel_swordsman_1")


def test_a_knocked_out_character_is_alive_a_dead_one_is_not() -> None:
    game = position(
        CORRIDOR,
        [
            Piece("rebel_swordsman_1", (0, 0)),
            Piece("rebel_swordsman_2", (1, 0), status=Status.KNOCKED_OUT),
            Piece("rebel_swordsman_3", (2, 0), status=Status.KILLED),
        ],
    )
    found = ends(game, "rebel_swordsman_1")
    assert ((1, 0), 0.0) not in found  # knocked out: still a living character
    assert ((2, 0), 0.0) in found  # dead: "only one living character must remain"


WALKWAY = """
+ E w w E +
 . . . . . .
"""


def test_the_walkway_exception_one_on_the_walkway_one_underneath() -> None:
    game = position(
        WALKWAY,
        [
            Piece("rebel_swordsman_1", (2, 0), level=1.0),  # on the deck
            Piece("rebel_swordsman_2", (2, 1)),  # on the floor, next to it
            Piece("rebel_swordsman_3", (1, 0)),  # on the walkway end
        ],
    )
    # Underneath the friend on the deck: allowed.
    below = Move("rebel_swordsman_2", hexes(game, (2, 0)))
    verdict = game.explain(below)
    assert verdict.legal, verdict
    # On the deck where the friend stands: refused.
    onto = Move("rebel_swordsman_3", hexes(game, (2, 0)))
    assert game.explain(onto).rule == "Stacking"
    game.apply(below)
    unit = game.state.units["rebel_swordsman_2"]
    assert unit.level == 0.0
    assert {u.id for u in game.units_at(hexes(game, (2, 0))[0])} == {
        "rebel_swordsman_1",
        "rebel_swordsman_2",
    }


def test_enemies_on_the_walkway_and_underneath_neither_block_nor_fight() -> None:
    game = position(
        WALKWAY,
        [
            Piece("rebel_swordsman_1", (1, 1)),  # on the floor
            Piece("hunter_01", (2, 0), level=1.0),  # on the deck above (2, 0)
        ],
    )
    hunter = game.state.units["hunter_01"]
    # He walks under the Hunter and ends there: different levels.
    assert game.is_legal(Move("rebel_swordsman_1", hexes(game, (2, 0), (3, 0))))
    assert game.is_legal(Move("rebel_swordsman_1", hexes(game, (2, 0))))
    game.apply(Move("rebel_swordsman_1", hexes(game, (2, 0))))
    swordsman = game.state.units["rebel_swordsman_1"]
    assert not in_position_to_attack(game, hunter, swordsman)
    assert not in_position_to_attack(game, swordsman, hunter)


def test_a_standing_enemy_on_the_same_level_blocks() -> None:
    game = position(
        WALKWAY,
        [Piece("rebel_swordsman_1", (1, 0)), Piece("hunter_01", (2, 0), level=1.0)],
    )
    verdict = game.explain(Move("rebel_swordsman_1", hexes(game, (2, 0), (3, 0))))
    assert not verdict.legal
    assert verdict.rule == "Movement Restriction 1 (enemy characters)"
