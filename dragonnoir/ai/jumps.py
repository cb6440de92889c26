"""A daredevil's jump as the tactical AI weighs it (Movement Restriction 8, the Jump Table).

"Daredevil Adventurers have, however, the possibility of jumping up or down one level".
The Jump Table's results differ in what comes after: `J` lands and he may go on moving
with the points he has left (docs/movement.md, 'One move per character': a Move right
after his Jump continues the same path), `JS` lands and his movement ends, the others
leave him where he was (some hurt). So a jump is worth the best of where he can walk on
to after landing, at the chance of a `J`; the landing hex itself at the chance of the
other landings (`JumpOdds`). The walk on is read on the walking graph from the landing
hex, within the points the jump leaves him (`walk_on`); the engine's moves after a real
landing say what he may really do (moving.py lets him go on at once).

A daredevil also plans his way with the ledges he may jump (`distances_for_jumper`): the
walking graph with a step down or up each cliff one level high, at the hex's cost, the
jump's extra point and a toll for the move a jump may end or the fall it may bring. So
he walks to the edge that saves him the long way round and jumps from there with the
points he has left (moving.py weighs his jumps at once after such a walk).
"""

from __future__ import annotations

from dataclasses import dataclass

from dragonnoir.ai.evaluation import loss_share
from dragonnoir.ai.paths import CaveGraph, Distances, Node, distances_for
from dragonnoir.engine.actions import Jump
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.movement.who_moves import budget_of
from dragonnoir.engine.rules.steps import edge_feature, ground_level, terrain_at
from dragonnoir.engine.state import Side, Unit
from dragonnoir.engine.tables import JumpDirection
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.board import EdgeFeature
from dragonnoir.hexmap.hexes import Hex

#: A jump in the plan costs, besides the hex and the Jump Table's extra point, the
#: walking points of a move times the chance it ends his move there (anything but a
#: `J`), plus HURT_TOLL times the chance he is hurt: down 3 + 2, up 4 + 2 with the
#: shipped table. Only a jump that saves that much draws his way to a ledge.
MOVE_TOLL = 6
HURT_TOLL = 6
#: The sides no one jumps across (a cliff is what one jumps over).
_WALLED = frozenset({EdgeFeature.WALL, EdgeFeature.WINDOW, EdgeFeature.ARROW_SLIT})


@dataclass(frozen=True)
class JumpOdds:
    """What a jump may give, over the ten faces of the die."""

    #: The chance he lands and may go on moving (`J`).
    goes_on: float
    #: The chance he lands and his movement ends there (`JS`, `LK`, `LW`).
    stops: float
    #: The share of his value he may expect to lose trying (a fall's wound or knock-out).
    loss: float
    #: The movement points he has left after a landing that lets him go on.
    points_left: int

    @property
    def lands(self) -> float:
        """The chance he ends on the hex jumped to, whatever comes after."""
        return self.goes_on + self.stops


def jump_odds(game: Game, unit: Unit, action: Jump) -> JumpOdds | None:
    """The odds of `action` by the Jump Table, with the wounded and armoured modifiers;
    None when the engine refuses the jump."""
    verdict = game.explain(action)
    if not verdict.legal:
        return None
    cost = int(verdict.details.get("cost", 0))
    return _odds(game, unit, str(verdict.details["direction"]), budget_of(game, unit) - cost)


def _odds(game: Game, unit: Unit, direction: str, points_left: int) -> JumpOdds:
    table = game.rules.jump
    p = profile(game, unit)
    goes_on = stops = loss = 0.0
    for face in range(1, 11):
        result = table.roll(direction, face, wounded=unit.wounds > 0, armoured=p.armoured)
        if result.lands and not result.ends_movement:
            goes_on += 0.1
        elif result.lands:
            stops += 0.1
        loss += 0.1 * loss_share(game, unit, result.effect.value, p=p)
    return JumpOdds(goes_on, stops, loss, max(0, points_left))


def ledge_jumps(game: Game, unit: Unit, edge: Hex, points: int) -> list[tuple[Hex, JumpOdds]]:
    """The jumps he could try from `edge` with `points` left after walking there, and
    their odds: the planner's reading of the engine's rule (a next hex exactly a level
    up or down, dry, no wall between, no one there, its cost within his points and
    potential); a walk that ends at a ledge is worth the best of them (moving.py)."""
    cells = game.board.cells
    if edge not in cells or cells[edge].walkway:
        return []
    extra = game.rules.jump.extra_move_cost
    potential = profile(game, unit).movement
    held = {u.hex for u in game.state.units.values() if u.alive and u.hex is not None}
    level = ground_level(game, edge)
    found = []
    for there in edge.neighbours():
        terrain = terrain_at(game, there)
        if terrain is None or not terrain.passable or terrain.water or there in held:
            continue
        cost = int(terrain.move_cost or 1)
        way = ground_level(game, there) - level
        if abs(way) != 1.0 or cells[there].walkway or cost > potential or cost + extra > points:
            continue
        if edge_feature(game, edge, there) in _WALLED:
            continue
        direction = JumpDirection.UP.value if way > 0 else JumpDirection.DOWN.value
        found.append((there, _odds(game, unit, direction, points - cost - extra)))
    return found


def points_after_walk(game: Game, unit: Unit, to: Hex) -> int:
    """The movement points he has left after walking to `to` the cheapest way (the
    walking graph's reading of the move's cost)."""
    if unit.hex is None:
        return 0
    budget = budget_of(game, unit)
    cost = distances_for(game).field([unit.hex], limit=budget).get(to, budget + 1)
    return budget - cost


def walk_on(game: Game, unit: Unit, landing: Hex, points: int) -> list[Hex]:
    """The hexes he may end on walking on from `landing` with `points` (the landing hex
    not counted): within his points on the walking graph, none another living character
    holds (a move may cross a friend, not end on him: "Stacking"; an enemy's hex is no
    way at all)."""
    if points <= 0:
        return []
    reach = distances_for(game).field([landing], limit=points)
    held = {u.hex for u in game.state.units.values() if u.alive and u.hex is not None}
    held.discard(unit.hex)
    return [h for h, d in reach.items() if 0 < d <= points and h not in held]


def daredevil(game: Game, unit: Unit) -> bool:
    """Whether he may jump (Movement Restriction 8: "Daredevil Adventurers")."""
    return unit.side is Side.ADVENTURERS and "daredevil" in profile(game, unit).tags


def distances_for_jumper(game: Game, *, swimmer: bool = False) -> Distances:
    """The distance memo of the map as a daredevil may go about it: `distances_for`'s
    graph (`swimmer`: the swimmer's) and a step over each cliff one level high (module
    docstring), kept with the walking graph it is made from (the map and its counters)."""
    base = distances_for(game, swimmer=swimmer)
    found = _JUMPERS.get(id(base))
    if found is not None and found[0] is base:
        return found[1]
    memo = Distances(_with_jumps(game, base.graph))
    if len(_JUMPERS) > 16:
        _JUMPERS.clear()
    _JUMPERS[id(base)] = (base, memo)
    return memo


_JUMPERS: dict[int, tuple[Distances, Distances]] = {}


def _tolls(game: Game) -> dict[str, int]:
    """Each direction's toll (`MOVE_TOLL`, `HURT_TOLL`), read off the Jump Table for a
    jumper neither wounded nor armoured."""
    table = game.rules.jump
    tolls = {}
    for way in JumpDirection:
        results = [table.roll(way, face, wounded=False, armoured=False) for face in range(1, 11)]
        stopped = sum(1 for r in results if not (r.lands and not r.ends_movement)) / 10
        hurt = sum(1 for r in results if r.effect.value != "none") / 10
        tolls[way.value] = round(MOVE_TOLL * stopped + HURT_TOLL * hurt)
    return tolls


def _with_jumps(game: Game, graph: CaveGraph) -> CaveGraph:
    """`graph` with the jumps (on the ground, not the walkway decks), between dry hexes
    next to each other exactly a level apart, no wall between. A goal field is searched
    from the goal back to the walker (paths.py, `_build`): the step from `here` to
    `there` is read as his jump from `there` onto `here`, and costs that."""
    tolls = _tolls(game)
    extra = game.rules.jump.extra_move_cost
    cells = game.board.cells
    steps: dict[Node, tuple[tuple[Node, int], ...]] = dict(graph.steps)
    for node, out in graph.steps.items():
        here, deck = node
        onto = terrain_at(game, here)
        if deck or cells[here].walkway or onto is None or onto.water:
            continue
        level = ground_level(game, here)
        landing = int(onto.move_cost or 1) + extra
        added = []
        for there in here.neighbours():
            terrain = terrain_at(game, there)
            if terrain is None or not terrain.passable or terrain.water or cells[there].walkway:
                continue
            way = level - ground_level(game, there)  # his jump, from there onto here
            if abs(way) != 1.0 or edge_feature(game, here, there) in _WALLED:
                continue
            toll = tolls[JumpDirection.UP.value if way > 0 else JumpDirection.DOWN.value]
            added.append(((there, False), landing + toll))
        if added:
            steps[node] = out + tuple(added)
    return CaveGraph(steps)
