"""Image loading and caching for the renderers: files -> 32-bit per-pixel-alpha surfaces.

Why a module of its own: every renderer (the generic TMX renderer, the game board view)
needs the same three things and should not each re-read PNGs from disk:

- images must load headless (tests and tmx-to-png export run with SDL's dummy video
  driver and no display mode), so `Surface.convert_alpha()` is only used when a display
  exists; otherwise images are converted against a SRCALPHA reference surface;
- a tileset's `trans` colour must become transparency exactly as Tiled does it (every
  pixel whose RGB equals the colour gets alpha 0);
- tiles are cut from tileset images once and reused (subsurfaces share pixels).

A file that cannot be read gives `None`, not an exception: Tiled draws a "missing image"
marker in that case and the renderer does the same, so a broken reference is visible
instead of fatal.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path

import pygame

from dragonnoir.hexmap.tmxmodel import ImageRef, Tileset

_ALPHA_REF: pygame.Surface | None = None


def _alpha_reference() -> pygame.Surface:
    """A 1x1 SRCALPHA surface whose pixel format loaded images are converted to."""
    global _ALPHA_REF
    if _ALPHA_REF is None:
        _ALPHA_REF = pygame.Surface((1, 1), pygame.SRCALPHA, 32)
    return _ALPHA_REF


def to_alpha_surface(surface: pygame.Surface) -> pygame.Surface:
    """`surface` as a 32-bit per-pixel-alpha surface, with or without a display."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface.convert(_alpha_reference())


def parse_colour(text: str | None) -> tuple[int, int, int, int] | None:
    """A Tiled colour (`#rrggbb`, `#aarrggbb`, with or without `#`) as RGBA, or None."""
    if not text:
        return None
    t = text.strip().lstrip("#")
    try:
        if len(t) == 6:
            return (int(t[0:2], 16), int(t[2:4], 16), int(t[4:6], 16), 255)
        if len(t) == 8:
            return (int(t[2:4], 16), int(t[4:6], 16), int(t[6:8], 16), int(t[0:2], 16))
    except ValueError:
        return None
    return None


def load_image(path: Path, trans: str | None = None) -> pygame.Surface | None:
    """Load an image file as a SRCALPHA surface, applying a `trans` colour key.

    Returns None when the file is missing or unreadable (see module docstring).
    """
    try:
        raw = pygame.image.load(str(path))
    except (pygame.error, FileNotFoundError, OSError):
        return None
    surface = to_alpha_surface(raw)
    key = parse_colour(trans)
    if key is not None:
        # Tiled turns exactly-matching RGB into transparency (QImage mask from colour).
        pixels = pygame.PixelArray(surface)
        try:
            pixels.replace((key[0], key[1], key[2], 255), (0, 0, 0, 0), distance=0)
        finally:
            pixels.close()
    return surface


class ImageCache:
    """Caches loaded images, tiles cut from tileset images, and derived surfaces.

    One cache can serve many renders of many maps; images are keyed by resolved path and
    colour key, so two maps sharing a tileset share its pixels.
    """

    def __init__(self) -> None:
        self._images: dict[tuple[Path, str | None], pygame.Surface | None] = {}
        # Keyed by id(tileset); the tileset itself is kept in the value so the id cannot
        # be reused by another object while the entry lives.
        self._tiles: dict[tuple[int, int], tuple[Tileset, pygame.Surface | None]] = {}
        self._derived: dict[Hashable, object] = {}

    def image(self, ref: ImageRef | None) -> pygame.Surface | None:
        """The surface of an image reference (None if absent or unreadable)."""
        if ref is None:
            return None
        key = (ref.path, ref.trans)
        if key not in self._images:
            self._images[key] = load_image(ref.path, ref.trans)
        return self._images[key]

    def tile(self, tileset: Tileset, local_id: int) -> pygame.Surface | None:
        """The image of tile `local_id` of `tileset` (a subsurface for single-image
        tilesets, the tile's own image for image collections), or None if it has none."""
        key = (id(tileset), local_id)
        entry = self._tiles.get(key)
        if entry is not None and entry[0] is tileset:
            return entry[1]
        result: pygame.Surface | None = None
        if tileset.image is not None:
            sheet = self.image(tileset.image)
            if sheet is not None and local_id >= 0:
                x, y, w, h = tileset.image_rect(local_id)
                rect = pygame.Rect(x, y, w, h)
                # Tiled only cuts tiles that lie wholly inside the image.
                if w > 0 and h > 0 and sheet.get_rect().contains(rect):
                    result = sheet.subsurface(rect)
        else:
            tile = tileset.tiles.get(local_id)
            if tile is not None:
                result = self.image(tile.image)
        self._tiles[key] = (tileset, result)
        return result

    def derived(self, key: Hashable, make: Callable[[], object]) -> object:
        """A value computed once per key (transformed tiles, faded copies, ...)."""
        if key not in self._derived:
            self._derived[key] = make()
        return self._derived[key]

    def clear(self) -> None:
        self._images.clear()
        self._tiles.clear()
        self._derived.clear()
