"""The game screen driven headless by real events: a short game from the main menu,
ending phases, saving, the quit prompt, continuing from the autosave, undo, the
hand-over screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from ui_driver import REPO, click, close_window, key, small_settings, step

from dragonnoir.engine.explain import refused
from dragonnoir.engine.save import load_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side
from dragonnoir.ui.app import App
from dragonnoir.ui.dialogs import ConfirmDialog
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.scenes import MainMenu, ScenarioPicker
from dragonnoir.ui.storage import autosave_path, saves_dir

SCENARIO = REPO / "scenarios" / "la-fosse.toml"


def start_from_menu(make_app: Callable[..., App]) -> tuple[App, GameScene]:
    app = make_app(settings=small_settings())
    menu = app.scene
    assert isinstance(menu, MainMenu)
    assert not menu.buttons["continue"].is_enabled  # no autosave yet
    click(app, menu.buttons["new"])
    picker = app.scene
    assert isinstance(picker, ScenarioPicker)
    picker.seed = 7
    # La Fosse: no water, so no Gharv die rolls before the Krob turn (undo below)
    picker.selected = next(
        i for i, e in enumerate(picker.entries) if e.scenario and e.scenario.id == "la-fosse"
    )
    click(app, picker.start)
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert [type(s) for s in app.stack] == [MainMenu, GameScene]
    # Hotseat: the first player is handed the screen.
    assert scene.handover_showing
    key(app, pygame.K_SPACE)
    assert not scene.handover_showing and scene.board_drawn
    return app, scene


def test_a_short_game_end_phases_save_quit_prompt_continue_undo(
    make_app: Callable[..., App],
) -> None:
    app, scene = start_from_menu(make_app)
    game = scene.game
    assert game.phase.id == "adventurer_fire"
    assert autosave_path().is_file()  # the new game is autosaved at once

    click(app, scene.widgets["end_phase"])
    assert game.phase.id == "adventurer_movement"
    key(app, pygame.K_e)
    assert game.phase.id == "adventurer_combat"
    assert load_game(autosave_path()).state.phase == "adventurer_combat"  # autosave each phase

    # Ctrl+S: a save in the saves folder that replays to the same state.
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    files = list(saves_dir().glob("*.json"))
    assert len(files) == 1 and scene.save_path == files[0]
    assert load_game(files[0]).state.to_dict() == game.state.to_dict()
    assert not scene.unsaved
    assert game.phase.id == "adventurer_combat"  # Ctrl+S did not pan or end anything

    # Progress after the save: closing the window asks; Cancel keeps the game.
    key(app, pygame.K_e)
    assert game.phase.id == "krob_movement"
    assert scene.handover_showing  # the Krob player's turn
    key(app, pygame.K_RETURN)
    assert scene.unsaved
    close_window(app)
    prompt = scene.quit_prompt
    assert isinstance(prompt, ConfirmDialog)
    cancel = prompt.buttons[-1]
    assert cancel.text == "Cancel"
    click(app, cancel)
    assert app.running and app.scene is scene and scene.quit_prompt is None
    assert scene.board_drawn

    # Ctrl+Z at the start of the Krob turn does not take back the Adventurers' End
    # phase: undo never crosses a hand-over.
    assert game.can_undo() and not scene.can_undo()
    assert not scene.widgets["undo"].is_enabled
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert game.phase.id == "krob_movement" and not scene.handover_showing
    assert "handed over" in scene.message_text and scene.message_refused
    expected = game.state.to_dict()

    # Back to the menu: the prompt again; leave without saving (the autosave has it).
    click(app, scene.widgets["menu"])
    prompt = scene.quit_prompt
    assert isinstance(prompt, ConfirmDialog)
    click(app, prompt.buttons[1])  # "Leave"
    assert isinstance(app.scene, MainMenu) and len(app.stack) == 1

    # Continue restores the same state.
    menu = app.scene
    assert menu.buttons["continue"].is_enabled
    click(app, menu.buttons["continue"])
    resumed = app.scene
    assert isinstance(resumed, GameScene) and resumed is not scene
    assert resumed.game.state.to_dict() == expected
    if resumed.handover_showing:
        key(app, pygame.K_SPACE)
    # ... and the Krob player still cannot undo the Adventurers' actions.
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert resumed.game.phase.id == "krob_movement"


def test_nothing_to_undo_and_a_refused_end_phase_say_why(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = load_scenario(SCENARIO).new_game(3)
    app = make_app(lambda a: GameScene(a, game), settings=small_settings(handover=False))
    scene = app.scene
    assert isinstance(scene, GameScene) and not scene.handover_showing
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert "Nothing to undo" in scene.message_text
    assert not scene.widgets["undo"].is_enabled

    monkeypatch.setattr(
        game, "explain", lambda action: refused("Godiva must first choose a retreat", "Combat")
    )
    click(app, scene.widgets["end_phase"])
    assert game.phase.id == "adventurer_fire"
    assert "Godiva must first choose a retreat" in scene.message_text
    assert "[Combat]" in scene.message_text


def test_the_hand_over_screen_hides_everything_of_the_game(
    make_app: Callable[..., App],
) -> None:
    game = load_scenario(SCENARIO).new_game(3)
    app = make_app(lambda a: GameScene(a, game), settings=small_settings(handover=True))
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert scene.handover_showing and not scene.board_drawn
    assert scene.widgets == {}  # no log, no hover panel, no phase bar behind it
    key(app, pygame.K_SPACE)
    assert scene.board_drawn and "log" in scene.widgets
    for _ in range(3):
        key(app, pygame.K_e)
    assert game.to_act() is Side.KROBS
    assert scene.handover_showing and not scene.board_drawn and scene.widgets == {}
    # Keys other than "dismiss" do nothing behind the screen.
    assert game.phase.id == "krob_movement"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(300, 300), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(300, 300), button=1))
    step(app, 2)
    assert scene.board_drawn and game.phase.id == "krob_movement"


def test_without_the_setting_no_hand_over_when_nothing_is_hidden(
    make_app: Callable[..., App],
) -> None:
    game = load_scenario(SCENARIO).new_game(3)
    app = make_app(lambda a: GameScene(a, game), settings=small_settings(handover=False))
    scene = app.scene
    assert isinstance(scene, GameScene)
    for _ in range(3):
        key(app, pygame.K_e)
    assert game.to_act() is Side.KROBS and not scene.handover_showing and scene.board_drawn


def test_hover_panel_help_and_log(make_app: Callable[..., App]) -> None:
    game = load_scenario(SCENARIO).new_game(3)
    app = make_app(lambda a: GameScene(a, game), settings=small_settings(handover=False))
    scene = app.scene
    assert isinstance(scene, GameScene)
    knight = game.state.units["rebel_knight_1"]
    assert knight.hex is not None
    mx, my = scene.map.hex_centre(knight.hex)
    sx, sy = scene.map.camera.to_screen(mx, my)
    vp = scene.map.viewport
    pos = (vp.x + round(sx), vp.y + round(sy))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    step(app, 2)
    text = scene.hover_html(scene.map.hover_hex())
    assert "Knight of Hal" in text and "movement cost" in text and "cover" in text
    assert scene.widgets["hover"].html_text == text

    key(app, pygame.K_h)
    assert scene.show_help
    key(app, pygame.K_ESCAPE)  # Esc closes the help first
    assert not scene.show_help and app.scene is scene

    key(app, pygame.K_e)
    log = "".join(scene.log_lines)
    assert "Adventurer turn: movement." in log


def test_save_folder_problem_is_a_message_not_a_crash(
    make_app: Callable[..., App], home: Path
) -> None:
    game = load_scenario(SCENARIO).new_game(3)
    app = make_app(lambda a: GameScene(a, game), settings=small_settings(handover=False))
    scene = app.scene
    assert isinstance(scene, GameScene)
    saves_dir().parent.mkdir(parents=True, exist_ok=True)
    saves_dir().write_text("a file where the folder should be")
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    assert app.running
    assert scene.message_text.startswith("Could not save: ")
    assert f"{saves_dir()} is a file where a folder should be" in scene.message_text
    assert ".tmp" not in scene.message_text and "Errno" not in scene.message_text


def test_an_autosave_that_fails_is_said_once_and_hides_no_other_message(
    make_app: Callable[..., App], home: Path
) -> None:
    """The data folder is a file: every autosave fails. The failure is said once, in the
    log and (nothing else showing) under the map, not again at every phase; a message
    already showing under the map (the game's own) stays there."""
    home.mkdir(parents=True, exist_ok=True)
    (home / "data").write_text("a file where the data folder should be")
    game = load_scenario(SCENARIO).new_game(3)
    app = make_app(lambda a: GameScene(a, game), settings=small_settings(handover=False))
    scene = app.scene
    assert isinstance(scene, GameScene)
    reason = f"{home / 'data'} is a file where a folder should be"
    assert scene.message_text.startswith("Autosave failed: ") and reason in scene.message_text
    for _ in range(4):
        key(app, pygame.K_e)  # phase after phase: an autosave tried at each
    failures = [line for line in scene.log_lines if "Autosave failed" in line]
    assert len(failures) == 1 and reason in failures[0], failures
    # another failure, while the game has something to say under the map
    (home / "data").unlink()
    (home / "data").write_text("still not a folder")
    scene._autosave_problem = None
    scene.message("Your wizard may cast a spell now.")
    assert not scene.autosave()
    assert scene.message_text == "Your wizard may cast a spell now."
    scene.refresh()  # (as after every action)
    assert sum("Autosave failed" in line for line in scene.log_lines) == 2


def test_counters_are_drawn_with_or_without_the_counter_art(
    make_app: Callable[..., App],
) -> None:
    game = load_scenario(SCENARIO).new_game(3)
    app = make_app(lambda a: GameScene(a, game), settings=small_settings(handover=False))
    scene = app.scene
    assert isinstance(scene, GameScene)
    # The game opens framed on both sides' forces (tests/ui/test_opening_frame.py)...
    drawn = {uid for uid, _ in scene.unit_rects}
    assert "rebel_knight_1" in drawn
    scene.map.fit()  # ... the whole map on request
    step(app, 1)
    drawn = {uid for uid, _ in scene.unit_rects}
    assert drawn == set(game.state.units)
    game.cache["ui_counter_art"] = None  # as before render/counters.py: placeholders
    step(app, 1)
    assert {uid for uid, _ in scene.unit_rects} == drawn


def test_the_hover_panel_names_a_wall_brought_down(make_app: Callable[..., App]) -> None:
    # Le Marais: the tower's wall between (45,6) and (45,7), which the AI's Zacharie
    # brings down on turn 6 ("Demolish a wall"). The map under it still draws the wall:
    # the panel says what lies there, and toward which hex the way is open.
    from dragonnoir.engine.state import Accessory, AccessoryKind

    game = load_scenario(REPO / "scenarios" / "le-marais.toml").new_game(3)
    grid = game.board.grid
    inside, outside = grid.to_hex(45, 6), grid.to_hex(45, 7)
    game.state.accessories["demolished_wall_1"] = Accessory(
        "demolished_wall_1",
        AccessoryKind.DEMOLISHED_WALL,
        (outside, inside),
        properties={"counter": "demolished_wall", "spell": "demolish_wall"},
    )
    game.touch()
    app = make_app(lambda a: GameScene(a, game), settings=small_settings(handover=False))
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert "a wall brought down toward (45,7) (spell: Demolish a wall)" in scene.hover_html(inside)
    assert "a wall brought down toward (45,6)" in scene.hover_html(outside)
    assert "wall brought down" not in scene.hover_html(grid.to_hex(44, 7))


def test_the_phase_bar_says_what_fits(make_app: Callable[..., App]) -> None:
    """In a narrow window the phase bar drops the words the hint line and the log say
    anyway, rather than being cut off (pygame_gui's 'too small for text' fails tests)."""
    from pygame_gui.elements import UILabel

    from dragonnoir.ui.game_scene import fitting

    game = load_scenario(SCENARIO).new_game(3)
    app = make_app(lambda a: GameScene(a, game), settings=small_settings(handover=False))
    scene = app.scene
    assert isinstance(scene, GameScene)
    label = scene.widgets["phase"]
    assert isinstance(label, UILabel)
    assert fitting(label, ["W" * 400, "Turn 1"]) == "Turn 1"
    assert fitting(label, ["Turn 1 · Adventurer turn", "Turn 1"]) == "Turn 1 · Adventurer turn"
    assert label.text in scene.phase_texts()
    assert label.font is not None and label.font.size(label.text)[0] <= label.rect.width
