"""The combat's keys as players say them: what a result does to the character his
player chooses ("knocked_out"), and where a declared combat stands ("lapsed")."""

from __future__ import annotations

from dragonnoir.narration.phrase import Value, tell

#: A combat result's effect on one character (`tables.Effect`'s values, and "retreat" as
#: `ResultConverted` names it).
EFFECTS: dict[str, Value] = {
    "knocked_out": tell("knocked out"),
    "wounded": tell("wounded"),
    "killed": tell("killed"),
    "retreat": tell("retreat"),
}

#: A declared combat's status (`combat_declared`'s DECLARED, RESOLVED, LAPSED).
STATUSES: dict[str, Value] = {
    "declared": tell("declared"),
    "resolved": tell("resolved"),
    "lapsed": tell("lapsed"),
}


def effect_name(key: str) -> Value:
    """A result's effect by its name ("knocked out")."""
    return EFFECTS.get(key, key.replace("_", " "))


def status_name(key: str) -> Value:
    """A declared combat's status by its name."""
    return STATUSES.get(key, key)
