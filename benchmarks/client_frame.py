"""Speed of a game-screen frame: the map, 140 counters and a highlight, at 1920x1080.

Run: `python -m benchmarks.client_frame` (figures as JSON), or
`python -m benchmarks.client_frame --shot docs/screenshots/counters-on-map.png` for a
screenshot of counters in every face on the Labyrinthe (walkways) at 100%.

The position: the six-board layout (`layouts/six-boards.toml`) with 140 counters on floor
hexes, placed deterministically: the Queen and four Guards where their footprints fit,
then Killers, Warriors and Hunters and all 72 adventurers spread evenly over the sorted
level-0 floor hexes, in a mix of faces (wounded, knocked out, newborn, killed under a
living one), plus two walkway pairs on the Labyrinthe's walkway hexes.

One frame = `board_view.draw_frame` (map blit and the hover highlight) +
`CounterArt.draw_units` (140 counters), timed after a first frame has painted the chits
of that zoom. Figures: `counters_frame_ms_100` and `counters_frame_ms_fit` (medians),
their p90, `counters_first_frame_ms_*` (the frame that paints the chits: what a zoom step
costs once), and `counters_only_ms_100` (draw_units alone).

`bench_game_screen` times the whole game screen instead (`GameScene` in an `App`): the
same position as a `Game` in the Adventurers' movement phase, one adventurer selected
(his reachable hexes, costs and the hovered path drawn by `ui/overlays.py`), the phase
bar, the side panel with the move preview and the log, at 1920x1080 at 100% zoom:
`game_screen_frame_ms` (median of `App.step`: events, update, map, counters, overlays,
widgets; no display flip cost headless) and its p90.

Aim (issue "Hotseat client"): game screen frame median <= 8 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.placement import can_stand

REPO_ROOT = Path(__file__).resolve().parent.parent
SIX_BOARDS = REPO_ROOT / "layouts" / "six-boards.toml"
N_COUNTERS = 140
SCREEN = (1920, 1080)


def scene(n: int = N_COUNTERS) -> tuple[Any, list[Any]]:
    """The six-board layout and `n` units on it (see the module docstring)."""
    from dragonnoir.engine.roster import KrobType, default_roster
    from dragonnoir.engine.rules.footprint import hexes_for
    from dragonnoir.engine.state import Side, Status, Unit
    from dragonnoir.hexmap.layout import load_layout

    layout = load_layout(SIX_BOARDS)
    board = layout.map
    roster = default_roster()
    floor = sorted(
        h for h, c in board.cells.items() if c.level == 0.0 and c.terrain == "cave_floor"
    )
    used: set[Any] = set()
    units: list[Unit] = []

    def free(cells: tuple[Any, ...]) -> bool:
        return can_stand(board, used, cells)

    # walkway pairs first (a deck and one underneath on one hex)
    walkways = sorted(h for h, c in board.cells.items() if c.walkway)
    pairs = [("rebel_knight_1", "hunter_01"), ("elf_1", "ork_warrior_1")]
    for h, (top, under) in zip(walkways[::3], pairs, strict=False):
        ground = board.cells[h].level
        for kind, level in ((under, ground), (top, 1.0)):
            side = (
                Side.KROBS
                if kind in roster and roster.get(kind) in roster.krobs
                else Side.ADVENTURERS
            )
            units.append(Unit(f"w_{kind}", kind, side, h, level))
        used.add(h)
    taken = {u.kind for u in units}
    krobs = [k for k in roster.krobs if k.id not in taken]
    big = [k for k in krobs if k.type in (KrobType.QUEEN, KrobType.GUARD)][:5]
    small = [k for k in krobs if k.type not in (KrobType.QUEEN, KrobType.GUARD)]
    advs = [a for a in roster.adventurers if a.id not in taken]
    step = max(1, len(floor) // n)
    spots = floor[::step] + floor[1::step] + floor[2::step]
    for k in big:
        for h in spots:
            fits = [f for f in range(6) if free(hexes_for(h, k.size, f))]
            if fits and all(h.distance(u.hex) > 4 for u in units if u.hex is not None):
                units.append(Unit(k.id, k.id, Side.KROBS, h, 0.0, facing=fits[0]))
                used.update(hexes_for(h, k.size, fits[0]))
                break
    order: list[tuple[str, Side]] = []
    for i in range(max(len(small), len(advs))):
        if i < len(advs):
            order.append((advs[i].id, Side.ADVENTURERS))
        if i < len(small):
            order.append((small[i].id, Side.KROBS))
    it = iter(h for h in spots if h not in used)
    dead_under: list[Unit] = []
    for i in range(10 * n):  # the roster again under new ids if 140 need more
        if len(units) + len(dead_under) >= n:
            break
        kind, side = order[i % len(order)]
        h = next(it)
        while h in used:
            h = next(it)
        u = Unit(f"{kind}#{i}", kind, side, h, 0.0)
        if i % 7 == 1:
            u.status, u.wounds = Status.WOUNDED, 1
        elif i % 7 == 3 and side is Side.ADVENTURERS and "troll" not in kind:
            u.status = Status.KNOCKED_OUT
        elif i % 7 == 4 and side is Side.KROBS:
            u.adult = False
        elif i % 11 == 5:
            # a dead one lying under this living one
            dead_under.append(u)
            continue
        units.append(u)
        used.add(h)
    for d in dead_under:  # killed counters share a hex with a living one
        host = units[-1 - (len(dead_under) % max(1, len(units) - 10))]
        d.hex, d.status = host.hex, Status.KILLED
        units.append(d)
    return layout, units[:n]


def bench_counters_frame(repeats: int = 60) -> dict[str, float]:
    """Median frame times (ms) of map + 140 counters + highlight at 100% and fit."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from dragonnoir.render.board_view import BoardView, draw_frame
    from dragonnoir.render.camera import Camera
    from dragonnoir.render.counters import CounterArt

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SCREEN)
    layout, units = scene()
    board = layout.map
    view = BoardView(board, layout.seam_polylines())
    art = CounterArt(_roster())
    walkways = frozenset(h for h, c in board.cells.items() if c.walkway)
    camera = Camera(SCREEN[0], SCREEN[1], view.map_w, view.map_h)
    hexes = [u.hex for u in units if u.hex is not None]
    figures: dict[str, float] = {"counters": float(len(units))}

    def frame(i: int) -> None:
        draw_frame(screen, camera, view, (), hexes[i % len(hexes)])
        art.draw_units(
            screen, camera, board.grid, units, selected=units[0].id, highlight={units[1].id},
            walkways=walkways,
        )  # fmt: skip

    def run(label: str) -> None:
        view.surface(camera.zoom)  # the map at this zoom (built once, not a frame cost)
        t = time.perf_counter()
        frame(0)
        figures[f"counters_first_frame_ms_{label}"] = (time.perf_counter() - t) * 1000
        x0, y0 = camera.x, camera.y
        times = []
        for i in range(repeats):
            camera.x, camera.y = x0 + (i % 7) * 3, y0 + (i % 5) * 2
            camera.clamp()
            t = time.perf_counter()
            frame(i)
            times.append((time.perf_counter() - t) * 1000)
        times.sort()
        figures[f"counters_frame_ms_{label}"] = statistics.median(times)
        figures[f"counters_frame_p90_ms_{label}"] = times[int(len(times) * 0.9)]

    camera.zoom = 1.0
    camera.center_on(view.map_w / 2, view.map_h / 2)
    run("100")
    only = []
    for _ in range(repeats):
        t = time.perf_counter()
        art.draw_units(screen, camera, board.grid, units, walkways=walkways)
        only.append((time.perf_counter() - t) * 1000)
    figures["counters_only_ms_100"] = statistics.median(only)
    camera.fit()
    figures["fit_zoom"] = camera.zoom
    run("fit")
    return {k: round(v, 3) for k, v in figures.items()}


def bench_game_screen(repeats: int = 60) -> dict[str, float]:
    """Median ms of one full game-screen frame (see the module docstring)."""
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    home = tempfile.mkdtemp(prefix="dragonnoir-bench-")
    os.environ["DRAGONNOIR_HOME"] = home  # the autosave goes to a throw-away folder
    import pygame

    from dragonnoir.engine.game import Game
    from dragonnoir.engine.state import Side
    from dragonnoir.engine.tables import default_rules_data
    from dragonnoir.ui.game_scene import GameScene
    from dragonnoir.ui.screens import open_app
    from dragonnoir.ui.settings import Settings

    layout, units = scene()
    game = Game.start(
        layout.map, units, default_rules_data(), 1, layout=layout,
        first_phase="adventurer_movement",
    )  # fmt: skip
    settings = Settings(window_width=SCREEN[0], window_height=SCREEN[1], handover=False)
    app = open_app(lambda a: GameScene(a, game), settings=settings)
    try:
        screen_scene = app.scene
        assert isinstance(screen_scene, GameScene)
        app.step(1 / 60)
        return _time_game_screen(app, screen_scene, Side.ADVENTURERS, repeats)
    finally:
        app.close()
        pygame.quit()


def _time_game_screen(app: Any, sc: Any, side: Any, repeats: int) -> dict[str, float]:
    import pygame

    from dragonnoir.ui.controller import Mode

    ui = sc.controller
    cam = sc.map.camera
    cam.zoom = 1.0
    for u in sorted(sc.game.state.units.values(), key=lambda u: u.id):
        if u.side is not side or u.hex is None or not u.alive:
            continue
        ui.click_hex(u.hex)
        if ui.mode is Mode.MOVE and ui.overlays().reachable:
            mover = u
            break
        ui.command("cancel")
    else:
        raise RuntimeError("no adventurer may move in the benchmark position")
    reach = ui.overlays().reachable
    far = max(reach.values(), key=lambda r: (len(r.path), r.cost))
    mx, my = sc.map.view.grid.hex_centre(mover.hex)
    cam.center_on(mx, my)
    cam.clamp()
    vp = sc.map.viewport
    fx, fy = cam.to_screen(*sc.map.view.grid.hex_centre(far.hex))
    pos = (vp.x + round(fx), vp.y + round(fy))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    for _ in range(3):
        app.step(1 / 60)  # paint the map at this zoom, the chits, the overlay layer
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        app.step(1 / 60)
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    return {
        "game_screen_frame_ms": round(statistics.median(times), 3),
        "game_screen_frame_p90_ms": round(times[int(len(times) * 0.9)], 3),
        "game_screen_reachable": float(len(reach)),
        "game_screen_overlay_paints": float(sc.painter.paints),
    }


def _roster() -> Any:
    from dragonnoir.engine.roster import default_roster

    return default_roster()


def screenshot(out: Path, zoom: float = 1.0) -> Path:
    """Counters in every face on the Labyrinthe and its walkways, at `zoom`."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from dragonnoir.engine.state import Side, Unit
    from dragonnoir.hexmap.hexes import Hex
    from dragonnoir.hexmap.layout import load_layout
    from dragonnoir.render.board_view import BoardView
    from dragonnoir.render.camera import Camera

    pygame.display.init()
    pygame.font.init()
    size = (1400, 860)
    screen = pygame.display.set_mode(size)
    layout = load_layout(SIX_BOARDS)
    board = layout.map
    view = BoardView(board, layout.seam_polylines())
    grid = board.grid
    walkways = frozenset(h for h, c in board.cells.items() if c.walkway)
    floor = sorted(
        (h for h, c in board.cells.items() if c.terrain == "cave_floor" and not c.walkway),
        key=lambda h: (grid.hex_centre(h)[1], grid.hex_centre(h)[0]),
    )
    units: list[Unit] = []
    used: set[Hex] = set()

    def put(kind: str, side: Side, h: Hex, **kw: Any) -> Unit:
        u = Unit(f"{kind}@{h.q},{h.r},{len(units)}", kind, side, h, **kw)
        units.append(u)
        used.add(h)
        return u

    w = sorted(walkways)
    lvl = {h: board.cells[h].level for h in w}
    put("hunter_02", Side.KROBS, w[0], level=lvl[w[0]])
    put("rebel_knight_2", Side.ADVENTURERS, w[0], level=1.0)
    put("goblin_archer_1", Side.ADVENTURERS, w[1], level=1.0)
    put("warrior_03", Side.KROBS, w[2], level=lvl[w[2]])
    put("elf_2", Side.ADVENTURERS, w[3], level=lvl[w[3]])
    put("dwarf_crossbowman_1", Side.ADVENTURERS, w[3], level=1.0)
    return _shot(screen, view, grid, units, used, floor, walkways, out, zoom, Camera)


def _shot(
    screen: Any, view: Any, grid: Any, units: list[Any], used: set[Any], floor: list[Any],
    walkways: frozenset[Any], out: Path, zoom: float, camera_cls: Any,
) -> Path:  # fmt: skip
    import pygame

    from dragonnoir.engine.rules.footprint import hexes_for
    from dragonnoir.engine.state import Side, Status, Unit
    from dragonnoir.render.board_view import draw_frame
    from dragonnoir.render.counters import CounterArt

    roster = _roster()
    cx = sum(grid.hex_centre(u.hex)[0] for u in units) / len(units)
    cy = sum(grid.hex_centre(u.hex)[1] for u in units) / len(units)
    near = sorted(
        (h for h in floor if h not in used),
        key=lambda h: (abs(grid.hex_centre(h)[0] - cx) + abs(grid.hex_centre(h)[1] - cy), h),
    )
    # the Queen and a Guard where their footprints fit on free floor
    floor_set = set(floor) - used
    for kind, size, facing in (("queen_alkiram", 7, 1), ("guard_3", 3, 4)):
        for h in near[20:]:
            cells = hexes_for(h, size, facing)
            ring = {n for c in cells for n in c.neighbours()}
            if all(c in floor_set for c in cells) and not (ring & used):
                units.append(Unit(kind, kind, Side.KROBS, h, facing=facing))
                used.update(cells)
                floor_set -= ring | set(cells)
                break
    near = [h for h in near if h in floor_set]
    spots = iter(near[::2])
    cast: list[tuple[str, dict[str, Any]]] = [
        ("zacharie", {}),
        ("zed", {"status": Status.WOUNDED, "wounds": 1}),
        ("crazy_ork", {"frenzied": True}),
        ("godiva", {"status": Status.KNOCKED_OUT}),
        ("lucifer", {}),
        ("troll_1", {"status": Status.WOUNDED, "wounds": 2}),
        ("shaman", {}),
        ("khuzun", {}),
        ("dwarf_hammerer_1", {}),
        ("ork_axeman_2", {"status": Status.KILLED}),
        ("killer_1", {}),
        ("warrior_05", {"adult": False}),
        ("hunter_07", {"status": Status.WOUNDED, "wounds": 1}),
        ("gharv_1", {}),
        ("living_dead_1", {}),
        ("gargoyle_1", {}),
        ("rebel_crossbowman_1", {}),
        ("goblin_climber_1", {}),
    ]
    for kind, kw in cast:
        if kind not in roster:
            continue
        counter = roster[kind]
        side = (
            Side.KROBS if counter in roster.krobs
            else Side.GHARVS if counter in roster.gharvs
            else Side.ADVENTURERS
        )  # fmt: skip
        h = next(spots)
        units.append(Unit(f"{kind}@{len(units)}", kind, side, h, **kw))
        used.add(h)
    # a killed Krob under a living adventurer
    host = units[-1]
    units.append(Unit("dead_hunter", "hunter_09", Side.KROBS, host.hex, status=Status.KILLED))
    camera = camera_cls(screen.get_width(), screen.get_height(), view.map_w, view.map_h)
    camera.zoom = zoom
    camera.center_on(cx, cy)
    art = CounterArt(roster)
    draw_frame(screen, camera, view, (), None)
    art.draw_units(
        screen, camera, grid, units, selected=units[6].id, highlight={units[7].id},
        walkways=walkways,
    )  # fmt: skip
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(screen, str(out))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.client_frame")
    parser.add_argument("--repeats", type=int, default=60)
    parser.add_argument("--shot", type=Path, help="write a screenshot instead of timing")
    parser.add_argument("--zoom", type=float, default=1.0)
    args = parser.parse_args(argv)
    if args.shot:
        print(screenshot(args.shot, args.zoom))
        return 0
    figures = bench_counters_frame(args.repeats)
    figures.update(bench_game_screen(args.repeats))
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
