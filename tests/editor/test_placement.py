"""Each placement problem on a hand-made board: a character in rock, an armoured one in
water, the Queen where she does not fit; none for good placements."""

from __future__ import annotations

import copy

from dragonnoir.editor.board_doc import new_board
from dragonnoir.editor.placement import placement_problems
from dragonnoir.engine.state import Side, Unit
from dragonnoir.hexmap.board import Cell, EdgeFeature
from dragonnoir.hexmap.hexes import Edge, Hex

BASE = new_board(11, 9, terrain="cave_floor")
G = BASE.grid


def at(col: int, row: int) -> Hex:
    return G.to_hex(col, row)


def unit(kind: str, side: Side, col: int, row: int, facing: int = 0) -> Unit:
    return Unit(id=kind, kind=kind, side=side, hex=at(col, row), facing=facing)


def texts(board: object, units: list[Unit]) -> list[str]:
    return [p.text() for p in placement_problems(board, units)]  # type: ignore[arg-type]


def test_good_placements_have_no_problem() -> None:
    units = [
        unit("zacharie", Side.ADVENTURERS, 2, 2),
        unit("queen_alkiram", Side.KROBS, 5, 4),
        unit("guard_1", Side.KROBS, 8, 6),
    ]
    assert texts(BASE, units) == []


def test_a_character_in_rock() -> None:
    b = copy.deepcopy(BASE)
    b.cells[at(2, 2)] = Cell("rock")
    assert texts(b, [unit("zacharie", Side.ADVENTURERS, 2, 2)]) == [
        "Zacharie is placed on Solid rock at cell (2, 2), where no one can stand "
        "[Movement (terrain table)]"
    ]


def test_an_armoured_knight_in_water_but_not_a_swimmer() -> None:
    b = copy.deepcopy(BASE)
    b.cells[at(2, 2)] = Cell("water")
    knight = unit("rebel_knight_1", Side.ADVENTURERS, 2, 2)
    assert texts(b, [knight]) == [
        "Knight of Halöven 1 is placed in water at cell (2, 2), but cannot swim "
        "[Movement Restriction 2 (water)]"
    ]
    assert texts(b, [unit("zacharie", Side.ADVENTURERS, 2, 2)]) == []


def test_the_queen_where_she_does_not_fit() -> None:
    b = copy.deepcopy(BASE)
    queen = unit("queen_alkiram", Side.KROBS, 5, 4)
    b.cells[at(6, 4)] = Cell("cave_floor", -1.0)
    assert texts(b, [queen]) == [
        "Queen Alkiram does not fit at cell (5, 4): her hexes are not all at one level "
        "[Movement of Alkiram and the Queen's Guards]"
    ]
    b = copy.deepcopy(BASE)
    b.edges[Edge(at(5, 4), at(6, 4))] = EdgeFeature.WALL
    assert texts(b, [queen]) == [
        "Queen Alkiram does not fit at cell (5, 4): a wall runs between her hexes "
        "[Movement of Alkiram and the Queen's Guards]"
    ]
    assert texts(BASE, [unit("queen_alkiram", Side.KROBS, 0, 0)]) == [
        "Queen Alkiram at cell (0, 0) does not fit on the map "
        "[Movement of Alkiram and the Queen's Guards]"
    ]


def test_an_armoured_passenger_in_a_boat_is_not_in_the_water() -> None:
    """A boat (or bridge) counter over water: the knight aboard is no problem ("Movement
    by Boat"); out of it he would sink."""
    b = copy.deepcopy(BASE)
    b.cells[at(4, 4)] = Cell("water", -1.0)
    knight = [unit("rebel_knight_1", Side.ADVENTURERS, 4, 4)]
    assert texts(b, knight) and "cannot swim" in texts(b, knight)[0]
    assert placement_problems(b, knight, afloat={at(4, 4)}) == []
