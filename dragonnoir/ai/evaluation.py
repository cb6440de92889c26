"""What things are worth to the AI: characters, blows, combats and shots.

One scale for everything, the scenario's own: a character is worth his casualty points
(`dragonnoir/data/casualty_points.toml`, the table that judges a game at its turn limit),
so the AI trades counters the way the scenario counts them. A result is worth the share
of that value it takes away (a death all of it, a wound the share of the wounds left, a
knock-out or a retreat less). A combat or a shot is worth the expectation over the die,
read from the engine's own preview (`Game.explain(...).details["probabilities"]`): the
AI never computes odds of its own, so whatever the engine applies (terrain shifts,
armour, a Killer's -1, a joint attack's column) it sees too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from dragonnoir.ai.memo import this_state
from dragonnoir.ai.retreats import has_room
from dragonnoir.engine.actions import Attack, Fire
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.combat_odds import result_probabilities
from dragonnoir.engine.rules.combat_results import knock_out_retreat
from dragonnoir.engine.state import Side, Unit
from dragonnoir.engine.values import Profile, profile

#: Share of a character's value a knock-out costs: an Adventurer lies helpless for a
#: turn (the Krobs turn it into a retreat: "knocked out ... equivalent to retreats").
KNOCKED_OUT_SHARE = {Side.ADVENTURERS: 0.35, Side.KROBS: 0.08, Side.GHARVS: 0.08}
#: A retreat breaks a line and costs the ground; little else.
RETREAT_SHARE = 0.05


def unit_value(game: Game, unit: Unit) -> float:
    """A character's worth: his casualty points (at least 1; spectres count little)."""
    p = profile(game, unit)
    table = getattr(game.rules, "casualty_points", None)
    if table is None:
        return 1.0
    points = table.of(unit.kind, p, adult=unit.adult)
    return float(points) if points > 0 else 0.5


def wounds_left(unit: Unit, p: Profile) -> int:
    """Wounds he can still take before dying (a dead or one-wound counter: 1)."""
    return max(1, p.wounds_to_kill - unit.wounds)


def loss_share(
    game: Game, unit: Unit, effect: str, *, killer: float = 0.0, p: Profile | None = None
) -> float:
    """The share of `unit`'s value that `effect` (none, retreat, knocked_out, wounded,
    killed) takes. `killer`: the chance a wound is mortal because a Krob Killer dealt it
    ("Any wounded result entails the immediate death of the defender")."""
    p = p or profile(game, unit)
    if effect == "killed":
        # The Queen, the Guards and the Trolls take a "killed" as two wounds.
        if p.category in ("queen", "guard") or "troll" in p.tags:
            return min(1.0, 2 / wounds_left(unit, p))
        return 1.0
    if effect == "wounded":
        normal = 1.0 if wounds_left(unit, p) <= 1 else 0.6 / wounds_left(unit, p)
        if unit.side is Side.ADVENTURERS and killer:
            return killer + (1 - killer) * normal
        return normal
    if effect == "knocked_out":
        if "troll" in p.tags or "dog" in p.tags or "spectre" in p.tags:
            return RETREAT_SHARE
        return KNOCKED_OUT_SHARE.get(unit.side, 0.1)
    if effect == "retreat":
        return RETREAT_SHARE
    return 0.0


def cheapest_loss(
    game: Game,
    units: Iterable[Unit],
    effect: str,
    *,
    killer: float = 0.0,
    hexes: int = 1,
    away_from: Sequence[Unit] = (),
) -> float:
    """What a blow costs a side that chooses who takes it ("it is the player of the side
    concerned who decides"): the least valuable loss among them. A retreat applies to
    all of them; with `away_from` (the other side of the fight), a retreat of `hexes`
    that one of them has no room for costs him what a blocked retreat does
    (`cornered`)."""
    group = list(units)
    if not group:
        return 0.0
    losses = [
        unit_value(game, u)
        * loss_share(game, u, cornered(game, u, effect, hexes, away_from), killer=killer)
        for u in group
    ]
    if effect == "retreat":
        return sum(losses)
    return min(losses)


_ROOM = "ai_room_to_retreat"


def cornered(
    game: Game, unit: Unit, effect: str, hexes: int = 1, away_from: Sequence[Unit] = ()
) -> str:
    """`effect` as it falls on `unit` where he stands. A retreat he has no room for (no
    path of `hexes` strictly away from each of `away_from` that runs into no Krob hidden
    from him: `retreats.has_room`) is what the engine makes of a blocked retreat
    (docs/combat.md, "A blocked retreat"): a wound for one whom a knock-out only drives
    back (the Krobs, Trolls, dogs), a knock-out for the others; a knock-out that is
    itself a retreat for him likewise. Without `away_from` the effect is taken as it reads."""
    if not away_from or effect not in ("retreat", "knocked_out"):
        return effect
    p = profile(game, unit)
    driven = knock_out_retreat(game, unit, p)
    if effect == "knocked_out":
        if driven is None:
            return effect
        hexes = driven[0]
    # Asked for each result of each attack weighed: kept per state version.
    kept: dict[tuple[str, int, tuple[str, ...]], bool] = this_state(game, _ROOM)
    key = (unit.id, hexes, tuple(sorted(u.id for u in away_from)))
    room = kept.get(key)
    if room is None:
        room = kept[key] = has_room(game, unit, hexes, away_from)
    if room:
        return effect
    if not unit.standing:
        return "none"  # a knocked-out character stays knocked out: nothing worse
    return "wounded" if driven is not None else "knocked_out"


#: How much more a blow to an enemy the side wins by killing counts (the Queen, the
#: wizard of a `kill` condition): every wound brings the end of the game nearer.
TARGET_WEIGHT = 2.0


def combat_value(
    game: Game,
    attack: Attack,
    details: Mapping[str, Any],
    targets: frozenset[str] = frozenset(),
    target_weight: float = TARGET_WEIGHT,
) -> float:
    """The expected gain of `attack` for the attacking side, from the engine's preview
    `details` (its `probabilities` per result code of the Combat Table): what the
    defenders are expected to lose minus what the attackers are. A blow to one of
    `targets` (the enemies a victory condition names) counts `target_weight` times."""
    units = game.state.units
    attackers = [units[a] for a in details.get("attackers", attack.attackers) if a in units]
    defenders = [units[d] for d in details.get("defenders", attack.defenders) if d in units]
    killers = [a for a in attackers if profile(game, a).category == "killer"]
    mortal = 0.0
    if killers:
        mods = game.rules.combat.modifiers
        mortal = 1.0 if len(attackers) == 1 else mods.killer_mortal_max / 10
    by_code = {r.code: r for r in game.rules.combat.results}
    weight = target_weight if any(d.id in targets for d in defenders) else 1.0
    gain = 0.0
    for code, chance in details.get("probabilities", {}).items():
        result = by_code.get(code)
        if result is None or not chance:
            continue
        hurt = cheapest_loss(
            game,
            defenders,
            result.defender.effect.value,
            killer=mortal,
            hexes=result.defender.hexes,
            away_from=attackers,
        )
        cost = cheapest_loss(
            game,
            attackers,
            result.attacker.effect.value,
            hexes=result.attacker.hexes,
            away_from=defenders,
        )
        gain += float(chance) * (weight * hurt - cost)
    return gain


def shot_value(game: Game, shot: Mapping[str, Any]) -> float:
    """The expected loss one shot inflicts, from `explain(Fire)`'s per-shot details
    (`probabilities` per result code and each code's `effect` on the target). A
    Krob's knock-out is a retreat away from the shooter: one he has no room for is a
    wound (`cornered`)."""
    units = game.state.units
    target = units.get(str(shot.get("target", "")))
    if target is None:
        return 0.0
    shooter = units.get(str(shot.get("shooter", "")))
    away = [shooter] if shooter is not None else []
    results = shot.get("results", {})
    value = unit_value(game, target)
    gain = 0.0
    for code, chance in shot.get("probabilities", {}).items():
        effect = cornered(game, target, str(results.get(code, {}).get("effect", "none")), 1, away)
        gain += float(chance) * value * loss_share(game, target, effect)
    return gain


def fire_value(game: Game, action: Fire) -> float:
    """The expected loss a `Fire` action inflicts (0 when the engine refuses it)."""
    verdict = game.explain(action)
    if not verdict.legal:
        return 0.0
    return sum(shot_value(game, s) for s in verdict.details.get("shots", ()))


def planned_column(game: Game, attack: int, defence: int, attackers: int) -> int | None:
    """The Combat Table's column for `attack` against `defence`, shifted for a joint
    attack: the planner's reading, terrain left out, wherever the engine is not asked
    (the contacts of a hex, `attack_loss`, the retreats a declared combat may bring in
    bridge_room.py)."""
    table = game.rules.combat
    column = table.column_for(attack, max(1, defence))
    if column is None:
        return None
    if attackers >= 2:
        column = table.shift(column, table.modifiers.joint_attack_shift)
    return int(column)


def attack_loss(
    game: Game,
    attack: int,
    defence: int,
    defender: Unit,
    armoured: bool,
    *,
    attackers: int = 1,
    shift: int = 0,
) -> float:
    """The loss `defender` may expect from an attack of `attack` against `defence`:
    the Combat Table's column for the ratio, a joint attack's shift, `shift` more columns
    (a known terrain effect), armour's die modifier. For weighing places and spells
    before an attack exists to ask the engine about."""
    table = game.rules.combat
    column = planned_column(game, attack, defence, attackers)
    if column is None:
        return 0.0
    if shift:
        column = table.shift(column, shift)
    modifier = table.modifiers.armoured_defender if armoured else 0
    by_code = {r.code: r for r in table.results}
    value = unit_value(game, defender)
    return sum(
        float(chance) * value * loss_share(game, defender, by_code[code].defender.effect.value)
        for code, chance in result_probabilities(game, column, modifier).items()
    )
