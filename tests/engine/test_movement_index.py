"""The numbered movement search (`pathfinding._run_indexed`, what `search_all` runs) finds
what the search over places (`pathfinding._run`, which also follows a given path) finds:
the same placements, the same labels (MP, rolls), the same parents and web stops.

Checked over seeded random playouts of the test scenarios (hidden Krobs, webs, the Queen
and her Guards, water and boats, infiltration), for every character on the map at each
movement decision, from his own hex and as an advance after combat would search."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import scenario_games
from dragonnoir.engine.rules.movement import budget_of, pathfinding, search_all, tables
from dragonnoir.engine.rules.movement.tables import Node
from dragonnoir.engine.state import Unit
from dragonnoir.engine.values import profile

SCENARIOS = Path(__file__).resolve().parents[1] / "data" / "scenarios"


def _both(
    game: Game,
    unit: Unit,
    budget: int,
    *,
    first_step_in: frozenset | None = None,  # type: ignore[type-arg]
    continuing: bool = False,
) -> None:
    assert unit.hex is not None
    p = profile(game, unit)
    start = tables._start_node(game, unit, p, unit.hex, unit.level)
    options = {"first_step_in": first_step_in, "ignore": frozenset(), "continuing": continuing}
    best, parent, stops = pathfinding._run(game, unit, p, budget, start, **options)  # type: ignore[arg-type]
    mp, rolls, up, stop, _ = pathfinding._run_indexed(game, unit, p, budget, start, **options)  # type: ignore[arg-type]
    nodes = tables._graph(game, unit, p).index.nodes

    def key(n: int) -> tuple[Node, int]:
        return (nodes[n], 0)

    assert [key(n) for n in mp] == list(best)  # the same placements, found in the same order
    for n in mp:
        k = key(n)
        assert (mp[n], rolls[n]) == best[k]
        assert (None if up[n] < 0 else key(up[n])) == parent[k]
        assert stop[n] == stops[k]


@pytest.mark.parametrize("name", ["ambush", "nest", "waters", "corridor", "fosse_pit", "screens"])
def test_the_numbered_search_finds_what_the_search_over_places_finds(name: str) -> None:
    make = scenario_games(SCENARIOS / f"{name}.toml")
    checked = 0
    for seed in range(2):
        game = make(seed)
        rng = random.Random(seed)
        for _ in range(300):
            if game.over:
                break
            if game.phase.id.endswith("_movement") and not game.state.pending:
                for unit in sorted(game.state.units.values(), key=lambda u: u.id):
                    if unit.hex is None or not unit.alive:
                        continue
                    _both(game, unit, max(budget_of(game, unit), 1))
                    _both(game, unit, 3, continuing=True)
                    first = frozenset(unit.hex.neighbours()[: 1 + checked % 5])
                    _both(game, unit, 2, first_step_in=first)
                    checked += 1
            legal = game.legal_actions()
            if not legal:
                break
            game.apply(rng.choice(legal))
    assert checked > 50


def test_search_all_lists_every_placement_once() -> None:
    game = scenario_games(SCENARIOS / "nest.toml")(1)
    for unit in game.state.units.values():
        if unit.hex is not None and unit.alive:
            found = search_all(game, unit, budget_of(game, unit))
            assert all(d.path and d.path[-1] == h for (h, _lvl), d in found.items())
