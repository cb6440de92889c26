"""Speed of the line of fire: every shooter-target pair on the six-board layout.

Run: `python -m benchmarks.fire_los`. The position: 40 adventurer shooters (the roster's
bows and crossbows, repeated under new ids) and 60 Krob targets (the whole Krob roster:
the Queen, seven Guards, Killers, Warriors, Hunters, placed where they fit) on floor
hexes of `layouts/six-boards.toml`, placed deterministically: hexes spread evenly over
the sorted level-0 floor hexes, shooters and targets interleaved so that many pairs are
within range. Figures:

- `fire_all_pairs_ms`: `line_of_fire` for all 2400 pairs, the range prefilter first
  (`visible_targets(..., include_blocked=True)` for each shooter), after `game.touch()`
  (the per-position tables are cold, the per-game map tables warm), the geometry cache
  of `hexmap/los.py` warm — what the client pays after every action;
- `fire_all_pairs_cold_geometry_ms`: the same with the geometry caches cleared first;
- `fire_pairs_in_range`: how many pairs pass the prefilter (and are traced);
- `fire_per_line_us`: `fire_all_pairs_ms` per traced pair;
- the same four with `_dense`: all 100 characters packed around the most open floor hex
  of the layout, so that most pairs are within range (the worst case a game can reach).

Aim: `fire_all_pairs_ms` <= 20 ms.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

from benchmarks.placement import can_stand

REPO_ROOT = Path(__file__).resolve().parent.parent
SIX_BOARDS = REPO_ROOT / "layouts" / "six-boards.toml"

N_SHOOTERS = 40
N_TARGETS = 60


def _game(dense: bool = False) -> Any:
    from dragonnoir.engine.game import Game
    from dragonnoir.engine.rules.footprint import hexes_for
    from dragonnoir.engine.state import Side, Unit
    from dragonnoir.engine.tables import default_rules_data
    from dragonnoir.hexmap.hexes import spiral
    from dragonnoir.hexmap.layout import load_layout

    layout = load_layout(SIX_BOARDS)
    board = layout.map
    rules = default_rules_data()
    roster = rules.roster
    floor = sorted(
        h
        for h, c in board.cells.items()
        if c.level == 0.0 and not c.walkway and rules.terrain[c.terrain].id == "cave_floor"
    )
    bows = [a.id for a in roster.adventurers if a.weapon.value != "none"]
    krobs = [k.id for k in roster.krobs]
    used: set[Any] = set()
    units: list[Unit] = []

    def free(cells: tuple[Any, ...]) -> bool:
        return can_stand(board, used, cells)

    if dense:
        # Everyone packed around the most open floor hex: most pairs within range.
        floor_set = set(floor)
        middle = max(floor, key=lambda h: (sum(1 for n in spiral(h, 4) if n in floor_set), h))
        spots = iter(sorted(floor, key=lambda h: (h.distance(middle), h)))
    else:
        # Spread evenly over the floor, shooters and targets interleaved (2 + 3).
        step = max(1, len(floor) // (N_SHOOTERS + N_TARGETS))
        spots = iter(floor[::step] + floor[1::step] + floor[2::step])
    shooters = targets = 0
    while shooters < N_SHOOTERS or targets < N_TARGETS:
        h = next(spots)
        want_shooter = shooters < N_SHOOTERS and (
            targets >= N_TARGETS or (shooters + targets) % 5 < 2
        )
        if want_shooter:
            if not free((h,)):
                continue
            kind = bows[shooters % len(bows)]
            units.append(Unit(f"s{shooters:02d}_{kind}", kind, Side.ADVENTURERS, h, 0.0))
            used.add(h)
            shooters += 1
            continue
        kind = krobs[targets]
        size = roster.krob(kind).size
        for facing in range(6 if size == 3 else 1):  # a Guard may turn to fit
            cells = hexes_for(h, size, facing)
            if free(cells):
                units.append(Unit(kind, kind, Side.KROBS, h, 0.0, facing=facing))
                used.update(cells)
                targets += 1
                break
    game = Game.start(board, units, rules, 1, layout=layout, first_phase="adventurer_fire")
    return game


def _all_pairs(game: Any) -> int:
    from dragonnoir.engine.rules.line_of_fire import visible_targets
    from dragonnoir.engine.state import Side

    n = 0
    for shooter in game.state.units.values():
        if shooter.side is Side.ADVENTURERS:
            n += len(visible_targets(game, shooter, include_blocked=True))
    return n


def _clear_geometry() -> None:
    from dragonnoir.hexmap import los

    los.trace.cache_clear()
    los._relative.cache_clear()


def _measure(game: Any, repeats: int) -> tuple[float, float, int]:
    pairs = _all_pairs(game)  # warm the map tables and the geometry
    warm = []
    for _ in range(repeats):
        game.touch()
        start = time.perf_counter()
        _all_pairs(game)
        warm.append((time.perf_counter() - start) * 1000.0)
    cold = []
    for _ in range(max(3, repeats // 5)):
        game.touch()
        _clear_geometry()
        start = time.perf_counter()
        _all_pairs(game)
        cold.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(warm), statistics.median(cold), pairs


def bench_all_pairs(repeats: int = 30) -> dict[str, float]:
    """Median ms of `line_of_fire` for all shooter-target pairs (40 x 60), six boards:
    spread over the map (the figure asked for) and packed in one cave (a harder case)."""
    spread, spread_cold, spread_pairs = _measure(_game(), repeats)
    dense, dense_cold, dense_pairs = _measure(_game(dense=True), repeats)
    return {
        "fire_all_pairs_ms": round(spread, 3),
        "fire_all_pairs_cold_geometry_ms": round(spread_cold, 3),
        "fire_pairs_in_range": float(spread_pairs),
        "fire_per_line_us": round(1000.0 * spread / max(1, spread_pairs), 1),
        "fire_all_pairs_dense_ms": round(dense, 3),
        "fire_all_pairs_dense_cold_geometry_ms": round(dense_cold, 3),
        "fire_pairs_in_range_dense": float(dense_pairs),
        "fire_per_line_dense_us": round(1000.0 * dense / max(1, dense_pairs), 1),
    }


if __name__ == "__main__":
    print(json.dumps(bench_all_pairs(), indent=2))
