"""Helpers that drive the game client headless: real pygame events (clicks on
pygame_gui's button rectangles, key presses) and frames."""

from __future__ import annotations

from pathlib import Path

import pygame

from dragonnoir.ui.app import App
from dragonnoir.ui.settings import Settings

REPO = Path(__file__).resolve().parents[2]


def small_settings(**changes: object) -> Settings:
    """A small window; phases with nothing to do wait for End phase (`auto_pass` off)
    unless a test asks, so tests step through every phase themselves."""
    changes.setdefault("auto_pass", False)
    return Settings(window_width=1024, window_height=700, **changes)  # type: ignore[arg-type]


def step(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def click(app: App, element: object, button: int = 1, frames: int = 3) -> None:
    """Press and release the mouse on the middle of a pygame_gui element."""
    rect = element.rect  # type: ignore[attr-defined]
    assert getattr(element, "is_enabled", True), f"{element} is disabled"
    pos = rect.center
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app, frames)


def click_at(app: App, pos: tuple[int, int], frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, frames)


def key(app: App, k: int, mod: int = 0, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    step(app, frames)


def close_window(app: App, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app, frames)
