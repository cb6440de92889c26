"""Playing on the game screen with posted mouse and key events only (SDL dummy driver):
fire, end phases, select and move, an illegal click, attack, answer the retreat prompt
with its button, decline the advance with P, save with Ctrl+S, leave to the menu, load
the save back — checking the engine's state after each step ("Hotseat client", 6).

Click positions come from the scene's camera and the board's HexGrid, as a player's
mouse would find the hexes on screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from ui_driver import click, key, small_settings, step

from dragonnoir.engine.actions import Retreat
from dragonnoir.engine.events import CombatResolved, ShotResolved, UnitMoved
from dragonnoir.engine.game import Game
from dragonnoir.engine.testing import Piece, cell_of, hexes, position, seed_for
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.ui.app import App
from dragonnoir.ui.controller import Mode
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.scenes import LoadScene, MainMenu
from dragonnoir.ui.storage import saves_dir

BOARD = """
. . . . . . . . .
 . . . . . . . . .
. . . . . . . . .
 . . # . . . . . .
. . . . . . . . .
 . . . . . . . . .
"""
ARCHER, ZED, HUNTER = (3, 4), (5, 2), (6, 2)
ROCK = (2, 3)


def play_game() -> Game:
    """An archer 4 hexes from a Hunter in the Adventurers' fire phase; Zed next to it.

    The dice are the game's own (a seed whose first throws are 10 then 6), not forced:
    the save must replay to the same state."""
    return position(
        BOARD,
        [Piece("ork_archer_1", ARCHER), Piece("zed", ZED), Piece("hunter_01", HUNTER)],
        phase="adventurer_fire",
        seed=seed_for(10, 6),
    )


def screen_pos(scene: GameScene, h: Hex) -> tuple[int, int]:
    """Where hex `h` is on the screen: its map centre through the scene's camera."""
    mx, my = scene.map.view.grid.hex_centre(h)
    sx, sy = scene.map.camera.to_screen(mx, my)
    vp = scene.map.viewport
    return vp.x + round(sx), vp.y + round(sy)


def mouse(app: App, pos: tuple[int, int], button: int = 1, frames: int = 2) -> None:
    """Move there, press and release: a click on the map."""
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app, frames)


def hover(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    step(app, 2)


def cell(scene: GameScene, c: tuple[int, int]) -> tuple[int, int]:
    return screen_pos(scene, hexes(scene.game, c)[0])


def start(make_app: Callable[..., App], game: Game) -> App:
    """The main menu, then the game screen on top of it (as "New game" does)."""
    app = make_app(settings=small_settings(handover=False))
    assert isinstance(app.scene, MainMenu)
    app.go(GameScene(app, game, new=True))
    step(app, 2)
    return app


def state(game: Game) -> tuple[dict[str, Any], int]:
    return game.state.to_dict(), len(game.history)


def test_play_fire_move_attack_prompt_save_quit_load(make_app: Callable[..., App]) -> None:
    game = play_game()
    app = start(make_app, game)
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.board_drawn
    assert game.phase.id == "adventurer_fire"

    # Fire: click the archer (a shooter), hover the Hunter (the line and the chances in
    # the side panel), click the Hunter (the target), Enter fires.
    mouse(app, cell(scene, ARCHER))
    assert scene.controller.mode is Mode.FIRE
    assert scene.controller.overlays().shooters == ("ork_archer_1",)
    hover(app, cell(scene, HUNTER))
    assert scene.controller.overlays().lines
    mouse(app, cell(scene, HUNTER))
    assert scene.controller.mode is Mode.CONFIRM
    card = scene.card  # the preview card: verdict first, then the chances of A, B and C
    assert card is not None and card.legal and card.verdict.startswith("Allowed")
    assert [label[0] for label, _ in card.chances] == ["A", "B", "C", "N"]  # N: no effect
    assert scene.widgets["card"].visible and not scene.widgets["hover"].visible
    assert scene.painter.paints > 0
    before = len(game.log)
    key(app, pygame.K_RETURN)
    assert any(isinstance(e, ShotResolved) for e in game.log[before:])

    # End phase (E): the movement phase.
    key(app, pygame.K_e)
    assert game.phase.id == "adventurer_movement"

    # Select the archer: his reachable hexes; an illegal click (a rock) says why, with
    # the rule, and changes nothing.
    mouse(app, cell(scene, ARCHER))
    assert scene.controller.mode is Mode.MOVE
    assert scene.controller.overlays().reachable
    snapshot = state(game)
    mouse(app, cell(scene, ROCK))
    assert scene.message_refused and scene.message_text.startswith("Not allowed")
    assert "[" in scene.message_text and scene.message_text.endswith("]")  # the rule
    assert state(game) == snapshot
    # ... then a click on a reachable hex moves him.
    before = len(game.log)
    mouse(app, cell(scene, (1, 4)))
    assert cell_of(game, "ork_archer_1") == (1, 4)
    assert any(isinstance(e, UnitMoved) for e in game.log[before:])
    assert scene.controller.mode is Mode.IDLE

    # The End phase button: the combat phase.
    click(app, scene.widgets["end_phase"])
    assert game.phase.id == "adventurer_combat"

    # Attack: Zed (A, then a click), the Hunter (defender); the odds in the side panel;
    # the Confirm button attacks. 6 against 2 at 3-1, die 6: the Hunter retreats.
    key(app, pygame.K_a)
    mouse(app, cell(scene, ZED))
    mouse(app, cell(scene, HUNTER))
    assert scene.controller.mode is Mode.CONFIRM
    assert scene.card is not None and any(k == "odds" for k, _ in scene.card.rows)
    before = len(game.log)
    click(app, scene.widgets["confirm"])  # declares the combat (issue 8, ruling 2)
    assert scene.controller.prompt() is not None
    click(app, scene.widgets["choice_0"])  # Declare
    click(app, scene.widgets["choice_0"])  # Resolve combat 1
    resolved = [e for e in game.log[before:] if isinstance(e, CombatResolved)]
    assert resolved and resolved[0].result == "DR"

    # The Krob player's retreat: the prompt panel has a button per legal answer.
    prompt = scene.controller.prompt()
    assert prompt is not None and prompt.kind == "retreat"
    i = next(i for i, c in enumerate(prompt.choices) if isinstance(c.action, Retreat))
    retreat = prompt.choices[i].action
    assert isinstance(retreat, Retreat)
    click(app, scene.widgets[f"choice_{i}"])
    assert game.state.units["hunter_01"].hex == retreat.path[-1]
    # Zed may advance: P declines.
    prompt = scene.controller.prompt()
    assert prompt is not None and prompt.kind == "advance"
    assert scene.widgets["pass"].is_enabled
    key(app, pygame.K_p)
    assert not game.state.pending and game.state.units["zed"].hex == hexes(game, ZED)[0]
    assert "Adventurers: no (further) advance after combat." in scene.log_lines[-1]  # logged
    key(app, pygame.K_e)
    assert game.phase.id == "krob_movement"

    # Ctrl+S, Esc to the menu (saved: no question), load the save: the same state.
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    saved = list(saves_dir().glob("*.json"))
    assert len(saved) == 1 and not scene.unsaved
    expected = game.state.to_dict()
    key(app, pygame.K_ESCAPE)
    menu = app.scene
    assert isinstance(menu, MainMenu)
    click(app, menu.buttons["load"])
    loader = app.scene
    assert isinstance(loader, LoadScene)
    labels = [e.label for e in loader.entries]
    pick = next(i for i, e in enumerate(loader.entries) if e.path == saved[0])
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, text=labels[pick], ui_element=loader.list
        )
    )
    step(app, 2)
    assert loader.selected == pick and loader.entries[pick].ok, loader.entries[pick].error
    assert loader.load is not None
    click(app, loader.load)
    loaded = app.scene
    assert isinstance(loaded, GameScene) and loaded is not scene
    assert loaded.game.state.to_dict() == expected
    assert loaded.controller.game is loaded.game and loaded.board_drawn


def test_right_click_and_esc_cancel_then_esc_leaves(make_app: Callable[..., App]) -> None:
    game = play_game()
    app = start(make_app, game)
    scene = app.scene
    assert isinstance(scene, GameScene)
    mouse(app, cell(scene, ARCHER))
    assert scene.controller.mode is Mode.FIRE
    mouse(app, cell(scene, HUNTER), button=3)  # right click: cancel
    assert scene.controller.mode is Mode.IDLE
    key(app, pygame.K_f)  # F: fire mode
    assert scene.controller.mode is Mode.FIRE
    key(app, pygame.K_ESCAPE)  # Esc drops the selection first...
    assert scene.controller.mode is Mode.IDLE and app.scene is scene
    key(app, pygame.K_ESCAPE)  # ... then leaves: nothing was done, so nothing is asked
    assert scene.quit_prompt is None and isinstance(app.scene, MainMenu)


def test_a_drag_pans_and_does_not_click(make_app: Callable[..., App]) -> None:
    game = play_game()
    app = make_app(lambda a: GameScene(a, game), settings=small_settings(handover=False))
    scene = app.scene
    assert isinstance(scene, GameScene)
    key(app, pygame.K_PLUS, frames=30)
    start = cell(scene, ARCHER)
    x0 = scene.map.camera.x
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    end = (start[0] - 60, start[1])
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(-60, 0), buttons=(1, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    step(app, 2)
    assert scene.controller.mode is Mode.IDLE
    assert scene.map.camera.x != x0 or scene.map.camera.zoom <= scene.map.camera.fit_zoom()


def test_every_controller_command_has_a_key_the_help_lists() -> None:
    """Rotating back and the Guard's attack between its legs are reachable from the
    keyboard, like every other command the controller takes."""
    from dragonnoir.ui.keymap import CONTROLLER_COMMANDS, KEYMAP, Command

    bound = {b.command for b in KEYMAP}
    assert {Command.ROTATE_BACK, Command.BETWEEN_LEGS} <= CONTROLLER_COMMANDS
    assert bound >= CONTROLLER_COMMANDS
