"""The Gargoyles' flight ("The Spectres": "They can fly short distances (5 hexes maximum)
and pass over level 1 obstacles, provided that the gallery is at least 2 hexes wide. In
galleries one hex wide, they cannot fly because the ceiling is too low.").

`Fly(unit, path)`: instead of walking, a Gargoyle flies hex by hex, at most its `flight`
(spectres.toml: 5) hexes, each hex one, whatever the terrain. Our readings
(docs/movement.md, "Flight"):
- "level 1 obstacles": it flies over a difference of up to one level (cliffs, steep
  embankments, stairs, rubble) and over water; walls, windows and arrow slits reach the
  vault and stop it, rock is rock;
- "at least 2 hexes wide": every hex of the flight, its start included, lies in an open
  triangle of three hexes (the hex, a neighbour and a hex next to both, all open with no
  wall between) — the same width a Queen's Guard needs;
- it never flies through a standing enemy, ends only where it may stand (not in the
  water, not on another living character), causes no infiltration roll (it is in the
  air) and its movement is over once it lands.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from dragonnoir.engine.actions import Action, Fly
from dragonnoir.engine.events import Event, UnitMoved
from dragonnoir.engine.explain import Explanation, allowed, refused
from dragonnoir.engine.rules.movement.who_moves import _may_move, _start_moving
from dragonnoir.engine.rules.steps import edge_feature, ground_level, terrain_at
from dragonnoir.engine.state import Side, Unit
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.board import EdgeFeature
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import Who, tell, tell_n

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

R_FLIGHT = "The Spectres: the Gargoyles"
_VAULT = {EdgeFeature.WALL, EdgeFeature.WINDOW, EdgeFeature.ARROW_SLIT}


def _open(game: Game, h: Hex) -> bool:
    terrain = terrain_at(game, h)
    return terrain is not None and terrain.passable


def _joined(game: Game, a: Hex, b: Hex) -> bool:
    return _open(game, a) and _open(game, b) and edge_feature(game, a, b) not in _VAULT


def wide(game: Game, h: Hex) -> bool:
    """Is `h` in a gallery at least 2 hexes wide (an open triangle with it)?"""
    if not _open(game, h):
        return False
    ring = h.neighbours()
    for i in range(6):
        a, b = ring[i], ring[(i + 1) % 6]
        if _joined(game, h, a) and _joined(game, h, b) and _joined(game, a, b):
            return True
    return False


def _standing_enemy(game: Game, unit: Unit, h: Hex) -> bool:
    return any(o.standing and o.side is not unit.side and o.id != unit.id for o in game.units_at(h))


def _may_land(game: Game, unit: Unit, h: Hex) -> bool:
    terrain = terrain_at(game, h)
    if terrain is None or not terrain.passable or terrain.water:
        return False
    return not any(o.alive and o.id != unit.id for o in game.units_at(h))


def flight_of(game: Game, unit: Unit) -> int:
    p = profile(game, unit)
    return p.flight or 0


def check_flight(game: Game, unit: Unit, path: tuple[Hex, ...]) -> Explanation | None:
    why = _may_move(game, unit)
    if why is not None:
        return why
    if unit.moved:
        return refused(
            tell(
                "{unit} has already moved this phase: a flight is his whole move", unit=Who(unit.id)
            ),
            R_FLIGHT,
        )
    reach = flight_of(game, unit)
    if reach <= 0:
        return refused(
            tell("{unit} cannot fly: only the Gargoyles fly", unit=Who(unit.id)), R_FLIGHT
        )
    if not path:
        return refused(tell("a flight enters at least one hex"), R_FLIGHT)
    if len(path) > reach:
        return refused(tell("a Gargoyle flies {reach} hexes at most", reach=reach), R_FLIGHT)
    assert unit.hex is not None
    here, level = unit.hex, unit.level
    if not wide(game, here):
        return refused(
            tell("in galleries one hex wide, they cannot fly because the ceiling is too low"),
            R_FLIGHT,
        )
    for i, h in enumerate(path):
        where = tell("hex {n} ({cell})", n=i + 1, cell=h)
        if here.distance(h) != 1:
            return refused(tell("{where} is not next to the one before", where=where), R_FLIGHT)
        if not _joined(game, here, h):
            return refused(
                tell("{where}: a wall or the rock stands in the way", where=where), R_FLIGHT
            )
        ground = ground_level(game, h)
        if abs(ground - level) > 1.0:
            return refused(tell("{where}: more than one level to fly over", where=where), R_FLIGHT)
        if not wide(game, h):
            return refused(
                tell("{where}: a gallery one hex wide: the ceiling is too low to fly", where=where),
                R_FLIGHT,
            )
        if _standing_enemy(game, unit, h):
            return refused(tell("{where}: an enemy stands there", where=where), R_FLIGHT)
        here, level = h, ground
    if not _may_land(game, unit, path[-1]):
        return refused(tell("a Gargoyle lands on a free hex of firm ground"), R_FLIGHT)
    return None


def flights(game: Game, unit: Unit) -> dict[Hex, tuple[Hex, ...]]:
    """Where a Gargoyle may fly now: the shortest flight to each landing hex."""
    if unit.hex is None or flight_of(game, unit) <= 0:
        return {}
    if _may_move(game, unit) is not None or unit.moved or not wide(game, unit.hex):
        return {}
    reach = flight_of(game, unit)
    paths: dict[Hex, tuple[Hex, ...]] = {unit.hex: ()}
    levels = {unit.hex: unit.level}
    frontier = [unit.hex]
    for _ in range(reach):
        nxt: list[Hex] = []
        for here in frontier:
            for h in here.neighbours():
                if h in paths or h not in game.board.cells:
                    continue
                if not _joined(game, here, h) or not wide(game, h):
                    continue
                ground = ground_level(game, h)
                if abs(ground - levels[here]) > 1.0 or _standing_enemy(game, unit, h):
                    continue
                paths[h] = (*paths[here], h)
                levels[h] = ground
                nxt.append(h)
        frontier = sorted(nxt)
    return {h: p for h, p in paths.items() if p and _may_land(game, unit, h)}


class FlightRules:
    def explain(self, game: Game, action: Action) -> Explanation:
        assert isinstance(action, Fly)
        unit = game.state.units.get(action.unit)
        if unit is None:
            return refused(tell("no such character"), R_FLIGHT)
        why = check_flight(game, unit, action.path)
        if why is not None:
            return why
        return allowed(
            tell_n(
                "{unit} flies {n} hex",
                "{unit} flies {n} hexes",
                len(action.path),
                unit=Who(unit.id),
            ),
            R_FLIGHT,
            hexes=len(action.path),
        )

    def apply(self, game: Game, action: Action) -> list[Event]:
        assert isinstance(action, Fly)
        unit = game.state.units[action.unit]
        _start_moving(game, unit)
        end = action.path[-1]
        unit.hex, unit.level = end, ground_level(game, end)
        unit.mp_spent = profile(game, unit).movement  # a flight is his whole move
        game.touch()
        return [UnitMoved(unit.id, action.path, 0, R_FLIGHT)]

    def generate(self, game: Game, side: Side) -> Iterable[Action]:
        for unit in sorted(game.living_units(side), key=lambda u: u.id):
            if flight_of(game, unit) > 0:
                for _, path in sorted(flights(game, unit).items()):
                    yield Fly(unit.id, path)
