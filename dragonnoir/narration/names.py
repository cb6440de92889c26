"""What players call the characters of a game: the roster's names, or the scenario's.

A character's name is the roster's for his counter ("Knight of Halöven 1"), unless the
scenario gave him one of its own; a unit the roster does not know (a summoned spectre
of a rules file of the player's) gets one made from its id ("Living dead 2"), so that
no id is ever shown.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from dragonnoir.i18n import Catalog
from dragonnoir.local_texts import Texts, file_texts

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game


class GameNames:
    """The display names of one game's characters (`names_of(game)` keeps one a game)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        setup = game.state.scratch.get("scenario")
        given = setup.get("names", {}) if isinstance(setup, dict) else {}
        self._given = {k: v for k, v in given.items() if isinstance(v, str)}
        self._known: dict[str, str] = {}
        self._texts: Texts | None = None

    def __call__(self, uid: str) -> str:
        """The character's name ("Knight of Halöven 1")."""
        name = self._known.get(uid)
        if name is None:
            name = self._given.get(uid) or self._roster_name(uid) or humane(uid)
            self._known[uid] = name
        return name

    def words(self, text: str, language: str | None = None) -> str:
        """A text the game's scenario file wrote (a name it gives, a condition's words, a
        passage's name) in `language` (None: the one in use), when the file gives it
        (`[text.fr.words]`); else as written. The file is read once, for its words only."""
        if self._texts is None:
            path = self.game.scenario_path
            self._texts = file_texts(Path(path)) if path else Texts("", "")
        return self._texts.word(text, language)

    def _roster_name(self, uid: str) -> str | None:
        unit = self.game.state.units.get(uid)
        roster = getattr(self.game.rules, "roster", None)
        if unit is None or roster is None:
            return None
        counter = roster.get(unit.kind)
        return counter.name if counter is not None else None


def names_of(game: Game) -> GameNames:
    """The game's names, made once and kept in `game.cache`."""
    found = game.cache.get("narration_names")
    if not isinstance(found, GameNames) or found.game is not game:
        found = GameNames(game)
        game.cache["narration_names"] = found
    return found


def base_name(name: str) -> tuple[str, str]:
    """A counter's name and its number apart ("Knight of Halöven 1" -> ("Knight of
    Halöven", " 1")): the catalogs translate the name, the number stays."""
    head, _, tail = name.rpartition(" ")
    if head and tail.isdigit():
        return head, f" {tail}"
    return name, ""


def data_name(name: str, catalog: Catalog) -> str:
    """A name of the rules data (a counter's, a spell's, a terrain's) in the catalog's
    language; a name of the player's own rules files, unknown to the catalog, as it is."""
    base, number = base_name(name)
    return catalog.pgettext("data", base) + number


def humane(uid: str) -> str:
    """A name for a unit the roster does not know: "living_dead_2" -> "Living dead 2"."""
    words = uid.replace("_", " ").split()
    if words and words[-1].isdigit():
        words[-1] = str(int(words[-1]))
    return " ".join(words).capitalize()
