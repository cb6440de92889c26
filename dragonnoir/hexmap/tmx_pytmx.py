"""Handing a map to pytmx: pytmx imported without pygame, and a tree it can digest.

pytmx parses the map (the project requires it as the parser), but chokes on what we
support and it does not: custom properties, fractional layer offsets, tile collision
groups and animations. `sanitise` takes them out of the tree (recording how to put them
back, `restore`), so that pytmx can parse the map's own tree without a copy.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any, cast


def import_pytmx() -> Any:
    """pytmx, imported without pygame when pygame is not loaded yet.

    pytmx imports pygame (about 15-40 ms) only for its optional pygame image loader,
    which this reader never uses (it reads no images): a command that only reads maps
    (`dragonnoir validate`) should not pay for it, and the map layer never needs pygame
    (docs/architecture.md). pytmx keeps working when pygame is imported later.
    """
    import sys

    if "pytmx" in sys.modules or "pygame" in sys.modules:
        import pytmx

        return pytmx
    import logging

    # pytmx's pygame loader logs an error when pygame is missing: not a fault here.
    quiet = logging.getLogger("pytmx.util_pygame")
    was_disabled = quiet.disabled
    quiet.disabled = True
    sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail
    try:
        import pytmx
    finally:
        del sys.modules["pygame"]
        quiet.disabled = was_disabled
    return pytmx


def pytmx_cls(name: str) -> type:
    """One of pytmx's classes (`TiledTileLayer`...), pytmx imported as `import_pytmx` does."""
    pytmx = import_pytmx()
    return cast(type, getattr(pytmx, name))


#: How to put back what `sanitise` changed: each element's former children, or
#: (element, attribute, former value).
Undo = list[tuple[ET.Element, list[ET.Element]] | tuple[ET.Element, str, str]]


def sanitise(tree: ET.Element, undo: Undo | None = None) -> None:
    """Make a tree pytmx can digest (see module docstring): no custom properties, no
    layer offsets (pytmx casts them with int()), no tile collision shapes or animations.
    With `undo`, record what changed so that `restore` can put it back."""
    for el in tree.iter():
        if len(el):
            tile = el.tag == "tile"
            drop = [
                kid
                for kid in el
                if kid.tag == "properties" or (tile and kid.tag in ("objectgroup", "animation"))
            ]
            if drop:
                if undo is not None:
                    undo.append((el, list(el)))
                for kid in drop:
                    el.remove(kid)
        for key in ("offsetx", "offsety"):
            old = el.get(key)
            if old is not None:
                if undo is not None:
                    undo.append((el, key, old))
                el.set(key, "0")


def restore(undo: Undo) -> None:
    """Put back, in reverse order, what `sanitise` changed and recorded in `undo`."""
    for change in reversed(undo):
        if len(change) == 2:
            el, kids = change
            el[:] = kids
        else:
            el, key, old = change
            el.set(key, old)
