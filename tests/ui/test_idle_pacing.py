"""Idle pacing (ui/app.py): the client draws at full rate only while the player uses the
window or something moves, sleeps otherwise, and wakes at once for input."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame
import pytest
from ui_driver import step

from dragonnoir.ui import app as app_module
from dragonnoir.ui.app import App
from dragonnoir.ui.scenes import MainMenu


def _idle(app: App) -> None:
    app.last_input = time.monotonic() - app_module.ACTIVE_SECONDS - 1.0


def test_a_menu_left_alone_is_idle(make_app: Callable[..., App]) -> None:
    app = make_app()
    assert isinstance(app.scene, MainMenu) and not app.scene.animating
    _idle(app)
    assert not app.busy


def test_input_and_held_keys_keep_the_full_rate(make_app: Callable[..., App]) -> None:
    app = make_app()
    _idle(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0))
    step(app)
    assert app.busy  # just used
    _idle(app)
    assert app.busy  # the arrow key is still held: the map may be scrolling
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LEFT, mod=0))
    step(app)
    _idle(app)
    assert not app.busy


def test_an_animating_scene_keeps_the_full_rate(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    _idle(app)
    monkeypatch.setattr(MainMenu, "animating", property(lambda self: True))
    assert app.busy


def test_waiting_returns_an_event_at_once_and_gives_up_after_an_idle_frame(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    pygame.event.clear()
    start = time.monotonic()
    assert app.wait_for_event() is None
    waited = time.monotonic() - start
    assert 0.9 / app_module.IDLE_FPS <= waited < 1.0
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, code=7))
    start = time.monotonic()
    event = app.wait_for_event()
    assert event is not None and event.type == pygame.USEREVENT and event.code == 7
    assert time.monotonic() - start < 0.9 / app_module.IDLE_FPS  # not a whole idle wait
    # the event taken by the wait is handled first by the next frame
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    first = app.wait_for_event()
    assert first is not None
    assert app.step(first=first) is False  # Escape on the main menu quits
