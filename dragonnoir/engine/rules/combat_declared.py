"""The combats declared in the current combat phase (issue 8, ruling 2), as plain JSON in
`state.scratch["declared"]` so that a save holds a phase stopped half-way:

    {"turn": t, "phase": id, "closed": bool,
     "combats": [{"attackers": [ids], "defenders": [ids], "engaged": [ids],
                  "between_legs": bool, "status": "declared" | "resolved" | "lapsed"}]}

Why declarations: "Advance after combat ... must be carried out immediately, without
waiting for the resolution of the other combats in progress" and "an enemy character
adjacent to the crossed hex triggers a die roll only if he is not engaged at the same
moment in a combat ... It does not matter whether the combat has already taken place or
not" only make sense if every combat of the phase is known before the first is resolved.

This module only reads and writes the record; rules/combat_plan.py judges the actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

DECLARED = "declared"
RESOLVED = "resolved"
LAPSED = "lapsed"


def record(game: Game) -> dict[str, Any]:
    """This phase's record (a fresh, unsaved one when there is none yet)."""
    found = game.state.scratch.get("declared")
    here = [game.state.turn, game.state.phase]
    if isinstance(found, dict) and [found.get("turn"), found.get("phase")] == here:
        return found
    return {"turn": here[0], "phase": here[1], "closed": False, "combats": []}


def save(game: Game, rec: dict[str, Any]) -> None:
    game.state.scratch["declared"] = rec


def combats(game: Game) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = record(game)["combats"]
    return out


def closed(game: Game) -> bool:
    """Are the declarations of this combat phase closed (`Declare`)?"""
    return bool(record(game)["closed"])


def open_combats(game: Game) -> list[tuple[int, dict[str, Any]]]:
    """(number from 1, combat) of the combats declared and not yet resolved."""
    return [(i + 1, c) for i, c in enumerate(combats(game)) if c["status"] == DECLARED]


def planned_against(game: Game, unit_id: str) -> list[dict[str, Any]]:
    """The combats this phase names `unit_id` in as an attacker, while the declarations
    are open (they count against his attacks of the turn)."""
    if closed(game):
        return []
    return [c for c in combats(game) if unit_id in c["attackers"]]


def engaged(game: Game) -> frozenset[str]:
    """Everyone named in a combat declared this phase, as attacker or defender (with
    Lucifer when he defends Godiva)."""
    out: set[str] = set()
    for c in combats(game):
        if c["status"] != LAPSED:
            out.update(c["attackers"])
            out.update(c.get("engaged") or c["defenders"])
    return frozenset(out)
