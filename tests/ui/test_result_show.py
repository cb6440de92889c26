"""Every result is seen by the player who caused it (issue 45, section 2): the die and
what it did show on the map at the hex where it happened, the person's moves slide
along their path (or not, with the setting off: then nothing waits), and in hotseat the
hand-over screen waits until the acting player has seen his last result (a click or a
key, or the delay the settings give). Hand-made positions, forced dice, headless."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from ui_driver import key, run_until, small_settings, step

from dragonnoir.engine.actions import CastSpell
from dragonnoir.engine.events import CombatResolved
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side, Wizard
from dragonnoir.engine.testing import Piece, force_dice, hexes, position, seed_for
from dragonnoir.ui.ai_driver import move_beats
from dragonnoir.ui.app import App
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.interphase_show import Beat, data_name

BOARD = """
. . . . . . . . .
 . . . . . . . . .
. . . . . . . . .
 . . . . . . . . .
"""
ZED, HUNTER, FAR = (3, 1), (4, 1), (8, 3)


def combat_game(*faces: int) -> Game:
    """Zed next to a Hunter as the Adventurers' combat begins, the dice given (2: the
    Hunter is wounded, and nothing is left to do in the Adventurers' turn)."""
    return position(
        BOARD,
        [Piece("zed", ZED), Piece("hunter_01", HUNTER), Piece("warrior_01", FAR)],
        phase="adventurer_combat",
        seed=seed_for(*faces),
    )


def open_game(make_app: Callable[..., App], game: Game, **settings: object) -> GameScene:
    settings.setdefault("handover", True)
    settings.setdefault("auto_pass", True)
    app = make_app(lambda a: GameScene(a, game, new=True), settings=small_settings(**settings))
    scene = app.scene
    assert isinstance(scene, GameScene)
    if scene.handover_showing:
        key(app, pygame.K_SPACE)
    assert not scene.handover_showing
    scene.map.fit()  # the whole little board on screen, for the clicks
    step(scene.app, 1)
    return scene


def click_cell(scene: GameScene, cell: tuple[int, int]) -> None:
    x, y = scene.map.screen_centre(hexes(scene.game, cell)[0])
    scene.click_map((round(x), round(y)))


def attack(scene: GameScene) -> CombatResolved:
    """Zed attacks the Hunter: declared, then resolved (the side panel's buttons)."""
    game = scene.game
    before = len(game.log)
    scene.controller_command("attack")
    click_cell(scene, ZED)
    click_cell(scene, HUNTER)
    scene.controller_command("confirm")
    scene.choose(0)  # Declare
    scene.choose(0)  # Resolve combat 1
    return next(e for e in game.log[before:] if isinstance(e, CombatResolved))


def test_the_hand_over_waits_until_the_last_result_is_seen(
    make_app: Callable[..., App],
) -> None:
    scene = open_game(make_app, combat_game(2))
    app, game = scene.app, scene.game
    fought = attack(scene)
    # the combat was the last thing to do: the turn is the Krobs' ...
    assert game.to_act() is Side.KROBS and fought.meaning
    # ... but the Adventurer player still has the board, through his own eyes, with the
    # die at the Hunter's hex and what it did
    assert scene.results_showing and not scene.handover_showing
    assert scene.controller.viewer is Side.ADVENTURERS
    marks = scene.action_show.marks
    assert [m.at for m in marks] == list(hexes(game, HUNTER))
    assert marks[0].label == f"{fought.modified_die}: {data_name(fought.meaning)}"
    beat = scene.interphase.current
    assert beat is not None and beat.mark == marks[0]  # being shown
    run_until(app, lambda: scene.interphase.current is None)  # the show ends ...
    step(app, 120)
    assert scene.results_showing  # ... and the screen waits for him
    assert scene.shown_prompt() is None  # nothing of the Krob player's shown to him
    key(app, pygame.K_SPACE)
    assert scene.handover_showing and not scene.results_showing
    assert scene.controller.viewer is Side.KROBS  # the hand-over changes the eyes


def test_a_click_finishes_the_show_and_the_next_one_hands_over(
    make_app: Callable[..., App],
) -> None:
    scene = open_game(make_app, combat_game(2))
    attack(scene)
    app = scene.app
    assert scene.interphase.current is not None
    centre = scene.map.viewport.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1))
    step(app, 2)
    assert scene.interphase.current is None and scene.results_showing
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    step(app, 2)
    assert scene.handover_showing


def test_with_a_delay_the_hand_over_comes_by_itself(make_app: Callable[..., App]) -> None:
    scene = open_game(make_app, combat_game(2), result_hold=2.0)
    attack(scene)
    assert scene.results_showing
    run_until(scene.app, lambda: scene.handover_showing, frames=600)


def test_with_animations_off_the_result_still_waits_for_him(
    make_app: Callable[..., App],
) -> None:
    scene = open_game(make_app, combat_game(2), animation_speed=0.0)
    attack(scene)
    assert scene.interphase.current is None  # nothing animated ...
    assert scene.results_showing and scene.action_show.marks  # ... the result stays
    step(scene.app, 60)
    assert scene.results_showing


def test_moves_slide_and_with_the_setting_off_nothing_waits(
    make_app: Callable[..., App],
) -> None:
    scene = open_game(make_app, moving_game())
    click_cell(scene, ZED)
    click_cell(scene, (1, 1))
    beat = scene.interphase.current
    assert beat is not None and beat.walker == "zed" and beat.mark is None
    assert beat.hexes[0] == hexes(scene.game, ZED)[0]  # from where he stood
    assert beat.hexes[-1] == hexes(scene.game, (1, 1))[0]
    off = open_game(make_app, moving_game(), move_slide=0.0)
    click_cell(off, ZED)
    click_cell(off, (1, 1))
    assert off.game.state.units["zed"].hex == hexes(off.game, (1, 1))[0]
    assert off.interphase.current is None  # no wait


def moving_game() -> Game:
    return position(
        BOARD,
        [Piece("zed", ZED), Piece("warrior_01", FAR)],
        phase="adventurer_movement",
        seed=seed_for(1),
    )


FLOOR = """
. . . . . . . . . . . . . .
 . . . . . . . . . . . . . .
. . . . . . . . . . . . . .
"""


def fireball(faces: tuple[int, int], target: str = "hunter_01") -> tuple[Game, list[Beat]]:
    """Zacharie (level 1) casts a Fireball at a Hunter, the dice forced: the beats shown."""
    game = position(
        FLOOR, [Piece("zacharie", (0, 1)), Piece(target, (4, 1))], phase="adventurer_movement"
    )
    game.state.wizards["zacharie"] = Wizard("zacharie", 1, 100)
    before = {uid: u.hex for uid, u in game.state.units.items()}
    force_dice(game, *faces)
    action = CastSpell("zacharie", "fireball", (target,))
    events = game.apply(action)
    return game, move_beats(game, events, before, str, action)


def test_a_fireball_says_what_its_roll_on_the_table_did() -> None:
    """ "Fireball 8 -> 9: Wounded" at the Hunter, after the cast's own die at the wizard:
    the log's die line alone never said what the 9 did."""
    game, beats = fireball((10, 8))  # success; the table: 8 + 1 = 9: W
    marks = [b.mark for b in beats if b.mark is not None]
    assert [m.label for m in marks] == ["10 -> 11: Fireball succeeds", "Fireball 8 -> 9: Wounded"]
    assert marks[0].at == game.state.units["zacharie"].hex
    assert marks[1].at == game.state.units["hunter_01"].hex and marks[1].face == "9"
    _, nothing = fireball((10, 1))  # 1 + 1 = 2: N
    assert [b.mark.label for b in nothing if b.mark][-1] == "Fireball 1 -> 2: No effect"


def test_a_guard_wounded_by_a_fireball_is_shown_retreating() -> None:
    """ "Wounded becomes retreats one hex" for the Queen and her Guards: what happened is
    shown, not what the table says."""
    _, beats = fireball((10, 8), target="guard_1")
    assert [b.mark.label for b in beats if b.mark][-1] == "Fireball 8 -> 9: Retreats one hex"


@pytest.mark.parametrize("slide", [1.0, 0.0])
def test_a_move_that_hands_over_waits_for_its_slide_only_when_it_slides(
    make_app: Callable[..., App], slide: float
) -> None:
    """The Krob player's Hunter steps into the crossbow's range: the Adventurer player
    is asked (the order 'always'), behind the hand-over screen. With slides on, that
    screen comes once the walk has been shown (no click needed); off, at once."""
    game = position(
        BOARD,
        [Piece("rebel_crossbowman_1", (0, 2)), Piece("hunter_01", (8, 2))],
        phase="krob_movement",
    )
    scene = open_game(make_app, game, move_slide=slide, defensive_fire="always")
    assert game.to_act() is Side.KROBS
    click_cell(scene, (8, 2))
    click_cell(scene, (4, 2))
    assert game.to_act() is Side.ADVENTURERS and game.state.pending  # fire at it?
    if slide == 0.0:
        assert scene.handover_showing
        return
    assert scene.results_showing and not scene.action_show.marks
    assert scene.controller.viewer is Side.KROBS  # the Krob player watches his walk
    run_until(scene.app, lambda: scene.handover_showing, frames=300)
