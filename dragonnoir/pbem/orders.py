"""Standing orders: how a side answers, without a round trip, the decisions the rules
give it during the other side's link (issue 42 §1; docs/pbem.md, "Standing orders").

Each link carries its side's orders; the other side's program applies them, where the
rulebook lets that side choose, and the checking program applies them again to see
that each answer is the one the orders give. Where an order says `ask` (or gives no
answer), the link stops there and the file goes back to the side that decides.

- `fire`, defensive fire during the Krob movement ("Fire with the Bow or Crossbow:
  Defensive Fire"): `in_range` (every shooter who can, at the Krob in range), `never`,
  `ask`;
- `spells`, the spell windows of the Krob turn ("Magic"): `never` (no spell this Krob
  turn), `ask`;
- `casualty`, which character takes the blow ("Combat: Multiple Combat"):
  `least_wounded`, `most_wounded`, `ask`;
- `retreat`, a retreat path ("Combat: Resolution of Combats"): `ask`, `first` (the first
  path the rules list);
- `advance`, an advance after combat ("Combat: Advance After Combat"): `never`, `ask`.

The first value of each is the default.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from dragonnoir.engine.actions import (
    Action,
    CastSpell,
    ChooseCasualty,
    DeclineSpells,
    Fire,
    Pass,
    Retreat,
)
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.fire import UNMOVED_DECISION
from dragonnoir.engine.rules.magic import CAST_WINDOW
from dragonnoir.engine.state import Side
from dragonnoir.errors import DragonNoirError
from dragonnoir.i18n import _

ASK = "ask"
#: Each order's values, the first its default.
CHOICES: dict[str, tuple[str, ...]] = {
    "fire": ("in_range", "never", ASK),
    "spells": ("never", ASK),
    "casualty": ("least_wounded", "most_wounded", ASK),
    "retreat": (ASK, "first"),
    "advance": ("never", ASK),
}
FIRE_DECISIONS = ("defensive_fire", UNMOVED_DECISION)


class OrdersError(DragonNoirError):
    """Orders that are not ones this program knows."""


@dataclass(frozen=True)
class Orders:
    fire: str = CHOICES["fire"][0]
    spells: str = CHOICES["spells"][0]
    casualty: str = CHOICES["casualty"][0]
    retreat: str = CHOICES["retreat"][0]
    advance: str = CHOICES["advance"][0]

    def to_dict(self) -> dict[str, str]:
        return asdict(self)

    @classmethod
    def from_dict(cls, raw: Any) -> Orders:
        if not isinstance(raw, dict):
            raise OrdersError(_("expected an object"))
        unknown = set(raw) - set(CHOICES)
        if unknown:
            raise OrdersError(_("unknown orders {names}").format(names=sorted(unknown)))
        for key, value in raw.items():
            if value not in CHOICES[key]:
                raise OrdersError(
                    _("{order}: {value} is not one of {choices}").format(
                        order=key, value=repr(value), choices=", ".join(CHOICES[key])
                    )
                )
        return cls(**raw)

    @classmethod
    def parse(cls, text: str) -> Orders:
        """Orders from the command line: `fire=never,casualty=ask` (the rest default)."""
        pairs = [p.split("=", 1) for p in text.split(",") if p.strip()]
        if any(len(p) != 2 for p in pairs):
            raise OrdersError(
                _("{text}: write orders as name=value, separated by commas").format(text=repr(text))
            )
        return cls.from_dict({k.strip(): v.strip() for k, v in pairs})

    def answer(self, game: Game, side: Side) -> Action | None:
        """`side`'s answer to the decision it is asked now, by these orders; None when
        they say to ask (the link stops for the side to answer itself)."""
        if not game.state.pending or game.to_act() is not side:
            return None
        decision = game.state.pending[0]
        legal = game.legal_actions(side)
        kind = decision.kind
        if kind in FIRE_DECISIONS:
            return self._fire(legal)
        if kind == CAST_WINDOW:
            return _first(legal, DeclineSpells) if self.spells == "never" else None
        if kind == "casualty":
            return self._casualty(game, legal)
        if kind == "retreat":
            return _first(legal, Retreat) if self.retreat == "first" else None
        if kind == "advance":
            return _first(legal, Pass) if self.advance == "never" else None
        return None

    def _fire(self, legal: list[Action]) -> Action | None:
        if self.fire == ASK:
            return None
        shots = [a for a in legal if isinstance(a, Fire)]
        if self.fire == "in_range" and shots:
            return max(shots, key=lambda a: len(a.shooters))  # the first of the largest
        if self.spells == ASK and any(isinstance(a, CastSpell) for a in legal):
            return None  # the window is a spell's moment too, and spells are asked
        return _first(legal, Pass)

    def _casualty(self, game: Game, legal: list[Action]) -> Action | None:
        if self.casualty == ASK:
            return None
        choices = [a for a in legal if isinstance(a, ChooseCasualty)]
        if not choices:
            return None
        sign = 1 if self.casualty == "least_wounded" else -1
        return min(choices, key=lambda a: sign * game.state.units[a.unit].wounds)


def _first(legal: list[Action], kind: type[Action]) -> Action | None:
    return next((a for a in legal if isinstance(a, kind)), None)
