"""The objective counters: "Orb?" (3), "Khuzun?" (8), "Sun?" (4) ("Accessory Counters").

"Only one of them has the Orb in colour on the back"; "the one that has the drawing of the
dwarf on the back designates the cell where he is"; "on the back of one of them is the sun
that designates the single gallery leading to the main continent". How a counter is turned
over is ours (docs/scenarios.md, "Objectives"): a standing Adventurer enters its hex or
stands next to it, or a Detection spell reaches it. The Krob player knows the true ones.

- The Orb is picked up by an Adventurer who stands on it, moves with him, and drops where he
  falls (knocked out or killed). Carried off the map, it is won.
- Khuzun, freed, appears on his cell as an Adventurer (roster `khuzun`); he acts from the
  next Adventurer turn.
- The true Sun marks the exit the `sun_exit` condition counts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonnoir.engine.events import Event, ObjectiveFound, Revealed
from dragonnoir.engine.rules import hidden
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.rules.placing import free_spot_near
from dragonnoir.engine.state import Accessory, AccessoryKind, Side, Status, Unit
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import DataName, Value, tell

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

R_OBJECTIVES = "Accessory Counters: Orb?, Khuzun?, Sun? (turned over: ours)"
KINDS = (AccessoryKind.ORB, AccessoryKind.KHUZUN, AccessoryKind.SUN)
KHUZUN_ID = "khuzun"
_WORDS = {
    AccessoryKind.ORB: tell("Orb"),
    AccessoryKind.KHUZUN: tell("Khuzun"),
    AccessoryKind.SUN: tell("Sun"),
}


def counters(game: Game, kind: AccessoryKind | None = None) -> list[Accessory]:
    return [
        a
        for a in sorted(game.state.accessories.values(), key=lambda a: a.id)
        if a.kind in KINDS and (kind is None or a.kind is kind)
    ]


def real_counter(game: Game, kind: AccessoryKind) -> Accessory | None:
    for acc in counters(game, kind):
        if acc.properties.get("real"):
            return acc
    return None


def carries_orb(game: Game, unit: Unit) -> bool:
    """`unit` carries the scenario's true Orb."""
    orb = real_counter(game, AccessoryKind.ORB)
    return orb is not None and orb.properties.get("carried_by") == unit.id


def known_to(acc: Accessory, side: Side | None) -> bool:
    """Whether `side` knows what is under this counter (the Krobs always do)."""
    return side is not Side.ADVENTURERS or bool(acc.properties.get("revealed"))


def area(acc: Accessory) -> frozenset[Hex]:
    """The hexes the counter stands for: its own, or the whole exit zone (a Sun)."""
    raw = acc.properties.get("zone")
    if isinstance(raw, str) and raw:
        return frozenset(Hex(int(q), int(r)) for q, r in (p.split(",") for p in raw.split(";")))
    return frozenset(acc.hexes)


def turn_over(game: Game, acc: Accessory, how: Value) -> list[Event]:
    """Turn the counter face up for the Adventurers: the true one stays, an empty one is
    flipped (and, for Khuzun, the prisoner is freed)."""
    if acc.properties.get("revealed"):
        return []
    acc.properties["revealed"] = True
    game.touch()
    word = _WORDS[acc.kind]
    at = acc.hexes[0] if acc.hexes else None
    where: Value = at if at is not None else tell("the map")
    if not acc.properties.get("real"):
        acc.face_up = False
        empty = tell(
            "no {thing} under the {thing}? counter on {cell} ({how})",
            thing=word,
            cell=where,
            how=how,
        )
        return [Revealed(empty, at, R_OBJECTIVES)]
    true = tell("the true {thing} counter on {cell} ({how})", thing=word, cell=where, how=how)
    events: list[Event] = [Revealed(true, at, R_OBJECTIVES)]
    if acc.kind is AccessoryKind.KHUZUN and at is not None:
        events.extend(_free_khuzun(game, acc, at))
    return events


def _free_khuzun(game: Game, acc: Accessory, at: Hex) -> list[Event]:
    if KHUZUN_ID in game.state.units or KHUZUN_ID not in getattr(game.rules, "roster", {}):
        return []
    khuzun = Unit(KHUZUN_ID, KHUZUN_ID, Side.ADVENTURERS)
    khuzun.moved = khuzun.fired = True  # he acts from the next Adventurer turn
    spot = free_spot_near(game, khuzun, at)
    if spot is None:
        return []
    game.state.units[KHUZUN_ID] = khuzun
    khuzun.hex, khuzun.level = spot
    acc.face_up = False  # the cell is open: the counter is no longer needed
    acc.properties["freed"] = True
    game.touch()
    return [ObjectiveFound(tell("Khuzun is freed on {cell}", cell=spot[0]), spot[0], KHUZUN_ID)]


def _near(unit: Unit, hexes: frozenset[Hex], game: Game) -> bool:
    if unit.hex is None:
        return False
    return any(a.distance(b) <= 1 for a in footprint(game, unit) for b in hexes)


def sweep(game: Game) -> list[Event]:
    """After every action: counters an Adventurer stands on or next to are turned over,
    the Orb is picked up, carried or dropped."""
    if not any(a.kind in KINDS for a in game.state.accessories.values()):
        return []
    events: list[Event] = []
    seekers = [
        u
        for u in sorted(game.state.units.values(), key=lambda u: u.id)
        if u.side is Side.ADVENTURERS and u.hex is not None and u.standing
    ]
    for acc in counters(game):
        if acc.properties.get("revealed") or not acc.hexes:
            continue
        for unit in seekers:
            if _near(unit, frozenset(acc.hexes), game):
                events.extend(
                    turn_over(
                        game,
                        acc,
                        tell("found by {unit}", unit=DataName(hidden.display_name(game, unit))),
                    )
                )
                break
    events.extend(_carry_orb(game, seekers))
    return events


def _carry_orb(game: Game, seekers: list[Unit]) -> list[Event]:
    orb = real_counter(game, AccessoryKind.ORB)
    if orb is None or not orb.properties.get("revealed") or orb.properties.get("off_map"):
        return []
    carrier_id = orb.properties.get("carried_by")
    carrier = game.state.units.get(str(carrier_id)) if carrier_id else None
    if carrier is not None:
        if carrier.hex is None and carrier.alive:
            exited = game.state.scratch.get("offmap", {}).get(carrier.id, {})
            if exited.get("state") == "exited":
                orb.properties["off_map"] = True
                orb.face_up = False
                game.touch()
                return [
                    ObjectiveFound(
                        tell(
                            "{unit} carries the Orb off the map",
                            unit=DataName(hidden.display_name(game, carrier)),
                        ),
                        None,
                        carrier.id,
                    )
                ]
            return []
        if carrier.standing and carrier.hex is not None:
            if orb.hexes != (carrier.hex,):
                orb.hexes = (carrier.hex,)
                game.touch()
            return []
        # Knocked out or killed: the Orb falls where he lies.
        del orb.properties["carried_by"]
        if carrier.hex is not None:
            orb.hexes = (carrier.hex,)
        game.touch()
        return [
            ObjectiveFound(
                tell(
                    "the Orb falls from {unit}'s hands",
                    unit=DataName(hidden.display_name(game, carrier)),
                ),
                orb.hexes[0] if orb.hexes else None,
                carrier.id,
            )
        ]
    for unit in seekers:
        if unit.hex in orb.hexes and unit.status is not Status.KNOCKED_OUT:
            orb.properties["carried_by"] = unit.id
            game.touch()
            return [
                ObjectiveFound(
                    tell("{unit} picks up the Orb", unit=DataName(hidden.display_name(game, unit))),
                    unit.hex,
                    unit.id,
                )
            ]
    return []


def detect(game: Game, near: object) -> list[Event]:
    """The Detection spell turns over the counters it reaches (`near(hex)` says which)."""
    events: list[Event] = []
    for acc in counters(game):
        if not acc.properties.get("revealed") and acc.hexes and near(acc.hexes[0]):  # type: ignore[operator]
            events.extend(turn_over(game, acc, tell("Detection")))
    return events
