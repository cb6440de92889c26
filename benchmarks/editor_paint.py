"""Speed of painting in the map editor: whole frames of the editor screen while a brush
stroke is under way, at 1920x1080.

Run: `python -m benchmarks.editor_paint` (figures as JSON); `dragonnoir bench` includes it.

The position: the map editor (`ui/editor_scene.py`) in board mode on Le Labyrinthe at
100% zoom, the 7-hex brush painting rubble. Each frame posts the mouse moved by one hex
along a back-and-forth path with the left button held, then runs `App.step`: the event
(an edit, recorded in the stroke's undo step, and the repaint of the changed area in
every cached zoom surface: `render/editable_view.py`), the widgets, the map blit and the
overlays (zones, problems, the brush outline). Validation runs when the stroke ends, not
per frame. No display flip cost headless.

Figures: `editor_paint_frame_ms` (median of the painting frames) and its p90,
`editor_repaint_ms` (median of `EditableBoardView.repaint` for one brush step alone),
`editor_idle_frame_ms` (a frame with the mouse still, for comparison) and
`editor_stroke_end_ms` (the mouse-up frame: the stroke closed and the board validated).

The same on the six-board layout (`layouts/six-boards.toml`) in layout mode, painting
the boards where they lie (`editor/layout_paint.py`): the stroke runs across all six
boards (along the top boards' middle row, then the bottom boards', turned 180 degrees),
at the zoom that fits the whole layout and at 100%. Each step is a board edit per board
under the brush, the composed map brought up to date at those hexes and the view's
repaint of their area. Figures `editor_layout_paint_frame_ms` (fit; and p90),
`editor_layout_paint_frame_100_ms`, `..._cpu_ms` (the same frames in the process's own
CPU time, which the load of the machine changes less), `editor_layout_idle_frame_ms`,
`editor_layout_stroke_end_ms` (the six-board layout validated).

Aim (issue "The map editor", section 6): a painting frame at most 8 ms at 1920x1080.
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
BOARD = REPO_ROOT / "maps" / "labyrinthe.tmx"
SIX = REPO_ROOT / "layouts" / "six-boards.toml"
SCREEN = (1920, 1080)


def _p90(values: list[float]) -> float:
    return sorted(values)[int(len(values) * 0.9)]


def bench_editor_paint(frames: int = 120) -> dict[str, Any]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("DRAGONNOIR_HOME", tempfile.mkdtemp(prefix="dn-bench-"))
    import pygame

    from dragonnoir.editor import board_doc as bd
    from dragonnoir.ui.editor_modes import to_screen
    from dragonnoir.ui.editor_scene import EditorScene
    from dragonnoir.ui.screens import open_app
    from dragonnoir.ui.settings import Settings

    settings = Settings(window_width=SCREEN[0], window_height=SCREEN[1])
    app = open_app(lambda a: EditorScene(a, BOARD), settings=settings)
    try:
        scene = app.scene
        assert isinstance(scene, EditorScene)
        mode = scene.board
        control = mode.control
        assert control is not None and mode.view is not None
        control.zoom_to(1.0, (control.viewport.w / 2, control.viewport.h / 2), animate=False)
        mode.terrain = "rubble"
        mode.radius = 1
        for _ in range(3):
            app.step(1 / 60)
        grid = mode.doc.board.grid
        # A path of hexes back and forth across the middle rows, one hex a frame.
        path = [grid.to_hex(c, 9) for c in range(3, 24)]
        path += [grid.to_hex(c, 10) for c in range(23, 2, -1)]

        def screen_of(i: int) -> tuple[int, int]:
            return to_screen(control, *grid.hex_centre(path[i % len(path)]))

        idle = []
        for _ in range(30):
            start = time.perf_counter()
            app.step(1 / 60)
            idle.append((time.perf_counter() - start) * 1000)
        pos = screen_of(0)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        app.step(1 / 60)
        painting = []
        for i in range(1, frames + 1):
            pos = screen_of(i)
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
            )
            start = time.perf_counter()
            app.step(1 / 60)
            painting.append((time.perf_counter() - start) * 1000)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        start = time.perf_counter()
        app.step(1 / 60)
        stroke_end = (time.perf_counter() - start) * 1000
        assert len(mode.history.undo_steps) == 1, "one stroke, one undo step"
        view = mode.view
        repaint = []
        for i in range(60):
            hexes = bd.brush(mode.doc, path[i % len(path)], 1)
            start = time.perf_counter()
            view.repaint(hexes)
            repaint.append((time.perf_counter() - start) * 1000)
        return {
            "editor_paint_frame_ms": round(statistics.median(painting), 3),
            "editor_paint_frame_p90_ms": round(_p90(painting), 3),
            "editor_repaint_ms": round(statistics.median(repaint), 3),
            "editor_idle_frame_ms": round(statistics.median(idle), 3),
            "editor_stroke_end_ms": round(stroke_end, 1),
            "editor_zoom": control.camera.zoom,
            "editor_screen": f"{SCREEN[0]}x{SCREEN[1]}",
        }
    finally:
        app.close()


def _post_stroke(app: Any, points: list[tuple[int, int]]) -> tuple[list[float], list[float], float]:
    """Press at the first point, move one point a frame, release: each moving frame's
    wall-clock time and the process's CPU time for it, and the release frame's (ms)."""
    import pygame

    first = points[0]
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=first, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=first, button=1))
    app.step(1 / 60)
    frames, cpu = [], []
    for pos in points[1:]:
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
        start, start_cpu = time.perf_counter(), time.process_time()
        app.step(1 / 60)
        frames.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=points[-1], button=1))
    start = time.perf_counter()
    app.step(1 / 60)
    return frames, cpu, (time.perf_counter() - start) * 1000


def bench_editor_layout_paint(frames: int = 120) -> dict[str, Any]:
    """Painting frames on the six-board layout in layout mode (see the module's text)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("DRAGONNOIR_HOME", tempfile.mkdtemp(prefix="dn-bench-"))
    from dragonnoir.ui.editor_modes import to_screen
    from dragonnoir.ui.editor_scene import EditorScene
    from dragonnoir.ui.screens import open_app
    from dragonnoir.ui.settings import Settings

    settings = Settings(window_width=SCREEN[0], window_height=SCREEN[1])
    app = open_app(lambda a: EditorScene(a, SIX), settings=settings)
    try:
        scene = app.scene
        assert isinstance(scene, EditorScene)
        mode = scene.layout
        control, canvas = mode.control, mode.canvas
        assert control is not None and canvas is not None
        mode.tool, mode.terrain, mode.radius = "terrain", "rubble", 1
        layout = canvas.layout
        # Across the six boards: the top boards' middle row (row 9 of each), left to
        # right, then the bottom boards' (turned), right to left; one hex a frame.
        h = canvas.height
        width = layout.map.width
        cols = range(2, width - 2)
        cells = [(c, h - 1 + 9) for c in cols] + [(c, 2 * (h - 1) + 9) for c in reversed(cols)]
        cells = [(c, r) for c, r in cells if layout.grid.to_hex(c, r) in layout.map.cells]
        path = [layout.grid.to_hex(c, r) for c, r in cells]

        def points(n: int) -> list[tuple[int, int]]:
            """The path's hexes on screen now (at 100% only part of it is), back and
            forth, `n + 1` of them."""
            shown = [to_screen(control, *layout.grid.hex_centre(h)) for h in path]
            shown = [p for p in shown if control.viewport.inflate(-40, -40).collidepoint(p)]
            loop = shown + shown[-2:0:-1]
            return [loop[i % len(loop)] for i in range(n + 1)]

        out: dict[str, Any] = {}
        for label, fit, terrain in (("", True, "rubble"), ("_100", False, "trees")):
            mode.terrain = terrain  # (not what the first stroke left: every step paints)
            if fit:
                control.fit()
            else:  # on the seam where the top and bottom rows meet, in the middle
                sx, sy = to_screen(control, *layout.grid.hex_centre(path[len(path) // 4]))
                vp = control.viewport
                control.zoom_to(1.0, (sx - vp.x, sy - vp.y), animate=False)
            for _ in range(3):
                app.step(1 / 60)
            idle = []
            for _ in range(30):
                start = time.perf_counter()
                app.step(1 / 60)
                idle.append((time.perf_counter() - start) * 1000)
            steps_before = len(mode.history.undo_steps)
            # At fit the whole path is on screen: the stroke goes all along it.
            count = max(frames, len(path) - 1) if fit else frames
            painting, cpu, stroke_end = _post_stroke(app, points(count))
            assert len(mode.history.undo_steps) == steps_before + 1, "one stroke, one step"
            out[f"editor_layout_paint_frame{label}_ms"] = round(statistics.median(painting), 3)
            out[f"editor_layout_paint_frame{label}_p90_ms"] = round(_p90(painting), 3)
            out[f"editor_layout_paint_frame{label}_cpu_ms"] = round(statistics.median(cpu), 3)
            out[f"editor_layout_idle_frame{label}_ms"] = round(statistics.median(idle), 3)
            out[f"editor_layout_stroke_end{label}_ms"] = round(stroke_end, 1)
            out[f"editor_layout_zoom{label}"] = round(control.camera.zoom, 3)
        painted = {f.name for f in mode.doc.painted}
        assert len(painted) == 6, f"the stroke crosses the six boards, not only {painted}"
        return out
    finally:
        app.close()


def main() -> None:
    figures = bench_editor_paint()
    figures.update(bench_editor_layout_paint())
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
