"""One combat fought: the die, the Combat Results Table's result and its consequences
("Resolution of Combats").

Apart from the combat rules (combat.py) because both the declared combats, when the
phasing player resolves one (combat_plan.py), and the Gharvs' attacks the engine runs
itself (gharvs.py) fight an attack judged legal (by `combat_odds.assess`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonnoir.engine.events import CombatResolved, Event
from dragonnoir.engine.rules import combat_results as results
from dragonnoir.engine.rules.combat_odds import R_RESOLUTION, Assessment, attacks_allowed, is_guard
from dragonnoir.engine.values import profile
from dragonnoir.narration.phrase import DataName, tell

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game


def fight(game: Game, verdict: Assessment) -> list[Event]:
    """Resolve an attack judged legal: one die, the result, then its consequences.

    Also the entry point for combats the engine runs itself (the Gharvs' attacks)."""
    units = game.state.units
    table = game.rules.combat
    turn = game.state.turn
    guard_log = game.state.scratch.setdefault("guard_attacks", {})
    for uid in verdict.attackers:
        unit = units[uid]
        if verdict.between_legs:
            unit.attacked = attacks_allowed(profile(game, unit))  # its only attack
        else:
            unit.attacked += 1
        if is_guard(profile(game, unit)):
            record = guard_log.get(uid)
            if not isinstance(record, dict) or record.get("turn") != turn:
                record = {"turn": turn, "defenders": [], "between_legs": False}
            record["defenders"] = sorted({*record["defenders"], *verdict.defenders})
            record["between_legs"] = bool(record["between_legs"] or verdict.between_legs)
            guard_log[uid] = record
    results.mark_engaged(game, (*verdict.attackers, *verdict.defenders))

    _, die_event = game.roll(
        tell("combat"),
        R_RESOLUTION.split(":")[0],
        verdict.die_modifier,
        by="+".join(verdict.attackers),
        floor=table.die_range[0],
    )
    row = table.die(die_event.value, verdict.die_modifier)
    result = table.result(verdict.column, row)
    events: list[Event] = [
        die_event,
        CombatResolved(
            attackers=verdict.attackers,
            defenders=verdict.defenders,
            attack=verdict.attack,
            defence=verdict.defence,
            odds=verdict.odds,
            column=verdict.column_label,
            shifts=verdict.shift_reasons(),
            die=die_event.value,
            modified_die=row,
            result=result.code,
            meaning=DataName(result.name),
            die_modifiers=verdict.modifier_reasons(),
            zone=verdict.zone or "",
        ),
    ]
    events.extend(
        results.start(
            game,
            verdict.attackers,
            verdict.defenders,
            result.attacker.effect,
            result.attacker.hexes,
            result.defender.effect,
            result.defender.hexes,
        )
    )
    return events
