"""What one player may see of a game: the screen and the controller ask here before they
draw or say anything that could give away hidden information.

Hidden information today: accessory counters with `hidden_from` set (a spider web placed
in secret is hidden from the Adventurers until a character runs into it: "Movement
Restriction 7", docs/movement.md). Hidden units and objective markers will come with the
scenarios issue ("hidden placement"); `Visibility.hidden_units` is where they belong, so
every caller that already filters through `sees_unit` keeps working.

Pure: no pygame. `visible_to(game, None)` sees everything (a referee, a replay, tests).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Accessory, AccessoryKind, Side, Unit
from dragonnoir.hexmap.hexes import Hex

#: The rule the line of fire cites for a spider web ("Fire Restrictions and Cover: Spider
#: webs"): a reason under it may name a web the viewer does not know of.
WEB_RULE_SUFFIX = "Spider webs"


@dataclass(frozen=True, slots=True)
class Visibility:
    """What `side` may see (None: everything)."""

    side: Side | None
    #: Accessory ids the side may not see.
    hidden_accessories: frozenset[str]
    #: Hexes under a spider web hidden from the side.
    hidden_webs: frozenset[Hex]
    #: Unit ids the side may not see (none until hidden placement exists).
    hidden_units: frozenset[str] = frozenset()

    @property
    def omniscient(self) -> bool:
        return self.side is None

    def sees_unit(self, unit: Unit | str) -> bool:
        uid = unit if isinstance(unit, str) else unit.id
        return uid not in self.hidden_units

    def sees_accessory(self, acc: Accessory | str) -> bool:
        aid = acc if isinstance(acc, str) else acc.id
        return aid not in self.hidden_accessories

    def web_hidden_at(self, h: Hex) -> bool:
        """Is there a spider web on `h` that this side does not know of?"""
        return h in self.hidden_webs

    def any_hidden_web(self, hexes: Iterable[Hex]) -> bool:
        return any(h in self.hidden_webs for h in hexes)

    def units(self, game: Game) -> list[Unit]:
        """The units on the map this side may see, in id order."""
        return [
            u
            for u in sorted(game.state.units.values(), key=lambda u: u.id)
            if u.hex is not None and self.sees_unit(u)
        ]

    def units_at(self, game: Game, h: Hex) -> list[Unit]:
        return [u for u in game.units_at(h) if self.sees_unit(u)]

    def accessories(self, game: Game) -> list[Accessory]:
        """The accessory counters this side may see, in id order."""
        return [
            a
            for a in sorted(game.state.accessories.values(), key=lambda a: a.id)
            if self.sees_accessory(a)
        ]


def visible_to(game: Game, side: Side | None) -> Visibility:
    """What `side` may see of `game` now (None: everything)."""
    if side is None:
        return Visibility(None, frozenset(), frozenset())
    hidden: set[str] = set()
    webs: set[Hex] = set()
    for acc in game.state.accessories.values():
        if acc.hidden_from is side:
            hidden.add(acc.id)
            if acc.kind is AccessoryKind.WEB and acc.face_up:
                webs.update(acc.hexes)
    return Visibility(side, frozenset(hidden), frozenset(webs))
