"""Memos the AI keeps for one state of the game.

What the AI works out again and again while it weighs one position (a goal's walking
field for every mover, a boat's journey for every rower, the room to retreat for every
combat result) is kept in the game's cache under a name, and forgotten as soon as the
state changes (`Game.version` moves on: an action, an undo, a phase entered).
"""

from __future__ import annotations

from typing import Any

from dragonnoir.engine.game import Game


def this_state(game: Game, name: str) -> dict[Any, Any]:
    """The memo `name` of the game's state now: empty after any change of state."""
    kept = game.cache.get(name)
    if not (isinstance(kept, tuple) and kept[0] == game.version):
        kept = game.cache[name] = (game.version, {})
    found: dict[Any, Any] = kept[1]
    return found
