"""Fixtures for driving the game client headless: a temporary DRAGONNOIR_HOME for
settings and saves, and Apps that are closed after the test."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from ui_driver import step

from dragonnoir.i18n import LANG_ENV, SOURCE, set_language
from dragonnoir.ui.app import App, Scene
from dragonnoir.ui.screens import open_app
from dragonnoir.ui.storage import HOME_ENV


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The client speaks English in these tests (they read its English words), whatever
    the machine's language; tests of other languages choose theirs (test_languages.py)."""
    monkeypatch.setenv(LANG_ENV, SOURCE)
    set_language(SOURCE)
    yield
    set_language(SOURCE)


@pytest.fixture(autouse=True)
def no_audio_left_open() -> Iterator[None]:
    """A game screen plays its sounds (SDL's dummy audio driver here): each test starts
    with the mixer closed, and the mixer it opened is closed after it (test_sound.py
    checks that a muted board never opens it)."""
    if pygame.mixer.get_init():
        pygame.mixer.quit()
    yield
    if pygame.mixer.get_init():
        pygame.mixer.quit()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh DRAGONNOIR_HOME: config and data folders that start empty."""
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def make_app(home: Path) -> Iterator[Callable[..., App]]:
    apps: list[App] = []

    def make(first: Callable[[App], Scene] | None = None, **kw: object) -> App:
        app = open_app(first, **kw)  # type: ignore[arg-type]
        apps.append(app)
        step(app, 2, settle=True)  # an AI seat may be thinking already: the same on any machine
        return app

    yield make
    for app in apps:
        if pygame.get_init():
            app.close()
