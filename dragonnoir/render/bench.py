"""Frame-time benchmark of the board view, and the boards it (and the viewer demo) use.

Why here and not in tests: timings depend on the machine, so no pass/fail test checks
them; `measure_frames()` returns figures for a person (or a CI log) to read. Run
`SDL_VIDEODRIVER=dummy python -m dragonnoir.render.bench` for the standard case: a
49x49-cell map (about 2600x2200 pixels, the size of six boards) of random terrain, a
1920x1080 screen, 140 counters and a hover highlight, at 100% zoom and fit-to-screen.

`demo_board()` is a hand-made cave (every terrain, levels, a walkway, every edge
feature, every zone kind) for the viewer's `--demo` and for looking at the art before the
real boards exist.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Iterable
from itertools import pairwise

from dragonnoir.hexmap.board import Board, Cell, EdgeFeature, Zone, ZoneKind, board_cells
from dragonnoir.hexmap.hexes import Edge, Hex, line, spiral
from dragonnoir.hexmap.terrain import default_terrain_table


def synthetic_board(width: int = 49, height: int = 49, seed: int = 1) -> Board:
    """A `width` x `height` board of random terrain, levels, walkways and edges
    (deterministic for a seed): the worst case for the renderer, not a pretty map."""
    rng = random.Random(seed)
    ids = default_terrain_table().ids()
    board = Board(
        id=f"synthetic_{width}x{height}", name="Synthetic", width=width, height=height, cells={}
    )
    grid = board.grid
    for col, row in board_cells(width, height):
        level = rng.choice((0.0, 0.0, 0.0, 0.0, -1.0, -0.5, 0.5, 1.0))
        walk = rng.random() < 0.02
        board.cells[grid.to_hex(col, row)] = Cell(rng.choice(ids), level, walk, False)
    hexes = list(board.cells)
    features = list(EdgeFeature)
    for h in rng.sample(hexes, len(hexes) // 10):
        n = h.neighbour(rng.randrange(6))
        if n in board.cells:
            board.edges[Edge(h, n)] = rng.choice(features)
    return board


# -- the demo cave ----------------------------------------------------------------------


def _disc(centre: Hex, radius: int) -> list[Hex]:
    return list(spiral(centre, radius))


def _path(points: Iterable[Hex]) -> list[Hex]:
    pts = list(points)
    out: list[Hex] = []
    for a, b in pairwise(pts):
        out.extend(line(a, b))
    return out


def demo_board() -> Board:
    """A 27x19 cave with every terrain, levels -1..+1, a walkway over a gallery, walls with
    a door, a window and an arrow slit, a low wall, an embankment, cliffs and zones."""
    board = Board(id="demo", name="Demo cave", width=27, height=19, cells={})
    g = board.grid
    H = g.to_hex
    cells: dict[Hex, Cell] = {g.to_hex(c, r): Cell("rock") for c, r in board_cells(27, 19)}

    def put(hexes: Iterable[Hex], terrain: str, level: float = 0.0) -> None:
        for h in hexes:
            if h in cells:
                cells[h] = Cell(terrain, level)

    # Caves and galleries of floor.
    put(_disc(H(5, 9), 3), "cave_floor")
    put(_disc(H(13, 5), 3), "cave_floor")
    put(_disc(H(20, 12), 4), "cave_floor")
    put(_path([H(0, 8), H(5, 9), H(13, 5), H(20, 12), H(26, 10)]), "cave_floor")
    put(_path([H(5, 9), H(8, 16), H(15, 16), H(20, 12)]), "cave_floor")
    put(_path([H(13, 5), H(14, 0)]), "cave_floor")
    put(_path([H(13, 5), H(12, 1)]), "cave_floor")
    put(_path([H(20, 12), H(22, 18)]), "cave_floor")
    # Rubble and trees in the west cave, a nest in the north cave.
    put([H(3, 8), H(4, 7), H(3, 10)], "rubble")
    put([H(6, 11), H(7, 10), H(6, 10), H(7, 11)], "trees")
    put([H(14, 4), H(15, 4), H(14, 5), H(15, 5), H(14, 6), H(13, 4)], "nest_floor")
    put([H(11, 6)], "trapdoor")
    # The lake (level -1) in the east cave: water, beach, a sand slope, a landing stage.
    lake = _disc(H(21, 12), 2)
    put(_disc(H(21, 12), 3), "beach", -1.0)
    put(lake, "water", -1.0)
    put([H(18, 14), H(19, 15)], "sand_slope", -0.5)
    put([H(18, 10)], "stairs", -0.5)
    put([H(24, 10), H(24, 11)], "embankment", -0.5)
    put([H(21, 15)], "landing_stage", -1.0)
    put([H(20, 11), H(21, 11)], "wooden_bridge", -1.0)
    put([H(22, 13)], "stone_bridge", -1.0)
    put([H(22, 12)], "demolished_bridge", -1.0)
    # Marsh in the south gallery.
    put([H(9, 15), H(10, 16), H(11, 15), H(12, 16), H(10, 15), H(9, 16)], "marsh")
    put([H(10, 15), H(11, 16)], "unstable_marsh")
    # A pit (level -1) down very steep stairs.
    put([H(2, 14), H(3, 15), H(2, 15), H(3, 16)], "cave_floor", -1.0)
    put([H(4, 13)], "steep_stairs", -0.5)
    put(_path([H(4, 12), H(4, 13)]), "cave_floor")
    put([H(4, 13)], "steep_stairs", -0.5)
    # A raised ledge (+1) north-west, joined by a walkway over the gallery below.
    put([H(7, 2), H(8, 2), H(7, 3), H(6, 3), H(8, 3)], "cave_floor", 1.0)
    put([H(9, 6), H(10, 6), H(9, 7)], "cave_floor", 1.0)
    # A house in the north cave: building floor, walls, door, window, arrow slit.
    house = [H(16, 2), H(17, 2), H(16, 3), H(17, 3), H(16, 1)]
    put(house, "building_floor")
    put([H(25, 4), H(24, 5)], "cave_floor")
    put(_path([H(17, 3), H(25, 4)]), "cave_floor")
    board.cells = cells

    # Walkway from the ledge down over the gallery to the east ledge.
    walk = _path([H(8, 3), H(9, 6)])[1:-1]
    for h in walk:
        c = cells.get(h)
        if c is not None and c.terrain != "rock":
            cells[h] = Cell(c.terrain, c.level, walkway=True)
        elif c is not None:
            cells[h] = Cell("cave_floor", 0.0, walkway=True)
    for h in (H(8, 3), H(9, 6)):
        cells[h] = Cell("cave_floor", 1.0, walkway_end=True)

    edges: dict[Edge, EdgeFeature] = {}
    inside = set(house)
    for h in house:
        for n in h.neighbours():
            if n not in inside and n in cells:
                edges[Edge(h, n)] = EdgeFeature.WALL
    around = sorted(edges, key=lambda e: (e.a, e.b))
    edges[around[len(around) // 2]] = EdgeFeature.DOOR
    edges[around[2]] = EdgeFeature.WINDOW
    edges[around[-2]] = EdgeFeature.ARROW_SLIT
    for h in (H(12, 8), H(13, 8)):
        edges[Edge(h, h.neighbour(5))] = EdgeFeature.LOW_WALL
    for h in (H(24, 10), H(24, 11)):
        for n in h.neighbours():
            c = cells.get(n)
            if c is not None and c.level == 0 and c.terrain != "rock":
                edges[Edge(h, n)] = EdgeFeature.EMBANKMENT_TOP
    for h, c in list(cells.items()):
        if c.terrain == "rock":
            continue
        for n in h.neighbours():
            o = cells.get(n)
            if o is None or o.terrain == "rock" or o.walkway or c.walkway:
                continue
            if abs(o.level - c.level) >= 1 and not (c.walkway_end or o.walkway_end):
                edges[Edge(h, n)] = EdgeFeature.CLIFF
    board.edges = edges

    def zone(kind: ZoneKind, name: str, hexes: Iterable[Hex]) -> None:
        board.zones.append(Zone(kind, name, frozenset(h for h in hexes if h in cells)))

    zone(ZoneKind.ENTRY, "West entry", [H(0, 8), H(1, 8)])
    zone(ZoneKind.DEPLOYMENT, "Krob lair", [H(13, 4), H(14, 4), H(14, 5), H(15, 5)])
    zone(ZoneKind.CELL, "Prison", [H(16, 2), H(17, 2)])
    zone(ZoneKind.EXIT, "East exit", [H(26, 10)])
    zone(ZoneKind.DUNGEON_ENTRANCE, "Deep stair", [H(3, 16)])
    zone(ZoneKind.LANDING_STAGE, "Jetty", [H(21, 15)])
    return board


# -- measuring ----------------------------------------------------------------------------


def measure_frames(
    width: int = 49,
    height: int = 49,
    screen_size: tuple[int, int] = (1920, 1080),
    sprites: int = 140,
    frames: int = 60,
    seed: int = 1,
    board: Board | None = None,
) -> dict[str, float]:
    """Median/p90 frame times (ms) at 100% zoom and at fit-to-screen, plus build times.

    `board` is the map to draw (the six-board layout in `dragonnoir bench`); without it, a
    synthetic `width` x `height` map of random terrain.

    Runs headless when SDL_VIDEODRIVER=dummy. The camera moves a little every frame so
    the blit is not of one fixed rectangle.
    """
    import pygame

    from dragonnoir.render.art import SAMPLE_COUNTERS, counter_image
    from dragonnoir.render.board_view import BoardView, Sprite, draw_frame
    from dragonnoir.render.camera import Camera

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(screen_size)
    if board is None:
        board = synthetic_board(width, height, seed)
    figures: dict[str, float] = {}
    t0 = time.perf_counter()
    view = BoardView(board)
    figures["view_init_ms"] = (time.perf_counter() - t0) * 1000
    rng = random.Random(seed)
    images = [counter_image(spec, 128) for spec in SAMPLE_COUNTERS]
    hexes = rng.sample(sorted(board.cells), min(sprites, len(board.cells)))
    sprite_list = []
    for h in hexes:
        x, y = board.grid.hex_centre(h)
        sprite_list.append(Sprite(rng.choice(images), x, y, 40.0))
    camera = Camera(screen_size[0], screen_size[1], view.map_w, view.map_h)
    figures["map_w"], figures["map_h"] = float(view.map_w), float(view.map_h)

    def run(label: str) -> None:
        t = time.perf_counter()
        view.surface(camera.zoom)
        # The first level also draws the 1x map from the art (tiles painted once per process).
        figures[f"{label}_build_ms"] = (time.perf_counter() - t) * 1000
        times = []
        x0, y0 = camera.x, camera.y
        for i in range(frames):
            camera.x, camera.y = x0 + (i % 7) * 3, y0 + (i % 5) * 2
            camera.clamp()
            hl = hexes[i % len(hexes)]
            t = time.perf_counter()
            draw_frame(screen, camera, view, sprite_list, hl)
            times.append((time.perf_counter() - t) * 1000)
        figures[f"{label}_median_ms"] = statistics.median(times)
        figures[f"{label}_p90_ms"] = sorted(times)[int(len(times) * 0.9)]

    camera.zoom = 1.0
    camera.center_on(view.map_w / 2, view.map_h / 2)
    run("zoom100")
    camera.fit()
    figures["fit_zoom"] = camera.zoom
    run("fit")
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dragonnoir.render.bench")
    parser.add_argument("--cells", type=int, nargs=2, default=(49, 49), metavar=("W", "H"))
    parser.add_argument("--screen", type=int, nargs=2, default=(1920, 1080), metavar=("W", "H"))
    parser.add_argument("--sprites", type=int, default=140)
    parser.add_argument("--frames", type=int, default=60)
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    figures = measure_frames(
        args.cells[0], args.cells[1], tuple(args.screen), args.sprites, args.frames
    )
    print(json.dumps({k: round(v, 3) for k, v in figures.items()}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
