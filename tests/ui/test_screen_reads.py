"""The game screen as a wargamer reads it (issue 9), driven by posted events headless:
names never ids, a refused preview with no chances and Confirm disabled, undo that
stops at the hand-over, Fire / Attack buttons only where they act."""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame
from test_play import hover, mouse, screen_pos, start
from ui_driver import REPO, click, key, show_game, small_settings, step

from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.movement import legal_destinations
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.ui.app import App
from dragonnoir.ui.controller import Mode
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.names import names_of

ID = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def fosse() -> Game:
    return load_scenario(REPO / "scenarios" / "la-fosse.toml").new_game(1)


def start_fosse(make_app: Callable[..., App]) -> tuple[App, GameScene, Game]:
    """La Fosse on the game screen, the whole map in view (the F key)."""
    game = fosse()
    app = start(make_app, game)
    scene = app.scene
    assert isinstance(scene, GameScene)
    scene.map.fit()
    step(app, 1)
    return app, scene, game


def at(scene: GameScene, uid: str) -> tuple[int, int]:
    h = scene.game.state.units[uid].hex
    assert h is not None
    return screen_pos(scene, h)


def test_names_not_ids_in_the_log_the_hover_panel_and_messages(
    make_app: Callable[..., App],
) -> None:
    app, scene, game = start_fosse(make_app)
    names = names_of(game)
    assert names.full("rebel_knight_1") == "Knight of Halöven 1"
    assert names.short("rebel_knight_1") == "Knight 1"

    key(app, pygame.K_e)  # to the movement phase
    knight = game.state.units["rebel_knight_1"]
    reach = legal_destinations(game, knight.id)
    to = max(reach.values(), key=lambda d: len(d.path))
    mouse(app, at(scene, knight.id))
    assert scene.controller.mode is Mode.MOVE
    mouse(app, screen_pos(scene, to.hex))
    assert game.state.units[knight.id].hex == to.hex
    assert scene.done_marks() == {knight.id: "M"}  # the moved mark on his counter
    log = "\n".join(scene.log_lines)
    assert f"Knight of Halöven 1 moves to {game.where(to.hex)}" in log
    assert not ID.findall(log), ID.findall(log)

    # The hover panel: the character in words.
    hover(app, screen_pos(scene, to.hex))
    text = scene.widgets["hover"].html_text
    assert "Knight of Halöven 1" in text and "attack" in text and "left this phase" in text
    assert "moved this turn" in text

    # A refusal names the character (the engine says "warrior_03").
    mouse(app, at(scene, "warrior_03"))
    assert scene.message_refused and "Warrior 3" in scene.message_text
    assert not ID.findall(scene.message_text)


def test_a_refused_shot_shows_no_chances_and_confirm_is_disabled(
    make_app: Callable[..., App],
) -> None:
    """La Fosse, offensive fire: the crossbowman at Warrior 3, nine hexes away."""
    app, scene, game = start_fosse(make_app)
    mouse(app, at(scene, "rebel_crossbowman_1"))
    mouse(app, at(scene, "warrior_03"))
    step(app, 2)
    card = scene.card
    assert card is not None and not card.legal
    lines = card.lines()
    assert lines[1].startswith("Not allowed:") and "[Range of Fire]" in lines[1]
    assert sum("Not allowed" in line for line in lines) == 1  # said once, first
    assert card.chances == ()
    assert not scene.widgets["confirm"].is_enabled
    key(app, pygame.K_RETURN)  # Enter refuses too, nothing is fired
    assert not any(e.kind == "ShotResolved" for e in game.log)


def test_undo_stops_at_the_hand_over(make_app: Callable[..., App]) -> None:
    game = fosse()
    app = make_app(settings=small_settings(handover=True))
    app.go(GameScene(app, game, new=True))
    step(app, 2)
    scene = app.scene
    assert isinstance(scene, GameScene)
    key(app, pygame.K_SPACE)  # past the hand-over screen
    key(app, pygame.K_e)  # fire -> movement: the Adventurers' own action
    assert game.phase.id == "adventurer_movement" and scene.can_undo()
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert game.phase.id == "adventurer_fire"  # their own End phase comes back
    key(app, pygame.K_e)
    key(app, pygame.K_e)
    key(app, pygame.K_e)  # ... combat ends: the Krobs' turn
    assert game.phase.id == "krob_movement" and scene.handover_showing
    key(app, pygame.K_SPACE)
    assert game.can_undo() and not scene.can_undo()
    assert not scene.widgets["undo"].is_enabled
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert game.phase.id == "krob_movement" and not scene.handover_showing
    assert scene.message_refused and "handed over" in scene.message_text


def test_fire_and_attack_buttons_act_only_where_they_can(make_app: Callable[..., App]) -> None:
    app, scene, game = start_fosse(make_app)
    assert scene.widgets["fire"].is_enabled and not scene.widgets["attack"].is_enabled
    key(app, pygame.K_e)  # movement: neither acts
    assert not scene.widgets["fire"].is_enabled and not scene.widgets["attack"].is_enabled
    key(app, pygame.K_f)  # the key says why
    assert scene.message_refused and "not possible in" in scene.message_text
    assert "movement" in scene.message_text.lower()
    assert scene.widgets["hint"].text == scene.message_text[len("Not allowed: ") :]
    key(app, pygame.K_p)  # P with no decision pending: the engine's reason, on the hint line
    assert scene.message_refused and "no decision" in scene.widgets["hint"].text
    key(app, pygame.K_e)
    assert game.phase.id == "adventurer_combat"
    assert scene.widgets["attack"].is_enabled and not scene.widgets["fire"].is_enabled
    click(app, scene.widgets["attack"])
    assert scene.controller.mode is Mode.ATTACK


def test_the_game_opens_on_the_action_with_legible_counters(
    make_app: Callable[..., App],
) -> None:
    app = start(make_app, fosse())
    scene = app.scene
    assert isinstance(scene, GameScene)
    # framed on both sides' forces (issue 45), at this small window no bigger than that
    sizes = {uid: rect.w for uid, rect in scene.unit_rects}
    assert set(sizes) == {u.id for u in scene.game.state.units.values() if u.hex is not None}
    assert min(sizes.values()) >= 24  # still a face, not a dot


def test_phases_with_nothing_to_do_pass_with_one_line_and_quiet_gharv_phases(
    make_app: Callable[..., App],
) -> None:
    """La Fosse with `auto_pass` on: nobody can attack in the Adventurers' combat, so it
    passes by itself; the Gharv interphases, where nothing happens, are not in the log;
    the crossbowman moved, so the Krob movement begins with "no defensive fire"."""
    game = fosse()
    app = make_app(settings=small_settings(handover=False, auto_pass=True))
    scene = show_game(app, game)
    if game.phase.id == "adventurer_fire":
        key(app, pygame.K_e)
    assert game.phase.id == "adventurer_movement"
    xbow = game.state.units["rebel_crossbowman_1"]
    reach = legal_destinations(game, xbow.id)
    # an empty hex: a click on a friend's hex chooses the friend (Stacking, ruling 1)
    to = min((d for d in reach.values() if not game.units_at(d.hex)), key=lambda d: d.cost)
    mouse(app, at(scene, xbow.id))
    mouse(app, screen_pos(scene, to.hex))
    assert game.state.units[xbow.id].moved
    key(app, pygame.K_e)  # movement ends; nobody is next to a Krob: combat passes itself
    assert game.phase.id == "krob_movement"
    text = "\n".join(scene.log_lines)
    # the phase's own line stays, and the pass follows it in words, with its rule
    assert (
        "Adventurer turn: combat.</font>\n<font color='#c9a45a'>Nothing to do, the phase "
        "passes: no Adventurer can attack: none is next to an enemy.</font>"
        " <font color='#8c7c64'><i>[Combat]</i></font>"
    ) in text
    assert "Gharv interphase" not in text
    assert "stand up" not in text
    assert "No defensive fire this turn" in text
    assert text.count("No defensive fire this turn") == 1
    # Undo cannot go back into the passed phase (nor past the hand-over).
    assert not scene.can_undo()
