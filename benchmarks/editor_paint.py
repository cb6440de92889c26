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
SCREEN = (1920, 1080)


def _p90(values: list[float]) -> float:
    return sorted(values)[int(len(values) * 0.9)]


def bench_editor_paint(frames: int = 120) -> dict[str, Any]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("DRAGONNOIR_HOME", tempfile.mkdtemp(prefix="dn-bench-"))
    import pygame

    from dragonnoir.editor import board_doc as bd
    from dragonnoir.ui.app import App
    from dragonnoir.ui.editor_modes import to_screen
    from dragonnoir.ui.editor_scene import EditorScene
    from dragonnoir.ui.settings import Settings

    settings = Settings(window_width=SCREEN[0], window_height=SCREEN[1])
    app = App(lambda a: EditorScene(a, BOARD), settings=settings)
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


def main() -> None:
    print(json.dumps(bench_editor_paint(), indent=2))


if __name__ == "__main__":
    main()
