"""Stacking ("Stacking", Movement Restriction 1): friends, knocked-out and dead
characters may be passed through; "at the end of each movement sequence, only one living
character must remain per hex" — a move may end on a friend's hex, the End phase is
refused while two living characters share one (issue 8, ruling 1) — except on a walkway
hex: one on the walkway, one underneath, who cannot fight each other."""

from __future__ import annotations

from dragonnoir.engine.actions import EndPhase, Move
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import movement
from dragonnoir.engine.rules.steps import in_position_to_attack
from dragonnoir.engine.state import Status
from dragonnoir.engine.testing import Piece, hexes, position

CORRIDOR = ". . . . ."


def ends(game: Game, unit_id: str) -> set[tuple[tuple[int, int], float]]:
    found = movement.search_all(game, game.state.units[unit_id], 6)
    return {(game.board.grid.to_cell(h), level) for h, level in found}


def test_a_move_may_end_on_a_friend_but_the_phase_may_not_end_so() -> None:
    """Ruling 1: the check is at the end of the movement sequence. Swordsman 1 ends on
    his friend's hex; End phase is refused, naming the hex, until one of them leaves."""
    game = position(CORRIDOR, {"rebel_swordsman_1": (0, 0), "rebel_swordsman_2": (2, 0)})
    assert game.is_legal(Move("rebel_swordsman_1", hexes(game, (1, 0), (2, 0), (3, 0))))
    onto = Move("rebel_swordsman_1", hexes(game, (1, 0), (2, 0)))
    assert game.explain(onto).legal
    assert ((2, 0), 0.0) in ends(game, "rebel_swordsman_1")
    game.apply(onto)
    refusal = game.explain(EndPhase())
    assert not refusal.legal and refusal.rule == "Stacking"
    assert "(2,0)" in refusal.reason and "rebel_swordsman_2" in refusal.reason
    assert EndPhase() not in game.legal_actions()
    assert movement.shared_hexes(game) == {
        hexes(game, (2, 0))[0]: ["rebel_swordsman_1", "rebel_swordsman_2"]
    }
    # The friend, who has not moved, steps off: the phase may end.
    game.apply(Move("rebel_swordsman_2", hexes(game, (3, 0))))
    assert game.explain(EndPhase()).legal


def test_a_character_left_on_a_shared_hex_may_go_on_later() -> None:
    """His movement is not over while he shares a hex: after another character has
    moved, he may still spend his remaining points to leave it."""
    game = position(
        ". . . . .\n . . . . .",
        {"rebel_swordsman_1": (0, 0), "rebel_swordsman_2": (2, 0), "rebel_swordsman_3": (0, 1)},
    )
    game.apply(Move("rebel_swordsman_2", hexes(game, (1, 0))))
    game.apply(Move("rebel_swordsman_1", hexes(game, (1, 0))))  # onto swordsman 2
    game.apply(Move("rebel_swordsman_3", hexes(game, (1, 1))))  # someone else moves
    assert not game.explain(EndPhase()).legal
    verdict = game.explain(Move("rebel_swordsman_1", hexes(game, (2, 0))))
    assert verdict.legal, verdict
    game.apply(Move("rebel_swordsman_1", hexes(game, (2, 0))))
    assert game.explain(EndPhase()).legal


def test_no_move_may_leave_a_stack_nobody_can_undo() -> None:
    """So that the phase can always end, a move ends on an occupied hex only if the
    mover keeps points to step off or a friend there may still move."""
    game = position(
        ". . . . .\n . . . . .",
        {"rebel_swordsman_1": (0, 0), "rebel_swordsman_2": (4, 0), "rebel_swordsman_3": (0, 1)},
    )
    game.apply(Move("rebel_swordsman_2", hexes(game, (3, 0))))
    game.apply(Move("rebel_swordsman_3", hexes(game, (1, 1))))  # swordsman 2's move is over
    # Swordsman 1 (6 MP) reaching (3, 0) keeps 3 points: allowed.
    assert game.explain(Move("rebel_swordsman_1", hexes(game, (1, 0), (2, 0), (3, 0)))).legal
    game.state.units["rebel_swordsman_1"].mp_spent = 3
    game.touch()
    verdict = game.explain(Move("rebel_swordsman_1", hexes(game, (1, 0), (2, 0), (3, 0))))
    assert not verdict.legal and verdict.rule == "Stacking"


def test_a_knocked_out_character_is_alive_a_dead_one_is_not() -> None:
    game = position(
        CORRIDOR,
        [
            Piece("rebel_swordsman_1", (0, 0)),
            Piece("rebel_swordsman_2", (1, 0), status=Status.KNOCKED_OUT),
            Piece("rebel_swordsman_3", (2, 0), status=Status.KILLED),
        ],
    )
    game.apply(Move("rebel_swordsman_1", hexes(game, (1, 0))))  # a knocked-out friend
    assert not game.explain(EndPhase()).legal  # still a living character
    game.apply(Move("rebel_swordsman_1", hexes(game, (2, 0))))  # a dead one
    assert game.explain(EndPhase()).legal  # "only one living character must remain"


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
    # On the deck where the friend stands: allowed, but then the phase may not end.
    onto = Move("rebel_swordsman_3", hexes(game, (2, 0)))
    assert game.explain(onto).legal
    game.apply(below)
    unit = game.state.units["rebel_swordsman_2"]
    assert unit.level == 0.0
    assert {u.id for u in game.units_at(hexes(game, (2, 0))[0])} == {
        "rebel_swordsman_1",
        "rebel_swordsman_2",
    }
    assert game.explain(EndPhase()).legal  # the walkway exception


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


def test_a_stack_nobody_can_undo_is_settled_when_the_phase_ends() -> None:
    """Should a stack remain that no character on it can leave any more, the phase
    still ends: the latest to arrive is put on the nearest free hex (our reading, so
    that a game can never lock)."""
    game = position(
        CORRIDOR,
        [Piece("rebel_swordsman_1", (2, 0)), Piece("rebel_swordsman_2", (2, 0))],
    )
    for uid in ("rebel_swordsman_1", "rebel_swordsman_2"):
        game.state.units[uid].mp_spent = 6
    game.touch()
    verdict = game.explain(EndPhase())
    assert verdict.legal, verdict
    events = game.apply(EndPhase())
    stop = next(e for e in events if getattr(e, "rule", "") == "Stacking")
    assert stop.unit == "rebel_swordsman_2"
    assert movement.shared_hexes(game) == {}
    assert game.state.units["rebel_swordsman_2"].hex in {
        hexes(game, (1, 0))[0],
        hexes(game, (3, 0))[0],
    }


QUEENS_CELL = """
# . . # #
 . . . . .
# . . # #
"""


def test_when_the_last_to_arrive_has_no_free_hex_another_of_the_stack_steps_aside() -> None:
    """The Queen (seven hexes) fills the only room her size fits in; a Hunter stands on
    one of her hexes, neither can move any more. She has nowhere to be put, so the Hunter
    is put on the nearest free hex instead: the phase still ends with one living
    character per hex ("Stacking")."""
    game = position(
        QUEENS_CELL,
        [Piece("queen_alkiram", (1, 1), facing=0), Piece("hunter_01", (2, 1))],
        phase="krob_movement",
    )
    queen, hunter = game.state.units["queen_alkiram"], game.state.units["hunter_01"]
    queen.moved = True
    for unit in (queen, hunter):
        unit.mp_spent = 20
    game.touch()
    assert movement.shared_hexes(game), "the Hunter stands on one of the Queen's hexes"
    assert movement.nearest_free_placement(game, queen) is None
    game.apply(EndPhase())
    assert movement.shared_hexes(game) == {}
    assert game.state.units["queen_alkiram"].hex == hexes(game, (1, 1))[0]
    assert game.state.units["hunter_01"].hex in hexes(game, (3, 1), (4, 1))
