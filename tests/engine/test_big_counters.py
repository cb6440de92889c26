"""The Queen (7 hexes) and her Guards (3 hexes) ("Movement of Alkiram and the Queen's
Guards"): "It is impossible for Alkiram and the Queen's Guards to pass through places on
the map whose width is less than 3 hexes for the Queen and 2 hexes for the Guards.
Alkiram and the Queen's Guards may freely change orientation, without penalty in
movement points."

Our readings (docs/movement.md): every covered hex passable for them, all on one level,
no wall, cliff or low wall between two covered hexes; a step costs the most expensive
hex it newly covers; a Guard turns about its head one side at a time, for free."""

from __future__ import annotations

from dragonnoir.engine.actions import Move
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.rules.movement import legal_destinations
from dragonnoir.engine.testing import Piece, hexes, position

R_BIG = "Movement of Alkiram and the Queen's Guards"

# A room three hexes high, a corridor one hex wide leading east.
ROOM = """
# # # # # # # # #
 # . . . . # # # #
# . . . . . . . #
 # . . . . # # # #
# # # # # # # # #
"""


def reach(game: Game, unit_id: str) -> dict[tuple[int, int], int]:
    grid = game.board.grid
    return {grid.to_cell(h): d.cost for h, d in legal_destinations(game, unit_id).items()}


def test_the_queen_needs_room_three_hexes_wide() -> None:
    game = position(ROOM, [Piece("queen_alkiram", (2, 2))], phase="krob_movement")
    assert reach(game, "queen_alkiram") == {(3, 2): 1, (4, 2): 2}
    verdict = game.explain(Move("queen_alkiram", hexes(game, (3, 2), (4, 2), (5, 2))))
    assert not verdict.legal and verdict.rule == R_BIG


def test_the_queen_turns_freely_and_may_end_facing_any_way() -> None:
    game = position(ROOM, [Piece("queen_alkiram", (2, 2))], phase="krob_movement")
    dest = legal_destinations(game, "queen_alkiram")[hexes(game, (3, 2))[0]]
    assert sorted(dest.facings) == [0, 1, 2, 3, 4, 5]
    game.apply(Move("queen_alkiram", hexes(game, (3, 2)), 3))
    queen = game.state.units["queen_alkiram"]
    assert queen.facing == 3 and queen.mp_spent == 1  # no penalty for turning


def test_the_queen_never_covers_water() -> None:
    game = position(
        """
        # # # # # # # # #
         # . . . . ~ . # #
        # . . . . . . . #
         # . . . . . . # #
        # # # # # # # # #
        """,
        [Piece("queen_alkiram", (2, 2))],
        phase="krob_movement",
        levels="""
        0 0 0 0 0 0 0 0 0
         0 0 0 0 0 0 0 0 0
        0 0 0 0 0 0 0 0 0
         0 0 0 0 0 0 0 0 0
        0 0 0 0 0 0 0 0 0
        """,
    )
    # (5, 2) would cover the water at (5, 1): Restriction 2 for the Queen.
    assert (5, 2) not in reach(game, "queen_alkiram")
    assert (4, 2) in reach(game, "queen_alkiram")


def test_a_big_counters_step_costs_the_dearest_hex_it_newly_covers() -> None:
    game = position(
        """
        # # # # # # # #
         # . . r r # # #
        # . . . . . # #
         # . . . . # # #
        # # # # # # # #
        """,
        [Piece("queen_alkiram", (2, 2))],
        phase="krob_movement",
    )
    # One hex east newly covers (3,1) rubble (2), (4,2) and (3,3) floor (1): 2 MP. One
    # more newly covers (4,1) rubble, (5,2) and (4,3) floor: 2 MP more.
    assert reach(game, "queen_alkiram") == {(3, 2): 2, (4, 2): 4}


# A corridor two hexes wide (rows 1 and 2), then one hex wide (row 2 only).
CORRIDOR = """
# # # # # # # # #
 . . . . . # # # #
. . . . . . . . #
 # # # # # # # # #
"""


def test_a_guard_passes_where_two_hexes_are_free_not_one() -> None:
    game = position(CORRIDOR, [Piece("guard_1", (1, 2), facing=4)], phase="krob_movement")
    guard = game.state.units["guard_1"]
    cells = {game.board.grid.to_cell(h) for h in footprint(game, guard)}
    assert cells == {(1, 2), (1, 1), (0, 1)}  # head and the two hexes behind it
    found = reach(game, "guard_1")
    # Its head may enter the narrow part, its body still in the wide part...
    assert (5, 2) in found and set(
        legal_destinations(game, "guard_1")[hexes(game, (5, 2))[0]].facings
    ) == {5}
    # ... but no further: it cannot pass through.
    assert (6, 2) not in found
    verdict = game.explain(Move("guard_1", hexes(game, (2, 2), (3, 2), (4, 2), (5, 2), (6, 2))))
    assert not verdict.legal and verdict.rule == R_BIG


def test_a_guard_chooses_its_facing_at_no_cost() -> None:
    game = position(CORRIDOR, [Piece("guard_1", (1, 2), facing=4)], phase="krob_movement")
    dest = legal_destinations(game, "guard_1")[hexes(game, (2, 2))[0]]
    assert dest.cost == 1 and set(dest.facings) == {3, 4, 5}
    # Facing 1 would put its body in the rock below.
    refused = game.explain(Move("guard_1", hexes(game, (2, 2)), 1))
    assert not refused.legal and refused.rule == R_BIG
    game.apply(Move("guard_1", hexes(game, (2, 2)), 5))
    guard = game.state.units["guard_1"]
    assert guard.facing == 5 and guard.mp_spent == 1
    cells = {game.board.grid.to_cell(h) for h in footprint(game, guard)}
    assert cells == {(2, 2), (1, 1), (1, 2)}


def test_a_guard_cannot_straddle_a_wall() -> None:
    # A wall between rows 1 and 2 east of the Guard: it can no longer cover both rows,
    # and one row is too narrow for it.
    edges = [((1, 1), 5, "wall")]
    edges += [((c, 1), d, "wall") for c in (2, 3, 4) for d in (4, 5)]
    game = position(
        CORRIDOR, [Piece("guard_1", (1, 2), facing=4)], phase="krob_movement", edges=edges
    )
    assert reach(game, "guard_1") == {}
    verdict = game.explain(Move("guard_1", hexes(game, (2, 2)), 4))
    assert not verdict.legal and verdict.rule == R_BIG
    open_corridor = position(CORRIDOR, [Piece("guard_1", (1, 2), facing=4)], phase="krob_movement")
    assert (4, 2) in reach(open_corridor, "guard_1")


def test_a_guard_may_turn_on_the_spot() -> None:
    game = position(CORRIDOR, [Piece("guard_1", (2, 2), facing=4)], phase="krob_movement")
    assert game.is_legal(Move("guard_1", (), 5))
    game.apply(Move("guard_1", (), 5))
    assert game.state.units["guard_1"].facing == 5
    assert game.state.units["guard_1"].mp_spent == 0
