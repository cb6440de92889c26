"""A Move carried out hex by hex ("Movement", "Infiltration of Enemy Lines", "Defensive
Fire"): rolling for infiltration on each hex crossed but the last, stopping at a web
or a hidden enemy, sinking in the unstable marsh, and pausing for defensive fire after
each step of a Krob during the Krob movement phase.

The pause asks the rule set's `defensive_fire_checks` (the Fire rules', a wizard's
spell) and takes the rule set's `defensive_fire_answers` besides `Pass`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from dragonnoir.engine.actions import Action, Pass
from dragonnoir.engine.events import (
    DecisionRequested,
    Event,
    MovementStopped,
    Revealed,
    UnitMoved,
)
from dragonnoir.engine.explain import Explanation, allowed, refused
from dragonnoir.engine.rules import hidden
from dragonnoir.engine.rules import infiltration as infil
from dragonnoir.engine.rules.footprint import hexes_for
from dragonnoir.engine.rules.movement.stacking import R_STACKING, nearest_free_placement
from dragonnoir.engine.rules.movement.tables import (
    R_ENEMY,
    R_MOVEMENT,
    _alone,
    _cells,
    _enemy_in,
    _position,
    _slot,
)
from dragonnoir.engine.rules.steps import (
    R_WEBS,
    terrain_at,
)
from dragonnoir.engine.rules.switches import switch
from dragonnoir.engine.state import AccessoryKind, Decision, Side, Unit
from dragonnoir.engine.values import Profile, profile
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.actions import action_name
from dragonnoir.narration.phrase import DataName, Who, tell

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game


R_DEFENSIVE = "Defensive Fire"


# -- the hook for defensive fire -----------------------------------------------------------


def defensive_fire_possible(game: Game, krob: Unit) -> bool:
    """May the Adventurer player interrupt `krob`'s move here to fire ("Defensive
    Fire")? Asked of the rule set's checks (the Fire rules', a wizard's spell): False
    in a game with none."""
    return any(check(game, krob) for check in game.ruleset.defensive_fire_checks)


# -- Move: apply, hex by hex ----------------------------------------------------------------


def _proceed(game: Game, progress: dict[str, Any]) -> list[Event]:
    """Carry the move in `progress` on: infiltration on the hex being left, the next
    step, the pause for defensive fire; until the path ends or he is stopped."""
    unit = game.state.units[progress["unit"]]
    p = profile(game, unit)
    events: list[Event] = []
    route: list[list[Any]] = progress["route"]
    stopped = False
    while route:
        if not unit.standing or unit.hex is None:
            stopped = True
            break
        q, r, facing, level, cost = route[0]
        dst = Hex(int(q), int(r))
        turning = dst == unit.hex  # a turn on the spot: no hex is left, none crossed
        if progress["cross"] and not turning and _infiltrate_leaving(game, unit, events):
            stopped = True
            break
        verdict = _recheck(game, unit, p, dst, int(facing), float(level), int(cost))
        if verdict is not None:
            events.append(MovementStopped(unit.id, unit.hex, verdict.said, verdict.rule))
            stopped = True
            break
        if unit.side is Side.ADVENTURERS and _web_ahead(game, unit, p, dst, int(facing)):
            events.extend(_reveal_web(game, unit, p, dst, int(facing)))
            stopped = True
            break
        if hidden.any_hidden(game):
            lurking = hidden.hidden_enemy_at(game, unit, _cells(p, dst, int(facing)))
            if lurking is not None:
                events.append(
                    hidden.reveal(
                        game, lurking, tell("a character runs into him"), hidden.R_ENTERED
                    )
                )
                events.append(
                    MovementStopped(
                        unit.id,
                        unit.hex,
                        tell(
                            "{unit} stands on {cell}",
                            unit=DataName(hidden.display_name(game, lurking)),
                            cell=dst,
                        ),
                        hidden.R_ENTERED,
                    )
                )
                stopped = True
                break
        route.pop(0)
        unit.hex, unit.facing, unit.level = dst, int(facing), float(level)
        unit.mp_spent += int(cost)
        progress["cost"] += int(cost)
        if not turning:
            progress["entered"].append([dst.q, dst.r])
            progress["cross"] = True
        progress["travelled"].append([dst.q, dst.r, int(facing), float(level)])
        game.touch()
        if not turning and _sinks_in(game, unit, p, dst, events):
            stopped = True  # stuck: where he may stand alone (Stacking), as any stop
            break
        spotted = hidden.sweep(game) if hidden.any_hidden(game) else []
        if spotted:
            events.extend(spotted)
            if unit.side is Side.ADVENTURERS and route:
                # He halts where the Krobs came into sight and keeps his remaining points:
                # he may go on with another move (ours: docs/scenarios.md).
                events.append(
                    MovementStopped(
                        unit.id, dst, tell("enemies came into sight: he halts"), hidden.R_HIDDEN
                    )
                )
                route.clear()
                break
        if (
            unit.side is Side.KROBS
            and game.state.phase == "krob_movement"
            and unit.hidden_from is None
            and _module_hook()(game, unit)
        ):
            if not route:
                _finish_facing(unit, p, progress)
            events.append(_moved_event(unit, progress))
            progress["entered"] = []
            progress["cost"] = 0
            game.state.scratch["move_in_progress"] = progress
            decision = Decision(
                "defensive_fire",
                Side.ADVENTURERS,
                {"unit": unit.id, "at": [dst.q, dst.r], "rest": len(route)},
            )
            game.push_decision(decision)
            events.append(
                DecisionRequested(
                    "defensive_fire",
                    Side.ADVENTURERS.value,
                    tell("fire at {unit} on {cell} or let it go on", unit=Who(unit.id), cell=dst),
                )
            )
            return events
        p = profile(game, unit)
    if stopped:
        events.extend(_settle(game, unit, progress))
    elif unit.alive:
        _finish_facing(unit, p, progress)
    if progress["entered"] or not events:
        events.insert(0, _moved_event(unit, progress))
    game.state.scratch.pop("move_in_progress", None)
    game.touch()
    return events


R_MARSH = "The Underground Maps: the unstable marsh (Unstable Marsh Table, ours)"


def _sinks_in(game: Game, unit: Unit, p: Profile, h: Hex, events: list[Event]) -> bool:
    """Le Marais Hanté's unstable marsh: "Armoured characters: beware!" An armoured
    character entering an unstable marsh hex rolls on our Unstable Marsh Table
    (dragonnoir/data/unstable_marsh.toml): stuck there (his move ends), or sinking
    (stuck and wounded). True when his move ends there."""
    terrain = terrain_at(game, h)
    if terrain is None or terrain.id != "unstable_marsh" or not p.armoured:
        return False
    if not switch(game, "unstable_marsh"):
        return False  # the scenario turns the unstable marsh off
    table = game.rules.unstable_marsh
    modifier = table.modifiers.wounded if unit.wounds > 0 else 0
    _, die = game.roll(tell("unstable marsh"), R_MARSH, modifier, by=unit.id)
    events.append(die)
    result = table.roll(die.value, modifier)
    if result.effect.value == "none":
        return False
    if result.effect.value == "sinks":
        events.extend(infil.suffer(game, unit, "wounded", R_MARSH))
    unit.mp_spent = max(unit.mp_spent, p.movement, profile(game, unit).movement)
    events.append(MovementStopped(unit.id, h, result.name, R_MARSH))
    game.touch()
    return True


def _module_hook() -> Callable[[Game, Unit], bool]:
    """The current `defensive_fire_possible` (a test or module may replace it)."""
    return globals()["defensive_fire_possible"]  # type: ignore[no-any-return]


def _finish_facing(unit: Unit, p: Profile, progress: dict[str, Any]) -> None:
    """The Queen and her Guards end facing the way chosen ("may freely change
    orientation"); a Guard's last turns on the spot were checked with its path."""
    if p.size > 1:
        unit.facing = int(progress["facing"])


def _moved_event(unit: Unit, progress: dict[str, Any]) -> UnitMoved:
    path = tuple(Hex(int(q), int(r)) for q, r in progress["entered"])
    return UnitMoved(unit.id, path, int(progress["cost"]))


def _recheck(
    game: Game, unit: Unit, p: Profile, dst: Hex, facing: int, level: float, cost: int
) -> Explanation | None:
    """A step checked when the move was accepted, checked again as it is made (after a
    defensive shot the Krob may be wounded: fewer movement points)."""
    assert unit.hex is not None
    pos = _position(game)
    if unit.mp_spent + cost > p.movement:
        return refused(tell("not enough movement points left to go on"), R_MOVEMENT)
    if p.size == 1:
        slots: tuple[tuple[Hex, bool], ...] = (_slot(game, dst, level),)
    else:
        slots = tuple((h, False) for h in hexes_for(dst, p.size, facing))
    enemy = _enemy_in(pos, unit, slots)
    if enemy is not None:
        return refused(tell("{enemy}, an enemy, stands in the way", enemy=Who(enemy.id)), R_ENEMY)
    return None


def _web_ahead(game: Game, unit: Unit, p: Profile, dst: Hex, facing: int) -> bool:
    webs = _position(game).webs
    return any(h in webs for h in _cells(p, dst, facing))


def _infiltrate_leaving(game: Game, unit: Unit, events: list[Event]) -> bool:
    """Infiltration rolls for the hex `unit` is leaving (he crossed it: a move or a jump
    that goes on from there); their events go to `events`. True when they stop him."""
    assert unit.hex is not None
    threats = infil.infiltration_threats(game, unit, unit.hex, level=unit.level)
    halted, rolled = infil.resolve_infiltration(game, unit, unit.hex, threats)
    events.extend(rolled)
    return halted


def _reveal_web(game: Game, unit: Unit, p: Profile, dst: Hex, facing: int) -> list[Event]:
    """A spider web the adventurer did not know of stops him on the previous hex, and
    his movement ends there (his remaining points are lost)."""
    assert unit.hex is not None
    for acc in game.state.accessories.values():
        if acc.kind is AccessoryKind.WEB and acc.face_up and dst in acc.hexes:
            acc.hidden_from = None
    game.touch()
    unit.mp_spent = max(unit.mp_spent, p.movement)
    return [
        Revealed(tell("a spider web on {cell}", cell=dst), dst, R_WEBS),
        MovementStopped(
            unit.id,
            unit.hex,
            tell("a spider web on {cell} blocks the way", cell=dst),
            R_WEBS,
        ),
    ]


def _settle(game: Game, unit: Unit, progress: dict[str, Any]) -> list[Event]:
    """A move stopped early ends where he stands, unless another living character is
    there: then on the last hex of his path where he may stand (our reading)."""
    if unit.hex is None or not unit.alive:
        return []
    p = profile(game, unit)
    pos = _position(game)
    travelled = progress["travelled"]
    for q, r, facing, level in reversed(travelled):
        node = (Hex(int(q), int(r)), int(facing), float(level))
        if _alone(game, pos, unit, p, node):
            break
    else:  # he set out from a shared hex and was stopped on it
        found = nearest_free_placement(game, unit)
        if found is None:
            return []
        node = found
    if (unit.hex, unit.facing, unit.level) == node:
        return []
    unit.hex, unit.facing, unit.level = node
    game.touch()
    return [
        MovementStopped(
            unit.id,
            node[0],
            tell(
                "he may not stay where he was stopped: he ends on the last hex of his path "
                "where he may stand"
            ),
            R_STACKING,
        )
    ]


def resume_move(game: Game) -> list[Event]:
    """Carry on the Krob move interrupted for defensive fire (the Fire module may call
    it when the Adventurer player is done firing)."""
    progress = game.state.scratch.get("move_in_progress")
    if not isinstance(progress, dict):
        return []
    return _proceed(game, progress)


class DefensiveFireRules:
    """The "defensive_fire" decision: `Pass` lets the Krob go on; other answers (Fire, a
    spell) come from the rule set (`RuleSet.defensive_fire_answers`).

    Note for the Fire module: "It is not possible to make a defensive shot against a
    Krob that has not yet begun to move, unless the Krob player does not intend to move
    this counter during his turn" — the Krobs that never moved can be offered to the
    Adventurer player when the Krob player ends the movement phase (an EndPhase entry
    hook of "krob_combat", or a decision pushed before `EndPhase` of "krob_movement").
    """

    def explain(self, game: Game, decision: Decision, action: Action) -> Explanation:
        if isinstance(action, Pass):
            return allowed(
                tell("{unit} goes on moving", unit=Who(str(decision.data.get("unit")))), R_DEFENSIVE
            )
        answer = game.ruleset.defensive_fire_answers.get(action.kind)
        if answer is not None:
            return answer.explain(game, decision, action)
        return refused(
            tell(
                "{action} does not answer defensive fire: fire, or pass",
                action=action_name(action.kind),
            ),
            R_DEFENSIVE,
        )

    def apply(self, game: Game, decision: Decision, action: Action) -> list[Event]:
        if isinstance(action, Pass):
            game.pop_decision()
            return resume_move(game)
        return game.ruleset.defensive_fire_answers[action.kind].apply(game, decision, action)

    def generate(self, game: Game, decision: Decision) -> Iterable[Action]:
        for answer in game.ruleset.defensive_fire_answers.values():
            yield from answer.generate(game, decision)
        yield Pass()
