"""The client and the player's own rules data (dragonnoir/rules_folder.py): the main menu
says which rules are in use, refuses to play while a file of the player's cannot be used,
new games use the player's files, and a save made under other rules keeps its own with a
warning in the Load list and under the map."""

from __future__ import annotations

import html
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pygame
from ui_driver import REPO, click, small_settings

from dragonnoir import rules_folder
from dragonnoir.engine.save import save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.tables import COMBAT_FILE, default_rules_data
from dragonnoir.ui.app import App
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.rules_status import rules_status
from dragonnoir.ui.scenes import LoadScene, MainMenu, ScenarioPicker
from dragonnoir.ui.storage import saves_dir


def own_combat(armoured: int = 3) -> Path:
    """The player's combat.toml: the shipped one with another armoured-defender bonus."""
    text = (REPO / "dragonnoir" / "data" / COMBAT_FILE).read_text(encoding="utf-8")
    folder = rules_folder.rules_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / COMBAT_FILE
    path.write_text(text.replace("\narmoured_defender = 1 ", f"\narmoured_defender = {armoured} "))
    return path


def test_the_menu_names_the_rules_data_in_use(make_app: Callable[..., App]) -> None:
    app = make_app(settings=small_settings())
    menu = app.scene
    assert isinstance(menu, MainMenu) and menu.rules_label is not None
    folder = html.escape(str(rules_folder.rules_dir()))
    assert menu.rules_label.html_text == (
        f"Rules data: as shipped. Your own rules files go in {folder}"
    )
    own_combat()
    menu.rebuild()
    assert menu.rules_label.html_text.startswith(
        "Rules data: your own combat.toml, the other files as shipped. Your own"
    )
    assert menu.buttons["new"].is_enabled


def test_a_bad_file_turns_play_off_and_says_why(make_app: Callable[..., App]) -> None:
    path = own_combat()
    path.write_text("columns = 3\n")
    app = make_app(settings=small_settings())
    menu = app.scene
    assert isinstance(menu, MainMenu)
    assert not any(menu.buttons[k].is_enabled for k in ("new", "load", "continue"))
    assert menu.buttons["editor"].is_enabled
    _, refusal = rules_status()
    assert refusal.startswith("New game, Load and Continue are off")
    assert f"{path}: field columns" in refusal
    path.unlink()  # removed: the shipped rules, and play again
    menu.rebuild()
    assert menu.buttons["new"].is_enabled


def test_a_new_game_plays_with_the_player_s_rules(make_app: Callable[..., App]) -> None:
    own_combat()
    app = make_app(settings=small_settings())
    click(app, app.scene.buttons["new"])
    picker = app.scene
    assert isinstance(picker, ScenarioPicker) and picker.entries
    result = picker.start_game()
    game = result.scene.game  # type: ignore[union-attr]
    assert game.rules.combat.modifiers.armoured_defender == 3
    assert set(game.rules.own_texts) == {COMBAT_FILE}


def test_a_save_under_other_rules_keeps_them_and_warns(make_app: Callable[..., App]) -> None:
    folder = saves_dir()
    folder.mkdir(parents=True)
    game = load_scenario(REPO / "scenarios" / "le-nid.toml").new_game(5)
    save_game(game, folder / "shipped.json")
    own_combat()
    app = make_app(settings=small_settings())
    click(app, app.scene.buttons["load"])
    scene = app.scene
    assert isinstance(scene, LoadScene)
    [entry] = scene.entries
    assert entry.ok and entry.notes[0].startswith("Rules data: this game was played with")
    detail = html.unescape(scene.detail_html())
    assert "combat.toml (shipped in the save; the player's own here)" in detail
    click(app, scene.load)
    loaded = app.scene
    assert isinstance(loaded, GameScene)
    assert loaded.message_text.startswith("Rules data: this game was played with")
    [note] = [line for lines in loaded.log_after.values() for line in lines]
    assert "Rules data: this game was played with" in note
    assert loaded.game.rules.fingerprint == default_rules_data().fingerprint


def test_past_the_menu_a_bad_file_shows_instead_of_the_lists(
    make_app: Callable[..., App],
) -> None:
    """`dragonnoir play` without a scenario opens the picker directly; a file may break
    while the menu is open."""
    path = own_combat()
    path.write_text("columns = 3\n")
    app = make_app(settings=small_settings())
    for scene in (ScenarioPicker(app), LoadScene(app)):
        assert scene.entries == [] and scene.rules is None
        assert scene.rules_error.startswith(f"Your rules data cannot be used: {path}: ")


def test_the_first_frame_does_not_wait_for_the_player_s_rules(home: Path) -> None:
    """The check comes at the first update after the first frame (startup time)."""
    own_combat()
    code = (
        "import sys\nfrom dragonnoir.ui.screens import open_app\n"
        "app = open_app()\nassert app.step(0.0)\n"
        "print('dragonnoir.engine.tables' in sys.modules)\n"
        "assert app.step(0.0)\nprint('dragonnoir.engine.tables' in sys.modules)\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert run.stdout.split()[-2:] == ["False", "True"]


def test_a_long_message_under_the_map_is_cut_never_looped_on(
    make_app: Callable[..., App],
) -> None:
    """The rules warning is long: cutting a line just too wide used to keep its length."""
    game = load_scenario(REPO / "scenarios" / "le-nid.toml").new_game(5)
    app = make_app(lambda a: GameScene(a, game, new=True), settings=small_settings())
    scene = app.scene
    assert isinstance(scene, GameScene)
    words = "Rules data: this game was played with rules data other than the rules in use "
    for width in (800, 1024, 1280):
        surface = pygame.Surface((width, 700))
        for n in range(40, 400, 3):
            scene.message((words * 6)[:n], refused=True)
            scene._draw_message(surface)
