"""The counters that lie on the map ("Accessory Counters", "Counters Linked to Magic
Spells") as players name them, not by the engine's keys ("demolished_wall")."""

from __future__ import annotations

from dragonnoir.narration.phrase import Value, tell

#: Each kind of accessory counter (`AccessoryKind`'s values), as the rulebook names it.
ACCESSORIES: dict[str, Value] = {
    "web": tell("a spider web"),
    "boat": tell("a boat"),
    "gallery": tell("a gallery"),
    "demolished_wall": tell("a demolished wall"),
    "bridge": tell("a bridge"),
    "fireball": tell("a fireball"),
    "orb": tell("the Orb"),
    "khuzun": tell("Khuzun"),
    "sun": tell("the Sun"),
    "dungeon_entrance": tell("a dungeon entrance"),
}


def accessory_name(kind: str) -> Value:
    """An accessory counter by its name ("a demolished wall"); an unknown kind with its
    underscores made spaces."""
    return ACCESSORIES.get(kind, kind.replace("_", " "))
