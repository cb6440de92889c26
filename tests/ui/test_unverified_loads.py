"""A save whose replay check fails, in the client (issue 47): Load and Continue say what
happened in words, and offer to go on from the position as saved, marked unverified; the
game screen and every save of the game keep the mark. Driven headless, by clicks."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path

import pygame
from ui_driver import REPO, click, key, small_settings, step

from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import RandomAgent
from dragonnoir.engine.save import check_save, save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.ui.app import App
from dragonnoir.ui.dialogs import ConfirmDialog
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.scenes import GO_ON_UNVERIFIED, LoadScene, MainMenu
from dragonnoir.ui.storage import autosave_path, saves_dir

#: What a player must never read: field paths, ids, the check's technical wording.
TECHNICAL = ("scratch", "field state", "replay gives", "rebel_knight_1", "{}")


def l_ile_game(actions: int = 4) -> Game:
    game = load_scenario(REPO / "scenarios" / "l-ile.toml").new_game(1)
    agent = RandomAgent(1)
    for _ in range(actions):
        action = agent.choose(game)
        assert action is not None
        game.apply(action)
    return game


def write_faulty(path: Path) -> Path:
    """A save as issue 47's fault wrote it: an empty record of rowed boats in the state
    that its replay does not make."""
    game = l_ile_game()
    game.state.scratch["boats"] = {}
    path.parent.mkdir(parents=True, exist_ok=True)
    return save_game(game, path)


def menu_app(make_app: Callable[..., App]) -> tuple[App, MainMenu]:
    app = make_app(settings=small_settings(handover=False))
    menu = app.scene
    assert isinstance(menu, MainMenu)
    return app, menu


def open_load_list(app: App, path: Path) -> LoadScene:
    app.go(LoadScene(app))
    step(app, 2)
    load = app.scene
    assert isinstance(load, LoadScene)
    load.selected = next(i for i, e in enumerate(load.entries) if e.path == path)
    load.rebuild()
    step(app, 1)
    return load


def assert_plain(shown: str) -> None:
    text = html.unescape(shown)
    assert "played again from the start" in text
    assert "which boats were rowed this turn" in text
    for word in TECHNICAL:
        assert word not in text, word


def assert_unverified_game(app: App) -> GameScene:
    scene = app.scene
    assert isinstance(scene, GameScene)
    if scene.handover_showing:  # l-ile hides things: the board waits behind a hand-over
        scene.end_handover()
        step(app, 1)
    assert scene.game.unverified is not None
    assert scene.unverified_badge == "Unverified game"
    assert scene.message_text == "Unverified game: it went on from a save that did not check out."
    assert any("goes on from the position saved in game turn 1" in line for line in scene.log_lines)
    return scene


def test_the_load_list_says_why_and_goes_on_unverified(make_app: Callable[..., App]) -> None:
    app, _ = menu_app(make_app)
    path = write_faulty(saves_dir() / "l-ile.json")
    load = open_load_list(app, path)
    entry = load.entries[load.selected or 0]
    assert entry.label.endswith("does not check out (see below)")
    assert load.detail is not None
    assert_plain(load.detail.html_text)
    assert "go on from the position as it was saved" in load.detail.html_text
    assert load.load is not None and load.load.is_enabled

    click(app, load.load)
    dialog = app.scene
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.dialog_title == "This save does not check out"
    assert_plain(dialog.text)
    assert [label for label, _ in dialog.choices] == [GO_ON_UNVERIFIED, "Cancel"]
    click(app, dialog.buttons[0])
    scene = assert_unverified_game(app)
    assert [a.to_dict() for a in scene.game.history] == [a.to_dict() for a in l_ile_game().history]

    # the autosave the screen wrote, and Ctrl+S, keep the mark and load as they are
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    assert scene.save_path is not None and scene.save_path != path
    for saved in (autosave_path(), scene.save_path):
        check = check_save(saved)
        assert check.ok, check.problems
        assert check.game is not None and check.game.unverified == scene.game.unverified


def test_cancel_leaves_the_save_as_it_was(make_app: Callable[..., App]) -> None:
    app, _ = menu_app(make_app)
    path = write_faulty(saves_dir() / "l-ile.json")
    before = path.read_bytes()
    load = open_load_list(app, path)
    assert load.load is not None
    click(app, load.load)
    dialog = app.scene
    assert isinstance(dialog, ConfirmDialog)
    click(app, dialog.buttons[-1])
    assert app.scene is load
    assert path.read_bytes() == before
    assert not autosave_path().exists()


def test_continue_from_an_autosave_that_does_not_check_out(make_app: Callable[..., App]) -> None:
    write_faulty(autosave_path())
    app, menu = menu_app(make_app)
    click(app, menu.buttons["continue"])
    dialog = app.scene
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.dialog_title == "The autosave does not check out"
    assert_plain(dialog.text)
    assert [label for label, _ in dialog.choices] == [GO_ON_UNVERIFIED, "Cancel"]
    click(app, dialog.buttons[-1])  # Cancel: the menu says it could not continue
    assert app.scene is menu and menu.message.startswith("Cannot continue: ")
    click(app, menu.buttons["continue"])
    dialog = app.scene
    assert isinstance(dialog, ConfirmDialog)
    click(app, dialog.buttons[0])
    assert_unverified_game(app)


def test_an_intact_backup_is_offered_beside_the_position(make_app: Callable[..., App]) -> None:
    saves_dir().mkdir(parents=True, exist_ok=True)
    path = saves_dir() / "l-ile.json"
    save_game(l_ile_game(actions=2), path)  # kept as l-ile.json.bak by the next save
    write_faulty(path)
    app, _ = menu_app(make_app)
    load = open_load_list(app, path)
    assert load.detail is not None and "Load offers it too" in load.detail.html_text
    assert load.load is not None
    click(app, load.load)
    dialog = app.scene
    assert isinstance(dialog, ConfirmDialog)
    assert [label for label, _ in dialog.choices] == [GO_ON_UNVERIFIED, "Open the backup", "Cancel"]
    click(app, dialog.buttons[1])
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert scene.game.unverified is None and len(scene.game.history) == 2
    assert scene.unverified_badge == ""


def test_a_marked_save_is_listed_and_opened_as_unverified(make_app: Callable[..., App]) -> None:
    faulty = write_faulty(saves_dir() / "faulty.json")
    game = check_save(faulty).snapshot
    assert game is not None
    faulty.unlink()
    marked = save_game(game, saves_dir() / "marked.json")
    app, _ = menu_app(make_app)
    load = open_load_list(app, marked)
    entry = load.entries[load.selected or 0]
    assert entry.ok and entry.label.endswith(", unverified")
    assert load.detail is not None and "Unverified: this game goes on" in load.detail.html_text
    assert load.load is not None
    click(app, load.load)
    assert_unverified_game(app)


def test_a_character_is_named_as_players_read_him(make_app: Callable[..., App]) -> None:
    game = l_ile_game()
    game.state.units["rebel_knight_1"].wounds = 1
    path = save_game(game, saves_dir() / "hurt.json")
    app, _ = menu_app(make_app)
    load = open_load_list(app, path)
    assert load.detail is not None
    assert "Knight of Halöven 1's wounds" in html.unescape(load.detail.html_text)
    assert "rebel_knight_1" not in load.detail.html_text
