"""The map editor's lists and menus: the values a mode keeps and the words a player reads
for them, kept apart.

A pygame_gui list or menu gives back the text of the option chosen; when that text was
also the value (a tool's key, a file's `orb_off`), every option had to be English. A
`Choices` holds both: the widget shows `shown()`, in the player's language, and the
event's text goes back to its value with `value(text)`. Also here: the hex sides'
features and the zones' kinds as the board tools' lists say them (their words are
`editor/words.py`'s), and the rules data's names (terrains) in the player's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from dragonnoir.editor.words import ZONE_KIND_WORDS, feature_word, word
from dragonnoir.hexmap.board import EdgeFeature, ZoneKind
from dragonnoir.i18n import _


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


def feature_name(feature: EdgeFeature) -> str:
    """A hex side's feature as the board tools' list says it."""
    return feature_word(feature)


def zone_kind_name(kind: ZoneKind) -> str:
    """A zone's kind as the zone tool's list says it."""
    return word(ZONE_KIND_WORDS, kind.value)
