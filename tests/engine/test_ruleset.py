"""The standard rule set, as the engine assembles it: which rules object judges each
action type and answers each decision, and the hooks of each phase in the order they run.

The order is part of the rules (victory is judged after the reveals, the spell window
opens after the Krobs' movement is over): these tables were taken from the engine as it
stood before the rules were assembled in one place, and must not change unnoticed.
"""

from __future__ import annotations

from typing import Any

import dragonnoir.engine.game as engine_game


def _name(hook: Any) -> str:
    """`module.function`, with the side of a hook made per side (`_come_out(Side.KROBS)`);
    an object (action or decision rules) by its class."""
    if not hasattr(hook, "__qualname__"):
        cls = type(hook)
        return f"{cls.__module__.rsplit('.', 1)[-1]}.{cls.__qualname__}"
    name = f"{hook.__module__.rsplit('.', 1)[-1]}.{hook.__qualname__.split('.<locals>')[0]}"
    sides = [
        cell.cell_contents.value
        for cell in hook.__closure__ or ()
        if type(cell.cell_contents).__name__ == "Side"
    ]
    return f"{name}({','.join(sides)})" if sides else name


def _today() -> dict[str, Any]:
    g: Any = engine_game
    return {
        "actions": {k: _name(v) for k, v in g._ACTION_RULES.items()},
        "decisions": {  # test_undo.py adds its own test decisions
            k: _name(v) for k, v in g._DECISION_RULES.items() if not k.startswith("test_")
        },
        "entry": {
            ph: [_name(h) for h in (*g._CORE_HOOKS.get(ph, ()), *g._ENTRY_HOOKS.get(ph, ()))]
            for ph in {*g._CORE_HOOKS, *g._ENTRY_HOOKS}
        },
        "end_checks": {ph: [_name(h) for h in hs] for ph, hs in g._END_CHECKS.items()},
        "closing": {ph: [_name(h) for h in hs] for ph, hs in g._CLOSING_HOOKS.items()},
        "exit": {ph: [_name(h) for h in hs] for ph, hs in g._EXIT_HOOKS.items()},
        "work": {ph: [_name(h) for h in hs] for ph, hs in g._WORK_HOOKS.items()},
        "after_action": [_name(h) for h in g._AFTER_ACTION],
        "turn_end": [_name(h) for h in g._TURN_END],
        "turn_limit": [_name(h) for h in g._TURN_LIMIT_JUDGE],
        "secrecy": [_name(h) for h in g._SECRECY],
    }


STANDARD: dict[str, Any] = {
    "actions": {
        "Attack": "combat.CombatRules",
        "CastSpell": "magic.CastRules",
        "Declare": "combat_plan.PlanRules",
        "Deploy": "offmap.DeployRules",
        "DestroyWeb": "combat.CombatRules",
        "EnterMap": "offmap.EnterMapRules",
        "EnterPassage": "offmap.EnterPassageRules",
        "Fire": "fire.FireRules",
        "Fly": "flight.FlightRules",
        "Jump": "movement.JumpRules",
        "LeaveMap": "offmap.LeaveMapRules",
        "Move": "movement.MoveRules",
        "ResolveCombat": "combat_plan.PlanRules",
        "SailBoat": "boats.SailRules",
        "WithdrawAttack": "combat_plan.PlanRules",
    },
    "decisions": {
        "advance": "combat.AdvanceRules",
        "cast_window": "magic.CastWindowRules",
        "casualty": "combat.CasualtyRules",
        "defensive_fire": "movement.DefensiveFireRules",
        "defensive_fire_unmoved": "fire.UnmovedFireRules",
        "retreat": "combat.RetreatRules",
    },
    "entry": {
        "adventurer_fire": ["game._reset_turn_flags(adventurers)"],
        "adventurer_recovery": ["game._stand_up"],
        "adventurer_movement": ["offmap._come_out(adventurers)"],
        "krob_movement": [
            "game._reset_turn_flags(krobs)",
            "switches._babies_grow",
            "magic._movement_start",
            "offmap._come_out(krobs)",
        ],
        "krob_combat": ["fire._krob_movement_over", "magic.cast_window"],
        "gharv1_appearance": ["gharvs.appear", "magic.dematerialise"],
        "gharv1_combat": ["gharvs.plan_attacks"],
        "gharv1_disappearance": ["gharvs.disappear"],
        "gharv2_appearance": ["gharvs.appear", "magic.dematerialise"],
        "gharv2_combat": ["gharvs.plan_attacks"],
        "gharv2_disappearance": ["gharvs.disappear"],
    },
    "end_checks": {
        "adventurer_deployment": ["offmap._deployment_unfinished(adventurers)"],
        "krob_deployment": ["offmap._deployment_unfinished(krobs)"],
        "adventurer_movement": ["movement.stacking_at_end"],
        "krob_movement": ["movement.stacking_at_end"],
        "adventurer_combat": ["combat_plan.combats_unfinished"],
        "krob_combat": ["combat_plan.combats_unfinished"],
    },
    "closing": {"krob_combat": ["magic._turn_end"]},
    "exit": {
        "adventurer_deployment": ["offmap._deployment_done(adventurers)"],
        "krob_deployment": ["offmap._deployment_done(krobs)"],
        "adventurer_movement": ["movement.settle_stacks"],
        "krob_movement": ["movement.settle_stacks"],
    },
    "work": {"gharv1_combat": ["gharvs.run_attacks"], "gharv2_combat": ["gharvs.run_attacks"]},
    "after_action": [
        "hidden.sweep",
        "objectives.sweep",
        "magic._combat_moments",
        "victory.after_action",
    ],
    "turn_end": ["victory.turn_end"],
    "turn_limit": ["victory.judge_at_limit"],
    "secrecy": ["hidden._secret_from"],
}


def test_the_standard_rules_are_assembled_as_pinned() -> None:
    assert _today() == STANDARD
