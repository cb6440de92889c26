"""Idle pacing (ui/app.py): the client draws at full rate only while the player uses the
window or something moves, sleeps otherwise, and wakes at once for input.

The app's clock is a fake here (`clock`): time passes only when the app sleeps, so what
these tests assert (how long an idle wait lasts, whether the last input is recent) is
the same on a quiet machine and a loaded one."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from ui_driver import step

from dragonnoir.ui import app as app_module
from dragonnoir.ui.app import App
from dragonnoir.ui.scenes import MainMenu


class FakeClock:
    """Stands for the `time` module in ui/app.py: `sleep` moves `monotonic` on."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps = 0

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps += 1
        self.now += seconds


@pytest.fixture(autouse=True)
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(app_module, "time", fake)
    return fake


def _idle(app: App) -> None:
    app.last_input = app_module.time.monotonic() - app_module.ACTIVE_SECONDS - 1.0


def test_a_menu_left_alone_is_idle(make_app: Callable[..., App]) -> None:
    app = make_app()
    assert isinstance(app.scene, MainMenu) and not app.scene.animating
    _idle(app)
    assert not app.busy


def test_input_is_full_rate_for_a_while(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app()
    _idle(app)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0,) * 3)
    )
    step(app)
    clock.now += app_module.ACTIVE_SECONDS * 0.9
    assert app.busy
    clock.now += app_module.ACTIVE_SECONDS * 0.2
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
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app()
    pygame.event.clear()
    start = clock.now
    assert app.wait_for_event() is None
    waited = clock.now - start
    idle_frame = 1.0 / app_module.IDLE_FPS
    assert idle_frame <= waited < idle_frame + app_module.POLL_SECONDS
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, code=7))
    sleeps = clock.sleeps
    event = app.wait_for_event()
    assert event is not None and event.type == pygame.USEREVENT and event.code == 7
    assert clock.sleeps == sleeps  # not a single poll's sleep, let alone an idle frame
    # the event taken by the wait is handled first by the next frame
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    first = app.wait_for_event()
    assert first is not None
    assert app.step(first=first) is False  # Escape on the main menu quits
