"""Custom properties of a TMX element, read from the XML with their types.

pytmx returns bare values, fails on class-typed properties and on property names that
clash with attribute names: the reader removes every `<properties>` before pytmx sees
the map and reads them here instead, typed, class-typed ones with their members as
written.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Final, cast

from dragonnoir.hexmap.tmx_accept import check_element
from dragonnoir.hexmap.tmx_xml import Fail
from dragonnoir.hexmap.tmxmodel import (
    Properties,
    Property,
    PropertyType,
    PropertyValue,
)
from dragonnoir.i18n import _

_PROPERTY_TYPES: Final = ("string", "int", "float", "bool", "color", "file", "object", "class")


def read_properties(el: ET.Element, where: str, fail: Fail, checked: bool = False) -> Properties:
    """The custom properties of an element; `checked`: the elements were already checked
    (`MapReader._validate`)."""
    props: Properties = {}
    for pe in el.findall("properties"):
        if not checked:
            check_element(pe, where, fail)
        for p in pe.findall("property"):
            if not checked:
                check_element(p, where, fail)
            name = p.get("name")
            if name is None:
                raise fail(_("a <property> has no name"), where)
            props[name] = _property(p, where, name, fail, checked)
    return props


def _property(p: ET.Element, owner: str, name: str, fail: Fail, checked: bool) -> Property:
    ptype = p.get("type", "string")
    if ptype not in _PROPERTY_TYPES:
        raise fail(
            _("unknown property type '{ptype}'").format(ptype=ptype), f"{owner}, property '{name}'"
        )
    kind = cast(PropertyType, ptype)
    ptname = p.get("propertytype", "")
    if kind == "class":
        members = read_properties(p, f"{owner}, property '{name}'", fail, checked)
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
        raise fail(
            _("value '{raw}' is not a valid {kind}").format(raw=raw, kind=kind),
            f"{owner}, property '{name}'",
        ) from None
    prop = Property(value, kind, ptname)
    if kind != "float" and len(_PROPERTIES) < _PROPERTIES_SIZE:  # (a NaN is not shared)
        _PROPERTIES[(ptype, ptname, raw)] = prop
    return prop


#: Plain properties read so far, by (type, propertytype, text): a Property and its value
#: are immutable, so maps share them (as tileset copies already do).
_PROPERTIES: dict[tuple[str, str, str], Property] = {}
_PROPERTIES_SIZE: Final = 4096
