"""What the client says about one game: every line through the game's narrator, and the
counters' short names.

The narrator (`dragonnoir.narration`) is the one place events, refusals and the rules'
phrases are put into words, in the language in use, each character by his name and each
hex by its cell (issue 41). The client adds only what is its own:

- `full(uid)`: the character's name in the player's language ("Knight of Halöven 1");
- `short(uid)`: the counter's name (`render.counter_faces.short_name`: "Knight 1"), where a
  card has no room for the whole name;
- `say(said)`, `line(said)`, `event(e)`, `rule(citation)`: the narrator's words.

Nothing here rewrites text: the engine's refusals, events and prompts are phrases
(`Explanation.said`, `DecisionRequested.asked`), said by the narrator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonnoir.i18n import _, current
from dragonnoir.narration.names import data_name
from dragonnoir.narration.narrator import Narrator
from dragonnoir.narration.phrase import Many, Phrase, Who
from dragonnoir.narration.rules import say_rule
from dragonnoir.narration.weapons import weapon as weapon_named
from dragonnoir.render.counter_faces import short_name

if TYPE_CHECKING:
    from dragonnoir.engine.events import Event
    from dragonnoir.engine.game import Game
    from dragonnoir.engine.state import Unit
    from dragonnoir.hexmap.hexes import Hex


class Names:
    """The client's words about one game (made once per game: `names_of(game)`)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.narrator = Narrator.of(game)

    def full(self, uid: str) -> str:
        """The character's name in the player's language ("Knight of Halöven 1")."""
        return self.narrator.value(Who(uid))

    def short(self, uid: str) -> str:
        """The counter's name ("Knight 1")."""
        return short_name(self.full(uid))

    def of(self, unit: Unit) -> str:
        return self.full(unit.id)

    def many(self, uids: tuple[str, ...] | list[str]) -> str:
        """ "A", "A and B", "A, B and C", in the player's language."""
        return self.narrator.value(Many(tuple(Who(u) for u in uids)))

    def data(self, name: str) -> str:
        """A name of the rules data (a spell's, a terrain's) in the player's language."""
        return data_name(name, current())

    def weapon(self, weapon: str | None) -> str:
        if not weapon:
            return _("no missile weapon")
        return self.narrator.value(weapon_named(weapon))

    def where(self, h: Hex) -> str:
        """A hex by its cell, as the hover panel shows it."""
        return self.game.where(h)

    def say(self, said: Phrase | str) -> str:
        """A phrase (a refusal's reason, a prompt, a modifier) in the player's words."""
        return self.narrator.say(said)

    def line(self, said: Phrase | str) -> str:
        """`said` as a line of its own (a capital first)."""
        return self.narrator.line(said)

    def event(self, event: Event) -> str:
        """One log line for `event`, with names and cells."""
        return self.narrator.event(event)

    def message(self, said: Phrase | str, rule: str = "", refused: bool = False) -> str:
        """A message line: "Not allowed: " before a refusal, its rule cited after."""
        text = self.say(said)
        if refused:
            text = _("Not allowed: {reason}").format(reason=text)
        return f"{text} [{self.rule(rule)}]" if rule else text

    def rule(self, citation: str) -> str:
        """A rulebook citation in the player's language."""
        return say_rule(citation, current()) if citation else ""


def names_of(game: Game) -> Names:
    """The game's `Names`, made once and kept in `game.cache`."""
    found = game.cache.get("ui_names")
    if not isinstance(found, Names) or found.game is not game:
        found = Names(game)
        game.cache["ui_names"] = found
    return found
