"""The special-rule switches a scenario may set (`[rules]` in the file, docs/scenarios.md):
the Gharvs off, Le Marais Hanté's unstable marsh off, baby Krobs growing up, who deploys
first. Rules modules ask `switch(game, name)`; a game without a scenario has the defaults.

Babies growing up is ours (the rulebook's newborn Krobs stay babies for a scenario's few
turns): with `babies_grow`, every newborn Krob on the map becomes an adult at the start of
the Krob movement phase of game turn 1 + `babies_grow_turns`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dragonnoir.engine.events import Event, UnitGrewUp
from dragonnoir.engine.scenario_format import SwitchesEntry
from dragonnoir.engine.state import Side

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

DEFAULTS: dict[str, Any] = SwitchesEntry().model_dump()
R_BABIES = "The Krobs: baby Krobs (growing up: a scenario switch, ours)"


def switch(game: Game, name: str) -> Any:
    """The scenario's value of switch `name` (its default when the scenario is silent)."""
    setup = game.state.scratch.get("scenario")
    if isinstance(setup, dict):
        values = setup.get("switches")
        if isinstance(values, dict) and name in values:
            return values[name]
    return DEFAULTS[name]


def babies_grow(game: Game) -> list[Event]:
    if not switch(game, "babies_grow"):
        return []
    if game.state.turn != 1 + int(switch(game, "babies_grow_turns")):
        return []
    events: list[Event] = []
    for unit in sorted(game.state.units.values(), key=lambda u: u.id):
        if unit.side is Side.KROBS and not unit.adult and unit.alive:
            unit.adult = True
            events.append(UnitGrewUp(unit.id, R_BABIES))
    if events:
        game.touch()
    return events
