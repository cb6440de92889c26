"""A game taken from a save's snapshot as it stands, when its replay check failed.

Loading a save plays its actions again from the set-up and compares the result with the
snapshot the save holds (engine/save.py). When they disagree the save is not simply
refused: a fault in the program's bookkeeping (issue 47: asking the engine a question
wrote into the state) must never cost a player their game. The player is told what
happened in words (`in_words`) and may go on from the snapshot as it stands. Such a
game carries an `Unverified` mark, and every save of it keeps the mark: its actions
replay from the snapshot that was taken, not from the set-up, so what was played since
is checked again, and the mark says that what came before is not.

docs/saves.md, "A save that does not replay", describes the mark and the words.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: The save's field holding the mark.
UNVERIFIED_FIELD = "unverified"


@dataclass(frozen=True)
class Unverified:
    """The mark of a game that went on from a snapshot its actions did not reproduce.

    `actions`: how many of the game's actions came before the snapshot (they do not
    replay to it); `state`: the snapshot taken (`GameState.to_dict()`), from which the
    later actions replay; `reason`: what the replay check found then, as the check
    says it (for a bug report); `turn`: the game turn of the snapshot."""

    actions: int
    state: dict[str, Any]
    reason: str
    turn: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "actions": self.actions,
            "turn": self.turn,
            "reason": self.reason,
            "state": copy.deepcopy(self.state),
        }


@dataclass(frozen=True)
class ReplayFault:
    """Why a save's replay check failed, as the words for the player need it.

    `refused`: the index of the action the replay could not take (None: the replay ran
    to the end and its state differs from the snapshot in `fields`, paths as
    `save.differences` names them: "units[zed].hex", "scratch.boats"); `total`: the
    actions replayed in all; `turn`: the game turn the replay had reached."""

    total: int
    turn: int
    refused: int | None = None
    fields: tuple[str, ...] = ()


#: What a part of the state is, in the words a player reads.
_STATE_WORDS = {
    "turn": "the game turn",
    "phase": "the phase of the turn",
    "accessories": "the counters on the map (webs, boats, objectives)",
    "pending": "the question a player is asked",
    "dice": "the dice thrown",
    "turn_limit": "the turn limit",
    "winner": "the winner",
    "format": "the format of the position",
}
#: The rules' own records (`state.scratch`), in words.
_RECORD_WORDS = {
    "boats": "which boats were rowed this turn",
    "fire": "who has fired this turn",
    "moving": "who is moving",
    "move_in_progress": "a move under way",
    "combat": "the combat under way",
    "declared": "the combats declared",
    "engaged": "who has fought this phase",
    "guard_attacks": "whom the Guards have attacked",
    "gharvs": "who called the Gharvs",
    "gharv_attacks": "the Gharvs' attacks",
    "offmap": "the characters off the map",
    "spells_declined": "the spells declined",
    "game_over": "the end of the game",
    "result": "the end of the game",
    "scenario": "the scenario's set-up",
    "setup_queue": "the order of deployment",
}
#: A character's record, in words.
_UNIT_WORDS = {
    "hex": "place on the map",
    "level": "level",
    "facing": "facing",
    "status": "state",
    "wounds": "wounds",
    "knocked_out_turn": "state",
    "adult": "age",
    "frenzied": "frenzy",
    "expires_turn": "time left on the map",
    "hidden_from": "hiding",
}
_PATH = re.compile(r"^(?P<top>[a-z_]+)(?:\[(?P<key>[^\]]*)\])?(?:\.(?P<sub>[A-Za-z0-9_]+))?")

#: The name a player reads for a character id ('Zed', 'a hidden character').
Namer = Callable[[str], str]


def field_in_words(path: str, name: Namer) -> str:
    """One differing part of the state (`units[zed].hex`) in words ('Zed's place on the
    map'); the same words for the parts a player cannot tell apart."""
    found = _PATH.match(path)
    if found is None:
        return "the position"
    top, key, sub = found.group("top", "key", "sub")
    if top == "units" and key is not None:
        words = _UNIT_WORDS.get(sub or "", "actions this turn" if sub else "presence")
        return f"{name(key)}'s {words}"
    if top == "wizards" and key is not None:
        return f"{name(key)}'s magic energy"
    if top == "scratch":
        return _RECORD_WORDS.get(sub or "", "the rules' own records")
    if top == "units":
        return "the characters"
    if top == "wizards":
        return "the wizards' energy"
    return _STATE_WORDS.get(top, "the position")


def _listed(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


#: What loading does, said once before what went wrong.
CHECK_SAID = (
    "When a game is loaded, its actions are played again from the start to check that "
    "they lead to the position saved."
)
#: Said when the snapshot cannot be played either: nothing to offer.
CANNOT_PLAY_SAID = "Its position cannot be played either."
#: What the player may do, said after it.
OFFER_SAID = (
    "You can go on from the position as it was saved: the game is then marked "
    "unverified, and so is every save of it."
)


def in_words(fault: ReplayFault, name: Namer, *, scenario_changed: bool = False) -> str:
    """What went wrong, for the player: no field paths, no ids, no file names."""
    if fault.refused is not None:
        what = (
            f"For this save, action {fault.refused + 1} of {fault.total} (game turn "
            f"{fault.turn}) is refused when played again, so the position cannot be "
            "checked."
        )
    else:
        parts = list(dict.fromkeys(field_in_words(p, name) for p in fault.fields))
        what = (
            f"For this save they lead to another position: it differs in {_listed(parts)}."
            if parts
            else "For this save they lead to another position."
        )
    cause = (
        "Its scenario file has changed since the game was saved, which is the likely cause."
        if scenario_changed
        else "This comes from a fault in the program's bookkeeping, or from a file changed "
        "since the game was saved."
    )
    return f"{CHECK_SAID} {what} {cause}"


def mark_in_words(mark: Unverified) -> str:
    """The note a game with the mark shows when it is loaded again."""
    return (
        f"Unverified: this game goes on from a position saved in game turn {mark.turn} "
        "that its earlier actions did not lead to; the actions since are checked."
    )
