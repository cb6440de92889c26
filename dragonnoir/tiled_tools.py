"""Run Tiled's command-line tools headless: `tiled --export-map` and `tmxrasterizer`.

Used by the tests that check our files against Tiled 1.8 and by the benchmarks. Both tools
come with the Debian package `tiled`; they are Qt programs, so they run with
`QT_QPA_PLATFORM=offscreen` (no display needed). No pygame here: a caller that wants the
rasterizer's image loads the PNG itself.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

from dragonnoir.errors import DragonNoirError

TILED = "tiled"
RASTERIZER = "tmxrasterizer"
#: Seconds one run may take before it counts as failed.
TIMEOUT = 120.0


class TiledToolError(DragonNoirError):
    """A Tiled tool is not installed, failed, or did not finish in time."""


def have_tiled() -> bool:
    """Whether `tiled` (for `--export-map`) is on PATH."""
    return shutil.which(TILED) is not None


def have_rasterizer() -> bool:
    """Whether `tmxrasterizer` is on PATH."""
    return shutil.which(RASTERIZER) is not None


def _run(tool: str, args: list[str], timeout: float) -> None:
    exe = shutil.which(tool)
    if exe is None:
        raise TiledToolError(f"{tool} is not installed (Debian package 'tiled')")
    command = [exe, *args]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    try:
        subprocess.run(
            command, env=env, check=True, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.CalledProcessError as exc:
        lines = (exc.stderr or exc.stdout or "").splitlines()
        said = "; ".join(line.strip() for line in lines if line.strip()) or "no output"
        raise TiledToolError(
            f"{' '.join(command)} failed with exit status {exc.returncode}: {said}"
        ) from exc
    except subprocess.TimeoutExpired as exc:
        raise TiledToolError(f"{' '.join(command)} did not finish in {timeout:g} s") from exc


def export_map(src: Path, dst: Path, *, timeout: float = TIMEOUT) -> Path:
    """Have Tiled open `src` and save it as TMX at `dst` (`tiled --export-map tmx`)."""
    _run(TILED, ["--export-map", "tmx", str(src), str(dst)], timeout)
    return dst


def export_tileset(src: Path, dst: Path, *, timeout: float = TIMEOUT) -> Path:
    """Have Tiled open the tileset `src` and save it as TSX at `dst`."""
    _run(TILED, ["--export-tileset", "tsx", str(src), str(dst)], timeout)
    return dst


def rasterize(
    src: Path,
    dst: Path,
    scale: float = 1.0,
    hide_layers: Iterable[str] = (),
    *,
    timeout: float = TIMEOUT,
) -> Path:
    """Render the map `src` to the PNG `dst` with `tmxrasterizer` (`-s scale` when it is
    not 1, one `--hide-layer` per name in `hide_layers`)."""
    args = ["-s", str(scale)] if scale != 1.0 else []
    for layer in hide_layers:
        args += ["--hide-layer", layer]
    _run(RASTERIZER, [*args, str(src), str(dst)], timeout)
    return dst
