"""The fast map drawing (`BoardView._draw_base`, `_side_shade`, `art.hex_mask`) gives
exactly the pixels of the straightforward version it replaced, kept here as the
reference: every tile blitted in three plain passes, shadows and masks tested pixel by
pixel."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from dragonnoir.hexmap.board import Board, Cell
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.tiled import point_in_convex
from dragonnoir.render import art, board_view
from dragonnoir.render.bench import demo_board, synthetic_board
from dragonnoir.render.board_view import BoardView


def reference_side_shade(direction: int, scale: int, inward: bool = True) -> pygame.Surface:
    """The shadow tile computed the slow way: every pixel of the box tested. With
    `inward=False` the normal points out of the hex and the tile is empty (the bug the
    first version had)."""
    w, h = art.TILE_W * scale, art.TILE_H * scale
    pts = art.hex_points(w, h)
    i = (2 - direction) % 6
    (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % 6]
    length = math.hypot(x2 - x1, y2 - y1)
    nx, ny = (y2 - y1) / length, -(x2 - x1) / length
    if inward:
        nx, ny = -nx, -ny
    reach = 15.0 * scale
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    for y in range(h):
        for x in range(w):
            d = (x + 0.5 - x1) * nx + (y + 0.5 - y1) * ny
            if 0 <= d < reach:
                t = 1 - d / reach
                surf.set_at((x, y), (0, 0, 0, round(190 * t * t)))
    surf.blit(art.hex_mask(w, h), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return surf


def reference_base(view: BoardView, s: int) -> pygame.Surface:
    board, grid, table = view.board, view.grid, view.table
    surf = pygame.Surface((view.map_w * s, view.map_h * s))
    surf.fill(board_view.VOID)
    cells = board.cells
    order = sorted(cells, key=lambda h: (h.r, h.q))
    origin = {}
    for h in order:
        ox, oy = grid.cell_origin(*grid.to_cell(h))
        origin[h] = (ox * s, oy * s)

    def solid(c: Cell | None) -> bool:
        if c is None:
            return False
        t = table.get(c.terrain)
        return t is not None and not t.passable

    blits = [
        (board_view._terrain(cells[h].terrain, s, board_view._variant(h)), origin[h]) for h in order
    ]
    surf.blits(blits, doreturn=False)
    blits = []
    for h in order:
        cell = cells[h]
        if solid(cell):
            continue
        for d, n in enumerate(h.neighbours()):
            other = cells.get(n)
            if other is None:
                continue
            if solid(other) or (other.level - cell.level >= 0.5 and not other.walkway):
                blits.append((board_view._side_shade(d, s), origin[h]))
        if cell.level != 0:
            blits.append((board_view._level(cell.level, s), origin[h]))
        blits.append((board_view._outline(s), origin[h]))
    for h in order:
        cell = cells[h]
        if cell.walkway:
            blits.append((board_view._feature("walkway", s), origin[h]))
        if cell.walkway_end:
            blits.append((board_view._feature("walkway_end", s), origin[h]))
    surf.blits(blits, doreturn=False)
    for edge, feature in sorted(board.edges.items(), key=lambda e: (e[0].a, e[0].b)):
        view._draw_edge(surf, edge, feature, s)
    return surf


def mixed_board() -> Board:
    """Random terrain and levels, plus walkway ends and holes (hexes with no cell)."""
    board = synthetic_board(12, 9, seed=3)
    for k, h in enumerate(sorted(board.cells)):
        if k % 17 == 0:
            board.cells[h] = Cell(board.cells[h].terrain, 1.0, False, True)
        elif k % 23 == 0:
            del board.cells[h]
    board.edges = {
        e: f for e, f in board.edges.items() if e.a in board.cells and e.b in board.cells
    }
    return board


BOARDS = ["tiny", "mixed", "demo"]


@pytest.fixture
def board(request: pytest.FixtureRequest) -> Board:
    name = request.param
    if name == "tiny":
        tiny: Board = request.getfixturevalue("tiny_board")
        return tiny
    return mixed_board() if name == "mixed" else demo_board()


def pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGB")


@pytest.mark.parametrize("scale", [1, 2])
@pytest.mark.parametrize("board", BOARDS, indirect=True)
def test_base_is_pixel_identical_to_the_reference(board: Board, scale: int) -> None:
    view = BoardView(board)
    assert pixels(view._draw_base(scale)) == pixels(reference_base(view, scale))


@pytest.mark.parametrize("board", BOARDS[:2], indirect=True)
def test_base_is_identical_with_visible_shadows(
    board: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Were the shadows turned inwards (visible), the fast pass would still put them on
    the same hexes in the same order as the reference."""
    cached = {d: reference_side_shade(d, 1, inward=True) for d in range(6)}
    monkeypatch.setattr(board_view, "_side_shade", lambda d, s: cached[d])
    view = BoardView(board)
    fast = view._draw_base(1)
    assert pixels(fast) == pixels(reference_base(view, 1))
    assert all(board_view._visible(tile) for tile in cached.values())


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_side_shade_is_the_reference(scale: int) -> None:
    for d in range(6):
        fast = board_view._side_shade.__wrapped__(d, scale)  # type: ignore[attr-defined]
        assert pygame.image.tobytes(fast, "RGBA") == pygame.image.tobytes(
            reference_side_shade(d, scale), "RGBA"
        )
        assert any(pygame.image.tobytes(fast, "RGBA")[3::4]), "the shadow must be visible"
        assert not any(
            pygame.image.tobytes(reference_side_shade(d, scale, inward=False), "RGBA")[3::4]
        )


@pytest.mark.parametrize("size", [(52, 60), (104, 120), (26, 30), (24, 20), (7, 9)])
def test_hex_mask_is_the_reference(size: tuple[int, int]) -> None:
    w, h = size
    ref = pygame.Surface(size, pygame.SRCALPHA)
    ref.fill((0, 0, 0, 0))
    poly = art.hex_points(w, h)
    for y in range(h):
        xs = [x for x in range(w) if point_in_convex(poly, x + 0.5, y + 0.5)]
        if xs:
            ref.fill((255, 255, 255, 255), pygame.Rect(xs[0], y, xs[-1] - xs[0] + 1, 1))
    fast = art.hex_mask.__wrapped__(w, h)  # type: ignore[attr-defined]
    assert pygame.image.tobytes(fast, "RGBA") == pygame.image.tobytes(ref, "RGBA")


def test_a_hex_without_neighbours_draws() -> None:
    board = Board(id="one", name="One", width=1, height=1, cells={Hex(0, 0): Cell("water")})
    view = BoardView(board)
    assert pixels(view._draw_base(1)) == pixels(reference_base(view, 1))


def test_edge_segments_are_the_grids() -> None:
    board = synthetic_board(9, 8)
    grid = board.grid
    for col in range(-3, 12):
        for row in range(-3, 11):
            h = grid.to_hex(col, row)
            for d in range(6):
                n = h.neighbour(d)
                assert board_view._edge_segment(grid, h, n) == grid.edge_segment(h, n)
    with pytest.raises(ValueError):
        board_view._edge_segment(grid, Hex(0, 0), Hex(5, 5))
