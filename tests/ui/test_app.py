"""The client's menus headless: settings that persist, broken files that never crash,
the map editor's entry, the command line's default."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from ui_driver import REPO, click, key, small_settings

from dragonnoir.engine.save import save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.ui import library
from dragonnoir.ui.app import App
from dragonnoir.ui.editor_scene import EditorScene
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.scenes import (
    LoadScene,
    MainMenu,
    ScenarioPicker,
    SettingsScene,
)
from dragonnoir.ui.settings import Settings, load_settings, save_settings
from dragonnoir.ui.storage import saves_dir, settings_path


def test_a_settings_change_persists_across_apps(make_app: Callable[..., App]) -> None:
    save_settings(small_settings())
    app = make_app()
    assert app.settings.handover is True
    click(app, app.scene.buttons["settings"])
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    click(app, scene.widgets["handover"])
    assert scene.draft.handover is False
    click(app, scene.widgets["save"])
    assert isinstance(app.scene, MainMenu)
    app.close()
    again = make_app()
    assert again.settings.handover is False
    assert again.settings.window_size == (1024, 700)


def test_back_leaves_the_settings_unchanged(make_app: Callable[..., App]) -> None:
    app = make_app(settings=small_settings())
    click(app, app.scene.buttons["settings"])
    click(app, app.scene.widgets["handover"])
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu) and app.settings.handover is True
    assert not settings_path().exists()


@pytest.mark.parametrize(
    "text", ["{not json", '{"scroll_speed": "fast"}', "[1, 2]", '{"window_width": 3}']
)
def test_a_broken_settings_file_means_the_defaults_and_one_line(
    make_app: Callable[..., App], text: str
) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(text)
    settings, warning = load_settings()
    assert settings == Settings()
    assert warning is not None and "\n" not in warning and str(path) in warning
    app = make_app()
    assert app.settings == Settings() and app.settings_warning == warning
    assert isinstance(app.scene, MainMenu)


def test_unknown_settings_are_ignored(home: Path) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"handover": false, "from_the_future": 1}')
    settings, warning = load_settings()
    assert warning is None and settings.handover is False


def test_a_broken_save_shows_its_error_in_the_load_list(make_app: Callable[..., App]) -> None:
    folder = saves_dir()
    folder.mkdir(parents=True)
    (folder / "broken.json").write_text('{"format": "dragonnoir-save", "version": 1, ')
    game = load_scenario(REPO / "scenarios" / "le-nid.toml").new_game(5)
    save_game(game, folder / "good.json")
    app = make_app(settings=small_settings())
    click(app, app.scene.buttons["load"])
    scene = app.scene
    assert isinstance(scene, LoadScene)
    labels = [e.label for e in scene.entries]
    bad = next(e for e in scene.entries if e.path.name == "broken.json")
    assert not bad.ok and "corrupt JSON" in bad.error and "\n" not in bad.label
    good = next(e for e in scene.entries if e.path.name == "good.json")
    assert good.ok and "Le Nid" in good.label and "turn 1" in good.label
    # Choosing the broken one shows the error and cannot load; the good one loads.
    scene.handle(
        pygame.event.Event(
            __import__("pygame_gui").UI_SELECTION_LIST_NEW_SELECTION,
            ui_element=scene.list,
            text=bad.label,
        )
    )
    assert not scene.load.is_enabled and "corrupt JSON" in scene.detail_html()
    scene.selected = labels.index(good.label)
    scene.rebuild()
    click(app, scene.load)
    assert isinstance(app.scene, GameScene)
    assert app.scene.save_path == folder / "good.json"
    assert app.scene.game.state.to_dict() == game.state.to_dict()


def test_the_picker_shows_every_scenario_with_a_thumbnail(make_app: Callable[..., App]) -> None:
    app = make_app(settings=small_settings())
    click(app, app.scene.buttons["new"])
    picker = app.scene
    assert isinstance(picker, ScenarioPicker)
    names = {e.scenario.name for e in picker.entries if e.scenario}
    assert {"La Fosse: the pit", "Le Nid: the Guard's hall"} <= names
    entry = picker.entries[0]
    thumb = library.thumbnail(entry, (300, 200))
    assert thumb.get_width() <= 300 and thumb.get_height() <= 200
    assert library.thumbnail(entry, (300, 200)) is thumb  # cached
    details = picker.details_html(entry)
    assert "game turns" in details and "Adventurers" in details and "Krobs" in details
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)


def test_the_map_editor_entry_and_quit(make_app: Callable[..., App]) -> None:
    app = make_app(settings=small_settings())
    click(app, app.scene.buttons["editor"])
    assert isinstance(app.scene, EditorScene)
    click(app, app.scene.buttons["menu"])
    assert isinstance(app.scene, MainMenu)
    click(app, app.scene.buttons["quit"])
    assert not app.running


def test_dragonnoir_without_a_command_opens_the_main_menu(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from dragonnoir import cli
    from dragonnoir.ui import screens

    opened: list[object] = []
    monkeypatch.setattr(screens, "run_app", lambda first=None: opened.append(first) or 0)
    assert cli.main([]) == 0
    assert opened == [None]  # None: the main menu
    assert cli.main(["play", str(REPO / "scenarios" / "la-fosse.toml"), "--seed", "3"]) == 0
    assert callable(opened[-1])


def test_play_with_a_broken_scenario_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from dragonnoir import cli

    bad = tmp_path / "bad.toml"
    bad.write_text('id = "x"\nname = "X"\nmap = "nowhere.tmx"\n')
    assert cli.main(["play", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.toml" in err
