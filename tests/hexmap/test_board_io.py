"""Boards as TMX: write -> read is lossless, and bad boards are refused with the place.

docs/map-format.md is the specification these tests hold the code to.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dragonnoir.errors import MapFormatError
from dragonnoir.hexmap.board import Board, Cell, EdgeFeature, SideLabel, Zone, ZoneKind, board_cells
from dragonnoir.hexmap.board_io import board_to_tmx, load_board, save_board
from dragonnoir.hexmap.hexes import Edge
from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.hexmap.tmx import read_tmx, write_tmx, write_tsx
from dragonnoir.hexmap.tmxmodel import MapObject, ObjectLayer, Property

GRID = HexGrid("y", "odd", 52, 60, 30)


def small_board() -> Board:
    """A 7 x 5 board with a bit of everything the format holds."""
    cells = {}
    for col, row in board_cells(7, 5, GRID):
        terrain = "rock" if row in (0, 4) and col not in (3,) else "cave_floor"
        cells[GRID.to_hex(col, row)] = Cell(terrain)
    h = GRID.to_hex
    cells[h(1, 2)] = Cell("stairs", 0.5)
    cells[h(2, 2)] = Cell("cave_floor", 1.0, walkway_end=True)
    cells[h(3, 2)] = Cell("cave_floor", 0.0, walkway=True)
    cells[h(5, 1)] = Cell("water", -1.0)
    edges = {
        Edge(h(4, 2), h(5, 2)): EdgeFeature.WALL,
        Edge(h(4, 2), h(4, 3)): EdgeFeature.WALL,
        Edge(h(4, 2), h(3, 3)): EdgeFeature.DOOR,
        Edge(h(1, 1), h(1, 2)): EdgeFeature.EMBANKMENT_TOP,
        Edge(h(2, 3), h(2, 2)): EdgeFeature.WINDOW,
    }
    zones = [
        Zone(ZoneKind.ENTRY, "top-middle", frozenset({h(3, 0)}), {"side": "top"}),
        Zone(ZoneKind.DEPLOYMENT, "hall", frozenset({h(1, 3), h(2, 3), h(3, 3)})),
        Zone(ZoneKind.CELL, "cell 1", frozenset({h(4, 2)})),
    ]
    return Board(
        id="tiny",
        name="La Petite Grotte",
        width=7,
        height=5,
        cells=cells,
        edges=edges,
        zones=zones,
        side_top=SideLabel.Y,
        side_bottom=SideLabel.X,
        arrows="down",
        properties={"author": "tests", "difficulty": 2},
    )


def _same(a: Board, b: Board) -> None:
    assert (a.id, a.name, a.width, a.height) == (b.id, b.name, b.width, b.height)
    assert a.cells == b.cells
    assert a.edges == b.edges
    assert sorted(a.zones, key=lambda z: z.name) == sorted(b.zones, key=lambda z: z.name)
    assert (a.side_top, a.side_bottom, a.arrows) == (b.side_top, b.side_bottom, b.arrows)
    assert a.properties == b.properties


def test_write_then_read_is_lossless(tmp_path: Path, tileset_dir: Path) -> None:
    board = small_board()
    out = tmp_path / "tiny.tmx"
    save_board(board, out, tileset_dir)
    _same(board, load_board(out))


def test_saving_twice_gives_identical_bytes(tmp_path: Path, tileset_dir: Path) -> None:
    board = small_board()
    save_board(board, tmp_path / "a.tmx", tileset_dir)
    save_board(load_board(tmp_path / "a.tmx"), tmp_path / "b.tmx", tileset_dir)
    assert (tmp_path / "a.tmx").read_bytes() == (tmp_path / "b.tmx").read_bytes()


def test_a_wall_around_a_room_is_one_polyline(tmp_path: Path, tileset_dir: Path) -> None:
    tmx = board_to_tmx(small_board(), tmp_path / "x.tmx", tileset_dir)
    edges = next(layer for layer in tmx.object_layers() if layer.name == "edges")
    walls = [o for o in edges.objects if o.properties["feature"].value == "wall"]
    assert len(walls) == 1 and len(walls[0].points) == 3


def _broken(tmp_path: Path, tileset_dir: Path, change) -> Path:  # type: ignore[no-untyped-def]
    out = tmp_path / "broken.tmx"
    tmx = board_to_tmx(small_board(), out, tileset_dir)
    change(tmx)
    write_tmx(tmx, out)
    return out


def _expect(path: Path, *fragments: str) -> None:
    with pytest.raises(MapFormatError) as info:
        load_board(path)
    message = str(info.value)
    assert str(path) in message
    for fragment in fragments:
        assert re.search(fragment, message), message


def test_missing_terrain_on_a_board_cell(tmp_path: Path, tileset_dir: Path) -> None:
    def change(tmx):  # type: ignore[no-untyped-def]
        tmx.tile_layers()[0].data[2][3] = 0

    _expect(_broken(tmp_path, tileset_dir, change), r"cell \(3, 2\)", "no terrain tile")


def test_terrain_outside_the_board(tmp_path: Path, tileset_dir: Path) -> None:
    def change(tmx):  # type: ignore[no-untyped-def]
        tmx.tile_layers()[0].data[1][6] = 1

    _expect(_broken(tmp_path, tileset_dir, change), r"cell \(6, 1\)", "outside the board")


def test_unknown_terrain_id(tmp_path: Path, tileset_dir: Path) -> None:
    def change(tmx):  # type: ignore[no-untyped-def]
        # The tileset is external: edit the .tsx file itself, as a player would in Tiled.
        terrain = tmx.tilesets[0]
        terrain.tiles[0].properties["terrain"] = Property("lava")
        write_tsx(terrain, tileset_dir / "terrain.tsx")

    _expect(_broken(tmp_path, tileset_dir, change), "unknown terrain id 'lava'", "layer 'terrain'")


def test_a_tile_without_terrain(tmp_path: Path, tileset_dir: Path) -> None:
    def change(tmx):  # type: ignore[no-untyped-def]
        tmx.tile_layers()[0].data[2][2] = tmx.tilesets[1].first_gid  # a level tile

    _expect(_broken(tmp_path, tileset_dir, change), r"cell \(2, 2\)", "no 'terrain' property")


def test_missing_board_id(tmp_path: Path, tileset_dir: Path) -> None:
    def change(tmx):  # type: ignore[no-untyped-def]
        del tmx.properties["board_id"]

    _expect(_broken(tmp_path, tileset_dir, change), "board_id")


def test_even_height_is_refused(tmp_path: Path, tileset_dir: Path) -> None:
    def change(tmx):  # type: ignore[no-untyped-def]
        tmx.height = 4
        for layer in tmx.tile_layers():
            layer.height = 4
            layer.data = layer.data[:4]

    _expect(_broken(tmp_path, tileset_dir, change), "height must be odd")


def test_edge_off_the_corners(tmp_path: Path, tileset_dir: Path) -> None:
    def change(tmx):  # type: ignore[no-untyped-def]
        layer = next(lay for lay in tmx.object_layers() if lay.name == "edges")
        layer.objects.append(
            MapObject(
                99,
                70.0,
                70.0,
                "polyline",
                points=[(0, 0), (13, 0)],
                properties={"feature": Property("wall")},
            )
        )

    _expect(_broken(tmp_path, tileset_dir, change), "object 99", "not on a hex corner")


def test_unknown_edge_feature(tmp_path: Path, tileset_dir: Path) -> None:
    def change(tmx):  # type: ignore[no-untyped-def]
        layer = next(lay for lay in tmx.object_layers() if lay.name == "edges")
        layer.objects[0].properties["feature"] = Property("portcullis")

    _expect(_broken(tmp_path, tileset_dir, change), "portcullis", "layer 'edges'")


def test_zone_with_unknown_kind(tmp_path: Path, tileset_dir: Path) -> None:
    def change(tmx):  # type: ignore[no-untyped-def]
        tmx.layers.append(
            ObjectLayer(
                "zones",
                [
                    MapObject(
                        77, 80.0, 80.0, "point", name="x", properties={"kind": Property("shop")}
                    )
                ],
            )
        )

    _expect(_broken(tmp_path, tileset_dir, change), "object 77", "kind")


def test_zone_from_a_rectangle_covers_the_centres_inside(tmp_path: Path, tileset_dir: Path) -> None:
    def change(tmx):  # type: ignore[no-untyped-def]
        zones = next(lay for lay in tmx.object_layers() if lay.name == "zones")
        zones.objects.append(
            MapObject(
                90,
                20.0,
                60.0,
                "rectangle",
                name="box",
                width=120.0,
                height=60.0,
                properties={"kind": Property("deployment")},
            )
        )

    board = load_board(_broken(tmp_path, tileset_dir, change))
    box = board.zone("box")
    assert box is not None
    cells = sorted(GRID.to_cell(h) for h in box.hexes)
    # The box spans x 20..140, y 60..120: row 1 centres (y=75) at x 52, 104 and row 2
    # centres (y=120, on the border: inside) at x 26, 78, 130; row 3 (y=165) is out.
    assert cells == [(0, 1), (0, 2), (1, 1), (1, 2), (2, 2)]


def test_read_tmx_of_a_written_board_keeps_typed_properties(
    tmp_path: Path, tileset_dir: Path
) -> None:
    out = tmp_path / "tiny.tmx"
    save_board(small_board(), out, tileset_dir)
    props = read_tmx(out).properties
    assert props["format"] == Property(1, "int")
    assert props["difficulty"] == Property(2, "int")
