"""The counters on the map.

`draw_counters(screen, game, control)` is the one function the game screen calls, after
the map is drawn. It draws the roster's chits with `render.counters.CounterArt.draw_units`
and placeholders (a disc in the side's colour with the unit's id) for a game without a
roster. Either way it returns each drawn unit's screen rectangle, bottom-most
first, for the next step's click tests.

A placeholder is drawn at the middle of the hexes it covers (a Guard covers three, the Queen
seven) and sized to them. Killed characters are not drawn; knocked-out ones are dimmed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

import pygame

from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.state import Side, Status, Unit
from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.render import fonts
from dragonnoir.render.board_view import Sprite
from dragonnoir.render.counters import CounterArt

if TYPE_CHECKING:
    from dragonnoir.ui.map_view import MapControl

#: Placeholder disc colours per side.
SIDE_COLOURS: dict[Side, tuple[int, int, int]] = {
    Side.ADVENTURERS: (58, 104, 186),
    Side.KROBS: (170, 48, 40),
    Side.GHARVS: (96, 140, 56),
}
#: Width of a one-hex counter in map pixels (a hex is 52 wide at 100%).
COUNTER_PX = 46
_IMAGE_PX = 128


def draw_counters(
    screen: pygame.Surface, game: Game, control: MapControl
) -> list[tuple[str, pygame.Rect]]:
    """Draw every counter on the map shown by `control`; (unit id, screen rect) each."""
    art = _counter_art(game)
    if art is not None:
        units = [u for u in game.state.units.values() if u.hex is not None]
        return art.draw_units(
            screen,
            control.camera,
            control.view.grid,
            units,
            viewport=control.viewport,
            walkways=_walkways(game),
        )
    return _draw_placeholders(screen, game, control)


def _walkways(game: Game) -> frozenset[Any]:
    found = game.cache.get("ui_walkways")
    if found is None:
        found = frozenset(h for h, c in game.board.cells.items() if c.walkway)
        game.cache["ui_walkways"] = found
    return found


def _draw_placeholders(
    screen: pygame.Surface,
    game: Game,
    control: MapControl,
    sees: Callable[[Unit], bool] | None = None,
) -> list[tuple[str, pygame.Rect]]:
    """The plain counters of the units `sees` lets the viewer see (None: all)."""
    vp, cam = control.viewport, control.camera
    out: list[tuple[str, pygame.Rect]] = []
    clip = screen.get_clip()
    screen.set_clip(vp)
    try:
        for unit_id, spr in _placeholder_sprites(game, control.view.grid):
            if sees is not None and not sees(game.state.units[unit_id]):
                continue
            px = max(1, round(spr.size * cam.zoom))
            img = control.view.scaled_sprite(spr.image, px)
            sx, sy = cam.to_screen(spr.x, spr.y)
            rect = img.get_rect(center=(vp.x + round(sx), vp.y + round(sy)))
            if rect.colliderect(vp):
                screen.blit(img, rect)
                out.append((unit_id, rect))
    finally:
        screen.set_clip(clip)
    return out


def _placeholder_sprites(game: Game, grid: HexGrid) -> list[tuple[str, Sprite]]:
    """Every living counter on the map, in drawing order (bigger counters first)."""
    out: list[tuple[int, str, Sprite]] = []
    for unit in game.state.units.values():
        if unit.hex is None or not unit.alive:
            continue
        hexes = list(footprint(game, unit)) or [unit.hex]
        xs, ys = zip(*(grid.hex_centre(h) for h in hexes), strict=True)
        x, y = sum(xs) / len(xs), sum(ys) / len(ys)
        size = COUNTER_PX * (1.0 if len(hexes) == 1 else 1.8 if len(hexes) <= 3 else 2.6)
        image = placeholder(unit.id, unit.side, unit.status is Status.KNOCKED_OUT)
        out.append((-len(hexes), unit.id, Sprite(image, x, y, size)))
    out.sort(key=lambda item: item[0])
    return [(uid, s) for _, uid, s in out]


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


def _font(size: int) -> pygame.font.Font:
    return fonts.font(size)


# -- the roster's counter art, when render/counters.py exists -----------------------------


def _counter_art(game: Game) -> CounterArt | None:
    """The `CounterArt` of the game's roster, made once per game (its caches make frames
    cheap); None for a game without a roster, or when a test asks for placeholders."""
    if "ui_counter_art" in game.cache:
        art: CounterArt | None = game.cache["ui_counter_art"]
        return art
    roster = getattr(game.rules, "roster", None)
    made = CounterArt(roster) if roster is not None else None
    game.cache["ui_counter_art"] = made
    return made
