"""The TMX map reader: the XML checked, pytmx's parse, and what pytmx gets wrong repaired.

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

External tilesets are read once per process and path (`tmx_tsx_cache`): a map sharing a
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
"""

from __future__ import annotations

import itertools
import os
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

from dragonnoir.hexmap.tiled import HexGrid, StaggerAxis, StaggerIndex
from dragonnoir.hexmap.tmx_accept import (
    LAYER_TAGS,
    MAX_LAYERS,
    MAX_TILE_SIDE,
    PLAIN_ATTRS,
    check_cells,
    check_element,
    check_tile_size,
)
from dragonnoir.hexmap.tmx_data import check_data, decode_data
from dragonnoir.hexmap.tmx_objects import read_object_layer
from dragonnoir.hexmap.tmx_properties import read_properties
from dragonnoir.hexmap.tmx_pytmx import Undo, import_pytmx, pytmx_cls, restore, sanitise
from dragonnoir.hexmap.tmx_tilesets import read_image, read_tileset
from dragonnoir.hexmap.tmx_tsx_cache import external_tileset
from dragonnoir.hexmap.tmx_xml import Fail, bool_attr, describe, float_attr, int_attr, parse_xml
from dragonnoir.hexmap.tmxmodel import (
    GID_MASK,
    ImageLayer,
    Layer,
    ObjectLayer,
    TileLayer,
    Tileset,
    TmxMap,
)
from dragonnoir.i18n import _
from dragonnoir.safe_read import Missing, file_problem, name_problem, quoted


class MapReader:
    """Reads one map file: `MapReader(path).read()` (through `tmx.read_tmx`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fail = Fail(path)
        self.base = path.parent

    def read(self) -> TmxMap:
        fail = self.fail
        root = parse_xml(self.path, "map", fail)
        if root.tag != "map":
            raise fail(_("not a TMX map (root element is <{tag}>)").format(tag=root.tag))
        orientation = root.get("orientation", "orthogonal")
        if orientation != "hexagonal":
            raise fail(
                _("orientation '{orientation}' is not supported: only hexagonal maps").format(
                    orientation=orientation
                ),
                "map",
            )
        if root.get("infinite", "0") not in ("0", ""):
            raise fail(_("infinite maps are not supported: resize the map to a fixed size"), "map")
        check_element(root, "map", fail)
        axis = root.get("staggeraxis", "y")
        index = root.get("staggerindex", "odd")
        if axis not in ("x", "y"):
            raise fail(_("staggeraxis '{axis}' is neither 'x' nor 'y'").format(axis=axis), "map")
        if index not in ("odd", "even"):
            raise fail(
                _("staggerindex '{index}' is neither 'odd' nor 'even'").format(index=index), "map"
            )
        for key in ("width", "height", "tilewidth", "tileheight"):
            if int_attr(root, key, "map", fail) <= 0:
                raise fail(_("map {key} must be positive").format(key=key), "map")
        if int_attr(root, "hexsidelength", "map", fail, 0) < 0:
            raise fail(_("map hexsidelength must not be negative"), "map")
        map_size = (int_attr(root, "width", "map", fail), int_attr(root, "height", "map", fail))
        check_cells(map_size, _("map"), "map", fail)
        check_tile_size(
            int_attr(root, "tilewidth", "map", fail),
            int_attr(root, "tileheight", "map", fail),
            _("map tile size"),
            "map",
            fail,
        )
        if int_attr(root, "hexsidelength", "map", fail, 0) > MAX_TILE_SIDE:
            raise fail(
                _("map hexsidelength is more than {limit} pixels").format(limit=MAX_TILE_SIDE),
                "map",
            )
        count = sum(1 for el in root.iter() if el.tag in LAYER_TAGS)
        if count > MAX_LAYERS:
            raise fail(
                _("{count} layers: more than {MAX_LAYERS} are not supported").format(
                    count=count, MAX_LAYERS=MAX_LAYERS
                ),
                "map",
            )

        tilesets = self._tilesets(root)
        self._assign_layer_ids(root)
        # Every layer's data is checked and decoded here with pytmx's own decoder, in
        # document order, before the rest of the map is checked and before pytmx sees it:
        # a broken layer is reported with its name, the first broken layer first.
        layers = list(root.iter("layer"))
        decoded: dict[int, list[int]] = {}
        for el in layers:
            where = describe(el)
            check_element(el, where, fail)
            size = (
                int_attr(el, "width", where, fail, map_size[0]),
                int_attr(el, "height", where, fail, map_size[1]),
            )
            check_cells(size, _("tile layer"), where, fail)
            data = check_data(el, where, fail)
            decoded[id(el)] = decode_data(data, where, fail, size[0] * size[1])
        self._validate(root, "map")
        tm = self._pytmx(root, layers, tilesets)
        return self._build(root, tm, tilesets, decoded, cast(StaggerAxis, axis), index)

    def _tilesets(self, root: ET.Element) -> list[tuple[ET.Element, Tileset]]:
        out: list[tuple[ET.Element, Tileset]] = []
        fail = self.fail
        for el in root.findall("tileset"):
            first_gid = int_attr(el, "firstgid", describe(el), fail)
            if first_gid <= 0:
                raise fail(_("tileset firstgid must be positive"), describe(el))
            source = el.get("source")
            if source:
                where = f"tileset {quoted(source)}"
                refused = name_problem(self.base, source, "tileset")
                if refused is not None:
                    raise fail(refused, where)
                tsx_path = Path(os.path.normpath(self.base / source))
                problem = file_problem(tsx_path)
                if isinstance(problem, Missing):
                    raise fail(
                        _("external tileset '{source}' not found (looked for {tsx_path})").format(
                            source=source, tsx_path=tsx_path
                        ),
                        where,
                    )
                if problem is not None:
                    raise fail(_("external tileset {problem}").format(problem=problem), where)
                out.append(external_tileset(tsx_path, first_gid, source, fail))
            else:
                out.append((el, read_tileset(el, first_gid, self.base, fail)))
        for (_first, a), (_second, b) in itertools.pairwise(out):
            if b.first_gid <= a.first_gid:
                raise fail(
                    _("tilesets are not in increasing firstgid order"), f"tileset '{b.name}'"
                )
        return out

    def _assign_layer_ids(self, root: ET.Element) -> None:
        """Give layers without an id (files from Tiled < 1.2) the ids Tiled gives them
        when it loads the map: the next free ids, in document order."""
        self.layer_ids: dict[int, int] = {}
        next_id = int_attr(root, "nextlayerid", "map", self.fail, 0)
        elements: list[ET.Element] = []

        def walk(parent: ET.Element) -> None:
            for el in parent:
                if el.tag in LAYER_TAGS:
                    elements.append(el)
                    if el.tag == "group":
                        walk(el)

        walk(root)
        used = [int_attr(el, "id", describe(el), self.fail, 0) for el in elements]
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
                plain = PLAIN_ATTRS.get(tag)
                if plain is None or child.attrib.keys() <= plain:
                    continue
            if tag in LAYER_TAGS:
                place = describe(child)
            elif tag == "object":
                place = f"{where}, object {child.get('id', '?')}"
            else:
                place = where
            check_element(child, place, self.fail)
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
        pytmx = import_pytmx()

        # pytmx parses the map's own tree, sanitised in place and put back afterwards:
        # much cheaper than a copy (pytmx only reads the tree).
        undo: Undo = []
        stubbed: list[tuple[ET.Element, int, ET.Element]] = []
        replaced: list[tuple[int, ET.Element]] = []
        try:
            sanitise(root, undo)
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
                raise self.fail(
                    _("pytmx cannot parse the map: {name}: {e}").format(name=type(e).__name__, e=e)
                ) from None
        finally:
            for el, pos, data in reversed(stubbed):
                el[pos] = data
            for pos, el in reversed(replaced):
                root[pos] = el
            restore(undo)
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
            raise fail(_("hexsidelength {side} is not an integer").format(side=side), "map")
        saved_by = root.get("tiledversion", "")
        grid = HexGrid.from_tmx(axis, cast(StaggerIndex, index), tw, th, int(side), saved_by)
        m = TmxMap(
            path=self.path,
            width=int(tm.width),
            height=int(tm.height),
            grid=grid,
            properties=read_properties(root, "map", fail, checked=True),
            orientation="hexagonal",
            render_order=str(tm.renderorder),
            background_color=root.get("backgroundcolor"),
            file_tile_size=None if (tw, th) == (grid.tile_width, grid.tile_height) else (tw, th),
            saved_by=saved_by,
        )
        # Tilesets: geometry from pytmx, the rest (typed properties, tiles, images as
        # written, integer tile offsets) from the XML.
        if len(tm.tilesets) != len(tilesets):
            raise fail(_("pytmx and the XML disagree on the number of tilesets"), "map")
        for pts, (_source, ts) in zip(tm.tilesets, tilesets, strict=True):
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
            "layer": iter([x for x in tm.layers if isinstance(x, pytmx_cls("TiledTileLayer"))]),
            "objectgroup": iter(
                [x for x in tm.layers if isinstance(x, pytmx_cls("TiledObjectGroup"))]
            ),
            "imagelayer": iter(
                [x for x in tm.layers if isinstance(x, pytmx_cls("TiledImageLayer"))]
            ),
        }
        self._layers(root, m, kinds, decoded, (0.0, 0.0), 1.0, True)
        m.next_layer_id = self.next_layer_id
        max_object_id = max((o.id for ol in m.object_layers() for o in ol.objects), default=0)
        m.next_object_id = int_attr(root, "nextobjectid", "map", fail, max_object_id + 1)
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
            if el.tag not in LAYER_TAGS:
                continue
            where = describe(el)  # (every element here passed _validate)
            off = (
                offset[0] + float_attr(el, "offsetx", where, fail),
                offset[1] + float_attr(el, "offsety", where, fail),
            )
            if el.tag == "group":
                if el.find("properties") is not None and read_properties(el, where, fail, True):
                    raise fail(
                        _(
                            "custom properties on a group layer are not supported (groups are "
                            "flattened into their layers)"
                        ),
                        where,
                    )
                if el.get("tintcolor"):
                    raise fail(_("tint colour on a group layer is not supported"), where)
                self._layers(
                    el,
                    m,
                    kinds,
                    decoded,
                    off,
                    opacity * float_attr(el, "opacity", where, fail, 1.0),
                    visible and bool_attr(el, "visible"),
                )
                continue
            py = next(kinds[el.tag], None)
            if py is None:
                raise fail(_("pytmx and the XML disagree on the layers"), where)
            layer: Layer
            if el.tag == "layer":
                layer = self._tile_layer(el, py, decoded[id(el)], where)
                layer.offset = off
                layer.opacity *= opacity
                layer.visible = layer.visible and visible
            elif el.tag == "objectgroup":
                layer = read_object_layer(el, where, fail, py, offset, opacity, visible, True)
                layer.id = self.layer_ids[id(el)]
            else:
                layer = self._image_layer(el, where, off, opacity, visible)
            m.layers.append(layer)

    def _tile_layer(self, el: ET.Element, py: Any, raw: list[int], where: str) -> TileLayer:
        fail = self.fail
        width, height = int(py.width), int(py.height)
        if width <= 0 or height <= 0:
            raise fail(_("tile layer width and height must be positive"), where)
        if len(raw) != width * height:
            raise fail(
                _("layer data has {count} cells, expected {width}x{height} = {value}").format(
                    count=len(raw), width=width, height=height, value=width * height
                ),
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
            properties=read_properties(el, where, fail, checked=True),
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
            raise fail(_("tint colour on an image layer is not supported"), where)
        img_el = el.find("image")
        image = None
        if img_el is not None:
            owner = f"image layer '{el.get('name', '')}'"
            image = read_image(img_el, self.base, owner, where, fail, checked=True)
        return ImageLayer(
            name=el.get("name", ""),
            image=image,
            id=self.layer_ids[id(el)],
            visible=visible and bool_attr(el, "visible"),
            opacity=opacity * float_attr(el, "opacity", where, fail, 1.0),
            offset=offset,
            properties=read_properties(el, where, fail, checked=True),
            repeat_x=bool_attr(el, "repeatx", False),
            repeat_y=bool_attr(el, "repeaty", False),
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
                                _("gid {gid} (raw {raw}) points at no tileset").format(
                                    gid=gid, raw=raw
                                ),
                                f"layer '{layer.name}', col {col}, row {row}",
                            )
            elif isinstance(layer, ObjectLayer):
                for obj in layer.objects:
                    gid = obj.gid & GID_MASK
                    if obj.shape == "tile" and m.tileset_for(gid) is None:
                        raise fail(
                            _("tile object gid {gid} points at no tileset").format(gid=gid),
                            f"object layer '{layer.name}', object {obj.id}",
                        )
