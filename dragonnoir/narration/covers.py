"""The Fire Table's cover classes as players say them ("medium cover"), not by the
terrain data's keys ("medium"): the line of fire's reasons and the narrated shots both
name them."""

from __future__ import annotations

from dragonnoir.narration.phrase import Value, tell

#: The cover classes, by `hexmap.terrain.Cover`'s values.
COVERS: dict[str, Value] = {
    "none": tell("no cover"),
    "light": tell("light cover"),
    "medium": tell("medium cover"),
    "strong": tell("strong cover"),
    "total": tell("total cover"),
}


def cover_name(key: str) -> Value:
    """A cover class by its name ("medium cover"); one of a player's rules files by its
    key."""
    return COVERS.get(key, tell("{cover} cover", cover=key))
