"""Accessory counters on the map: a wall brought down by magic shows as rubble over the
side where the map still draws the wall, not under the characters at the hexes' centres."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from dragonnoir.engine.state import Accessory, AccessoryKind
from dragonnoir.hexmap.board import Board
from dragonnoir.render.accessories import BREACH, DEMOLISHED, STONE_EDGE, draw_accessories
from dragonnoir.render.board_view import BoardView
from dragonnoir.render.camera import Camera

RUBBLE = {BREACH, DEMOLISHED, STONE_EDGE}


def _colour(surface: pygame.Surface, x: float, y: float) -> tuple[int, int, int]:
    c = surface.get_at((round(x), round(y)))
    return (c.r, c.g, c.b)


def test_a_wall_brought_down_is_rubble_over_the_side_it_stood_on(tiny_board: Board) -> None:
    # The small board's wall between (4,2) and (5,2) (test_board_view: drawn dark).
    view = BoardView(tiny_board)
    screen = pygame.Surface((view.map_w, view.map_h))
    screen.blit(view.render(1.0), (0, 0))
    g = tiny_board.grid
    a, b = g.to_hex(4, 2), g.to_hex(5, 2)
    (ax, ay), (bx, by) = g.edge_segment(a, b)
    middle = ((ax + bx) / 2, (ay + by) / 2)
    assert _colour(screen, *middle) not in RUBBLE  # the wall, before
    centres = [g.hex_centre(a), g.hex_centre(b)]
    before = [_colour(screen, *c) for c in centres]

    wall = Accessory("demolished_wall_1", AccessoryKind.DEMOLISHED_WALL, (a, b))
    camera = Camera(view.map_w, view.map_h, view.map_w, view.map_h, zoom=1.0)
    draw_accessories(screen, camera, g, [wall], screen.get_rect())

    assert _colour(screen, *middle) in RUBBLE
    for t in (0.3, 0.7):  # along the side, not only its middle: the wall line is broken
        x, y = ax + (bx - ax) * t, ay + (by - ay) * t
        assert _colour(screen, x, y) in RUBBLE
    # The hexes' centres, where the characters stand, are left as they were.
    assert [_colour(screen, *c) for c in centres] == before
