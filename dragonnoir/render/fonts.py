"""Fonts by pixel size, cached for drawing code that runs every frame.

A `pygame.font.Font` dies with `pygame.quit()`: a cache that outlives it hands out dead
fonts ("Invalid font") to whoever initialises pygame again — the next game, the next
test. The cache here empties itself when pygame quits.
"""

from __future__ import annotations

import pygame

_CACHE: dict[int, pygame.font.Font] = {}
_UI_CACHE: dict[tuple[int, bool], pygame.font.Font] = {}


def _forget() -> None:
    _CACHE.clear()
    _UI_CACHE.clear()


def font(px: int) -> pygame.font.Font:
    """pygame's default font (FreeSansBold, shipped with pygame) at `px` pixels."""
    cached = _CACHE.get(px)
    if cached is not None:
        return cached
    if not pygame.font.get_init():
        pygame.font.init()
    if not _CACHE:
        # pygame runs each quit hook once and then forgets it: hook again whenever the
        # cache starts filling.
        pygame.register_quit(_forget)
    made = pygame.font.Font(None, px)
    _CACHE[px] = made
    return made


def ui_font(px: int, *, bold: bool = False) -> pygame.font.Font:
    """Noto Sans (the font pygame_gui's menus and panels use, shipped with pygame_gui) at
    `px` pixels: screens drawn by hand (hand-over, help, previews) read like the menus.
    Falls back to pygame's default font if pygame_gui's file is not there."""
    key = (px, bold)
    cached = _UI_CACHE.get(key)
    if cached is not None:
        return cached
    if not pygame.font.get_init():
        pygame.font.init()
    if not _CACHE and not _UI_CACHE:
        pygame.register_quit(_forget)
    made: pygame.font.Font
    try:
        from importlib.resources import files

        name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
        path = files("pygame_gui") / "data" / name
        made = pygame.font.Font(str(path), px)
    except (ImportError, OSError, FileNotFoundError):
        made = pygame.font.Font(None, round(px * 1.3))
    _UI_CACHE[key] = made
    return made
