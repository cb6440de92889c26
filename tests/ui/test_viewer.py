"""The viewer driven headless: events in, camera and status text out."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections.abc import Iterator

import pygame
import pytest

from dragonnoir.hexmap.board import Board, Cell, EdgeFeature, board_cells
from dragonnoir.hexmap.hexes import Edge, Hex
from dragonnoir.render.camera import next_zoom_step
from dragonnoir.ui.viewer import STATUS_H, Viewer


def big_board() -> Board:
    """40 x 41 cells (about 2100 x 1860 px): larger than the window at 50% zoom."""
    board = Board("big", "Big cave", 40, 41, {})
    g = board.grid
    for col, row in board_cells(40, 41):
        terrain = "water" if (col + row) % 7 == 0 else "cave_floor"
        board.cells[g.to_hex(col, row)] = Cell(terrain, 1.0 if col == 13 else 0.0)
    a, b = g.to_hex(10, 10), g.to_hex(11, 10)
    board.edges[Edge(a, b)] = EdgeFeature.WALL
    return board


@pytest.fixture(scope="module")
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


def feed(viewer: Viewer, *events: pygame.event.Event) -> None:
    """Post events to pygame's queue and let the viewer handle what comes out."""
    pygame.event.clear()
    for e in events:
        pygame.event.post(e)
    for e in pygame.event.get():
        viewer.handle(e)


def motion(x: int, y: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))


def key(k: int, down: bool = True) -> pygame.event.Event:
    return pygame.event.Event(
        pygame.KEYDOWN if down else pygame.KEYUP, key=k, mod=0, unicode="", scancode=0
    )


def make(seams: bool = False, board_of: object = None) -> Viewer:
    board = big_board()
    lines = [[(0.0, 900.0), (2000.0, 900.0)]] if seams else None
    return Viewer(board, "test", lines, board_of, size=(800, 600))  # type: ignore[arg-type]


def test_wheel_zoom_keeps_the_map_point_under_the_cursor(display: None) -> None:
    v = make()
    fitted = v.camera.zoom
    assert fitted == pytest.approx(v.camera.fit_zoom())
    feed(v, motion(300, 200))
    before = v.camera.to_map(300, 200)
    feed(v, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    for _ in range(30):
        v.update(1 / 60)
    assert v.camera.zoom == next_zoom_step(fitted, 1) and v.zoom_target is None
    before = v.camera.to_map(300, 200)  # (the map was narrower than the window: centred)
    feed(v, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    v.update(1.0)
    assert v.camera.zoom == 0.5  # large enough now that clamping leaves the view alone
    assert v.camera.to_map(300, 200) == pytest.approx(before, abs=0.5)
    feed(v, key(pygame.K_PLUS))
    v.update(1.0)
    assert v.camera.zoom == next_zoom_step(0.5, 1)
    assert v.camera.to_map(300, 200) == pytest.approx(before, abs=0.5)
    feed(v, key(pygame.K_MINUS))
    v.update(1.0)
    assert v.camera.zoom == 0.5
    v.draw()


def test_drag_and_keys_pan(display: None) -> None:
    v = make()
    v.zoom_to(1.0, (400, 300), animate=False)
    x0, y0 = v.camera.x, v.camera.y
    feed(
        v,
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 300), button=1),
        motion(350, 280),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(350, 280), button=1),
        motion(100, 100),
    )
    assert (v.camera.x, v.camera.y) == pytest.approx((x0 + 50, y0 + 20))
    feed(v, key(pygame.K_RIGHT))
    tapped = v.camera.x
    assert tapped > x0 + 50  # a tap pans at once
    v.update(0.1)
    moved = v.camera.x - tapped
    assert moved > 0
    v.update(0.1)
    assert v.camera.x - tapped - moved > moved  # held keys accelerate
    feed(v, key(pygame.K_RIGHT, down=False))
    x = v.camera.x
    v.update(0.1)
    assert v.camera.x == x
    feed(v, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 300), button=2), motion(400, 340))
    assert v.camera.y == pytest.approx(y0 + 20 - 40)


def test_hover_gives_the_hex_and_the_status_text(display: None) -> None:
    v = make()
    v.zoom_to(1.0, (400, 300), animate=False)
    v.camera.center_on(*v.view.grid.cell_centre(10, 10))
    target = v.view.grid.to_hex(10, 10)
    sx, sy = v.camera.to_screen(*v.view.grid.hex_centre(target))
    feed(v, motion(round(sx), round(sy)))
    assert v.hover_hex() == target
    text = v.status_text()
    assert "cell 10,10" in text
    assert f"cube {target.q},{target.r},{target.s}" in text
    assert "Big cave" in text and "level 0" in text
    assert "wall E" in text
    # A raised hex tells its level; the status line itself hovers nothing.
    sx, sy = v.camera.to_screen(*v.view.grid.cell_centre(13, 10))
    feed(v, motion(round(sx), round(sy)))
    assert "level +1" in v.status_text()
    feed(v, motion(10, 600 - STATUS_H // 2))
    assert v.hover_hex() is None
    v.draw()


def test_status_names_the_boards_of_a_hex(display: None) -> None:
    def board_of(h: Hex) -> list[tuple[str, int, int]]:
        return [("fosse", 3, 4), ("labyrinthe", 3, 22)]

    v = make(board_of=board_of)
    feed(v, motion(400, 300))
    assert "fosse (3,4) + labyrinthe (3,22)" in v.status_text()


def test_toggles_and_quit(display: None) -> None:
    v = make(seams=True)
    assert v.view.show_seams
    feed(v, key(pygame.K_b))
    assert not v.view.show_seams
    feed(v, key(pygame.K_b))
    assert v.view.show_seams
    feed(v, key(pygame.K_z))
    assert v.view.show_zones
    feed(v, key(pygame.K_h))
    assert v.show_help
    v.draw()
    feed(v, key(pygame.K_F1))
    assert not v.show_help
    v.zoom_to(2.0, (10, 10), animate=False)
    feed(v, key(pygame.K_f))
    assert v.camera.zoom == pytest.approx(v.camera.fit_zoom())
    assert v.running
    feed(v, key(pygame.K_ESCAPE))
    assert not v.running
