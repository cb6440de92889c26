"""The name players read for a character: the scenario's name for him, else his
counter's (the roster's), in English as the rules data write it; the narrator translates
it (`narration.names.data_name`). Apart from `rules/hidden.py` so that the line of fire,
which hidden.py asks, can name who stands in it without importing hidden.py back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonnoir.engine.state import Unit

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game


def display_name(game: Game, unit: Unit) -> str:
    """The name players read: the scenario's name for him, else the counter's."""
    setup = game.state.scratch.get("scenario")
    if isinstance(setup, dict):
        names = setup.get("names")
        if isinstance(names, dict) and isinstance(names.get(unit.id), str):
            return str(names[unit.id])
    roster = getattr(game.rules, "roster", None)
    if roster is not None and unit.kind in roster:
        return str(roster[unit.kind].name)
    return unit.id
