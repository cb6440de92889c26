"""Fonts by pixel size, cached for drawing code that runs every frame.

A `pygame.font.Font` dies with `pygame.quit()`: a cache that outlives it hands out dead
fonts ("Invalid font") to whoever initialises pygame again — the next game, the next
test. The cache here empties itself when pygame quits.
"""

from __future__ import annotations

import pygame

_CACHE: dict[int, pygame.font.Font] = {}


def _forget() -> None:
    _CACHE.clear()


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
