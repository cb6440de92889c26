"""The random player: uniform among the legal actions of its side's view.

The engine's `RandomAgent` (dragonnoir/engine/playout.py) drives the playouts from the
real game; this one plays through the same door as every agent (a `SideView`), so it
can sit at a table against the AI and cannot see what its side does not.
"""

from __future__ import annotations

import random

from dragonnoir.ai.view import SideView
from dragonnoir.engine.actions import Action
from dragonnoir.engine.playout import RandomAgent
from dragonnoir.engine.state import Side


class RandomPlayer:
    """`RandomAgent`'s choice, made on the side's view."""

    def __init__(self, side: Side, seed: int) -> None:
        self.side = side
        self.intent: list[str] = []
        self._agent = RandomAgent(0)
        self._agent.rng = random.Random(seed)

    def choose(self, view: SideView) -> Action:
        return self._agent.rng.choice(view.legal)
