"""Helpers that drive the game client headless: real pygame events (clicks on
pygame_gui's button rectangles, key presses) and frames.

Frames are simulated time (`App.step(1 / 60)`), so what a screen does in so many frames
never depends on the machine. What runs on another thread (the AI's worker) does: no
test counts frames or sleeps while it waits for one; `run_until` and `settle_ai` await
the worker's own answer, with a limit only a real hang reaches (`HANG_SECONDS`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame

from dragonnoir.ai.view import SideView
from dragonnoir.engine.actions import Action, EndPhase, Move
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side
from dragonnoir.engine.testing import hexes
from dragonnoir.ui.app import App
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.settings import Settings

REPO = Path(__file__).resolve().parents[2]


def small_settings(**changes: object) -> Settings:
    """A small window; phases with nothing to do wait for End phase (`auto_pass` off)
    unless a test asks, so tests step through every phase themselves."""
    changes.setdefault("auto_pass", False)
    return Settings(window_width=1024, window_height=700, **changes)  # type: ignore[arg-type]


#: How long a test lets another thread take before it calls it a hang: far beyond any
#: AI decision (about 1 s at most, 2 s on a loaded machine).
HANG_SECONDS = 120.0


def show_game(app: App, game: Game, *, fit: bool = True) -> GameScene:
    """The game screen on top, `game` on it (as "New game" does), the whole map in view
    unless not `fit`."""
    app.go(GameScene(app, game, new=True))
    step(app, 2)
    scene = app.scene
    assert isinstance(scene, GameScene)
    if fit:
        scene.map.fit()
        step(app, 1)
    return scene


def step(app: App, frames: int = 1, *, settle: bool = False) -> None:
    """Run `frames` frames; with `settle`, each after awaiting the AI (`settle_ai`), so
    what they do never depends on how fast the AI answered. (Without it a test may step
    frames while the AI thinks: a gated AI that only answers when the test lets it.)"""
    for _ in range(frames):
        if settle:
            settle_ai(app)
        app.step(1 / 60)


def settle_ai(app: App) -> None:
    """If the shown screen's AI is thinking, wait for its answer (not for frames): the
    next frame then finds it ready, as it would on any machine given time."""
    ai = getattr(app.scene, "ai", None)
    if ai is not None and ai.thinking is not None:
        assert ai.wait(HANG_SECONDS), f"the AI gave no answer in {HANG_SECONDS:.0f} s: a hang"


def run_until(app: App, done: Callable[[], bool], frames: int = 3000) -> None:
    """Step frames until `done()`, awaiting the AI before each frame. `frames` bounds the
    screen's own logic only (shows, prompts, moves at instant speed), never a wait."""
    for _ in range(frames):
        if done():
            return
        settle_ai(app)
        app.step(1 / 60)
    raise AssertionError(f"the condition was not met in {frames} frames of the screen's logic")


def wait_for(condition: Callable[[], bool], what: str) -> None:
    """Await something another thread does (an event it posts), up to `HANG_SECONDS`."""
    deadline = time.monotonic() + HANG_SECONDS
    while not condition():
        assert time.monotonic() < deadline, f"{what}: not in {HANG_SECONDS:.0f} s, a hang"
        time.sleep(0.001)


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


class HunterWalk:
    """A scripted Krob player for a solo game: in the Krob movement Hunter 1 walks the
    cells given, then every phase ends (`agents=hunter_walking(...)`)."""

    def __init__(self, side: Side, cells: tuple[tuple[int, int], ...]) -> None:
        self.side = side
        self.cells = cells
        self.intent: list[str] = []

    def choose(self, view: SideView) -> Action:
        game = view.game
        if game.state.phase == "krob_movement" and not game.state.units["hunter_01"].moved:
            return Move("hunter_01", hexes(game, *self.cells))
        return EndPhase() if EndPhase() in view.legal else view.legal[0]


def hunter_walking(*cells: tuple[int, int]) -> Callable[[str, Side, int], HunterWalk]:
    """The agents of a solo game whose Krob AI is a `HunterWalk` along `cells`."""
    return lambda name, side, seed: HunterWalk(side, cells)
