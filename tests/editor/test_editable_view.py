"""The editor's view redraws only what an edit changed, and what it shows is what a
fresh drawing of the edited board shows (exactly at the native scales, within the
rescaling's rounding at other zooms)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from dragonnoir.editor.board_doc import (
    BoardDocument,
    brush,
    new_board,
    paint,
    set_side,
    with_level,
    with_terrain,
)
from dragonnoir.hexmap.board import EdgeFeature
from dragonnoir.hexmap.hexes import Edge
from dragonnoir.render.board_view import BoardView
from dragonnoir.render.editable_view import EditableBoardView


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.display.init()


def _diff(a: pygame.Surface, b: pygame.Surface) -> tuple[int, float]:
    """(pixels that differ, mean absolute difference per channel) of two surfaces."""
    assert a.get_size() == b.get_size()
    import array

    pa = array.array("B", pygame.image.tobytes(a, "RGB"))
    pb = array.array("B", pygame.image.tobytes(b, "RGB"))
    total = 0
    differ = 0
    for i in range(0, len(pa), 3):
        d = abs(pa[i] - pb[i]) + abs(pa[i + 1] - pb[i + 1]) + abs(pa[i + 2] - pb[i + 2])
        total += d
        differ += d > 0
    return differ, total / len(pa)


def test_a_repainted_view_matches_a_fresh_drawing() -> None:
    doc = BoardDocument(new_board(9, 7, terrain="cave_floor"))
    view = EditableBoardView(doc.board)
    for zoom in (1.0, 2.0, 0.5):
        view.surface(zoom)
    g = doc.board.grid
    centre = g.to_hex(4, 3)
    edits = [
        paint(doc, brush(doc, centre, 1), with_terrain("rock")),
        paint(doc, [g.to_hex(2, 2)], with_level(1.0)),
        set_side(doc, Edge(g.to_hex(6, 4), g.to_hex(7, 4)), EdgeFeature.WALL),
    ]
    for edit in edits:
        assert edit is not None
        edit.apply(doc)
        area = view.repaint(edit.touched())
        assert area is not None
        assert area.w < view.map_w and area.h < view.map_h  # only a part
    fresh = BoardView(doc.board)
    for zoom in (1.0, 2.0):
        assert _diff(view.surface(zoom), fresh.surface(zoom))[0] == 0
    _, mean = _diff(view.surface(0.5), fresh.surface(0.5))
    assert mean < 1.0
    assert view.repaints == 3 and view.builds == 3  # no zoom level was rebuilt
