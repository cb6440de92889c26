"""Missile weapons as players say them ("long bow"), not as the rules data keys them
("long_bow"): the engine's refusals and the narrator's events both name them."""

from __future__ import annotations

from dragonnoir.narration.phrase import Value, tell

#: The weapons of the Rate of Fire & Movement table, by their keys.
WEAPONS: dict[str, Value] = {
    "short_bow": tell("short bow"),
    "long_bow": tell("long bow"),
    "crossbow": tell("crossbow"),
}


def weapon(key: str) -> Value:
    """A weapon by its name ("long bow"); one of a player's rules files by its key, its
    underscores made spaces."""
    return WEAPONS.get(key, key.replace("_", " "))
