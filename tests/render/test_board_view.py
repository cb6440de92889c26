"""The board view: a small board renders with the right colours in the right places, the
per-zoom cache reuses surfaces, and a frame draws sprites and the highlight."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from dragonnoir.hexmap.board import Board, Cell
from dragonnoir.render.board_view import BoardView, Sprite, draw_frame
from dragonnoir.render.camera import Camera


def _at(
    surface: pygame.Surface, board: Board, col: int, row: int, zoom: float = 1.0
) -> pygame.Color:
    x, y = board.grid.cell_centre(col, row)
    return surface.get_at((round(x * zoom), round(y * zoom)))


def test_small_board_renders_with_terrain_colours(tiny_board: Board) -> None:
    view = BoardView(tiny_board)
    surf = view.render(1.0)
    assert surf.get_size() == tiny_board.grid.map_pixel_size(7, 5)
    water = _at(surf, tiny_board, 5, 1)
    assert water.b > water.r + 20  # bluish (darkened for level -1)
    floor = _at(surf, tiny_board, 1, 3)
    assert floor.r > floor.b  # brownish cave floor
    rock = _at(surf, tiny_board, 0, 0)
    assert max(rock.r, rock.g, rock.b) < 130
    deck = _at(surf, tiny_board, 3, 2)  # walkway planks: warm wood
    assert deck.r > deck.b + 40


def test_wall_is_drawn_dark_on_its_side(tiny_board: Board) -> None:
    surf = BoardView(tiny_board).render(1.0)
    g = tiny_board.grid
    (ax, ay), (bx, by) = g.edge_segment(g.to_hex(4, 2), g.to_hex(5, 2))
    # Just beside the wall's stone core: the dark outline.
    px = surf.get_at((round((ax + bx) / 2) + 3, round((ay + by) / 2)))
    assert max(px.r, px.g, px.b) < 60


def test_zoom_cache_reuses_surfaces(tiny_board: Board) -> None:
    view = BoardView(tiny_board)
    a = view.surface(0.5)
    assert view.surface(0.5) is a
    assert view.builds == 1
    assert a.get_size() == (round(view.map_w * 0.5), round(view.map_h * 0.5))
    view.surface(2.0)
    assert view.surface(0.5) is a and view.builds == 2
    view.show_zones = True
    z = view.surface(0.5)
    assert z is not a and view.builds == 3
    view.show_zones = False
    assert view.surface(0.5) is a


def test_cache_is_bounded(tiny_board: Board) -> None:
    view = BoardView(tiny_board, max_cached=2)
    for zoom in (0.25, 0.35, 0.5):
        view.surface(zoom)
    assert not view.has_surface(0.25) and view.has_surface(0.5)


def test_zone_overlay_changes_pixels_and_seams_are_drawn(tiny_board: Board) -> None:
    x0, y0 = tiny_board.grid.cell_centre(0, 2)
    x1, y1 = tiny_board.grid.cell_centre(6, 2)
    view = BoardView(tiny_board, seams=[[(x0, y0), (x1, y1)]])
    with_seam = view.render(1.0)
    view.show_seams = False
    without = view.render(1.0)
    x = round(x0 + 3)
    assert with_seam.get_at((x, round(y0))) != without.get_at((x, round(y0)))
    view.show_zones = True
    zoned = view.render(1.0)
    assert pygame.image.tobytes(zoned, "RGB") != pygame.image.tobytes(without, "RGB")


def test_frame_draws_map_sprites_and_highlight(tiny_board: Board) -> None:
    view = BoardView(tiny_board)
    screen = pygame.Surface((300, 200))
    cam = Camera(300, 200, view.map_w, view.map_h, zoom=1.0)
    cam.center_on(view.map_w / 2, view.map_h / 2)
    chit = pygame.Surface((64, 64))
    chit.fill((255, 0, 255))
    h = tiny_board.grid.to_hex(3, 2)
    cx, cy = tiny_board.grid.hex_centre(h)
    draw_frame(screen, cam, view, [Sprite(chit, cx, cy, 40.0)], highlight=h)
    sx, sy = cam.to_screen(cx, cy)
    chit_px = screen.get_at((round(sx), round(sy)))  # under the translucent highlight
    assert chit_px.r > 220 and chit_px.b > 200 and chit_px.g < 70
    # The highlight's yellow outline near the top corner of the hovered hex.
    ox, oy = tiny_board.grid.cell_origin(3, 2)
    tx, ty = cam.to_screen(ox + 26, oy)
    column = [screen.get_at((round(tx), round(ty) + k)) for k in range(10)]
    assert any(p.r > 200 and p.g > 170 and p.b < 120 for p in column)


def test_frame_at_fit_zoom_and_during_animation(tiny_board: Board) -> None:
    view = BoardView(tiny_board)
    screen = pygame.Surface((400, 300))
    cam = Camera(400, 300, view.map_w, view.map_h)
    cam.fit()
    draw_frame(screen, cam, view)
    builds = view.builds
    cam.zoom_at(cam.zoom * 1.1, 200, 150)
    draw_frame(screen, cam, view, build=False)  # scales the cached level instead
    assert view.builds == builds
    assert screen.get_at((200, 150)) != pygame.Color(10, 9, 9)


@pytest.mark.parametrize("terrain", ["rock", "water", "nest_floor"])
def test_unknown_and_edge_cases_do_not_crash(terrain: str) -> None:
    board = Board("one", "One", 3, 3, {})
    g = board.grid
    board.cells[g.to_hex(1, 1)] = Cell(terrain)
    board.cells[g.to_hex(0, 0)] = Cell("no_such_terrain")
    surf = BoardView(board).render(0.35)
    assert surf.get_width() > 0
