"""Why an action is allowed or refused, with the rule that says so.

We enforce every rule and show why (which rule, which table row, which die): every
refusal is an `Explanation` naming the rulebook section or our table, and
`IllegalAction` carries it to whoever tried.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dragonnoir.errors import DragonNoirError


@dataclass(frozen=True, slots=True)
class Explanation:
    """The verdict on an action.

    `reason` is a sentence for the player; `rule` the rulebook section (or table) applied;
    `details` whatever the client may draw (costs, paths, odds, probabilities), as plain
    JSON values.
    """

    legal: bool
    reason: str
    rule: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        cite = f" [{self.rule}]" if self.rule else ""
        return f"{self.reason}{cite}"


def allowed(reason: str = "allowed", rule: str = "", **details: Any) -> Explanation:
    return Explanation(True, reason, rule, dict(details))


def refused(reason: str, rule: str, **details: Any) -> Explanation:
    return Explanation(False, reason, rule, dict(details))


class IllegalAction(DragonNoirError):
    """An action the rules forbid; `explanation` says why and under which rule."""

    def __init__(self, explanation: Explanation) -> None:
        self.explanation = explanation
        super().__init__(str(explanation))
