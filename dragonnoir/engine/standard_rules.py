"""The rules of Dragon Noir 2, assembled: what each rules module brings, in one place.

The turn sequence is `phases.SEQUENCE` ("Organisation of the Game Turn"): the Adventurer
player turn (fire, movement, combat, recovery), Gharv interphase 1 (appearance, combat,
disappearance), the Krob player turn (movement, combat), Gharv interphase 2; before the
first turn, the deployment phases a scenario asks for. Below, each rules module's part:
the actions it judges, the decisions it answers and the moments of that sequence it
hooks.

The order of the parts is the order in which hooks of the same moment run, and it is
part of the rules (tests/engine/test_ruleset.py pins it):

- on entering the Krob movement: the turn's marks are wiped, babies grow up, the
  wizards' spell moments open, then units waiting off the map come out;
- on entering the Krob combat: the Krobs left unmoved may be shot at, then the spell
  window opens;
- on entering a Gharv appearance: the Gharvs appear, then spectres dematerialise;
- after every action: hidden units come into sight, objectives are picked up or
  detected, spells' combat moments open, and last of all victory is judged (after the
  reveals, which may decide it);
- a moving Krob's pause offers the shot before the spell.

To add a rules module: write it with its rules objects and hooks as plain module
names (it registers nothing), add its `RulesPart` to `STANDARD_PARTS` where its hooks
must run, and add its lines to the pinned table in tests/engine/test_ruleset.py.
"""

from __future__ import annotations

from functools import cache

from dragonnoir.engine.actions import (
    Attack,
    CastSpell,
    Declare,
    Deploy,
    DestroyWeb,
    EnterMap,
    EnterPassage,
    Fire,
    Fly,
    Jump,
    LeaveMap,
    Move,
    ResolveCombat,
    SailBoat,
    WithdrawAttack,
)
from dragonnoir.engine.rules import (
    boats,
    combat,
    combat_plan,
    fire,
    flight,
    gharvs,
    hidden,
    magic,
    objectives,
    offmap,
    switches,
    turn_start,
    victory,
)
from dragonnoir.engine.rules.movement import jump, move, moving, stacking
from dragonnoir.engine.ruleset import RuleSet, RulesPart
from dragonnoir.engine.state import Side

_MOVEMENT_PHASES = ("adventurer_movement", "krob_movement")
_COMBAT_PHASES = ("adventurer_combat", "krob_combat")
_GHARV_INTERPHASES = ("1", "2")

TURN_START = RulesPart(
    "turn_start",
    entry={
        "adventurer_fire": (turn_start.reset_turn_flags(Side.ADVENTURERS),),
        "adventurer_recovery": (turn_start.stand_up,),
        "krob_movement": (turn_start.reset_turn_flags(Side.KROBS),),
    },
)

SWITCHES = RulesPart("switches", entry={"krob_movement": (switches.babies_grow,)})

HIDDEN = RulesPart("hidden", after_action=(hidden.sweep,), secrecy=(hidden.secret_from,))

OBJECTIVES = RulesPart("objectives", after_action=(objectives.sweep,))

MOVEMENT = RulesPart(
    "movement",
    actions={Move: move.MoveRules(), Jump: jump.JumpRules()},
    decisions={"defensive_fire": moving.DefensiveFireRules()},
    end_checks={ph: (move.stacking_at_end,) for ph in _MOVEMENT_PHASES},
    exit={ph: (stacking.settle_stacks,) for ph in _MOVEMENT_PHASES},
)

BOATS = RulesPart("boats", actions={SailBoat: boats.SailRules()})

FLIGHT = RulesPart("flight", actions={Fly: flight.FlightRules()})

FIRE = RulesPart(
    "fire",
    actions={Fire: fire.FireRules()},
    decisions={fire.UNMOVED_DECISION: fire.UnmovedFireRules()},
    entry={"krob_combat": (fire.krob_movement_over,)},
    defensive_fire_checks=(fire.can_fire_at_moving,),
    defensive_fire_answers={"Fire": fire.DefensiveFireAnswer()},
)

COMBAT = RulesPart(
    "combat",
    actions={Attack: combat.RULES, DestroyWeb: combat.RULES},
    decisions={
        "casualty": combat.CasualtyRules(),
        "retreat": combat.RetreatRules(),
        "advance": combat.AdvanceRules(),
    },
)

_PLAN = combat_plan.PlanRules()
COMBAT_PLAN = RulesPart(
    "combat_plan",
    actions={WithdrawAttack: _PLAN, Declare: _PLAN, ResolveCombat: _PLAN},
    end_checks={ph: (combat_plan.combats_unfinished,) for ph in _COMBAT_PHASES},
)

GHARVS = RulesPart(
    "gharvs",
    entry={
        **{f"gharv{n}_appearance": (gharvs.appear,) for n in _GHARV_INTERPHASES},
        **{f"gharv{n}_combat": (gharvs.plan_attacks,) for n in _GHARV_INTERPHASES},
        **{f"gharv{n}_disappearance": (gharvs.disappear,) for n in _GHARV_INTERPHASES},
    },
    work={f"gharv{n}_combat": (gharvs.run_attacks,) for n in _GHARV_INTERPHASES},
)

MAGIC = RulesPart(
    "magic",
    actions={CastSpell: magic.CastRules()},
    decisions={magic.CAST_WINDOW: magic.CastWindowRules()},
    entry={
        "krob_movement": (magic.movement_start,),
        "krob_combat": (magic.cast_window,),
        **{f"gharv{n}_appearance": (magic.dematerialise,) for n in _GHARV_INTERPHASES},
    },
    closing={"krob_combat": (magic.turn_end,)},
    after_action=(magic.combat_moments,),
    defensive_fire_checks=(magic.cast_pause,),
    defensive_fire_answers={
        "CastSpell": magic.CastDuringKrobMove(),
        "DeclineSpells": magic.DeclineSpellsAnswer(),
    },
)

OFFMAP = RulesPart(
    "offmap",
    actions={
        Deploy: offmap.DeployRules(),
        EnterMap: offmap.EnterMapRules(),
        LeaveMap: offmap.LeaveMapRules(),
        EnterPassage: offmap.EnterPassageRules(),
    },
    entry={ph: (offmap.come_out(side),) for ph, side in offmap.MOVEMENT_PHASES.items()},
    end_checks={
        ph: (offmap.deployment_unfinished(side),) for ph, side in offmap.DEPLOYMENT_PHASES.items()
    },
    exit={ph: (offmap.deployment_done(side),) for ph, side in offmap.DEPLOYMENT_PHASES.items()},
)

#: Judged last: victory is decided after everything else an action brought about.
VICTORY = RulesPart(
    "victory",
    after_action=(victory.after_action,),
    turn_end=(victory.turn_end,),
    turn_limit_judge=victory.judge_at_limit,
)

#: The standard game's parts, in the order their hooks run (see the module docstring).
STANDARD_PARTS: tuple[RulesPart, ...] = (
    TURN_START,
    SWITCHES,
    HIDDEN,
    OBJECTIVES,
    MOVEMENT,
    BOATS,
    FLIGHT,
    FIRE,
    COMBAT,
    COMBAT_PLAN,
    GHARVS,
    MAGIC,
    OFFMAP,
    VICTORY,
)


@cache
def standard_rules() -> RuleSet:
    """The rules of Dragon Noir 2, built once (a `RuleSet` holds no game's state)."""
    return RuleSet(STANDARD_PARTS)
