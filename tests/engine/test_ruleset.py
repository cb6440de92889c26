"""The standard rule set, as the engine assembles it: which rules object judges each
action type and answers each decision, and the hooks of each phase in the order they run.

The order is part of the rules (victory is judged after the reveals, the spell window
opens after the Krobs' movement is over): these tables were taken from the engine's
registries as they stood before the rules were assembled in one place (the hooks then
private, or in game.py, have public names in their modules now; movement.py's are in
the modules of the movement package), and must not change unnoticed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from dragonnoir.engine.actions import CastSpell, EndPhase, Move
from dragonnoir.engine.rules import magic
from dragonnoir.engine.ruleset import RuleSet, RulesPart
from dragonnoir.engine.standard_rules import standard_rules
from dragonnoir.engine.state import Wizard
from dragonnoir.engine.testing import Piece, cell_of, hexes, position


def _name(hook: Any) -> str:
    """`module.function`, with the side of a hook made per side (`come_out(Side.KROBS)`);
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


def _described(rules: RuleSet) -> dict[str, Any]:
    def table(hooks: Mapping[str, tuple[Any, ...]]) -> dict[str, list[str]]:
        return {ph: [_name(h) for h in found] for ph, found in hooks.items()}

    return {
        "actions": {k: _name(v) for k, v in rules.actions.items()},
        "decisions": {k: _name(v) for k, v in rules.decisions.items()},
        "entry": table(rules.entry),
        "end_checks": table(rules.end_checks),
        "closing": table(rules.closing),
        "exit": table(rules.exit),
        "work": table(rules.work),
        "after_action": [_name(h) for h in rules.after_action],
        "turn_end": [_name(h) for h in rules.turn_end],
        "turn_limit": [_name(rules.turn_limit_judge)] if rules.turn_limit_judge else [],
        "secrecy": [_name(h) for h in rules.secrecy],
        "defensive_fire_checks": [_name(h) for h in rules.defensive_fire_checks],
        "defensive_fire_answers": {k: _name(v) for k, v in rules.defensive_fire_answers.items()},
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
        "Jump": "jump.JumpRules",
        "LeaveMap": "offmap.LeaveMapRules",
        "Move": "move.MoveRules",
        "ResolveCombat": "combat_plan.PlanRules",
        "SailBoat": "boats.SailRules",
        "WithdrawAttack": "combat_plan.PlanRules",
    },
    "decisions": {
        "advance": "combat.AdvanceRules",
        "cast_window": "magic.CastWindowRules",
        "casualty": "combat.CasualtyRules",
        "defensive_fire": "moving.DefensiveFireRules",
        "defensive_fire_unmoved": "fire.UnmovedFireRules",
        "retreat": "combat.RetreatRules",
    },
    "entry": {
        "adventurer_fire": ["turn_start.reset_turn_flags(adventurers)"],
        "adventurer_recovery": ["turn_start.stand_up"],
        "adventurer_movement": ["offmap.come_out(adventurers)"],
        "krob_movement": [
            "turn_start.reset_turn_flags(krobs)",
            "switches.babies_grow",
            "magic.movement_start",
            "offmap.come_out(krobs)",
        ],
        "krob_combat": ["fire.krob_movement_over", "magic.cast_window"],
        "gharv1_appearance": ["gharvs.appear", "magic.dematerialise"],
        "gharv1_combat": ["gharvs.plan_attacks"],
        "gharv1_disappearance": ["gharvs.disappear"],
        "gharv2_appearance": ["gharvs.appear", "magic.dematerialise"],
        "gharv2_combat": ["gharvs.plan_attacks"],
        "gharv2_disappearance": ["gharvs.disappear"],
    },
    "end_checks": {
        "adventurer_deployment": ["offmap.deployment_unfinished(adventurers)"],
        "krob_deployment": ["offmap.deployment_unfinished(krobs)"],
        "adventurer_movement": ["move.stacking_at_end"],
        "krob_movement": ["move.stacking_at_end"],
        "adventurer_combat": ["combat_plan.combats_unfinished"],
        "krob_combat": ["combat_plan.combats_unfinished"],
    },
    "closing": {"krob_combat": ["magic.turn_end"]},
    "exit": {
        "adventurer_deployment": ["offmap.deployment_done(adventurers)"],
        "krob_deployment": ["offmap.deployment_done(krobs)"],
        "adventurer_movement": ["stacking.settle_stacks"],
        "krob_movement": ["stacking.settle_stacks"],
    },
    "work": {"gharv1_combat": ["gharvs.run_attacks"], "gharv2_combat": ["gharvs.run_attacks"]},
    "after_action": [
        "hidden.sweep",
        "objectives.sweep",
        "magic.combat_moments",
        "victory.after_action",
    ],
    "turn_end": ["victory.turn_end"],
    "turn_limit": ["victory.judge_at_limit"],
    "secrecy": ["hidden.secret_from"],
    "defensive_fire_checks": ["fire.can_fire_at_moving", "magic.cast_pause"],
    "defensive_fire_answers": {
        "Fire": "fire.DefensiveFireAnswer",
        "CastSpell": "magic.CastDuringKrobMove",
        "DeclineSpells": "magic.DeclineSpellsAnswer",
    },
}


def test_the_standard_rules_are_assembled_as_pinned() -> None:
    described = _described(standard_rules())
    assert described == STANDARD
    # The order of the defensive fire answers is the order they are listed in.
    assert list(described["defensive_fire_answers"]) == list(STANDARD["defensive_fire_answers"])


# -- a game with fewer rules ----------------------------------------------------------

FLOOR = """
. . . . . . . .
 . . . . . . . .
. . . . . . . .
"""


def test_a_game_without_magic_refuses_a_spell_and_plays_on() -> None:
    """The magic module's part taken away: a wizard's cast is refused as having no rules,
    no spell window opens, and moving and ending phases go on as before."""
    rules = standard_rules().without("magic")
    game = position(FLOOR, [Piece("zacharie", (0, 0))], ruleset=rules)
    game.state.wizards["zacharie"] = Wizard("zacharie", 1, 100)
    target = hexes(game, (2, 0))[0]
    verdict = game.explain(CastSpell("zacharie", "blink", (f"{target.q},{target.r}",)))
    assert not verdict.legal
    assert verdict.reason == "no rules for a spell in this game's rule set"
    assert not any(isinstance(a, CastSpell) for a in game.legal_actions())
    game.apply(Move("zacharie", hexes(game, (1, 0), (2, 0))))
    assert cell_of(game, "zacharie") == (2, 0)
    while game.state.phase != "krob_combat":
        game.apply(EndPhase())
    assert not game.state.pending  # the spell window of the standard rules stays shut
    with_magic = position(FLOOR, [Piece("zacharie", (0, 0))])
    with_magic.state.wizards["zacharie"] = Wizard("zacharie", 1, 100)
    assert with_magic.explain(CastSpell("zacharie", "blink", (f"{target.q},{target.r}",))).legal


def test_a_game_without_gharvs_passes_their_interphases_by() -> None:
    rules = standard_rules().without("gharvs")
    assert "gharv1_combat" not in rules.entry and "gharv1_combat" not in rules.work
    assert rules.entry["gharv1_appearance"] == (magic.dematerialise,)
    game = position(FLOOR, {"zed": (0, 0)}, phase="adventurer_combat", ruleset=rules)
    game.apply(EndPhase())
    assert game.state.phase == "krob_movement"


def test_two_parts_may_not_judge_the_same_action() -> None:
    again = RulesPart("again", actions={Move: object()})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="'Move': claimed by both movement and again"):
        standard_rules().plus(again)


def test_a_hook_on_a_phase_that_does_not_exist_is_refused() -> None:
    with pytest.raises(KeyError):
        RuleSet((RulesPart("typo", entry={"krob_movment": ()}),))
