"""The campaign screens headless: the main menu's Campaign entry, a new campaign, the
plan drawn with the Adventurers' knowledge only, the Krob view behind a warning, a game
played to its end and back to the campaign, Save and resume, a broken save's message."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame
from ui_driver import click, step

from dragonnoir.engine.state import Side
from dragonnoir.ui.app import App
from dragonnoir.ui.campaign_scene import (
    CampaignMenu,
    CampaignScene,
    draw_plan,
    resume_scene,
    save_path_for,
)
from dragonnoir.ui.dialogs import ConfirmDialog
from dragonnoir.ui.end_screen import EndScreen
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.scenes import MainMenu
from dragonnoir.ui.settings import Settings

#: Set to a folder to keep the screen pictures (docs/screenshots: tools/screenshots.sh).
SHOTS_ENV = "DRAGONNOIR_CAMPAIGN_SHOTS"


def _shot(app: App, name: str) -> None:
    folder = os.environ.get(SHOTS_ENV)
    if folder:
        pygame.image.save(app.screen, str(Path(folder) / name))


def _open_campaign(make_app: Callable[..., App]) -> tuple[App, CampaignScene]:
    app = make_app(settings=Settings(window_width=1280, window_height=800, auto_pass=False))
    click(app, app.scene.buttons["campaign"])
    menu = app.scene
    assert isinstance(menu, CampaignMenu)
    assert menu.campaign is not None and menu.campaign.id == "la-descente"
    click(app, menu.buttons["new"])
    scene = app.scene
    assert isinstance(scene, CampaignScene)
    return app, scene


def test_a_new_campaign_shows_the_plan_the_party_and_the_next_scenario(
    make_app: Callable[..., App],
) -> None:
    app, scene = _open_campaign(make_app)
    step(app, 2)
    _shot(app, "campaign.png")
    text = scene.info_html()
    assert "Shaman" in text and "wizard level 1, 100 EP left" in text
    assert "La Fosse: the pit" in text and "Scenario 1" in text
    assert "Nothing is known of their bands yet" in text
    labels = draw_plan(app.screen, scene.plan_rect(), scene.run, krob_view=False)
    assert "La Fosse" in labels and "Le Marais Hanté" in labels
    for band in scene.run.state.bands:  # no band is known yet: none is drawn
        assert not any(band.name in label for label in labels)
    assert save_path_for("la-descente").is_file()  # started = saved


def test_the_krob_view_asks_first_and_shows_the_bands(make_app: Callable[..., App]) -> None:
    app, scene = _open_campaign(make_app)
    click(app, scene.buttons["krobs"])
    dialog = app.scene
    assert isinstance(dialog, ConfirmDialog)
    click(app, dialog.buttons[0])
    assert app.scene is scene and scene.krob_view
    labels = draw_plan(app.screen, scene.plan_rect(), scene.run, krob_view=True)
    assert any("The hunting pack" in label for label in labels)
    assert "The hunting pack" in scene.info_html()
    click(app, scene.buttons["krobs"])
    assert not scene.krob_view


def test_a_scenario_played_to_its_end_comes_back_to_the_campaign(
    make_app: Callable[..., App],
) -> None:
    app, scene = _open_campaign(make_app)
    click(app, scene.buttons["continue"])
    game_scene = app.scene
    assert isinstance(game_scene, GameScene) and game_scene.hooks is not None
    game = game_scene.game
    # the game in progress is in the campaign save, not in the autosave
    from dragonnoir.ui.storage import autosave_path

    assert not autosave_path().exists()
    game.state.scratch["game_over"] = True
    game.state.winner = Side.ADVENTURERS
    game.state.scratch["result"] = {"winner": "adventurers", "reason": "the pit is clear"}
    step(app, 2)
    screen = app.scene
    assert isinstance(screen, EndScreen)
    click(app, screen.buttons["continue"])
    back = app.scene
    assert isinstance(back, CampaignScene)
    assert isinstance(app.stack[0], MainMenu) and len(app.stack) == 2
    text = back.info_html()
    assert "the Adventurers won" in text and "the pit is clear" in text
    assert "level 2 wizard" in text and "Le Nid" in text
    step(app, 2)
    _shot(app, "campaign-after-the-pit.png")
    # Save, then resume from the file
    click(app, back.buttons["save"])
    assert "Saved in" in back.message
    again = resume_scene(app, save_path_for("la-descente"))
    assert isinstance(again, CampaignScene) and again.run.state.step == "the-nest"


def test_a_game_in_progress_resumes_on_the_game_screen(make_app: Callable[..., App]) -> None:
    app, scene = _open_campaign(make_app)
    click(app, scene.buttons["continue"])
    assert isinstance(app.scene, GameScene)
    resumed = resume_scene(app, save_path_for("la-descente"))
    assert isinstance(resumed, GameScene) and resumed.hooks is not None


def test_a_broken_campaign_save_is_one_line_in_the_menu(make_app: Callable[..., App]) -> None:
    app, _ = _open_campaign(make_app)
    path = save_path_for("la-descente")
    path.write_text('{"format": "dragonnoir-campaign", "version": 1, "campai', encoding="utf-8")
    app.go(CampaignMenu(app))
    menu = app.scene
    assert isinstance(menu, CampaignMenu)
    click(app, menu.buttons["resume"])
    assert app.scene is menu
    assert "Cannot resume the campaign" in menu.message and "corrupt JSON" in menu.message
    assert str(path) in menu.message and "\n" not in menu.message


def test_a_scenario_broken_since_the_campaign_began_is_a_message(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app, scene = _open_campaign(make_app)
    broken = tmp_path / "la-fosse.toml"
    broken.write_text('id = "la-fosse"\nname = "x"\nmap = "nowhere.tmx"\n', encoding="utf-8")
    scene.run.campaign.scenario_files["the-pit"] = broken
    scene.run._prepared = None
    scene.rebuild()
    assert "Cannot set up the-pit" in scene.info_html() and "nowhere.tmx" in scene.info_html()
    click(app, scene.buttons["continue"])
    assert app.scene is scene and "Cannot start the scenario" in scene.message


def test_a_new_campaign_over_a_saved_one_asks_first(make_app: Callable[..., App]) -> None:
    app, scene = _open_campaign(make_app)
    seed = scene.run.state.seed
    app.go(CampaignMenu(app))
    menu = app.scene
    assert isinstance(menu, CampaignMenu)
    click(app, menu.buttons["new"])
    dialog = app.scene
    assert isinstance(dialog, ConfirmDialog)
    click(app, dialog.buttons[1])  # Cancel: the saved campaign stays
    assert app.scene is menu
    click(app, menu.buttons["resume"])
    resumed = app.scene
    assert isinstance(resumed, CampaignScene) and resumed.run.state.seed == seed
