"""Why an action is allowed or refused, with the rule that says so.

We enforce every rule and show why (which rule, which table row, which die): every
refusal is an `Explanation` naming the rulebook section or our table, and
`IllegalAction` carries it to whoever tried.

The reason is a `Phrase` (issue 41): the engine does not know who reads it, nor in which
language, so it names characters by `Who`, hexes as `Hex`, names of the rules data as
`DataName`, and the narrator says it (`Narrator.of(game).say(explanation.said)`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dragonnoir.errors import DragonNoirError
from dragonnoir.narration.phrase import Phrase, english


@dataclass(frozen=True, slots=True)
class Explanation:
    """The verdict on an action.

    `said` is the reason for the player, a phrase for the narrator (a `str` still works
    while the rules move over to phrases); `rule` the rulebook section (or table)
    applied; `details` whatever the client may draw (costs, paths, odds, probabilities),
    as plain JSON values.
    """

    legal: bool
    said: Phrase | str
    rule: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def reason(self) -> str:
        """The reason in English with ids and cube coordinates, for tests and a
        developer's logs where no game is at hand: a player is told `said` by the
        narrator (`Narrator.verdict`), with names and cells."""
        return english(self.said)

    def told(self, say: Callable[[Phrase | str], str]) -> str:
        """The reason said by `say` (a narrator's), the rule cited after it as written."""
        cite = f" [{self.rule}]" if self.rule else ""
        return f"{say(self.said)}{cite}"

    def __str__(self) -> str:
        return self.told(english)


def allowed(reason: Phrase | str = "allowed", rule: str = "", **details: Any) -> Explanation:
    return Explanation(True, reason, rule, dict(details))


def refused(reason: Phrase | str, rule: str, **details: Any) -> Explanation:
    return Explanation(False, reason, rule, dict(details))


class IllegalAction(DragonNoirError):
    """An action the rules forbid; `explanation` says why and under which rule. Its
    message is `words`, the verdict as the game's narrator says it in English (names,
    cells: what the CLI prints of a save refused on replay), else `str(explanation)`."""

    def __init__(self, explanation: Explanation, words: str | None = None) -> None:
        self.explanation = explanation
        super().__init__(words if words is not None else str(explanation))
