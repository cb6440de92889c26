"""Judging an attack before the die is thrown: who takes part, the totals and how they
were summed, the odds, every column shift and die modifier with its reason, the final
column and the chance of each result ("Combat" and its subsections, "The Krobs",
"The Adventurers").

`assess(game, action)` returns an `Assessment` or an `Explanation` refusing the attack
and naming the rule. It never changes the game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from dragonnoir.engine.actions import Attack
from dragonnoir.engine.explain import Explanation, refused
from dragonnoir.engine.rules import combat_declared as declared
from dragonnoir.engine.rules.combat_geometry import (
    FRONT,
    REAR,
    adjacent,
    attack_zone,
    between_legs_hexes,
    can_fight,
    is_enemy,
    side_terrain,
    why_cannot_fight,
)
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.state import Unit
from dragonnoir.engine.values import Profile, profile
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import Cited, Many, Phrase, Who, tell
from dragonnoir.narration.sides import side_name

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

R_COMBAT = "Combat"
R_ONE_ATTACK = "Combat: each character can make only one attack per turn"
R_RESOLUTION = "Resolution of Combats: attacks made at less than 1 to 1 are impossible"
R_TERRAIN = "Effect of Terrain on Combats"
R_MULTIPLE = "Multiple Combat"
R_ARMOUR = "Combat Against an Armoured Defender"
R_RESTRICTIONS = (
    "Combat Restrictions: any combat is impossible when the attacker cannot go onto the hex "
    "he is attacking"
)
R_KROB_ATTACK = "The Krobs: Attack"
R_KROB_DEFENCE = "The Krobs: Defence"
R_KILLER = "The Krobs: Combat results"
R_LUCIFER = "The Adventurers: Lucifer and the Wardogs"


@dataclass(frozen=True, slots=True)
class Assessment:
    """Everything about an attack that does not depend on the die."""

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]  # as chosen, plus Lucifer when he defends Godiva
    attack: int
    defence: int
    odds: str  # before shifts
    column: int  # after shifts (index into the Combat Table's columns)
    column_label: str
    shifts: tuple[tuple[int, Phrase], ...]
    die_modifier: int
    die_modifiers: tuple[tuple[int, Phrase], ...]
    zone: str | None  # FRONT / REAR against the Queen or a Guard
    between_legs: bool
    probabilities: dict[str, float]
    details: dict[str, Any] = field(default_factory=dict)

    def shift_reasons(self) -> tuple[Phrase, ...]:
        """One phrase a column shift, its columns first (+1: attack together...)."""
        return tuple(_signed(n, why) for n, why in self.shifts)

    def modifier_reasons(self) -> tuple[Phrase, ...]:
        """One phrase a die modifier, its value first (+1: the defender is armoured...)."""
        return tuple(_signed(n, why) for n, why in self.die_modifiers)


def _signed(n: int, why: Phrase) -> Phrase:
    return tell("{n}: {why}", n=format(n, "+d"), why=why)


def is_guard(p: Profile) -> bool:
    return p.category == "guard"


def attacks_allowed(p: Profile) -> int:
    """Attacks a character may make per turn: two for a Queen's Guard ("The Krobs:
    Attack"), one for everybody else ("Combat")."""
    return 2 if is_guard(p) else 1


def _guard_record(game: Game, unit_id: str) -> dict[str, Any] | None:
    record = game.state.scratch.get("guard_attacks", {}).get(unit_id)
    if not isinstance(record, dict) or record.get("turn") != game.state.turn:
        return None
    return record


def check_attacker(
    game: Game, unit: Unit, defenders: tuple[str, ...], *, between_legs: bool = False
) -> Explanation | None:
    """Why `unit` may not attack (these defenders) now, or None. While the combats of
    the phase are being declared, the combats already declared count as made."""
    p = profile(game, unit)
    if unit.hex is None or not unit.alive:
        return refused(tell("{unit} is not on the map", unit=Who(unit.id)), R_COMBAT)
    if not unit.standing:
        return refused(tell("{unit} is knocked out and cannot attack", unit=Who(unit.id)), R_COMBAT)
    planned = declared.planned_against(game, unit.id)
    attacked = unit.attacked + len(planned)
    if any(c["between_legs"] for c in planned):
        attacked = attacks_allowed(p)
    if planned and between_legs:
        return refused(
            tell(
                "{unit} already has a combat declared: between its legs is its only attack",
                unit=Who(unit.id),
            ),
            R_KROB_ATTACK,
        )
    if attacked >= attacks_allowed(p):
        if is_guard(p):
            return refused(
                tell(
                    "{unit} has already made its two attacks (or one between its legs) this turn",
                    unit=Who(unit.id),
                ),
                R_KROB_ATTACK,
            )
        return refused(
            tell("{unit} has already attacked this turn", unit=Who(unit.id)), R_ONE_ATTACK
        )
    if attacked and is_guard(p):
        record = _guard_record(game, unit.id) or {}
        if record.get("between_legs"):
            return refused(
                tell(
                    "{unit} attacked between its legs: that is its only attack this turn",
                    unit=Who(unit.id),
                ),
                R_KROB_ATTACK,
            )
        before = {*record.get("defenders", ()), *(d for c in planned for d in c["defenders"])}
        again = sorted(before & set(defenders))
        if again:
            return refused(
                tell(
                    "{unit}'s two attacks must be against different opponents ({units} already "
                    "attacked)",
                    unit=Who(unit.id),
                    units=Many(tuple(Who(i) for i in again)),
                ),
                R_KROB_ATTACK,
            )
    return None


def lucifer_joins(game: Game, defenders: list[Unit]) -> Unit | None:
    """Lucifer, when Godiva is attacked and he is adjacent to her ("Lucifer and the
    Wardogs": one is obliged to add his defence to his mistress's). Our reading: he
    takes part in the defence (he shares its retreats and may take its blows)."""
    ids = {u.id for u in defenders}
    godivas = [u for u in defenders if "godiva" in profile(game, u).tags]
    if not godivas:
        return None
    for unit in game.state.units.values():
        if (
            unit.id not in ids
            and unit.alive
            and unit.standing
            and unit.hex is not None
            and "godivas_dog" in profile(game, unit).tags
            and any(adjacent(game, unit, g) for g in godivas)
        ):
            return unit
    return None


def assess(game: Game, action: Attack) -> Assessment | Explanation:
    """The attack's numbers, or the refusal naming the rule."""
    units = game.state.units
    if not action.attackers or not action.defenders:
        return refused(tell("an attack needs at least one attacker and one defender"), R_COMBAT)
    if len(set(action.attackers)) != len(action.attackers) or len(set(action.defenders)) != len(
        action.defenders
    ):
        return refused(tell("a character is named twice in the attack"), R_COMBAT)
    for uid in (*action.attackers, *action.defenders):
        if uid not in units:
            return refused(tell("no such character"), R_COMBAT)
    attackers = [units[a] for a in action.attackers]
    defenders = [units[d] for d in action.defenders]
    acting = game.phase.side
    for a in attackers:
        if a.side is not acting:
            return refused(
                tell(
                    "{unit} is not of the side whose turn it is ({side}): the decision to attack "
                    "belongs to that player",
                    unit=Who(a.id),
                    side=side_name(acting.value),
                ),
                R_COMBAT,
            )
        refusal = check_attacker(game, a, action.defenders, between_legs=action.between_legs)
        if refusal is not None:
            return refusal
    for d in defenders:
        if d.hex is None or not d.alive:
            return refused(
                tell("{unit} is not a living character on the map", unit=Who(d.id)), R_COMBAT
            )
        if not all(is_enemy(a, d) for a in attackers):
            return refused(tell("{unit} is not an enemy", unit=Who(d.id)), R_COMBAT)
    for a in attackers:
        for d in defenders:
            if not can_fight(game, a, d):
                return refused(why_cannot_fight(game, a, d), R_RESTRICTIONS)

    # The Queen and her Guards: front and rear ("always carried out separately").
    zones: set[str] = set()
    for d in defenders:
        for a in attackers:
            zone = attack_zone(game, a, d)
            if zone is not None:
                zones.add(zone)
    if len(zones) > 1:
        return refused(
            tell("attacks from the front and from behind are always carried out separately"),
            R_KROB_DEFENCE,
        )
    zone = zones.pop() if zones else None

    # A Guard between its legs: alone, its only attack of the turn, on the enemy there.
    between_legs = action.between_legs
    if between_legs:
        guard = attackers[0]
        if len(attackers) != 1 or not is_guard(profile(game, guard)):
            return refused(
                tell("only a Queen's Guard attacking alone attacks between its legs"), R_KROB_ATTACK
            )
        if guard.attacked:
            return refused(
                tell(
                    "{guard} has already attacked this turn: between its legs is its only attack",
                    guard=Who(guard.id),
                ),
                R_KROB_ATTACK,
            )
        legs = between_legs_hexes(guard)
        if len(defenders) != 1 or not set(footprint(game, defenders[0])) <= legs:
            return refused(
                tell(
                    "the attack between the legs is against one enemy placed between "
                    "the Guard's legs"
                ),
                R_KROB_ATTACK,
            )

    chosen = list(defenders)
    lucifer = lucifer_joins(game, chosen)
    if lucifer is not None:
        chosen.append(lucifer)

    table = game.rules.combat
    mods = table.modifiers
    # Attack: summed ("Multiple Combat"); a Guard between its legs doubles it.
    attack_parts: list[dict[str, Any]] = []
    total_attack = 0
    for a in attackers:
        p = profile(game, a)
        value = p.attack
        why = f"{a.id}: {value}"
        if between_legs:
            value *= mods.guard_between_legs_attack
            why += f" x{mods.guard_between_legs_attack} between its legs ({R_KROB_ATTACK})"
        attack_parts.append({"unit": a.id, "attack": value, "why": why})
        total_attack += value
    # Defence: summed; the Queen and Guards attacked from behind use the number in
    # parentheses.
    defence_parts: list[dict[str, Any]] = []
    total_defence = 0
    for d in chosen:
        p = profile(game, d)
        value = p.defence
        why = f"{d.id}: {value}"
        if zone == REAR and p.defence_rear is not None:
            value = p.defence_rear
            why = f"{d.id}: {value} from behind, through the greyed zone ({R_KROB_DEFENCE})"
        elif zone == FRONT and p.defence_rear is not None:
            why = f"{d.id}: {value} from the front ({R_KROB_DEFENCE})"
        if d is lucifer:
            why += f", added to Godiva's because he is next to her ({R_LUCIFER})"
        defence_parts.append({"unit": d.id, "defence": value, "why": why})
        total_defence += value

    column = table.column_for(total_attack, max(1, total_defence))
    ratio = Fraction(total_attack, max(1, total_defence))
    base_details: dict[str, Any] = {
        "attackers": [a.id for a in attackers],
        "defenders": [d.id for d in chosen],
        "attack": total_attack,
        "attack_parts": attack_parts,
        "defence": total_defence,
        "defence_parts": defence_parts,
        "ratio": f"{total_attack}/{total_defence} = {float(ratio):.2f} to 1",
        "zone": zone,
    }
    if column is None:
        return refused(
            tell(
                "{total_attack} against {total_defence} is less than 1 to 1",
                total_attack=total_attack,
                total_defence=total_defence,
            ),
            R_RESOLUTION,
            **base_details,
        )
    odds = table.columns[column]

    shifts: list[tuple[int, Phrase]] = []
    att_effect, att_why = side_terrain(game, attackers)
    def_effect, def_why = side_terrain(game, chosen)
    terrain_shift = game.rules.terrain_shifts.shift(att_effect, def_effect)
    if terrain_shift:
        shifts.append(
            (
                terrain_shift,
                tell(
                    "terrain: attackers ({attackers}) against defenders ({defenders}) ({rule})",
                    attackers=att_effect.value,
                    defenders=def_effect.value,
                    rule=Cited(R_TERRAIN),
                ),
            )
        )
    if len(attackers) >= 2 and mods.joint_attack_shift:
        together = tell("attack together ({rule})", rule=Cited(R_MULTIPLE))
        shifts.append((mods.joint_attack_shift, together))
    if between_legs and mods.guard_between_legs_shift:
        shifts.append(
            (
                mods.guard_between_legs_shift,
                tell("between the Guard's legs ({rule})", rule=Cited(R_KROB_ATTACK)),
            )
        )
    final = table.shift(column, sum(n for n, _ in shifts))

    die_mods: list[tuple[int, Phrase]] = []
    profiles = [profile(game, d) for d in chosen]
    if mods.armoured_defender and all(p.armoured for p in profiles):
        if len(chosen) == 1:
            armour = tell("the defender is armoured ({rule})", rule=Cited(R_ARMOUR))
        else:
            armour = tell("every defender is armoured ({rule})", rule=Cited(R_ARMOUR))
        die_mods.append((mods.armoured_defender, armour))
    if mods.killer_attacks and any(profile(game, a).category == "killer" for a in attackers):
        killer = tell("a Killer attacks; the die never goes below 1 ({rule})", rule=Cited(R_KILLER))
        die_mods.append((mods.killer_attacks, killer))
    modifier = sum(n for n, _ in die_mods)
    probabilities = result_probabilities(game, final, modifier)

    details = {
        **base_details,
        "odds": odds,
        "terrain": {
            "attackers": {"effect": att_effect.value, "why": att_why},
            "defenders": {"effect": def_effect.value, "why": def_why},
            "shift": terrain_shift,
        },
        "shifts": [{"columns": n, "reason": why} for n, why in shifts],
        "column": table.columns[final],
        "die_modifiers": [{"value": n, "reason": why} for n, why in die_mods],
        "die_modifier": modifier,
        "probabilities": probabilities,
        "between_legs": between_legs,
    }
    if lucifer is not None:
        details["joined"] = [{"unit": lucifer.id, "rule": R_LUCIFER}]
    notes = gharv_notes(game, attackers, chosen)
    if notes:
        details["notes"] = notes
    return Assessment(
        attackers=tuple(a.id for a in attackers),
        defenders=tuple(d.id for d in chosen),
        attack=total_attack,
        defence=total_defence,
        odds=odds,
        column=final,
        column_label=table.columns[final],
        shifts=tuple(shifts),
        die_modifier=modifier,
        die_modifiers=tuple(die_mods),
        zone=zone,
        between_legs=between_legs,
        probabilities=probabilities,
        details=details,
    )


R_ZED = "The Adventurers: Zed"


def gharv_notes(game: Game, attackers: list[Unit], defenders: list[Unit]) -> list[dict[str, str]]:
    """What a wound does to a Gharv in this combat, in words for the preview: our reading
    of "Thus, any 'wounded' result against a Gharv is equal to 'killed'" ("Zed") is that
    it closes Zed's paragraph: a Gharv dies of a wound only where his curare is at work
    (docs/gharvs.md)."""
    notes: list[dict[str, str]] = []
    for side, others in ((attackers, defenders), (defenders, attackers)):
        if not any(profile(game, u).category == "gharv" for u in side):
            continue
        if any("zed_curare" in profile(game, u).tags for u in others):
            text = "a Gharv wounded here dies: Zed takes part (his curare)"
        else:
            text = "a Gharv wounded here lives: only Zed's curare kills it (our reading)"
        notes.append({"text": text, "rule": R_ZED})
    return notes


def result_probabilities(game: Game, column: int, modifier: int) -> dict[str, float]:
    """Chance of each result code at `column` with `modifier` on the d10 (each face 1/10;
    the modified die is clamped to the table's rows, so a Killer's 1 stays 1)."""
    table = game.rules.combat
    counts: Counter[str] = Counter()
    for face in range(1, 11):
        counts[table.result(column, table.die(face, modifier)).code] += 1
    return {
        code: n / 10
        for code, n in sorted(counts.items(), key=lambda kv: table.codes().index(kv[0]))
    }


def hexes_of(game: Game, units: list[Unit]) -> list[Hex]:
    out: list[Hex] = []
    for u in units:
        out.extend(footprint(game, u))
    return out
