"""The phases of the game turn by the names players read ("Adventurer turn: movement"):
the log's line at each phase and the client's phase bar say the same words."""

from __future__ import annotations

from dragonnoir.i18n import NP_
from dragonnoir.narration.phrase import Phrase, Value

#: The phases' names, by the phase's id (the engine's `Phase.title` is the English; a
#: phase of a rules file unknown here is said as it is).
PHASE_TITLES = {
    "krob_deployment": NP_("phase", "Deployment: the Krobs"),
    "adventurer_deployment": NP_("phase", "Deployment: the Adventurers"),
    "adventurer_fire": NP_("phase", "Adventurer turn: offensive fire"),
    "adventurer_movement": NP_("phase", "Adventurer turn: movement"),
    "adventurer_combat": NP_("phase", "Adventurer turn: combat"),
    "adventurer_recovery": NP_("phase", "Adventurer turn: knocked-out characters stand up"),
    "gharv1_appearance": NP_("phase", "Gharv interphase 1: appearance"),
    "gharv1_combat": NP_("phase", "Gharv interphase 1: combat"),
    "gharv1_disappearance": NP_("phase", "Gharv interphase 1: disappearance"),
    "krob_movement": NP_("phase", "Krob turn: movement and defensive fire"),
    "krob_combat": NP_("phase", "Krob turn: combat"),
    "gharv2_appearance": NP_("phase", "Gharv interphase 2: appearance"),
    "gharv2_combat": NP_("phase", "Gharv interphase 2: combat"),
    "gharv2_disappearance": NP_("phase", "Gharv interphase 2: disappearance"),
}


def phase_title(phase: str, title: str) -> Value:
    """The phase `phase` by its name (`title`, the engine's English, for a phase unknown
    here)."""
    known = PHASE_TITLES.get(phase)
    return title if known is None else Phrase(known, context="phase")
