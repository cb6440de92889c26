"""A plain, lossless model of a Tiled TMX hexagonal map: what `tmx.read_tmx` returns and
`tmx.write_tmx` writes.

Why our own model instead of pytmx's objects: pytmx has no writer, drops information the
writer needs (raw flip bits, layer nesting) and has known bugs on hex maps (see
HEX-AND-TMX notes). The reader uses pytmx to parse, repairs what it gets wrong, and fills
this model; everything else (boards, the generic renderer, the exporter) reads this model.
No pygame here: images are referenced by path only.

The classes are `records.Record`s (`FrozenRecord` for the immutable values), not
dataclasses: the same equality, repr and `replace`, without compiling every class at
each import (see `records.py`; this module is on the path of every map read).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from dragonnoir.hexmap.records import FrozenRecord, Record
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


class Property(FrozenRecord):
    """A custom property as Tiled stores it: its value and its declared type.

    `property_type` is Tiled's `propertytype` (the name of a custom enum or class type,
    "" for plain properties). A `type="class"` property has `value == ""` and its
    `members` as written in the file (members left at their defaults are not in the
    file; their defaults live in the Tiled project, which we do not read).
    """

    __slots__ = ("members", "property_type", "type", "value")
    value: PropertyValue
    type: PropertyType
    property_type: str
    members: Properties | None

    def __init__(
        self,
        value: PropertyValue,
        type: PropertyType = "string",
        property_type: str = "",
        members: Properties | None = None,
    ) -> None:
        set_ = object.__setattr__
        set_(self, "value", value)
        set_(self, "type", type)
        set_(self, "property_type", property_type)
        set_(self, "members", members)


Properties = dict[str, Property]


def prop_values(props: Properties) -> dict[str, PropertyValue]:
    """The values of a property dict, without their types."""
    return {k: p.value for k, p in props.items()}


class CellFlags(FrozenRecord):
    """The four flag bits of a raw gid, decoded."""

    __slots__ = ("flip_h", "flip_v", "rot_60", "rot_120")
    flip_h: bool
    flip_v: bool
    rot_60: bool
    rot_120: bool

    def __init__(
        self,
        flip_h: bool = False,
        flip_v: bool = False,
        rot_60: bool = False,
        rot_120: bool = False,
    ) -> None:
        set_ = object.__setattr__
        set_(self, "flip_h", flip_h)
        set_(self, "flip_v", flip_v)
        set_(self, "rot_60", rot_60)
        set_(self, "rot_120", rot_120)

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


class ImageRef(FrozenRecord):
    """An image file referenced by a map or tileset, resolved to an absolute path.

    `source` keeps the text as written in the file, so writing it back is lossless.
    """

    __slots__ = ("height", "path", "source", "trans", "width")
    path: Path
    source: str
    width: int
    height: int
    trans: str | None

    def __init__(
        self, path: Path, source: str, width: int, height: int, trans: str | None = None
    ) -> None:
        set_ = object.__setattr__
        set_(self, "path", path)
        set_(self, "source", source)
        set_(self, "width", width)
        set_(self, "height", height)
        set_(self, "trans", trans)


class Tile(Record):
    """Per-tile data in a tileset: properties, and its own image in an image collection."""

    __slots__ = ("animation", "id", "image", "objects", "properties", "type")
    id: int
    properties: Properties
    image: ImageRef | None
    type: str
    animation: list[tuple[int, int]]  # (tile id, duration ms)
    objects: ObjectLayer | None  # collision shapes drawn in Tiled's collision editor

    def __init__(
        self,
        id: int,
        properties: Properties | None = None,
        image: ImageRef | None = None,
        type: str = "",
        animation: list[tuple[int, int]] | None = None,
        objects: ObjectLayer | None = None,
    ) -> None:
        self.id = id
        self.properties = {} if properties is None else properties
        self.image = image
        self.type = type
        self.animation = [] if animation is None else animation
        self.objects = objects


class Tileset(Record):
    """A tileset as used by one map: embedded, or external (`source` names the .tsx)."""

    __slots__ = (
        "columns",
        "first_gid",
        "image",
        "margin",
        "name",
        "properties",
        "source",
        "source_path",
        "spacing",
        "tile_count",
        "tile_height",
        "tile_offset",
        "tile_width",
        "tiles",
    )
    first_gid: int
    name: str
    tile_width: int
    tile_height: int
    tile_count: int
    columns: int
    spacing: int
    margin: int
    tile_offset: tuple[int, int]
    image: ImageRef | None
    tiles: dict[int, Tile]
    properties: Properties
    source: str | None  # as written in the map's <tileset source="...">
    source_path: Path | None  # resolved .tsx path when external

    def __init__(
        self,
        first_gid: int,
        name: str,
        tile_width: int,
        tile_height: int,
        tile_count: int,
        columns: int,
        spacing: int = 0,
        margin: int = 0,
        tile_offset: tuple[int, int] = (0, 0),
        image: ImageRef | None = None,
        tiles: dict[int, Tile] | None = None,
        properties: Properties | None = None,
        source: str | None = None,
        source_path: Path | None = None,
    ) -> None:
        self.first_gid = first_gid
        self.name = name
        self.tile_width = tile_width
        self.tile_height = tile_height
        self.tile_count = tile_count
        self.columns = columns
        self.spacing = spacing
        self.margin = margin
        self.tile_offset = tile_offset
        self.image = image
        self.tiles = {} if tiles is None else tiles
        self.properties = {} if properties is None else properties
        self.source = source
        self.source_path = source_path

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


class TileLayer(Record):
    """A finite tile layer: `data[row][col]` is a raw gid with its flag bits (0 = empty)."""

    __slots__ = (
        "data",
        "height",
        "id",
        "name",
        "offset",
        "opacity",
        "properties",
        "tint",
        "visible",
        "width",
    )
    name: str
    width: int
    height: int
    data: list[list[int]]
    id: int
    visible: bool
    opacity: float
    offset: tuple[float, float]
    properties: Properties
    tint: str | None

    def __init__(
        self,
        name: str,
        width: int,
        height: int,
        data: list[list[int]],
        id: int = 0,
        visible: bool = True,
        opacity: float = 1.0,
        offset: tuple[float, float] = (0.0, 0.0),
        properties: Properties | None = None,
        tint: str | None = None,
    ) -> None:
        self.name = name
        self.width = width
        self.height = height
        self.data = data
        self.id = id
        self.visible = visible
        self.opacity = opacity
        self.offset = offset
        self.properties = {} if properties is None else properties
        self.tint = tint

    def gid_at(self, col: int, row: int) -> int:
        return self.data[row][col] & GID_MASK


ObjectShape = Literal["rectangle", "ellipse", "point", "polygon", "polyline", "tile", "text"]


class MapObject(Record):
    """An object of an object layer. `points` are relative to (x, y), as in the TMX."""

    __slots__ = (
        "gid",
        "height",
        "id",
        "name",
        "points",
        "properties",
        "rotation",
        "shape",
        "text",
        "text_attributes",
        "type",
        "visible",
        "width",
        "x",
        "y",
    )
    id: int
    x: float
    y: float
    shape: ObjectShape
    name: str
    type: str  # Tiled <= 1.8 "type", Tiled >= 1.9 "class"
    width: float
    height: float
    rotation: float
    visible: bool
    points: list[tuple[float, float]]
    gid: int
    text: str
    # Attributes of a text object's <text> element as written (fontfamily, pixelsize,
    # wrap, color, bold, italic, underline, strikeout, kerning, halign, valign).
    text_attributes: dict[str, str]
    properties: Properties

    def __init__(
        self,
        id: int,
        x: float,
        y: float,
        shape: ObjectShape = "rectangle",
        name: str = "",
        type: str = "",
        width: float = 0.0,
        height: float = 0.0,
        rotation: float = 0.0,
        visible: bool = True,
        points: list[tuple[float, float]] | None = None,
        gid: int = 0,
        text: str = "",
        text_attributes: dict[str, str] | None = None,
        properties: Properties | None = None,
    ) -> None:
        self.id = id
        self.x = x
        self.y = y
        self.shape = shape
        self.name = name
        self.type = type
        self.width = width
        self.height = height
        self.rotation = rotation
        self.visible = visible
        self.points = [] if points is None else points
        self.gid = gid
        self.text = text
        self.text_attributes = {} if text_attributes is None else text_attributes
        self.properties = {} if properties is None else properties

    def absolute_points(self) -> list[tuple[float, float]]:
        return [(self.x + px, self.y + py) for px, py in self.points]


class ObjectLayer(Record):
    __slots__ = (
        "color",
        "draw_order",
        "id",
        "name",
        "objects",
        "offset",
        "opacity",
        "properties",
        "visible",
    )
    name: str
    objects: list[MapObject]
    id: int
    visible: bool
    opacity: float
    offset: tuple[float, float]
    color: str | None
    properties: Properties
    draw_order: str  # Tiled's draworder: "topdown" or "index"

    def __init__(
        self,
        name: str,
        objects: list[MapObject],
        id: int = 0,
        visible: bool = True,
        opacity: float = 1.0,
        offset: tuple[float, float] = (0.0, 0.0),
        color: str | None = None,
        properties: Properties | None = None,
        draw_order: str = "topdown",
    ) -> None:
        self.name = name
        self.objects = objects
        self.id = id
        self.visible = visible
        self.opacity = opacity
        self.offset = offset
        self.color = color
        self.properties = {} if properties is None else properties
        self.draw_order = draw_order


class ImageLayer(Record):
    __slots__ = (
        "id",
        "image",
        "name",
        "offset",
        "opacity",
        "properties",
        "repeat_x",
        "repeat_y",
        "visible",
    )
    name: str
    image: ImageRef | None
    id: int
    visible: bool
    opacity: float
    offset: tuple[float, float]
    properties: Properties
    # Tiled 1.8's repeatx/repeaty: the image repeats across the whole map that way.
    repeat_x: bool
    repeat_y: bool

    def __init__(
        self,
        name: str,
        image: ImageRef | None,
        id: int = 0,
        visible: bool = True,
        opacity: float = 1.0,
        offset: tuple[float, float] = (0.0, 0.0),
        properties: Properties | None = None,
        repeat_x: bool = False,
        repeat_y: bool = False,
    ) -> None:
        self.name = name
        self.image = image
        self.id = id
        self.visible = visible
        self.opacity = opacity
        self.offset = offset
        self.properties = {} if properties is None else properties
        self.repeat_x = repeat_x
        self.repeat_y = repeat_y


Layer = TileLayer | ObjectLayer | ImageLayer


class TmxMap(Record):
    """A finite hexagonal map. Layers are in drawing order; group layers have been
    flattened into this list (their offsets, opacity and visibility folded in)."""

    __slots__ = (
        "background_color",
        "file_tile_size",
        "grid",
        "height",
        "layers",
        "next_layer_id",
        "next_object_id",
        "orientation",
        "path",
        "properties",
        "render_order",
        "saved_by",
        "tiled_version",
        "tilesets",
        "version",
        "width",
    )
    _uncompared = frozenset({"saved_by"})
    path: Path | None
    width: int
    height: int
    grid: HexGrid
    tilesets: list[Tileset]
    layers: list[Layer]
    properties: Properties
    orientation: str
    render_order: str
    background_color: str | None
    version: str
    tiled_version: str
    next_layer_id: int
    next_object_id: int
    # tilewidth/tileheight exactly as in the file when they differ from the grid's: Tiled
    # does not lay a hex map out with odd tile sizes as written (1.8 rounds them down to
    # even), and `grid` holds the sizes it lays the map out with (`HexGrid.from_tmx`), so
    # that our pixels match its renders. None when equal.
    file_tile_size: tuple[int, int] | None
    # The `tiledversion` the file was saved with ("" when it names none). Not part of
    # the map (equality ignores it, the writer writes 1.8.2): it says which Tiled's
    # layout `grid` follows when tile sizes are odd, and the writer writes it instead of
    # 1.8.2 when that layout is not 1.8's, to keep it.
    saved_by: str

    def __init__(
        self,
        path: Path | None,
        width: int,
        height: int,
        grid: HexGrid,
        tilesets: list[Tileset] | None = None,
        layers: list[Layer] | None = None,
        properties: Properties | None = None,
        orientation: str = "hexagonal",
        render_order: str = "right-down",
        background_color: str | None = None,
        version: str = "1.8",
        tiled_version: str = "1.8.2",
        next_layer_id: int = 1,
        next_object_id: int = 1,
        file_tile_size: tuple[int, int] | None = None,
        saved_by: str = "",
    ) -> None:
        self.path = path
        self.width = width
        self.height = height
        self.grid = grid
        self.tilesets = [] if tilesets is None else tilesets
        self.layers = [] if layers is None else layers
        self.properties = {} if properties is None else properties
        self.orientation = orientation
        self.render_order = render_order
        self.background_color = background_color
        self.version = version
        self.tiled_version = tiled_version
        self.next_layer_id = next_layer_id
        self.next_object_id = next_object_id
        self.file_tile_size = file_tile_size
        self.saved_by = saved_by

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
