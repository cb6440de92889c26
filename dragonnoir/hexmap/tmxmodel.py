"""A plain, lossless model of a Tiled TMX hexagonal map: what `tmx.read_tmx` returns and
`tmx.write_tmx` writes.

Why our own model instead of pytmx's objects: pytmx has no writer, drops information the
writer needs (raw flip bits, layer nesting) and has known bugs on hex maps (see
HEX-AND-TMX notes). The reader uses pytmx to parse, repairs what it gets wrong, and fills
this model; everything else (boards, the generic renderer, the exporter) reads this model.
No pygame here: images are referenced by path only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from dragonnoir.hexmap.tiled import HexGrid, StaggerAxis, StaggerIndex

# Tiled's flag bits on a global tile id (gid). On hexagonal maps the third and fourth
# bits mean "rotate 60 degrees" and "rotate 120 degrees" clockwise; Tiled flips first,
# then rotates.
FLIP_H = 0x80000000
FLIP_V = 0x40000000
ROT_60 = 0x20000000  # also "flip diagonally" on orthogonal maps
ROT_120 = 0x10000000
GID_MASK = 0x0FFFFFFF
ALL_FLAGS = FLIP_H | FLIP_V | ROT_60 | ROT_120

PropertyValue = str | int | float | bool
PropertyType = Literal["string", "int", "float", "bool", "color", "file", "object", "class"]


@dataclass(frozen=True, slots=True)
class Property:
    """A custom property as Tiled stores it: its value and its declared type.

    `property_type` is Tiled's `propertytype` (the name of a custom enum or class type,
    "" for plain properties). A `type="class"` property has `value == ""` and its
    `members` as written in the file (members left at their defaults are not in the
    file; their defaults live in the Tiled project, which we do not read).
    """

    value: PropertyValue
    type: PropertyType = "string"
    property_type: str = ""
    members: Properties | None = None


Properties = dict[str, Property]


def prop_values(props: Properties) -> dict[str, PropertyValue]:
    """The values of a property dict, without their types."""
    return {k: p.value for k, p in props.items()}


@dataclass(frozen=True, slots=True)
class CellFlags:
    """The four flag bits of a raw gid, decoded."""

    flip_h: bool = False
    flip_v: bool = False
    rot_60: bool = False
    rot_120: bool = False

    @property
    def any(self) -> bool:
        return self.flip_h or self.flip_v or self.rot_60 or self.rot_120

    def bits(self) -> int:
        return (
            (FLIP_H if self.flip_h else 0)
            | (FLIP_V if self.flip_v else 0)
            | (ROT_60 if self.rot_60 else 0)
            | (ROT_120 if self.rot_120 else 0)
        )


def decode_gid(raw: int) -> tuple[int, CellFlags]:
    """Split a raw 32-bit gid into the tile gid and its flags."""
    return (
        raw & GID_MASK,
        CellFlags(
            flip_h=bool(raw & FLIP_H),
            flip_v=bool(raw & FLIP_V),
            rot_60=bool(raw & ROT_60),
            rot_120=bool(raw & ROT_120),
        ),
    )


def encode_gid(gid: int, flags: CellFlags | None = None) -> int:
    return gid | (flags.bits() if flags else 0)


@dataclass(frozen=True, slots=True)
class ImageRef:
    """An image file referenced by a map or tileset, resolved to an absolute path.

    `source` keeps the text as written in the file, so writing it back is lossless.
    """

    path: Path
    source: str
    width: int
    height: int
    trans: str | None = None


@dataclass(slots=True)
class Tile:
    """Per-tile data in a tileset: properties, and its own image in an image collection."""

    id: int
    properties: Properties = field(default_factory=dict)
    image: ImageRef | None = None
    type: str = ""
    animation: list[tuple[int, int]] = field(default_factory=list)  # (tile id, duration ms)
    objects: ObjectLayer | None = None  # collision shapes drawn in Tiled's collision editor


@dataclass(slots=True)
class Tileset:
    """A tileset as used by one map: embedded, or external (`source` names the .tsx)."""

    first_gid: int
    name: str
    tile_width: int
    tile_height: int
    tile_count: int
    columns: int
    spacing: int = 0
    margin: int = 0
    tile_offset: tuple[int, int] = (0, 0)
    image: ImageRef | None = None
    tiles: dict[int, Tile] = field(default_factory=dict)
    properties: Properties = field(default_factory=dict)
    source: str | None = None  # as written in the map's <tileset source="...">
    source_path: Path | None = None  # resolved .tsx path when external

    def contains(self, gid: int) -> bool:
        if self.image is None and self.tiles:
            # Image collection: tile ids may have gaps (deleted tiles), so only ids that
            # have an image exist.
            tile = self.tiles.get(gid - self.first_gid)
            return tile is not None and tile.image is not None
        return self.first_gid <= gid < self.first_gid + max(self.tile_count, 1)

    def image_rect(self, local_id: int) -> tuple[int, int, int, int]:
        """(x, y, w, h) of a tile inside the tileset image (for single-image tilesets)."""
        cols = max(self.columns, 1)
        x = self.margin + (local_id % cols) * (self.tile_width + self.spacing)
        y = self.margin + (local_id // cols) * (self.tile_height + self.spacing)
        return (x, y, self.tile_width, self.tile_height)


@dataclass(slots=True)
class TileLayer:
    """A finite tile layer: `data[row][col]` is a raw gid with its flag bits (0 = empty)."""

    name: str
    width: int
    height: int
    data: list[list[int]]
    id: int = 0
    visible: bool = True
    opacity: float = 1.0
    offset: tuple[float, float] = (0.0, 0.0)
    properties: Properties = field(default_factory=dict)
    tint: str | None = None

    def gid_at(self, col: int, row: int) -> int:
        return self.data[row][col] & GID_MASK


ObjectShape = Literal["rectangle", "ellipse", "point", "polygon", "polyline", "tile", "text"]


@dataclass(slots=True)
class MapObject:
    """An object of an object layer. `points` are relative to (x, y), as in the TMX."""

    id: int
    x: float
    y: float
    shape: ObjectShape = "rectangle"
    name: str = ""
    type: str = ""  # Tiled <= 1.8 "type", Tiled >= 1.9 "class"
    width: float = 0.0
    height: float = 0.0
    rotation: float = 0.0
    visible: bool = True
    points: list[tuple[float, float]] = field(default_factory=list)
    gid: int = 0
    text: str = ""
    # Attributes of a text object's <text> element as written (fontfamily, pixelsize,
    # wrap, color, bold, italic, underline, strikeout, kerning, halign, valign).
    text_attributes: dict[str, str] = field(default_factory=dict)
    properties: Properties = field(default_factory=dict)

    def absolute_points(self) -> list[tuple[float, float]]:
        return [(self.x + px, self.y + py) for px, py in self.points]


@dataclass(slots=True)
class ObjectLayer:
    name: str
    objects: list[MapObject]
    id: int = 0
    visible: bool = True
    opacity: float = 1.0
    offset: tuple[float, float] = (0.0, 0.0)
    color: str | None = None
    properties: Properties = field(default_factory=dict)
    draw_order: str = "topdown"  # Tiled's draworder: "topdown" or "index"


@dataclass(slots=True)
class ImageLayer:
    name: str
    image: ImageRef | None
    id: int = 0
    visible: bool = True
    opacity: float = 1.0
    offset: tuple[float, float] = (0.0, 0.0)
    properties: Properties = field(default_factory=dict)
    # Tiled 1.8's repeatx/repeaty: the image repeats across the whole map that way.
    repeat_x: bool = False
    repeat_y: bool = False


Layer = TileLayer | ObjectLayer | ImageLayer


@dataclass(slots=True)
class TmxMap:
    """A finite hexagonal map. Layers are in drawing order; group layers have been
    flattened into this list (their offsets, opacity and visibility folded in)."""

    path: Path | None
    width: int
    height: int
    grid: HexGrid
    tilesets: list[Tileset] = field(default_factory=list)
    layers: list[Layer] = field(default_factory=list)
    properties: Properties = field(default_factory=dict)
    orientation: str = "hexagonal"
    render_order: str = "right-down"
    background_color: str | None = None
    version: str = "1.8"
    tiled_version: str = "1.8.2"
    next_layer_id: int = 1
    next_object_id: int = 1
    # tilewidth/tileheight exactly as in the file when they differ from the grid's: Tiled
    # 1.8 rounds odd tile sizes down to even numbers when it draws a hex map, and `grid`
    # holds the rounded sizes so that our pixels match its renders. None when equal.
    file_tile_size: tuple[int, int] | None = None
    # The `tiledversion` the file was saved with ("" when it names none). Not part of
    # the map (equality ignores it, the writer writes 1.8.2): it says which Tiled's
    # layout a render follows when tile sizes are odd (render/tmx_draw.py).
    saved_by: str = field(default="", compare=False)

    @property
    def stagger_axis(self) -> StaggerAxis:
        return self.grid.stagger_axis

    @property
    def stagger_index(self) -> StaggerIndex:
        return self.grid.stagger_index

    def pixel_size(self) -> tuple[int, int]:
        return self.grid.map_pixel_size(self.width, self.height)

    def tileset_for(self, gid: int) -> Tileset | None:
        """The tileset holding `gid` (flags already stripped), or None."""
        found: Tileset | None = None
        for ts in self.tilesets:
            if ts.first_gid <= gid:
                found = ts
        if found is None or not found.contains(gid):
            return None
        return found

    def tile_layers(self) -> list[TileLayer]:
        return [layer for layer in self.layers if isinstance(layer, TileLayer)]

    def object_layers(self) -> list[ObjectLayer]:
        return [layer for layer in self.layers if isinstance(layer, ObjectLayer)]

    def layer(self, name: str) -> Layer | None:
        for layer in self.layers:
            if layer.name == name:
                return layer
        return None
