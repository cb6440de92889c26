"""Memos the AI keeps for one state of the game.

What the AI works out again and again while it weighs one position (a goal's walking
field for every mover, a boat's journey for every rower, the room to retreat for every
combat result; once a state: the map's bridges and galleries, whether the Gharvs rise
here, the party's share of the '?' counters) is kept in the game's cache under a name,
and forgotten as soon as the state changes (`Game.version` moves on: an action, an
undo, a phase entered).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from dragonnoir.engine.game import Game

T = TypeVar("T")


def this_state(game: Game, name: str) -> dict[Any, Any]:
    """The memo `name` of the game's state now: empty after any change of state."""
    return once_per_state(game, name, _empty)


def once_per_state(game: Game, name: str, work: Callable[[Game], T]) -> T:
    """`work(game)`, done once for the game's state now and kept under `name` (asked at
    every hex weighed, some of them: the quickest lookup, no closure to build)."""
    kept = game.cache.get(name)
    if isinstance(kept, tuple) and kept[0] == game.version:
        found: T = kept[1]
        return found
    value = work(game)
    game.cache[name] = (game.version, value)
    return value


def _empty(_: Game) -> dict[Any, Any]:
    return {}
