"""Saving and opening: a board document saved and opened again is the same board, and so
after Tiled re-saves it (`tiled --export-map`); a layout document saved as TOML loads
into the same composed map; an exported layout TMX reads back as that map."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from dragonnoir.editor.board_doc import (
    BoardDocument,
    SetBoardInfo,
    new_board,
    paint,
    set_side,
    toggle_zone_hexes,
    with_level,
    with_terrain,
    with_walkway,
)
from dragonnoir.editor.edits import Edit, EditError
from dragonnoir.editor.history import History
from dragonnoir.editor.layout_doc import BoardLibrary, LayoutDocument
from dragonnoir.hexmap.board import Board, EdgeFeature, ZoneKind
from dragonnoir.hexmap.board_io import load_board
from dragonnoir.hexmap.hexes import Edge
from dragonnoir.hexmap.layout import load_layout
from dragonnoir.tiled_tools import export_map, have_tiled

ROOT = Path(__file__).resolve().parents[2]


def same(a: Board, b: Board) -> None:
    """Equal boards, whatever file each came from."""
    assert dataclasses.replace(a, source=None) == dataclasses.replace(b, source=None)


def drawn_board() -> BoardDocument:
    """A board with every kind of thing the editor paints."""
    doc = BoardDocument(new_board(9, 7, board_id="test_cave", name="Test cave"))
    history: History[BoardDocument] = History(doc)
    g = doc.board.grid
    hexes = [g.to_hex(c, r) for r in range(1, 6) for c in range(1, 7)]
    edits: list[Edit[BoardDocument] | None] = [
        paint(doc, hexes, with_terrain("cave_floor")),
        paint(doc, [g.to_hex(3, 3)], with_terrain("water")),
        paint(doc, [g.to_hex(5, 2)], with_level(1.0)),
        paint(doc, [g.to_hex(4, 2)], with_walkway("walkway")),
        paint(doc, [g.to_hex(5, 2)], with_walkway("walkway_end")),
        paint(doc, [g.to_hex(2, 4)], with_level(-0.5)),
        paint(doc, [g.to_hex(2, 4)], with_terrain("stairs")),
        set_side(doc, Edge(g.to_hex(1, 1), g.to_hex(2, 1)), EdgeFeature.WALL),
        set_side(doc, Edge(g.to_hex(1, 1), g.to_hex(1, 2)), EdgeFeature.DOOR),
        set_side(doc, Edge(g.to_hex(4, 4), g.to_hex(5, 4)), EdgeFeature.ARROW_SLIT),
        toggle_zone_hexes(doc, ZoneKind.ENTRY, "west", [g.to_hex(0, 2)], add=True),
        toggle_zone_hexes(
            doc, ZoneKind.DEPLOYMENT, "camp", [g.to_hex(2, 2), g.to_hex(3, 2)], add=True
        ),
        SetBoardInfo((("side_top", "Y"), ("side_bottom", "X"), ("arrows", "down"))),
    ]
    for edit in edits:
        assert edit is not None
        history.do(edit)
    return doc


def test_a_saved_board_opens_as_the_same_board(tmp_path: Path) -> None:
    doc = drawn_board()
    path = doc.save(tmp_path / "cave.tmx")
    assert path == tmp_path / "cave.tmx" and doc.path == path
    again = BoardDocument.open(path)
    same(again.board, doc.board)
    assert [p.name for p in tmp_path.iterdir()] == ["cave.tmx"]  # no temporary left over


def test_saving_a_new_board_needs_a_name() -> None:
    with pytest.raises(EditError, match="choose a file name"):
        BoardDocument(new_board(5, 3)).save()


@pytest.mark.tiled
@pytest.mark.skipif(not have_tiled(), reason="Tiled is not installed")
def test_a_saved_board_survives_a_tiled_resave(tmp_path: Path) -> None:
    doc = drawn_board()
    path = doc.save(tmp_path / "cave.tmx")
    resaved = export_map(path, tmp_path / "resaved.tmx")
    same(load_board(resaved), doc.board)


def test_a_layout_opens_saves_and_loads_as_the_same_map(tmp_path: Path) -> None:
    src = ROOT / "layouts" / "four-boards.toml"
    lib = BoardLibrary()
    doc = LayoutDocument.open(src, lib)
    assert len(lib.boards) == 4 and not doc.problems()
    out = doc.save(tmp_path / "sub" / "mine.toml")
    text = out.read_text(encoding="utf-8")
    assert 'file = "' in text and "rotation = 180" in text
    same(load_layout(out).map, load_layout(src).map)
    same(doc.compose().map, load_layout(src).map)


def test_an_exported_layout_reads_back_as_its_map(tmp_path: Path) -> None:
    doc = LayoutDocument.open(ROOT / "layouts" / "two-boards.toml")
    out = doc.export_tmx(tmp_path / "two.tmx")
    back = load_board(out)
    composed = doc.compose().map
    assert back.cells == composed.cells and back.edges == composed.edges
