"""Line of fire, range and cover ("Line of Fire", "Range of Fire", "Fire Restrictions and
Cover"): one small hand-made position per rule, blocked and clear (or each cover class),
each naming its rule; symmetric cases checked both ways."""

from __future__ import annotations

import json
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import line_of_fire as lof_mod
from dragonnoir.engine.rules.line_of_fire import (
    LineOfFire,
    explain_line_of_fire,
    line_of_fire,
    visible_targets,
)
from dragonnoir.engine.state import Accessory, AccessoryKind, Status
from dragonnoir.engine.testing import Piece, position
from dragonnoir.hexmap.board import BOARD_GRID
from dragonnoir.hexmap.hexes import Edge, Hex
from dragonnoir.hexmap.los import edge_middle, to_pixel
from dragonnoir.hexmap.terrain import Cover
from dragonnoir.narration.phrase import english

Cell = tuple[int, int]

FLOOR = """
. . . . . . . . .
 . . . . . . . . .
. . . . . . . . .
 . . . . . . . . .
. . . . . . . . .
"""


def hx(c: Cell) -> Hex:
    return BOARD_GRID.to_hex(*c)


def cells(hexes: Iterable[Hex]) -> list[Cell]:
    return [BOARD_GRID.to_cell(h) for h in hexes]


def lof(game: Game, shooter: str, target: str) -> LineOfFire:
    units = game.state.units
    return line_of_fire(game, units[shooter], units[target])


def rules(line: LineOfFire) -> set[str]:
    return {rule for _, rule in line.reasons}


def room(
    room_cells: Iterable[Cell], openings: dict[tuple[Cell, int], str]
) -> list[tuple[Cell, int, str]]:
    """Walls on every side of `room_cells` facing outside, an opening where asked."""
    inside = {hx(c) for c in room_cells}
    out: list[tuple[Cell, int, str]] = []
    for h in inside:
        c = BOARD_GRID.to_cell(h)
        for d in range(6):
            if h.neighbour(d) not in inside:
                out.append((c, d, openings.get((c, d), "wall")))
    return out


def game_of(pieces: dict[str, Cell] | list[Piece], art: str = FLOOR, **kw: object) -> Game:
    if isinstance(pieces, dict):
        pieces = [Piece(kind, c) for kind, c in pieces.items()]
    return position(art, pieces, **kw)  # type: ignore[arg-type]


# -- Range of Fire ---------------------------------------------------------------------------


def test_range_five_hexes_target_counted_shooter_not() -> None:
    g = game_of({"elf_1": (0, 2), "hunter_01": (5, 2)})
    five = lof(g, "elf_1", "hunter_01")
    assert five.possible and five.range == 5 and five.cover is Cover.NONE
    assert five.reasons == ()
    g = game_of({"elf_1": (0, 2), "hunter_02": (6, 2)})
    six = lof(g, "elf_1", "hunter_02")
    assert not six.possible and six.range == 6
    assert rules(six) == {"Range of Fire"}


def test_the_line_is_drawn_centre_to_centre() -> None:
    g = game_of({"elf_1": (0, 2), "hunter_01": (4, 2)})
    line = lof(g, "elf_1", "hunter_01")
    assert line.start == BOARD_GRID.hex_centre(hx((0, 2)))
    assert line.end == BOARD_GRID.hex_centre(hx((4, 2)))
    assert cells(line.crossed_hexes) == [(0, 2), (1, 2), (2, 2), (3, 2), (4, 2)]
    assert len(line.crossed_edges) == 4 and all(f is None for _, f in line.crossed_edges)


# -- Trees -----------------------------------------------------------------------------------

TREES = """
. . . . . . . . .
 . . . . . . . . .
. . t . t . . . .
 . . . . . . . . .
. . . . . . . . .
"""


def test_trees_between_block() -> None:
    g = game_of({"elf_1": (0, 2), "hunter_01": (3, 2)}, TREES)
    line = lof(g, "elf_1", "hunter_01")
    assert not line.possible and rules(line) == {"Fire Restrictions and Cover: Trees"}


def test_target_on_trees_has_light_cover_unless_other_trees_between() -> None:
    g = game_of({"elf_1": (0, 2), "hunter_01": (2, 2), "hunter_02": (4, 2)}, TREES)
    near = lof(g, "elf_1", "hunter_01")
    assert near.possible and near.cover is Cover.LIGHT
    assert rules(near) == {"Fire Restrictions and Cover: Trees"}
    far = lof(g, "elf_1", "hunter_02")
    assert not far.possible  # the tree at (2,2) is between


def test_a_shooter_on_trees_fires_out() -> None:
    g = game_of({"elf_1": (2, 2), "hunter_01": (0, 2)}, TREES)
    assert lof(g, "elf_1", "hunter_01").possible


# -- Spider webs -----------------------------------------------------------------------------


def test_a_web_between_blocks_like_trees() -> None:
    g = game_of({"elf_1": (0, 2), "hunter_01": (4, 2)}, webs=[(2, 2)])
    line = lof(g, "elf_1", "hunter_01")
    assert not line.possible and rules(line) == {"Fire Restrictions and Cover: Spider webs"}


def test_a_krob_on_a_web_has_light_cover() -> None:
    g = game_of({"elf_1": (0, 2), "hunter_01": (4, 2)}, webs=[(4, 2)])
    line = lof(g, "elf_1", "hunter_01")
    assert line.possible and line.cover is Cover.LIGHT
    assert rules(line) == {"Fire Restrictions and Cover: Spider webs"}


def test_an_adventurer_on_a_web_has_no_web_cover() -> None:
    g = game_of({"hunter_01": (0, 2), "elf_1": (4, 2)}, webs=[(4, 2)])
    assert lof(g, "hunter_01", "elf_1").cover is Cover.NONE


# -- Marsh -----------------------------------------------------------------------------------

MARSH = """
. . . . . . . . .
 . . . . . . . . .
. . m . u . . . .
 . . . . . . . . .
. . . . . . . . .
"""


@pytest.mark.parametrize("target_cell", [(2, 2), (4, 2)])
def test_marsh_gives_light_cover_and_does_not_block(target_cell: Cell) -> None:
    g = game_of({"elf_1": (0, 2), "hunter_01": target_cell}, MARSH)
    line = lof(g, "elf_1", "hunter_01")
    assert line.possible and line.cover is Cover.LIGHT
    assert rules(line) == {"Fire Restrictions and Cover: Marsh"}


def test_rubble_cover_comes_from_the_terrain_table() -> None:
    art = FLOOR.splitlines()
    art[3] = ". . . r . . . . ."
    g = game_of({"elf_1": (0, 2), "hunter_01": (3, 2)}, "\n".join(art))
    line = lof(g, "elf_1", "hunter_01")
    assert line.possible and line.cover is Cover.LIGHT
    assert rules(line) == {"Terrain table (cover)"}


# -- Characters ------------------------------------------------------------------------------


def test_a_standing_character_blocks_friend_or_foe() -> None:
    for blocker in ("hunter_02", "rebel_swordsman_1"):
        g = game_of({"elf_1": (0, 2), blocker: (2, 2), "hunter_01": (4, 2)})
        line = lof(g, "elf_1", "hunter_01")
        assert not line.possible and line.blockers == (blocker,)
        assert rules(line) == {"Fire Restrictions and Cover: Characters"}


def test_the_reasons_name_who_stands_in_the_line_as_players_read_him() -> None:
    """The reasons are shown as they are: a name, never an id (issue 41)."""
    g = game_of({"elf_1": (0, 2), "rebel_swordsman_1": (2, 2), "hunter_01": (4, 2)})
    [(said, _rule)] = lof(g, "elf_1", "hunter_01").reasons
    assert english(said, g.where) == "Rebel Swordsman 1 stands at (2,2) in the line"


@pytest.mark.parametrize("status", [Status.KNOCKED_OUT, Status.KILLED])
def test_knocked_out_and_dead_characters_do_not_block(status: Status) -> None:
    pieces = [
        Piece("elf_1", (0, 2)),
        Piece("rebel_swordsman_1", (2, 2), status=status),
        Piece("hunter_01", (4, 2)),
    ]
    assert lof(game_of(pieces), "elf_1", "hunter_01").possible


@pytest.mark.parametrize(
    "piece",
    [Piece("wardog_1", (2, 2)), Piece("hunter_02", (2, 2), adult=False)],
    ids=["dog", "baby Krob"],
)
def test_dogs_and_baby_krobs_block_only_dwarf_shooters(piece: Piece) -> None:
    elf_pieces = [Piece("elf_1", (0, 2)), piece, Piece("hunter_01", (4, 2))]
    assert lof(game_of(elf_pieces), "elf_1", "hunter_01").possible
    dwarf_pieces = [Piece("dwarf_crossbowman_1", (0, 2)), piece, Piece("hunter_01", (4, 2))]
    line = lof(game_of(dwarf_pieces), "dwarf_crossbowman_1", "hunter_01")
    assert not line.possible and line.blockers == (piece.id or piece.kind,)
    assert rules(line) == {"Fire Restrictions and Cover: Characters"}


RIVER = """
. . . ~ ~ ~ . . .
 . . . ~ ~ ~ . . .
. . . ~ ~ ~ . . .
 . . . ~ ~ ~ . . .
. . . ~ ~ ~ . . .
"""


def test_a_character_in_the_water_never_blocks() -> None:
    g = game_of({"elf_1": (1, 2), "hunter_02": (4, 2), "hunter_01": (6, 2)}, RIVER)
    assert lof(g, "elf_1", "hunter_01").possible


def test_river_a_character_in_the_water_cannot_fire_and_has_light_cover() -> None:
    g = game_of({"elf_1": (4, 2), "hunter_01": (7, 2), "hunter_02": (1, 2)}, RIVER)
    line = lof(g, "elf_1", "hunter_01")
    assert not line.possible and rules(line) == {"Fire Restrictions and Cover: River"}
    g = game_of({"elf_1": (1, 2), "hunter_01": (4, 2)}, RIVER)
    line = lof(g, "elf_1", "hunter_01")
    assert line.possible and line.cover is Cover.LIGHT
    assert rules(line) == {"Fire Restrictions and Cover: River"}


def test_a_character_in_a_boat_is_not_in_the_water() -> None:
    g = game_of({"elf_1": (4, 2), "hunter_01": (7, 2)}, RIVER)
    g.state.accessories["boat"] = Accessory("boat", AccessoryKind.BOAT, (hx((4, 2)), hx((4, 1))))
    g.touch()
    assert lof(g, "elf_1", "hunter_01").possible


# -- Heights and walkways --------------------------------------------------------------------

WALKWAY = """
. . . . . . . . .
 . . . . . . . . .
E w w E . . . . .
 . . . . . . . . .
. . . . . . . . .
"""


def test_characters_below_a_shooter_at_height_are_no_obstacle() -> None:
    pieces = [
        Piece("elf_1", (1, 2), level=1.0),  # on the walkway deck
        Piece("rebel_swordsman_1", (2, 2), level=0.0),  # underneath the deck
        Piece("hunter_02", (4, 2)),  # at level 0, below
        Piece("hunter_01", (6, 2)),
    ]
    g = game_of(pieces, WALKWAY)
    line = lof(g, "elf_1", "hunter_01")
    assert line.possible and line.blockers == ()


def test_a_character_at_the_shooters_height_blocks() -> None:
    pieces = [
        Piece("elf_1", (1, 2), level=1.0),
        Piece("rebel_swordsman_1", (2, 2), level=1.0),  # on the deck
        Piece("hunter_01", (5, 2)),
    ]
    line = lof(game_of(pieces, WALKWAY), "elf_1", "hunter_01")
    assert not line.possible and line.blockers == ("rebel_swordsman_1",)


def test_a_character_on_the_deck_is_no_obstacle_to_a_line_underneath() -> None:
    pieces = [
        Piece("elf_1", (0, 2)),
        Piece("rebel_swordsman_1", (2, 2), level=1.0),
        Piece("hunter_01", (4, 2)),
    ]
    g = game_of(pieces, WALKWAY.replace("E w w E", ". w w ."))
    assert lof(g, "elf_1", "hunter_01").possible


def test_ground_a_whole_level_above_both_blocks() -> None:
    art = FLOOR.splitlines()
    art[3] = ". . + . . . . . ."
    g = game_of({"elf_1": (0, 2), "hunter_01": (4, 2)}, "\n".join(art))
    line = lof(g, "elf_1", "hunter_01")
    assert not line.possible and rules(line) == {lof_mod.R_LEVELS}


# -- Walls and demolished walls --------------------------------------------------------------


def test_a_wall_blocks_total_cover() -> None:
    g = game_of({"elf_1": (0, 2), "hunter_01": (4, 2)}, edges=[((2, 2), 0, "wall")])
    line = lof(g, "elf_1", "hunter_01")
    assert not line.possible and rules(line) == {"Fire Restrictions and Cover: Walls"}
    assert (Edge.of(hx((2, 2)), 0), "wall") in line.crossed_edges


def test_solid_rock_blocks() -> None:
    art = FLOOR.splitlines()
    art[3] = ". . # . . . . . ."
    line = lof(
        game_of({"elf_1": (0, 2), "hunter_01": (4, 2)}, "\n".join(art)), "elf_1", "hunter_01"
    )
    assert not line.possible and rules(line) == {"Fire Restrictions and Cover: Walls"}


def test_a_demolished_wall_no_longer_blocks_nor_covers() -> None:
    g = game_of({"elf_1": (0, 2), "hunter_01": (3, 2)}, edges=[((2, 2), 0, "wall")])
    g.state.accessories["dw"] = Accessory(
        "dw", AccessoryKind.DEMOLISHED_WALL, (hx((2, 2)),), facing=0
    )
    g.touch()
    line = lof(g, "elf_1", "hunter_01")
    assert line.possible and line.cover is Cover.NONE
    assert (Edge.of(hx((2, 2)), 0), None) in line.crossed_edges


# -- Window ("L'Ile Souterraine") ------------------------------------------------------------

HOUSE = [(3, 2), (4, 2)]


def window_game(pieces: dict[str, Cell]) -> Game:
    return game_of(pieces, edges=room(HOUSE, {((4, 2), 0): "window"}))


def test_window_from_inside_only_just_behind_it_from_its_middle() -> None:
    g = window_game({"elf_1": (4, 2), "hunter_01": (7, 2)})
    line = lof(g, "elf_1", "hunter_01")
    assert line.possible and line.cover is Cover.MEDIUM
    assert rules(line) == {"Fire Restrictions and Cover: Window"}
    window = Edge.of(hx((4, 2)), 0)
    assert line.start == pytest.approx(to_pixel(BOARD_GRID, edge_middle(window)))
    assert line.crossed_edges[0] == (window, "window")
    assert hx((4, 2)) not in line.crossed_hexes


def test_window_from_deeper_inside_is_blocked() -> None:
    g = window_game({"elf_1": (3, 2), "hunter_01": (7, 2)})
    line = lof(g, "elf_1", "hunter_01")
    assert not line.possible and rules(line) == {"Fire Restrictions and Cover: Window"}


def test_window_from_outside_only_at_the_character_just_behind_it() -> None:
    g = window_game({"elf_1": (7, 2), "hunter_01": (4, 2)})
    behind = lof(g, "elf_1", "hunter_01")
    assert behind.possible and behind.cover is Cover.MEDIUM
    assert rules(behind) == {"Fire Restrictions and Cover: Window"}
    g = window_game({"elf_1": (7, 2), "hunter_02": (3, 2)})
    deeper = lof(g, "elf_1", "hunter_02")
    assert not deeper.possible and rules(deeper) == {"Fire Restrictions and Cover: Window"}


def test_window_the_line_must_reach_the_centre_of_the_window_hex() -> None:
    """From (4,0) the line to the window hex meets its wall, not the window."""
    g = window_game({"elf_1": (4, 0), "hunter_01": (4, 2)})
    line = lof(g, "elf_1", "hunter_01")
    assert not line.possible and "Fire Restrictions and Cover: Walls" in rules(line)


def test_window_special_case_the_adjacent_hex_sees_the_whole_room() -> None:
    g = window_game({"elf_1": (5, 2), "hunter_02": (3, 2), "hunter_03": (1, 2)})
    inside = lof(g, "elf_1", "hunter_02")
    assert inside.possible and inside.cover is Cover.MEDIUM
    assert rules(inside) == {"Fire Restrictions and Cover: Window"}
    outside = lof(g, "elf_1", "hunter_03")  # beyond the room: walls
    assert not outside.possible


def test_window_on_the_real_house_of_ile() -> None:
    from dragonnoir.engine.state import Side, Unit
    from dragonnoir.engine.tables import default_rules_data
    from dragonnoir.hexmap.board_io import load_board

    board = load_board("maps/ile.tmx")
    g = Game.start(
        board,
        [
            Unit("elf_1", "elf_1", Side.ADVENTURERS, BOARD_GRID.to_hex(14, 8)),
            Unit("hunter_01", "hunter_01", Side.KROBS, BOARD_GRID.to_hex(17, 8)),
        ],
        default_rules_data(),
        1,
    )
    line = line_of_fire(g, g.state.units["elf_1"], g.state.units["hunter_01"])
    assert line.crossed_edges[0][1] == "window"
    assert "Fire Restrictions and Cover: Window" in rules(line)


# -- Arrow slits ("Le Marais Hanté") -----------------------------------------------------------


def slit_game(pieces: dict[str, Cell]) -> Game:
    return game_of(pieces, edges=room(HOUSE, {((4, 2), 0): "arrow_slit"}))


def _on_board(name: str, shooter: Cell, target: Cell) -> LineOfFire:
    from dragonnoir.engine.state import Side, Unit
    from dragonnoir.engine.tables import default_rules_data
    from dragonnoir.hexmap.board_io import load_board

    board = load_board(f"maps/{name}.tmx")
    g = Game.start(
        board,
        [
            Unit("elf_1", "elf_1", Side.ADVENTURERS, BOARD_GRID.to_hex(*shooter)),
            Unit("hunter_01", "hunter_01", Side.KROBS, BOARD_GRID.to_hex(*target)),
        ],
        default_rules_data(),
        1,
    )
    return line_of_fire(g, g.state.units["elf_1"], g.state.units["hunter_01"])


def test_arrow_slits_of_the_real_tower() -> None:
    """Le Marais Hanté: the slit on the E side of (19,6) opens on (20,6)."""
    aligned = _on_board("marais", (20, 6), (19, 6))
    assert aligned.possible and aligned.cover is Cover.STRONG
    askew = _on_board("marais", (21, 5), (19, 6))
    assert not askew.possible and "Fire Restrictions and Cover: Arrow slits" in rules(askew)
    out = _on_board("marais", (19, 6), (20, 7))
    assert out.crossed_edges[0][1] == "arrow_slit"


def test_arrow_slit_from_inside_from_the_slit_hex_only() -> None:
    g = slit_game({"elf_1": (4, 2), "hunter_01": (7, 1)})
    line = lof(g, "elf_1", "hunter_01")
    assert line.possible and line.cover is Cover.NONE
    slit = Edge.of(hx((4, 2)), 0)
    assert line.start == pytest.approx(to_pixel(BOARD_GRID, edge_middle(slit)))
    g = slit_game({"elf_1": (3, 2), "hunter_01": (7, 2)})
    line = lof(g, "elf_1", "hunter_01")
    assert not line.possible and rules(line) == {"Fire Restrictions and Cover: Arrow slits"}


def test_arrow_slit_from_outside_in_exact_alignment_strong_cover() -> None:
    g = slit_game({"elf_1": (7, 2), "hunter_01": (4, 2)})
    line = lof(g, "elf_1", "hunter_01")
    assert line.possible and line.cover is Cover.STRONG
    assert rules(line) == {"Fire Restrictions and Cover: Arrow slits"}


def test_arrow_slit_from_outside_out_of_alignment_is_blocked() -> None:
    g = slit_game({"elf_1": (7, 1), "hunter_01": (4, 2)})
    line = lof(g, "elf_1", "hunter_01")
    assert not line.possible and "Fire Restrictions and Cover: Arrow slits" in rules(line)


def test_arrow_slit_from_outside_only_at_the_slit_hex() -> None:
    g = slit_game({"elf_1": (7, 2), "hunter_01": (3, 2)})
    line = lof(g, "elf_1", "hunter_01")
    assert not line.possible and rules(line) == {"Fire Restrictions and Cover: Arrow slits"}


# -- Building doors ----------------------------------------------------------------------------


def door_game(pieces: dict[str, Cell]) -> Game:
    return game_of(pieces, edges=room(HOUSE, {((4, 2), 0): "door"}))


def test_door_medium_cover_when_fired_at_through_the_door_hex() -> None:
    g = door_game({"elf_1": (7, 2), "hunter_01": (3, 2)})
    line = lof(g, "elf_1", "hunter_01")
    assert line.possible and line.cover is Cover.MEDIUM
    assert rules(line) == {"Fire Restrictions and Cover: Building doors"}
    g = door_game({"elf_1": (3, 2), "hunter_01": (7, 2)})  # from inside, out
    line = lof(g, "elf_1", "hunter_01")
    assert line.possible and line.cover is Cover.MEDIUM


def test_door_no_cover_when_the_target_or_shooter_is_on_the_door_hex() -> None:
    g = door_game({"elf_1": (7, 2), "hunter_01": (4, 2)})
    line = lof(g, "elf_1", "hunter_01")
    assert line.possible and line.cover is Cover.NONE
    g = door_game({"elf_1": (4, 2), "hunter_01": (7, 2)})
    line = lof(g, "elf_1", "hunter_01")
    assert line.possible and line.cover is Cover.NONE
    door = Edge.of(hx((4, 2)), 0)
    assert line.start == pytest.approx(to_pixel(BOARD_GRID, edge_middle(door)))


def test_door_a_portion_of_wall_blocks() -> None:
    g = door_game({"elf_1": (4, 0), "hunter_01": (3, 2)})
    line = lof(g, "elf_1", "hunter_01")
    assert not line.possible and "Fire Restrictions and Cover: Walls" in rules(line)


# -- Wooden bridge -----------------------------------------------------------------------------

WOODEN = """
. . . ~ ~ ~ . . .
 . . . ~ ~ ~ . . .
. . . b b b . . .
 . . . ~ ~ ~ . . .
. . . ~ ~ ~ . . .
"""


def test_wooden_bridge_never_blocks_and_covers_swimmers_medium() -> None:
    # (1,1) -> (5,3) crosses the bridge hexes (3,2)/(4,2) on both nudges
    g = game_of({"elf_1": (1, 1), "hunter_01": (5, 3)}, WOODEN)
    line = lof(g, "elf_1", "hunter_01")
    assert line.possible and line.cover is Cover.MEDIUM
    assert "Fire Restrictions and Cover: Wooden bridge" in rules(line)
    # not across the bridge: light (River)
    g = game_of({"elf_1": (2, 4), "hunter_01": (4, 4)}, WOODEN)
    line = lof(g, "elf_1", "hunter_01")
    assert line.possible and line.cover is Cover.LIGHT
    assert rules(line) == {"Fire Restrictions and Cover: River"}
    # a target on land across the bridge: no cover
    g = game_of({"elf_1": (1, 2), "hunter_01": (6, 2)}, WOODEN)
    assert lof(g, "elf_1", "hunter_01").cover is Cover.NONE


# -- Stone bridge ------------------------------------------------------------------------------

STONE = WOODEN.replace("b b b", "B B B")
LOW_WALLS = [((c, 2), d, "low_wall") for c in (3, 4, 5) for d in (1, 2, 4, 5)]


def stone_game(pieces: dict[str, Cell]) -> Game:
    return game_of(pieces, STONE, edges=LOW_WALLS)


def test_stone_bridge_low_wall_medium_cover_on_land() -> None:
    g = stone_game({"elf_1": (2, 1), "hunter_01": (6, 3)})
    line = lof(g, "elf_1", "hunter_01")
    assert line.possible and line.cover is Cover.MEDIUM
    assert rules(line) == {"Fire Restrictions and Cover: Stone bridge"}
    on_bridge = stone_game({"elf_1": (4, 0), "hunter_01": (4, 2)})
    assert lof(on_bridge, "elf_1", "hunter_01").cover is Cover.MEDIUM


def test_stone_bridge_low_wall_total_cover_in_the_water() -> None:
    g = stone_game({"elf_1": (1, 1), "hunter_01": (5, 3)})
    line = lof(g, "elf_1", "hunter_01")
    assert not line.possible and line.cover is Cover.TOTAL
    assert line.reasons[0][1] == "Fire Restrictions and Cover: Stone bridge"
    assert "total cover" in english(line.reasons[0][0])


def test_stone_bridge_crossed_without_a_low_wall_no_cover() -> None:
    g = stone_game({"elf_1": (2, 2), "hunter_01": (6, 2)})
    line = lof(g, "elf_1", "hunter_01")
    assert line.possible and line.cover is Cover.NONE and line.reasons == ()


def test_stone_bridge_shooter_on_it_next_to_the_low_wall() -> None:
    g = stone_game({"elf_1": (3, 2), "hunter_01": (3, 4)})
    line = lof(g, "elf_1", "hunter_01")
    assert "low_wall" in {f for _, f in line.crossed_edges}
    assert line.possible and line.cover is Cover.LIGHT
    assert rules(line) == {"Fire Restrictions and Cover: River"}


# -- Embankment --------------------------------------------------------------------------------

EMBANKMENT = """
. . . . . . . . .
 . . . . . . . . .
e e e e e e e e e
 h h h h h h h h h
h h h h h h h h h
"""
TOPS = [((c, 2), d, "embankment_top") for c in range(9) for d in (1, 2)]


def bank_game(pieces: dict[str, Cell]) -> Game:
    return game_of(pieces, EMBANKMENT, edges=TOPS)


def test_embankment_lower_character_as_far_as_the_upper_sees() -> None:
    g = bank_game({"elf_1": (3, 1), "hunter_01": (3, 4)})
    assert lof(g, "elf_1", "hunter_01").possible


def test_embankment_lower_character_nearer_is_hidden() -> None:
    g = bank_game({"elf_1": (4, 0), "hunter_01": (4, 3)})
    line = lof(g, "elf_1", "hunter_01")
    assert not line.possible and rules(line) == {"Fire Restrictions and Cover: Embankment"}
    back = lof(g, "hunter_01", "elf_1")  # the same both ways
    assert not back.possible


def test_embankment_krob_on_it_only_from_a_hex_adjacent_to_its_top() -> None:
    g = bank_game({"elf_1": (3, 1), "hunter_01": (3, 2), "elf_2": (3, 0)})
    assert lof(g, "elf_1", "hunter_01").possible
    line = lof(g, "elf_2", "hunter_01")
    assert not line.possible and rules(line) == {"Fire Restrictions and Cover: Embankment"}


def test_embankment_hexes_do_not_block_a_line_that_misses_the_top() -> None:
    g = bank_game({"elf_1": (0, 3), "hunter_01": (4, 3)})
    assert lof(g, "elf_1", "hunter_01").possible


def test_a_cliff_hides_like_the_embankment() -> None:
    art = """
. . . . . . . . .
 . . . . . . . . .
_ _ _ _ _ _ _ _ _
 _ _ _ _ _ _ _ _ _
_ _ _ _ _ _ _ _ _
"""
    cliffs = [((c, 2), d, "cliff") for c in range(9) for d in (1, 2)]
    g = game_of({"elf_1": (4, 0), "hunter_01": (4, 3)}, art, edges=cliffs)
    assert not lof(g, "elf_1", "hunter_01").possible
    g = game_of({"elf_1": (3, 1), "hunter_01": (3, 4)}, art, edges=cliffs)
    assert lof(g, "elf_1", "hunter_01").possible


# -- The Queen and her Guards ------------------------------------------------------------------


def test_the_queen_blocks_with_all_seven_hexes() -> None:
    g = game_of({"elf_1": (0, 3), "queen_alkiram": (3, 2), "hunter_01": (5, 1)})
    line = lof(g, "elf_1", "hunter_01")
    assert not line.possible and line.blockers == ("queen_alkiram",)


def test_the_queen_as_target_best_of_her_hexes() -> None:
    art = FLOOR.splitlines()
    art[3] = ". . t . . . . . ."
    g = game_of({"elf_1": (0, 2), "queen_alkiram": (3, 2)}, "\n".join(art))
    ex = explain_line_of_fire(g, g.state.units["elf_1"], g.state.units["queen_alkiram"])
    assert ex.line.possible and ex.line.cover is Cover.NONE
    assert ex.aim != hx((2, 2))  # the hex on the trees would give her light cover
    assert ex.line.range == hx((0, 2)).distance(ex.aim)


def test_a_guard_as_target_and_as_blocker() -> None:
    pieces = [
        Piece("elf_1", (0, 2)),
        Piece("guard_1", (3, 2), facing=0),
        Piece("hunter_01", (5, 2)),
    ]
    g = game_of(pieces)
    assert lof(g, "elf_1", "guard_1").possible
    assert lof(g, "elf_1", "guard_1").range == 2  # its nearest hex (2,2)
    assert lof(g, "elf_1", "hunter_01").blockers == ("guard_1",)


# -- Lines along a side or through a corner ----------------------------------------------------


def test_a_line_along_a_side_is_blocked_only_by_characters_on_both_sides() -> None:
    # (3,0) -> (3,2) runs along the side between (2,1) and (3,1)
    one = game_of({"elf_1": (3, 0), "hunter_01": (3, 2), "hunter_02": (2, 1)})
    line = lof(one, "elf_1", "hunter_01")
    assert line.possible and hx((2, 1)) not in line.crossed_hexes
    both = game_of({"elf_1": (3, 0), "hunter_01": (3, 2), "hunter_02": (2, 1), "hunter_03": (3, 1)})
    line = lof(both, "elf_1", "hunter_01")
    assert not line.possible


def test_a_line_along_a_side_trees_on_one_side_and_a_character_on_the_other() -> None:
    art = FLOOR.splitlines()
    art[2] = " . . t . . . . . ."
    g = game_of({"elf_1": (3, 0), "hunter_01": (3, 2), "hunter_02": (3, 1)}, "\n".join(art))
    line = lof(g, "elf_1", "hunter_01")
    assert not line.possible
    assert rules(line) in (
        {"Fire Restrictions and Cover: Trees"},
        {"Fire Restrictions and Cover: Characters"},
    )


# -- symmetry ----------------------------------------------------------------------------------

SYM_CHARS = st.sampled_from([".", ".", ".", "t", "#", "m"])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.lists(SYM_CHARS, min_size=7, max_size=7), min_size=5, max_size=5),
    st.lists(st.tuples(st.integers(0, 5), st.integers(0, 4)), max_size=4, unique=True),
    st.lists(st.tuples(st.integers(0, 5), st.integers(0, 4), st.integers(0, 5)), max_size=6),
    st.tuples(st.integers(0, 5), st.integers(0, 4)),
    st.tuples(st.integers(0, 5), st.integers(0, 4)),
)
def test_line_of_fire_is_symmetric_where_the_rules_are(
    grid: list[list[str]],
    blockers: list[Cell],
    walls: list[tuple[int, int, int]],
    a: Cell,
    b: Cell,
) -> None:
    """Trees, rock, walls and standing characters block the same both ways (the cover,
    which depends on the target's own hex, is left out: both stand on plain floor)."""
    if a == b:
        return
    grid = [row[:] for row in grid]
    grid[a[1]][a[0]] = "."
    grid[b[1]][b[0]] = "."
    art = "\n".join((" " if r % 2 else "") + " ".join(row) for r, row in enumerate(grid))
    pieces = [Piece("elf_1", a), Piece("elf_2", b)]
    for i, c in enumerate(blockers):
        if c not in (a, b):
            pieces.append(Piece(f"hunter_0{i + 1}", c))
    edges = [((c, r), d, "wall") for c, r, d in walls]
    g = game_of(pieces, art, edges=edges)
    ab = lof(g, "elf_1", "elf_2")
    ba = lof(g, "elf_2", "elf_1")
    assert (ab.possible, ab.range) == (ba.possible, ba.range)
    if ab.possible:
        assert ab.cover is ba.cover is Cover.NONE


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 8), st.integers(0, 4), st.integers(0, 5)), max_size=12),
    st.tuples(st.integers(0, 8), st.integers(0, 4)),
    st.tuples(st.integers(0, 8), st.integers(0, 4)),
)
def test_a_clear_line_never_crosses_a_wall(
    walls: list[tuple[int, int, int]], a: Cell, b: Cell
) -> None:
    if a == b:
        return
    edges = [((c, r), d, "wall") for c, r, d in walls]
    g = game_of({"elf_1": a, "hunter_01": b}, edges=edges)
    line = lof(g, "elf_1", "hunter_01")
    wall_edges = {Edge.of(hx((c, r)), d) for c, r, d in walls}
    crossed = {e for e, _ in line.crossed_edges}
    if line.possible:
        assert not crossed & wall_edges
    if crossed & wall_edges:
        assert not line.possible


# -- explanation and visible targets -----------------------------------------------------------


def test_explanation_is_plain_data_for_the_client() -> None:
    g = game_of({"elf_1": (3, 0), "hunter_01": (3, 2), "hunter_02": (2, 1)})
    ex = explain_line_of_fire(g, g.state.units["elf_1"], g.state.units["hunter_01"])
    assert ex.side is not None and ex.along and len(ex.corners) == 2
    assert len(ex.candidates) == 2 and ex.candidates[0] == ex.line
    assert len(ex.crossing_points) == len(ex.line.crossed_edges)
    data = ex.to_dict()
    assert json.loads(json.dumps(data)) == data


def test_visible_targets_lists_enemies_with_a_line_of_fire() -> None:
    g = game_of(
        {
            "elf_1": (0, 2),
            "hunter_01": (4, 2),  # clear
            "hunter_02": (8, 2),  # too far
            "hunter_03": (4, 0),  # walled in: total cover
            "rebel_swordsman_1": (1, 4),  # a friend: not a target
        },
        edges=room([(4, 0)], {}),
    )
    shooter = g.state.units["elf_1"]
    assert set(visible_targets(g, shooter)) == {"hunter_01"}
    everything = visible_targets(g, shooter, include_blocked=True)
    assert set(everything) == {"hunter_01", "hunter_03"}  # hunter_02: range prefilter
    assert all(v == lof(g, "elf_1", k) for k, v in everything.items())
