"""External tilesets read once per process and path.

Maps of one folder share their .tsx files: each is read, checked and sanitised for
pytmx once; a map sharing a .tsx with a map read before gets its own copy of the
tileset model, as long as the .tsx bytes are the same and its images have the same stat
stamps; otherwise the .tsx is read again.
"""

from __future__ import annotations

import copy
import os
import stat
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Final

from dragonnoir.hexmap.tmx_pytmx import sanitise
from dragonnoir.hexmap.tmx_tilesets import png_size, read_tileset
from dragonnoir.hexmap.tmx_xml import Fail, parse_bytes, read_map_bytes
from dragonnoir.hexmap.tmxmodel import (
    Properties,
    Tile,
    Tileset,
)
from dragonnoir.i18n import _


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
                size = png_size(ref.path)
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


def external_tileset(
    tsx_path: Path, first_gid: int, source: str, fail: Fail
) -> tuple[ET.Element, Tileset]:
    """An external tileset of a map (errors about its content name the map, as always):
    its sanitised tree for pytmx and its model, from `_TSX_CACHE` when the file is
    unchanged."""
    tsx_fail = Fail(tsx_path)
    data = read_map_bytes(tsx_path, "tileset", tsx_fail)
    # The path as spelled (the model keeps that spelling), and the folder it is relative to.
    key = (str(tsx_path), "" if tsx_path.is_absolute() else os.getcwd())
    cached = _TSX_CACHE.get(key)
    if cached is None or not cached.still_valid(data):
        tsx_root = parse_bytes(data, tsx_fail)
        if tsx_root.tag != "tileset":
            raise tsx_fail(
                _("not a TSX tileset (root element is <{tag}>)").format(tag=tsx_root.tag)
            )
        ts = read_tileset(tsx_root, first_gid, tsx_path.parent, fail, source, tsx_path)
        clean = tsx_root  # read: now sanitised for pytmx for good
        sanitise(clean)
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
