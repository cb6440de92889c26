"""Each validation message on a hand-made bad board, its absence on the good version of
the same board, and none on the boards we ship."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from dragonnoir.editor import validate as v
from dragonnoir.editor.board_doc import BoardDocument, new_board
from dragonnoir.hexmap.board import Board, Cell, EdgeFeature, Zone, ZoneKind
from dragonnoir.hexmap.board_io import load_board
from dragonnoir.hexmap.hexes import Edge, Hex

MAPS = Path(__file__).resolve().parents[2] / "maps"
CLEAN = new_board(9, 7, terrain="cave_floor")
G = CLEAN.grid


def at(col: int, row: int) -> Hex:
    return G.to_hex(col, row)


def board(**cells: Cell) -> Board:
    """The clean board with some cells changed: `c4_3=Cell(...)` is cell (4, 3)."""
    b = copy.deepcopy(CLEAN)
    for key, cell in cells.items():
        col, row = (int(x) for x in key[1:].split("_"))
        b.cells[at(col, row)] = cell
    return b


def texts(b: Board) -> list[str]:
    return [p.text() for p in v.validate_board(b)]


def wall_round(b: Board, h: Hex, feature: EdgeFeature = EdgeFeature.WALL) -> None:
    for n in h.neighbours():
        b.edges[Edge(h, n)] = feature


def test_a_plain_floor_has_no_problem() -> None:
    assert texts(CLEAN) == []


@pytest.mark.parametrize("path", sorted(MAPS.glob("*.tmx")), ids=lambda p: p.stem)
def test_the_shipped_boards_have_no_problem(path: Path) -> None:
    assert texts(load_board(path)) == []


def test_stairs_that_join_no_two_levels() -> None:
    flat = board(c4_3=Cell("stairs", 0.0))
    assert texts(flat) == [
        "cell (4, 3): Stairs joins no two levels: it only reaches level +0 "
        "[Movement Restriction 8 (levels)]"
    ]
    down = board(c4_3=Cell("stairs", -0.5), c5_3=Cell("cave_floor", -1.0))
    assert texts(down) == []


def test_a_half_level_that_is_not_a_level_link() -> None:
    b = board(c2_2=Cell("cave_floor", 0.5))
    found = texts(b)
    assert (
        "cell (2, 2): Cave floor at level +0.5; only stairs, embankments and slopes stand "
        "at half a level [The Underground Maps]"
    ) in found


def test_a_door_with_walls_on_neither_side() -> None:
    b = board()
    door = Edge(at(4, 3), at(5, 3))
    b.edges[door] = EdgeFeature.DOOR
    assert texts(b) == [
        "the door between cell (4, 3) and cell (5, 3) has walls on neither side "
        "[Movement Restriction 5 (walls)]"
    ]
    problem = v.validate_board(b)[0]
    assert problem.edges == (door,) and problem.marked() == {at(4, 3), at(5, 3)}
    d = door.a.direction_to(door.b)
    assert d is not None
    b.edges[Edge(door.a, door.a.neighbour(d + 1))] = EdgeFeature.WALL
    assert texts(b) == []


def test_an_island_no_one_can_reach() -> None:
    b = board()
    wall_round(b, at(4, 3))
    assert texts(b) == [
        "cell (4, 3): no one can reach this place from the map's edges or entries "
        "[Movement Restrictions]"
    ]
    b.edges[Edge(at(4, 3), at(5, 3))] = EdgeFeature.DOOR
    assert texts(b) == []


def test_an_exit_unreachable_from_the_entries() -> None:
    b = board()
    wall_round(b, at(4, 3))
    b.zones += [
        Zone(ZoneKind.ENTRY, "west", frozenset({at(0, 2)}), {"side": "left"}),
        Zone(ZoneKind.EXIT, "way-out", frozenset({at(4, 3)})),
    ]
    found = texts(b)
    assert (
        "exit zone 'way-out' (cell (4, 3)) cannot be reached from any entry "
        '[Accessory Counters (the "Sun?" counters on the exits)]'
    ) in found


def test_a_bridge_not_over_water() -> None:
    dry = board(c4_3=Cell("wooden_bridge"), c5_3=Cell("wooden_bridge"))
    assert texts(dry) == [
        "cell (4, 3) (and 1 more hex): Wooden bridge is not over water "
        "[Movement Restriction 3 (wooden bridge)]"
    ]
    wet = board(c4_3=Cell("stone_bridge"), c4_4=Cell("water"))
    assert texts(wet) == []


def test_walkways_need_their_ends() -> None:
    b = board(c4_3=Cell("cave_floor", walkway=True), c6_3=Cell("cave_floor", walkway_end=True))
    found = texts(b)
    assert found == [
        "cell (6, 3): a walkway end must be at level +1 (it is at +0) "
        "[Movement Restriction 9 (walkways)]",
        "cell (4, 3): this walkway rests on no walkway end, so no one can get on it "
        "[Movement Restriction 9 (walkways)]",
        "cell (4, 3) (on the walkway): no one can reach this place from the map's edges or "
        "entries [Movement Restrictions]",
    ]


def test_a_zone_on_rock() -> None:
    b = board(c3_3=Cell("rock"))
    b.zones.append(Zone(ZoneKind.DEPLOYMENT, "camp", frozenset({at(3, 3), at(2, 3)})))
    assert texts(b) == [
        "deployment zone 'camp' covers impassable cell (3, 3) "
        "[Course of a Game (scenario zones, docs/map-format.md)]"
    ]


def test_problems_name_the_rule_and_place_in_a_document() -> None:
    doc = BoardDocument(board(c4_3=Cell("stairs", 0.0)))
    (problem,) = v.validate_board(doc.board)
    assert problem.rule == v.R_LEVELS
    assert problem.hexes == (at(4, 3),)
    assert doc.where(at(4, 3)) == "cell (4, 3)"
