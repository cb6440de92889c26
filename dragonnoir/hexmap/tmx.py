"""Read and write Tiled TMX hexagonal maps and TSX tilesets (the `tmxmodel` data model).

The front door of the map files: `read_tmx`, `read_tsx`, `write_tmx`, `write_tsx`,
`tmx_bytes`, `tsx_bytes`, and `gc_paused` (loading without the cyclic collector). The
work is done in rooms of their own:

- `tmx_reader`: the map reader — why pytmx parses the map, what is checked before it
  does, what is repaired after (its docstring lists every repair);
- `tmx_xml`: guarded reading of the XML (file, line and column of a fault; numbers);
- `tmx_accept`: what we accept (attributes, child elements, sizes);
- `tmx_properties`, `tmx_tilesets` (and images), `tmx_objects`, `tmx_data` (tile layer
  data): the parts of a map read from the XML;
- `tmx_pytmx`: pytmx imported without pygame, and the sanitised tree handed to it;
- `tmx_tsx_cache`: external tilesets read once per process and path;
- `tmx_writer`: the writer (Tiled 1.8's format, deterministic, atomic).

Anything we do not model is refused with a `MapFormatError` naming the file, the feature
and the element, never dropped silently.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from pathlib import Path

from dragonnoir.hexmap.tmx_reader import MapReader
from dragonnoir.hexmap.tmx_tilesets import read_tileset
from dragonnoir.hexmap.tmx_writer import tmx_bytes, tsx_bytes, write_tmx, write_tsx
from dragonnoir.hexmap.tmx_xml import Fail, PathLike, parse_xml
from dragonnoir.hexmap.tmxmodel import Tileset, TmxMap
from dragonnoir.i18n import _

__all__ = [
    "gc_paused",
    "read_tmx",
    "read_tsx",
    "tmx_bytes",
    "tsx_bytes",
    "write_tmx",
    "write_tsx",
]


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


def read_tmx(path: PathLike) -> TmxMap:
    """Read a finite hexagonal TMX map (and its external tilesets) into a `TmxMap`.

    Raises `MapFormatError` (one line: file, place, problem) for anything broken or
    unsupported; see `tmx_reader`'s docstring for what is supported.
    """
    with gc_paused():
        return MapReader(Path(path)).read()


def read_tsx(path: PathLike, first_gid: int = 1) -> Tileset:
    """Read an external tileset (.tsx) on its own."""
    p = Path(path)
    fail = Fail(p)
    root = parse_xml(p, "tileset", fail)
    if root.tag != "tileset":
        raise fail(_("not a TSX tileset (root element is <{tag}>)").format(tag=root.tag))
    return read_tileset(root, first_gid, p.parent, fail)
