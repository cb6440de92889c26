"""The one protocol every player program follows, and how agents are named and seeded.

`Agent.choose(view)` answers whatever the engine asks of the agent's side: its phases'
actions and every decision (which character takes a wound, a retreat path, an advance,
defensive fire, a spell window). It sees only the `SideView`; it returns one of
`view.legal` (or another action the engine's `explain` accepts on the view).

Agents are named as on the command line: `random`, `passive` (a side that barely fights
back: passive_agent.py), `ai` (= `ai:normal`), `ai:easy`, `ai:normal`, `ai:hard`. Each
gets its own `random.Random`, seeded from the game's seed and its side through a one-way
hash: the same game seed gives the same AI moves (a replay reproduces), yet the agent
cannot work back to the game's seed and so to the dice.
"""

from __future__ import annotations

import hashlib
from typing import Protocol

from dragonnoir.ai.view import SideView
from dragonnoir.engine.actions import Action
from dragonnoir.engine.state import Side
from dragonnoir.errors import DragonNoirError
from dragonnoir.i18n import _

#: The names `make_agent` knows, as the command line lists them.
AGENT_NAMES = ("random", "passive", "ai", "ai:easy", "ai:normal", "ai:hard")
LEVELS = ("easy", "normal", "hard")


class Agent(Protocol):
    """A player program for one side."""

    side: Side
    #: What the agent means to do, one line per group and turn (the client may show it).
    intent: list[str]

    def choose(self, view: SideView) -> Action:
        """The action to take now; `view.legal` is never empty when asked."""
        ...


def agent_seed(game_seed: int, side: Side, name: str = "") -> int:
    """The seed of an agent's own generator: a one-way function of the game's seed."""
    digest = hashlib.blake2b(
        f"{game_seed}:{side.value}:{name}".encode(), digest_size=8, person=b"dn-agent"
    ).digest()
    return int.from_bytes(digest, "big")


def make_agent(name: str, side: Side, game_seed: int) -> Agent:
    """The agent called `name` for `side` in a game of seed `game_seed`."""
    spec = name.strip().lower()
    if spec == "ai":
        spec = "ai:normal"
    seed = agent_seed(game_seed, side, spec)
    if spec == "random":
        from dragonnoir.ai.random_agent import RandomPlayer

        return RandomPlayer(side, seed)
    if spec == "passive":
        from dragonnoir.ai.passive_agent import PassivePlayer

        return PassivePlayer(side, seed)
    if spec.startswith("ai:") and spec[3:] in LEVELS:
        from dragonnoir.ai.tactical import TacticalAgent

        return TacticalAgent(side, seed, level=spec[3:])
    raise UnknownAgent(name)


class UnknownAgent(DragonNoirError):
    """An agent's name that is none of `AGENT_NAMES` (the command line, a turn file's
    autoplay): the refusal lists the names there are."""

    def __init__(self, name: str) -> None:
        super().__init__(
            _("unknown agent {name!r}: use one of {names}").format(
                name=name, names=", ".join(AGENT_NAMES)
            )
        )
