"""Why an action is allowed or refused, with the rule that says so.

We enforce every rule and show why (which rule, which table row, which die): every
refusal is an `Explanation` naming the rulebook section or our table, and
`IllegalAction` carries it to whoever tried.

The reason is a `Phrase` (issue 41): the engine does not know who reads it, nor in which
language, so it names characters by `Who`, hexes as `Hex`, names of the rules data as
`DataName`, and the narrator says it (`Narrator.of(game).say(explanation.said)`).
"""

from __future__ import annotations

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
        """The reason in English with ids, where no game is at hand (the CLI, logs,
        tests): a player is told `said` by the narrator."""
        return english(self.said)

    def __str__(self) -> str:
        cite = f" [{self.rule}]" if self.rule else ""
        return f"{self.reason}{cite}"


def allowed(reason: Phrase | str = "allowed", rule: str = "", **details: Any) -> Explanation:
    return Explanation(True, reason, rule, dict(details))


def refused(reason: Phrase | str, rule: str, **details: Any) -> Explanation:
    return Explanation(False, reason, rule, dict(details))


class IllegalAction(DragonNoirError):
    """An action the rules forbid; `explanation` says why and under which rule."""

    def __init__(self, explanation: Explanation) -> None:
        self.explanation = explanation
        super().__init__(str(explanation))
