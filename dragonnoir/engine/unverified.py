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

from dragonnoir.i18n import N_, _

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
    "turn": N_("the game turn"),
    "phase": N_("the phase of the turn"),
    "accessories": N_("the counters on the map (webs, boats, objectives)"),
    "pending": N_("the question a player is asked"),
    "dice": N_("the dice thrown"),
    "turn_limit": N_("the turn limit"),
    "winner": N_("the winner"),
    "format": N_("the format of the position"),
}
#: The rules' own records (`state.scratch`), in words.
_RECORD_WORDS = {
    "boats": N_("which boats were rowed this turn"),
    "fire": N_("who has fired this turn"),
    "moving": N_("who is moving"),
    "move_in_progress": N_("a move under way"),
    "combat": N_("the combat under way"),
    "declared": N_("the combats declared"),
    "engaged": N_("who has fought this phase"),
    "guard_attacks": N_("whom the Guards have attacked"),
    "gharvs": N_("who called the Gharvs"),
    "gharv_attacks": N_("the Gharvs' attacks"),
    "offmap": N_("the characters off the map"),
    "spells_declined": N_("the spells declined"),
    "game_over": N_("the end of the game"),
    "result": N_("the end of the game"),
    "scenario": N_("the scenario's set-up"),
    "setup_queue": N_("the order of deployment"),
}
#: A character's record, in words.
_UNIT_WORDS = {
    "hex": N_("place on the map"),
    "level": N_("level"),
    "facing": N_("facing"),
    "status": N_("state"),
    "wounds": N_("wounds"),
    "knocked_out_turn": N_("state"),
    "adult": N_("age"),
    "frenzied": N_("frenzy"),
    "expires_turn": N_("time left on the map"),
    "hidden_from": N_("hiding"),
}
_PATH = re.compile(r"^(?P<top>[a-z_]+)(?:\[(?P<key>[^\]]*)\])?(?:\.(?P<sub>[A-Za-z0-9_]+))?")

#: The name a player reads for a character id ('Zed', 'a hidden character').
Namer = Callable[[str], str]


def field_in_words(path: str, name: Namer) -> str:
    """One differing part of the state (`units[zed].hex`) in words ('Zed's place on the
    map'); the same words for the parts a player cannot tell apart."""
    found = _PATH.match(path)
    if found is None:
        return _("the position")
    top, key, sub = found.group("top", "key", "sub")
    if top == "units" and key is not None:
        words = _UNIT_WORDS.get(sub or "", N_("actions this turn") if sub else N_("presence"))
        return _("{name}'s {words}").format(name=name(key), words=_(words))
    if top == "wizards" and key is not None:
        return _("{name}'s magic energy").format(name=name(key))
    if top == "scratch":
        return _(_RECORD_WORDS.get(sub or "", N_("the rules' own records")))
    if top == "units":
        return _("the characters")
    if top == "wizards":
        return _("the wizards' energy")
    return _(_STATE_WORDS.get(top, N_("the position")))


def _listed(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return _("{some} and {last}").format(some=", ".join(parts[:-1]), last=parts[-1])


#: What loading does, said once before what went wrong.
CHECK_SAID = N_(
    "When a game is loaded, its actions are played again from the start to check that "
    "they lead to the position saved."
)
#: Said when the snapshot cannot be played either: nothing to offer.
CANNOT_PLAY_SAID = N_("Its position cannot be played either.")
#: What the player may do, said after it.
OFFER_SAID = N_(
    "You can go on from the position as it was saved: the game is then marked "
    "unverified, and so is every save of it."
)


def in_words(fault: ReplayFault, name: Namer, *, scenario_changed: bool = False) -> str:
    """What went wrong, for the player: no field paths, no ids, no file names."""
    if fault.refused is not None:
        what = _(
            "For this save, action {action} of {total} (game turn {turn}) is refused when "
            "played again, so the position cannot be checked."
        ).format(action=fault.refused + 1, total=fault.total, turn=fault.turn)
    else:
        parts = list(dict.fromkeys(field_in_words(p, name) for p in fault.fields))
        what = (
            _("For this save they lead to another position: it differs in {parts}.").format(
                parts=_listed(parts)
            )
            if parts
            else _("For this save they lead to another position.")
        )
    cause = (
        _("Its scenario file has changed since the game was saved, which is the likely cause.")
        if scenario_changed
        else _(
            "This comes from a fault in the program's bookkeeping, or from a file changed "
            "since the game was saved."
        )
    )
    return f"{_(CHECK_SAID)} {what} {cause}"


def mark_in_words(mark: Unverified) -> str:
    """The note a game with the mark shows when it is loaded again."""
    return _(
        "Unverified: this game goes on from a position saved in game turn {turn} "
        "that its earlier actions did not lead to; the actions since are checked."
    ).format(turn=mark.turn)
