"""Legal-destination counts for fixture positions, kept as data (like chess perft).

`tests/engine/data/movement_destinations.json` lists small positions, a character, and
how many destinations (hex and level) he has, with the total cost and infiltration
rolls over them. A change in any number means the movement rules changed: if on purpose,
regenerate with

    .venv/bin/python tests/engine/test_movement_counts.py --write

and say why in the commit message.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from dragonnoir.engine.rules import movement
from dragonnoir.engine.state import Status
from dragonnoir.engine.testing import Piece, position

DATA = Path(__file__).parent / "data" / "movement_destinations.json"


def _load() -> list[dict[str, Any]]:
    return list(json.loads(DATA.read_text(encoding="utf-8"))["positions"])


def measure(case: dict[str, Any]) -> dict[str, int]:
    pieces = [
        Piece(
            p["kind"],
            (p["cell"][0], p["cell"][1]),
            level=p.get("level"),
            facing=p.get("facing", 0),
            status=Status(p.get("status", "healthy")),
            wounds=p.get("wounds", 0),
            adult=p.get("adult", True),
        )
        for p in case["pieces"]
    ]
    game = position(
        case["art"],
        pieces,
        levels=case.get("levels"),
        edges=[((e[0], e[1]), e[2], e[3]) for e in case.get("edges", [])],
        webs=[(w[0], w[1]) for w in case.get("webs", [])],
        phase=case.get("phase", "adventurer_movement"),
    )
    unit = game.state.units[case["unit"]]
    found = movement.search_all(game, unit, movement.budget_of(game, unit))
    return {
        "destinations": len(found),
        "total_cost": sum(d.cost for d in found.values()),
        "total_rolls": sum(d.rolls for d in found.values()),
    }


@pytest.mark.parametrize("case", _load(), ids=lambda c: str(c["name"]))
def test_destination_counts_match_the_data(case: dict[str, Any]) -> None:
    assert measure(case) == case["expect"]


if __name__ == "__main__" and "--write" in sys.argv:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    for case in raw["positions"]:
        case["expect"] = measure(case)
    DATA.write_text(json.dumps(raw, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {DATA}")
