"""The small faults of issue 9, driven by posted events headless: the void around the
map, a game in which nothing was done, saves named by scenario and turn (never
overwritten), the intact backup of a damaged autosave or save offered, a tap on an arrow
key, Continue restoring the camera."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
from test_play import start
from ui_driver import REPO, click, close_window, key, small_settings, step

from dragonnoir.engine.actions import EndPhase
from dragonnoir.engine.save import save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.ui.app import App
from dragonnoir.ui.dialogs import ConfirmDialog
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.scenes import LoadScene, MainMenu
from dragonnoir.ui.storage import autosave_path, saves_dir


def fosse_game() -> object:
    return load_scenario(REPO / "scenarios" / "la-fosse.toml").new_game(4)


def test_the_void_around_the_map_is_not_a_hex(make_app: Callable[..., App]) -> None:
    app = start(make_app, fosse_game())  # type: ignore[arg-type]
    scene = app.scene
    assert isinstance(scene, GameScene)
    scene.map.fit()
    step(app, 1)
    vp = scene.map.viewport
    corner = (vp.x + 2, vp.y + 2)  # the void left of the map's first, staggered row
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=corner, rel=(0, 0), buttons=(0, 0, 0))
    )
    step(app, 2)
    h = scene.map.hex_at(corner)
    assert h is None or h not in scene.game.board.cells  # the void, as the map sees it
    assert scene._hover is None
    assert "off the map" not in scene.widgets["hover"].html_text


def test_nothing_done_nothing_asked_and_two_saves_two_files(
    make_app: Callable[..., App],
) -> None:
    app = start(make_app, fosse_game())  # type: ignore[arg-type]
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert not scene.unsaved
    key(app, pygame.K_e)
    assert scene.unsaved
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    files = sorted(saves_dir().glob("*.json"))
    assert len(files) == 2, files  # the second Ctrl+S did not overwrite the first
    assert all(f.name.startswith("la-fosse-turn1-") for f in files)
    assert str(saves_dir()) in scene.message_text  # the folder is named
    close_window(app)
    assert not app.running  # saved: nothing asked


def test_a_damaged_autosave_offers_its_intact_backup(make_app: Callable[..., App]) -> None:
    game = load_scenario(REPO / "scenarios" / "la-fosse.toml").new_game(4)
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    save_game(game, autosave_path())
    game.apply(EndPhase())
    save_game(game, autosave_path())  # the first one is kept as autosave.json.bak
    autosave_path().write_text('{"format": "dragonnoir-save", "vers', encoding="utf-8")
    app = make_app(settings=small_settings(handover=False))
    menu = app.scene
    assert isinstance(menu, MainMenu)
    click(app, menu.buttons["continue"])
    dialog = app.scene
    assert isinstance(dialog, ConfirmDialog)
    assert "backup" in dialog.text and "autosave.json" in dialog.text
    click(app, dialog.buttons[0])  # "Continue from backup"
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert len(scene.game.history) == 0  # the backup: before the End phase

    # The load list: a damaged save with an intact backup can be loaded (the backup).
    saves_dir().mkdir(parents=True, exist_ok=True)
    named = saves_dir() / "mine.json"
    save_game(game, named)
    save_game(game, named)
    named.write_text("{", encoding="utf-8")
    app.go(LoadScene(app))
    step(app, 2)
    load = app.scene
    assert isinstance(load, LoadScene)
    load.selected = next(i for i, e in enumerate(load.entries) if e.path == named)
    load.rebuild()
    step(app, 1)
    assert load.detail is not None and "backup" in load.detail.html_text
    assert load.load is not None and load.load.is_enabled
    click(app, load.load)
    assert isinstance(app.scene, GameScene) and len(app.scene.game.history) == 1


def test_a_tap_on_an_arrow_key_pans_and_continue_keeps_the_camera(
    make_app: Callable[..., App], home: Path
) -> None:
    app = start(make_app, fosse_game())  # type: ignore[arg-type]
    scene = app.scene
    assert isinstance(scene, GameScene)
    x = scene.map.camera.x
    key(app, pygame.K_RIGHT, frames=1)  # down and up within one frame
    assert scene.map.camera.x > x
    cam = scene.map.camera
    view = (cam.zoom, *cam.to_map(cam.view_w / 2, cam.view_h / 2))
    click(app, scene.widgets["menu"])  # nothing done: straight to the menu (autosaved)
    menu = app.scene
    assert isinstance(menu, MainMenu)
    click(app, menu.buttons["continue"])
    resumed = app.scene
    assert isinstance(resumed, GameScene) and resumed is not scene
    cam = resumed.map.camera
    assert (cam.zoom, *cam.to_map(cam.view_w / 2, cam.view_h / 2)) == view


def test_a_save_loads_from_the_list_after_its_scenario_file_moved(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    """Ctrl+S on a game set up from a copy of La Fosse; the copy goes away (a moved
    checkout); the load list still loads the save (the shipped scenario, by id)."""
    import shutil

    copy = tmp_path / "old" / "scenarios"
    copy.mkdir(parents=True)
    shutil.copytree(REPO / "maps", tmp_path / "old" / "maps")
    shutil.copy(REPO / "scenarios" / "la-fosse.toml", copy / "la-fosse.toml")
    game = load_scenario(copy / "la-fosse.toml").new_game(6)
    app = start(make_app, game)
    scene = app.scene
    assert isinstance(scene, GameScene)
    key(app, pygame.K_e)
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    (saved,) = saves_dir().glob("*.json")
    shutil.rmtree(tmp_path / "old")
    app.go(LoadScene(app))
    step(app, 2)
    load = app.scene
    assert isinstance(load, LoadScene)
    load.selected = next(i for i, e in enumerate(load.entries) if e.path == saved)
    load.rebuild()
    step(app, 1)
    assert load.entries[load.selected].ok, load.entries[load.selected].error
    click(app, load.load)
    resumed = app.scene
    assert isinstance(resumed, GameScene)
    assert resumed.game.state.to_dict() == game.state.to_dict()
