"""The counters on the game screen: those the viewer sees (`visible_to`), the chosen
ones marked, a walking character stepping along his path while a beat shows it."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame

from dragonnoir.engine.state import Unit
from dragonnoir.ui.interphase_show import InterphaseShow
from dragonnoir.ui.pieces import _counter_art, _draw_placeholders, _walkways

if TYPE_CHECKING:
    from dragonnoir.ui.game_scene import GameScene


def draw_counters(scene: GameScene, screen: pygame.Surface) -> list[tuple[str, pygame.Rect]]:
    """The counters the side to act may see, the chosen ones marked; (unit id, screen
    rect) of each, bottom first (for the next frame's clicks)."""
    game = scene.game
    control = scene.map
    ui = scene.controller
    art = _counter_art(game)
    if art is None:
        return _draw_placeholders(screen, game, control, ui.visibility().sees_unit)
    vis = ui.visibility()
    units = [u for u in game.state.units.values() if u.hex is not None and vis.sees_unit(u)]
    units, step = walking(units, scene.interphase)
    selected = ui.overlays().selected
    marked = set(selected[1:])  # the enemies chosen get the overlay's red ring
    return art.draw_units(
        screen,
        control.camera,
        control.view.grid,
        units,
        selected=selected[0] if selected else None,
        highlight=marked,
        viewport=control.viewport,
        walkways=_walkways(game),
        # the same position seen by the same side: the chits stay where they were
        placement_key=(id(game), id(game.state), game.version, ui.viewer, step),
    )


def walking(units: list[Unit], show: InterphaseShow) -> tuple[list[Unit], int]:
    """While a beat shows a character's walk (the AI's moves), his counter steps along
    the path: `units` with him on the hex he has reached, and that step (-1: none)."""
    beat = show.current
    if beat is None or not beat.walker or len(beat.hexes) < 2:
        return units, -1
    step = min(len(beat.hexes) - 1, int(show.progress * len(beat.hexes)))
    out = [
        dataclasses.replace(u, hex=beat.hexes[step]) if u.id == beat.walker else u for u in units
    ]
    return out, step
