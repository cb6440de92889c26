"""Painting on a layout's composed map: a hex of the layout is painted on the board(s)
under it (turned boards and seams included), the composed map kept up to date hex by
hex equals a fresh composition, every edit undone gives back the boards, and saving the
layout writes the painted boards."""

from __future__ import annotations

import copy
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dragonnoir.editor import board_doc as bd
from dragonnoir.editor import layout_paint as lp
from dragonnoir.editor.edits import EditError
from dragonnoir.editor.history import History
from dragonnoir.editor.layout_doc import BoardLibrary, Canvas, LayoutDocument
from dragonnoir.hexmap.board import Cell, EdgeFeature
from dragonnoir.hexmap.board_io import load_board
from dragonnoir.hexmap.hexes import Edge, Hex, spiral
from dragonnoir.hexmap.layout import rotate_cell

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def six(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The six-board layout with its boards, copied (saving must not touch the repo)."""
    folder = tmp_path_factory.mktemp("six")
    (folder / "layouts").mkdir()
    shutil.copytree(ROOT / "maps", folder / "maps")
    shutil.copy(ROOT / "layouts" / "six-boards.toml", folder / "layouts")
    return folder / "layouts" / "six-boards.toml"


def opened(path: Path) -> tuple[LayoutDocument, Canvas]:
    doc = LayoutDocument.open(path, BoardLibrary())
    canvas = doc.canvas()
    assert canvas is not None
    return doc, canvas


Snapshot = list[tuple[dict[Hex, Cell], dict[Edge, EdgeFeature]]]


def boards_of(doc: LayoutDocument) -> Snapshot:
    """The boards' cells and sides (cells are immutable values: copying the dicts is a
    snapshot)."""
    return [(dict(p.board.cells), dict(p.board.edges)) for p in doc.placements]


def same_as_fresh(doc: LayoutDocument, canvas: Canvas) -> None:
    fresh = doc.canvas()
    assert fresh is not None
    assert canvas.layout.map.cells == fresh.layout.map.cells
    assert canvas.layout.map.edges == fresh.layout.map.edges


def canvas_hex(doc: LayoutDocument, canvas: Canvas, index: int, col: int, row: int) -> Hex:
    p = doc.placements[index]
    return canvas.layout.to_global(index, p.board.grid.to_hex(col, row))


def test_a_hex_of_a_turned_board_is_painted_on_that_board(six: Path) -> None:
    doc, canvas = opened(six)
    pont = next(i for i, p in enumerate(doc.placements) if p.board.id == "pont")
    assert doc.placements[pont].rotated
    board = doc.placements[pont].board
    # Cell (5, 4) of the board as it lies (turned) is its own cell rotate_cell(5, 4).
    col, row = rotate_cell(board.width, board.height, 5, 4)
    h = canvas_hex(doc, canvas, pont, col, row)
    assert lp.halves(doc, canvas, h) == [(doc.placements[pont], board.grid.to_hex(col, row))]
    edit = lp.paint(doc, canvas, [h], bd.with_terrain("rubble"), "Paint rubble")
    assert edit is not None
    History(doc).do(edit)
    assert board.cells[board.grid.to_hex(col, row)].terrain == "rubble"
    assert doc.painted == {Path(doc.placements[pont].file or "").resolve()}
    assert edit.touched() == {h}
    lp.recompose(doc, canvas, edit.touched())
    same_as_fresh(doc, canvas)


def test_a_seam_hex_is_painted_on_both_boards(six: Path) -> None:
    doc, canvas = opened(six)
    seam = sorted(canvas.layout.seam_hexes(), key=lambda h: (h.r, h.q))[10]
    found = lp.halves(doc, canvas, seam)
    assert len(found) == 2
    edit = lp.paint(doc, canvas, [seam], bd.with_terrain("cave_floor"))
    if edit is None:  # both halves were cave floor already: paint rubble instead
        edit = lp.paint(doc, canvas, [seam], bd.with_terrain("rubble"))
    assert edit is not None
    edit.apply(doc)
    terrains = {p.board.cells[local].terrain for p, local in found}
    assert len(terrains) == 1
    lp.recompose(doc, canvas, edit.touched())
    assert canvas.layout.map.cells[seam].terrain in terrains
    same_as_fresh(doc, canvas)


def test_a_wall_along_a_seam_goes_on_both_boards(six: Path) -> None:
    doc, canvas = opened(six)
    seams = sorted(canvas.layout.seam_hexes(), key=lambda h: (h.r, h.q))
    a, b = next(
        (a, n)
        for a in seams
        for n in a.neighbours()
        if len(canvas.layout.boards_of(a)) == 2
        and canvas.layout.board_ids_at(n) == canvas.layout.board_ids_at(a)
    )
    edit = lp.set_side(doc, canvas, Edge(a, b), EdgeFeature.WALL)
    assert edit is not None and len(edit.steps) == 2
    history = History(doc)
    history.do(edit)
    lp.recompose(doc, canvas, edit.touched())
    assert canvas.layout.map.edges[Edge(a, b)] is EdgeFeature.WALL
    same_as_fresh(doc, canvas)
    lp.recompose(doc, canvas, history.undo() or frozenset())
    assert Edge(a, b) not in canvas.layout.map.edges
    same_as_fresh(doc, canvas)


def test_a_board_without_file_is_refused(six: Path) -> None:
    doc, canvas = opened(six)
    doc.placements[0] = copy.copy(doc.placements[0])
    from dataclasses import replace

    doc.placements[0] = replace(doc.placements[0], file=None)
    h = canvas_hex(doc, canvas, 0, 5, 5)
    with pytest.raises(EditError, match="save that board first"):
        lp.paint(doc, canvas, [h], bd.with_terrain("rubble"))


def test_saving_the_layout_writes_the_painted_boards(six: Path, tmp_path: Path) -> None:
    folder = tmp_path / "copy"
    shutil.copytree(six.parent.parent, folder)
    path = folder / "layouts" / "six-boards.toml"
    doc, canvas = opened(path)
    h0 = canvas_hex(doc, canvas, 0, 4, 4)
    h1 = canvas_hex(doc, canvas, 1, 4, 4)
    edit = lp.paint(doc, canvas, [h0, h1], bd.with_terrain("rubble"))
    assert edit is not None
    edit.apply(doc)
    assert len(doc.painted) == 2
    doc.save()
    assert doc.painted == set()
    for i in (0, 1):
        p = doc.placements[i]
        again = load_board(p.file or "")
        assert again.cells == p.board.cells
        assert again.cells[p.board.grid.to_hex(4, 4)].terrain == "rubble"
    untouched = load_board(doc.placements[2].file or "")
    assert untouched.cells == load_board(ROOT / "maps" / "ile.tmx").cells


ACTS = st.lists(
    st.tuples(
        st.sampled_from(["terrain", "level", "wall", "clear"]),
        st.integers(0, 10_000),
        st.integers(0, 2),
    ),
    min_size=1,
    max_size=8,
)


_SHARED: list[tuple[LayoutDocument, Canvas, Snapshot]] = []


def shared() -> tuple[LayoutDocument, Canvas, Snapshot]:
    """One six-board layout for every example (each gives its boards back by undoing)."""
    if not _SHARED:
        doc, canvas = opened(ROOT / "layouts" / "six-boards.toml")
        _SHARED.append((doc, canvas, boards_of(doc)))
    return _SHARED[0]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(acts=ACTS)
def test_every_paint_undone_gives_back_the_boards(acts: list[tuple[str, int, int]]) -> None:
    doc, canvas, before = shared()
    assert boards_of(doc) == before
    history = History(doc)
    hexes = sorted(canvas.layout.map.cells, key=lambda h: (h.r, h.q))
    states = [before]
    for what, n, radius in acts:
        h = hexes[(n * 7919) % len(hexes)]
        if what == "terrain":
            area = [x for x in spiral(h, radius) if x in canvas.layout.map.cells]
            edit = lp.paint(doc, canvas, area, bd.with_terrain("rubble"))
        elif what == "level":
            edit = lp.paint(doc, canvas, [h], bd.with_level(0.5))
        else:
            edge = Edge.of(h, n % 6)
            edit = lp.set_side(doc, canvas, edge, EdgeFeature.WALL if what == "wall" else None)
        if edit is None:
            continue
        history.do(edit)
        lp.recompose(doc, canvas, edit.touched())
        states.append(boards_of(doc))
    if len(states) % 2:  # (composing afresh is the slow part: every other example)
        same_as_fresh(doc, canvas)
    for state in reversed(states[:-1]):
        lp.recompose(doc, canvas, history.undo() or frozenset())
        assert boards_of(doc) == state
    while history.can_redo():
        lp.recompose(doc, canvas, history.redo() or frozenset())
    assert boards_of(doc) == states[-1]
    same_as_fresh(doc, canvas)
    for _ in states[:-1]:
        lp.recompose(doc, canvas, history.undo() or frozenset())
    assert boards_of(doc) == before


def test_the_repainted_layout_view_is_a_fresh_drawing() -> None:
    """After painting across a seam (a turned board below) and a wall, the view that
    repainted only the changed areas shows exactly what a fresh drawing shows."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from dragonnoir.render.editable_view import EditableBoardView

    pygame.display.init()
    doc, canvas = opened(ROOT / "layouts" / "two-boards.toml")
    view = EditableBoardView(canvas.layout.map, table=doc.table)
    view.surface(1.0)
    seam = sorted(canvas.layout.seam_hexes(), key=lambda h: (h.r, h.q))[12]
    edits = [
        lp.paint(doc, canvas, list(spiral(seam, 1)), bd.with_terrain("rubble")),
        lp.set_side(doc, canvas, Edge.of(seam, 0), EdgeFeature.WALL),
    ]
    for edit in edits:
        assert edit is not None
        edit.apply(doc)
        lp.recompose(doc, canvas, edit.touched())
        view.repaint(edit.touched())
    fresh = doc.canvas()
    assert fresh is not None
    again = EditableBoardView(fresh.layout.map, table=doc.table)
    a, b = view.surface(1.0), again.surface(1.0)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
    assert view.builds == 1  # the zoom level was repainted, never built again
