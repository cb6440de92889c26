"""Tiled's hexagonal grids: offset cells <-> cube hexes, and cell <-> pixel exactly as Tiled.

Tiled stores a hex map as a rectangle of (column, row) cells in which every other row
(`staggeraxis="y"`, pointy-top hexes) or every other column (`staggeraxis="x"`, flat-top
hexes) is pushed half a cell along. Which ones are pushed is `staggerindex` ("odd" or
"even"). The pixel formulas are those of Tiled's `HexagonalRenderer` (libtiled), checked
against `tmxrasterizer` renders; see the project's `docs/map-format.md` and the shared
HEX-AND-TMX notes.

A `HexGrid` holds the sizes Tiled lays the map out with (its `RenderParams`), which are
not always the `tilewidth` and `tileheight` written in the file: Tiled up to 1.10.0
rounds both down to even numbers, Tiled 1.10.1 and later make each one's difference with
the hex side even (`drawn_tile_size`). `HexGrid.from_tmx` is the one place that rule is
applied: every reader of a map builds its grid there, and everything else (pixel size,
drawing, hit-testing, export) uses the grid it gets.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from dragonnoir.hexmap.records import FrozenRecord

if TYPE_CHECKING:
    from dragonnoir.hexmap.hexes import Hex

StaggerAxis = Literal["x", "y"]
StaggerIndex = Literal["odd", "even"]
Point = tuple[float, float]

#: The first Tiled that no longer rounds a hex map's tile size down to even numbers:
#: 1.10.1 (commit c6a7500c, "Fixed grid rendering for odd Hex Side Length values", Tiled
#: issue #3623). The `tmxrasterizer` we compare renders with is 1.8.2, which rounds.
SIDE_PARITY_SINCE = (1, 10, 1)


def version_of(text: str) -> tuple[int, ...]:
    """A `tiledversion` such as "1.10.2" as (1, 10, 2), to compare; () for none. Each
    part is the digits a piece starts with ("90-beta" is 90); reading stops at a piece
    without any."""
    parts = []
    for piece in text.split("."):
        digits = "".join(itertools.takewhile(str.isdigit, piece))
        if not digits:
            break
        parts.append(int(digits))
    return tuple(parts)


def half(n: int) -> int:
    """`n / 2` as C++ divides ints, towards zero (Tiled's `RenderParams` does): -7 -> -3,
    where Python's `-7 // 2` gives -4. The two differ only when a side is longer than
    its tile, which Tiled allows."""
    return -(-n >> 1) if n < 0 else n >> 1


def drawn_tile_size(
    stagger_axis: StaggerAxis,
    tile_width: int,
    tile_height: int,
    side_length: int,
    saved_by: str = "",
) -> tuple[int, int]:
    """The tile width and height Tiled lays a hex map out with, from the `<map>`
    attributes and the `tiledversion` it was saved with (`HexagonalRenderer::RenderParams`):

    - up to 1.10.0 (and when the file names no version): `tileWidth & ~1` and
      `tileHeight & ~1`, both rounded down to even;
    - from 1.10.1 on: `2 * ((size - side) / 2) + side` along each axis, where `side` is
      `hexsidelength` on the stagger axis and 0 on the other, so that the two slanted
      runs of a hex are equal (a 65 x 65 tile with side 31 on stagger axis y is 64 x 65).

    Even sizes with an even side are the same in both.
    """
    if version_of(saved_by) < SIDE_PARITY_SINCE:
        return (tile_width & ~1, tile_height & ~1)
    side_x, side_y = (side_length, 0) if stagger_axis == "x" else (0, side_length)
    return (2 * half(tile_width - side_x) + side_x, 2 * half(tile_height - side_y) + side_y)


#: `hexes.Hex`, imported on first use by `_hex_class` (see `HexGrid`).
_Hex: type[Hex] | None = None


def _hex_class() -> type[Hex]:
    global _Hex
    from dragonnoir.hexmap.hexes import Hex

    _Hex = Hex
    return Hex


class HexGrid(FrozenRecord):
    """The shape of a Tiled hexagonal grid: stagger and the three pixel sizes.

    `tile_width` and `tile_height` are the sizes Tiled lays the map out with (its
    `RenderParams.tileWidth` and `tileHeight`), `side_length` is `hexsidelength`. For a
    map read from a file, build the grid with `from_tmx`: the sizes written there may be
    odd, and Tiled does not lay such a map out with them. Immutable and hashable. A
    `records.FrozenRecord`, not a dataclass, and `hexes` (cube hexes) is imported only by
    the methods that make hexes: drawing a plain Tiled map (`render/tmx_draw.py`) needs
    neither (issue 16).
    """

    __slots__ = ("side_length", "stagger_axis", "stagger_index", "tile_height", "tile_width")
    stagger_axis: StaggerAxis
    stagger_index: StaggerIndex
    tile_width: int
    tile_height: int
    side_length: int

    def __init__(
        self,
        stagger_axis: StaggerAxis = "y",
        stagger_index: StaggerIndex = "odd",
        tile_width: int = 52,
        tile_height: int = 60,
        side_length: int = 30,
    ) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "stagger_axis", stagger_axis)
        setattr_(self, "stagger_index", stagger_index)
        setattr_(self, "tile_width", tile_width)
        setattr_(self, "tile_height", tile_height)
        setattr_(self, "side_length", side_length)

    @classmethod
    def from_tmx(
        cls,
        stagger_axis: StaggerAxis,
        stagger_index: StaggerIndex,
        tile_width: int,
        tile_height: int,
        side_length: int,
        saved_by: str = "",
    ) -> HexGrid:
        """The grid Tiled lays out a map with these `<map>` attributes on, as saved by
        Tiled `saved_by` (its `tiledversion`; "" for none): see `drawn_tile_size`."""
        width, height = drawn_tile_size(
            stagger_axis, tile_width, tile_height, side_length, saved_by
        )
        return cls(stagger_axis, stagger_index, width, height, side_length)

    # -- offset <-> cube ---------------------------------------------------------------

    def _shifted(self, i: int) -> bool:
        odd = i & 1 == 1
        return odd if self.stagger_index == "odd" else not odd

    def to_hex(self, col: int, row: int) -> Hex:
        """The cube hex of Tiled cell (col, row)."""
        make = _Hex or _hex_class()
        if self.stagger_axis == "y":
            if self.stagger_index == "odd":
                q = col - (row - (row & 1)) // 2
            else:
                q = col - (row + (row & 1)) // 2
            return make(q, row)
        if self.stagger_index == "odd":
            r = row - (col - (col & 1)) // 2
        else:
            r = row - (col + (col & 1)) // 2
        return make(col, r)

    def to_cell(self, h: Hex) -> tuple[int, int]:
        """The Tiled cell (col, row) of a cube hex."""
        if self.stagger_axis == "y":
            row = h.r
            if self.stagger_index == "odd":
                col = h.q + (row - (row & 1)) // 2
            else:
                col = h.q + (row + (row & 1)) // 2
            return (col, row)
        col = h.q
        if self.stagger_index == "odd":
            row = h.r + (col - (col & 1)) // 2
        else:
            row = h.r + (col + (col & 1)) // 2
        return (col, row)

    # -- pixels ------------------------------------------------------------------------

    # The side offsets are worked out for every hex drawn or hit-tested: `half` is called
    # only for a side longer than its tile, where it differs from a shift.

    @property
    def side_offset_x(self) -> int:
        """Horizontal run of a slanted side (flat-top); Tiled's `sideOffsetX`. 0 for
        pointy-top hexes, whose outline has no such run (Tiled's is half a tile there)."""
        if self.stagger_axis != "x":
            return 0
        run = self.tile_width - self.side_length
        return run >> 1 if run >= 0 else half(run)

    @property
    def side_offset_y(self) -> int:
        """Vertical run of a slanted side (pointy-top); Tiled's `sideOffsetY`. 0 for
        flat-top hexes, as `side_offset_x` for pointy-top ones."""
        if self.stagger_axis != "y":
            return 0
        run = self.tile_height - self.side_length
        return run >> 1 if run >= 0 else half(run)

    @property
    def column_width(self) -> int:
        """Distance between cell boxes along x (Tiled's `columnWidth`): on stagger axis y,
        half a tile, also how far a shifted row is pushed."""
        if self.stagger_axis == "x":
            return self.side_offset_x + self.side_length
        return self.tile_width // 2

    @property
    def row_height(self) -> int:
        """Distance between cell boxes along y (Tiled's `rowHeight`): on stagger axis x,
        half a tile, also how far a shifted column is pushed down."""
        if self.stagger_axis == "y":
            return self.side_offset_y + self.side_length
        return self.tile_height // 2

    def cell_origin(self, col: int, row: int) -> tuple[int, int]:
        """Top-left corner of the cell's bounding box, in map pixels (integers, as Tiled's
        `tileToScreenCoords`). Where Tiled 1.8 *draws* the tiles of a flat-top map can lie
        a little right of this (`tiled_walk.py`)."""
        if self.stagger_axis == "y":  # shifted rows: half a tile right (`column_width`)
            x = col * self.tile_width + (self.tile_width // 2 if self._shifted(row) else 0)
            y = row * self.row_height
        else:  # shifted columns: half a tile down (`row_height`)
            x = col * self.column_width
            y = row * self.tile_height + (self.tile_height // 2 if self._shifted(col) else 0)
        return (x, y)

    def cell_centre(self, col: int, row: int) -> Point:
        x, y = self.cell_origin(col, row)
        return (x + self.tile_width / 2, y + self.tile_height / 2)

    def hex_centre(self, h: Hex) -> Point:
        return self.cell_centre(*self.to_cell(h))

    def map_pixel_size(self, width: int, height: int) -> tuple[int, int]:
        """Size in pixels of a `width` x `height` map, as `tmxrasterizer` sizes it
        (`HexagonalRenderer::mapBoundingRect`): a single row of pointy-top hexes, or a
        single column of flat-top ones, has no shifted neighbour to make room for."""
        if self.stagger_axis == "y":
            w = width * self.tile_width + (self.column_width if height > 1 else 0)
            h = height * self.row_height + self.side_offset_y
        else:
            w = width * self.column_width + self.side_offset_x
            h = height * self.tile_height + (self.row_height if width > 1 else 0)
        return (w, h)

    def hex_polygon(self, h: Hex) -> list[Point]:
        """The six corners of a hex in map pixels, as Tiled outlines it (clockwise on
        screen, starting from the left end of the top side for flat-top hexes and from the
        top-left slanted side for pointy-top hexes)."""
        return self.cell_polygon(*self.to_cell(h))

    def cell_polygon(self, col: int, row: int) -> list[Point]:
        x, y = self.cell_origin(col, row)
        tw, th = float(self.tile_width), float(self.tile_height)
        if self.stagger_axis == "y":
            so = float(self.side_offset_y)
            pts = [(0.0, so), (tw / 2, 0.0), (tw, so), (tw, th - so), (tw / 2, th), (0.0, th - so)]
        else:
            so = float(self.side_offset_x)
            pts = [(so, 0.0), (tw - so, 0.0), (tw, th / 2), (tw - so, th), (so, th), (0.0, th / 2)]
        return [(x + px, y + py) for px, py in pts]

    def corner_point(self, h: Hex, index: int) -> Point:
        """Pixel position of corner `index` of `h` (see `hexes.corner_of`): the point shared
        by `h` and its neighbours in directions index-1 and index."""
        cx, cy = self.hex_centre(h)
        ax, ay = self.hex_centre(h.neighbour(index - 1))
        bx, by = self.hex_centre(h.neighbour(index))
        # The three centres' circumcentre is the corner only for regular hexes; for Tiled's
        # (possibly stretched) hexes, use the polygon vertex nearest the centroid instead.
        gx, gy = (cx + ax + bx) / 3, (cy + ay + by) / 3
        return min(self.hex_polygon(h), key=lambda p: (p[0] - gx) ** 2 + (p[1] - gy) ** 2)

    def edge_segment(self, a: Hex, b: Hex) -> tuple[Point, Point]:
        """The pixel segment of the side between adjacent hexes `a` and `b`."""
        d = a.direction_to(b)
        if d is None:
            raise ValueError(f"{a} and {b} are not adjacent")
        return (self.corner_point(a, d), self.corner_point(a, d + 1))

    def _fractional_hex(self, x: float, y: float) -> tuple[float, float]:
        """Invert the (linear) centre mapping: fractional cube (q, r) of a pixel."""
        make = _Hex or _hex_class()
        c0 = self.hex_centre(make(0, 0))
        cq = self.hex_centre(make(1, 0))
        cr = self.hex_centre(make(0, 1))
        ux, uy = cq[0] - c0[0], cq[1] - c0[1]
        vx, vy = cr[0] - c0[0], cr[1] - c0[1]
        dx, dy = x - c0[0], y - c0[1]
        det = ux * vy - uy * vx
        return ((dx * vy - dy * vx) / det, (ux * dy - uy * dx) / det)

    def pixel_to_hex(self, x: float, y: float) -> Hex:
        """The hex whose Tiled outline contains map pixel (x, y).

        The outlines of a Tiled grid tile the plane, so exactly one contains any point
        that is not on a border; on a border, the first candidate in a fixed order wins.
        """
        from dragonnoir.hexmap.hexes import hex_round

        guess = hex_round(*self._fractional_hex(x, y))
        for h in (guess, *guess.neighbours()):
            if point_in_convex(self.hex_polygon(h), x, y):
                return h
        return guess

    def pixel_to_cell(self, x: float, y: float) -> tuple[int, int]:
        return self.to_cell(self.pixel_to_hex(x, y))


def point_in_convex(poly: Sequence[Point], x: float, y: float) -> bool:
    """Whether (x, y) is inside the convex polygon `poly` or on its outline (the point
    is on the same side of every edge; either winding)."""
    sign = 0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if cross != 0:
            s = 1 if cross > 0 else -1
            if sign == 0:
                sign = s
            elif s != sign:
                return False
    return True
