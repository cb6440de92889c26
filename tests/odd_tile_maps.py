"""Our own hexagonal maps with odd tile sizes (issue 48), for comparing with Tiled.

Tiled's hexagonal renderer does not lay a map out with the tile size written in the file
when it is odd (`HexGrid.from_tmx`, docs/map-format.md), so these maps cover what the
corpus barely does: odd tile widths, odd tile heights and both, odd and even
`hexsidelength`, on both stagger axes and both stagger indexes; the maps one column or
one row wide whose pixel size Tiled works out differently; a flat-top map so wide that
Tiled 1.8 leaves its last column out, and tiles larger than the grid, with a tile offset,
which move where Tiled's drawing starts (`hexmap/tiled_walk.py`). Each map has one tile
layer over a tileset of seven flat-coloured hexes with a dark outline, drawn at the
tileset's tile size (the map's unless `art` says otherwise: so Tiled draws each tile a
pixel larger than the rounded grid, as it does any map with odd sizes); the colours
follow `3 * col + 5 * row` modulo seven, so no two neighbouring cells share one and a row
or column laid out a pixel off shows.

The files are in `tests/data/tmx/odd/` and are exactly what `write_odd_maps` writes
(`tests/hexmap/test_odd_tile_maps.py` checks it): to change them, change this module and
run `python tests/odd_tile_maps.py`. Pure Python (PNG written with zlib): no pygame.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import Literal, NamedTuple

REPO = Path(__file__).resolve().parents[1]
ODD_DIR = REPO / "tests" / "data" / "tmx" / "odd"

#: The tiles' colours (RGB); a tile's outline is its colour halved.
COLOURS = (
    (220, 60, 50),
    (60, 170, 70),
    (60, 90, 210),
    (230, 200, 40),
    (170, 70, 200),
    (40, 190, 200),
    (240, 140, 40),
)


class OddMap(NamedTuple):
    """One test map: the `<map>` attributes that matter for the geometry, and the size
    and offset of its tileset's tiles (`art`: None for the map's tile size)."""

    stagger_axis: Literal["x", "y"]
    stagger_index: Literal["odd", "even"]
    tile_width: int
    tile_height: int
    side: int
    width: int
    height: int
    art: tuple[int, int] | None = None
    offset: tuple[int, int] = (0, 0)

    @property
    def art_size(self) -> tuple[int, int]:
        return self.art or (self.tile_width, self.tile_height)

    @property
    def name(self) -> str:
        name = (
            f"{self.stagger_axis}-{self.stagger_index}-{self.tile_width}x{self.tile_height}"
            f"-side{self.side}-{self.width}x{self.height}"
        )
        if self.art:
            name += f"-tiles{self.art[0]}x{self.art[1]}"
        if self.offset != (0, 0):
            name += f"-offset{self.offset[0]}_{self.offset[1]}"
        return name

    @property
    def image_name(self) -> str:
        w, h = self.art_size
        return f"hexes-{self.stagger_axis}-{w}x{h}-side{self.side}.png"


ODD_MAPS = (
    # Pointy-top (stagger axis y): odd width; odd height; both odd.
    OddMap("y", "odd", 33, 38, 19, 7, 9),
    OddMap("y", "odd", 32, 37, 18, 8, 6),
    OddMap("y", "odd", 35, 41, 20, 6, 7),
    OddMap("y", "even", 31, 36, 16, 7, 8),
    OddMap("y", "even", 30, 35, 15, 6, 9),
    OddMap("y", "even", 29, 33, 13, 9, 5),
    # Flat-top (stagger axis x).
    OddMap("x", "odd", 39, 34, 19, 9, 7),
    OddMap("x", "odd", 40, 33, 20, 8, 8),
    OddMap("x", "odd", 41, 35, 21, 5, 6),
    OddMap("x", "even", 37, 32, 16, 7, 7),
    OddMap("x", "even", 36, 31, 17, 6, 5),
    OddMap("x", "even", 35, 35, 15, 8, 9),
    # One row of pointy-top hexes, one column of flat-top ones: Tiled adds no half tile.
    OddMap("y", "odd", 27, 31, 13, 6, 1),
    OddMap("x", "even", 31, 27, 15, 1, 6),
    # 90 columns drifting a pixel every two (width less side odd): the last is not drawn.
    OddMap("x", "odd", 39, 34, 19, 90, 3),
    # Tiles larger than the grid, offset: Tiled starts drawing a column pair earlier.
    OddMap("x", "even", 39, 34, 19, 9, 6, art=(51, 47), offset=(7, -4)),
    OddMap("y", "odd", 34, 39, 19, 9, 6, art=(47, 51), offset=(-5, 3)),
)


def gid_at(col: int, row: int) -> int:
    """The tile of cell (col, row): neighbours on any hex grid differ (their steps in
    `3 * col + 5 * row` are 3, 5, 2 or 8, none a multiple of seven)."""
    return 1 + (3 * col + 5 * row) % len(COLOURS)


def _hexagon(spec: OddMap) -> list[tuple[float, float]]:
    """The tile's hexagon in image coordinates, at the size the file declares."""
    w, h = (float(n) for n in spec.art_size)
    if spec.stagger_axis == "y":
        q = (h - spec.side) / 2
        return [(w / 2, 0.0), (w, q), (w, h - q), (w / 2, h), (0.0, h - q), (0.0, q)]
    q = (w - spec.side) / 2
    return [(q, 0.0), (w - q, 0.0), (w, h / 2), (w - q, h), (q, h), (0.0, h / 2)]


def _inside(poly: list[tuple[float, float]], x: float, y: float) -> bool:
    """Whether (x, y) is strictly inside the clockwise convex polygon `poly`."""
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1) <= 0:
            return False
    return True


def tile_pixels(spec: OddMap) -> list[list[bool | None]]:
    """Per pixel of one tile: None outside the hexagon, True on its outline (a pixel
    inside with a 4-neighbour outside), False within."""
    poly = _hexagon(spec)
    w, h = spec.art_size
    inside = [[_inside(poly, x + 0.5, y + 0.5) for x in range(w)] for y in range(h)]

    def out(x: int, y: int) -> bool:
        return not (0 <= x < w and 0 <= y < h and inside[y][x])

    return [
        [
            (out(x - 1, y) or out(x + 1, y) or out(x, y - 1) or out(x, y + 1))
            if inside[y][x]
            else None
            for x in range(w)
        ]
        for y in range(h)
    ]


def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    """An 8-bit RGBA PNG of `rows` (each `4 * width` bytes), filter 0, deterministic."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + row for row in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def tileset_png(spec: OddMap) -> bytes:
    """The seven tiles side by side, at the tile size the map declares."""
    shape = tile_pixels(spec)
    rows = []
    for line in shape:
        row = bytearray()
        for r, g, b in COLOURS:
            for edge in line:
                if edge is None:
                    row += b"\x00\x00\x00\x00"
                elif edge:
                    row += bytes((r // 2, g // 2, b // 2, 255))
                else:
                    row += bytes((r, g, b, 255))
        rows.append(bytes(row))
    w, h = spec.art_size
    return _png(w * len(COLOURS), h, rows)


def tmx_text(spec: OddMap) -> str:
    """The map as Tiled 1.8.2 saves one (CSV data)."""
    data = ",\n".join(
        ",".join(str(gid_at(col, row)) for col in range(spec.width)) for row in range(spec.height)
    )
    n = len(COLOURS)
    art_w, art_h = spec.art_size
    x, y = spec.offset
    offset = f'  <tileoffset x="{x}" y="{y}"/>\n' if spec.offset != (0, 0) else ""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" '
        f'renderorder="right-down" width="{spec.width}" height="{spec.height}" '
        f'tilewidth="{spec.tile_width}" tileheight="{spec.tile_height}" infinite="0" '
        f'hexsidelength="{spec.side}" staggeraxis="{spec.stagger_axis}" '
        f'staggerindex="{spec.stagger_index}" nextlayerid="2" nextobjectid="1">\n'
        f' <tileset firstgid="1" name="hexes" tilewidth="{art_w}" '
        f'tileheight="{art_h}" tilecount="{n}" columns="{n}">\n'
        f"{offset}"
        f'  <image source="{spec.image_name}" width="{art_w * n}" height="{art_h}"/>\n'
        " </tileset>\n"
        f' <layer id="1" name="hexes" width="{spec.width}" height="{spec.height}">\n'
        '  <data encoding="csv">\n'
        f"{data}\n"
        "</data>\n"
        " </layer>\n"
        "</map>\n"
    )


def odd_map_files() -> dict[str, bytes]:
    """File name -> contents of every map and tileset image."""
    files: dict[str, bytes] = {}
    for spec in ODD_MAPS:
        files[f"{spec.name}.tmx"] = tmx_text(spec).encode("utf-8")
        files[spec.image_name] = tileset_png(spec)
    return files


def write_odd_maps(folder: Path = ODD_DIR) -> list[Path]:
    """Write the maps and their tileset images into `folder`; the maps' paths."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in odd_map_files().items():
        (folder / name).write_bytes(content)
    return [folder / f"{spec.name}.tmx" for spec in ODD_MAPS]


if __name__ == "__main__":
    for path in write_odd_maps():
        print(path.relative_to(REPO))
