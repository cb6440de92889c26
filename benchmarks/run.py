"""The speed figures the issues ask for, measured, reported as medians (milliseconds).

Run with `dragonnoir bench` (or `python -m benchmarks.run`). Timings never appear in
pass/fail tests; this module only measures and prints. Figures:

- `load_compose_ms`: load the six boards from TMX and compose the six-board layout, cold
  (no board cache); `pytmx_parse_ms`: bare `pytmx.TiledMap` parsing of the same six
  files; `load_compose_ratio` = the first over the second. Aim: <= 150 ms and <= 1.5x.
- `frame_ms_100`, `frame_ms_fit`: one full frame at 1920x1080 of the six-board layout
  with 140 counter-sized sprites and a highlight, at 100% zoom and at fit-to-screen.
  Aim: <= 4 ms.
- `render_png_ms` (ours, in process: layout already loaded -> PNG file),
  `render_png_cli_ms` (ours, the whole `dragonnoir render` command),
  `tmxrasterizer_ms` (Tiled's tool on the exported TMX at the same scale), and the
  ratios. Aim: <= 1.0.
- Whole commands against Tiled's `tmxrasterizer` and bare pytmx, and start to the first
  menu frame (`benchmarks/commands.py`).
- Engine (`benchmarks/engine_movement.py`, `benchmarks/engine_playout.py`): legal
  destinations of one character on the six-board layout (aim <= 1 ms) and one full random
  playout of a test scenario; fire (`benchmarks/fire_los.py`): line of fire for all pairs
  of 40 shooters and 60 targets on the six-board layout (aim <= 20 ms).
- Map editor (`benchmarks/editor_paint.py`): editor frames at 1920x1080 while a brush
  stroke paints a board (aim <= 8 ms).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
SIX_BOARDS = REPO_ROOT / "layouts" / "six-boards.toml"


def median_ms(fn: Callable[[], object], repeats: int, warmup: int = 1) -> float:
    """Median wall time of `fn` in milliseconds over `repeats` runs after `warmup`."""
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000.0)
    return round(statistics.median(times), 3)


def bench_load_compose(repeats: int) -> dict[str, float]:
    import pytmx

    from dragonnoir.hexmap.layout import load_layout, read_layout_file

    _, entries = read_layout_file(SIX_BOARDS)
    files = sorted({str(file) for file, *_ in entries})

    ours = median_ms(lambda: load_layout(SIX_BOARDS, cache={}), repeats)
    bare = median_ms(lambda: [pytmx.TiledMap(f) for f in files], repeats)
    return {
        "load_compose_ms": ours,
        "pytmx_parse_ms": bare,
        "load_compose_ratio": round(ours / bare, 3),
    }


def bench_frames(repeats: int) -> dict[str, float]:
    from dragonnoir.hexmap.layout import load_layout
    from dragonnoir.render.bench import measure_frames

    layout = load_layout(SIX_BOARDS)
    raw = measure_frames(board=layout.map, frames=max(repeats * 4, 60))
    return {
        "frame_ms_100": round(raw["zoom100_median_ms"], 3),
        "frame_ms_fit": round(raw["fit_median_ms"], 3),
        "frame_fit_zoom": round(raw["fit_zoom"], 3),
        "frame_build_100_ms": round(raw["zoom100_build_ms"], 1),
        "frame_build_fit_ms": round(raw["fit_build_ms"], 1),
    }


def bench_render_png(repeats: int, scale: float = 1.0) -> dict[str, float | str]:
    from dragonnoir import tiled_tools
    from dragonnoir.hexmap.layout import export_layout_tmx, load_layout
    from dragonnoir.render.board_view import render_board_to_png

    layout = load_layout(SIX_BOARDS)
    figures: dict[str, float | str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "ours.png"
        figures["render_png_ms"] = median_ms(
            lambda: render_board_to_png(layout.map, out, scale=scale), repeats
        )
        cli = [sys.executable, "-m", "dragonnoir", "render", str(SIX_BOARDS), "-o", str(out)]
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "QT_QPA_PLATFORM": "offscreen"}
        figures["render_png_cli_ms"] = median_ms(
            lambda: subprocess.run(cli, check=True, capture_output=True, env=env),
            max(3, repeats // 3),
        )
        if not tiled_tools.have_rasterizer():
            figures["tmxrasterizer_ms"] = "not installed"
            return figures
        exported = Path(tmp) / "layout.tmx"
        export_layout_tmx(layout, exported)
        theirs_png = Path(tmp) / "theirs.png"
        theirs = median_ms(
            lambda: tiled_tools.rasterize(exported, theirs_png, scale),
            max(3, repeats // 3),
        )
        figures["tmxrasterizer_ms"] = theirs
        figures["render_png_ratio"] = round(float(figures["render_png_ms"]) / theirs, 3)
        figures["render_png_cli_ratio"] = round(float(figures["render_png_cli_ms"]) / theirs, 3)
    return figures


#: The groups of figures, in the order they are measured (`dragonnoir bench --only`).
GROUPS = ("load", "frames", "render", "commands", "engine", "fire", "client", "editor")


def run_all(repeats: int = 15, only: Iterable[str] | None = None) -> dict[str, Any]:
    """Every figure (or those of the groups in `only`), as a flat dict (the JSON
    `dragonnoir bench` prints)."""
    from benchmarks.client_frame import bench_game_screen
    from benchmarks.commands import bench_commands
    from benchmarks.editor_paint import bench_editor_paint
    from benchmarks.engine_movement import bench_legal_destinations
    from benchmarks.engine_playout import bench_playout
    from benchmarks.fire_los import bench_all_pairs

    wanted = set(only) if only else set(GROUPS)
    unknown = wanted - set(GROUPS)
    if unknown:
        from dragonnoir.errors import DragonNoirError

        raise DragonNoirError(
            f"bench: no group {', '.join(sorted(unknown))}; the groups are {', '.join(GROUPS)}"
        )
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    figures: dict[str, Any] = {"repeats": repeats, "python": sys.version.split()[0]}
    if "load" in wanted:
        figures.update(bench_load_compose(repeats))
    if "frames" in wanted:
        figures.update(bench_frames(repeats))
    if "render" in wanted:
        figures.update(bench_render_png(repeats))
    if "commands" in wanted:
        figures.update(bench_commands(max(5, repeats // 2)))
    if "engine" in wanted:
        figures.update(bench_legal_destinations(max(repeats * 10, 100)))
        figures.update(bench_playout(repeats))
    if "fire" in wanted:
        figures.update(bench_all_pairs(repeats))
    if "client" in wanted:
        figures.update(bench_game_screen(max(repeats * 4, 60)))
    if "editor" in wanted:
        figures.update(bench_editor_paint(max(repeats * 8, 120)))
    return figures


if __name__ == "__main__":
    print(json.dumps(run_all(), indent=2))
