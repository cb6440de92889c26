"""The answers to a question that offers spells, without every cast listed.

At the pause after each Krob step (defensive fire) and at the window before the Krobs
attack, the engine's list of answers holds every legal cast: each wizard's every spell
on every target in range, each one checked (about 440 of them in le-nid's hall, 20 ms
a list). The AI never takes a cast from that list: it weighs its own (spells.py,
`TacticalAgent._cast`). Of the list it reads only the other answers (the shots, Pass,
DeclineSpells) and whether it holds more than one answer. Hard's look-ahead meets that
pause in every round it plays out, and listing the casts was half of its time on
le-nid (benchmarks/README.md, "How long the AI thinks").

`spell_answers` gives the engine's answers less the casts, in the engine's order, and
whether any cast is legal (the first one found: cheap). The answers are the engine's
own generators (the rule set's `defensive_fire_answers`, the cast window's Pass), the casts'
left out; tests/ai/test_answers.py holds them to the engine's whole list on seeded games.
"""

from __future__ import annotations

from dragonnoir.engine.actions import Action, Pass
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import magic
from dragonnoir.engine.state import Decision

#: The decisions whose answers include every legal cast.
DEFENSIVE_FIRE = "defensive_fire"
CAST_WINDOW = magic.CAST_WINDOW


def spell_answers(game: Game, decision: Decision) -> tuple[list[Action], bool] | None:
    """For a decision that offers spells: its legal answers other than the casts, in the
    engine's order, and whether a cast is legal too. None for any other decision."""
    if decision.kind == DEFENSIVE_FIRE:
        rest: list[Action] = []
        for kind, answer in game.ruleset.defensive_fire_answers.items():
            if kind != "CastSpell":
                rest.extend(answer.generate(game, decision))
        rest.append(Pass())
    elif decision.kind == CAST_WINDOW:
        rest = [Pass(), *magic.DeclineSpellsAnswer().generate(game, decision)]
    else:
        return None
    return rest, next(iter(magic.casts(game)), None) is not None
