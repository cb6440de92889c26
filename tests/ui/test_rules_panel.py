"""The rules at hand (issue 45 §7): F2 or a rule's name in the log opens our summary of
the rule inside the client, with where its values come from; every note names files that
exist, and every rule the engine cites falls under a note or says it has none."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame
import pygame_gui
import pytest
from test_nothing_cut_off import at, preview_on_screen
from test_play import mouse
from ui_driver import REPO, key, small_settings

from dragonnoir import rules_folder
from dragonnoir.engine.actions import EndPhase, Move
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.tables import default_rules_data
from dragonnoir.engine.testing import Piece
from dragonnoir.narration.rules import DETAILS, OURS, SECTIONS
from dragonnoir.ui.app import App
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.rule_notes import LISTED, NOTES, is_ours, note_for
from dragonnoir.ui.rules_panel import RULE_LINK, RulesPanel


def test_every_note_names_docs_and_tables_that_exist() -> None:
    for key_, note in NOTES.items():
        assert (REPO / note.doc).is_file(), key_
        for table in note.tables:
            assert (REPO / "dragonnoir" / "data" / table).is_file(), (key_, table)
    assert set(LISTED) == set(NOTES)


def test_citations_fall_under_their_rule() -> None:
    assert note_for("Resolution of Combats: retreats")[0] == "Resolution of Combats"
    assert note_for("Movement Restriction 2 (water)")[0] == "Movement Restrictions"
    assert not is_ours("Movement Restriction 2 (water)")
    assert is_ours("Hidden placement: contact (ours)")
    assert not is_ours("Resolution of Fire")
    for citation in (*SECTIONS, *DETAILS, *OURS):
        note_for(citation)  # never raises


def game_app(make_app: Callable[..., App]) -> tuple[App, GameScene]:
    """Le Nid with the Adventurers' first move made (its log line cites Movement)."""
    game = load_scenario(REPO / "scenarios" / "le-nid.toml").new_game(5)
    game.apply(EndPhase())
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Move)))
    app = make_app(lambda a: GameScene(a, game, new=True), settings=small_settings())
    scene = app.scene
    assert isinstance(scene, GameScene)
    if scene.handover_showing:
        key(app, pygame.K_SPACE)  # the first player takes the screen
    return app, scene


def test_f2_opens_the_rule_of_the_refusal_shown(make_app: Callable[..., App]) -> None:
    app, scene = game_app(make_app)
    scene.controller.say("not there", "Movement Restriction 5 (walls)", refused=True)
    key(app, pygame.K_F2)
    panel = scene.rules_panel
    assert panel.is_open and panel.shown == "Movement Restrictions"
    text = panel.text_html()
    assert "From the rulebook" in text and "terrain.toml" in text and "not the box" in text
    key(app, pygame.K_ESCAPE)
    assert not panel.is_open and app.scene is scene  # Esc closed the panel, not the game


def test_a_rule_named_in_the_game_log_opens_it(make_app: Callable[..., App]) -> None:
    app, scene = game_app(make_app)
    assert any(RULE_LINK in line for line in scene.log_lines)
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_TEXT_BOX_LINK_CLICKED,
            link_target=RULE_LINK + "Hidden placement: contact (ours)",
            ui_element=None,
        )
    )
    app.step(1 / 60)
    panel = scene.rules_panel
    assert panel.is_open and "Ours" in panel.text_html()
    names = panel.names()
    chosen = names[LISTED.index("Combat")]
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
            text=chosen,
            ui_element=panel.widgets["list"],
        )
    )
    app.step(1 / 60)
    assert panel.shown == "Combat" and "combat.toml" in panel.text_html()


@pytest.mark.usefixtures("home")
def test_the_panel_lays_out_the_table_and_says_whose_values(make_app: Callable[..., App]) -> None:
    app = make_app(settings=small_settings())
    panel = RulesPanel(app.scene, default_rules_data())
    panel.shown = "Resolution of Combats"
    text = panel.text_html()
    columns = default_rules_data().combat.columns
    assert f"die{'&nbsp;' * 2}" in text and all(c in text for c in columns)
    assert "combat.toml: our values (not the box&#x27;s Game Sheet)" in text
    mine = rules_folder.rules_dir() / "combat.toml"
    theirs = dataclasses.replace(
        default_rules_data(), sources={**default_rules_data().sources, "combat.toml": mine}
    )
    assert f"combat.toml: yours, read from {mine}" in RulesPanel(app.scene, theirs).table_line(
        "combat.toml"
    )


def test_a_click_on_a_refusal_under_the_map_opens_its_rule(make_app: Callable[..., App]) -> None:
    app, scene = game_app(make_app)
    scene.controller.say("not there", "Movement Restriction 5 (walls)", refused=True)
    scene.message("not there", refused=True)
    app.step(1 / 60)
    _w, h = app.size
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(40, h - 10), button=1))
    app.step(1 / 60)
    panel = scene.rules_panel
    assert panel.is_open and panel.shown == "Movement Restrictions"


def test_a_click_on_a_staged_preview_card_opens_the_rule_it_names(
    make_app: Callable[..., App],
) -> None:
    pieces = [Piece("ork_archer_1", (3, 4)), Piece("warrior_01", (5, 3))]
    scene = preview_on_screen(make_app, pieces, "adventurer_fire", ["ork_archer_1"], "warrior_01")
    mouse(scene.app, at(scene, "warrior_01"))  # the shot staged: its card stays
    card = scene.widgets["card"]
    assert scene.card is not None and isinstance(card, pygame_gui.elements.UIImage)
    rule = scene.rule_at_hand()
    assert rule
    mouse(scene.app, card.get_abs_rect().move(6, 6).topleft)
    assert scene.rules_panel.is_open and scene.rules_panel.shown == note_for(rule)[0]


def test_the_list_scrolls_to_the_rule_shown(make_app: Callable[..., App]) -> None:
    """Opened on the last rule of a list longer than the panel, the list shows that rule
    (it used to show its top, the chosen rule out of sight)."""
    app, scene = game_app(make_app)
    panel = scene.rules_panel
    panel.open(LISTED[-1])
    app.step(1 / 60)
    rule_list = panel.widgets["list"]
    assert isinstance(rule_list, pygame_gui.elements.UISelectionList)
    assert rule_list.scroll_bar is not None, "the list fits: the test needs a longer one"
    chosen = next(item for item in rule_list.item_list if item["selected"])
    button = chosen["button_element"]
    assert button is not None, "the rule shown is scrolled out of the list"
    shown = rule_list.item_list_container.rect
    assert shown.top <= button.rect.top and button.rect.bottom <= shown.bottom
