"""The turn sequence as data ("Organisation of the Game Turn").

Each game turn: the Adventurer player turn (offensive fire, movement, combat, knocked-out
characters stand up), Gharv interphase 1 (appearance, combat, disappearance), the Krob
player turn (movement with defensive fire, combat), Gharv interphase 2. "It is important
to respect the order of succession of the sequences. A new sequence may only begin if the
previous one is finished."

A phase says who acts, which actions it allows, whether it runs by itself (the Gharvs,
the knocked-out characters standing up) and what comes next. `Game` enters a phase, runs
its entry hook, and after every action checks whether it is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from dragonnoir.engine.state import Side


@dataclass(frozen=True, slots=True)
class Phase:
    """One sequence of the game turn."""

    id: str
    title: str
    section: str  # the rulebook section that governs it, for citations
    side: Side  # whose phase it is (the side that ends it)
    actions: frozenset[str]  # action type names allowed (besides answers to decisions)
    automatic: bool = False  # resolved by the engine alone on entry
    new_turn: bool = False  # entering it starts a new game turn
    spell_slot: bool = False  # a wizard may cast a spell during this phase ("Magic")


_ADV = Side.ADVENTURERS
_KROB = Side.KROBS
_GHARV = Side.GHARVS

#: The game turn in order; after the last phase comes the first of the next turn.
SEQUENCE: Final[tuple[Phase, ...]] = (
    Phase(
        "adventurer_fire",
        "Adventurer turn: offensive fire",
        "Organisation of the Game Turn: Adventurer Player Turn, 1. Offensive fire",
        _ADV,
        frozenset({"Fire", "CastSpell", "EndPhase"}),
        new_turn=True,
        spell_slot=True,
    ),
    Phase(
        "adventurer_movement",
        "Adventurer turn: movement",
        "Organisation of the Game Turn: Adventurer Player Turn, 2. Movement",
        _ADV,
        frozenset(
            {
                "Move",
                "Jump",
                "Fly",
                "SailBoat",
                "CastSpell",
                "EnterMap",
                "LeaveMap",
                "EnterPassage",
                "EndPhase",
            }
        ),
        spell_slot=True,
    ),
    Phase(
        "adventurer_combat",
        "Adventurer turn: combat",
        "Organisation of the Game Turn: Adventurer Player Turn, 3. Combat",
        _ADV,
        frozenset(
            {
                "Attack",
                "WithdrawAttack",
                "Declare",
                "ResolveCombat",
                "DestroyWeb",
                "CastSpell",
                "EndPhase",
            }
        ),
        spell_slot=True,
    ),
    Phase(
        "adventurer_recovery",
        "Adventurer turn: knocked-out characters stand up",
        "Organisation of the Game Turn: Adventurer Player Turn, 4. Knocked-out characters",
        _ADV,
        frozenset(),
        automatic=True,
    ),
    Phase(
        "gharv1_appearance",
        "Gharv interphase 1: appearance",
        "Organisation of the Game Turn: Gharv Interphase 1, 1. Appearance of the Gharvs",
        _GHARV,
        frozenset(),
        automatic=True,
    ),
    Phase(
        "gharv1_combat",
        "Gharv interphase 1: combat",
        "Organisation of the Game Turn: Gharv Interphase 1, 2. Combat",
        _GHARV,
        frozenset(),
        automatic=True,
    ),
    Phase(
        "gharv1_disappearance",
        "Gharv interphase 1: disappearance",
        "Organisation of the Game Turn: Gharv Interphase 1, 3. Disappearance of the Gharvs",
        _GHARV,
        frozenset(),
        automatic=True,
    ),
    Phase(
        "krob_movement",
        "Krob turn: movement and defensive fire",
        "Organisation of the Game Turn: Krob Player Turn, 1. Movement and defensive fire",
        _KROB,
        frozenset({"Move", "EnterMap", "EnterPassage", "EndPhase"}),
        spell_slot=True,
    ),
    Phase(
        "krob_combat",
        "Krob turn: combat",
        "Organisation of the Game Turn: Krob Player Turn, 2. Combat",
        _KROB,
        frozenset({"Attack", "WithdrawAttack", "Declare", "ResolveCombat", "EndPhase"}),
        spell_slot=True,
    ),
    Phase(
        "gharv2_appearance",
        "Gharv interphase 2: appearance",
        "Organisation of the Game Turn: Gharv Interphase 2",
        _GHARV,
        frozenset(),
        automatic=True,
    ),
    Phase(
        "gharv2_combat",
        "Gharv interphase 2: combat",
        "Organisation of the Game Turn: Gharv Interphase 2",
        _GHARV,
        frozenset(),
        automatic=True,
    ),
    Phase(
        "gharv2_disappearance",
        "Gharv interphase 2: disappearance",
        "Organisation of the Game Turn: Gharv Interphase 2",
        _GHARV,
        frozenset(),
        automatic=True,
    ),
)

#: Setup phases before the first game turn (a scenario's deployment step): entered only
#: when a scenario has units to place, in the order it sets (`scratch["setup_queue"]`).
SETUP: Final[tuple[Phase, ...]] = (
    Phase(
        "krob_deployment",
        "Deployment: the Krobs",
        "Course of a Game (deployment, ours: docs/scenarios.md)",
        _KROB,
        frozenset({"Deploy", "EndPhase"}),
    ),
    Phase(
        "adventurer_deployment",
        "Deployment: the Adventurers",
        "Course of a Game (deployment, ours: docs/scenarios.md)",
        _ADV,
        frozenset({"Deploy", "EndPhase"}),
    ),
)

PHASES: Final[dict[str, Phase]] = {p.id: p for p in (*SEQUENCE, *SETUP)}
FIRST_PHASE: Final = SEQUENCE[0].id


def phase(phase_id: str) -> Phase:
    """The phase with this id (KeyError names it)."""
    return PHASES[phase_id]


def next_phase(phase_id: str) -> tuple[Phase, bool]:
    """The phase after `phase_id`, and whether it begins a new game turn."""
    if phase_id not in {p.id for p in SEQUENCE}:
        return SEQUENCE[0], False  # after the setup phases, the first turn's first phase
    index = SEQUENCE.index(PHASES[phase_id])
    following = SEQUENCE[(index + 1) % len(SEQUENCE)]
    return following, following.new_turn
