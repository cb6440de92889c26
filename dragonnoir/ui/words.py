"""The client's words for the sides, the cover classes and a scenario's features, in
the player's language, for every screen (the menus load no engine: tests/test_lazy_imports.py).

The engine names a scenario's features in English (`Scenario.features()`, the words of
its docs); the picker translates them here by those words, so a feature the engine adds
later is still listed (in English until the catalogs know it).
"""

from __future__ import annotations

from dragonnoir.engine.state import Side
from dragonnoir.i18n import N_, _

#: The sides as the screens name them.
SIDE_NAMES = {
    Side.ADVENTURERS: N_("Adventurers"),
    Side.KROBS: N_("Krobs"),
    Side.GHARVS: N_("Gharvs"),
}

#: The Fire Table's cover classes (`hexmap.terrain.Cover`, as the engine writes them).
COVER_NAMES = {
    "none": N_("none"),
    "light": N_("light"),
    "medium": N_("medium"),
    "strong": N_("strong"),
    "total": N_("total"),
}

#: The features of `Scenario.features()`, marked for the catalogs.
FEATURE_WORDS = frozenset(
    (
        N_("hidden Krobs"),
        N_("deployment"),
        N_("reinforcements"),
        N_("wizards"),
        N_("boats"),
        N_("spider webs"),
        N_("Gharvs"),
        N_("deep passages"),
        N_("the Queen"),
        N_("Guards"),
        N_("Killers"),
        N_("babies"),
        N_("the Orb"),
        N_("Khuzun"),
        N_("the Sun exit"),
        N_("Elves"),
        N_("Goblins"),
        N_("Lucifer and Godiva"),
        N_("Trolls"),
        N_("Zed"),
        N_("the Crazy Ork"),
    )
)


def side_name(side: Side | None) -> str:
    """A side's name in the player's language ("nobody" for None)."""
    return _(SIDE_NAMES[side]) if side in SIDE_NAMES else _("nobody")


def feature_words(feature: str) -> str:
    """A feature in the player's language (as it is when the catalogs do not know it)."""
    return _(feature) if feature in FEATURE_WORDS else feature


def cover_words(cover: str) -> str:
    """A cover class in the player's language ("none", "light"...)."""
    return _(COVER_NAMES[cover]) if cover in COVER_NAMES else cover
