"""Guarded reading of a map's XML: the file's bytes, the parse, the place of a fault, the
numbers in attributes.

Every reader of a TMX or TSX file goes through here, so that a broken or hostile file
ends as one `MapFormatError` line naming the file, the place (line and column, or the
element) and the problem — never a traceback, never a read of a FIFO or of gigabytes
(`safe_read`), never a recursion deeper than `MAX_NESTING`.
"""

from __future__ import annotations

import math
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Final

from dragonnoir.errors import MapFormatError
from dragonnoir.foreign_words import xml_reason
from dragonnoir.i18n import _
from dragonnoir.safe_read import MAX_MAP_BYTES, MAX_NESTING, Missing, file_problem, read_bytes

#: A file's path as the readers and writers take it.
PathLike = str | os.PathLike[str]

#: Largest coordinate, size, offset or angle a map may give (pixels): a billion pixels
#: is far beyond any map; 1e308 would overflow when turned into a hex.
MAX_NUMBER: Final = 1e9


class Fail:
    """Raises MapFormatError for one file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __call__(self, message: str, place: str | None = None) -> MapFormatError:
        return MapFormatError(self.path, message, place)


def parse_xml(path: Path, what: str, fail: Fail) -> ET.Element:
    return _read_xml(path, what, fail)[0]


def _read_xml(path: Path, what: str, fail: Fail) -> tuple[ET.Element, bytes]:
    """The root element of an XML file, and the file's bytes (to parse again cheaply
    when a modified copy of the tree is needed)."""
    data = read_map_bytes(path, what, fail)
    return parse_bytes(data, fail), data


def read_map_bytes(path: Path, what: str, fail: Fail) -> bytes:
    """The bytes of a map, tileset or image file: a regular file of at most
    `MAX_MAP_BYTES` (`safe_read`: never a FIFO, a device or a folder)."""
    problem = file_problem(path)
    if isinstance(problem, Missing):
        raise fail(_("{what} file not found").format(what=what))
    if problem is not None:
        raise fail(_("{what} file {problem}").format(what=what, problem=problem))
    return read_bytes(path, limit=MAX_MAP_BYTES, what=f"{what} file", error=MapFormatError)


def parse_bytes(data: bytes, fail: Fail) -> ET.Element:
    """The root element of XML `data`, or one `MapFormatError` line with the line and column
    of the fault; elements nested too deep are refused."""
    try:
        root = _xml_root(data)
    except ET.ParseError as e:
        line, col = e.position
        msg = xml_reason(e.code, re.sub(r": line \d+, column \d+$", "", str(e)))
        raise fail(_("broken XML: {msg}").format(msg=msg), f"line {line}, column {col}") from None
    except LookupError as e:  # <?xml encoding="..."?> names an encoding Python lacks
        name = str(e).rsplit(": ", 1)[-1]
        raise fail(_("broken XML: unknown encoding: {name}").format(name=name), "line 1") from None
    except (ValueError, RecursionError) as e:
        raise fail(_("broken XML: {name}: {e}").format(name=type(e).__name__, e=e)) from None
    _check_depth(root, fail)
    return root


def _check_depth(root: ET.Element, fail: Fail) -> None:
    """Refuse elements nested deeper than `MAX_NESTING` (nested groups or class
    properties): our readers and pytmx's recurse once per level."""
    stack = [(root, 0)]
    while stack:
        el, depth = stack.pop()
        if depth > MAX_NESTING:
            raise fail(
                _("elements are nested more than {MAX_NESTING} levels deep").format(
                    MAX_NESTING=MAX_NESTING
                ),
                describe(el),
            )
        stack.extend((kid, depth + 1) for kid in el)


def _xml_root(data: bytes) -> ET.Element:
    parser = ET.XMLParser()
    parser.feed(data)
    root: ET.Element = parser.close()
    return root


def describe(el: ET.Element) -> str:
    """How an error message names element `el`: "object layer 'walls'", "<tile id=3>"..."""
    name = el.get("name")
    if el.tag in ("layer", "objectgroup", "imagelayer", "group", "tileset") and name is not None:
        kind = {"objectgroup": "object layer", "imagelayer": "image layer", "group": "group"}.get(
            el.tag, el.tag
        )
        return f"{kind} '{name}'"
    if el.get("id") is not None:
        return f"<{el.tag} id={el.get('id')}>"
    return f"<{el.tag}>"


def int_attr(el: ET.Element, name: str, where: str, fail: Fail, default: int | None = None) -> int:
    """Attribute `name` of `el` as an integer ("3.0" too); `default` when absent, or refused
    when there is none."""
    raw = el.get(name)
    if raw is None:
        if default is None:
            raise fail(
                _("missing attribute '{name}' on <{tag}>").format(name=name, tag=el.tag), where
            )
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
        raise fail(
            _('attribute {name}="{raw}" on <{tag}> is not an integer').format(
                name=name, raw=raw, tag=el.tag
            ),
            where,
        ) from None


def float_attr(el: ET.Element, name: str, where: str, fail: Fail, default: float = 0.0) -> float:
    """Attribute `name` of `el` as a finite number within `MAX_NUMBER`; `default` when absent."""
    raw = el.get(name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise fail(
            _('attribute {name}="{raw}" on <{tag}> is not a number').format(
                name=name, raw=raw, tag=el.tag
            ),
            where,
        ) from None
    if not math.isfinite(value):
        raise fail(
            _('attribute {name}="{raw}" on <{tag}> is not a finite number').format(
                name=name, raw=raw, tag=el.tag
            ),
            where,
        )
    if abs(value) > MAX_NUMBER:
        raise fail(
            _('attribute {name}="{raw}" on <{tag}> is out of range').format(
                name=name, raw=raw, tag=el.tag
            ),
            where,
        )
    return value


def bool_attr(el: ET.Element, name: str, default: bool = True) -> bool:
    """Attribute `name` of `el` as Tiled reads a flag: anything but "0", "false" or "" is true."""
    raw = el.get(name)
    if raw is None:
        return default
    return raw.strip().lower() not in ("0", "false", "")
