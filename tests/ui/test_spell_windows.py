"""The Krob turn's spell windows in the client (issue 40, item 2): no prompt at every
step. With 'Only when I press M' (the default) a window passes quietly, out of the log,
unless the person asked to cast (M, or the Cast now button over the map): then the next
window waits with the spell book open. With 'Offer at every window' each one is asked.
Headless, with a scripted Krob player; no frame counting while the AI thinks."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from ui_driver import click, hunter_walking, key, run_until, small_settings, step

from dragonnoir.engine.actions import Move
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import magic
from dragonnoir.engine.state import Side
from dragonnoir.engine.testing import Piece, hexes, position
from dragonnoir.ui.app import App
from dragonnoir.ui.controller import Mode
from dragonnoir.ui.game_scene import CAST_NOW_TEXT, CAST_WAITING_TEXT, GameScene
from dragonnoir.ui.settings import Settings

FLOOR = """
. . . . . . . . . . . . . .
 . . . . . . . . . . . . . .
. . . . . . . . . . . . . .
 . . . . . . . . . . . . . .
"""


def krob_turn(players: dict[str, str] | None = None) -> Game:
    """Zacharie, who has not cast, and a Hunter in sight, as the Krob movement begins."""
    game = position(
        FLOOR, [Piece("zacharie", (0, 0)), Piece("hunter_01", (12, 2))], phase="krob_movement"
    )
    game.players = dict(players or {})
    return game


#: The Krob player: the Hunter walks three hexes west, then every phase ends.
walker = hunter_walking((11, 2), (10, 2), (9, 2))


def solo(make_app: Callable[..., App], **settings: object) -> tuple[App, GameScene, Game]:
    game = krob_turn({"adventurers": "human", "krobs": "ai:normal"})
    app = make_app(
        lambda a: GameScene(a, game, new=True, agents=walker),
        settings=small_settings(ai_speed=0.0, **settings),
    )
    scene = app.scene
    assert isinstance(scene, GameScene)
    return app, scene, game


def window_lines(scene: GameScene) -> list[str]:
    return [line for line in scene.log_lines if "may cast" in line or "no spell now" in line]


def test_windows_pass_quietly_against_the_krob_ai(make_app: Callable[..., App]) -> None:
    app, scene, game = solo(make_app)
    run_until(app, lambda: game.state.phase == "adventurer_fire")
    assert game.state.turn == 2 and not game.state.pending
    assert magic.sheet(game, game.state.units["zacharie"]).cast_turn is None
    assert game.state.units["hunter_01"].hex == hexes(game, (9, 2))[0]  # it walked on
    assert window_lines(scene) == []  # neither the questions nor the passes


def test_cast_now_stops_at_a_window_with_the_spell_book(make_app: Callable[..., App]) -> None:
    app, scene, game = solo(make_app)
    assert game.state.phase == "krob_movement"
    button = scene.widgets["cast_now"]
    assert button.visible and button.text == CAST_NOW_TEXT  # type: ignore[attr-defined]
    click(app, button)
    run_until(app, lambda: scene.controller.mode is Mode.SPELL)  # the spell book
    assert not scene.cast_requested and game.to_act() is Side.ADVENTURERS
    held = len(game.history)
    step(app, 30, settle=True)
    assert len(game.history) == held  # the window waits for him
    assert game.state.pending and scene.controller.spell_window()


def test_m_in_the_krob_turn_is_the_pause_key(make_app: Callable[..., App]) -> None:
    app, scene, game = solo(make_app)
    key(app, pygame.K_m, frames=1)
    run_until(app, lambda: scene.controller.mode is Mode.SPELL)
    assert game.state.phase == "krob_movement" and scene.controller.spell_window()


def test_offer_at_every_window_asks_at_each_one(make_app: Callable[..., App]) -> None:
    _app, scene, game = solo(make_app, spell_every_window=True)
    assert game.state.pending and magic.window_moment(game.state.pending[0]) == (
        magic.MOVEMENT_START
    )
    prompt = scene.controller.prompt()
    assert prompt is not None and prompt.can_pass


def test_hotseat_windows_pass_before_any_hand_over(make_app: Callable[..., App]) -> None:
    """Two people at one screen: the Krob player plays on; the Adventurer player's
    window comes up (behind the hand-over screen) only when he asked for it."""
    game = krob_turn()
    app = make_app(lambda a: GameScene(a, game, new=True), settings=small_settings(handover=True))
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert game.to_act() is Side.KROBS  # the start's window passed at once
    key(app, pygame.K_SPACE)  # the Krob player takes the screen
    assert not scene.handover_showing
    scene.apply(Move("hunter_01", hexes(game, (11, 2))))
    assert game.to_act() is Side.KROBS and not scene.handover_showing
    button = scene.widgets["cast_now"]
    assert button.visible  # type: ignore[attr-defined]
    click(app, button)  # the Adventurer player: 'stop, I cast'
    assert scene.cast_requested and button.text == CAST_WAITING_TEXT  # type: ignore[attr-defined]
    scene.apply(Move("hunter_01", hexes(game, (10, 2))))
    assert game.to_act() is Side.ADVENTURERS and scene.handover_showing
    key(app, pygame.K_SPACE)
    assert scene.controller.mode is Mode.SPELL


def test_the_setting_is_kept() -> None:
    assert Settings().spell_every_window is False
    assert Settings(spell_every_window=True).spell_every_window is True
