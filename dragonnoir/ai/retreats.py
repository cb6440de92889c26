"""Whether a character has room to retreat, as the side judging it knows the map.

The engine offers an Adventurer's retreat paths as his side sees the map: a Krob hidden
from him is not there for the paths ("Hidden Krobs", docs/scenarios.md; else the list
would tell where he lurks). A path that runs into one finds him, the Adventurer has not
moved, and his retreat is chosen again among the paths now seen, or is blocked if none is
left (`combat_results.lurking_on`, `found_on_retreat`). So the paths the engine lists are
not all the room he has: every path with a hidden Krob on it ends as no path at all.

The Adventurers' AI cannot know that, and its view holds no hidden Krob: for it the
engine's paths are the room. The Krobs' AI knows where its hidden Krobs stand: for it a
retreat every path of which meets one of them is blocked ('A blocked retreat',
docs/combat.md: a knock-out for an Adventurer), and an attack on an Adventurer with a
hidden Krob at his back is worth that much more. `has_room` is that reading, for
`evaluation.cornered`.
"""

from __future__ import annotations

from collections.abc import Sequence

from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.combat_results import lurking_on, retreat_paths
from dragonnoir.engine.state import Unit


def has_room(game: Game, unit: Unit, hexes: int, away_from: Sequence[Unit]) -> bool:
    """Whether `unit` has a retreat of `hexes` hexes away from each of `away_from` that
    runs into no character hidden from his side (in the game as the caller sees it: a
    side's view holds only the hidden characters that side may know of, its own)."""
    return any(
        not lurking_on(game, unit, path)
        for path in retreat_paths(game, unit, hexes, list(away_from))
    )
