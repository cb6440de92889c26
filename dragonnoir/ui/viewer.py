"""A board viewer: pan, zoom, hover a hex and read what the rules see there.

`python -m dragonnoir.ui.viewer maps/labyrinthe.tmx` (a board), `... layouts/six.toml`
(a layout, with its seams and the boards under each hex) or `... --demo`.

Why a `Viewer` class with `handle(event)`, `update(dt)` and `draw()` instead of one loop:
tests drive it headless (SDL_VIDEODRIVER=dummy) by feeding events and stepping time, and
check the camera and the status text; `run()` is only the thin real-time loop around it.
Held keys are tracked from KEYDOWN/KEYUP events (not `pygame.key.get_pressed()`) for the
same reason. Plain pygame: a status line and a help box do not need a GUI toolkit.

Keys: drag with the left or middle button, arrows / W A D to pan (held keys
accelerate; S is taken by the seams toggle, so pan down with the arrow key), wheel or
+/- to zoom towards the cursor, F fit, S seams, Z zones, H or F1 help, Esc or Q quit.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame

from dragonnoir.hexmap.board import Board
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.terrain import default_terrain_table
from dragonnoir.i18n import N_, NP_, _, current, pgettext
from dragonnoir.narration.names import data_name
from dragonnoir.render.board_view import BoardView, Seams, Sprite
from dragonnoir.render.camera import Camera
from dragonnoir.ui.map_view import MapControl, draw_key_help

BoardOf = Callable[[Hex], list[tuple[str, int, int]]]

STATUS_H = 26
#: Direction names of the six sides (cube directions 0..5 on a pointy-top map).
SIDE_NAMES = ("E", "NE", "NW", "W", "SW", "SE")

PAN_KEYS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
    pygame.K_a: (-1, 0),
    pygame.K_d: (1, 0),
    pygame.K_w: (0, -1),
    pygame.K_s: (0, 1),
}
ZOOM_IN_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
ZOOM_OUT_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)

HELP_LINES = (
    (NP_("key", "drag (left / middle)"), N_("pan")),
    (NP_("key", "arrows, W A S D"), N_("pan (hold to speed up)")),
    (NP_("key", "wheel, + / -"), N_("zoom towards the cursor")),
    (NP_("key", "F"), N_("fit the map to the window")),
    (NP_("key", "B"), N_("board seams on / off")),
    (NP_("key", "Z"), N_("zones on / off")),
    (NP_("key", "H, F1"), N_("this help")),
    (NP_("key", "Esc, Q"), N_("quit")),
)


class Viewer:
    """The viewer's state and behaviour, independent of the real-time loop."""

    def __init__(
        self,
        board: Board,
        title: str = "Dragon Noir board viewer",
        seams: Seams | None = None,
        board_of: BoardOf | None = None,
        *,
        size: tuple[int, int] = (1280, 800),
        sprites: Sequence[Sprite] = (),
    ) -> None:
        if not pygame.display.get_init():
            pygame.display.init()
        if not pygame.font.get_init():
            pygame.font.init()
        pygame.display.set_caption(title)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.board = board
        self.title = title
        self.board_of = board_of
        self.sprites = list(sprites)
        self.table = default_terrain_table()
        self.map = MapControl(board, self.viewport, PAN_KEYS, seams=seams)
        self.map.view.show_seams = bool(seams)
        self.font = pygame.font.Font(None, 20)
        self.help_font = pygame.font.Font(None, 24)
        self.show_help = False
        self.running = True
        self.dirty = True

    @property
    def view(self) -> BoardView:
        return self.map.view

    @property
    def camera(self) -> Camera:
        return self.map.camera

    @property
    def zoom_target(self) -> float | None:
        return self.map.zoom_target

    @property
    def mouse(self) -> tuple[int, int]:
        return self.map.mouse

    # -- events --------------------------------------------------------------------

    @property
    def viewport(self) -> pygame.Rect:
        w, h = self.screen.get_size()
        return pygame.Rect(0, 0, w, max(1, h - STATUS_H))

    def handle(self, event: pygame.event.Event) -> None:
        """React to one pygame event."""
        self.dirty = True
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._resized()
        elif self.map.handle(event):
            pass
        elif event.type == pygame.KEYDOWN:
            self._key_down(event.key)

    def _key_down(self, key: int) -> None:
        if key in (pygame.K_ESCAPE, pygame.K_q):
            self.running = False
        elif key in ZOOM_IN_KEYS:
            self.zoom_step(1, self.mouse)
        elif key in ZOOM_OUT_KEYS:
            self.zoom_step(-1, self.mouse)
        elif key == pygame.K_f:
            self.map.fit()
        elif key == pygame.K_b:
            self.view.show_seams = not self.view.show_seams
        elif key == pygame.K_z:
            self.view.show_zones = not self.view.show_zones
        elif key in (pygame.K_h, pygame.K_F1):
            self.show_help = not self.show_help

    def _resized(self) -> None:
        surface = pygame.display.get_surface()
        if surface is not None:
            self.screen = surface
        self.map.resize(self.viewport)

    def zoom_step(self, direction: int, anchor: tuple[float, float]) -> None:
        """Start an animated zoom to the next step, keeping `anchor` (screen) fixed."""
        self.map.zoom_step(direction, anchor)

    def zoom_to(self, zoom: float, anchor: tuple[float, float], animate: bool = True) -> None:
        self.map.zoom_to(zoom, anchor, animate)

    # -- time ----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance animations and held-key panning by `dt` seconds."""
        if self.map.update(dt):
            self.dirty = True

    # -- what is under the mouse -----------------------------------------------------

    def hover_hex(self) -> Hex | None:
        """The hex under the mouse, or None when the mouse is on the status line."""
        return self.map.hover_hex()

    def status_text(self) -> str:
        h = self.hover_hex()
        zoom = _("zoom {percent}%").format(percent=f"{self.camera.zoom * 100:.0f}")
        if h is None:
            return f"{self.board.name}  |  {zoom}  |  " + _("H: help")
        col, row = self.view.grid.to_cell(h)
        parts: list[str] = []
        if self.board_of is not None:
            places = self.board_of(h)
            parts.append(" + ".join(f"{b} ({c},{r})" for b, c, r in places) or _("off the boards"))
        else:
            parts.append(self.board.name or self.board.id)
        parts.append(_("cell {col},{row}").format(col=col, row=row))
        parts.append(f"cube {h.q},{h.r},{h.s}")
        cell = self.board.cells.get(h)
        if cell is None:
            parts.append(_("off the board"))
        else:
            t = self.table.get(cell.terrain)
            parts.append(data_name(t.name, current()) if t is not None else f"? {cell.terrain}")
            level = _("level {level}").format(level=f"{cell.level:+g}" if cell.level else "0")
            if cell.walkway:
                level += _(", walkway deck at +1")
            if cell.walkway_end:
                level += _(", walkway end")
            parts.append(level)
            sides = []
            for d, n in enumerate(h.neighbours()):
                f = self.board.edge_feature(h, n)
                if f is not None:
                    sides.append(f"{f.value.replace('_', ' ')} {SIDE_NAMES[d]}")
            if sides:
                parts.append(", ".join(sides))
        parts.append(zoom)
        return "  |  ".join(parts)

    # -- drawing ---------------------------------------------------------------------

    def draw(self) -> None:
        self.map.draw(self.screen, self.sprites, self.hover_hex())
        w, h = self.screen.get_size()
        bar = pygame.Rect(0, h - STATUS_H, w, STATUS_H)
        self.screen.fill((24, 21, 19), bar)
        pygame.draw.line(self.screen, (70, 62, 54), bar.topleft, bar.topright)
        text = self.font.render(self.status_text(), True, (226, 216, 196))
        self.screen.blit(text, (8, bar.y + (STATUS_H - text.get_height()) // 2))
        if self.show_help:
            self._draw_help()
        self.dirty = False

    def _draw_help(self) -> None:
        rows = [(pgettext("key", keys), _(does)) for keys, does in HELP_LINES]
        draw_key_help(self.screen, rows, self.viewport.center, title=_("Keys"), font=self.help_font)

    # -- the loop --------------------------------------------------------------------

    def run(self) -> int:
        clock = pygame.time.Clock()
        while self.running:
            dt = clock.tick(60) / 1000.0
            for event in pygame.event.get():
                self.handle(event)
            self.update(dt)
            if self.dirty or self.zoom_target is not None:
                self.draw()
                pygame.display.flip()
        return 0


def run_viewer(
    board: Board,
    title: str,
    seams: Seams | None = None,
    board_of: BoardOf | None = None,
    size: tuple[int, int] | None = None,
) -> int:
    """Open a resizable window on `board` and run until the user quits; returns 0.

    `size`: the window's; by default the one saved in the player's settings. Only the
    display and fonts are started: the viewer plays no sound, so the audio device is
    never opened (no ALSA complaints on a machine without a sound card)."""
    if size is None:
        from dragonnoir.ui.settings import load_settings

        size = load_settings()[0].window_size
    pygame.display.init()
    pygame.font.init()
    try:
        return Viewer(board, title, seams, board_of, size=size).run()
    finally:
        pygame.quit()


# -- command line ------------------------------------------------------------------------


def _demo() -> tuple[Board, str, Seams, BoardOf]:
    """Two copies of the demo cave side by side: seams and straddling hexes to look at."""
    from dragonnoir.hexmap.layout import Placement, compose
    from dragonnoir.render.bench import demo_board

    board = demo_board()
    layout = compose([Placement(board, 0, 0), Placement(board, 0, 1, 180)], "Demo caves")
    grid = layout.map.grid

    def board_of(h: Hex) -> list[tuple[str, int, int]]:
        return [
            (f"{p.board_id}@{p.row},{p.col}", *grid.to_cell(local))
            for p, local in layout.boards_of(h)
        ]

    return layout.map, "Demo caves", layout.seam_polylines(), board_of


def main(argv: Sequence[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m dragonnoir.ui.viewer")
    parser.add_argument("path", nargs="?", type=Path, help="a board (.tmx) or layout (.toml)")
    parser.add_argument("--demo", action="store_true", help="show a built-in demo cave")
    parser.add_argument("--size", type=int, nargs=2, default=None, metavar=("W", "H"))
    args = parser.parse_args(argv)
    size = (args.size[0], args.size[1]) if args.size else None
    if args.demo or args.path is None:
        board, title, seams, board_of = _demo()
        return run_viewer(board, title, seams, board_of, size)
    if args.path.suffix == ".toml":
        from dragonnoir.hexmap.layout import load_layout

        layout = load_layout(args.path)
        grid = layout.map.grid

        def layout_board_of(h: Hex) -> list[tuple[str, int, int]]:
            return [(p.board_id, *grid.to_cell(local)) for p, local in layout.boards_of(h)]

        seams = layout.seam_polylines()
        return run_viewer(layout.map, layout.name, seams, layout_board_of, size)
    from dragonnoir.hexmap.board_io import load_board

    board = load_board(args.path)
    return run_viewer(board, f"{board.name} ({board.id})", size=size)


if __name__ == "__main__":
    sys.exit(main())
