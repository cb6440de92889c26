"""The rule revisions a game was begun with.

A save is replayed action by action (engine/save.py), so a change to the rules that
changes which decisions the engine asks, or what a recorded move meets on its way,
would make a game saved by an older version of the program stop replaying. Such a
change is a *revision*: a game begun now records the revisions it plays with
(`state.scratch["revisions"]`), and a game saved before a revision existed replays, and
goes on, with the rules it was begun with. Rules modules ask `has(game, name)`.

- `bridge_banks`: a bridge counter stands at the level of the banks it joins
  (docs/spells.md, "Bridges"); before it, it kept the level of the water under it;
- `krob_turn_windows`: in the Krob turn a wizard may cast at the start of the
  movement, before and after each combat and at the end of the turn (docs/spells.md,
  "When"); before it, only after a Krob's step and as the Krob combat began.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game
    from dragonnoir.engine.state import GameState

FIELD: Final = "revisions"
BRIDGE_BANKS: Final = "bridge_banks"
KROB_TURN_WINDOWS: Final = "krob_turn_windows"
#: Every revision of this version of the program, in the order they came.
CURRENT: Final = (BRIDGE_BANKS, KROB_TURN_WINDOWS)


def stamp(state: GameState) -> None:
    """A new game plays with every revision of this program."""
    state.scratch[FIELD] = list(CURRENT)


def has(game: Game, name: str) -> bool:
    """Does this game play with revision `name`?"""
    found = game.state.scratch.get(FIELD)
    return isinstance(found, list) and name in found


def of_snapshot(snapshot: Any) -> list[str] | None:
    """The revisions a save's snapshot (`GameState.to_dict()`) was played with, None for
    a game begun before revisions were recorded."""
    scratch = snapshot.get("scratch") if isinstance(snapshot, dict) else None
    found = scratch.get(FIELD) if isinstance(scratch, dict) else None
    if isinstance(found, list) and all(isinstance(name, str) for name in found):
        return list(found)
    return None


def align(game: Game, revisions: list[str] | None) -> None:
    """Play `game` (just set up, before its actions are replayed) with `revisions`, the
    snapshot's: a game saved before a revision keeps the rules it was begun with."""
    for state in (game.state.scratch, (game.start_state or {}).get("scratch")):
        if not isinstance(state, dict):
            continue
        if revisions is None:
            state.pop(FIELD, None)
        else:
            state[FIELD] = list(revisions)
    game.cache.clear()  # the rules modules' memos were made with the revisions set up
    game.touch()
