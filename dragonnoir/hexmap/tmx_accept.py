"""What the TMX reader accepts: the attributes and child elements it models, those it
drops as editor-only, those accepted only at their default value, and the sizes beyond
any real map.

Anything not listed here is refused with a `MapFormatError` naming the feature and the
element, never dropped silently (`hexmap.tmx_reader` says why each rule exists).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Final

from dragonnoir.hexmap.tmx_xml import Fail
from dragonnoir.i18n import _

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
TEXT_ATTRS: Final = (
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
#: The elements that are layers (groups included).
LAYER_TAGS: Final = ("layer", "objectgroup", "imagelayer", "group")


#: Per element: every attribute name that needs no closer look, every child tag allowed.
PLAIN_ATTRS: Final = {
    tag: frozenset(known | ignored) for tag, (known, ignored, _) in _ATTRS.items()
}
_KIDS: Final = {tag: frozenset(allowed | skipped) for tag, (allowed, skipped) in _CHILDREN.items()}


def check_element(el: ET.Element, where: str, fail: Fail) -> None:
    """Refuse attributes and child elements we do not model (see `tmx_reader`'s docstring)."""
    tag = el.tag
    plain = PLAIN_ATTRS.get(tag)
    if plain is not None and not el.attrib.keys() <= plain:
        _check_attributes(el, where, fail)
    kids = _KIDS.get(tag)
    if kids is not None:
        for child in el:
            if child.tag not in kids:
                raise fail(
                    _("unsupported element <{tag}> in <{tag2}>").format(tag=child.tag, tag2=tag),
                    where,
                )


def _check_attributes(el: ET.Element, where: str, fail: Fail) -> None:
    rule = _ATTRS.get(el.tag)
    if rule is not None:
        known, ignored, defaults = rule
        for key, value in el.attrib.items():
            if key in known or key in ignored:
                continue
            if key in defaults and _same_value(value, defaults[key]):
                continue
            if el.tag == "object" and key == "template":
                raise fail(_("object templates are not supported"), where)
            if key in ("parallaxx", "parallaxy"):
                raise fail(
                    _("layer parallax ({key}={value}) is not supported").format(
                        key=key, value=value
                    ),
                    where,
                )
            raise fail(
                _('unsupported attribute {key}="{value}" on <{tag}>').format(
                    key=key, value=value, tag=el.tag
                ),
                where,
            )


def _same_value(a: str, b: str) -> bool:
    if a == b:
        return True
    try:
        return float(a) == float(b)
    except ValueError:
        return False


def check_image_size(width: int, height: int, what: str, where: str, fail: Fail) -> None:
    """Refuse an image larger than `MAX_IMAGE_SIDE` a side (before anything decodes it)."""
    if not (0 <= width <= MAX_IMAGE_SIDE and 0 <= height <= MAX_IMAGE_SIDE):
        raise fail(
            _(
                "{what} is {width}x{height} pixels: images larger than "
                "{limit}x{limit} are not supported"
            ).format(what=what, width=width, height=height, limit=MAX_IMAGE_SIDE),
            where,
        )


def check_tile_size(tw: int, th: int, what: str, where: str, fail: Fail) -> None:
    """Refuse a tile larger than `MAX_TILE_SIDE` a side."""
    if not (0 <= tw <= MAX_TILE_SIDE and 0 <= th <= MAX_TILE_SIDE):
        raise fail(
            _("{what} {tw}x{th} is not supported (at most {limit}x{limit} pixels)").format(
                what=what, tw=tw, th=th, limit=MAX_TILE_SIDE
            ),
            where,
        )


def check_cells(size: tuple[int, int], what: str, where: str, fail: Fail) -> None:
    """Refuse a map or layer of more than `MAX_MAP_SIDE` cells a side or `MAX_MAP_CELLS` in all
    (before pytmx makes a row array per row)."""
    width, height = size
    if width > MAX_MAP_SIDE or height > MAX_MAP_SIDE or width * height > MAX_MAP_CELLS:
        raise fail(
            _(
                "{what} of {width}x{height} cells is too large (at most {side_limit} a side and "
                "{cell_limit:,} cells)"
            ).format(
                what=what,
                width=width,
                height=height,
                side_limit=MAX_MAP_SIDE,
                cell_limit=MAX_MAP_CELLS,
            ),
            where,
        )
