"""A board view for the map editor: the board changes under it, and only what changed is
drawn again.

`BoardView` draws a whole map once per zoom because a game's map never changes. In the
editor it does, at every brush step, and redrawing a map (or rescaling a whole zoom
level) costs tens of milliseconds — far over a frame. `repaint(hexes)` instead redraws the
area the changed hexes cover, in every surface already built: the native-scale bases are
painted again inside a clip (`BoardView._paint` with the hexes that reach into it), and
each other zoom level gets that area rescaled from its base. Overlays (zones, seams,
problems) are drawn per frame by the editor, not baked into the surfaces, so a repaint
never has to restore them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import replace

import pygame

from dragonnoir.hexmap.board import Board
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.terrain import TerrainTable
from dragonnoir.render.board_view import VOID, BoardView

#: Pixels (at 1x) added around a changed area: thick edge features and their round caps
#: reach a little past the hex outlines.
MARGIN = 6


class EditableBoardView(BoardView):
    """A `BoardView` of a board that is being edited (no baked-in overlays)."""

    def __init__(
        self, board: Board, *, table: TerrainTable | None = None, max_cached: int = 4
    ) -> None:
        super().__init__(board, None, table=table, max_cached=max_cached)
        self.show_zones = False
        self.show_seams = False
        #: Areas repainted so far (tests and the benchmark look at it).
        self.repaints = 0
        self._rects: dict[Hex, pygame.Rect] | None = None
        #: The tiles by square of `BUCKET` map pixels they reach into (a six-board
        #: layout has some 3000 tiles: a brush step looks at a few dozen).
        self._buckets: dict[tuple[int, int], list[Hex]] = {}

    def _tile_rects(self) -> dict[Hex, pygame.Rect]:
        """Each cell's tile rectangle in 1x map pixels (kept until the board's cells
        change from a new board: edits never add or remove cells)."""
        cells = self.board.cells
        if self._rects is None or len(self._rects) != len(cells):
            grid = self.grid
            tw, th = grid.tile_width, grid.tile_height
            self._rects = {
                h: pygame.Rect(*grid.cell_origin(*grid.to_cell(h)), tw, th) for h in cells
            }
            self._buckets = {}
            for h, r in self._rects.items():
                for key in _squares(r):
                    self._buckets.setdefault(key, []).append(h)
        return self._rects

    def tiles_in(self, area: pygame.Rect) -> list[Hex]:
        """The hexes whose tile rectangle meets `area` (1x map pixels)."""
        rects = self._tile_rects()
        found = {h for key in _squares(area) for h in self._buckets.get(key, ())}
        return [h for h in found if area.colliderect(rects[h])]

    def map_rect(self, hexes: Iterable[Hex]) -> pygame.Rect | None:
        """The 1x map pixels the tiles of `hexes` cover, with `MARGIN` around them."""
        grid = self.grid
        rect: pygame.Rect | None = None
        tw, th = grid.tile_width, grid.tile_height
        for h in hexes:
            x, y = grid.cell_origin(*grid.to_cell(h))
            r = pygame.Rect(x, y, tw, th)
            rect = r if rect is None else rect.union(r)
        if rect is None:
            return None
        return rect.inflate(2 * MARGIN, 2 * MARGIN).clip(pygame.Rect(0, 0, self.map_w, self.map_h))

    def repaint(self, hexes: Iterable[Hex]) -> pygame.Rect | None:
        """Draw again, in every cached surface, the area of the hexes whose cells or
        sides changed; returns that area in 1x map pixels (None: nothing to do)."""
        changed = set(hexes)
        # A hex's look depends on its neighbours (shadows, edge features on shared
        # sides), so the area is that of the changed hexes and their neighbours; every
        # hex whose tile (or an edge feature's cap) reaches into it is drawn again.
        near = changed | {n for h in changed for n in h.neighbours()}
        area = self.map_rect(near)
        if area is None or area.w <= 0 or area.h <= 0:
            return None
        reach = area.inflate(2 * MARGIN, 2 * MARGIN)
        redraw = self.tiles_in(reach)
        self.repaints += 1
        # `_paint` looks at the whole board it is given (every cell's terrain, every
        # side): on a six-board layout that costs far more than the few hexes drawn. It
        # is given the part of the board that matters here: the hexes drawn, their
        # neighbours (shades, the upper side of an edge feature), and their sides.
        whole = self.board
        near = set(redraw) | {n for h in redraw for n in h.neighbours()}
        cells = {h: c for h in near if (c := whole.cells.get(h)) is not None}
        edges = {e: f for e, f in whole.edges.items() if e.a in near or e.b in near}
        self.board = replace(whole, cells=cells, edges=edges, zones=[])
        try:
            for scale, base in self._base.items():
                clip = pygame.Rect(area.x * scale, area.y * scale, area.w * scale, area.h * scale)
                old = base.get_clip()
                base.set_clip(clip)
                try:
                    base.fill(VOID, clip)
                    self._paint(base, scale, redraw)
                finally:
                    base.set_clip(old)
        finally:
            self.board = whole
        for key in list(self._levels):
            zoom = key[0]
            scale = 1 if zoom <= 1.0 + 1e-9 else 2
            source = self._base.get(scale)
            if source is None:
                del self._levels[key]
                continue
            _rescale_area(source, scale, self._levels[key], zoom, area)
        return area


#: The side of the squares `EditableBoardView` files its tiles under (map pixels).
BUCKET = 128


def _squares(r: pygame.Rect) -> list[tuple[int, int]]:
    """The `BUCKET` squares rectangle `r` reaches into."""
    return [
        (x, y)
        for x in range(r.left // BUCKET, (r.right - 1) // BUCKET + 1)
        for y in range(r.top // BUCKET, (r.bottom - 1) // BUCKET + 1)
    ]


def _rescale_area(
    base: pygame.Surface, scale: int, level: pygame.Surface, zoom: float, area: pygame.Rect
) -> None:
    """Copy `area` (1x map pixels) of `base` (drawn at `scale`) into `level` (the map at
    `zoom`), scaled the way the whole level was made (`smoothscale`)."""
    k = zoom / scale
    src = pygame.Rect(area.x * scale, area.y * scale, area.w * scale, area.h * scale)
    if abs(k - 1.0) < 1e-9:
        level.blit(base, src.topleft, src)
        return
    # Whole target pixels, and the source pixels that make them.
    left, top = math.floor(src.x * k), math.floor(src.y * k)
    right = min(level.get_width(), math.ceil(src.right * k))
    bottom = min(level.get_height(), math.ceil(src.bottom * k))
    if right <= left or bottom <= top:
        return
    s = pygame.Rect(math.floor(left / k), math.floor(top / k), 0, 0)
    s.w = min(base.get_width(), math.ceil(right / k)) - s.x
    s.h = min(base.get_height(), math.ceil(bottom / k)) - s.y
    if s.w <= 0 or s.h <= 0:
        return
    part = pygame.transform.smoothscale(base.subsurface(s), (right - left, bottom - top))
    level.blit(part, (left, top))
