"""A game opens framed on both sides' forces, as far as the player to act sees them
(issue 45, section 6): every counter he sees is on screen, none he may not see counts."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from ui_driver import REPO, small_settings

from dragonnoir.engine.scenario import load_scenario
from dragonnoir.ui.app import App
from dragonnoir.ui.game_scene import GameScene


@pytest.mark.parametrize("scenario", ["les-six-cavernes", "le-nid"])
def test_the_opening_camera_contains_every_visible_counter(
    make_app: Callable[..., App], scenario: str
) -> None:
    game = load_scenario(REPO / "scenarios" / f"{scenario}.toml").new_game(5)
    app = make_app(lambda a: GameScene(a, game, new=True), settings=small_settings())
    scene = app.scene
    assert isinstance(scene, GameScene)
    vis = scene.controller.visibility()
    grid = scene.map.view.grid
    camera = scene.map.camera
    seen = [u for u in game.state.units.values() if u.hex is not None and vis.sees_unit(u)]
    assert seen
    for unit in seen:
        assert unit.hex is not None
        assert camera.shows(*grid.hex_centre(unit.hex), inset=10), unit.id
    unseen = [u for u in game.state.units.values() if u.hex is not None and not vis.sees_unit(u)]
    if unseen:  # framing on what he sees only: the same frame as without the hidden ones
        before = (camera.x, camera.y, camera.zoom)
        camera.frame([grid.hex_centre(u.hex) for u in seen if u.hex is not None])
        assert (camera.x, camera.y, camera.zoom) == pytest.approx(before)
