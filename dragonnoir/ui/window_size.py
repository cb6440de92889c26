"""The size the window opens at (issue 45 §3): one that fits the player's screen.

Most players have 1920x1080 or more, where the old fixed 1280x800 left the map small
and the panels cramped. A player who never chose a size gets the desktop's size less
room for the task bar and the window's frame; a size he chose (or the window he left
last time, remembered in the settings) is kept, but never bigger than the screen.
Under SDL's dummy driver (the tests) there is no screen: the settings' size stands."""

from __future__ import annotations

import os

import pygame

from dragonnoir.ui.settings import Settings

#: Room left, across and down, for the task bar, the window's title bar and frame.
DESKTOP_ROOM = (40, 100)
#: The smallest window the settings accept (`Settings.window_width` and height).
SMALLEST = (800, 600)


def opening_size(settings: Settings, desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window's size on a screen of `desktop` (None: unknown, the settings' size)."""
    w, h = settings.window_size
    if desktop is None:
        return (w, h)
    dw, dh = desktop
    if not chosen(settings):
        w, h = dw - DESKTOP_ROOM[0], dh - DESKTOP_ROOM[1]
    return (min(max(w, SMALLEST[0]), dw), min(max(h, SMALLEST[1]), dh))


def chosen(settings: Settings) -> bool:
    """Did the player (or his last window, `remembered`) set the size? A settings file
    written by the game holds every field; the defaults alone never chose it."""
    return bool({"window_width", "window_height"} & settings.model_fields_set)


def desktop_size() -> tuple[int, int] | None:
    """The first screen's size, or None under the dummy driver or when SDL cannot say."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return None
    sizes = pygame.display.get_desktop_sizes()
    return tuple(sizes[0]) if sizes else None  # type: ignore[return-value]


def remembered(settings: Settings, size: tuple[int, int]) -> Settings:
    """The settings with the window's new size kept (the player resized it), when the
    settings accept it; unchanged otherwise (a window dragged smaller than 800x600)."""
    w, h = size
    if settings.fullscreen or w < SMALLEST[0] or h < SMALLEST[1]:
        return settings
    if (w, h) == settings.window_size:
        return settings
    return settings.model_copy(update={"window_width": w, "window_height": h})
