"""What one player may see of a game: the screen and the controller ask here before they
draw or say anything that could give away hidden information.

Hidden information:
- accessory counters with `hidden_from` set (a spider web placed in secret is hidden from
  the Adventurers until a character runs into it: "Movement Restriction 7",
  docs/movement.md);
- units placed in secret (`Unit.hidden_from`, docs/scenarios.md "Hidden placement") and
  characters down a deep passage (off the map, `scratch["offmap"][uid]["state"] ==
  "passage"`): the enemy does not see them, nor where they are going;
- which objective counter ("Orb?", "Khuzun?", "Sun?") is the real one: the Krobs know it,
  the Adventurers only once the counter is revealed (`knows_real`);
- log entries the engine marks secret for a side (`Game.log_for`): `readable_log`.

Pure: no pygame. `visible_to(game, None)` sees everything (a referee, a replay, tests).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from dragonnoir.engine.events import Event
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Accessory, AccessoryKind, Side, Unit
from dragonnoir.hexmap.hexes import Hex

#: The rule the line of fire cites for a spider web ("Fire Restrictions and Cover: Spider
#: webs"): a reason under it may name a web the viewer does not know of.
WEB_RULE_SUFFIX = "Spider webs"

#: The objective counters: which one is real is the Krobs' secret until revealed.
OBJECTIVE_KINDS = frozenset({AccessoryKind.ORB, AccessoryKind.KHUZUN, AccessoryKind.SUN})

#: The side that always knows which objective counter is real (it hid them).
KNOWS_OBJECTIVES = Side.KROBS


@dataclass(frozen=True, slots=True)
class Visibility:
    """What `side` may see (None: everything)."""

    side: Side | None
    #: Accessory ids the side may not see.
    hidden_accessories: frozenset[str]
    #: Hexes under a spider web hidden from the side.
    hidden_webs: frozenset[Hex]
    #: Unit ids the side may not see: placed in secret and not yet revealed, or an
    #: enemy down a deep passage.
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

    def knows_real(self, acc: Accessory) -> bool:
        """Does this side know whether the objective counter `acc` is the real one? The
        Krobs always do; the Adventurers once it is revealed. Any other counter: yes."""
        if acc.kind not in OBJECTIVE_KINDS:
            return True
        if self.side is None or self.side is KNOWS_OBJECTIVES:
            return True
        return bool(acc.properties.get("revealed", False))

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


def offmap(game: Game) -> dict[str, dict[str, Any]]:
    """`scratch["offmap"]`: characters off the map by id (deploying, arriving, exited,
    passage); empty for a game without a scenario that has any."""
    found = game.state.scratch.get("offmap")
    return found if isinstance(found, dict) else {}


def in_passage(game: Game, uid: str) -> bool:
    entry = offmap(game).get(uid)
    return isinstance(entry, dict) and entry.get("state") == "passage"


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
    units = {u.id for u in game.state.units.values() if u.hidden_from is side}
    units.update(
        uid
        for uid in offmap(game)
        if in_passage(game, uid)
        and (unit := game.state.units.get(uid)) is not None
        and unit.side is not side
    )
    return Visibility(side, frozenset(hidden), frozenset(webs), frozenset(units))


def readable_log(game: Game, side: Side | None, start: int = 0) -> list[tuple[int, Event]]:
    """The log entries from `start` on that `side` may read, each with its index in
    `game.log` (the client keys its notes by it): the events of `Game.log_for(side)`.
    None: all of them."""
    log, secret = game.log, game.secret
    if side is None:
        return [(i, log[i]) for i in range(start, len(log))]
    return [(i, log[i]) for i in range(start, len(log)) if secret[i] is not side]


def has_secrets(game: Game) -> bool:
    """Does the position hide anything from one player: face-down or secret accessories,
    hidden units, characters underground, unrevealed objective counters, or a secret log
    entry? (The hotseat screen then always hands over behind a blank screen.)"""
    state = game.state
    if any(not a.face_up or a.hidden_from is not None for a in state.accessories.values()):
        return True
    if any(
        a.kind in OBJECTIVE_KINDS and not a.properties.get("revealed", False)
        for a in state.accessories.values()
    ):
        return True
    if any(u.hidden_from is not None for u in state.units.values()):
        return True
    if any(in_passage(game, uid) for uid in offmap(game)):
        return True
    groups = state.scratch.get("scenario", {}).get("groups", {})
    if isinstance(groups, dict) and any(
        isinstance(g, dict) and g.get("hidden") for g in groups.values()
    ):
        return True  # secret placement: the other player never watches it
    secret = getattr(game, "secret", None)
    return isinstance(secret, list) and any(s is not None for s in secret)
