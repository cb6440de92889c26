"""The client's side of the scenarios (issue 12, section 5), driven headless by posted
events: deployment behind the hand-over screen, hidden Krobs leaving no trace in the
Adventurers' view (visibility, log, drawing list), objective counters, reinforcements,
the end screen, the picker's features."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
from ui_driver import click, click_at, key, small_settings, step

from dragonnoir.engine.actions import Deploy, EndPhase
from dragonnoir.engine.events import Revealed
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import offmap as offmap_rules
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import english
from dragonnoir.ui import library, placement
from dragonnoir.ui.app import App
from dragonnoir.ui.controller import Controller
from dragonnoir.ui.end_screen import EndScreen, game_result
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.names import names_of
from dragonnoir.ui.scenes import MainMenu, ScenarioPicker
from dragonnoir.ui.visibility import readable_log, visible_to

DATA = Path(__file__).parent / "data"
SCENARIO = DATA / "deployment.toml"


def new_game(seed: int = 3) -> Game:
    return load_scenario(SCENARIO).new_game(seed)


def zone(game: Game, group: str) -> list[Hex]:
    raw = game.state.scratch["scenario"]["groups"][group]["deploy"]
    return [Hex(q, r) for q, r in raw]


def deploy_krobs(game: Game) -> None:
    """The Krobs place their two hidden characters and end their deployment."""
    pit = zone(game, "lurkers")
    game.apply(Deploy("warrior_03", pit[0]))
    game.apply(Deploy("hunter_04", pit[1]))
    game.apply(EndPhase())
    assert game.phase.id == "adventurer_deployment"


def play_to(game: Game, phase_id: str, turn: int = 1) -> Controller:
    """Both sides deployed (the Adventurers by clicks), then phases ended up to
    `phase_id` of game turn `turn`; the hotseat controller of that moment."""
    deploy_krobs(game)
    ui = Controller(game, follow_to_act=True)
    for h in zone(game, "party")[:2]:
        ui.click_hex(h)
    ui.command("end_phase")
    while not (game.state.turn == turn and game.phase.id == phase_id):
        game.apply(EndPhase())
    ui.reset()
    return ui


def test_deploy_two_units_and_end_the_phase_by_clicks(make_app: Callable[..., App]) -> None:
    game = new_game()
    app = make_app(lambda a: GameScene(a, game, new=True), settings=small_settings())
    scene = app.scene
    assert isinstance(scene, GameScene)
    # Secret placement: the Krobs are handed the screen first, the board hidden.
    assert game.phase.id == "krob_deployment"
    assert scene.handover_showing and not scene.board_drawn
    key(app, pygame.K_SPACE)
    assert scene.board_drawn
    prompt = scene.controller.prompt()
    assert prompt is not None and prompt.kind == "deploy"
    assert [c.unit for c in prompt.choices] == ["warrior_03", "hunter_04"]
    # The panel lists them by name; choose the hunter, then a hex of the zone.
    labels = [scene.widgets[f"choice_{i}"].text for i in range(2)]  # type: ignore[attr-defined]
    assert any("Hunter" in text for text in labels), labels
    click(app, scene.widgets["choice_1"])
    assert scene.controller.overlays().choice_hexes == frozenset(zone(game, "lurkers"))
    pit = zone(game, "lurkers")
    scene.map.camera.center_on(*scene.map.view.grid.hex_centre(pit[2]))
    step(app, 1)
    click_at(app, tuple(round(v) for v in scene.map.screen_centre(pit[2])))  # type: ignore[arg-type]
    assert game.state.units["hunter_04"].hex == pit[2]
    # The next one is chosen by himself: a click on a hex places him.
    click_at(app, tuple(round(v) for v in scene.map.screen_centre(pit[3])))  # type: ignore[arg-type]
    assert game.state.units["warrior_03"].hex == pit[3]
    assert scene.controller.prompt().choices == ()  # type: ignore[union-attr]
    click(app, scene.widgets["end_phase"])
    # The Adventurers deploy next, behind the hand-over screen.
    assert game.phase.id == "adventurer_deployment"
    assert scene.handover_showing and not scene.board_drawn
    key(app, pygame.K_SPACE)
    drawn = {uid for uid, _ in scene.unit_rects}
    assert not drawn & {"warrior_03", "hunter_04"}


def test_a_placed_character_is_picked_up_again() -> None:
    game = new_game()
    ui = Controller(game, follow_to_act=True)
    pit = zone(game, "lurkers")
    ui.click_hex(pit[0])  # the first still to place goes there
    ui.click_hex(pit[1])
    assert game.state.units["warrior_03"].hex == pit[0]
    assert game.state.units["hunter_04"].hex == pit[1]
    ui.click_hex(pit[0])  # chosen again: the next click places him elsewhere
    # The engine places a placed character again (Deploy): he waits on his hex meanwhile.
    assert game.state.units["warrior_03"].hex == pit[0]
    assert game.state.units["hunter_04"].hex == pit[1]
    assert ui.overlays().unit == "warrior_03"
    assert pit[4] in ui.overlays().choice_hexes
    ui.click_hex(pit[4])
    assert game.state.units["warrior_03"].hex == pit[4]
    # A drag moves a placed one in one go.
    ui.drag_place(pit[1], pit[5])
    assert game.state.units["hunter_04"].hex == pit[5]


def test_a_hidden_unit_leaves_no_trace_for_the_adventurers(make_app: Callable[..., App]) -> None:
    game = new_game()
    deploy_krobs(game)
    hidden = {"warrior_03", "hunter_04"}
    # visible_to: not seen, not listed, not at his hex
    vis = visible_to(game, Side.ADVENTURERS)
    assert hidden <= vis.hidden_units
    assert not hidden & {u.id for u in vis.units(game)}
    assert not any(vis.units_at(game, game.state.units[u].hex) for u in hidden)  # type: ignore[arg-type]
    assert hidden <= {u.id for u in visible_to(game, Side.KROBS).units(game)}
    # the log: the Krobs read their placements, the Adventurers do not
    krob_log = [e for _, e in readable_log(game, Side.KROBS)]
    adv_log = [e for _, e in readable_log(game, Side.ADVENTURERS)]
    assert adv_log == game.log_for(Side.ADVENTURERS)
    assert any("hunter_04" in repr(e) for e in krob_log)  # an event about him
    assert not any(u in repr(e) for e in adv_log for u in hidden)
    # the game screen for the Adventurers: not drawn, not in the log panel
    app = make_app(lambda a: GameScene(a, game), settings=small_settings())
    scene = app.scene
    assert isinstance(scene, GameScene)
    key(app, pygame.K_SPACE)
    scene.map.fit()
    step(app, 2)
    assert scene.controller.viewer is Side.ADVENTURERS
    assert not hidden & {uid for uid, _ in scene.unit_rects}
    text = " ".join(scene.log_lines)
    assert "Hunter" not in text and "hunter_04" not in text and "Warrior" not in text
    for u in hidden:  # nor in the hover panel of his hex
        h = game.state.units[u].hex
        assert "Krobs" not in scene.hover_html(h)
    # The counter art off: the plain counters are filtered too.
    game.cache["ui_counter_art"] = None
    step(app, 1)
    assert not hidden & {uid for uid, _ in scene.unit_rects}


def test_objective_counters_known_only_to_the_krobs_until_revealed() -> None:
    game = new_game()
    orbs = [game.state.accessories[f"orb_{i}"] for i in (1, 2, 3)]
    adv, krobs = visible_to(game, Side.ADVENTURERS), visible_to(game, Side.KROBS)
    assert not any(adv.knows_real(o) for o in orbs)
    assert all(krobs.knows_real(o) for o in orbs)
    orbs[0].properties["revealed"] = True
    assert adv.knows_real(orbs[0])


def test_reinforcements_listed_with_their_turn() -> None:
    game = new_game()
    ui = play_to(game, "krob_movement")
    prompt = ui.prompt()
    assert prompt is not None and prompt.kind == "reinforcements"
    assert prompt.choices == () and "killer_3 (turn 2)" in english(prompt.question)


def test_a_reveal_flashes_on_its_hex(make_app: Callable[..., App]) -> None:
    game = new_game()
    app = make_app(lambda a: GameScene(a, game), settings=small_settings())
    scene = app.scene
    assert isinstance(scene, GameScene)
    key(app, pygame.K_SPACE)
    at = game.state.accessories["orb_2"].hexes[0]
    game.log.append(Revealed("the Orb", at))
    game.secret.append(None)
    scene.changed()
    assert [f.at for f in scene.flashes] == [at]
    step(app, 200)
    assert scene.flashes == []


def test_the_end_screen_says_who_won_and_goes_back_to_the_menu(
    make_app: Callable[..., App],
) -> None:
    game = new_game()
    deploy_krobs(game)
    app = make_app(settings=small_settings())
    assert isinstance(app.scene, MainMenu)
    app.go(GameScene(app, game))
    step(app, 2)
    scene = app.scene
    assert isinstance(scene, GameScene)
    key(app, pygame.K_SPACE)
    game.log.append(game.end_game(Side.ADVENTURERS, "the Orb is carried out of the caves"))
    game.secret.append(None)
    scene.changed()
    step(app, 3)
    end = app.scene
    assert isinstance(end, EndScreen)
    assert end.result.headline == "The Adventurers win"
    assert end.result.turn == game.state.turn
    text = end.text.html_text  # type: ignore[union-attr]
    assert "Orb is carried out" in text and "Game turns played: 1 of 4" in text
    assert "no losses" in text
    assert end.buttons["again"].is_enabled
    click(app, end.buttons["menu"])
    assert isinstance(app.scene, MainMenu)


def test_the_end_screen_continues_a_campaign(make_app: Callable[..., App]) -> None:
    seen: list[str | None] = []
    game = new_game()
    app = make_app(settings=small_settings())

    def after(g: Game, result: object) -> MainMenu:
        seen.append(game_result(g).winner)
        return MainMenu(app)

    app.go(GameScene(app, game, on_game_over=after))
    step(app, 2)
    scene = app.scene
    assert isinstance(scene, GameScene)
    game.log.append(game.end_game(None, "draw: nobody holds the pit"))
    game.secret.append(None)
    scene.changed()
    step(app, 3)
    end = app.scene
    assert isinstance(end, EndScreen) and "again" not in end.buttons
    click(app, end.buttons["continue"])
    assert seen == [None]


def test_the_picker_shows_length_size_and_features(make_app: Callable[..., App]) -> None:
    app = make_app(lambda a: ScenarioPicker(a, folder=DATA), settings=small_settings())
    picker = app.scene
    assert isinstance(picker, ScenarioPicker)
    entry = picker.entry
    assert entry is not None and entry.scenario is not None
    text = picker.details_html(entry)
    for words in ("4 game turns", "1 board", "introduction", "hidden Krobs", "deployment",
                  "reinforcements", "the Orb"):  # fmt: skip
        assert words in text, words
    thumb = library.thumbnail(entry, (300, 200))
    assert thumb.get_width() <= 300 and thumb.get_height() <= 200


def test_reinforcements_come_in_by_a_click_on_an_entry_hex() -> None:
    game = new_game()
    ui = play_to(game, "krob_movement", turn=2)
    prompt = ui.prompt()
    assert prompt is not None and prompt.kind == "reinforcements"
    assert [c.unit for c in prompt.choices] == ["killer_3"]
    ui.choose(0)
    entry = sorted(ui.overlays().choice_hexes, key=lambda h: (h.q, h.r))
    assert entry and ui.overlays().unit == "killer_3"
    ui.click_hex(entry[0])
    assert game.state.units["killer_3"].hex == entry[0]
    assert ui.prompt() is None  # nobody left to come


def test_leaving_the_map_is_offered_with_the_verdict_first() -> None:
    game = new_game()
    ui = play_to(game, "adventurer_movement")
    knight = game.state.units["rebel_knight_1"]
    knight.hex = min(offmap_rules.exit_hexes(game), key=lambda h: (h.q, h.r))
    game.touch()
    ui.reset()
    ui.click_hex(knight.hex)
    prompt = ui.prompt()
    assert prompt is not None and prompt.kind == "leave"
    assert english(prompt.choices[0].label).startswith("Leave the map at ")
    assert "leaves the map by" in english(prompt.choices[0].label)  # the verdict, before committing
    assert "X: leave the map" in names_of(game).say(ui.hint())
    ui.command("leave_map")
    assert knight.hex is None


def test_a_character_underground_is_listed_for_his_side_only() -> None:
    game = new_game()
    ui = play_to(game, "adventurer_movement")
    dwarf = game.state.units["dwarf_axeman_1"]
    dwarf.hex, dwarf.hidden_from = None, Side.KROBS  # as EnterPassage leaves him
    game.state.scratch.setdefault("offmap", {})["dwarf_axeman_1"] = {
        "state": "passage",
        "passage": "passage_1",
        "turn": 3,
    }
    game.touch()
    ui.reset()
    prompt = ui.prompt()
    assert prompt is not None and "Underground: dwarf_axeman_1 (turn 3)" in english(prompt.question)
    assert "dwarf_axeman_1" in visible_to(game, Side.KROBS).hidden_units
    krobs = Controller(game, Side.KROBS)
    assert krobs.viewer is Side.KROBS
    assert not any(o.uid == "dwarf_axeman_1" for o in placement.off_map(game, Side.KROBS))


def test_a_shipped_secret_deployment_by_clicks_leaves_no_trace() -> None:
    """Le Pont: the Krobs place their hidden characters by clicks; the Adventurers' view
    of the same game (their eyes after the hand-over) holds none of them."""
    game = load_scenario(Path(__file__).parents[2] / "scenarios" / "le-pont.toml").new_game(2)
    ui = Controller(game, follow_to_act=True)
    assert game.phase.id == "krob_deployment"
    hidden = {u.id for u in game.state.units.values() if u.hidden_from is Side.ADVENTURERS}
    assert hidden
    for _ in range(40):
        prompt = ui.prompt()
        if prompt is None or not prompt.choices:
            break
        ui.choose(0)
        ui.click_hex(sorted(ui.overlays().choice_hexes, key=lambda h: (h.q, h.r))[0])
    ui.command("end_phase")
    assert game.phase.id != "krob_deployment" and ui.viewer is Side.ADVENTURERS
    still = {uid for uid in hidden if game.state.units[uid].hidden_from is Side.ADVENTURERS}
    assert still
    names = names_of(game)
    lines = [names.event(e) for _, e in readable_log(game, Side.ADVENTURERS)]
    for uid in still:
        assert not any(names.full(uid) in line or uid in line for line in lines), uid
        assert not ui.visibility().sees_unit(uid)
