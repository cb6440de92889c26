"""Solo play that does not nag (issue 45, section 5): in the Krob turn the person is
asked about defensive fire by his standing order. A Krob step out of every shooter's
range raises no prompt; the step into range does (with "when a Krob comes in range"),
and the next steps under the same bow do not; "always" asks at each; "never" at none.
A hand-made position, a scripted Krob AI, headless."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from ui_driver import click, hunter_walking, run_until, small_settings, step

from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side
from dragonnoir.engine.testing import Piece, hexes, position
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.ui.app import App
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.game_screen.fire_orders import ORDER_TEXTS
from dragonnoir.ui.scenes import MainMenu, SettingsScene
from dragonnoir.ui.settings import load_settings

FLOOR = """
. . . . . . . . . . . . . .
 . . . . . . . . . . . . . .
. . . . . . . . . . . . . .
 . . . . . . . . . . . . . .
"""
#: The crossbowman's bolts reach 5 hexes: (5,2) is the Hunter's first step in range.
WALK = ((8, 2), (7, 2), (6, 2), (5, 2), (4, 2))


def solo(
    make_app: Callable[..., App], order: str, phase: str = "krob_movement", ai_speed: float = 0.0
) -> tuple[App, GameScene, Game]:
    """A crossbowman against the Krob AI, whose Hunter walks WALK in its movement."""
    game = position(
        FLOOR,
        [Piece("rebel_crossbowman_1", (0, 2)), Piece("hunter_01", (9, 2))],
        phase=phase,
    )
    game.players = {"adventurers": "human", "krobs": "ai:normal"}
    app = make_app(
        lambda a: GameScene(a, game, new=True, agents=hunter_walking(*WALK)),
        settings=small_settings(ai_speed=ai_speed, defensive_fire=order),
    )
    scene = app.scene
    assert isinstance(scene, GameScene)
    return app, scene, game


def prompts_on_the_walk(app: App, scene: GameScene, game: Game) -> list[Hex]:
    """Let the Hunter walk; pass every defensive-fire prompt put to the person: where
    the Hunter stood at each."""
    asked: list[Hex] = []
    hunter = game.state.units["hunter_01"]

    def asked_or_done() -> bool:
        prompt = scene.shown_prompt()
        if game.state.phase != "krob_movement":
            return True
        return prompt is not None and prompt.kind == "defensive_fire"

    while True:
        run_until(app, asked_or_done)
        if game.state.phase != "krob_movement":
            return asked
        assert hunter.hex is not None
        asked.append(hunter.hex)
        scene.controller_command("pass")


@pytest.mark.parametrize(
    ("order", "asked_at"),
    [("in_range", [(5, 2)]), ("always", [(5, 2), (4, 2)]), ("never", [])],
)
def test_the_standing_order_says_which_krob_steps_ask(
    make_app: Callable[..., App], order: str, asked_at: list[tuple[int, int]]
) -> None:
    app, scene, game = solo(make_app, order)
    asked = prompts_on_the_walk(app, scene, game)
    assert asked == [hexes(game, cell)[0] for cell in asked_at]
    assert game.state.units["hunter_01"].hex == hexes(game, WALK[-1])[0]  # it walked on


def test_the_order_is_changed_in_the_game_with_its_button(
    make_app: Callable[..., App],
) -> None:
    app, scene, _game = solo(make_app, "in_range")
    button = scene.widgets["fire_orders"]
    assert button.visible and button.text == ORDER_TEXTS["in_range"]  # type: ignore[attr-defined]
    click(app, button)
    assert app.settings.defensive_fire == "always"  # remembered in the settings
    button = scene.widgets["fire_orders"]
    assert button.text == ORDER_TEXTS["always"]  # type: ignore[attr-defined]


def test_after_the_ai_turn_the_view_comes_back_to_the_person(
    make_app: Callable[..., App],
) -> None:
    """The AI's walk out of sight turned the map to it; when the person's turn comes
    back, so does the view he left."""
    app, scene, game = solo(make_app, "never", phase="adventurer_combat", ai_speed=1.0)
    cam = scene.map.camera
    cam.zoom = 2.0
    cam.center_on(*scene.map.hex_centre(hexes(game, (0, 2))[0]))
    left = (cam.x, cam.y, cam.zoom)
    scene.end_phase()  # the Adventurers' turn ends: the Krob AI walks, shown
    run_until(app, lambda: scene.interphase.current is not None)
    run_until(app, lambda: (cam.x, cam.y) != left[:2])  # the map follows the Hunter
    run_until(app, lambda: game.phase.side is Side.ADVENTURERS and not scene.ai_turn())
    step(app, 2)
    assert (cam.x, cam.y, cam.zoom) == pytest.approx(left)


def test_the_settings_screen_sets_the_order_the_wait_and_the_slides(
    make_app: Callable[..., App],
) -> None:
    app = make_app(settings=small_settings())
    menu = app.scene
    assert isinstance(menu, MainMenu)
    click(app, menu.buttons["settings"])
    screen = app.scene
    assert isinstance(screen, SettingsScene)
    assert screen.widgets["defensive_fire"].text == "When a Krob comes in range"  # type: ignore[attr-defined]
    click(app, screen.widgets["defensive_fire"])
    assert screen.widgets["defensive_fire"].text == "At every step"  # type: ignore[attr-defined]
    assert screen.widgets["result_hold"].text == "Until a click or a key"  # type: ignore[attr-defined]
    click(app, screen.widgets["result_hold"])
    assert screen.widgets["result_hold"].text == "2 seconds"  # type: ignore[attr-defined]
    assert "move_slide" in screen.widgets
    click(app, screen.widgets["save"])
    assert (app.settings.defensive_fire, app.settings.result_hold) == ("always", 2.0)
    assert load_settings()[0].defensive_fire == "always"
