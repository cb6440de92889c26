"""Tilesets (inline or from a .tsx) and the images they and image layers name.

Read from the XML, not from pytmx: images keep their `source` as written and a resolved
`path`, their size is the PNG file's (as Tiled does), tile offsets are integers, per-tile
images, animations and collision shapes are kept, and missing `columns`/`tilecount`
are computed from the image as Tiled does. Sizes are bounded before pytmx cuts an image
into tiles by the size the file declares.
"""

from __future__ import annotations

import os
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

from dragonnoir.errors import place_words
from dragonnoir.hexmap.tmx_accept import (
    MAX_IMAGE_SIDE,
    MAX_TILESET_TILES,
    check_element,
    check_image_size,
    check_tile_size,
)
from dragonnoir.hexmap.tmx_objects import read_object_layer
from dragonnoir.hexmap.tmx_properties import read_properties
from dragonnoir.hexmap.tmx_xml import Fail, int_attr
from dragonnoir.hexmap.tmxmodel import (
    ImageRef,
    Tile,
    Tileset,
)
from dragonnoir.i18n import _
from dragonnoir.safe_read import Missing, file_problem, name_problem, quoted


def png_size(path: Path) -> tuple[int, int] | None:
    """The size a PNG file's header gives, or None (not a PNG, or unreadable)."""
    try:
        with path.open("rb") as f:
            head = f.read(24)
    except OSError:
        return None
    if len(head) == 24 and head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR":
        w, h = struct.unpack(">II", head[16:24])
        return (int(w), int(h))
    return None


def read_image(
    el: ET.Element, base: Path, owner: str, where: str, fail: Fail, checked: bool = False
) -> ImageRef | None:
    """An <image> element; `owner` says whose image it is, for error messages. `checked`:
    the element was already checked (`MapReader._validate`)."""
    if not checked:
        check_element(el, where, fail)
    if el.get("format") is not None or el.find("data") is not None:
        raise fail(_("embedded image data is not supported"), where)
    source = el.get("source", "")
    if not source:
        return None
    refused = name_problem(base, source, "image")  # before it is opened (issue 47)
    if refused is not None:
        raise fail(refused, where)
    path = Path(os.path.normpath(base / source))
    problem = file_problem(path)
    if isinstance(problem, Missing):
        raise fail(
            _("image '{source}' of {owner} not found (looked for {path})").format(
                source=source, owner=owner, path=path
            ),
            where,
        )
    if problem is not None:
        raise fail(
            _("image '{source}' of {owner} {problem}").format(
                source=source, owner=owner, problem=problem
            ),
            where,
        )
    width = int_attr(el, "width", where, fail, 0)
    height = int_attr(el, "height", where, fail, 0)
    # pytmx cuts tiles out of the size written in the file: bound it before pytmx sees it.
    check_image_size(
        width,
        height,
        _("image {source} of {owner}").format(source=quoted(source), owner=place_words(owner)),
        where,
        fail,
    )
    # Tiled uses the size of the image file, not the size written in the map (they
    # differ in some corpus maps): so do we, for PNG files.
    size = png_size(path)
    if size is not None:
        width, height = size
        check_image_size(
            width,
            height,
            _("image file {source} of {owner}").format(
                source=quoted(source), owner=place_words(owner)
            ),
            where,
            fail,
        )
    elif width <= 0 or height <= 0:
        raise fail(
            _("image '{source}' of {owner} has no size and is not a PNG").format(
                source=source, owner=place_words(owner)
            ),
            where,
        )
    return ImageRef(path=path, source=source, width=width, height=height, trans=el.get("trans"))


def read_tileset(
    el: ET.Element,
    first_gid: int,
    base: Path,
    fail: Fail,
    source: str | None = None,
    source_path: Path | None = None,
) -> Tileset:
    """The tileset of `<tileset>` element `el` (inline, or the root of a .tsx at `source_path`),
    its images resolved against folder `base`."""
    name = el.get("name", "")
    where = f"tileset '{name}'"
    check_element(el, where, fail)
    owner = f"tileset '{name}'"
    tw = int_attr(el, "tilewidth", where, fail, 0)
    th = int_attr(el, "tileheight", where, fail, 0)
    spacing = int_attr(el, "spacing", where, fail, 0)
    margin = int_attr(el, "margin", where, fail, 0)
    check_tile_size(tw, th, _("tileset tile size"), where, fail)
    for key, value in (("spacing", spacing), ("margin", margin)):
        if not 0 <= value <= MAX_IMAGE_SIDE:
            raise fail(
                _("tileset {key} {value} is not between 0 and {limit}").format(
                    key=key, value=value, limit=MAX_IMAGE_SIDE
                ),
                where,
            )
    offset = (0, 0)
    off_el = el.find("tileoffset")
    if off_el is not None:
        check_element(off_el, where, fail)
        offset = (int_attr(off_el, "x", where, fail, 0), int_attr(off_el, "y", where, fail, 0))
    image = None
    img_el = el.find("image")
    if img_el is not None:
        image = read_image(img_el, base, owner, where, fail)
    tiles: dict[int, Tile] = {}
    for te in el.findall("tile"):
        tid = int_attr(te, "id", where, fail)
        twhere = f"{where}, tile {tid}"
        check_element(te, twhere, fail)
        tile = Tile(
            id=tid,
            properties=read_properties(te, twhere, fail),
            type=te.get("class") or te.get("type") or "",
        )
        ti = te.find("image")
        if ti is not None:
            tile.image = read_image(ti, base, f"{owner}, tile {tid}", twhere, fail)
        og = te.find("objectgroup")
        if og is not None:
            tile.objects = read_object_layer(og, twhere, fail, None, (0.0, 0.0), 1.0, True)
        anim = te.find("animation")
        if anim is not None:
            check_element(anim, twhere, fail)
            for fr in anim.findall("frame"):
                check_element(fr, twhere, fail)
                tile.animation.append(
                    (int_attr(fr, "tileid", twhere, fail), int_attr(fr, "duration", twhere, fail))
                )
        tiles[tid] = tile
        if len(tiles) > MAX_TILESET_TILES:
            raise fail(
                _("more than {MAX_TILESET_TILES} tiles in one tileset").format(
                    MAX_TILESET_TILES=MAX_TILESET_TILES
                ),
                where,
            )
    if img_el is not None and image is not None and tw > 0 and th > 0:
        # pytmx cuts every tile out of the image as the file declares it: bound the count.
        declared = (
            int_attr(img_el, "width", where, fail, 0),
            int_attr(img_el, "height", where, fail, 0),
        )
        for w, h in (declared, (image.width, image.height)):
            cut = ((w + spacing) // (tw + spacing) + 1) * ((h + spacing) // (th + spacing) + 1)
            if cut > MAX_TILESET_TILES:
                raise fail(
                    _(
                        "a {w}x{h} image cut into {tw}x{th} tiles makes more than "
                        "{MAX_TILESET_TILES} tiles"
                    ).format(w=w, h=h, tw=tw, th=th, MAX_TILESET_TILES=MAX_TILESET_TILES),
                    where,
                )
    columns = int_attr(el, "columns", where, fail, -1)
    count = int_attr(el, "tilecount", where, fail, -1)
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
        properties=read_properties(el, where, fail),
        source=source,
        source_path=source_path,
    )
