"""Read and write Tiled TMX hexagonal maps and TSX tilesets (the `tmxmodel` data model).

Reading
-------
`read_tmx` uses pytmx 3.32 as the parser of the map, as the project requires:
`pytmx.TiledMap` parses the map element and its attributes, the tilesets, every layer
and group with its attributes (name, size, visibility, opacity) and the objects (custom
properties are read here, see below). The tile layer data (csv, base64, base64+zlib,
base64+gzip) is decoded here, once per layer, with pytmx's own decoder
`pytmx.unpack_gids` (what pytmx calls inside `TiledTileLayer.parse_xml`); pytmx is
handed each layer with a stub `<data>` of one empty cell instead. Why: given the real
data, pytmx registers every gid of every cell in its own gid table
(`register_gid_check_flags`, about a third of its parse of our boards) and keeps only
that table's numbers, with three of the four flag bits stripped into it, while we need
the raw values with all four bits (see below): calling its decoder directly gives them
without that cost.
The map file is also read with `xml.etree.ElementTree`, for three reasons:

* to refuse, with one clear line, what we do not support (non-hexagonal orientation,
  infinite maps, zstd or unknown data encodings, object templates, parallax, ...) and to
  report broken XML with its line and column, before pytmx turns them into a traceback;
* to hand pytmx a *sanitised* tree it can digest (the map's own tree, changed in place
  while pytmx reads it and put back afterwards): external tilesets inlined
  (pytmx would re-read the .tsx itself and crash on class properties), all custom
  properties removed (read here instead), fractional `offsetx`/`offsety` removed (pytmx
  casts them with `int()` and fails), each tile layer's `<data>` (already decoded)
  swapped for the stub `<data encoding="csv">0</data>` (legacy XML `<tile gid>` data
  too, which pytmx refuses), tile collision groups and animations removed (pytmx's
  `.//objectgroup` would take them for layers). Encoded data pytmx would refuse though
  `unpack_gids` reads it (no text at all, `<tile>` children beside the text) is not
  stubbed: pytmx fails on it with its own message;
* to repair what pytmx gets wrong or loses:

  - raw gids keep all four flag bits (pytmx strips three flags into its own gid table
    and does not clear the 120-degree bit 0x10000000, giving a huge gid with no tile):
    `TileLayer.data` holds the raw values `pytmx.unpack_gids` decodes, masked to 32 bits
    (legacy XML data: the `gid` attributes, read here). Every layer is decoded in
    document order before the rest of the map is checked and before pytmx parses it, so
    the first broken layer is the one reported, by name;
  - property types (pytmx returns bare values; it also fails on class-typed
    properties and on property names that clash with attribute names): read from the
    XML, class-typed properties kept with their members as written;
  - fractional layer offsets, read as floats;
  - group layers: pytmx lists groups, tile layers, image layers and object groups
    separately, losing the drawing order; we walk the XML and flatten groups into
    `TmxMap.layers` in drawing order, adding group offsets, multiplying opacities and
    and-ing visibility into the children;
  - object shapes (pytmx does not tell rectangle, ellipse, point and text apart, makes
    polygon points absolute, recomputes polygon width/height and moves tile objects up
    by their height): read from the XML;
  - image layer `visible`/`opacity` (pytmx keeps them as strings, so "0" is true),
    object group `draworder` (pytmx defaults to "index", Tiled to "topdown"),
    `tileoffset` (strings in pytmx), image paths of external tilesets (pytmx rewrites
    them relative to the map; we keep `source` as written and resolve `path`);
  - missing `staggeraxis`/`staggerindex` default to Tiled's "y"/"odd" (pytmx: None);
  - missing `columns`/`tilecount` are computed from the image as Tiled does;
  - per-tile images of image-collection tilesets, tile animations and collision
    shapes, image layers and their image sizes, map properties.

External tilesets are read once per process and path (`_TSX_CACHE`): a map sharing a
.tsx with a map read before gets its own copy of the tileset model, as long as the .tsx
bytes are the same and its images have the same stat stamps; otherwise the .tsx is read
again.

Odd tile sizes: Tiled does not lay a hex map out with an odd `tilewidth` or `tileheight`
as written (`tiled.drawn_tile_size`: 1.8, the `tmxrasterizer` we compare renders with,
rounds them down to even). The map's `HexGrid` is the one Tiled lays it out on
(`HexGrid.from_tmx`, which reads the file's `tiledversion`), and the sizes as written are
kept in `TmxMap.file_tile_size` for the writer.

Editor-only data that does not change the map is dropped on reading: `locked`,
`compressionlevel`, tile `probability` and `terrain`, tileset `<grid>`, `<wangsets>`,
`<terraintypes>`, `<transformations>` and map `<editorsettings>`. Class-typed
properties keep the members written in the file; defaults from a `.tiled-project` file
are not resolved. The `version`/`tiledversion` of the file are not written back: the
model holds the version we write (1.8 / 1.8.2), and the file's `tiledversion` only as
`TmxMap.saved_by`, which says how odd tile sizes are laid out (the writer writes it back
only when that layout is not 1.8's). Anything else we do not model is refused with a
`MapFormatError` naming the file, the feature and the element, never dropped silently.

Writing
-------
`write_tmx` and `write_tsx` write files in Tiled 1.8's format (CSV layer data with raw
gids and flags, typed properties sorted by name, all object shapes). Output is
deterministic and written atomically (temp file in the same folder, then `os.replace`).
Relative `source` paths are written as they were read when they still point at the
same file from the new location, otherwise recomputed relative to it.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import itertools
import math
import os
import re
import stat
import struct
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Final, cast

from dragonnoir.errors import MapFormatError
from dragonnoir.hexmap.tiled import HexGrid, StaggerAxis, StaggerIndex
from dragonnoir.hexmap.tmxmodel import (
    GID_MASK,
    ImageLayer,
    ImageRef,
    Layer,
    MapObject,
    ObjectLayer,
    ObjectShape,
    Properties,
    Property,
    PropertyType,
    PropertyValue,
    Tile,
    TileLayer,
    Tileset,
    TmxMap,
)
from dragonnoir.safe_read import (
    MAX_MAP_BYTES,
    MAX_NESTING,
    file_problem,
    name_problem,
    quoted,
    read_bytes,
)
from dragonnoir.safe_write import write_bytes

__all__ = ["read_tmx", "read_tsx", "tmx_bytes", "tsx_bytes", "write_tmx", "write_tsx"]

PathLike = str | os.PathLike[str]

# -- what we accept ------------------------------------------------------------------------
# For each element: attributes we model, attributes we drop as editor-only, and
# attributes accepted only at their default value (anything else is refused).

_NO_PARALLAX: Final = {"parallaxx": "1", "parallaxy": "1", "class": ""}
_ATTRS: Final[dict[str, tuple[set[str], set[str], dict[str, str]]]] = {
    "map": (
        {
            "version",
            "tiledversion",
            "orientation",
            "renderorder",
            "width",
            "height",
            "tilewidth",
            "tileheight",
            "hexsidelength",
            "staggeraxis",
            "staggerindex",
            "backgroundcolor",
            "nextlayerid",
            "nextobjectid",
            "infinite",
        },
        {"compressionlevel"},
        {"class": "", "parallaxoriginx": "0", "parallaxoriginy": "0"},
    ),
    "tileset": (
        {
            "firstgid",
            "source",
            "name",
            "tilewidth",
            "tileheight",
            "spacing",
            "margin",
            "tilecount",
            "columns",
        },
        {"version", "tiledversion", "backgroundcolor"},
        {
            "class": "",
            "objectalignment": "unspecified",
            "tilerendersize": "tile",
            "fillmode": "stretch",
        },
    ),
    "tileoffset": ({"x", "y"}, set(), {}),
    "image": ({"source", "width", "height", "trans"}, set(), {}),
    "tile": ({"id", "type", "class"}, {"probability", "terrain"}, {}),
    "frame": ({"tileid", "duration"}, set(), {}),
    "layer": (
        {"id", "name", "width", "height", "opacity", "visible", "offsetx", "offsety", "tintcolor"},
        {"locked"},
        {"x": "0", "y": "0", **_NO_PARALLAX},
    ),
    "data": ({"encoding", "compression"}, set(), {}),
    "objectgroup": (
        {"id", "name", "color", "opacity", "visible", "offsetx", "offsety", "draworder"},
        {"locked", "width", "height"},
        {"x": "0", "y": "0", **_NO_PARALLAX},
    ),
    "object": (
        {"id", "name", "type", "class", "x", "y", "width", "height", "rotation", "gid", "visible"},
        set(),
        {},
    ),
    "imagelayer": (
        {"id", "name", "opacity", "visible", "offsetx", "offsety", "repeatx", "repeaty"},
        {"locked"},
        {"x": "0", "y": "0", **_NO_PARALLAX},
    ),
    "group": (
        {"id", "name", "opacity", "visible", "offsetx", "offsety"},
        {"locked"},
        _NO_PARALLAX,
    ),
    "property": ({"name", "type", "propertytype", "value"}, set(), {}),
    "polygon": ({"points"}, set(), {}),
    "polyline": ({"points"}, set(), {}),
    "ellipse": (set(), set(), {}),
    "point": (set(), set(), {}),
}
_TEXT_ATTRS: Final = (
    "fontfamily",
    "pixelsize",
    "wrap",
    "color",
    "bold",
    "italic",
    "underline",
    "strikeout",
    "kerning",
    "halign",
    "valign",
)
_CHILDREN: Final[dict[str, tuple[set[str], set[str]]]] = {
    "map": (
        {"properties", "tileset", "layer", "objectgroup", "imagelayer", "group"},
        {"editorsettings"},
    ),
    "tileset": (
        {"tileoffset", "image", "tile", "properties"},
        {"grid", "wangsets", "terraintypes", "transformations", "editorsettings"},
    ),
    "tile": ({"properties", "image", "objectgroup", "animation"}, set()),
    "layer": ({"properties", "data"}, set()),
    "objectgroup": ({"properties", "object"}, set()),
    "object": ({"properties", "ellipse", "point", "polygon", "polyline", "text"}, set()),
    "imagelayer": ({"properties", "image"}, set()),
    "group": ({"properties", "layer", "objectgroup", "imagelayer", "group"}, set()),
    "animation": ({"frame"}, set()),
    "properties": ({"property"}, set()),
    "property": ({"properties"}, set()),
    "data": ({"tile"}, set()),
    "image": (set(), set()),
}
_PROPERTY_TYPES: Final = ("string", "int", "float", "bool", "color", "file", "object", "class")
# Sizes beyond any real map, checked before pytmx (or our own code) allocates for them:
# pytmx cuts a tileset image into tiles by the size the file declares (an <image
# height="4294967296"> made it loop for a minute through 7.7 GB) and makes a row array
# per layer row. Our boards are 27x19 cells of 52x60 pixels; Tiled's own examples stay
# far below these too.
#: Longest side of an image, in pixels (a decoded 8192x8192 RGBA image is 256 MB).
MAX_IMAGE_SIDE: Final = 8192
#: Largest tile side, in pixels.
MAX_TILE_SIDE: Final = 4096
#: Most tiles one tileset may hold (or be cut into).
MAX_TILESET_TILES: Final = 65536
#: Longest side of a map or a layer, in cells, and most cells in one layer.
MAX_MAP_SIDE: Final = 4096
MAX_MAP_CELLS: Final = 1_000_000
#: Most layers (of any kind, groups included) in one map.
MAX_LAYERS: Final = 1000
_LAYER_TAGS: Final = ("layer", "objectgroup", "imagelayer", "group")
#: Largest coordinate, size, offset or angle a map may give (pixels): a billion pixels
#: is far beyond any map; 1e308 would overflow when turned into a hex.
MAX_NUMBER: Final = 1e9

_ENCODINGS: Final[dict[str | None, set[str | None]]] = {
    None: {None},
    "csv": {None},
    "base64": {None, "zlib", "gzip"},
}


# -- errors and small readers --------------------------------------------------------------


class _Fail:
    """Raises MapFormatError for one file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __call__(self, message: str, place: str | None = None) -> MapFormatError:
        return MapFormatError(self.path, message, place)


def _parse_xml(path: Path, what: str, fail: _Fail) -> ET.Element:
    return _read_xml(path, what, fail)[0]


def _read_xml(path: Path, what: str, fail: _Fail) -> tuple[ET.Element, bytes]:
    """The root element of an XML file, and the file's bytes (to parse again cheaply
    when a modified copy of the tree is needed)."""
    data = _read_bytes(path, what, fail)
    return _parse_bytes(data, fail), data


def _read_bytes(path: Path, what: str, fail: _Fail) -> bytes:
    """The bytes of a map, tileset or image file: a regular file of at most
    `MAX_MAP_BYTES` (`safe_read`: never a FIFO, a device or a folder)."""
    problem = file_problem(path)
    if problem == "file not found":
        raise fail(f"{what} file not found")
    if problem is not None:
        raise fail(f"{what} file {problem}")
    return read_bytes(path, limit=MAX_MAP_BYTES, what=f"{what} file", error=MapFormatError)


def _parse_bytes(data: bytes, fail: _Fail) -> ET.Element:
    try:
        root = _xml_root(data)
    except ET.ParseError as e:
        line, col = e.position
        msg = re.sub(r": line \d+, column \d+$", "", str(e))
        raise fail(f"broken XML: {msg}", f"line {line}, column {col}") from None
    except LookupError as e:  # <?xml encoding="..."?> names an encoding Python lacks
        raise fail(f"broken XML: {e}", "line 1") from None
    except (ValueError, RecursionError) as e:
        raise fail(f"broken XML: {type(e).__name__}: {e}") from None
    _check_depth(root, fail)
    return root


def _check_depth(root: ET.Element, fail: _Fail) -> None:
    """Refuse elements nested deeper than `MAX_NESTING` (nested groups or class
    properties): our readers and pytmx's recurse once per level."""
    stack = [(root, 0)]
    while stack:
        el, depth = stack.pop()
        if depth > MAX_NESTING:
            raise fail(f"elements are nested more than {MAX_NESTING} levels deep", _describe(el))
        stack.extend((kid, depth + 1) for kid in el)


def _xml_root(data: bytes) -> ET.Element:
    parser = ET.XMLParser()
    parser.feed(data)
    root: ET.Element = parser.close()
    return root


def _describe(el: ET.Element) -> str:
    name = el.get("name")
    if el.tag in ("layer", "objectgroup", "imagelayer", "group", "tileset") and name is not None:
        kind = {"objectgroup": "object layer", "imagelayer": "image layer", "group": "group"}.get(
            el.tag, el.tag
        )
        return f"{kind} '{name}'"
    if el.get("id") is not None:
        return f"<{el.tag} id={el.get('id')}>"
    return f"<{el.tag}>"


#: Per element: every attribute name that needs no closer look, every child tag allowed.
_PLAIN_ATTRS: Final = {
    tag: frozenset(known | ignored) for tag, (known, ignored, _) in _ATTRS.items()
}
_KIDS: Final = {tag: frozenset(allowed | skipped) for tag, (allowed, skipped) in _CHILDREN.items()}


def _check_element(el: ET.Element, where: str, fail: _Fail) -> None:
    """Refuse attributes and child elements we do not model (see module docstring)."""
    tag = el.tag
    plain = _PLAIN_ATTRS.get(tag)
    if plain is not None and not el.attrib.keys() <= plain:
        _check_attributes(el, where, fail)
    kids = _KIDS.get(tag)
    if kids is not None:
        for child in el:
            if child.tag not in kids:
                raise fail(f"unsupported element <{child.tag}> in <{tag}>", where)


def _check_attributes(el: ET.Element, where: str, fail: _Fail) -> None:
    rule = _ATTRS.get(el.tag)
    if rule is not None:
        known, ignored, defaults = rule
        for key, value in el.attrib.items():
            if key in known or key in ignored:
                continue
            if key in defaults and _same_value(value, defaults[key]):
                continue
            if el.tag == "object" and key == "template":
                raise fail("object templates are not supported", where)
            if key in ("parallaxx", "parallaxy"):
                raise fail(f"layer parallax ({key}={value}) is not supported", where)
            raise fail(f'unsupported attribute {key}="{value}" on <{el.tag}>', where)


def _same_value(a: str, b: str) -> bool:
    if a == b:
        return True
    try:
        return float(a) == float(b)
    except ValueError:
        return False


def _int(el: ET.Element, name: str, where: str, fail: _Fail, default: int | None = None) -> int:
    raw = el.get(name)
    if raw is None:
        if default is None:
            raise fail(f"missing attribute '{name}' on <{el.tag}>", where)
        return default
    try:
        return int(raw)
    except ValueError:
        try:
            value = float(raw)
        except ValueError:
            value = math.nan
        if value.is_integer():
            return int(value)
        raise fail(f'attribute {name}="{raw}" on <{el.tag}> is not an integer', where) from None


def _float(el: ET.Element, name: str, where: str, fail: _Fail, default: float = 0.0) -> float:
    raw = el.get(name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise fail(f'attribute {name}="{raw}" on <{el.tag}> is not a number', where) from None
    if not math.isfinite(value):
        raise fail(f'attribute {name}="{raw}" on <{el.tag}> is not a finite number', where)
    if abs(value) > MAX_NUMBER:
        raise fail(f'attribute {name}="{raw}" on <{el.tag}> is out of range', where)
    return value


def _bool(el: ET.Element, name: str, default: bool = True) -> bool:
    raw = el.get(name)
    if raw is None:
        return default
    return raw.strip().lower() not in ("0", "false", "")


def _png_size(path: Path) -> tuple[int, int] | None:
    try:
        with path.open("rb") as f:
            head = f.read(24)
    except OSError:
        return None
    if len(head) == 24 and head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR":
        w, h = struct.unpack(">II", head[16:24])
        return (int(w), int(h))
    return None


def _check_image_size(width: int, height: int, what: str, where: str, fail: _Fail) -> None:
    if not (0 <= width <= MAX_IMAGE_SIDE and 0 <= height <= MAX_IMAGE_SIDE):
        raise fail(
            f"{what} is {width}x{height} pixels: images larger than "
            f"{MAX_IMAGE_SIDE}x{MAX_IMAGE_SIDE} are not supported",
            where,
        )


def _image(
    el: ET.Element, base: Path, owner: str, where: str, fail: _Fail, checked: bool = False
) -> ImageRef | None:
    """An <image> element; `owner` says whose image it is, for error messages. `checked`:
    the element was already checked (`_MapReader._validate`)."""
    if not checked:
        _check_element(el, where, fail)
    if el.get("format") is not None or el.find("data") is not None:
        raise fail("embedded image data is not supported", where)
    source = el.get("source", "")
    if not source:
        return None
    refused = name_problem(base, source, "image")  # before it is opened (issue 47)
    if refused is not None:
        raise fail(refused, where)
    path = Path(os.path.normpath(base / source))
    problem = file_problem(path)
    if problem == "file not found":
        raise fail(f"image '{source}' of {owner} not found (looked for {path})", where)
    if problem is not None:
        raise fail(f"image '{source}' of {owner} {problem}", where)
    width = _int(el, "width", where, fail, 0)
    height = _int(el, "height", where, fail, 0)
    # pytmx cuts tiles out of the size written in the file: bound it before pytmx sees it.
    _check_image_size(width, height, f"image '{source}' of {owner}", where, fail)
    # Tiled uses the size of the image file, not the size written in the map (they
    # differ in some corpus maps): so do we, for PNG files.
    size = _png_size(path)
    if size is not None:
        width, height = size
        _check_image_size(width, height, f"image file '{source}' of {owner}", where, fail)
    elif width <= 0 or height <= 0:
        raise fail(f"image '{source}' of {owner} has no size and is not a PNG", where)
    return ImageRef(path=path, source=source, width=width, height=height, trans=el.get("trans"))


# -- properties ----------------------------------------------------------------------------


def _properties(el: ET.Element, where: str, fail: _Fail, checked: bool = False) -> Properties:
    """The custom properties of an element; `checked`: the elements were already checked
    (`_MapReader._validate`)."""
    props: Properties = {}
    for pe in el.findall("properties"):
        if not checked:
            _check_element(pe, where, fail)
        for p in pe.findall("property"):
            if not checked:
                _check_element(p, where, fail)
            name = p.get("name")
            if name is None:
                raise fail("a <property> has no name", where)
            props[name] = _property(p, where, name, fail, checked)
    return props


def _property(p: ET.Element, owner: str, name: str, fail: _Fail, checked: bool) -> Property:
    ptype = p.get("type", "string")
    if ptype not in _PROPERTY_TYPES:
        raise fail(f"unknown property type '{ptype}'", f"{owner}, property '{name}'")
    kind = cast(PropertyType, ptype)
    ptname = p.get("propertytype", "")
    if kind == "class":
        members = _properties(p, f"{owner}, property '{name}'", fail, checked)
        return Property("", "class", ptname, members)
    raw = p.get("value")
    if raw is None:
        raw = p.text or ""
    known = _PROPERTIES.get((ptype, ptname, raw))
    if known is not None:
        return known
    value: PropertyValue
    try:
        if kind in ("int", "object"):
            value = int(raw) if raw.strip() else 0
        elif kind == "float":
            value = float(raw) if raw.strip() else 0.0
        elif kind == "bool":
            low = raw.strip().lower()
            if low not in ("true", "false", "1", "0", ""):
                raise ValueError(raw)
            value = low in ("true", "1")
        else:
            value = raw
    except ValueError:
        raise fail(f"value '{raw}' is not a valid {kind}", f"{owner}, property '{name}'") from None
    prop = Property(value, kind, ptname)
    if kind != "float" and len(_PROPERTIES) < _PROPERTIES_SIZE:  # (a NaN is not shared)
        _PROPERTIES[(ptype, ptname, raw)] = prop
    return prop


#: Plain properties read so far, by (type, propertytype, text): a Property and its value
#: are immutable, so maps share them (as tileset copies already do).
_PROPERTIES: dict[tuple[str, str, str], Property] = {}
_PROPERTIES_SIZE: Final = 4096


# -- tilesets ------------------------------------------------------------------------------


def _tileset(
    el: ET.Element,
    first_gid: int,
    base: Path,
    fail: _Fail,
    source: str | None = None,
    source_path: Path | None = None,
) -> Tileset:
    name = el.get("name", "")
    where = f"tileset '{name}'"
    _check_element(el, where, fail)
    owner = f"tileset '{name}'"
    tw = _int(el, "tilewidth", where, fail, 0)
    th = _int(el, "tileheight", where, fail, 0)
    spacing = _int(el, "spacing", where, fail, 0)
    margin = _int(el, "margin", where, fail, 0)
    _check_tile_size(tw, th, "tileset tile size", where, fail)
    for key, value in (("spacing", spacing), ("margin", margin)):
        if not 0 <= value <= MAX_IMAGE_SIDE:
            raise fail(f"tileset {key} {value} is not between 0 and {MAX_IMAGE_SIDE}", where)
    offset = (0, 0)
    off_el = el.find("tileoffset")
    if off_el is not None:
        _check_element(off_el, where, fail)
        offset = (_int(off_el, "x", where, fail, 0), _int(off_el, "y", where, fail, 0))
    image = None
    img_el = el.find("image")
    if img_el is not None:
        image = _image(img_el, base, owner, where, fail)
    tiles: dict[int, Tile] = {}
    for te in el.findall("tile"):
        tid = _int(te, "id", where, fail)
        twhere = f"{where}, tile {tid}"
        _check_element(te, twhere, fail)
        tile = Tile(
            id=tid,
            properties=_properties(te, twhere, fail),
            type=te.get("class") or te.get("type") or "",
        )
        ti = te.find("image")
        if ti is not None:
            tile.image = _image(ti, base, f"{owner}, tile {tid}", twhere, fail)
        og = te.find("objectgroup")
        if og is not None:
            tile.objects = _object_layer(og, twhere, fail, None, (0.0, 0.0), 1.0, True)
        anim = te.find("animation")
        if anim is not None:
            _check_element(anim, twhere, fail)
            for fr in anim.findall("frame"):
                _check_element(fr, twhere, fail)
                tile.animation.append(
                    (_int(fr, "tileid", twhere, fail), _int(fr, "duration", twhere, fail))
                )
        tiles[tid] = tile
        if len(tiles) > MAX_TILESET_TILES:
            raise fail(f"more than {MAX_TILESET_TILES} tiles in one tileset", where)
    if img_el is not None and image is not None and tw > 0 and th > 0:
        # pytmx cuts every tile out of the image as the file declares it: bound the count.
        declared = (_int(img_el, "width", where, fail, 0), _int(img_el, "height", where, fail, 0))
        for w, h in (declared, (image.width, image.height)):
            cut = ((w + spacing) // (tw + spacing) + 1) * ((h + spacing) // (th + spacing) + 1)
            if cut > MAX_TILESET_TILES:
                raise fail(
                    f"a {w}x{h} image cut into {tw}x{th} tiles makes more than "
                    f"{MAX_TILESET_TILES} tiles",
                    where,
                )
    columns = _int(el, "columns", where, fail, -1)
    count = _int(el, "tilecount", where, fail, -1)
    if image is not None and tw > 0 and th > 0:
        # Tiled's own computation when the attributes are absent (old files).
        auto_cols = max(0, (image.width - 2 * margin + spacing) // (tw + spacing))
        auto_rows = max(0, (image.height - 2 * margin + spacing) // (th + spacing))
        if columns < 0:
            columns = auto_cols
        if count < 0:
            count = auto_cols * auto_rows
    if columns < 0:
        columns = 0
    if count < 0:
        count = len(tiles)
    return Tileset(
        first_gid=first_gid,
        name=name,
        tile_width=tw,
        tile_height=th,
        tile_count=count,
        columns=columns,
        spacing=spacing,
        margin=margin,
        tile_offset=offset,
        image=image,
        tiles=tiles,
        properties=_properties(el, where, fail),
        source=source,
        source_path=source_path,
    )


def _check_tile_size(tw: int, th: int, what: str, where: str, fail: _Fail) -> None:
    if not (0 <= tw <= MAX_TILE_SIDE and 0 <= th <= MAX_TILE_SIDE):
        raise fail(
            f"{what} {tw}x{th} is not supported (at most {MAX_TILE_SIDE}x{MAX_TILE_SIDE} pixels)",
            where,
        )


def read_tsx(path: PathLike, first_gid: int = 1) -> Tileset:
    """Read an external tileset (.tsx) on its own."""
    p = Path(path)
    fail = _Fail(p)
    root = _parse_xml(p, "tileset", fail)
    if root.tag != "tileset":
        raise fail(f"not a TSX tileset (root element is <{root.tag}>)")
    return _tileset(root, first_gid, p.parent, fail)


# -- layers and objects --------------------------------------------------------------------


def _points(
    el: ET.Element, where: str, fail: _Fail, checked: bool = False
) -> list[tuple[float, float]]:
    if not checked:
        _check_element(el, where, fail)
    out: list[tuple[float, float]] = []
    for pair in el.get("points", "").split():
        try:
            xs, ys = pair.split(",")
            x, y = float(xs), float(ys)
        except ValueError:
            raise fail(f"bad point '{pair}' in <{el.tag}>", where) from None
        if not (abs(x) <= MAX_NUMBER and abs(y) <= MAX_NUMBER):  # also refuses NaN
            raise fail(f"point '{pair}' in <{el.tag}> is out of range", where)
        out.append((x, y))
    return out


def _object(oe: ET.Element, layer_where: str, fail: _Fail, py: Any, checked: bool) -> MapObject:
    oid = _int(oe, "id", layer_where, fail, 0)
    where = f"{layer_where}, object {oid}"
    if not checked:
        _check_element(oe, where, fail)
    # pytmx gives the right id, name, x, rotation and visibility; the shape, the raw gid,
    # the relative points and the unmodified y/width/height come from the XML.
    x = _float(oe, "x", where, fail)  # checked even when pytmx's value is used
    obj = MapObject(
        id=int(py.id) if py is not None else oid,
        x=float(py.x) if py is not None else x,
        y=_float(oe, "y", where, fail),
        name=(py.name if py is not None else oe.get("name")) or "",
        type=oe.get("class") or oe.get("type") or "",
        width=_float(oe, "width", where, fail),
        height=_float(oe, "height", where, fail),
        rotation=float(py.rotation) if py is not None else _float(oe, "rotation", where, fail),
        visible=bool(py.visible) if py is not None else _bool(oe, "visible"),
        properties=_properties(oe, where, fail, checked),
    )
    shape: ObjectShape = "rectangle"
    if oe.get("gid") is not None:
        shape = "tile"
        obj.gid = _int(oe, "gid", where, fail) & 0xFFFFFFFF
    for child in oe:
        if child.tag in ("ellipse", "point"):
            if not checked:
                _check_element(child, where, fail)
            shape = cast(ObjectShape, child.tag)
        elif child.tag in ("polygon", "polyline"):
            shape = cast(ObjectShape, child.tag)
            obj.points = _points(child, where, fail, checked)
        elif child.tag == "text":
            shape = "text"
            obj.text = child.text or ""
            for key, value in child.attrib.items():
                if key not in _TEXT_ATTRS:
                    raise fail(f'unsupported attribute {key}="{value}" on <text>', where)
            obj.text_attributes = {k: child.attrib[k] for k in _TEXT_ATTRS if k in child.attrib}
    obj.shape = shape
    return obj


def _object_layer(
    el: ET.Element,
    where: str,
    fail: _Fail,
    py: Any,
    offset: tuple[float, float],
    opacity: float,
    visible: bool,
    checked: bool = False,
) -> ObjectLayer:
    """An object layer (or a tile's collision shapes); `checked`: the elements were
    already checked (`_MapReader._validate`)."""
    if not checked:
        _check_element(el, where, fail)
    py_objects: list[Any] = list(py) if py is not None else []
    objs = el.findall("object")
    if py is not None and len(py_objects) != len(objs):
        raise fail("pytmx and the XML disagree on the number of objects", where)
    return ObjectLayer(
        name=el.get("name", ""),
        objects=[
            _object(oe, where, fail, py_objects[i] if py is not None else None, checked)
            for i, oe in enumerate(objs)
        ],
        id=_int(el, "id", where, fail, 0),
        visible=visible and _bool(el, "visible"),
        opacity=opacity * _float(el, "opacity", where, fail, 1.0),
        offset=(
            offset[0] + _float(el, "offsetx", where, fail),
            offset[1] + _float(el, "offsety", where, fail),
        ),
        color=el.get("color"),
        properties=_properties(el, where, fail, checked),
        draw_order=el.get("draworder", "topdown"),
    )


def _legacy_gids(data: ET.Element, where: str, fail: _Fail) -> list[int]:
    out = []
    for t in data.findall("tile"):
        if set(t.attrib) - {"gid"}:
            raise fail("unsupported attribute on a <tile> of layer data", where)
        try:
            out.append(int(t.get("gid", "0")))
        except ValueError:
            raise fail(f'bad <tile gid="{t.get("gid")}"> in layer data', where) from None
    return out


def _check_data(el: ET.Element, where: str, fail: _Fail) -> ET.Element:
    data = el.find("data")
    if data is None:
        raise fail("tile layer has no <data>", where)
    _check_element(data, where, fail)
    if data.find("chunk") is not None:
        raise fail("chunked layer data (infinite map) is not supported", where)
    enc, comp = data.get("encoding"), data.get("compression")
    if enc not in _ENCODINGS:
        raise fail(f"unknown layer data encoding '{enc}'", where)
    if comp not in _ENCODINGS[enc]:
        if comp == "zstd":
            raise fail(
                "zstd-compressed layer data is not supported (no zstd in Python's standard "
                "library); re-save the map in Tiled with CSV or zlib",
                where,
            )
        raise fail(f"unknown layer data compression '{comp}' (encoding '{enc}')", where)
    return data


def _import_pytmx() -> Any:
    """pytmx, imported without pygame when pygame is not loaded yet.

    pytmx imports pygame (about 15-40 ms) only for its optional pygame image loader,
    which this reader never uses (it reads no images): a command that only reads maps
    (`dragonnoir validate`) should not pay for it, and the map layer never needs pygame
    (docs/architecture.md). pytmx keeps working when pygame is imported later.
    """
    import sys

    if "pytmx" in sys.modules or "pygame" in sys.modules:
        import pytmx

        return pytmx
    import logging

    # pytmx's pygame loader logs an error when pygame is missing: not a fault here.
    quiet = logging.getLogger("pytmx.util_pygame")
    was_disabled = quiet.disabled
    quiet.disabled = True
    sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail
    try:
        import pytmx
    finally:
        del sys.modules["pygame"]
        quiet.disabled = was_disabled
    return pytmx


def _check_cells(size: tuple[int, int], what: str, where: str, fail: _Fail) -> None:
    width, height = size
    if width > MAX_MAP_SIDE or height > MAX_MAP_SIDE or width * height > MAX_MAP_CELLS:
        raise fail(
            f"{what} of {width}x{height} cells is too large (at most {MAX_MAP_SIDE} a side "
            f"and {MAX_MAP_CELLS:,} cells)",
            where,
        )


def _inflate(packed: bytes, compression: str, cells: int, where: str, fail: _Fail) -> bytes:
    """Decompress zlib or gzip layer data, stopping at the size the layer declares (4
    bytes a cell, and one byte more to see that there is more): a few hundred KB of zlib
    would otherwise inflate to gigabytes before any check."""
    import zlib

    limit = 4 * max(cells, 0)
    wbits = zlib.MAX_WBITS | (16 if compression == "gzip" else 0)
    try:
        data = zlib.decompressobj(wbits).decompress(packed, limit + 1)
    except zlib.error as e:
        raise fail(f"cannot decode base64 layer data: {compression} error: {e}", where) from None
    if len(data) > limit:
        raise fail(
            f"the {compression} layer data holds more than the {cells} cells the layer declares",
            where,
        )
    return data


def _decode_data(data: ET.Element, where: str, fail: _Fail, cells: int) -> list[int]:
    pytmx = _import_pytmx()

    enc = data.get("encoding")
    if enc is None:
        return _legacy_gids(data, where, fail)
    text = (data.text or "").strip()
    compression = data.get("compression")
    try:
        if enc == "base64" and compression in ("zlib", "gzip"):
            import base64

            raw = _inflate(base64.b64decode(text), str(compression), cells, where, fail)
            gids = list(struct.unpack(f"<{len(raw) // 4}L", raw[: len(raw) // 4 * 4]))
        else:
            gids = pytmx.pytmx.unpack_gids(text=text, encoding=enc, compression=compression)
    except MapFormatError:
        raise
    except Exception as e:
        raise fail(f"cannot decode {enc} layer data: {type(e).__name__}: {e}", where) from None
    plain = type(gids) is list and set(map(type, gids)) == {int}
    if plain and min(gids) >= 0 and max(gids) <= 0xFFFFFFFF:
        return cast(list[int], gids)  # already what the masking below would give
    return [int(g) & 0xFFFFFFFF for g in gids]


#: How to put back what `_sanitise` changed: each element's former children, or
#: (element, attribute, former value).
_Undo = list[tuple[ET.Element, list[ET.Element]] | tuple[ET.Element, str, str]]


def _sanitise(tree: ET.Element, undo: _Undo | None = None) -> None:
    """Make a tree pytmx can digest (see module docstring): no custom properties, no
    layer offsets (pytmx casts them with int()), no tile collision shapes or animations.
    With `undo`, record what changed so that `_restore` can put it back."""
    for el in tree.iter():
        if len(el):
            tile = el.tag == "tile"
            drop = [
                kid
                for kid in el
                if kid.tag == "properties" or (tile and kid.tag in ("objectgroup", "animation"))
            ]
            if drop:
                if undo is not None:
                    undo.append((el, list(el)))
                for kid in drop:
                    el.remove(kid)
        for key in ("offsetx", "offsety"):
            old = el.get(key)
            if old is not None:
                if undo is not None:
                    undo.append((el, key, old))
                el.set(key, "0")


def _restore(undo: _Undo) -> None:
    for change in reversed(undo):
        if len(change) == 2:
            el, kids = change
            el[:] = kids
        else:
            el, key, old = change
            el.set(key, old)


class _Tsx:
    """An external tileset as read once: the file's bytes, the model (never handed out:
    every map gets its own copy), the sanitised tree for pytmx (never modified) and the
    image files the model's sizes came from, with their stat stamps."""

    def __init__(self, data: bytes, tileset: Tileset, clean: ET.Element) -> None:
        self.data = data
        self.tileset = _copy_tileset(tileset)
        self.clean = clean
        self.images = [(path, _stamp(path)) for path in _image_paths(tileset)]

    def still_valid(self, data: bytes) -> bool:
        return data == self.data and all(_stamp(path) == st for path, st in self.images)

    def images_match(self, ts: Tileset) -> bool:
        """False if an image changed between reading its size and stamping it."""
        refs = [ts.image] + [tile.image for tile in ts.tiles.values()]
        for ref in refs:
            if ref is not None:
                size = _png_size(ref.path)
                if size is not None and size != (ref.width, ref.height):
                    return False
        return all(st is not None for _, st in self.images)


#: External tilesets by path as the map names it (maps of one folder share them); an
#: entry serves only while the .tsx bytes and its images' stat stamps are unchanged.
_TSX_CACHE: dict[tuple[str, str], _Tsx] = {}
_TSX_CACHE_SIZE: Final = 64


def _stamp(path: Path) -> tuple[int, ...] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _image_paths(ts: Tileset) -> list[Path]:
    refs = [ts.image] + [tile.image for tile in ts.tiles.values()]
    return [ref.path for ref in refs if ref is not None]


def _copy_properties(props: Properties) -> Properties:
    return {
        name: p if p.members is None else p.replace(members=_copy_properties(p.members))
        for name, p in props.items()
    }


def _copy_tileset(ts: Tileset) -> Tileset:
    """An independent copy of a tileset model (its immutable parts shared)."""
    # Tile(...) spelt out: dataclasses.replace costs several times more, once per tile
    # of every external tileset of every map (the copy tests compare every field).
    tiles = {
        tid: Tile(
            id=tile.id,
            properties=_copy_properties(tile.properties),
            image=tile.image,
            type=tile.type,
            animation=list(tile.animation),
            objects=copy.deepcopy(tile.objects) if tile.objects is not None else None,
        )
        for tid, tile in ts.tiles.items()
    }
    return ts.replace(tiles=tiles, properties=_copy_properties(ts.properties))


def _external_tileset(
    tsx_path: Path, first_gid: int, source: str, fail: _Fail
) -> tuple[ET.Element, Tileset]:
    """An external tileset of a map (errors about its content name the map, as always):
    its sanitised tree for pytmx and its model, from `_TSX_CACHE` when the file is
    unchanged."""
    tsx_fail = _Fail(tsx_path)
    data = _read_bytes(tsx_path, "tileset", tsx_fail)
    # The path as spelled (the model keeps that spelling), and the folder it is relative to.
    key = (str(tsx_path), "" if tsx_path.is_absolute() else os.getcwd())
    cached = _TSX_CACHE.get(key)
    if cached is None or not cached.still_valid(data):
        tsx_root = _parse_bytes(data, tsx_fail)
        if tsx_root.tag != "tileset":
            raise tsx_fail(f"not a TSX tileset (root element is <{tsx_root.tag}>)")
        ts = _tileset(tsx_root, first_gid, tsx_path.parent, fail, source, tsx_path)
        clean = tsx_root  # read: now sanitised for pytmx for good
        _sanitise(clean)
        _TSX_CACHE.pop(key, None)
        entry = _Tsx(data, ts, clean)
        if entry.images_match(ts):
            while len(_TSX_CACHE) >= _TSX_CACHE_SIZE:
                del _TSX_CACHE[next(iter(_TSX_CACHE))]
            _TSX_CACHE[key] = entry
        return clean, ts
    ts = _copy_tileset(cached.tileset)
    ts.first_gid = first_gid
    ts.source = source
    ts.source_path = tsx_path
    return cached.clean, ts


# -- the reader ----------------------------------------------------------------------------


class _MapReader:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.fail = _Fail(path)
        self.base = path.parent

    def read(self) -> TmxMap:
        fail = self.fail
        root = _parse_xml(self.path, "map", fail)
        if root.tag != "map":
            raise fail(f"not a TMX map (root element is <{root.tag}>)")
        orientation = root.get("orientation", "orthogonal")
        if orientation != "hexagonal":
            raise fail(f"orientation '{orientation}' is not supported: only hexagonal maps", "map")
        if root.get("infinite", "0") not in ("0", ""):
            raise fail("infinite maps are not supported: resize the map to a fixed size", "map")
        _check_element(root, "map", fail)
        axis = root.get("staggeraxis", "y")
        index = root.get("staggerindex", "odd")
        if axis not in ("x", "y"):
            raise fail(f"staggeraxis '{axis}' is neither 'x' nor 'y'", "map")
        if index not in ("odd", "even"):
            raise fail(f"staggerindex '{index}' is neither 'odd' nor 'even'", "map")
        for key in ("width", "height", "tilewidth", "tileheight"):
            if _int(root, key, "map", fail) <= 0:
                raise fail(f"map {key} must be positive", "map")
        if _int(root, "hexsidelength", "map", fail, 0) < 0:
            raise fail("map hexsidelength must not be negative", "map")
        map_size = (_int(root, "width", "map", fail), _int(root, "height", "map", fail))
        _check_cells(map_size, "map", "map", fail)
        _check_tile_size(
            _int(root, "tilewidth", "map", fail),
            _int(root, "tileheight", "map", fail),
            "map tile size",
            "map",
            fail,
        )
        if _int(root, "hexsidelength", "map", fail, 0) > MAX_TILE_SIDE:
            raise fail(f"map hexsidelength is more than {MAX_TILE_SIDE} pixels", "map")
        count = sum(1 for el in root.iter() if el.tag in _LAYER_TAGS)
        if count > MAX_LAYERS:
            raise fail(f"{count} layers: more than {MAX_LAYERS} are not supported", "map")

        tilesets = self._tilesets(root)
        self._assign_layer_ids(root)
        # Every layer's data is checked and decoded here with pytmx's own decoder, in
        # document order, before the rest of the map is checked and before pytmx sees it:
        # a broken layer is reported with its name, the first broken layer first.
        layers = list(root.iter("layer"))
        decoded: dict[int, list[int]] = {}
        for el in layers:
            where = _describe(el)
            _check_element(el, where, fail)
            size = (
                _int(el, "width", where, fail, map_size[0]),
                _int(el, "height", where, fail, map_size[1]),
            )
            _check_cells(size, "tile layer", where, fail)
            data = _check_data(el, where, fail)
            decoded[id(el)] = _decode_data(data, where, fail, size[0] * size[1])
        self._validate(root, "map")
        tm = self._pytmx(root, layers, tilesets)
        return self._build(root, tm, tilesets, decoded, cast(StaggerAxis, axis), index)

    def _tilesets(self, root: ET.Element) -> list[tuple[ET.Element, Tileset]]:
        out: list[tuple[ET.Element, Tileset]] = []
        fail = self.fail
        for el in root.findall("tileset"):
            first_gid = _int(el, "firstgid", _describe(el), fail)
            if first_gid <= 0:
                raise fail("tileset firstgid must be positive", _describe(el))
            source = el.get("source")
            if source:
                where = f"tileset {quoted(source)}"
                refused = name_problem(self.base, source, "tileset")
                if refused is not None:
                    raise fail(refused, where)
                tsx_path = Path(os.path.normpath(self.base / source))
                problem = file_problem(tsx_path)
                if problem == "file not found":
                    raise fail(
                        f"external tileset '{source}' not found (looked for {tsx_path})", where
                    )
                if problem is not None:
                    raise fail(f"external tileset {problem}", where)
                out.append(_external_tileset(tsx_path, first_gid, source, fail))
            else:
                out.append((el, _tileset(el, first_gid, self.base, fail)))
        for (_, a), (_, b) in itertools.pairwise(out):
            if b.first_gid <= a.first_gid:
                raise fail("tilesets are not in increasing firstgid order", f"tileset '{b.name}'")
        return out

    def _assign_layer_ids(self, root: ET.Element) -> None:
        """Give layers without an id (files from Tiled < 1.2) the ids Tiled gives them
        when it loads the map: the next free ids, in document order."""
        self.layer_ids: dict[int, int] = {}
        next_id = _int(root, "nextlayerid", "map", self.fail, 0)
        elements: list[ET.Element] = []

        def walk(parent: ET.Element) -> None:
            for el in parent:
                if el.tag in ("layer", "objectgroup", "imagelayer", "group"):
                    elements.append(el)
                    if el.tag == "group":
                        walk(el)

        walk(root)
        used = [_int(el, "id", _describe(el), self.fail, 0) for el in elements]
        next_id = max(next_id, max(used, default=0) + 1, 1)
        for el, lid in zip(elements, used, strict=True):
            if lid <= 0:
                lid, next_id = next_id, next_id + 1
            self.layer_ids[id(el)] = lid
        self.next_layer_id = next_id

    def _validate(self, el: ET.Element, where: str) -> None:
        """Refuse unsupported features anywhere in the map before pytmx sees it."""
        for child in el:
            tag = child.tag
            if not len(child):
                # A leaf that passes needs no place (the common case, done inline).
                plain = _PLAIN_ATTRS.get(tag)
                if plain is None or child.attrib.keys() <= plain:
                    continue
            if tag in ("layer", "objectgroup", "imagelayer", "group"):
                place = _describe(child)
            elif tag == "object":
                place = f"{where}, object {child.get('id', '?')}"
            else:
                place = where
            _check_element(child, place, self.fail)
            # Tilesets are checked as they are read; legacy <data><tile gid> is decoded.
            if tag != "tileset" and tag != "data":
                self._validate(child, place)

    def _pytmx(
        self,
        root: ET.Element,
        layers: list[ET.Element],
        tilesets: list[tuple[ET.Element, Tileset]],
    ) -> Any:
        """Parse the sanitised map with pytmx, its tile layers' data stubbed (see module
        docstring)."""
        pytmx = _import_pytmx()

        # pytmx parses the map's own tree, sanitised in place and put back afterwards:
        # much cheaper than a copy (pytmx only reads the tree).
        undo: _Undo = []
        stubbed: list[tuple[ET.Element, int, ET.Element]] = []
        replaced: list[tuple[int, ET.Element]] = []
        try:
            _sanitise(root, undo)
            # External tilesets inlined: pytmx would re-read (and choke on) the .tsx
            # itself. Their sanitised trees are shared between maps (no one modifies
            # them): each map gets its own <tileset> element holding them.
            for i, el in enumerate(root.findall("tileset")):
                src = el.get("source")
                if src:
                    clean = tilesets[i][0]
                    inlined = ET.Element(clean.tag, clean.attrib)
                    inlined.set("firstgid", el.get("firstgid", "1"))
                    inlined.extend(clean)
                    pos = list(root).index(el)
                    root[pos] = inlined
                    replaced.append((pos, el))
            # Each layer's <data> (the first: the one pytmx reads) swapped for a stub of
            # one empty cell, as legacy XML data is (pytmx refuses it): the data is
            # decoded already. Encoded data pytmx refuses though we decoded it (no text
            # at all, or <tile> children beside the text) is left to pytmx, which fails
            # on it with its own message, as it did when it decoded the data itself.
            stub = ET.Element("data", {"encoding": "csv"})
            stub.text = "0"
            for el in layers:
                for pos, data in enumerate(el):
                    if data.tag == "data":
                        if data.get("encoding") is None or (
                            data.text is not None and data.find("tile") is None
                        ):
                            el[pos] = stub
                            stubbed.append((el, pos, data))
                        break
            tm = pytmx.TiledMap()
            tm.filename = str(self.path)
            try:
                tm.parse_xml(root)
            except Exception as e:  # pytmx raises bare Exception, ValueError, TypeError...
                raise self.fail(f"pytmx cannot parse the map: {type(e).__name__}: {e}") from None
        finally:
            for el, pos, data in reversed(stubbed):
                el[pos] = data
            for pos, el in reversed(replaced):
                root[pos] = el
            _restore(undo)
        return tm

    def _build(
        self,
        root: ET.Element,
        tm: Any,
        tilesets: list[tuple[ET.Element, Tileset]],
        decoded: dict[int, list[int]],
        axis: StaggerAxis,
        index: str,
    ) -> TmxMap:
        fail = self.fail
        tw, th = int(tm.tilewidth), int(tm.tileheight)
        side = float(tm.hexsidelength)
        if not side.is_integer():
            raise fail(f"hexsidelength {side} is not an integer", "map")
        saved_by = root.get("tiledversion", "")
        grid = HexGrid.from_tmx(axis, cast(StaggerIndex, index), tw, th, int(side), saved_by)
        m = TmxMap(
            path=self.path,
            width=int(tm.width),
            height=int(tm.height),
            grid=grid,
            properties=_properties(root, "map", fail, checked=True),
            orientation="hexagonal",
            render_order=str(tm.renderorder),
            background_color=root.get("backgroundcolor"),
            file_tile_size=None if (tw, th) == (grid.tile_width, grid.tile_height) else (tw, th),
            saved_by=saved_by,
        )
        # Tilesets: geometry from pytmx, the rest (typed properties, tiles, images as
        # written, integer tile offsets) from the XML.
        if len(tm.tilesets) != len(tilesets):
            raise fail("pytmx and the XML disagree on the number of tilesets", "map")
        for pts, (_, ts) in zip(tm.tilesets, tilesets, strict=True):
            ts.first_gid = int(pts.firstgid)
            ts.tile_width = int(pts.tilewidth)
            ts.tile_height = int(pts.tileheight)
            ts.spacing = int(pts.spacing)
            ts.margin = int(pts.margin)
            if int(pts.tilecount) > 0:
                ts.tile_count = int(pts.tilecount)
            if int(pts.columns) > 0:
                ts.columns = int(pts.columns)
            m.tilesets.append(ts)

        kinds: dict[str, Iterator[Any]] = {
            "layer": iter([x for x in tm.layers if isinstance(x, _pytmx_cls("TiledTileLayer"))]),
            "objectgroup": iter(
                [x for x in tm.layers if isinstance(x, _pytmx_cls("TiledObjectGroup"))]
            ),
            "imagelayer": iter(
                [x for x in tm.layers if isinstance(x, _pytmx_cls("TiledImageLayer"))]
            ),
        }
        self._layers(root, m, kinds, decoded, (0.0, 0.0), 1.0, True)
        m.next_layer_id = self.next_layer_id
        max_object_id = max((o.id for ol in m.object_layers() for o in ol.objects), default=0)
        m.next_object_id = _int(root, "nextobjectid", "map", fail, max_object_id + 1)
        self._check_gids(m)
        return m

    def _layers(
        self,
        parent: ET.Element,
        m: TmxMap,
        kinds: dict[str, Iterator[Any]],
        decoded: dict[int, list[int]],
        offset: tuple[float, float],
        opacity: float,
        visible: bool,
    ) -> None:
        fail = self.fail
        for el in parent:
            if el.tag not in ("layer", "objectgroup", "imagelayer", "group"):
                continue
            where = _describe(el)  # (every element here passed _validate)
            off = (
                offset[0] + _float(el, "offsetx", where, fail),
                offset[1] + _float(el, "offsety", where, fail),
            )
            if el.tag == "group":
                if el.find("properties") is not None and _properties(el, where, fail, True):
                    raise fail(
                        "custom properties on a group layer are not supported "
                        "(groups are flattened into their layers)",
                        where,
                    )
                if el.get("tintcolor"):
                    raise fail("tint colour on a group layer is not supported", where)
                self._layers(
                    el,
                    m,
                    kinds,
                    decoded,
                    off,
                    opacity * _float(el, "opacity", where, fail, 1.0),
                    visible and _bool(el, "visible"),
                )
                continue
            py = next(kinds[el.tag], None)
            if py is None:
                raise fail("pytmx and the XML disagree on the layers", where)
            layer: Layer
            if el.tag == "layer":
                layer = self._tile_layer(el, py, decoded[id(el)], where)
                layer.offset = off
                layer.opacity *= opacity
                layer.visible = layer.visible and visible
            elif el.tag == "objectgroup":
                layer = _object_layer(el, where, fail, py, offset, opacity, visible, True)
                layer.id = self.layer_ids[id(el)]
            else:
                layer = self._image_layer(el, where, off, opacity, visible)
            m.layers.append(layer)

    def _tile_layer(self, el: ET.Element, py: Any, raw: list[int], where: str) -> TileLayer:
        fail = self.fail
        width, height = int(py.width), int(py.height)
        if width <= 0 or height <= 0:
            raise fail("tile layer width and height must be positive", where)
        if len(raw) != width * height:
            raise fail(
                f"layer data has {len(raw)} cells, expected {width}x{height} = {width * height}",
                where,
            )
        return TileLayer(
            name=str(py.name or ""),
            width=width,
            height=height,
            data=[raw[r * width : (r + 1) * width] for r in range(height)],
            id=self.layer_ids[id(el)],
            visible=bool(py.visible),
            opacity=float(py.opacity),
            properties=_properties(el, where, fail, checked=True),
            tint=el.get("tintcolor"),
        )

    def _image_layer(
        self,
        el: ET.Element,
        where: str,
        offset: tuple[float, float],
        opacity: float,
        visible: bool,
    ) -> ImageLayer:
        fail = self.fail
        if el.get("tintcolor"):
            raise fail("tint colour on an image layer is not supported", where)
        img_el = el.find("image")
        image = None
        if img_el is not None:
            owner = f"image layer '{el.get('name', '')}'"
            image = _image(img_el, self.base, owner, where, fail, checked=True)
        return ImageLayer(
            name=el.get("name", ""),
            image=image,
            id=self.layer_ids[id(el)],
            visible=visible and _bool(el, "visible"),
            opacity=opacity * _float(el, "opacity", where, fail, 1.0),
            offset=offset,
            properties=_properties(el, where, fail, checked=True),
            repeat_x=_bool(el, "repeatx", False),
            repeat_y=_bool(el, "repeaty", False),
        )

    def _check_gids(self, m: TmxMap) -> None:
        fail = self.fail
        good = {0}  # raw values already found in a tileset (0: an empty cell)
        for layer in m.layers:
            if isinstance(layer, TileLayer):
                for row, cells in enumerate(layer.data):
                    if good.issuperset(cells):
                        continue
                    for col, raw in enumerate(cells):
                        if raw in good:
                            continue
                        gid = raw & GID_MASK
                        if gid != 0 and m.tileset_for(gid) is not None:
                            good.add(raw)
                        else:
                            raise fail(
                                f"gid {gid} (raw {raw}) points at no tileset",
                                f"layer '{layer.name}', col {col}, row {row}",
                            )
            elif isinstance(layer, ObjectLayer):
                for obj in layer.objects:
                    gid = obj.gid & GID_MASK
                    if obj.shape == "tile" and m.tileset_for(gid) is None:
                        raise fail(
                            f"tile object gid {gid} points at no tileset",
                            f"object layer '{layer.name}', object {obj.id}",
                        )


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection inside: loading a map allocates tens of thousands of
    small objects that all live on, so the collector would only walk them again and again
    (about 1.5 ms of the six-board layout). Collection resumes afterwards; nested uses and
    callers that already turned it off are left as they are."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _pytmx_cls(name: str) -> type:
    pytmx = _import_pytmx()
    return cast(type, getattr(pytmx, name))


def read_tmx(path: PathLike) -> TmxMap:
    """Read a finite hexagonal TMX map (and its external tilesets) into a `TmxMap`.

    Raises `MapFormatError` (one line: file, place, problem) for anything broken or
    unsupported; see the module docstring for what is supported.
    """
    with gc_paused():
        return _MapReader(Path(path)).read()


# -- the writer ----------------------------------------------------------------------------


def _num(v: float) -> str:
    if v == 0:
        return "0"
    if float(v).is_integer() and abs(v) < 1e15:
        return str(int(v))
    return repr(float(v))


def _esc(text: str, attr: bool = True) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if attr:
        text = (
            text.replace('"', "&quot;")
            .replace("\n", "&#10;")
            .replace("\r", "&#13;")
            .replace("\t", "&#9;")
        )
    return text


def _attrs(pairs: Iterable[tuple[str, str | None]]) -> str:
    return "".join(f' {k}="{_esc(v)}"' for k, v in pairs if v is not None)


def _rel_source(source: str, path: Path, out_dir: Path) -> str:
    """`source` if it still names `path` from `out_dir`, else a path relative to it."""
    if not path.is_absolute():
        return source
    if Path(os.path.normpath(out_dir / source)) == Path(os.path.normpath(path)):
        return source
    try:
        return Path(os.path.relpath(path, out_dir)).as_posix()
    except ValueError:  # another drive on Windows
        return path.as_posix()


class _Writer:
    def __init__(self, out_dir: Path) -> None:
        self.out_dir = out_dir
        self.lines: list[str] = ['<?xml version="1.0" encoding="UTF-8"?>']

    def add(self, depth: int, text: str) -> None:
        self.lines.append(" " * depth + text)

    def result(self) -> bytes:
        return ("\n".join(self.lines) + "\n").encode("utf-8")

    # properties

    def properties(self, depth: int, props: Properties) -> None:
        if not props:
            return
        self.add(depth, "<properties>")
        for name in sorted(props):
            self.property(depth + 1, name, props[name])
        self.add(depth, "</properties>")

    def property(self, depth: int, name: str, p: Property) -> None:
        head = [("name", name), ("type", None if p.type == "string" else p.type)]
        head.append(("propertytype", p.property_type or None))
        if p.type == "class":
            if p.members:
                self.add(depth, f"<property{_attrs(head)}>")
                self.properties(depth + 1, p.members)
                self.add(depth, "</property>")
            else:
                self.add(depth, f"<property{_attrs(head)}/>")
            return
        value = p.value
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, int | float):
            text = _num(value) if isinstance(value, float) else str(value)
        else:
            text = value
        if "\n" in text:
            self.add(depth, f"<property{_attrs(head)}>{_esc(text, attr=False)}</property>")
        else:
            self.add(depth, f"<property{_attrs([*head, ('value', text)])}/>")

    def image(self, depth: int, ref: ImageRef | None) -> None:
        if ref is None:
            self.add(depth, '<image source=""/>')
            return
        src = _rel_source(ref.source, ref.path, self.out_dir)
        attrs = [("source", src), ("trans", ref.trans)]
        attrs += [("width", str(ref.width)), ("height", str(ref.height))]
        self.add(depth, f"<image{_attrs(attrs)}/>")

    # tilesets

    def tileset_body(self, depth: int, ts: Tileset) -> None:
        if ts.tile_offset != (0, 0):
            x, y = ts.tile_offset
            self.add(depth, f'<tileoffset x="{x}" y="{y}"/>')
        self.properties(depth, ts.properties)
        if ts.image is not None:
            self.image(depth, ts.image)
        for tid in sorted(ts.tiles):
            tile = ts.tiles[tid]
            attrs = _attrs([("id", str(tid)), ("type", tile.type or None)])
            if not (tile.properties or tile.image or tile.objects or tile.animation):
                self.add(depth, f"<tile{attrs}/>")
                continue
            self.add(depth, f"<tile{attrs}>")
            self.properties(depth + 1, tile.properties)
            if tile.image is not None:
                self.image(depth + 1, tile.image)
            if tile.objects is not None:
                self.object_layer(depth + 1, tile.objects)
            if tile.animation:
                self.add(depth + 1, "<animation>")
                for frame_id, duration in tile.animation:
                    self.add(depth + 2, f'<frame tileid="{frame_id}" duration="{duration}"/>')
                self.add(depth + 1, "</animation>")
            self.add(depth, "</tile>")

    def tileset_head(self, ts: Tileset) -> list[tuple[str, str | None]]:
        return [
            ("name", ts.name),
            ("tilewidth", str(ts.tile_width)),
            ("tileheight", str(ts.tile_height)),
            ("spacing", str(ts.spacing) if ts.spacing else None),
            ("margin", str(ts.margin) if ts.margin else None),
            ("tilecount", str(ts.tile_count)),
            ("columns", str(ts.columns)),
        ]

    # layers

    def common(self, layer: Layer) -> list[tuple[str, str | None]]:
        return [
            ("id", str(layer.id) if layer.id > 0 else None),
            ("name", layer.name),
        ]

    def looks(self, layer: Layer) -> list[tuple[str, str | None]]:
        return [
            ("visible", None if layer.visible else "0"),
            ("opacity", None if layer.opacity == 1 else _num(layer.opacity)),
            ("offsetx", _num(layer.offset[0]) if layer.offset[0] else None),
            ("offsety", _num(layer.offset[1]) if layer.offset[1] else None),
        ]

    def tile_layer(self, depth: int, layer: TileLayer) -> None:
        attrs = self.common(layer)
        attrs += [("width", str(layer.width)), ("height", str(layer.height))]
        attrs += [*self.looks(layer), ("tintcolor", layer.tint)]
        self.add(depth, f"<layer{_attrs(attrs)}>")
        self.properties(depth + 1, layer.properties)
        self.add(depth + 1, '<data encoding="csv">')
        rows = [",".join(str(g & 0xFFFFFFFF) for g in row) for row in layer.data]
        self.lines.append(",\n".join(rows))
        self.lines.append("</data>")
        self.add(depth, "</layer>")

    def object_layer(self, depth: int, layer: ObjectLayer) -> None:
        # Tiled's order (MapWriter::writeObjectGroup): colour and draw order before the
        # common layer attributes, so Tiled re-saves our files without changing them.
        attrs = [
            ("color", layer.color),
            ("draworder", None if layer.draw_order == "topdown" else layer.draw_order),
            *self.common(layer),
            *self.looks(layer),
        ]
        if not layer.objects and not layer.properties:
            self.add(depth, f"<objectgroup{_attrs(attrs)}/>")
            return
        self.add(depth, f"<objectgroup{_attrs(attrs)}>")
        self.properties(depth + 1, layer.properties)
        for obj in layer.objects:
            self.map_object(depth + 1, obj)
        self.add(depth, "</objectgroup>")

    def map_object(self, depth: int, o: MapObject) -> None:
        attrs: list[tuple[str, str | None]] = [
            ("id", str(o.id)),
            ("name", o.name or None),
            ("type", o.type or None),
            ("gid", str(o.gid & 0xFFFFFFFF) if o.shape == "tile" else None),
            ("x", _num(o.x)),
            ("y", _num(o.y)),
            ("width", _num(o.width) if o.width else None),
            ("height", _num(o.height) if o.height else None),
            ("rotation", _num(o.rotation) if o.rotation else None),
            ("visible", None if o.visible else "0"),
        ]
        body: list[str] = []
        if o.shape in ("ellipse", "point"):
            body.append(f"<{o.shape}/>")
        elif o.shape in ("polygon", "polyline"):
            pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in o.points)
            body.append(f'<{o.shape} points="{pts}"/>')
        elif o.shape == "text":
            tattrs = _attrs(
                (k, o.text_attributes[k]) for k in _TEXT_ATTRS if k in o.text_attributes
            )
            body.append(f"<text{tattrs}>{_esc(o.text, attr=False)}</text>")
        if not body and not o.properties:
            self.add(depth, f"<object{_attrs(attrs)}/>")
            return
        self.add(depth, f"<object{_attrs(attrs)}>")
        self.properties(depth + 1, o.properties)
        for line in body:
            self.add(depth + 1, line)
        self.add(depth, "</object>")

    def image_layer(self, depth: int, layer: ImageLayer) -> None:
        attrs = self.common(layer) + self.looks(layer)
        attrs += [("repeatx", "1" if layer.repeat_x else None)]
        attrs += [("repeaty", "1" if layer.repeat_y else None)]
        self.add(depth, f"<imagelayer{_attrs(attrs)}>")
        self.properties(depth + 1, layer.properties)
        if layer.image is not None:
            self.image(depth + 1, layer.image)
        self.add(depth, "</imagelayer>")


def _written_tiled_version(tmx_map: TmxMap, tile_size: tuple[int, int]) -> str:
    """The `tiledversion` to write: ours (`TmxMap.tiled_version`), unless the map's tile
    size is laid out differently by the Tiled that saved it (`HexGrid.from_tmx`): then
    that Tiled's version, so that the file read back is laid out as the map was."""
    g = tmx_map.grid
    for version in (tmx_map.tiled_version, tmx_map.saved_by):
        laid_out = HexGrid.from_tmx(
            g.stagger_axis, g.stagger_index, *tile_size, g.side_length, version
        )
        if version and laid_out == g:
            return version
    return tmx_map.tiled_version


def tmx_bytes(tmx_map: TmxMap, out_dir: PathLike | None = None) -> bytes:
    """The TMX file `write_tmx` writes, for a file in folder `out_dir` (default: the map's
    own folder, or the current folder)."""
    if out_dir is None:
        out_dir = tmx_map.path.parent if tmx_map.path is not None else Path.cwd()
    out = Path(os.path.abspath(out_dir))
    w = _Writer(out)
    g = tmx_map.grid
    tw, th = tmx_map.file_tile_size or (g.tile_width, g.tile_height)
    head = [
        ("version", tmx_map.version),
        ("tiledversion", _written_tiled_version(tmx_map, (tw, th))),
        ("orientation", "hexagonal"),
        ("renderorder", tmx_map.render_order),
        ("width", str(tmx_map.width)),
        ("height", str(tmx_map.height)),
        ("tilewidth", str(tw)),
        ("tileheight", str(th)),
        ("infinite", "0"),
        ("hexsidelength", str(g.side_length)),
        ("staggeraxis", g.stagger_axis),
        ("staggerindex", g.stagger_index),
        ("backgroundcolor", tmx_map.background_color),
        ("nextlayerid", str(tmx_map.next_layer_id)),
        ("nextobjectid", str(tmx_map.next_object_id)),
    ]
    w.add(0, f"<map{_attrs(head)}>")
    w.properties(1, tmx_map.properties)
    for ts in tmx_map.tilesets:
        if ts.source is not None:
            src = ts.source
            if ts.source_path is not None:
                src = _rel_source(ts.source, ts.source_path, out)
            w.add(1, f'<tileset firstgid="{ts.first_gid}" source="{_esc(src)}"/>')
            continue
        w.add(1, f"<tileset{_attrs([('firstgid', str(ts.first_gid)), *w.tileset_head(ts)])}>")
        w.tileset_body(2, ts)
        w.add(1, "</tileset>")
    for layer in tmx_map.layers:
        if isinstance(layer, TileLayer):
            w.tile_layer(1, layer)
        elif isinstance(layer, ObjectLayer):
            w.object_layer(1, layer)
        else:
            w.image_layer(1, layer)
    w.add(0, "</map>")
    return w.result()


def tsx_bytes(tileset: Tileset, out_dir: PathLike) -> bytes:
    """The TSX file `write_tsx` writes, for a file in folder `out_dir`."""
    w = _Writer(Path(os.path.abspath(out_dir)))
    head = [("version", "1.8"), ("tiledversion", "1.8.2"), *w.tileset_head(tileset)]
    w.add(0, f"<tileset{_attrs(head)}>")
    w.tileset_body(1, tileset)
    w.add(0, "</tileset>")
    return w.result()


def write_tmx(tmx_map: TmxMap, path: PathLike) -> None:
    """Write `tmx_map` as a Tiled 1.8 TMX file, atomically. External tilesets are
    referenced (`<tileset firstgid source>`), not rewritten: use `write_tsx` for them."""
    p = Path(path)
    write_bytes(p, tmx_bytes(tmx_map, p.parent))


def write_tsx(tileset: Tileset, path: PathLike) -> None:
    """Write `tileset` as a Tiled 1.8 TSX file, atomically."""
    p = Path(path)
    write_bytes(p, tsx_bytes(tileset, p.parent))
