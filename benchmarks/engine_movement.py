"""Speed of the movement search: `legal_destinations` for one character on the six-board
layout, in milliseconds (median).

Run: `python -m benchmarks.engine_movement`. The position: an adventurer with 7 MP in the
middle of the composed map (the most open floor near the centre), with a few Krobs and a
friend around so that infiltration, enemy hexes and friends all play. Figures:

- `legal_destinations_ms`: one call after the position changed (`game.touch()` before
  each call: the per-position caches are cold, the per-game map tables warm) — what the
  client pays after every action;
- `first_call_ms`: the first call in a new game (the map tables built too);
- `destinations`: how many hexes the character may reach (a sanity check).

Aim: `legal_destinations_ms` <= 1 ms.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
SIX_BOARDS = REPO_ROOT / "layouts" / "six-boards.toml"


def _game() -> tuple[Any, str]:
    from dragonnoir.engine.game import Game
    from dragonnoir.engine.state import Side, Unit
    from dragonnoir.engine.tables import default_rules_data
    from dragonnoir.hexmap.hexes import Hex, spiral
    from dragonnoir.hexmap.layout import load_layout

    layout = load_layout(SIX_BOARDS)
    board = layout.map
    rules = default_rules_data()
    floor = [
        h
        for h, c in board.cells.items()
        if c.terrain == "cave_floor" and c.level == 0.0 and not c.walkway
    ]
    qs = sorted(h.q for h in floor)
    rs = sorted(h.r for h in floor)
    centre = Hex(qs[len(qs) // 2], rs[len(rs) // 2])

    def openness(h: Hex) -> int:
        return sum(1 for n in spiral(h, 3) if n in board.cells and board.cells[n].terrain != "rock")

    # The most open floor within 8 hexes of the middle of the map.
    start = max((h for h in floor if h.distance(centre) <= 8), key=lambda h: (openness(h), h))
    near = sorted(
        (h for h in floor if 3 <= h.distance(start) <= 5), key=lambda h: (h.distance(start), h)
    )
    units = [Unit("rebel_scout_1", "rebel_scout_1", Side.ADVENTURERS, start, 0.0)]
    units.append(Unit("rebel_swordsman_1", "rebel_swordsman_1", Side.ADVENTURERS, near[0], 0.0))
    for i, h in enumerate(near[2::6][:4]):
        kid = f"hunter_0{i + 1}"
        units.append(Unit(kid, kid, Side.KROBS, h, 0.0))
    game = Game.start(board, units, rules, 1, layout=layout, first_phase="adventurer_movement")
    return game, "rebel_scout_1"


def bench_legal_destinations(repeats: int = 200) -> dict[str, float]:
    """Median ms of `legal_destinations` for one mid-map adventurer, six boards."""
    from dragonnoir.engine.rules.movement import legal_destinations

    game, uid = _game()
    start = time.perf_counter()
    found = legal_destinations(game, uid)
    first = (time.perf_counter() - start) * 1000.0
    times = []
    for _ in range(repeats):
        game.touch()
        start = time.perf_counter()
        legal_destinations(game, uid)
        times.append((time.perf_counter() - start) * 1000.0)
    return {
        "legal_destinations_ms": round(statistics.median(times), 3),
        "first_call_ms": round(first, 3),
        "destinations": float(len(found)),
    }


if __name__ == "__main__":
    print(json.dumps(bench_legal_destinations(), indent=2))
