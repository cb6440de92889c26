"""Boards as TMX: write -> read is lossless, and bad boards are refused with the place.

docs/map-format.md is the specification these tests hold the code to.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dragonnoir.errors import MapFormatError
from dragonnoir.hexmap.board import Board
from dragonnoir.hexmap.board_io import board_to_tmx, load_board, save_board
from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.hexmap.tmx import read_tmx, write_tmx, write_tsx
from dragonnoir.hexmap.tmxmodel import MapObject, ObjectLayer, Property

GRID = HexGrid("y", "odd", 52, 60, 30)


def _same(a: Board, b: Board) -> None:
    assert (a.id, a.name, a.width, a.height) == (b.id, b.name, b.width, b.height)
    assert a.cells == b.cells
    assert a.edges == b.edges
    assert sorted(a.zones, key=lambda z: z.name) == sorted(b.zones, key=lambda z: z.name)
    assert (a.side_top, a.side_bottom, a.arrows) == (b.side_top, b.side_bottom, b.arrows)
    assert a.properties == b.properties


def test_write_then_read_is_lossless(tmp_path: Path, tileset_dir: Path, tiny_board: Board) -> None:
    board = tiny_board
    out = tmp_path / "tiny.tmx"
    save_board(board, out, tileset_dir)
    _same(board, load_board(out))


def test_saving_twice_gives_identical_bytes(
    tmp_path: Path, tileset_dir: Path, tiny_board: Board
) -> None:
    board = tiny_board
    save_board(board, tmp_path / "a.tmx", tileset_dir)
    save_board(load_board(tmp_path / "a.tmx"), tmp_path / "b.tmx", tileset_dir)
    assert (tmp_path / "a.tmx").read_bytes() == (tmp_path / "b.tmx").read_bytes()


def test_a_wall_around_a_room_is_one_polyline(
    tmp_path: Path, tileset_dir: Path, tiny_board: Board
) -> None:
    tmx = board_to_tmx(tiny_board, tmp_path / "x.tmx", tileset_dir)
    edges = next(layer for layer in tmx.object_layers() if layer.name == "edges")
    walls = [o for o in edges.objects if o.properties["feature"].value == "wall"]
    assert len(walls) == 1 and len(walls[0].points) == 3


def _broken(tmp_path: Path, tileset_dir: Path, change, board: Board) -> Path:  # type: ignore[no-untyped-def]
    out = tmp_path / "broken.tmx"
    tmx = board_to_tmx(board, out, tileset_dir)
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


def test_missing_terrain_on_a_board_cell(
    tmp_path: Path, tileset_dir: Path, tiny_board: Board
) -> None:
    def change(tmx):  # type: ignore[no-untyped-def]
        tmx.tile_layers()[0].data[2][3] = 0

    _expect(_broken(tmp_path, tileset_dir, change, tiny_board), r"cell \(3, 2\)", "no terrain tile")


def test_terrain_outside_the_board(tmp_path: Path, tileset_dir: Path, tiny_board: Board) -> None:
    def change(tmx):  # type: ignore[no-untyped-def]
        tmx.tile_layers()[0].data[1][6] = 1

    _expect(
        _broken(tmp_path, tileset_dir, change, tiny_board), r"cell \(6, 1\)", "outside the board"
    )


def test_unknown_terrain_id(tmp_path: Path, tileset_dir: Path, tiny_board: Board) -> None:
    def change(tmx):  # type: ignore[no-untyped-def]
        # The tileset is external: edit the .tsx file itself, as a player would in Tiled.
        terrain = tmx.tilesets[0]
        terrain.tiles[0].properties["terrain"] = Property("lava")
        write_tsx(terrain, tileset_dir / "terrain.tsx")

    _expect(
        _broken(tmp_path, tileset_dir, change, tiny_board),
        "unknown terrain id 'lava'",
        "layer 'terrain'",
    )


def test_a_tile_without_terrain(tmp_path: Path, tileset_dir: Path, tiny_board: Board) -> None:
    def change(tmx):  # type: ignore[no-untyped-def]
        tmx.tile_layers()[0].data[2][2] = tmx.tilesets[1].first_gid  # a level tile

    _expect(
        _broken(tmp_path, tileset_dir, change, tiny_board),
        r"cell \(2, 2\)",
        "no 'terrain' property",
    )


def test_missing_board_id(tmp_path: Path, tileset_dir: Path, tiny_board: Board) -> None:
    def change(tmx):  # type: ignore[no-untyped-def]
        del tmx.properties["board_id"]

    _expect(_broken(tmp_path, tileset_dir, change, tiny_board), "board_id")


def test_even_height_is_refused(tmp_path: Path, tileset_dir: Path, tiny_board: Board) -> None:
    def change(tmx):  # type: ignore[no-untyped-def]
        tmx.height = 4
        for layer in tmx.tile_layers():
            layer.height = 4
            layer.data = layer.data[:4]

    _expect(_broken(tmp_path, tileset_dir, change, tiny_board), "height must be odd")


def test_edge_off_the_corners(tmp_path: Path, tileset_dir: Path, tiny_board: Board) -> None:
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

    _expect(_broken(tmp_path, tileset_dir, change, tiny_board), "object 99", "not on a hex corner")


def test_unknown_edge_feature(tmp_path: Path, tileset_dir: Path, tiny_board: Board) -> None:
    def change(tmx):  # type: ignore[no-untyped-def]
        layer = next(lay for lay in tmx.object_layers() if lay.name == "edges")
        layer.objects[0].properties["feature"] = Property("portcullis")

    _expect(_broken(tmp_path, tileset_dir, change, tiny_board), "portcullis", "layer 'edges'")


def test_zone_with_unknown_kind(tmp_path: Path, tileset_dir: Path, tiny_board: Board) -> None:
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

    _expect(_broken(tmp_path, tileset_dir, change, tiny_board), "object 77", "kind")


def test_zone_from_a_rectangle_covers_the_centres_inside(
    tmp_path: Path, tileset_dir: Path, tiny_board: Board
) -> None:
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

    board = load_board(_broken(tmp_path, tileset_dir, change, tiny_board))
    box = board.zone("box")
    assert box is not None
    cells = sorted(GRID.to_cell(h) for h in box.hexes)
    # The box spans x 20..140, y 60..120: row 1 centres (y=75) at x 52, 104 and row 2
    # centres (y=120, on the border: inside) at x 26, 78, 130; row 3 (y=165) is out.
    assert cells == [(0, 1), (0, 2), (1, 1), (1, 2), (2, 2)]


def test_read_tmx_of_a_written_board_keeps_typed_properties(
    tmp_path: Path, tileset_dir: Path, tiny_board: Board
) -> None:
    out = tmp_path / "tiny.tmx"
    save_board(tiny_board, out, tileset_dir)
    props = read_tmx(out).properties
    assert props["format"] == Property(1, "int")
    assert props["difficulty"] == Property(2, "int")
