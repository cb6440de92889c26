"""The Move action judged ("Movement", "Movement Restrictions", "Stacking"): a path
checked step by step (the first failing step names its rule), why a hex cannot be
reached, the moves `legal_actions` lists, and the end of a movement sequence (no one
left sharing a hex who could still move on).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dragonnoir.engine.actions import Action, Jump, Move
from dragonnoir.engine.events import (
    Event,
)
from dragonnoir.engine.explain import Explanation, allowed, refused
from dragonnoir.engine.rules import infiltration as infil
from dragonnoir.engine.rules.footprint import GUARD_SIZE, QUEEN_SIZE, hexes_for
from dragonnoir.engine.rules.movement.jump import _check_jump
from dragonnoir.engine.rules.movement.moving import _proceed
from dragonnoir.engine.rules.movement.pathfinding import (
    _run,
    legal_destinations,
    search,
    search_all,
)
from dragonnoir.engine.rules.movement.stacking import (
    R_STACKING,
    _free_exit,
    _sharing_blocker,
    shared_hexes,
)
from dragonnoir.engine.rules.movement.tables import (
    R_ENEMY,
    R_MOVEMENT,
    Node,
    _cells,
    _enemy_in,
    _graph,
    _position,
    _slot,
    _start_node,
    _web_known,
)
from dragonnoir.engine.rules.movement.who_moves import (
    R_COUNTERS,
    _continuing,
    _may_move,
    _start_moving,
    budget_of,
)
from dragonnoir.engine.rules.steps import (
    R_BIG,
    R_WEBS,
    ground_level,
    plain_step,
    terrain_at,
)
from dragonnoir.engine.state import Side, Unit
from dragonnoir.engine.values import Profile, profile
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import DataName, Many, Value, Who, tell, tell_n

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game


def stacking_at_end(game: Game) -> Explanation | None:
    """The End phase check of the movement phases ("Stacking")."""
    if game.rules is None:  # a bare turn-sequence game without counters' values
        return None
    shared = shared_hexes(game)
    if not shared:
        return None
    movable = any(
        _can_move_on(game, uid) or _jumpable(game, uid) for ids in shared.values() for uid in ids
    )
    if not movable:
        return None  # nobody can undo it: the exit hook settles it (`settle_stacks`)
    where = Many(
        tuple(
            tell("{units} on {cell}", units=Many(tuple(Who(i) for i in ids)), cell=h)
            for h, ids in shared.items()
        )
    )
    return refused(
        tell(
            "at the end of each movement sequence only one living character must remain per "
            "hex (two on a walkway: one on it, one underneath): {where}",
            where=where,
        ),
        R_STACKING,
        hexes=[[h.q, h.r] for h in shared],
    )


def _can_move_on(game: Game, unit_id: str) -> bool:
    """Has the character somewhere to go now (`legal_destinations` is not empty)? A
    free placement one step away within his points, with no standing enemy there, is
    such a destination (the search reaches it and he stands there alone), so the
    search is run only when there is none. Adventurers are always searched: a web
    their step does not see stops them (Movement Restriction 7)."""
    unit = game.state.units[unit_id]
    if _may_move(game, unit) is not None:
        return False
    assert unit.hex is not None
    if unit.side is not Side.ADVENTURERS:
        p = profile(game, unit)
        start = _start_node(game, unit, p, unit.hex, unit.level)
        if _free_exit(game, _position(game), unit, p, start, budget_of(game, unit)):
            return True
    return bool(legal_destinations(game, unit_id))


def _jumpable(game: Game, unit_id: str) -> bool:
    unit = game.state.units[unit_id]
    if unit.hex is None or "Jump" not in game.phase.actions:
        return False
    return any(
        not isinstance(_check_jump(game, unit, Jump(unit_id, to)), Explanation)
        for to in unit.hex.neighbours()
        if to in game.board.cells
    )


#: A budget no character has: the search that finds the cheapest path whatever it costs.
_UNBOUNDED = 999


def why_not_reach(game: Game, unit_id: str, h: Hex) -> Explanation:
    """Why `unit_id` cannot end his move on `h` now: the reason that decides it (issue 8,
    ruling 8). Not "a cliff stands in the way" of some straight line, but the cheapest
    path's failure — its cost against the points left — or, when no path exists at all,
    what keeps every way in closed. Allowed when he can."""
    unit = game.state.units.get(unit_id)
    if unit is None:
        return refused(tell("no such character"), R_COUNTERS)
    why = _may_move(game, unit)
    if why is not None:
        return why
    if h not in game.board.cells:
        return refused(tell("{cell} is off the map", cell=h), R_MOVEMENT)
    if h == unit.hex:
        return refused(tell("{unit} is already on {cell}", unit=Who(unit.id), cell=h), R_MOVEMENT)
    budget = budget_of(game, unit)
    continuing = _continuing(game, unit)
    reachable = search(game, unit, budget, continuing=continuing)
    if h in reachable:
        d = reachable[h]
        return allowed(
            tell("{unit} can reach {cell} for {cost} MP", unit=Who(unit.id), cell=h, cost=d.cost),
            R_MOVEMENT,
            cost=d.cost,
        )
    anywhere = search(game, unit, _UNBOUNDED, continuing=continuing)
    found = anywhere.get(h)
    if found is not None and found.cost > budget:
        last = terrain_at(game, h)
        tail: Value = (
            tell("; {terrain} there costs {cost}", terrain=DataName(last.name), cost=last.move_cost)
            if last is not None and last.move_cost is not None
            else ""
        )
        return refused(
            tell(
                "the cheapest path to {cell} costs {cost} MP{terrain}: more than the "
                "{budget} {unit} has left",
                cell=h,
                cost=found.cost,
                terrain=tail,
                budget=budget,
                unit=Who(unit.id),
            ),
            R_MOVEMENT,
            cost=found.cost,
            budget=budget,
            path=[[x.q, x.r] for x in found.path],
        )
    if found is not None:  # within his points, yet he may not end there
        return _check_path_result(game, unit, found.path)
    pos = _position(game)
    p = profile(game, unit)
    enemy = _enemy_in(pos, unit, ((h, False),))
    if enemy is not None:
        return refused(
            tell(
                "{enemy}, an enemy, stands on {cell}: only knocked-out or dead enemies "
                "can be passed through",
                enemy=Who(enemy.id),
                cell=h,
            ),
            R_ENEMY,
        )
    # No path at all: if every way into the hex is closed for the same kind of reason,
    # that reason decides; otherwise the way there is shut further back.
    verdicts = [
        plain_step(game, unit, p, n, ground_level(game, n), h)
        for n in h.neighbours()
        if n in game.board.cells
    ]
    closed = [v for v in verdicts if not v.ok]
    if closed and len(closed) == len(verdicts):
        rules = {v.rule for v in closed}
        if len(rules) == 1:
            return refused(
                tell("no way onto {cell}: {reason}", cell=h, reason=closed[0].reason),
                closed[0].rule,
            )
    return refused(
        tell(
            "no path to {cell}: walls, levels, water or enemies close every way there for {unit}",
            cell=h,
            unit=Who(unit.id),
        ),
        R_MOVEMENT,
    )


def _check_path_result(game: Game, unit: Unit, path: tuple[Hex, ...]) -> Explanation:
    verdict = MoveRules().explain(game, Move(unit.id, path))
    return verdict


# -- Move: explain -------------------------------------------------------------------------


@dataclass
class _Route:
    """A checked path: the placements entered, with the cost of each step."""

    steps: list[tuple[Hex, int, float, int]]  # (anchor, facing, level, cost)
    cost: int
    rolls: int
    facing: int
    web_stop: Hex | None


def _check_path(game: Game, unit: Unit, move: Move) -> Explanation | _Route:
    p = profile(game, unit)
    why = _may_move(game, unit)
    if why is not None:
        return why
    assert unit.hex is not None
    if p.size == 1 and move.facing is not None and move.facing != unit.facing:
        return refused(tell("only the Queen and her Guards choose an orientation"), R_BIG)
    if move.facing is not None and not 0 <= move.facing <= 5:
        return refused(tell("an orientation is 0..5"), R_BIG)
    if not move.path and (p.size == 1 or unit.moved):
        return refused(tell("a move enters at least one hex"), R_MOVEMENT)
    budget = budget_of(game, unit)
    continuing = _continuing(game, unit)
    if p.size == 1:
        return _walk(game, unit, p, move.path, budget, continuing)
    return _walk_big(game, unit, p, move, budget, continuing)


def _walk(
    game: Game, unit: Unit, p: Profile, path: tuple[Hex, ...], budget: int, continuing: bool
) -> Explanation | _Route:
    """A one-hex character's path, hex by hex: the first failing step names its rule."""
    pos = _position(game)
    assert unit.hex is not None
    here, level = unit.hex, unit.level
    cost = rolls = 0
    stop: Hex | None = None
    steps: list[tuple[Hex, int, float, int]] = []
    for i, dst in enumerate(path):
        if i > 0 or continuing:
            rolls += len(infil.threats_at(game, unit, (here,), level, mover_profile=p))
        verdict = plain_step(game, unit, p, here, level, dst)
        where = tell("step {step} {cell} -> {to}", step=i + 1, cell=here, to=dst)
        if not verdict.ok:
            return refused(
                tell("{step}: {reason}", step=where, reason=verdict.reason),
                verdict.rule,
                step=i + 1,
            )
        enemy = _enemy_in(pos, unit, (_slot(game, dst, verdict.level),))
        if enemy is not None:
            return refused(
                tell(
                    "{step}: {enemy}, an enemy, stands there (only knocked-out or dead "
                    "enemies can be passed through)",
                    step=where,
                    enemy=Who(enemy.id),
                ),
                R_ENEMY,
                step=i + 1,
            )
        if unit.side is Side.ADVENTURERS and dst in pos.webs:
            if _web_known(unit.side, pos.webs[dst]):
                return refused(
                    tell(
                        "{step}: a spider web blocks adventurers (destroy it in combat)",
                        step=where,
                    ),
                    R_WEBS,
                    step=i + 1,
                )
            if stop is None:
                stop = here
        cost += verdict.cost
        if cost > budget:
            return refused(
                tell(
                    "{step}: the path costs {cost} MP, more than the {budget} left",
                    step=where,
                    cost=cost,
                    budget=budget,
                ),
                R_MOVEMENT,
                step=i + 1,
                cost=cost,
            )
        steps.append((dst, unit.facing, verdict.level, verdict.cost))
        here, level = dst, verdict.level
    other = _sharing_blocker(game, pos, unit, p, (here, unit.facing, level), budget - cost)
    if other is not None:
        return refused(
            tell(
                "{unit} is on that hex and neither can leave it this phase: at the end of "
                "each movement sequence only one living character must remain per hex",
                unit=Who(other.id),
            ),
            R_STACKING,
        )
    return _Route(steps, cost, rolls, unit.facing, stop)


def _walk_big(
    game: Game, unit: Unit, p: Profile, move: Move, budget: int, continuing: bool
) -> Explanation | _Route:
    """The Queen's or a Guard's path: some sequence of orientations must carry it."""
    assert unit.hex is not None
    pos = _position(game)
    start = _start_node(game, unit, p, unit.hex, unit.level)
    best, parent, web_stop = _run(
        game,
        unit,
        p,
        budget,
        start,
        first_step_in=None,
        ignore=frozenset(),
        continuing=continuing,
        follow=move.path,
    )
    n = len(move.path)
    wanted = unit.facing if move.facing is None else move.facing
    ends = [k for k in best if k[1] == n]
    if p.size == GUARD_SIZE:
        matching = [k for k in ends if k[0][1] == wanted]
        if ends and not matching:
            return refused(
                tell(
                    "the Guard cannot end this path facing {facing}: it does not fit there",
                    facing=wanted,
                ),
                R_BIG,
            )
        ends = matching
    ends = [
        k for k in ends if _sharing_blocker(game, pos, unit, p, k[0], budget - best[k][0]) is None
    ]
    if not ends:
        return _why_big_fails(game, unit, p, move, best, budget)
    end = min(ends, key=lambda k: best[k])
    chain: list[tuple[Node, int]] = []
    cur: tuple[Node, int] | None = end
    while cur is not None:
        chain.append(cur)
        cur = parent[cur]
    chain.reverse()
    steps: list[tuple[Hex, int, float, int]] = []
    for a, b in itertools.pairwise(chain):
        if a[0][0] != b[0][0] or a[0][1] != b[0][1]:
            # A turn on the spot is a step of its own: "Alkiram and the Queen's Guards
            # may freely change orientation", and a Krob that has turned has begun to
            # move (defensive fire may follow it: issue 8, ruling 4).
            steps.append((b[0][0], b[0][1], b[0][2], best[b][0] - best[a][0]))
    cost, rolls = best[end]
    facing = wanted if p.size == QUEEN_SIZE else end[0][1]
    last = steps[-1][1] if steps else unit.facing
    if p.size == QUEEN_SIZE and facing != last:
        here = steps[-1] if steps else (unit.hex, unit.facing, unit.level, 0)
        steps.append((here[0], facing, here[2], 0))  # the Queen turns where she ends
    return _Route(steps, cost, rolls, facing, web_stop[end])


def _why_big_fails(
    game: Game,
    unit: Unit,
    p: Profile,
    move: Move,
    best: dict[tuple[Node, int], tuple[int, int]],
    budget: int,
) -> Explanation:
    graph = _graph(game, unit, p)
    pos = _position(game)
    n = len(move.path)
    furthest = max(k[1] for k in best)
    if furthest == n:
        end = move.path[-1] if move.path else unit.hex
        return refused(
            tell(
                "another character stands under {big} at {cell} "
                "or it cannot take that orientation there: only one living character may "
                "remain per hex at the end of movement",
                big=_big(p),
                cell=end,  # type: ignore[arg-type]
            ),
            R_STACKING,
        )
    nodes = sorted((k for k in best if k[1] == furthest), key=lambda k: best[k])
    dst = move.path[furthest]
    where = tell("step {step} (to {cell})", step=furthest + 1, cell=dst)
    first: Explanation | None = None
    for key in nodes:
        anchor, facing, level = key[0]
        verdict = graph.translate(anchor, facing, level, dst)
        if not verdict.ok:
            first = first or refused(
                tell("{step}: {reason}", step=where, reason=verdict.reason), verdict.rule
            )
            continue
        enemy = _enemy_in(pos, unit, ((h, False) for h in hexes_for(dst, p.size, facing)))
        if enemy is not None:
            first = first or refused(
                tell("{step}: {enemy}, an enemy, stands there", step=where, enemy=Who(enemy.id)),
                R_ENEMY,
            )
            continue
        if best[key][0] + verdict.cost > budget:
            first = first or refused(
                tell(
                    "{step}: the path costs more than the {budget} MP left",
                    step=where,
                    budget=budget,
                ),
                R_MOVEMENT,
            )
    return first or refused(tell("{step}: {big} cannot go there", step=where, big=_big(p)), R_BIG)


def _big(p: Profile) -> Value:
    """The Queen or a Guard, as the rulebook calls them."""
    return tell("the Queen") if p.size == QUEEN_SIZE else tell("the Guard")


class MoveRules:
    """Judges and carries out `Move` ("Movement")."""

    def explain(self, game: Game, action: Action) -> Explanation:
        assert isinstance(action, Move)
        unit = game.state.units.get(action.unit)
        if unit is None:
            return refused(tell("no such character"), R_COUNTERS)
        route = _check_path(game, unit, action)
        if isinstance(route, Explanation):
            return route
        return allowed(
            tell_n(
                "{unit} moves {n} hex for {cost} MP",
                "{unit} moves {n} hexes for {cost} MP",
                len(route.steps),
                unit=Who(unit.id),
                cost=route.cost,
            ),
            R_MOVEMENT,
            cost=route.cost,
            rolls=route.rolls,
            facing=route.facing,
        )

    def apply(self, game: Game, action: Action) -> list[Event]:
        assert isinstance(action, Move)
        unit = game.state.units[action.unit]
        route = _check_path(game, unit, action)
        assert isinstance(route, _Route)
        continuing = _continuing(game, unit)
        _start_moving(game, unit)
        assert unit.hex is not None
        progress = {
            "unit": unit.id,
            "route": [[h.q, h.r, f, lvl, c] for h, f, lvl, c in route.steps],
            "travelled": [[unit.hex.q, unit.hex.r, unit.facing, unit.level]],
            "cross": continuing,
            "facing": route.facing,
            "entered": [],
            "cost": 0,
        }
        return _proceed(game, progress)

    def generate(self, game: Game, side: Side) -> Iterable[Action]:
        for unit in sorted(game.state.units.values(), key=lambda u: u.id):
            if unit.side is side:
                yield from unit_moves(game, unit)


def unit_moves(game: Game, unit: Unit) -> list[Move]:
    """The moves `legal_actions` lists for one character now: one per destination (and
    per facing at the end, for the Queen and her Guards), none when he may not move."""
    if _may_move(game, unit) is not None:
        return []
    p = profile(game, unit)
    found = search_all(game, unit, budget_of(game, unit), continuing=_continuing(game, unit))
    out: list[Move] = []
    # By hex (its q, then r: the order of `Hex`), then level.
    for _, dest in sorted(found.items(), key=lambda kv: (kv[0][0].q, kv[0][0].r, kv[0][1])):
        if p.size == 1:
            out.append(Move(unit.id, dest.path))
        else:
            out.extend(Move(unit.id, dest.path, facing) for facing in dest.facings)
    return out


def placement_level(game: Game, unit: Unit, anchor: Hex, facing: int) -> float | None:
    """The level `unit` would stand at with this placement, None where his counter does
    not fit (rock, water he cannot enter, too narrow or uneven for the Queen or a Guard).
    Occupancy is not judged."""
    p = profile(game, unit)
    return _graph(game, unit, p).fit(anchor, facing)


def footprint_of(game: Game, unit: Unit) -> tuple[Hex, ...]:
    assert unit.hex is not None
    return _cells(profile(game, unit), unit.hex, unit.facing)
