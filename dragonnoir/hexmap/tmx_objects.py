"""Object layers and their objects (a tile's collision shapes too), read from the XML.

pytmx does not tell rectangle, ellipse, point and text apart, makes polygon points
absolute, recomputes polygon width/height and moves tile objects up by their height:
the shape, the raw gid, the relative points and the unmodified y/width/height come
from the XML here; pytmx's id, name, x, rotation and visibility are kept.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any, cast

from dragonnoir.hexmap.tmx_accept import TEXT_ATTRS, check_element
from dragonnoir.hexmap.tmx_properties import read_properties
from dragonnoir.hexmap.tmx_xml import MAX_NUMBER, Fail, bool_attr, float_attr, int_attr
from dragonnoir.hexmap.tmxmodel import (
    MapObject,
    ObjectLayer,
    ObjectShape,
)
from dragonnoir.i18n import _


def _points(
    el: ET.Element, where: str, fail: Fail, checked: bool = False
) -> list[tuple[float, float]]:
    if not checked:
        check_element(el, where, fail)
    out: list[tuple[float, float]] = []
    for pair in el.get("points", "").split():
        try:
            xs, ys = pair.split(",")
            x, y = float(xs), float(ys)
        except ValueError:
            raise fail(
                _("bad point '{pair}' in <{tag}>").format(pair=pair, tag=el.tag), where
            ) from None
        if not (abs(x) <= MAX_NUMBER and abs(y) <= MAX_NUMBER):  # also refuses NaN
            raise fail(
                _("point '{pair}' in <{tag}> is out of range").format(pair=pair, tag=el.tag), where
            )
        out.append((x, y))
    return out


def _object(oe: ET.Element, layer_where: str, fail: Fail, py: Any, checked: bool) -> MapObject:
    oid = int_attr(oe, "id", layer_where, fail, 0)
    where = f"{layer_where}, object {oid}"
    if not checked:
        check_element(oe, where, fail)
    # pytmx gives the right id, name, x, rotation and visibility; the shape, the raw gid,
    # the relative points and the unmodified y/width/height come from the XML.
    x = float_attr(oe, "x", where, fail)  # checked even when pytmx's value is used
    obj = MapObject(
        id=int(py.id) if py is not None else oid,
        x=float(py.x) if py is not None else x,
        y=float_attr(oe, "y", where, fail),
        name=(py.name if py is not None else oe.get("name")) or "",
        type=oe.get("class") or oe.get("type") or "",
        width=float_attr(oe, "width", where, fail),
        height=float_attr(oe, "height", where, fail),
        rotation=float(py.rotation) if py is not None else float_attr(oe, "rotation", where, fail),
        visible=bool(py.visible) if py is not None else bool_attr(oe, "visible"),
        properties=read_properties(oe, where, fail, checked),
    )
    shape: ObjectShape = "rectangle"
    if oe.get("gid") is not None:
        shape = "tile"
        obj.gid = int_attr(oe, "gid", where, fail) & 0xFFFFFFFF
    for child in oe:
        if child.tag in ("ellipse", "point"):
            if not checked:
                check_element(child, where, fail)
            shape = cast(ObjectShape, child.tag)
        elif child.tag in ("polygon", "polyline"):
            shape = cast(ObjectShape, child.tag)
            obj.points = _points(child, where, fail, checked)
        elif child.tag == "text":
            shape = "text"
            obj.text = child.text or ""
            for key, value in child.attrib.items():
                if key not in TEXT_ATTRS:
                    raise fail(
                        _('unsupported attribute {key}="{value}" on <text>').format(
                            key=key, value=value
                        ),
                        where,
                    )
            obj.text_attributes = {k: child.attrib[k] for k in TEXT_ATTRS if k in child.attrib}
    obj.shape = shape
    return obj


def read_object_layer(
    el: ET.Element,
    where: str,
    fail: Fail,
    py: Any,
    offset: tuple[float, float],
    opacity: float,
    visible: bool,
    checked: bool = False,
) -> ObjectLayer:
    """An object layer (or a tile's collision shapes); `checked`: the elements were
    already checked (`MapReader._validate`)."""
    if not checked:
        check_element(el, where, fail)
    py_objects: list[Any] = list(py) if py is not None else []
    objs = el.findall("object")
    if py is not None and len(py_objects) != len(objs):
        raise fail(_("pytmx and the XML disagree on the number of objects"), where)
    return ObjectLayer(
        name=el.get("name", ""),
        objects=[
            _object(oe, where, fail, py_objects[i] if py is not None else None, checked)
            for i, oe in enumerate(objs)
        ],
        id=int_attr(el, "id", where, fail, 0),
        visible=visible and bool_attr(el, "visible"),
        opacity=opacity * float_attr(el, "opacity", where, fail, 1.0),
        offset=(
            offset[0] + float_attr(el, "offsetx", where, fail),
            offset[1] + float_attr(el, "offsety", where, fail),
        ),
        color=el.get("color"),
        properties=read_properties(el, where, fail, checked),
        draw_order=el.get("draworder", "topdown"),
    )
