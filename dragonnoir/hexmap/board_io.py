"""Read and write Dragon Noir boards as Tiled TMX (the format of docs/map-format.md).

`tmx_to_board` interprets a parsed map (terrain, levels and features layers; edges and
zones object layers; board properties) and refuses anything it cannot place exactly,
naming the file, the layer and the cell or object. `board_to_tmx` is its inverse, so a
board written and read back is the same board, and Tiled can edit what we write.
"""

from __future__ import annotations

import functools
import math
import os
from collections.abc import Iterable, Mapping
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Final, Protocol, TypeVar

from dragonnoir.errors import MapFormatError
from dragonnoir.hexmap.board import (
    LEVELS,
    Board,
    Cell,
    EdgeFeature,
    SideLabel,
    Zone,
    ZoneKind,
    check_board_size,
)
from dragonnoir.hexmap.board_tilesets import TILESET_DIR, standard_tilesets
from dragonnoir.hexmap.hexes import Edge, Hex
from dragonnoir.hexmap.terrain_ids import default_terrain_ids
from dragonnoir.hexmap.tiled import HexGrid, Point
from dragonnoir.hexmap.tmx import gc_paused, read_tmx, write_tmx
from dragonnoir.hexmap.tmxmodel import (
    GID_MASK,
    MapObject,
    ObjectLayer,
    Properties,
    Property,
    PropertyValue,
    TileLayer,
    TmxMap,
)
from dragonnoir.i18n import _

if TYPE_CHECKING:
    from dragonnoir.hexmap.terrain import TerrainTable

FORMAT_VERSION = 1
TERRAIN_LAYER = "terrain"
LEVELS_LAYER = "levels"
FEATURES_LAYER = "features"
EDGES_LAYER = "edges"
ZONES_LAYER = "zones"
BOARDS_LAYER = "boards"  # only in composed layouts (hexmap/layout.py)

_BOARD_KEYS = ("board_id", "board_name", "side_top", "side_bottom", "arrows", "format")


# -- reading -------------------------------------------------------------------------


def load_board(path: Path | str, terrain: TerrainTable | None = None) -> Board:
    """Load a board from a TMX file; any fault is a MapFormatError naming file and place."""
    p = Path(path)
    with gc_paused():
        return tmx_to_board(read_tmx(p), terrain, path=p)


def tmx_to_board(
    tmx: TmxMap, terrain: TerrainTable | None = None, path: Path | None = None
) -> Board:
    """Interpret a parsed TMX map as a board (see docs/map-format.md)."""
    path = path or tmx.path
    # Only the ids are needed here: without a table, the light reading (terrain_ids.py).
    known_ids = terrain.ids() if terrain is not None else default_terrain_ids()
    known = frozenset(known_ids)

    def fail(message: str, place: str | None = None) -> MapFormatError:
        return MapFormatError(path, message, place)

    grid = tmx.grid
    if grid.stagger_axis != "y" or grid.stagger_index != "odd":
        raise fail(
            _(
                'a board must use staggeraxis="y" and staggerindex="odd" (pointy-top hexes), '
                "not {stagger_axis}/{stagger_index}"
            ).format(stagger_axis=grid.stagger_axis, stagger_index=grid.stagger_index),
            "<map>",
        )
    file_tw, file_th = tmx.file_tile_size or (grid.tile_width, grid.tile_height)
    for label, size in (
        ("tilewidth", file_tw),
        ("tileheight", file_th),
        ("hexsidelength", grid.side_length),
    ):
        if size <= 0 or size % 2:
            raise fail(
                _("{label} must be a positive even number (got {size})").format(
                    label=label, size=size
                ),
                "<map>",
            )
    why = check_board_size(tmx.width, tmx.height)
    if why:
        raise fail(why, "<map>")

    props = {k: p.value for k, p in tmx.properties.items()}
    board_id = props.get("board_id")
    if not isinstance(board_id, str) or not board_id:
        raise fail(_("missing map property 'board_id' (a snake_case id)"), "map properties")
    board_name = props.get("board_name", board_id)
    side_top = _side_label(props.get("side_top", "X"), "side_top", fail)
    side_bottom = _side_label(props.get("side_bottom", "Y"), "side_bottom", fail)
    if side_top == side_bottom or SideLabel.ARROW in (side_top, side_bottom):
        raise fail(
            _(
                "side_top and side_bottom must be X and Y, one each (got {side_top}, {side_bottom})"
            ).format(side_top=side_top, side_bottom=side_bottom),
            "map properties",
        )
    arrows = props.get("arrows", "up")
    if arrows not in ("up", "down"):
        raise fail(
            _("property 'arrows' must be 'up' or 'down', not {arrows!r}").format(arrows=arrows),
            "map properties",
        )
    fmt = props.get("format", FORMAT_VERSION)
    if fmt != FORMAT_VERSION:
        raise fail(
            _("board format {fmt!r} is not supported (expected {FORMAT_VERSION})").format(
                fmt=fmt, FORMAT_VERSION=FORMAT_VERSION
            )
        )

    terrain_layer = _tile_layer(tmx, TERRAIN_LAYER, required=True, fail=fail)
    levels_layer = _tile_layer(tmx, LEVELS_LAYER, required=False, fail=fail)
    features_layer = _tile_layer(tmx, FEATURES_LAYER, required=False, fail=fail)
    assert terrain_layer is not None

    # A composed layout (it records its boards in a `boards` object layer) may have gaps
    # where no board lies: there an empty cell is simply not part of the map.
    composed = any(layer.name == BOARDS_LAYER for layer in tmx.object_layers())
    tile_value = _TileValues(tmx, fail)

    def board_cell(col: int, row: int) -> Cell | None:
        """The cell at an on-board (col, row), None for a gap of a composed layout."""
        place = f"layer '{TERRAIN_LAYER}', cell ({col}, {row})"
        tid = tile_value(terrain_layer, col, row, "terrain")
        if tid is None:
            if composed:
                return None
            raise fail(_("board cell has no terrain tile"), place)
        if not isinstance(tid, str) or tid not in known:
            listed = ", ".join(known_ids)
            raise fail(
                _("unknown terrain id {tid!r} (known: {listed})").format(tid=tid, listed=listed),
                place,
            )
        level = 0.0
        if levels_layer is not None:
            raw_level = tile_value(levels_layer, col, row, "level")
            if raw_level is not None:
                if (
                    isinstance(raw_level, bool)
                    or not isinstance(raw_level, int | float)
                    or float(raw_level) not in LEVELS
                ):
                    raise fail(
                        _("level must be one of {choices}, not {raw_level!r}").format(
                            choices=", ".join(map(str, LEVELS)), raw_level=raw_level
                        ),
                        f"layer '{LEVELS_LAYER}', cell ({col}, {row})",
                    )
                level = float(raw_level)
        walkway = walkway_end = False
        if features_layer is not None:
            feat = tile_value(features_layer, col, row, "feature")
            if feat == "walkway":
                walkway = True
            elif feat == "walkway_end":
                walkway_end = True
            elif feat is not None:
                raise fail(
                    _("unknown feature {feat!r} (known: walkway, walkway_end)").format(feat=feat),
                    f"layer '{FEATURES_LAYER}', cell ({col}, {row})",
                )
        return Cell(tid, level, walkway, walkway_end)

    def off_board(col: int, row: int) -> None:
        """Refuse a tile on the last cell of an odd row (outside the board)."""
        if terrain_layer.gid_at(col, row):
            tile_value(terrain_layer, col, row, "terrain")  # its own error first, if any
            raise fail(
                _("this cell lies outside the board (last cell of an odd row) and must stay empty"),
                f"layer '{TERRAIN_LAYER}', cell ({col}, {row})",
            )
        for extra in (levels_layer, features_layer):
            if extra is not None and extra.gid_at(col, row):
                raise fail(
                    _("this cell lies outside the board and must stay empty"),
                    f"layer '{extra.name}', cell ({col}, {row})",
                )

    # Cells are decided per combination of the three layers' gids (a board uses a few
    # dozen), in the same row-major order as always, so the first fault reported is the
    # same; the hexes of the cells come from a per-grid table.
    hex_rows = _cell_hexes(grid, tmx.width, tmx.height)
    width = tmx.width
    no_row = [0] * width
    known_cells: dict[tuple[int, int, int], Cell | None] = {}
    cells: dict[Hex, Cell] = {}
    for row in range(tmx.height):
        t_row = terrain_layer.data[row]
        l_row = levels_layer.data[row] if levels_layer is not None else no_row
        f_row = features_layer.data[row] if features_layer is not None else no_row
        hexes = hex_rows[row]
        last = width - 1 if row % 2 else width  # odd rows: the last cell is off the board
        for col in range(width):
            if col >= last:
                off_board(col, row)
                continue
            key = (t_row[col] & GID_MASK, l_row[col] & GID_MASK, f_row[col] & GID_MASK)
            cell = known_cells.get(key, _UNKNOWN)
            if cell is _UNKNOWN:
                cell = known_cells[key] = board_cell(col, row)
            if cell is not None:
                cells[hexes[col]] = cell

    edges = _read_edges(tmx, grid, cells, fail)
    zones = _read_zones(tmx, grid, cells, fail)
    extra_props = {k: v for k, v in props.items() if k not in _BOARD_KEYS}
    return Board(
        id=board_id,
        name=str(board_name),
        width=tmx.width,
        height=tmx.height,
        cells=cells,
        edges=edges,
        zones=zones,
        side_top=side_top,
        side_bottom=side_bottom,
        arrows=str(arrows),
        grid=grid,
        source=path,
        properties=extra_props,
    )


class _Fail(Protocol):
    """Type of the local error factory passed to helpers."""

    def __call__(self, message: str, place: str | None = None) -> MapFormatError: ...


def _side_label(value: PropertyValue, key: str, fail: _Fail) -> SideLabel:
    if value not in ("X", "Y"):
        raise fail(
            _("property {key!r} must be 'X' or 'Y', not {value!r}").format(key=key, value=value),
            "map properties",
        )
    return SideLabel(str(value))


def _tile_layer(tmx: TmxMap, name: str, required: bool, fail: _Fail) -> TileLayer | None:
    found = [layer for layer in tmx.layers if layer.name == name]
    if not found:
        if required:
            raise fail(_("missing tile layer '{name}'").format(name=name))
        return None
    if len(found) > 1:
        raise fail(
            _("there are {count} layers named '{name}'; keep one").format(
                count=len(found), name=name
            )
        )
    layer = found[0]
    if not isinstance(layer, TileLayer):
        raise fail(_("layer '{name}' must be a tile layer").format(name=name))
    if layer.width != tmx.width or layer.height != tmx.height:
        raise fail(
            _("layer '{name}' is {width}x{height}, the map is {width2}x{height2}").format(
                name=name,
                width=layer.width,
                height=layer.height,
                width2=tmx.width,
                height2=tmx.height,
            )
        )
    return layer


def _tile_property(
    tmx: TmxMap, layer: TileLayer, col: int, row: int, key: str, fail: _Fail
) -> PropertyValue | None:
    """The property `key` of the tile at a cell, None for an empty cell."""
    gid = layer.gid_at(col, row)
    if gid == 0:
        return None
    ts = tmx.tileset_for(gid)
    place = f"layer '{layer.name}', cell ({col}, {row})"
    if ts is None:
        raise fail(_("tile gid {gid} belongs to no tileset").format(gid=gid), place)
    tile = ts.tiles.get(gid - ts.first_gid)
    prop = tile.properties.get(key) if tile is not None else None
    if prop is None:
        raise fail(
            _(
                "tile {value} of tileset '{name}' has no '{key}' property (only tiles of the "
                "standard {name2} tileset belong on this layer)"
            ).format(value=gid - ts.first_gid, name=ts.name, key=key, name2=layer.name),
            place,
        )
    return prop.value


class _TileValues:
    """`_tile_property` of one map, resolved once per (layer, gid) instead of per cell;
    a cell whose tile has no such property still fails with that cell's place."""

    def __init__(self, tmx: TmxMap, fail: _Fail) -> None:
        self.tmx = tmx
        self.fail = fail
        self.known: dict[tuple[int, int], PropertyValue | None] = {}

    def __call__(self, layer: TileLayer, col: int, row: int, key: str) -> PropertyValue | None:
        gid = layer.data[row][col] & GID_MASK
        if gid == 0:
            return None
        memo = (id(layer), gid)
        if memo in self.known:
            return self.known[memo]
        value = _tile_property(self.tmx, layer, col, row, key, self.fail)
        self.known[memo] = value
        return value


#: Marks a combination of gids not decided yet (None means "no cell there").
_UNKNOWN: Final = Cell("")


@functools.lru_cache(maxsize=32)
def _cell_hexes(grid: HexGrid, width: int, height: int) -> tuple[tuple[Hex, ...], ...]:
    """`grid.to_hex(col, row)` of every cell of a width x height map, by row."""
    return tuple(tuple(grid.to_hex(col, row) for col in range(width)) for row in range(height))


@functools.lru_cache(maxsize=32)
def board_hexes(grid: HexGrid, width: int, height: int) -> tuple[Hex, ...]:
    """The hexes of every on-board cell of a width x height board, row by row: the keys
    of `tmx_to_board`'s `cells`, in their order, for a board without gaps (the very
    objects, shared with `_cell_hexes`)."""
    rows = _cell_hexes(grid, width, height)
    return tuple(h for row in range(height) for h in rows[row][: width - row % 2])


def _snap_corner(grid: HexGrid, x: float, y: float) -> Point | None:
    h = grid.pixel_to_hex(x, y)
    best = min(grid.hex_polygon(h), key=lambda p: (p[0] - x) ** 2 + (p[1] - y) ** 2)
    if math.dist(best, (x, y)) > grid.side_length / 4:
        return None
    return best


def _edge_between(grid: HexGrid, p: Point, q: Point) -> Edge | None:
    """The hex side whose ends are corners p and q, if there is one."""
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return None
    nx, ny = -dy / length * 2, dx / length * 2
    a = grid.pixel_to_hex(mx + nx, my + ny)
    b = grid.pixel_to_hex(mx - nx, my - ny)
    if a.distance(b) != 1:
        return None
    ends = grid.edge_segment(a, b)
    if {ends[0], ends[1]} != {p, q}:
        return None
    return Edge(a, b)


class _Geometry:
    """Exact shortcuts for `_snap_corner`, `_edge_between` and `grid.pixel_to_hex` on the
    points a board file normally holds: hex corners and hex centres, looked up in tables
    of the grid's outlines instead of searched for (the outlines tile the plane, so a
    corner is a corner of exactly the three hexes that meet there, and two corners are
    the ends of one side exactly when they share two hexes). Any other point, or a corner
    at the rim of the tables, takes the general functions above, so the answers (and the
    errors they lead to) are the same either way."""

    def __init__(self, grid: HexGrid, width: int, height: int) -> None:
        corners: dict[Point, list[Hex]] = {}
        centres: dict[Point, Hex] = {}
        # One ring of cells around the map, so every corner of a map cell is complete.
        for row in range(-1, height + 1):
            for col in range(-1, width + 1):
                h = grid.to_hex(col, row)
                centres[grid.cell_centre(col, row)] = h
                for corner in grid.cell_polygon(col, row):
                    corners.setdefault(corner, []).append(h)
        self.corners = {p: frozenset(hs) for p, hs in corners.items() if len(hs) == 3}
        self.centres = centres
        # Sides found by `edge_between`, by their two corners in the order asked: the
        # same (immutable) Edge for every board of this geometry.
        self.sides: dict[tuple[Point, Point], Edge] = {}

    def snap_corner(self, grid: HexGrid, x: float, y: float) -> Point | None:
        if (x, y) in self.corners:
            return (x, y)
        return _snap_corner(grid, x, y)

    def edge_between(self, grid: HexGrid, p: Point, q: Point) -> Edge | None:
        known = self.sides.get((p, q))
        if known is not None:
            return known
        edge = self._edge_between(grid, p, q)
        if edge is not None and p in self.corners and q in self.corners:
            self.sides[(p, q)] = edge  # (a bounded table: sides of the map's cells)
        return edge

    def _edge_between(self, grid: HexGrid, p: Point, q: Point) -> Edge | None:
        at_p = self.corners.get(p)
        at_q = self.corners.get(q)
        if at_p is None or at_q is None:
            return _edge_between(grid, p, q)
        if p == q:
            return None
        shared = at_p & at_q
        if len(shared) != 2:
            return None
        a, b = shared
        return Edge(a, b)

    def pixel_to_hex(self, grid: HexGrid, x: float, y: float) -> Hex:
        h = self.centres.get((x, y))
        return h if h is not None else grid.pixel_to_hex(x, y)


@functools.lru_cache(maxsize=32)
def _geometry(grid: HexGrid, width: int, height: int) -> _Geometry | None:
    """The lookup tables of a map's grid, or None for a grid too small or too skewed
    for them to be sure to agree with the general functions (`_geometry_agrees`)."""
    if not _geometry_agrees(grid):
        return None
    return _Geometry(grid, width, height)


@functools.lru_cache(maxsize=32)
def _geometry_agrees(grid: HexGrid) -> bool:
    """Check the tables against the general functions on a block of cells: both row
    parities, every corner, side, pair of corners two apart, and centre. The grid repeats
    every two rows and its outlines have integer corners, so what holds there holds on
    the whole map."""
    if grid.stagger_axis != "y" or min(grid.tile_width, grid.tile_height) < 8:
        return False
    if grid.side_length < 4 or grid.side_offset_y < 2:
        return False
    geo = _Geometry(grid, 4, 4)
    for row in (1, 2):
        for col in (1, 2):
            poly = grid.cell_polygon(col, row)
            h = grid.to_hex(col, row)
            if any(c != float(int(c)) for p in poly for c in p):
                return False
            if geo.pixel_to_hex(grid, *grid.cell_centre(col, row)) != h:
                return False
            if grid.pixel_to_hex(*grid.cell_centre(col, row)) != h:
                return False
            for i, p in enumerate(poly):
                if _snap_corner(grid, *p) != p or geo.snap_corner(grid, *p) != p:
                    return False
                for step in (1, 2, 3):
                    q = poly[(i + step) % 6]
                    if geo.edge_between(grid, p, q) != _edge_between(grid, p, q):
                        return False
                if geo.edge_between(grid, p, p) is not None:
                    return False
    return True


#: `EdgeFeature(value)` and `ZoneKind(value)` as plain lookups (None: no such member).
_EDGE_FEATURES: Final = {f.value: f for f in EdgeFeature}
_ZONE_KINDS: Final = {k.value: k for k in ZoneKind}
_E = TypeVar("_E", bound=StrEnum)


def _member(obj: MapObject, key: str, members: Mapping[str, _E], fail: _Fail, where: str) -> _E:
    """The object's property `key` as one of `members` (value -> enum member), or the
    error naming the allowed values."""
    raw = obj.properties.get(key)
    found = members.get(str(raw.value)) if raw else None
    if found is None:
        got = repr(raw.value) if raw else "none"
        raise fail(
            _("property {key!r} must be one of {choices} (got {got})").format(
                key=key, choices=", ".join(members), got=got
            ),
            where,
        )
    return found


def _read_edges(
    tmx: TmxMap, grid: HexGrid, cells: dict[Hex, Cell], fail: _Fail
) -> dict[Edge, EdgeFeature]:
    edges: dict[Edge, EdgeFeature] = {}
    geo = _geometry(grid, tmx.width, tmx.height)
    snap_corner = functools.partial(geo.snap_corner if geo else _snap_corner, grid)
    edge_between = functools.partial(geo.edge_between if geo else _edge_between, grid)
    for layer in tmx.object_layers():
        if layer.name != EDGES_LAYER:
            continue
        for obj in layer.objects:
            where = f"layer '{EDGES_LAYER}', object {obj.id}"
            feature = _member(obj, "feature", _EDGE_FEATURES, fail, where)
            if obj.shape not in ("polyline", "polygon") or len(obj.points) < 2:
                raise fail(_("an edge feature must be a polyline of at least two points"), where)
            pts = obj.absolute_points()
            if obj.shape == "polygon" and len(pts) > 2:
                pts.append(pts[0])
            snapped: list[Point] = []
            for i, (x, y) in enumerate(pts):
                s = snap_corner(x, y)
                if s is None:
                    raise fail(
                        _("point {i} ({x:g}, {y:g}) is not on a hex corner").format(i=i, x=x, y=y),
                        where,
                    )
                snapped.append(s)
            for i in range(len(snapped) - 1):
                edge = edge_between(snapped[i], snapped[i + 1])
                if edge is None:
                    raise fail(
                        _("points {i} and {value} are not the two ends of one hex side").format(
                            i=i, value=i + 1
                        ),
                        where,
                    )
                if edge.a not in cells and edge.b not in cells:
                    raise fail(_("segment {i} lies outside the board").format(i=i), where)
                edges[edge] = feature
    return edges


def _zone_hexes(
    obj: MapObject, grid: HexGrid, centres: list[tuple[Hex, Point]], geo: _Geometry | None
) -> set[Hex]:
    """The hexes of a zone object; `centres` are the board's cells and their centres."""
    if obj.shape == "point":
        if geo is not None:
            return {geo.pixel_to_hex(grid, obj.x, obj.y)}
        return {grid.pixel_to_hex(obj.x, obj.y)}
    inside: set[Hex] = set()
    poly = obj.absolute_points()
    for h, (cx, cy) in centres:
        if obj.shape == "rectangle":
            hit = obj.x <= cx <= obj.x + obj.width and obj.y <= cy <= obj.y + obj.height
        elif obj.shape == "ellipse":
            rx, ry = obj.width / 2, obj.height / 2
            ex, ey = obj.x + rx, obj.y + ry
            hit = rx > 0 and ry > 0 and ((cx - ex) / rx) ** 2 + ((cy - ey) / ry) ** 2 <= 1
        else:
            hit = _point_in_polygon(poly, cx, cy)
        if hit:
            inside.add(h)
    return inside


def _point_in_polygon(poly: list[Point], x: float, y: float) -> bool:
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


def _read_zones(tmx: TmxMap, grid: HexGrid, cells: dict[Hex, Cell], fail: _Fail) -> list[Zone]:
    """Objects that share a kind and a name form one zone (so a zone of scattered hexes
    can be drawn as several points in Tiled)."""
    merged: dict[tuple[ZoneKind, str], tuple[set[Hex], dict[str, PropertyValue]]] = {}
    geo = _geometry(grid, tmx.width, tmx.height)
    centres: list[tuple[Hex, Point]] | None = None
    for layer in tmx.object_layers():
        if layer.name != ZONES_LAYER:
            continue
        for obj in layer.objects:
            where = f"layer '{ZONES_LAYER}', object {obj.id}"
            kind = _member(obj, "kind", _ZONE_KINDS, fail, where)
            if not obj.name:
                raise fail(_("a zone needs a name"), where)
            if obj.shape not in ("point", "rectangle", "polygon", "ellipse"):
                raise fail(
                    _(
                        "a zone must be a point, rectangle, ellipse or polygon, not a {shape}"
                    ).format(shape=obj.shape),
                    where,
                )
            if obj.rotation:
                raise fail(_("rotated zone objects are not supported"), where)
            if centres is None and obj.shape != "point":
                centres = [(h, grid.hex_centre(h)) for h in cells]
            hexes = _zone_hexes(obj, grid, centres or [], geo)
            outside = sorted(h for h in hexes if h not in cells)
            if outside:
                col, row = grid.to_cell(outside[0])
                raise fail(
                    _("zone '{name}' reaches cell ({col}, {row}), off the board").format(
                        name=obj.name, col=col, row=row
                    ),
                    where,
                )
            if not hexes:
                raise fail(_("zone '{name}' covers no hex centre").format(name=obj.name), where)
            extra = {k: p.value for k, p in obj.properties.items() if k != "kind"}
            key = (kind, obj.name)
            if key in merged:
                merged[key][0].update(hexes)
                merged[key][1].update(extra)
            else:
                merged[key] = (set(hexes), extra)
    names = [name for _, name in merged]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise fail(
            _("zone name '{dupes}' is used for two kinds of zone").format(dupes=dupes[0]),
            ZONES_LAYER,
        )
    return [
        Zone(kind, name, frozenset(hexes), dict(extra))
        for (kind, name), (hexes, extra) in merged.items()
    ]


# -- writing -------------------------------------------------------------------------


def save_board(board: Board, path: Path | str, tileset_dir: Path = TILESET_DIR) -> None:
    """Write a board as TMX (atomically) that refers to the standard tilesets."""
    p = Path(path)
    write_tmx(board_to_tmx(board, p, tileset_dir), p)


def _value_type(v: PropertyValue) -> Property:
    if isinstance(v, bool):
        return Property(v, "bool")
    if isinstance(v, int):
        return Property(v, "int")
    if isinstance(v, float):
        return Property(v, "float")
    return Property(v)


def board_to_tmx(board: Board, path: Path, tileset_dir: Path = TILESET_DIR) -> TmxMap:
    """Build the TMX model of a board, with tileset paths relative to `path`."""
    tilesets = standard_tilesets(tileset_dir)
    rel_dir = Path(os.path.relpath(tileset_dir, Path(path).resolve().parent))
    for ts in tilesets:
        ts.source = (rel_dir / f"{ts.name}.tsx").as_posix()
    terrain_ts, levels_ts, features_ts = tilesets
    terrain_gid = {
        str(t.properties["terrain"].value): terrain_ts.first_gid + i
        for i, t in terrain_ts.tiles.items()
    }
    level_gid = {
        float(t.properties["level"].value): levels_ts.first_gid + i
        for i, t in levels_ts.tiles.items()
    }
    feature_gid = {
        str(t.properties["feature"].value): features_ts.first_gid + i
        for i, t in features_ts.tiles.items()
    }
    w, h = board.width, board.height
    terrain_rows = [[0] * w for _ in range(h)]
    level_rows = [[0] * w for _ in range(h)]
    feature_rows = [[0] * w for _ in range(h)]
    for hx, cell in board.cells.items():
        col, row = board.grid.to_cell(hx)
        if cell.terrain not in terrain_gid:
            raise MapFormatError(
                path,
                _("unknown terrain id {terrain!r}").format(terrain=cell.terrain),
                f"cell ({col}, {row})",
            )
        terrain_rows[row][col] = terrain_gid[cell.terrain]
        if cell.level != 0.0:
            level_rows[row][col] = level_gid[cell.level]
        if cell.walkway:
            feature_rows[row][col] = feature_gid["walkway"]
        elif cell.walkway_end:
            feature_rows[row][col] = feature_gid["walkway_end"]

    layers: list[TileLayer | ObjectLayer] = [
        TileLayer(TERRAIN_LAYER, w, h, terrain_rows, id=1),
        TileLayer(LEVELS_LAYER, w, h, level_rows, id=2, opacity=1.0),
        TileLayer(FEATURES_LAYER, w, h, feature_rows, id=3),
    ]
    next_id = 1
    edge_objects: list[MapObject] = []
    for feature, chain in _edge_chains(board):
        pts = [board.grid.corner_point(*c) for c in chain]
        ox, oy = pts[0]
        edge_objects.append(
            MapObject(
                id=next_id,
                x=ox,
                y=oy,
                shape="polyline",
                points=[(px - ox, py - oy) for px, py in pts],
                properties={"feature": Property(feature.value)},
            )
        )
        next_id += 1
    zone_objects: list[MapObject] = []
    for zone in board.zones:
        for hx in sorted(zone.hexes):
            x, y = board.grid.hex_centre(hx)
            props: Properties = {"kind": Property(zone.kind.value)}
            props.update({k: _value_type(v) for k, v in zone.properties.items()})
            zone_objects.append(
                MapObject(id=next_id, x=x, y=y, shape="point", name=zone.name, properties=props)
            )
            next_id += 1
    layers.append(ObjectLayer(EDGES_LAYER, edge_objects, id=4, color="#d04010"))
    layers.append(ObjectLayer(ZONES_LAYER, zone_objects, id=5, color="#20a0e0"))

    properties: Properties = {
        "board_id": Property(board.id),
        "board_name": Property(board.name),
        "side_top": Property(board.side_top.value),
        "side_bottom": Property(board.side_bottom.value),
        "arrows": Property(board.arrows),
        "format": Property(FORMAT_VERSION, "int"),
    }
    properties.update({k: _value_type(v) for k, v in board.properties.items()})
    return TmxMap(
        path=Path(path),
        width=w,
        height=h,
        grid=board.grid,
        tilesets=tilesets,
        layers=list(layers),
        properties=properties,
        next_layer_id=6,
        next_object_id=next_id,
    )


def _edge_chains(board: Board) -> list[tuple[EdgeFeature, list[tuple[Hex, int]]]]:
    """Group edges of one feature into polylines (lists of corners as (hex, index)),
    so a wall drawn around a room is one object in Tiled, not one per side."""
    by_feature: dict[EdgeFeature, list[Edge]] = {}
    for edge, feature in sorted(
        board.edges.items(), key=lambda kv: (kv[1].value, kv[0].a, kv[0].b)
    ):
        by_feature.setdefault(feature, []).append(edge)
    chains: list[tuple[EdgeFeature, list[tuple[Hex, int]]]] = []
    for feature, edge_list in by_feature.items():
        remaining = list(edge_list)
        while remaining:
            edge = remaining.pop(0)
            ends = _edge_corner_refs(edge)
            chain = [ends[0], ends[1]]
            extended = True
            while extended:
                extended = False
                for other in remaining:
                    a, b = _edge_corner_refs(other)
                    tail = _corner_key(board, chain[-1])
                    if _corner_key(board, a) == tail:
                        chain.append(b)
                    elif _corner_key(board, b) == tail:
                        chain.append(a)
                    else:
                        continue
                    remaining.remove(other)
                    extended = True
                    break
            chains.append((feature, chain))
    return chains


def _edge_corner_refs(edge: Edge) -> tuple[tuple[Hex, int], tuple[Hex, int]]:
    d = edge.a.direction_to(edge.b)
    assert d is not None
    return ((edge.a, d), (edge.a, (d + 1) % 6))


def _corner_key(board: Board, ref: tuple[Hex, int]) -> Point:
    return board.grid.corner_point(*ref)


def iter_board_files(paths: Iterable[Path]) -> list[Path]:
    """Expand folders into the .tmx files they hold (for `dragonnoir validate maps/`)."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(p.glob("*.tmx")))
        else:
            out.append(p)
    return out
