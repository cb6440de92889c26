"""The sides as players name them ("the Krobs"), not by the engine's keys ("krobs")."""

from __future__ import annotations

from dragonnoir.narration.phrase import Value, tell

#: The sides, by `Side`'s values.
SIDE_PHRASES: dict[str, Value] = {
    "adventurers": tell("the Adventurers"),
    "krobs": tell("the Krobs"),
    "gharvs": tell("the Gharvs"),
}


def side_name(code: str | None) -> Value:
    """A side by its name ("the Krobs"); nobody for None."""
    if code is None:
        return tell("nobody")
    return SIDE_PHRASES.get(code, code)
