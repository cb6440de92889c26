"""Jump: a daredevil adventurer jumps one level up or down (Movement Restriction 8's
Jump Table).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dragonnoir.engine.actions import Action, Jump
from dragonnoir.engine.events import (
    Event,
    MovementStopped,
    UnitMoved,
)
from dragonnoir.engine.explain import Explanation, allowed, refused
from dragonnoir.engine.rules import infiltration as infil
from dragonnoir.engine.rules.movement.moving import _infiltrate_leaving, _reveal_web
from dragonnoir.engine.rules.movement.stacking import R_STACKING
from dragonnoir.engine.rules.movement.tables import (
    R_ENEMY,
    R_MOVEMENT,
    _enemy_in,
    _occupant,
    _position,
    _slot,
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
    R_STONE_BRIDGE,
    R_WALKWAY,
    R_WALLS,
    R_WATER,
    R_WEBS,
    R_WOODEN_BRIDGE,
    edge_feature,
    ground_level,
    levels_at,
    never_swims,
    terrain_at,
)
from dragonnoir.engine.state import Side, Unit
from dragonnoir.engine.tables import JumpDirection
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.board import EdgeFeature
from dragonnoir.narration.phrase import DataName, Who, tell

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game


R_JUMP = "Movement Restriction 8 (levels; Jump Table)"

#: What the die of a jump is for, by the jump's direction.
_JUMPS = {JumpDirection.UP.value: tell("jump up"), JumpDirection.DOWN.value: tell("jump down")}


#: Edge features a jump cannot cross (walls; the parapet of the stone bridge is judged
#: by Restriction 4).
_JUMP_BLOCKING = {EdgeFeature.WALL, EdgeFeature.WINDOW, EdgeFeature.ARROW_SLIT}
#: A jump's way, as a refusal or a preview says it.
_WAYS = {"up": tell("up"), "down": tell("down")}


@dataclass
class _JumpPlan:
    level: float
    direction: JumpDirection
    cost: int
    rolls: int


def _check_jump(game: Game, unit: Unit, action: Jump) -> Explanation | _JumpPlan:
    why = _may_move(game, unit)
    if why is not None:
        return why
    p = profile(game, unit)
    assert unit.hex is not None
    if "daredevil" not in p.tags:
        return refused(tell("only daredevil Adventurers may jump a level"), R_JUMP)
    here, to = unit.hex, action.to
    if here.distance(to) != 1:
        return refused(tell("a jump goes to an adjacent hex"), R_JUMP)
    cell = game.board.cells.get(to)
    terrain = terrain_at(game, to)
    here_cell = game.board.cells[here]
    if cell is None or terrain is None:
        return refused(tell("off the map"), R_MOVEMENT)
    if not terrain.passable:
        return refused(
            tell("{terrain} cannot be entered", terrain=DataName(terrain.name)), R_MOVEMENT
        )
    on_deck = here_cell.walkway and unit.level == 1.0
    levels = [lvl for lvl in levels_at(game, to) if abs(lvl - unit.level) == 1.0]
    if not levels:
        return refused(
            tell(
                "a jump goes exactly one level up or down (from {level} to {ground}: walk "
                "instead, by stairs, embankments or slopes)",
                level=format(unit.level, "g"),
                ground=format(ground_level(game, to), "g"),
            ),
            R_JUMP,
        )
    level = levels[0]
    if cell.walkway and level == 1.0 and not on_deck:
        return refused(tell("only the hex on which a walkway rests gives access to it"), R_WALKWAY)
    feature = edge_feature(game, here, to)
    if feature in _JUMP_BLOCKING:
        return refused(tell("walls are impassable except at door hexes"), R_WALLS)
    src_terrain = terrain_at(game, here)
    assert src_terrain is not None
    stone = {"stone_bridge", "demolished_bridge"}
    if terrain.id in stone and src_terrain.id not in stone:
        return refused(
            tell("the stone bridge is entered only from its ends and the island"), R_STONE_BRIDGE
        )
    if terrain.water and never_swims(p):
        return refused(tell("an armoured character would sink like a stone in water"), R_WATER)
    goblin = "goblin" in p.tags
    if terrain.id in {"wooden_bridge", "landing_stage"} and src_terrain.water and not goblin:
        return refused(
            tell(
                "{terrain} hexes cannot be entered from the water", terrain=DataName(terrain.name)
            ),
            R_WOODEN_BRIDGE,
        )
    pos = _position(game)
    if to in pos.webs and _web_known(unit.side, pos.webs[to]):
        return refused(tell("a spider web blocks adventurers (destroy it in combat)"), R_WEBS)
    slot = _slot(game, to, level)
    enemy = _enemy_in(pos, unit, (slot,))
    if enemy is not None:
        return refused(tell("{enemy}, an enemy, stands there", enemy=Who(enemy.id)), R_ENEMY)
    other = _occupant(pos, unit, (slot,))
    if other is not None:
        return refused(
            tell(
                "{other} is there: a jump may end his movement, and only one living character may "
                "remain per hex",
                other=Who(other.id),
            ),
            R_STACKING,
        )
    terrain_cost = 2 if (goblin and terrain.water) else terrain.move_cost
    assert terrain_cost is not None
    if terrain_cost > p.movement:
        return refused(
            tell(
                "{terrain} costs {terrain_cost} MP, more than the potential of {movement}",
                terrain=DataName(terrain.name),
                terrain_cost=terrain_cost,
                movement=p.movement,
            ),
            "Movement Restriction 6 (movement potential too low)",
        )
    cost = terrain_cost + game.rules.jump.extra_move_cost
    budget = budget_of(game, unit)
    if cost > budget:
        return refused(
            tell(
                "the jump costs {cost} MP ({terrain_cost} for the hex + {extra_move_cost}), more "
                "than the {budget} left",
                cost=cost,
                terrain_cost=terrain_cost,
                extra_move_cost=game.rules.jump.extra_move_cost,
                budget=budget,
            ),
            "Movement (Jump Table)",
        )
    rolls = 0
    if _continuing(game, unit):
        rolls = len(infil.infiltration_threats(game, unit, here, level=unit.level))
    direction = JumpDirection.UP if level > unit.level else JumpDirection.DOWN
    return _JumpPlan(level, direction, cost, rolls)


class JumpRules:
    """Judges and carries out `Jump` (Movement Restriction 8, the Jump Table)."""

    def explain(self, game: Game, action: Action) -> Explanation:
        assert isinstance(action, Jump)
        unit = game.state.units.get(action.unit)
        if unit is None:
            return refused(tell("no such character"), R_COUNTERS)
        plan = _check_jump(game, unit, action)
        if isinstance(plan, Explanation):
            return plan
        return allowed(
            tell(
                "{unit} may try to jump {way} for {cost} MP",
                unit=Who(unit.id),
                way=_WAYS[plan.direction.value],
                cost=plan.cost,
            ),
            R_JUMP,
            cost=plan.cost,
            direction=plan.direction.value,
            rolls=plan.rolls,
        )

    def apply(self, game: Game, action: Action) -> list[Event]:
        assert isinstance(action, Jump)
        unit = game.state.units[action.unit]
        plan = _check_jump(game, unit, action)
        assert isinstance(plan, _JumpPlan) and unit.hex is not None
        p = profile(game, unit)
        events: list[Event] = []
        continuing = _continuing(game, unit)
        _start_moving(game, unit)
        if continuing and _infiltrate_leaving(game, unit, events):
            return events
        pos = _position(game)
        if action.to in pos.webs:  # hidden from him: it stops him before he jumps
            events.extend(_reveal_web(game, unit, p, action.to, unit.facing))
            return events
        table = game.rules.jump
        unit.mp_spent += plan.cost
        wounded = unit.wounds > 0
        modifier = (table.modifiers.wounded if wounded else 0) + (
            table.modifiers.armoured if p.armoured else 0
        )
        _, die = game.roll(_JUMPS[plan.direction.value], R_JUMP, modifier, by=unit.id)
        events.append(die)
        result = table.roll(plan.direction, die.value, wounded=wounded, armoured=p.armoured)
        if result.lands:
            unit.hex, unit.level = action.to, plan.level
            game.touch()
            events.append(UnitMoved(unit.id, (action.to,), plan.cost, R_JUMP))
        events.extend(infil.suffer(game, unit, result.effect, R_JUMP))
        if result.ends_movement or not unit.standing:
            # Points of the counter he now shows (a Crazy Ork's frenzy is a stronger one).
            unit.mp_spent = max(unit.mp_spent, p.movement, profile(game, unit).movement)
            events.append(MovementStopped(unit.id, unit.hex, result.name, R_JUMP))
        game.touch()
        return events

    def generate(self, game: Game, side: Side) -> Iterable[Action]:
        for unit in sorted(game.state.units.values(), key=lambda u: u.id):
            if unit.side is not side or unit.hex is None:
                continue
            if "daredevil" not in profile(game, unit).tags:
                continue
            if _may_move(game, unit) is not None:
                continue
            for to in unit.hex.neighbours():
                if to in game.board.cells:
                    action = Jump(unit.id, to)
                    if not isinstance(_check_jump(game, unit, action), Explanation):
                        yield action
