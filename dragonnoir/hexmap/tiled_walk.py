"""Where Tiled 1.8 draws the tiles of a hexagonal tile layer, and in which order.

Tiled's `HexagonalRenderer::drawTileLayer` (libtiled 1.8.2) does not put each tile at its
cell's `tileToScreenCoords` (`HexGrid.cell_origin`). It walks the area to draw in screen
rows from its top-left corner, going from one tile to the next by adding a pixel step:
on a flat-top map (stagger axis x) the step between two tiles of a screen row is
`tileWidth + hexsidelength`, where their cells lie `2 * columnWidth` apart. The two
differ by a pixel when `tileWidth - hexsidelength` is odd, which Tiled 1.8 allows (it
rounds `tileWidth` down to even and leaves the side as it is: 60 x 52 tiles with side 31).
Then each tile of a screen row lies a pixel further right of its cell than the tile
before it: `tmxrasterizer` draws the tiles of column 2k of such a map k pixels right of
their outlines (give or take one, by the column the walk starts from), and on a map more
columns wide than about twice its tile width the walk reaches the area's right edge
before the last columns, which are not drawn at all. On every other map the walk lands
on `cell_origin`. Tiled 1.10.1 and later make `tileWidth - hexsidelength` even
(`tiled.drawn_tile_size`), so a grid built for them never drifts.

`drawn_cells` is that walk, with what it needs: the area Tiled walks
(`MapRenderer::drawTileLayer`: the layer's `boundingRect`, grown by how far its tiles
may reach out of their cells) and the cell it starts from
(`HexagonalRenderer::screenToTileCoords`). It works out each screen row's tiles in one
go rather than stepping tile by tile as Tiled does, to the same pixels.
`render/tmx_draw.py` draws each tile where this says, in this order. Pure arithmetic: no
pygame.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import NamedTuple

from dragonnoir.hexmap.tiled import HexGrid, half

#: (left, top, right, bottom) in pixels.
Margins = tuple[int, int, int, int]
#: (x, y, width, height) in pixels.
Rect = tuple[int, int, int, int]


class RenderParams(NamedTuple):
    """Tiled's `HexagonalRenderer::RenderParams` of a grid, for both axes (a `HexGrid`
    gives the side offsets of its stagger axis only: the other is no side of its hexes,
    but the walk measures half tiles with it)."""

    tile_width: int
    tile_height: int
    side_length_x: int
    side_length_y: int
    side_offset_x: int
    side_offset_y: int
    column_width: int
    row_height: int
    stagger_x: bool
    stagger_even: bool

    @classmethod
    def of(cls, grid: HexGrid) -> RenderParams:
        stagger_x = grid.stagger_axis == "x"
        side_x, side_y = (grid.side_length, 0) if stagger_x else (0, grid.side_length)
        offset_x = half(grid.tile_width - side_x)
        offset_y = half(grid.tile_height - side_y)
        return cls(
            grid.tile_width,
            grid.tile_height,
            side_x,
            side_y,
            offset_x,
            offset_y,
            offset_x + side_x,
            offset_y + side_y,
            stagger_x,
            grid.stagger_index == "even",
        )

    def do_stagger_x(self, x: int) -> bool:
        return self.stagger_x and bool((x & 1) ^ self.stagger_even)

    def do_stagger_y(self, y: int) -> bool:
        return not self.stagger_x and bool((y & 1) ^ self.stagger_even)

    @property
    def step(self) -> int:
        """Pixels from one tile to the next in a screen row of the walk."""
        return self.tile_width + self.side_length_x


def screen_to_tile(p: RenderParams, x: float, y: float) -> tuple[int, int]:
    """`HexagonalRenderer::screenToTileCoords` (Tiled 1.8.2): the cell whose centre is
    nearest of four candidates around a pixel. Only the walk's start uses it; hit-testing
    uses the outlines (`HexGrid.pixel_to_hex`), with which it agrees away from borders."""
    if p.stagger_x:
        x -= p.tile_width if p.stagger_even else p.side_offset_x
    else:
        y -= p.tile_height if p.stagger_even else p.side_offset_y
    ref_x = math.floor(x / (p.column_width * 2))
    ref_y = math.floor(y / (p.row_height * 2))
    rel_x = x - ref_x * (p.column_width * 2)
    rel_y = y - ref_y * (p.row_height * 2)
    if p.stagger_x:
        ref_x = ref_x * 2 + p.stagger_even
        left = half(p.side_length_x)
        cx, cy = left + p.column_width, half(p.tile_height)
        centres = [(left, cy), (cx, cy - p.row_height), (cx, cy + p.row_height)]
        centres.append((cx + p.column_width, cy))
        offsets = ((0, 0), (1, -1), (1, 0), (2, 0))
    else:
        ref_y = ref_y * 2 + p.stagger_even
        top = half(p.side_length_y)
        cx, cy = half(p.tile_width), top + p.row_height
        centres = [(cx, top), (cx - p.column_width, cy), (cx + p.column_width, cy)]
        centres.append((cx, cy + p.row_height))
        offsets = ((0, 0), (-1, 1), (0, 1), (0, 2))
    distances = [(ax - rel_x) ** 2 + (ay - rel_y) ** 2 for ax, ay in centres]
    nearest = distances.index(min(distances))  # the first of equals, as Tiled's `<`
    return (ref_x + offsets[nearest][0], ref_y + offsets[nearest][1])


def bounding_rect(grid: HexGrid, width: int, height: int) -> Rect:
    """`HexagonalRenderer::boundingRect` of a layer's cells (0, 0) to (width, height)."""
    p = RenderParams.of(grid)
    x, y = grid.cell_origin(0, 0)
    if p.stagger_x:
        w, h = width * p.column_width + p.side_offset_x, height * p.tile_height
        if width > 1:
            h += p.row_height
            y -= p.row_height if p.do_stagger_x(0) else 0
    else:
        w, h = width * p.tile_width, height * p.row_height + p.side_offset_y
        if height > 1:
            w += p.column_width
            x -= p.column_width if p.do_stagger_y(0) else 0
    return (x, y, w, h)


def walked_area(grid: HexGrid, width: int, height: int, overhang: Margins) -> Rect:
    """The area `MapRenderer::drawTileLayer` hands the walk: the layer's bounding
    rectangle grown on each side by how far tiles reach out of their cells on the other
    (a tile that sticks out to the right may show in the area from a cell to its left).
    `overhang` is (left, top, right, bottom): Tiled's `TileLayer::drawMargins` less the
    map's tile size at the top and right (see `render/tmx_draw.py`)."""
    x, y, w, h = bounding_rect(grid, width, height)
    left, top, right, bottom = overhang
    return (x - right, y - bottom, w + left + right, h + top + bottom)


def drawn_cells(
    grid: HexGrid, width: int, height: int, overhang: Margins = (0, 0, 0, 0)
) -> Iterator[tuple[int, int, int, int]]:
    """(col, row, x, y) of each cell of a `width` x `height` layer, in the order Tiled
    1.8 draws them, with the top-left corner of the box it draws the cell's tile in
    (the tile goes bottom-left at `y + grid.tile_height`). Cells outside the layer are
    left out. A grid whose rows or steps are not positive yields nothing (Tiled 1.10.1+
    draws nothing there; 1.8 never finishes)."""
    p = RenderParams.of(grid)
    if p.row_height <= 0 or p.column_width <= 0 or p.step <= 0:
        return
    x0, y0, w, h = walked_area(grid, width, height, overhang)
    right, bottom = x0 + w, y0 + h
    walk = _walk_columns if p.stagger_x else _walk_rows
    stride = 2 if p.stagger_x else 1
    for first, row, x, y in walk(grid, p, *_start(grid, p, x0, y0), bottom):
        if 0 <= row < height:
            drawn = -((x - right) // p.step)  # tiles the walk draws before `right`
            for k in _in_layer(first, stride, drawn, width):
                yield (first + k * stride, row, x + k * p.step, y)


def _start(grid: HexGrid, p: RenderParams, x: int, y: int) -> tuple[int, int]:
    """The cell the walk starts from: the one Tiled picks at the area's top-left corner,
    one row up if the corner is in its upper part, one column left if in its left part."""
    col, row = screen_to_tile(p, x, y)
    sx, sy = grid.cell_origin(col, row)
    return (col - (x - sx < p.side_offset_x), row - (y - sy < p.side_offset_y))


def _in_layer(col: int, stride: int, count: int, width: int) -> range:
    """The k, below `count`, for which column `col + k * stride` is in the layer."""
    first = -(col // stride) if col < 0 else 0
    return range(first, min(count, (width - 1 - col) // stride + 1))


def _walk_columns(
    grid: HexGrid, p: RenderParams, col: int, row: int, bottom: int
) -> Iterator[tuple[int, int, int, int]]:
    """The stagger-axis-x walk, screen row by screen row: (col, row, x, y) of the first
    tile of each; the others follow every other column, `p.step` px apart. A screen row
    starts alternately with an unshifted and a shifted column."""
    sx, sy = grid.cell_origin(col, row)
    staggered = p.do_stagger_x(col)
    while sy < bottom:
        yield (col, row, sx, sy)
        if staggered:
            col, row, sx = col - 1, row + 1, sx - p.column_width
        else:
            col, sx = col + 1, sx + p.column_width
        staggered = not staggered
        sy += p.row_height


def _walk_rows(
    grid: HexGrid, p: RenderParams, col: int, row: int, bottom: int
) -> Iterator[tuple[int, int, int, int]]:
    """The stagger-axis-y walk: (col, row, x, y) of the first tile of each screen row, a
    row of cells, shifted ones pushed right; the others follow `p.step` px apart."""
    sx, sy = grid.cell_origin(col, row)
    if p.do_stagger_y(row):
        sx -= p.column_width
    while sy < bottom:
        yield (col, row, sx + (p.column_width if p.do_stagger_y(row) else 0), sy)
        row += 1
        sy += p.row_height
