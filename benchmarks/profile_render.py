"""Where `dragonnoir render` spends its time on the big and the object-heavy map.

`python -m benchmarks.profile_render [big|objects] [--top N]` profiles one whole render
command in this process (cProfile, imports included: run it in a fresh interpreter) and
prints the functions that took longest by their own time. Not part of `dragonnoir bench`:
it explains the figures of `benchmarks/commands.py`, it does not measure them (cProfile
slows pure-Python code several times more than C code).

What it showed on 2026-12-01 for the 96 x 64 map (14.5 million pixels), in order: zlib
compressing the PNG (level 1, in threads), `_clear_invisible` (the pass giving
transparent pixels RGB 0, as Qt's images have), reading the pixels for the PNG, the
6,144 tile blits; the Python around them (cell order, tile lookup) is under 10%. For the
object-heavy map: imports (pygame, our TMX reader) and the PNG, then the shapes.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import tempfile
from pathlib import Path

from benchmarks.commands import write_big_map, write_plain_fosse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.profile_render")
    parser.add_argument("map", choices=["big", "objects"], nargs="?", default="big")
    parser.add_argument("--top", type=int, default=25, help="functions to list")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        tmx = write_big_map(folder) if args.map == "big" else write_plain_fosse(folder)
        from dragonnoir.cli import main as dragonnoir

        profile = cProfile.Profile()
        profile.enable()
        code = dragonnoir(["render", str(tmx), "-o", str(folder / "out.png")])
        profile.disable()
    pstats.Stats(profile, stream=sys.stdout).sort_stats("tottime").print_stats(args.top)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
