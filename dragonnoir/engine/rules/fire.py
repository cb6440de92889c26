"""Fire with the bow or crossbow ("Fire with the Bow or Crossbow", "Line of Fire", "Range
of Fire", "Resolution of Fire", "Defensive Fire", "Fire Restrictions and Cover", and the
special rules that touch a shot: the Elves' -1, the Krobs' +1/+2/+4, Crazy Ork, dogs,
Trolls, the Queen and her Guards, babies).

What this module decides (docs/fire.md has the procedure and every reading):

- `Fire(shooters, target)` in the Offensive Fire sequence (`adventurer_fire`): "all
  archers and crossbowmen may fire, except those in contact with a Krob in a position
  to attack". Several shooters in one action are several shots at one target, one die
  each, resolved in the order given, stopping when the target is dead or gone.
- Defensive fire during the Krob movement: `can_fire_at_moving` (one of the rule set's
  `defensive_fire_checks`) says when the moving Krob may be fired at (movement then
  pauses and raises the "defensive_fire" decision); `Fire` answers that decision
  (`DefensiveFireAnswer`, one of its `defensive_fire_answers`), `Pass` lets the Krob go
  on.
- Krobs their player did not move: when the Krob movement sequence ends, the decision
  "defensive_fire_unmoved" offers them to the Adventurer player (answered by `Fire` or
  `Pass`) before the Krob combat begins.
- `explain_shot(game, shooter, target)`: for any shooter and target, the line and what
  it crosses, the cover and why, the modifiers, the table rows and the chance of each
  result, as data for the client — and whether the shot is allowed now, and why not.

Results are carried out by `combat_results.start_shot`, the code that carries out a
combat's blows, so a shot obeys the same special rules of the counter it hits.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dragonnoir.engine.actions import Action, Fire, Pass
from dragonnoir.engine.events import (
    DecisionRequested,
    Event,
    MovementStopped,
    ShotCancelled,
    ShotResolved,
)
from dragonnoir.engine.explain import Explanation, allowed, refused
from dragonnoir.engine.rules import combat_results, movement
from dragonnoir.engine.rules.combat_geometry import can_fight, distance_between, is_enemy
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.rules.line_of_fire import LineOfFire
from dragonnoir.engine.rules.line_of_fire import line_of_fire as _line_of_fire
from dragonnoir.engine.rules.steps import in_position_to_attack
from dragonnoir.engine.state import Decision, Side, Unit
from dragonnoir.engine.tables import FIRE_COVERS, FireTable, WeaponRate
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Edge, Hex
from dragonnoir.hexmap.los import MAX_RANGE
from dragonnoir.hexmap.terrain import Cover
from dragonnoir.narration.actions import action_name
from dragonnoir.narration.phrase import Cited, DataName, Many, Phrase, Value, Who, tell, tell_n

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

R_FIRE = "Fire with the Bow or Crossbow"
R_OFFENSIVE = "Organisation of the Game Turn: Adventurer Player Turn, 1. Offensive fire"
R_ONCE = "Fire with the Bow or Crossbow (each character may fire only once per firing sequence)"
R_CONTACT = (
    "Fire with the Bow or Crossbow (a character cannot fire if he is on a hex adjacent to "
    "an enemy character)"
)
R_LINE = "Line of Fire"
R_RANGE = "Range of Fire"
R_COVER = "Fire Restrictions and Cover"
R_RESOLUTION = "Resolution of Fire"
R_TABLE = "Resolution of Fire (Fire Table, docs/rules-tables.md)"
R_DEFENSIVE = "Defensive Fire"
R_RATE = "Defensive Fire (Rate of Fire & Movement table, docs/rules-tables.md)"
R_ENGAGED = (
    "Defensive Fire (a shooter cannot fire at a Krob if one of the Adventurers is adjacent to it)"
)
R_UNMOVED = (
    "Defensive Fire (a Krob that the Krob player does not intend to move this turn; our "
    "reading, docs/fire.md)"
)
R_ELVES = "The Adventurers: The Elves"
R_KROB_SHOTS = "The Krobs: Shots"
R_COUNTERS = "The Characters"

OFFENSIVE = "offensive"
DEFENSIVE = "defensive"

UNMOVED_DECISION = "defensive_fire_unmoved"


# -- the line of fire (rules/line_of_fire.py) ---------------------------------------------


def line_of_fire(game: Game, shooter: Unit, target: Unit) -> LineOfFire:
    """The line of fire from `shooter` to `target` (`rules.line_of_fire`), memoised per
    state version. Tests may replace this function."""
    memo = game.cache.get("fire_lines")
    if not isinstance(memo, dict) or memo.get("version") != game.version:
        memo = {"version": game.version}
        game.cache["fire_lines"] = memo
    key = (shooter.id, target.id)
    found = memo.get(key)
    if found is None:
        found = _line_of_fire(game, shooter, target)
        memo[key] = found
    return found


def _line() -> Any:
    """The current `line_of_fire` (a test may replace it on this module)."""
    return globals()["line_of_fire"]


def _distance(game: Game, a: Unit, b: Unit) -> int:
    return distance_between(footprint(game, a), footprint(game, b))


# -- who has fired ----------------------------------------------------------------------------


def _record(game: Game) -> dict[str, Any]:
    """Shots made this game turn, per firing sequence: {"turn", "offensive": {id: n},
    "defensive": {id: n}} in `scratch["fire"]`."""
    record = game.state.scratch.get("fire")
    if not isinstance(record, dict) or record.get("turn") != game.state.turn:
        record = {"turn": game.state.turn, OFFENSIVE: {}, DEFENSIVE: {}}
        game.state.scratch["fire"] = record
    return record


def shots_made(game: Game, unit_id: str, mode: str) -> int:
    """Shots `unit_id` made in this game turn's offensive or defensive firing sequence."""
    record = game.state.scratch.get("fire")
    if not isinstance(record, dict) or record.get("turn") != game.state.turn:
        return 0
    return int(record.get(mode, {}).get(unit_id, 0))


def _count_shot(game: Game, unit_id: str, mode: str) -> None:
    shots: dict[str, int] = _record(game)[mode]
    shots[unit_id] = shots.get(unit_id, 0) + 1


# -- who may fire, at whom --------------------------------------------------------------------


def current_mode(game: Game) -> str | None:
    """Which firing sequence is open: offensive (the Adventurers' fire phase), defensive
    (a defensive-fire decision is pending), or None."""
    if game.state.pending:
        kind = game.state.pending[0].kind
        return DEFENSIVE if kind in ("defensive_fire", UNMOVED_DECISION) else None
    if game.state.phase == "adventurer_fire":
        return OFFENSIVE
    return None


def weapon_rate(game: Game, unit: Unit) -> WeaponRate | None:
    """The Rate of Fire & Movement entry of the unit's weapon; None for non-shooters."""
    rate: WeaponRate | None = game.rules.rate_of_fire.get(profile(game, unit).weapon)
    return rate


def in_contact(game: Game, shooter: Unit) -> Unit | None:
    """A standing enemy adjacent to `shooter` and in a position to attack his hex ("a
    character cannot fire if he is on a hex adjacent to an enemy character ... This case
    does not apply if the enemy character is not in a position to attack the hex
    occupied by the shooter")."""
    if shooter.hex is None:
        return None
    mine = footprint(game, shooter)
    for other in sorted(game.living_units(), key=lambda u: u.id):
        if other.id == shooter.id or not other.standing or not is_enemy(shooter, other):
            continue
        if distance_between(mine, footprint(game, other)) != 1:
            continue
        if can_fight(game, other, shooter):
            return other
    return None


def shooter_problem(game: Game, shooter: Unit, mode: str) -> Explanation | None:
    """Why `shooter` may not fire now in this firing sequence, or None."""
    if shooter.side is not Side.ADVENTURERS:
        return refused(
            tell(
                "{shooter} is not the Adventurer player's: only he fires", shooter=Who(shooter.id)
            ),
            R_FIRE,
        )
    if shooter.hex is None or not shooter.alive:
        return refused(
            tell("{shooter} is not on the map, alive", shooter=Who(shooter.id)), R_COUNTERS
        )
    if not shooter.standing:
        return refused(
            tell("{shooter} is knocked out and cannot fire", shooter=Who(shooter.id)), R_COUNTERS
        )
    rate = weapon_rate(game, shooter)
    if rate is None:
        return refused(
            tell("{shooter} carries no bow or crossbow", shooter=Who(shooter.id)), R_FIRE
        )
    if shots_made(game, shooter.id, mode) >= rate.shots_per_sequence:
        return refused(
            tell("{shooter} has already fired in this firing sequence", shooter=Who(shooter.id)),
            R_ONCE,
        )
    if mode == DEFENSIVE:
        if shooter.moved and not rate.defensive_after_moving:
            return refused(
                tell(
                    "{shooter} moved during his turn: with a {rate} he cannot make a defensive "
                    "shot",
                    shooter=Who(shooter.id),
                    rate=DataName(rate.name),
                ),
                R_RATE,
            )
        if shots_made(game, shooter.id, OFFENSIVE) and not rate.defensive_after_firing:
            return refused(
                tell(
                    "{shooter} fired during his turn: with a {rate} he cannot make a defensive "
                    "shot",
                    shooter=Who(shooter.id),
                    rate=DataName(rate.name),
                ),
                R_RATE,
            )
    enemy = in_contact(game, shooter)
    if enemy is not None:
        return refused(
            tell(
                "{shooter} is adjacent to {enemy}, who is in a position to attack him: he is busy "
                "fighting hand to hand",
                shooter=Who(shooter.id),
                enemy=Who(enemy.id),
            ),
            R_CONTACT,
        )
    return None


def engaged_with(game: Game, target: Unit) -> Unit | None:
    """An Adventurer adjacent to `target` that `target` is in a position to attack ("the
    two characters are in combat": a shooter would hit one as well as the other)."""
    for other in sorted(game.living_units(Side.ADVENTURERS), key=lambda u: u.id):
        if in_position_to_attack(game, target, other):
            return other
    return None


def target_problem(game: Game, shooter: Unit, target: Unit, mode: str) -> Explanation | None:
    """Why `shooter` may not fire at `target` (leaving aside the line of fire), or None."""
    if target.hex is None or not target.alive:
        return refused(tell("{target} is not on the map, alive", target=Who(target.id)), R_FIRE)
    if target.id == shooter.id or not is_enemy(shooter, target):
        return refused(
            tell(
                "{target} is not an enemy of {shooter}",
                target=Who(target.id),
                shooter=Who(shooter.id),
            ),
            R_FIRE,
        )
    table: FireTable = game.rules.fire
    if mode == DEFENSIVE or table.restrictions.engaged_target_offensive:
        friend = engaged_with(game, target)
        if friend is not None:
            return refused(
                tell(
                    "{friend} is adjacent to {target}, which is in a position to attack him: they "
                    "are in combat, and the shot could hit either",
                    friend=Who(friend.id),
                    target=Who(target.id),
                ),
                R_ENGAGED,
            )
    return None


# -- judging a shot ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Modifier:
    value: int
    reason: Phrase
    rule: str

    def said(self) -> Phrase:
        """ "+1 the shooter is wounded", for the narrator."""
        return tell("{value} {reason}", value=format(self.value, "+d"), reason=self.reason)


@dataclass(frozen=True, slots=True)
class ShotPlan:
    """Everything about one shot before the die: the line, the cover, the modifiers and
    what each face of the die would give."""

    shooter: str
    target: str
    weapon: str
    line: LineOfFire
    modifiers: tuple[Modifier, ...]

    @property
    def modifier(self) -> int:
        return sum(m.value for m in self.modifiers)

    @property
    def cover(self) -> Cover:
        return self.line.cover


def modifiers(game: Game, shooter: Unit, target: Unit) -> tuple[Modifier, ...]:
    """The die modifiers of a shot, each with its reason and rule ("Resolution of Fire",
    "The Elves", "The Krobs: Shots")."""
    table: FireTable = game.rules.fire
    out: list[Modifier] = []
    if shooter.wounds > 0 and table.modifiers.wounded_shooter:
        out.append(
            Modifier(table.modifiers.wounded_shooter, tell("the shooter is wounded"), R_RESOLUTION)
        )
    if "elf" in profile(game, shooter).tags and table.modifiers.elf_shooter:
        out.append(
            Modifier(
                table.modifiers.elf_shooter, tell("an Elf shoots (excellent shooters)"), R_ELVES
            )
        )
    tp = profile(game, target)
    if tp.is_krob:
        value = table.target_modifier(tp.category, newborn=not target.adult)
        if value:
            out.append(Modifier(value, _krob_target(tp.category), R_KROB_SHOTS))
    return tuple(out)


#: "The Krobs: Shots": the Krobs whose kind changes the die of a shot at them.
_KROB_TARGETS: dict[str, Phrase] = {
    "warrior": tell("the target is a Krob Warrior (its carapace acts as armour)"),
    "guard": tell("the target is a Queen's Guard"),
    "queen": tell("the target is the Queen"),
}


def _krob_target(category: str) -> Phrase:
    found = _KROB_TARGETS.get(category)
    return found if found is not None else tell("the target is a Krob {kind}", kind=category)


def plan_shot(game: Game, shooter: Unit, target: Unit) -> ShotPlan:
    """The shot judged before the die, whether or not it is allowed now."""
    weapon = profile(game, shooter).weapon or "none"
    line = _line()(game, shooter, target)
    return ShotPlan(shooter.id, target.id, weapon, line, modifiers(game, shooter, target))


def line_problem(plan: ShotPlan) -> Explanation | None:
    line = plan.line
    if not line.possible:
        reason, rule = (
            line.reasons[0] if line.reasons else (tell("there is no line of fire"), R_LINE)
        )
        return refused(
            tell("no shot at {target}: {reason}", target=Who(plan.target), reason=reason),
            rule or R_LINE,
        )
    if line.cover not in FIRE_COVERS:
        return refused(
            tell(
                "{target} has total cover: it is impossible to fire at him", target=Who(plan.target)
            ),
            R_COVER,
        )
    return None


def by_die(game: Game, plan: ShotPlan) -> list[dict[str, Any]]:
    """What each face of the d10 gives: the row read (after modifiers) and the result."""
    table: FireTable = game.rules.fire
    out: list[dict[str, Any]] = []
    for face in range(1, 11):
        row = table.die(face, plan.modifier)
        if plan.cover in FIRE_COVERS and plan.weapon != "none":
            code = table.result(plan.weapon, plan.cover, row).code
        else:
            code = None
        out.append({"die": face, "row": row, "result": code})
    return out


def probabilities(game: Game, plan: ShotPlan) -> dict[str, float]:
    """The chance of each result code of the Fire Table (A, B, C, no effect)."""
    table: FireTable = game.rules.fire
    counts = {r.code: 0 for r in table.results}
    for entry in by_die(game, plan):
        if entry["result"] is not None:
            counts[entry["result"]] += 1
    return {code: n / 10 for code, n in counts.items()}


def _hex_json(h: Hex) -> list[int]:
    return [h.q, h.r]


def _edge_json(edge: Edge) -> list[list[int]]:
    return [_hex_json(edge.a), _hex_json(edge.b)]


def plan_details(game: Game, plan: ShotPlan) -> dict[str, Any]:
    """The shot as data for the client to draw (section 6 of the Fire issue): plain JSON
    values, but for the reasons (`cover_why`, `modifiers`), phrases for the narrator."""
    table: FireTable = game.rules.fire
    line = plan.line
    rows = sorted({entry["row"] for entry in by_die(game, plan)})
    results = {r.code: {"name": r.name, "effect": r.effect.value} for r in table.results}
    return {
        "shooter": plan.shooter,
        "target": plan.target,
        "weapon": plan.weapon,
        "line": {
            "possible": line.possible,
            "start": list(line.start),
            "end": list(line.end),
            "range": line.range,
            "crossed_hexes": [_hex_json(h) for h in line.crossed_hexes],
            "crossed_edges": [[_edge_json(e), f] for e, f in line.crossed_edges],
            "blockers": list(line.blockers),
        },
        "cover": line.cover.value,
        "cover_why": [{"reason": r, "rule": s} for r, s in line.reasons],
        "modifiers": [
            {"value": m.value, "reason": m.reason, "rule": m.rule} for m in plan.modifiers
        ],
        "die_modifier": plan.modifier,
        "rows": rows,
        "by_die": by_die(game, plan),
        "probabilities": probabilities(game, plan),
        "results": results,
    }


def explain_shot(
    game: Game, shooter_id: str, target_id: str, mode: str | None = None
) -> Explanation:
    """For any shooter and target: may he fire at it now (in `mode`, default the open
    firing sequence, else offensive), and the shot's data (`plan_details`) either way
    when both are on the map."""
    units = game.state.units
    shooter, target = units.get(shooter_id), units.get(target_id)
    if shooter is None:
        return refused(tell("no such character"), R_COUNTERS)
    if target is None:
        return refused(tell("no such character"), R_COUNTERS)
    mode = mode or current_mode(game) or OFFENSIVE
    details: dict[str, Any] = {"mode": mode}
    if shooter.hex is not None and target.hex is not None:
        details.update(plan_details(game, plan_shot(game, shooter, target)))
    why = _problem(game, shooter, target, mode)
    if why is not None:
        return refused(why.said, why.rule, **details)
    return allowed(
        tell("{shooter} may fire at {target}", shooter=Who(shooter.id), target=Who(target.id)),
        R_FIRE,
        **details,
    )


def _problem(game: Game, shooter: Unit, target: Unit, mode: str) -> Explanation | None:
    why = shooter_problem(game, shooter, mode) or target_problem(game, shooter, target, mode)
    if why is not None:
        return why
    return line_problem(plan_shot(game, shooter, target))


def eligible_shooters(game: Game, target: Unit, mode: str) -> list[Unit]:
    """The Adventurers who may fire at `target` now, in id order."""
    out: list[Unit] = []
    if target.hex is None or not target.alive:
        return out
    candidates = [
        u
        for u in sorted(game.living_units(Side.ADVENTURERS), key=lambda u: u.id)
        if weapon_rate(game, u) is not None
    ]
    if not candidates:
        return out
    if (
        mode == DEFENSIVE or game.rules.fire.restrictions.engaged_target_offensive
    ) and engaged_with(game, target) is not None:
        return out
    for shooter in candidates:
        if _distance(game, shooter, target) > MAX_RANGE:
            continue
        if shooter_problem(game, shooter, mode) is not None:
            continue
        if target_problem(game, shooter, target, mode) is not None:
            continue
        if line_problem(plan_shot(game, shooter, target)) is None:
            out.append(shooter)
    return out


# -- the Fire action --------------------------------------------------------------------------


def explain_fire(game: Game, action: Fire, mode: str) -> Explanation:
    if not action.shooters:
        return refused(tell("name at least one shooter"), R_FIRE)
    if len(set(action.shooters)) != len(action.shooters):
        return refused(tell("each character may fire only once per firing sequence"), R_ONCE)
    target = game.state.units.get(action.target)
    if target is None:
        return refused(tell("no such character"), R_COUNTERS)
    shots: list[dict[str, Any]] = []
    for sid in action.shooters:
        shooter = game.state.units.get(sid)
        if shooter is None:
            return refused(tell("no such character"), R_COUNTERS)
        verdict = explain_shot(game, sid, action.target, mode)
        if not verdict.legal:
            return refused(verdict.said, verdict.rule, shots=[verdict.details])
        shots.append(verdict.details)
    return allowed(
        tell_n(
            "{shooters} fire at {target} ({n} shot, one die)",
            "{shooters} fire at {target} ({n} shots, one die each)",
            len(shots),
            shooters=Many(tuple(Who(s) for s in action.shooters)),
            target=Who(action.target),
        ),
        R_FIRE,
        mode=mode,
        shots=shots,
    )


def resolve_fire(game: Game, action: Fire, mode: str) -> list[Event]:
    """The shots, one die each, in the order given; the rest are not taken once the
    target is dead, has left its hex, or its player must choose a retreat."""
    table: FireTable = game.rules.fire
    target = game.state.units[action.target]
    aimed = (target.hex, target.level)
    events: list[Event] = []
    for sid in action.shooters:
        shooter = game.state.units[sid]
        gone = _gone(game, target, aimed)
        if gone is None:
            why = _problem(game, shooter, target, mode)
            gone = None if why is None else why.said
        if gone is not None:
            events.append(ShotCancelled(sid, target.id, gone, R_FIRE))
            continue
        plan = plan_shot(game, shooter, target)
        _, die = game.roll(tell("shot"), R_RESOLUTION, plan.modifier, by=sid)
        row = table.die(die.value, plan.modifier)
        result = table.result(plan.weapon, plan.cover, row)
        shooter.fired = True
        _count_shot(game, sid, mode)
        events.append(die)
        events.append(
            ShotResolved(
                shooter=sid,
                target=target.id,
                weapon=plan.weapon,
                cover=plan.cover.value,
                range=plan.line.range,
                die=die.value,
                modified_die=row,
                result=result.code,
                meaning=DataName(result.name),
                modifiers=tuple(m.said() for m in plan.modifiers),
                cover_why=tuple(
                    tell("{reason} ({rule})", reason=said, rule=Cited(rule))
                    for said, rule in plan.line.reasons
                ),
                mode=mode,
            )
        )
        events.extend(combat_results.start_shot(game, sid, target.id, result.effect, R_RESOLUTION))
    game.touch()
    return events


def _gone(game: Game, target: Unit, aimed: tuple[Any, float]) -> Value | None:
    if not target.alive:
        return tell("{unit} is dead", unit=Who(target.id))
    if (target.hex, target.level) != aimed:
        return tell("{unit} is no longer on the hex aimed at", unit=Who(target.id))
    if game.state.pending or game.state.scratch.get("combat") is not None:
        return tell("{unit} is retreating", unit=Who(target.id))
    return None


class FireRules:
    """`Fire` in the Offensive Fire sequence."""

    def explain(self, game: Game, action: Action) -> Explanation:
        assert isinstance(action, Fire)
        return explain_fire(game, action, OFFENSIVE)

    def apply(self, game: Game, action: Action) -> list[Event]:
        assert isinstance(action, Fire)
        return resolve_fire(game, action, OFFENSIVE)

    def generate(self, game: Game, side: Side) -> Iterable[Action]:
        if side is not Side.ADVENTURERS or game.state.phase != "adventurer_fire":
            return []
        out: list[Action] = []
        for target in sorted(game.living_units(), key=lambda u: u.id):
            if target.side is Side.ADVENTURERS:
                continue
            out.extend(_fire_actions(game, target, OFFENSIVE))
        return out


def _fire_actions(game: Game, target: Unit, mode: str) -> list[Fire]:
    """One Fire per eligible shooter, and one by all of them together when several."""
    shooters = [u.id for u in eligible_shooters(game, target, mode)]
    out = [Fire((sid,), target.id) for sid in shooters]
    if len(shooters) > 1:
        out.append(Fire(tuple(shooters), target.id))
    return out


# -- defensive fire at a moving Krob ----------------------------------------------------------


def can_fire_at_moving(game: Game, krob: Unit) -> bool:
    """The check movement asks after each step of a Krob's move: may the Adventurer
    player stop it here and fire at it?"""
    return bool(eligible_shooters(game, krob, DEFENSIVE))


def end_interrupted_move(game: Game, krob: Unit, reason: Value) -> list[Event]:
    """The Krob's move interrupted by a shot (or a spell) is over (it retreated, or
    must)."""
    game.state.scratch.pop("move_in_progress", None)
    if krob.alive:
        krob.mp_spent = max(krob.mp_spent, profile(game, krob).movement)
    game.touch()
    if krob.hex is None or not krob.alive:
        return []
    return [MovementStopped(krob.id, krob.hex, reason, R_DEFENSIVE)]


class DefensiveFireAnswer:
    """`Fire` as the answer to the "defensive_fire" decision raised by movement."""

    def explain(self, game: Game, decision: Decision, action: Action) -> Explanation:
        assert isinstance(action, Fire)
        moving = decision.data.get("unit")
        if action.target != moving:
            return refused(
                tell(
                    "defensive fire here is at the moving Krob {moving}, stopped on this hex",
                    moving=Who(str(moving)),
                ),
                R_DEFENSIVE,
            )
        return explain_fire(game, action, DEFENSIVE)

    def apply(self, game: Game, decision: Decision, action: Action) -> list[Event]:
        assert isinstance(action, Fire)
        game.pop_decision()
        krob = game.state.units[action.target]
        events = resolve_fire(game, action, DEFENSIVE)
        if not krob.alive:  # its move is over; nothing to settle for a dead counter
            game.state.scratch.pop("move_in_progress", None)
            game.touch()
            return events
        at = decision.data.get("at")
        moved_off = krob.hex is None or [krob.hex.q, krob.hex.r] != at
        if moved_off or game.state.pending:
            events.extend(
                end_interrupted_move(
                    game, krob, tell("driven back by defensive fire: its move ends")
                )
            )
            return events
        if can_fire_at_moving(game, krob):
            game.push_decision(Decision("defensive_fire", Side.ADVENTURERS, dict(decision.data)))
            events.append(
                DecisionRequested(
                    "defensive_fire",
                    Side.ADVENTURERS.value,
                    tell("fire again at {unit} or let it go on", unit=Who(krob.id)),
                )
            )
            return events
        events.extend(movement.resume_move(game))
        return events

    def generate(self, game: Game, decision: Decision) -> Iterable[Action]:
        krob = game.state.units.get(str(decision.data.get("unit")))
        if krob is None:
            return []
        return _fire_actions(game, krob, DEFENSIVE)


# -- defensive fire at Krobs that did not move ------------------------------------------------


def unmoved_targets(game: Game) -> list[str]:
    """Krobs their player did not move this turn, that some Adventurer may fire at."""
    return [
        k.id
        for k in sorted(game.living_units(Side.KROBS), key=lambda u: u.id)
        if not k.moved and eligible_shooters(game, k, DEFENSIVE)
    ]


def _offer_unmoved(game: Game) -> list[Event]:
    targets = unmoved_targets(game)
    if not targets:
        return []
    game.push_decision(Decision(UNMOVED_DECISION, Side.ADVENTURERS, {"targets": targets}))
    return [
        DecisionRequested(
            UNMOVED_DECISION,
            Side.ADVENTURERS.value,
            tell(
                "defensive fire at the Krobs that did not move ({units}), or pass",
                units=Many(tuple(Who(t) for t in targets)),
            ),
        )
    ]


def krob_movement_over(game: Game) -> list[Event]:
    """Entry hook of the Krob combat phase: the Krob movement sequence has just ended,
    so the Krobs that did not move are those "the Krob player does not intend to move
    this counter during his turn"."""
    return _offer_unmoved(game)


class UnmovedFireRules:
    """The "defensive_fire_unmoved" decision: `Fire` at a Krob that did not move, or
    `Pass` to end defensive fire."""

    def explain(self, game: Game, decision: Decision, action: Action) -> Explanation:
        if isinstance(action, Pass):
            return allowed(
                tell("no (more) defensive fire at the Krobs that did not move"), R_UNMOVED
            )
        if not isinstance(action, Fire):
            return refused(
                tell(
                    "{action} does not answer defensive fire: fire, or pass",
                    action=action_name(action.kind),
                ),
                R_UNMOVED,
            )
        if action.target not in decision.data.get("targets", ()):
            return refused(
                tell(
                    "{target} is not a Krob that stayed put this turn: a Krob that has not yet "
                    "begun to move cannot be fired at, unless its player does not move it",
                    target=Who(action.target),
                ),
                R_UNMOVED,
            )
        return explain_fire(game, action, DEFENSIVE)

    def apply(self, game: Game, decision: Decision, action: Action) -> list[Event]:
        game.pop_decision()
        if isinstance(action, Pass):
            return []
        assert isinstance(action, Fire)
        events = resolve_fire(game, action, DEFENSIVE)
        events.extend(_offer_unmoved(game))
        return events

    def generate(self, game: Game, decision: Decision) -> Iterable[Action]:
        out: list[Action] = []
        for tid in decision.data.get("targets", ()):
            target = game.state.units.get(tid)
            if target is not None:
                out.extend(_fire_actions(game, target, DEFENSIVE))
        out.append(Pass())
        return out
