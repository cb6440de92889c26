"""The map editor's lists and menus: the values a mode keeps and the words a player reads
for them, kept apart.

A pygame_gui list or menu gives back the text of the option chosen; when that text was
also the value (a tool's key, a file's `orb_off`), every option had to be English. A
`Choices` holds both: the widget shows `shown()`, in the player's language, and the
event's text goes back to its value with `value(text)`. Also here: the hex sides'
features and the zones' kinds as the board tools' lists say them, and the rules data's
names (terrains) in the player's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from dragonnoir.hexmap.board import EdgeFeature, ZoneKind
from dragonnoir.i18n import N_, _, current
from dragonnoir.narration.names import data_name


class Choices:
    """A list's or a menu's options: (value, words shown), in order."""

    def __init__(self, options: Iterable[tuple[str, str]]) -> None:
        self.options = list(options)

    @classmethod
    def of(cls, values: Iterable[str], table: Mapping[str, str]) -> Choices:
        """`values` said by `table` (English words marked `N_`), translated now."""
        return cls((v, _(table[v]) if v in table else v.replace("_", " ")) for v in values)

    def shown(self) -> list[str | tuple[str, str]]:
        """The words the widget shows (pygame_gui's list type)."""
        return [said for _value, said in self.options]

    def said(self, value: str | None) -> str | None:
        """The words shown for `value` (None when it is not an option)."""
        return next((said for v, said in self.options if v == value), None)

    def value(self, shown: str) -> str | None:
        """The value of the option whose words are `shown` (None: not an option)."""
        return next((v for v, said in self.options if said == shown), None)


#: The hex sides' features and the zones' kinds as the editor's lists say them.
FEATURE_NAMES = {
    EdgeFeature.WALL: N_("Wall"),
    EdgeFeature.DOOR: N_("Door"),
    EdgeFeature.LOW_WALL: N_("Low wall"),
    EdgeFeature.WINDOW: N_("Window"),
    EdgeFeature.ARROW_SLIT: N_("Arrow slit"),
    EdgeFeature.EMBANKMENT_TOP: N_("Embankment top"),
    EdgeFeature.CLIFF: N_("Cliff"),
}
ZONE_KIND_NAMES = {
    ZoneKind.ENTRY: N_("entry"),
    ZoneKind.DEPLOYMENT: N_("deployment"),
    ZoneKind.CELL: N_("cell"),
    ZoneKind.EXIT: N_("exit"),
    ZoneKind.DUNGEON_ENTRANCE: N_("dungeon entrance"),
    ZoneKind.LANDING_STAGE: N_("landing stage"),
}


def feature_name(feature: EdgeFeature) -> str:
    if feature in FEATURE_NAMES:
        return _(FEATURE_NAMES[feature])
    return feature.value.replace("_", " ").capitalize()


def zone_kind_name(kind: ZoneKind) -> str:
    if kind in ZONE_KIND_NAMES:
        return _(ZONE_KIND_NAMES[kind])
    return kind.value.replace("_", " ")


def data_word(name: str) -> str:
    """A name of the rules data (a terrain's) in the player's language."""
    return data_name(name, current())
