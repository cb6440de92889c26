"""Whole commands, side by side with Tiled's `tmxrasterizer` and bare pytmx (issue 16).

Each figure is a whole process, from exec to exit, as a user would time it: imports,
reading, drawing and writing included. Ours and theirs are run alternately so that both
see the same load on a shared machine; medians in milliseconds, and the ratios (ours over
theirs) that the aims are about. Python's bytecode cache is allowed in the child
processes (`PYTHONDONTWRITEBYTECODE` removed) and every command runs once before timing,
so the figures are those of an installed program, not of a first run compiling sources.

- `render_big_cli_ms` vs `render_big_tiled_ms`: a 96 x 64 hex map (6,144 hexes, the
  three board tile layers, no objects), made from maps/fosse.tmx by repeating its cells,
  with no `board_id`, so `dragonnoir render` draws it as any Tiled map. Aim: ratio <= 1.
- `render_objects_cli_ms` vs `render_objects_tiled_ms`: maps/fosse.tmx without its
  `board_id` (15 edge polylines and 35 zone pins drawn as Tiled draws objects). Aim <= 1.
- `render_layout_cli_ms` vs `render_layout_tiled_ms`: `dragonnoir render
  layouts/six-boards.toml` against `tmxrasterizer` on the layout's export (the same
  picture as one Tiled map). Aim <= 1.
- `validate_cli_ms` vs `pytmx_open_ms`: `dragonnoir validate maps/fosse.tmx` against
  `python -c "import pytmx; pytmx.TiledMap('maps/fosse.tmx')"` (the same Python). Aim:
  ratio <= 1.5.
- `start_first_frame_ms`: `python -m dragonnoir` (no command) to the main menu's first
  frame, with SDL's dummy driver, by `benchmarks/startup.py` (the client's
  `DRAGONNOIR_FIRST_FRAME=exit` probe). Aim <= 1000 ms.

`python -m benchmarks.commands [--repeats N] [--dragonnoir PATH]` prints these figures
alone; `--dragonnoir` names the `dragonnoir` script of another install, e.g. a regular
`pip install .` in a scratch virtual environment, whose Python then runs the bare pytmx
and the start-up figures too. Why: an editable install (`pip install -e`, as in
development) adds a path finder that every Python of its environment imports at start
(`site`: ~10 ms, with `pathlib` and `re`), which a user's installed program does not have.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
FOSSE = REPO_ROOT / "maps" / "fosse.tmx"
SIX_BOARDS = REPO_ROOT / "layouts" / "six-boards.toml"
BIG_SIZE = (96, 64)


def _env(home: Path) -> dict[str, str]:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "QT_QPA_PLATFORM": "offscreen",
        "DRAGONNOIR_HOME": str(home),
    }
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _dragonnoir() -> list[str]:
    """The installed `dragonnoir` command next to this Python, else `python -m`."""
    script = Path(sys.executable).parent / "dragonnoir"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "dragonnoir"]


def _run_ms(command: Sequence[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU of the child) in milliseconds for one run of `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env, cwd=REPO_ROOT)
    wall = (time.perf_counter() - start) * 1000.0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000.0
    return wall, cpu


def side_by_side(
    name: str,
    ours: Sequence[str],
    theirs: Sequence[str] | None,
    their_name: str,
    repeats: int,
    env: dict[str, str],
) -> dict[str, float]:
    """Median wall and CPU times of `ours` (and `theirs`, run alternately) and ratios."""
    _run_ms(ours, env)  # warm-up: bytecode cache, file cache
    if theirs is not None:
        _run_ms(theirs, env)
    times: dict[str, list[tuple[float, float]]] = {"ours": [], "theirs": []}
    for _ in range(repeats):
        times["ours"].append(_run_ms(ours, env))
        if theirs is not None:
            times["theirs"].append(_run_ms(theirs, env))

    def med(side: str, k: int) -> float:
        return round(statistics.median(t[k] for t in times[side]), 1)

    out = {f"{name}_ms": med("ours", 0), f"{name}_cpu_ms": med("ours", 1)}
    if theirs is not None:
        out[f"{their_name}_ms"] = med("theirs", 0)
        out[f"{their_name}_cpu_ms"] = med("theirs", 1)
        out[f"{name}_ratio"] = round(out[f"{name}_ms"] / out[f"{their_name}_ms"], 3)
        out[f"{name}_cpu_ratio"] = round(out[f"{name}_cpu_ms"] / out[f"{their_name}_cpu_ms"], 3)
    return out


def write_plain_fosse(folder: Path) -> Path:
    """maps/fosse.tmx without its `board_id`, beside a copy of the tilesets."""
    shutil.copytree(REPO_ROOT / "maps" / "tilesets", folder / "tilesets", dirs_exist_ok=True)
    text = FOSSE.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if 'name="board_id"' not in line]
    out = folder / "fosse-plain.tmx"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def write_big_map(folder: Path, size: tuple[int, int] = BIG_SIZE) -> Path:
    """A `size` hex map of fosse's three tile layers repeated, no objects, no board_id."""
    from dragonnoir.hexmap.tmx import read_tmx, write_tmx
    from dragonnoir.hexmap.tmxmodel import Layer, TileLayer

    shutil.copytree(REPO_ROOT / "maps" / "tilesets", folder / "tilesets", dirs_exist_ok=True)
    fosse = read_tmx(FOSSE)
    width, height = size
    layers: list[Layer] = []
    for layer in fosse.tile_layers():
        # Rows repeat two at a time, so the stagger of every row stays as it was.
        rows = [layer.data[(r % (layer.height - 1))] for r in range(height)]
        data = [[row[c % layer.width] for c in range(width)] for row in rows]
        layers.append(layer.replace(width=width, height=height, data=data))
    big = fosse.replace(width=width, height=height, layers=layers, properties={})
    assert all(isinstance(la, TileLayer) for la in big.layers)
    out = folder / "big.tmx"
    write_tmx(big, out)
    return out


def write_layout_export(folder: Path) -> Path:
    """The six-board layout exported as one Tiled map (what `dragonnoir export` writes)."""
    from dragonnoir.hexmap.layout import export_layout_tmx, load_layout

    out = folder / "six-boards.tmx"
    export_layout_tmx(load_layout(SIX_BOARDS), out)
    return out


def bench_commands(repeats: int, dragonnoir: Path | None = None) -> dict[str, float | str]:
    """The figures listed in the module docstring; `dragonnoir`, another install's
    `dragonnoir` script (its Python runs the bare pytmx and the start-up too)."""
    from benchmarks.startup import time_to_first_frame
    from dragonnoir import tiled_tools

    figures: dict[str, float | str] = {}
    cmd = [str(dragonnoir)] if dragonnoir else _dragonnoir()
    python = str(dragonnoir.parent / "python") if dragonnoir else sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = _env(folder / "home")
        raster = shutil.which(tiled_tools.RASTERIZER)
        big, plain = write_big_map(folder), write_plain_fosse(folder)
        pairs = [
            ("render_big_cli", big, big),
            ("render_objects_cli", plain, plain),
            ("render_layout_cli", SIX_BOARDS, write_layout_export(folder)),
        ]
        for name, source, tiled_map in pairs:
            ours = [*cmd, "render", str(source), "-o", str(folder / "ours.png")]
            theirs = [raster, str(tiled_map), str(folder / "theirs.png")] if raster else None
            tiled = name.replace("_cli", "_tiled")
            figures.update(side_by_side(name, ours, theirs, tiled, repeats, env))
        pytmx_open = [python, "-c", f"import pytmx; pytmx.TiledMap({str(FOSSE)!r})"]
        figures.update(
            side_by_side(
                "validate_cli",
                [*cmd, "validate", str(FOSSE)],
                pytmx_open,
                "pytmx_open",
                repeats,
                env,
            )
        )
        # The client's own probe (DRAGONNOIR_FIRST_FRAME=exit, benchmarks/startup.py).
        figures["start_first_frame_ms"] = time_to_first_frame([python, "-m", "dragonnoir"], repeats)
        if raster is None:
            figures["tmxrasterizer"] = "not installed"
    return figures


def _load_average() -> str:
    """The 1-minute load average (`uptime`'s first figure), where the system tells it."""
    getloadavg = getattr(os, "getloadavg", None)
    return f"{getloadavg()[0]:.2f}" if getloadavg else "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    import argparse
    import json

    parser = argparse.ArgumentParser(prog="python -m benchmarks.commands")
    parser.add_argument("--repeats", type=int, default=7, help="runs of each command")
    parser.add_argument(
        "--dragonnoir", type=Path, default=None, help="another install's dragonnoir script"
    )
    args = parser.parse_args(argv)
    load_before = _load_average()
    figures = bench_commands(args.repeats, args.dragonnoir)
    figures["load_average"] = f"{load_before} -> {_load_average()}"
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
