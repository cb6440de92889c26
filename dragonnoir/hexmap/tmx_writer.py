"""Write TMX maps and TSX tilesets in Tiled 1.8's format.

`write_tmx` and `write_tsx` write files in Tiled 1.8's format (CSV layer data with raw
gids and flags, typed properties sorted by name, all object shapes). Output is
deterministic and written atomically (temp file in the same folder, then `os.replace`).
Relative `source` paths are written as they were read when they still point at the
same file from the new location, otherwise recomputed relative to it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.hexmap.tmx_accept import TEXT_ATTRS
from dragonnoir.hexmap.tmx_xml import PathLike
from dragonnoir.hexmap.tmxmodel import (
    ImageLayer,
    ImageRef,
    Layer,
    MapObject,
    ObjectLayer,
    Properties,
    Property,
    TileLayer,
    Tileset,
    TmxMap,
)
from dragonnoir.safe_write import write_bytes


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
            tattrs = _attrs((k, o.text_attributes[k]) for k in TEXT_ATTRS if k in o.text_attributes)
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
