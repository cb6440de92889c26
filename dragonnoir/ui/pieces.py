"""The counters on the map, as sprites for `render.board_view.draw_frame`.

`unit_sprites(game, grid)` is the one function the game screen calls. It draws the
roster's counter art (`render.counters.CounterArt`) when that module is present, and
otherwise a placeholder: a disc in the side's colour with the unit's id.

A counter is drawn at the middle of the hexes it covers (a Guard covers three, the Queen
seven) and sized to them. Killed characters are not drawn; knocked-out ones are dimmed.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

import pygame

from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.state import Side, Status, Unit
from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.render.board_view import Sprite

#: Placeholder disc colours per side.
SIDE_COLOURS: dict[Side, tuple[int, int, int]] = {
    Side.ADVENTURERS: (58, 104, 186),
    Side.KROBS: (170, 48, 40),
    Side.GHARVS: (96, 140, 56),
}
#: Width of a one-hex counter in map pixels (a hex is 52 wide at 100%).
COUNTER_PX = 46
_IMAGE_PX = 128


def unit_sprites(game: Game, grid: HexGrid) -> list[Sprite]:
    """Every living counter on the map, in drawing order (bigger counters first)."""
    art = _counter_art(game)
    out: list[tuple[int, Sprite]] = []
    for unit in game.state.units.values():
        if unit.hex is None or not unit.alive:
            continue
        hexes = list(footprint(game, unit)) or [unit.hex]
        xs, ys = zip(*(grid.hex_centre(h) for h in hexes), strict=True)
        x, y = sum(xs) / len(xs), sum(ys) / len(ys)
        size = COUNTER_PX * (1.0 if len(hexes) == 1 else 1.8 if len(hexes) <= 3 else 2.6)
        image = _art_image(art, unit) if art is not None else None
        if image is None:
            image = placeholder(unit.id, unit.side, unit.status is Status.KNOCKED_OUT)
        out.append((-len(hexes), Sprite(image, x, y, size)))
    out.sort(key=lambda pair: pair[0])
    return [s for _, s in out]


@cache
def placeholder(unit_id: str, side: Side, knocked_out: bool) -> pygame.Surface:
    """A disc in the side's colour with the unit id written on it."""
    n = _IMAGE_PX
    surf = pygame.Surface((n, n), pygame.SRCALPHA)
    colour = SIDE_COLOURS.get(side, (150, 150, 150))
    if knocked_out:
        colour = tuple(c // 2 for c in colour)  # type: ignore[assignment]
    pygame.draw.circle(surf, (10, 8, 6), (n // 2, n // 2), n // 2)
    pygame.draw.circle(surf, colour, (n // 2, n // 2), n // 2 - 6)
    pygame.draw.circle(surf, (235, 220, 190), (n // 2, n // 2), n // 2 - 6, 3)
    text = _short(unit_id)
    font = _font(34 if len(text) <= 6 else 26)
    label = font.render(text, True, (250, 244, 230))
    if label.get_width() > n - 16:
        label = pygame.transform.smoothscale(
            label, (n - 16, max(1, label.get_height() * (n - 16) // label.get_width()))
        )
    surf.blit(label, label.get_rect(center=(n // 2, n // 2)))
    return surf


def _short(unit_id: str) -> str:
    """ "rebel_knight_1" -> "knight 1", "warrior_01" -> "warrior 1"."""
    parts = unit_id.split("_")
    if len(parts) >= 2 and parts[-1].isdigit():
        return f"{parts[-2][:7]} {int(parts[-1])}"
    return unit_id.replace("_", " ")[:10]


@cache
def _font(size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, size)


# -- the roster's counter art, when render/counters.py exists -----------------------------


def _counter_art(game: Game) -> Any:
    """A `CounterArt` for the game's roster, made once per game; None when the module
    is not there (yet) or cannot draw."""
    if "ui_counter_art" in game.cache:
        return game.cache["ui_counter_art"]
    art = None
    try:
        module = importlib.import_module("dragonnoir.render.counters")
        roster = getattr(game.rules, "roster", None)
        art = module.CounterArt(roster) if roster is not None else None
    except (ImportError, AttributeError, TypeError):
        art = None
    game.cache["ui_counter_art"] = art
    return art


def _art_image(art: Any, unit: Unit) -> pygame.Surface | None:
    """The counter picture of `unit` from a `CounterArt`; None if it has no such method."""
    for name in ("unit_image", "image_for", "image", "draw_unit", "draw"):
        method = getattr(art, name, None)
        if callable(method):
            try:
                image = method(unit)
            except TypeError:
                continue
            if isinstance(image, pygame.Surface):
                return image
    return None
