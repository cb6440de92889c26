"""What players read instead of internal ids: characters by their names, weapons by
their names, hexes by their cell.

The engine's events and refusals name characters by id ("rebel_knight_1 moves 3
hex(es)") because ids are what saves and replays keep. Players read names, so every text
the client shows goes through one `Names` of the game:

- `full(uid)`: the roster name, the one the scenario picker and the hover panel use
  ("Knight of Halöven 1", "Elf Archer 1");
- `short(uid)`: the counter's name (`render.counter_faces.short_name`: "Knight 1", "Elf 1");
- `text(s)`: any engine text with every unit id of the game and every weapon id
  replaced by its name (ids are matched whole, case-sensitively, so ordinary words
  are left alone);
- `event(e)`: one log line for an event, a few of them reworded to say where (a move
  ends on a cell, a retreat or an advance too).

Formatting names here, not in the engine, keeps events and saves as they are.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from dragonnoir.engine.events import (
    DieRolled,
    Event,
    UnitAdvanced,
    UnitMoved,
    UnitRetreated,
)
from dragonnoir.render.counter_faces import short_name

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game
    from dragonnoir.engine.state import Unit

#: Missile weapons as players say them.
WEAPON_NAMES = {
    "short_bow": "short bow",
    "long_bow": "long bow",
    "crossbow": "crossbow",
}


class Names:
    """Display names of one game's characters (made once per game: `names_of(game)`)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        roster = getattr(game.rules, "roster", None)
        self._full: dict[str, str] = {}
        setup = game.state.scratch.get("scenario")
        given = setup.get("names", {}) if isinstance(setup, dict) else {}
        for unit in game.state.units.values():
            counter = roster.get(unit.kind) if roster is not None else None
            if isinstance(given.get(unit.id), str):  # the scenario's name for him
                self._full[unit.id] = str(given[unit.id])
            else:
                self._full[unit.id] = counter.name if counter is not None else _humane(unit.id)
        self._pattern: re.Pattern[str] | None = None
        self._pattern_ids: frozenset[str] = frozenset()

    def full(self, uid: str) -> str:
        """The character's name ("Knight of Halöven 1")."""
        name = self._full.get(uid)
        if name is None:  # a unit added during the game (a summoned spectre)
            unit = self.game.state.units.get(uid)
            roster = getattr(self.game.rules, "roster", None)
            counter = roster.get(unit.kind) if unit is not None and roster is not None else None
            name = counter.name if counter is not None else _humane(uid)
            self._full[uid] = name
        return name

    def short(self, uid: str) -> str:
        """The counter's name ("Knight 1")."""
        return short_name(self.full(uid))

    def of(self, unit: Unit) -> str:
        return self.full(unit.id)

    def many(self, uids: tuple[str, ...] | list[str]) -> str:
        """ "A", "A and B", "A, B and C"."""
        names = [self.full(u) for u in uids]
        if len(names) <= 1:
            return "".join(names)
        return f"{', '.join(names[:-1])} and {names[-1]}"

    def weapon(self, weapon: str | None) -> str:
        if not weapon:
            return "no missile weapon"
        return WEAPON_NAMES.get(weapon, weapon.replace("_", " "))

    def where(self, h: object) -> str:
        """A hex by its cell, as the hover panel shows it."""
        return self.game.where(h)  # type: ignore[arg-type]

    def text(self, s: str) -> str:
        """`s` with every unit id and weapon id replaced by its name."""
        if not s:
            return s
        ids = frozenset(self.game.state.units)
        if self._pattern is None or ids != self._pattern_ids:
            for uid in ids:
                self.full(uid)
            words = sorted(ids, key=len, reverse=True)
            self._pattern = re.compile(r"\b(" + "|".join(map(re.escape, words)) + r")\b")
            self._pattern_ids = ids
        out = self._pattern.sub(lambda m: self.full(m.group(1)), s) if ids else s
        return _weapons(out)

    def event(self, event: Event) -> str:
        """One log line for `event`, with names and cells."""
        if isinstance(event, UnitMoved) and event.path:
            n = len(event.path)
            return (
                f"{self.full(event.unit)} moves to {self.where(event.path[-1])}: "
                f"{n} hex{'es' if n != 1 else ''} for {event.cost} MP."
            )
        if isinstance(event, UnitRetreated | UnitAdvanced) and event.path:
            verb = "retreats" if isinstance(event, UnitRetreated) else "advances"
            n = len(event.path)
            return (
                f"{self.full(event.unit)} {verb} to {self.where(event.path[-1])} "
                f"({n} hex{'es' if n != 1 else ''})."
            )
        if isinstance(event, DieRolled) and event.by:
            mod = f" -> {event.modified}" if event.modified != event.value else ""
            return (
                f"Die for {self.text(event.purpose)} ({self.full(event.by)}): {event.value}{mod}."
            )
        return self.text(event.text())


def names_of(game: Game) -> Names:
    """The game's `Names`, made once and kept in `game.cache`."""
    found = game.cache.get("ui_names")
    if not isinstance(found, Names) or found.game is not game:
        found = Names(game)
        game.cache["ui_names"] = found
    return found


_WEAPON_RE = re.compile(r"\b(" + "|".join(WEAPON_NAMES) + r")\b")


def _weapons(s: str) -> str:
    return _WEAPON_RE.sub(lambda m: WEAPON_NAMES[m.group(1)], s) if "_" in s else s


def _humane(uid: str) -> str:
    """A name for a unit the roster does not know: "living_dead_2" -> "Living dead 2"."""
    words = uid.replace("_", " ").split()
    if words and words[-1].isdigit():
        words[-1] = str(int(words[-1]))
    return " ".join(words).capitalize()
