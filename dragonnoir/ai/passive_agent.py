"""The passive player: a side that barely fights back, to measure the other against.

It stands where it is, never attacks, shoots or casts: in each phase it ends the phase
as soon as the rules let it (it deploys, and answers each question, with the engine's
first legal answer). A party that cannot get its job done in time against such Krobs
has the weakness a person finds first (issue 44: against a generic Monte-Carlo player
whose Krobs barely fought back, the Adventurer AI lost la-fosse at the turn limit in
four games of ten): `python -m benchmarks.ai_passive --krobs passive`.
"""

from __future__ import annotations

from dragonnoir.ai.view import SideView
from dragonnoir.engine.actions import Action, Declare, EndPhase, Pass, ResolveCombat
from dragonnoir.engine.state import Side

#: The answers that do nothing, in the order they are looked for.
IDLE = (EndPhase, Pass, Declare, ResolveCombat)


class PassivePlayer:
    """Does nothing it may leave undone; otherwise the first legal answer."""

    def __init__(self, side: Side, seed: int) -> None:
        self.side = side
        self.intent: list[str] = []

    def choose(self, view: SideView) -> Action:
        legal = view.legal
        return next((a for a in legal if isinstance(a, IDLE)), legal[0])
