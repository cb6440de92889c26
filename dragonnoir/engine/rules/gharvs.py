"""The Gharv interphases ("Organisation of the Game Turn": "Gharv Interphase 1", "Gharv
Interphase 2"; "The Gharvs"): appearance, automatic attacks, disappearance. The six
phases are automatic: the engine plays them; the players answer only the decisions of
their characters attacked (who takes the wound, the retreat path, an advance).

1. **Appearance** (entry hook): "each character (Adventurer or Krob) in the water, on a
   hex adjacent to water (beach or boat), or on a marsh hex, must roll the die" on the
   Gharv Appearance Table (dragonnoir/data/gharv_appearance.toml, ours). A Gharv that
   appears "is immediately placed on a water hex adjacent to the character. If several
   hexes are available, assign a number to each of them and re-roll the die until one
   of these numbers is obtained" (`draw.draw_one`). There are 8 Gharv counters: when
   every one is on the map no more appear (said once in the log).
2. **Combat** (entry hook + work hook): "Once all the Gharvs are placed, they
   automatically attack the characters that made them appear", and "all Gharvs in
   contact with characters attack": a Gharv whose caller it cannot attack attacks
   another character it is in a position to attack, drawn by the die. "In case of
   dispute over the order ... the question will be decided with the die": with two
   attacks or more the order is drawn. Each is a normal combat (`fight.fight`): a Gharv
   is on favourable terrain in the water and marshes, unfavourable on land; "in case of
   retreat or death of the character, the Gharv will always advance onto the hex left
   free" (combat_results). "A Gharv cannot attack a character situated on a hex where
   it cannot go": its land steps cost the terrain against its land potential
   (rules/steps.py).
3. **Disappearance** (entry hook): "the Gharvs that are no longer in contact with a
   character ... head back to the nearest water hex. Gharvs that reach a water hex are
   removed from the map": on land a Gharv walks with its land potential (the number in
   parentheses) toward the nearest water hex it can reach and leaves the map if it gets
   there this interphase; otherwise it stops on the way and goes on next time.

Our readings (docs/gharvs.md): "adjacent to water" is a hex next to a water hex a Gharv
could come from (no wall or cliff between, at most half a level apart: the rulebook's
examples, a beach or a boat; not a bridge or a cliff top above the river); a character
on a marsh hex with no water next to him calls a Gharv onto a free marsh hex next to him
(Gharvs fight "in the water and in the marshes"); knocked-out characters roll too; "in
contact" means in a position to attack; a dead Gharv's body sinks at the disappearance
step and its counter goes back to the box, as does a Gharv that leaves (it comes back
healed).
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING, Any

from dragonnoir.engine import revisions
from dragonnoir.engine.actions import Attack
from dragonnoir.engine.events import Event, GharvAppeared, GharvLeft, GharvNote, UnitMoved
from dragonnoir.engine.explain import Explanation
from dragonnoir.engine.rules.boats import capsize
from dragonnoir.engine.rules.combat_odds import Assessment, assess
from dragonnoir.engine.rules.draw import draw_one, draw_order
from dragonnoir.engine.rules.fight import fight
from dragonnoir.engine.rules.steps import (
    boat_at,
    edge_feature,
    in_position_to_attack,
    plain_step,
    terrain_at,
)
from dragonnoir.engine.rules.switches import switch
from dragonnoir.engine.state import Side, Status, Unit
from dragonnoir.engine.values import profile
from dragonnoir.engine.water_tables import WaterSituation
from dragonnoir.hexmap.board import EdgeFeature
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import DataName, Value, Who, tell

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

R_APPEAR = "The Gharvs: Appearance of the Gharvs"
R_ATTACK = "The Gharvs: Automatic attacks"
R_GONE = "The Gharvs: Disappearance of the Gharvs"
R_TABLE = "The Gharvs (Gharv Appearance Table)"

_MARSHES = ("marsh", "unstable_marsh")
#: A character on a bridge (printed, or a spell's counter) calls no Gharv: "Very useful
#: when you want to avoid giving your toes to the Gharvs to eat" ("Counters Linked to
#: Magic Spells"); none comes up under it (the counter covers the water).
_BRIDGES = ("wooden_bridge", "stone_bridge", "demolished_bridge")
#: Hex sides no Gharv comes through.
_SHEER = {EdgeFeature.WALL, EdgeFeature.CLIFF, EdgeFeature.WINDOW, EdgeFeature.ARROW_SLIT}


# -- who stands where the Gharvs come -------------------------------------------------------


def is_water(game: Game, h: Hex) -> bool:
    terrain = terrain_at(game, h)
    return terrain is not None and terrain.water


def situation(game: Game, unit: Unit) -> WaterSituation | None:
    """Where `unit` stands, for the Gharv Appearance Table; None: out of their reach."""
    if unit.hex is None or not unit.alive or unit.side is Side.GHARVS:
        return None
    terrain = terrain_at(game, unit.hex)
    if terrain is None:
        return None
    if boat_at(game, unit.hex) is not None:
        return WaterSituation.BOAT
    if terrain.water:
        return WaterSituation.WATER
    if terrain.id in _BRIDGES and revisions.has(game, revisions.BRIDGE_BANKS):
        return None  # his toes are out of the Gharvs' reach
    if terrain.id == "unstable_marsh":
        return WaterSituation.UNSTABLE_MARSH
    if terrain.id == "marsh":
        return WaterSituation.MARSH
    if any(_reachable_water(game, unit, n) for n in unit.hex.neighbours()):
        return WaterSituation.SHORE
    return None


def _reachable_water(game: Game, unit: Unit, n: Hex) -> bool:
    """A water hex next to `unit` from which a Gharv could come at him: no wall or cliff
    between, and at most half a level between the water and him (a man on a bridge or a
    cliff above the river is out of reach: our reading of "adjacent to water")."""
    assert unit.hex is not None
    if not is_water(game, n):
        return False
    if edge_feature(game, unit.hex, n) in _SHEER:
        return False
    return abs(game.board.cells[n].level - unit.level) <= 0.5


def _free(game: Game, h: Hex) -> bool:
    """No living character and no boat on `h`."""
    return (
        h in game.board.cells
        and boat_at(game, h) is None
        and not any(u.alive for u in game.units_at(h))
    )


def appearance_hexes(game: Game, unit: Unit) -> list[Hex]:
    """The free hexes next to `unit` where its Gharv may rise: water; for a character in
    a marsh with no free water next to him, marsh (our reading)."""
    assert unit.hex is not None
    around = [n for n in unit.hex.neighbours() if _free(game, n)]
    water = [n for n in around if _reachable_water(game, unit, n)]
    if water:
        return water
    sit = situation(game, unit)
    if sit in (WaterSituation.MARSH, WaterSituation.UNSTABLE_MARSH):
        return [n for n in around if (t := terrain_at(game, n)) is not None and t.id in _MARSHES]
    return []


def gharv_counters(game: Game) -> list[str]:
    """The Gharv counters of the box (the roster), in order."""
    return [g.id for g in game.rules.roster.gharvs]


def free_counter(game: Game) -> str | None:
    """A Gharv counter not on the map, or None when all 8 are."""
    units = game.state.units
    for gid in gharv_counters(game):
        unit = units.get(gid)
        if unit is None or unit.hex is None:
            return gid
    return None


def _record(game: Game) -> dict[str, Any]:
    found = game.state.scratch.setdefault("gharvs", {"callers": {}})
    assert isinstance(found, dict)
    return found


# -- 1. appearance ------------------------------------------------------------------------


def _cell(h: Hex) -> Value:
    """A free water hex, numbered for the draw: said by its cell."""
    return h


def appear(game: Game) -> list[Event]:
    """Entry hook of gharv1_appearance / gharv2_appearance."""
    if game.rules is None:  # a bare turn-sequence game without counters
        return []
    if not switch(game, "gharvs"):
        return []  # the scenario plays without the Gharvs
    table = game.rules.gharv_appearance
    events: list[Event] = []
    record = _record(game)
    record["callers"] = {}
    for counter in gharv_counters(game):
        if (gharv := game.state.units.get(counter)) is not None:
            gharv.mp_spent = 0  # a new interphase: its land potential again
    exhausted = False
    for unit in sorted(game.living_units(), key=lambda u: u.id):
        sit = situation(game, unit)
        if sit is None:
            continue
        if free_counter(game) is None:
            if not exhausted:
                events.append(
                    GharvNote(tell("all 8 Gharvs are on the map: no more can appear"), R_APPEAR)
                )
                exhausted = True
            continue
        modifier = table.modifiers.wounded if unit.wounds > 0 else 0
        _, die = game.roll(
            tell(
                "Gharv appearance: {unit} ({situation})",
                unit=Who(unit.id),
                situation=DataName(table.row(sit).name, lower=True),
            ),
            R_TABLE,
            modifier,
            by=unit.id,
        )
        events.append(die)
        if not table.appears(sit, die.value, modifier):
            continue
        places = appearance_hexes(game, unit)
        if not places:
            events.append(
                GharvNote(
                    tell("no free water next to {unit}: the Gharv cannot rise", unit=Who(unit.id)),
                    R_APPEAR,
                )
            )
            continue
        assert unit.hex is not None
        origin = unit.hex
        ordered = sorted(places, key=lambda h: origin.direction_to(h) or 0)
        place = draw_one(
            game,
            ordered,
            _cell,
            tell("where the Gharv rises next to {unit}", unit=Who(unit.id)),
            R_APPEAR,
            events,
            by=unit.id,
        )
        gid = free_counter(game)
        assert gid is not None
        _place(game, gid, place)
        record["callers"][gid] = unit.id
        events.append(GharvAppeared(gid, place, unit.id))
    return events


def _place(game: Game, gid: str, h: Hex) -> None:
    cell = game.board.cells[h]
    unit = game.state.units.get(gid)
    if unit is None:
        unit = Unit(id=gid, kind=gid, side=Side.GHARVS, hex=h, level=cell.level)
        game.state.units[gid] = unit
    unit.hex, unit.level, unit.facing = h, cell.level, 0
    unit.status, unit.wounds = Status.HEALTHY, 0
    unit.moved = unit.fired = False
    unit.attacked = unit.mp_spent = 0
    game.touch()


# -- 2. combat ----------------------------------------------------------------------------


def _gharvs_on_map(game: Game) -> list[Unit]:
    return sorted((u for u in game.living_units(Side.GHARVS) if u.standing), key=lambda u: u.id)


def _victims(game: Game, gharv: Unit) -> list[Unit]:
    """Whom `gharv` can attack: characters in a position to be attacked, and those in a
    boat next to it (it attacks the boat: "the Gharv will try to capsize it")."""
    return sorted(
        (
            u
            for u in game.living_units()
            if u.side is not Side.GHARVS
            and (in_position_to_attack(game, gharv, u) or _boat_next_to(game, gharv, u))
        ),
        key=lambda u: u.id,
    )


def _boat_next_to(game: Game, gharv: Unit, unit: Unit) -> bool:
    return (
        gharv.hex is not None
        and unit.hex is not None
        and gharv.hex.distance(unit.hex) == 1
        and boat_at(game, unit.hex) is not None
    )


def plan_attacks(game: Game) -> list[Event]:
    """Entry hook of the Gharv combat phases: who attacks whom, in what order."""
    if game.rules is None:
        return []
    events: list[Event] = []
    callers: dict[str, str] = _record(game).get("callers", {})
    attacks: list[list[str]] = []
    for gharv in _gharvs_on_map(game):
        gharv.attacked = 0  # a new interphase: each attacks once
        victims = _victims(game, gharv)
        if not victims:
            continue
        caller = game.state.units.get(callers.get(gharv.id, ""))
        if caller is not None and caller in victims:
            target = caller
        else:
            target = draw_one(
                game,
                victims,
                lambda u: Who(u.id),
                tell("whom {gharv} attacks", gharv=Who(gharv.id)),
                R_ATTACK,
                events,
                by=gharv.id,
            )
        attacks.append([gharv.id, target.id])
    if len(attacks) > 1:
        attacks = draw_order(
            game,
            attacks,
            lambda a: tell("{gharv} on {unit}", gharv=Who(a[0]), unit=Who(a[1])),
            tell("order of the Gharvs' attacks"),
            R_ATTACK,
            events,
        )
    game.state.scratch["gharv_attacks"] = {
        "turn": game.state.turn,
        "phase": game.state.phase,
        "queue": attacks,
    }
    return events


def run_attacks(game: Game) -> list[Event]:
    """Work hook of the Gharv combat phases: the attacks one by one, stopping when the
    victim's player must decide something (the decision's answer resumes them)."""
    record = game.state.scratch.get("gharv_attacks")
    if not isinstance(record, dict) or record.get("phase") != game.state.phase:
        return []
    events: list[Event] = []
    queue: list[list[str]] = record["queue"]
    while queue and not game.state.pending:
        gid, vid = queue.pop(0)
        gharv = game.state.units[gid]
        victim = game.state.units[vid]
        if not (gharv.standing and gharv.hex is not None and victim.alive) or victim.hex is None:
            continue
        boat = boat_at(game, victim.hex)
        if boat is not None and _boat_next_to(game, gharv, victim):
            events.extend(capsize(game, gharv, boat))
            continue
        if not in_position_to_attack(game, gharv, victim):
            events.append(
                GharvNote(
                    tell("{gharv} can no longer reach {unit}", gharv=Who(gid), unit=Who(vid)),
                    R_ATTACK,
                )
            )
            continue
        verdict = assess(game, Attack((gid,), (vid,)))
        if isinstance(verdict, Explanation):
            events.append(
                GharvNote(
                    tell(
                        "{gharv} does not attack {unit}: {reason}",
                        gharv=Who(gid),
                        unit=Who(vid),
                        reason=verdict.said,
                    ),
                    R_ATTACK,
                )
            )
            continue
        assert isinstance(verdict, Assessment)
        events.extend(fight(game, verdict))
    if not queue and not game.state.pending:
        game.state.scratch.pop("gharv_attacks", None)
    return events


# -- 3. disappearance ---------------------------------------------------------------------


def in_contact(game: Game, gharv: Unit) -> bool:
    return bool(_victims(game, gharv))


def disappear(game: Game) -> list[Event]:
    """Entry hook of the Gharv disappearance phases."""
    if game.rules is None:
        return []
    events: list[Event] = []
    for gid in gharv_counters(game):
        gharv = game.state.units.get(gid)
        if gharv is None or gharv.hex is None:
            continue
        if not gharv.alive:
            events.append(GharvLeft(gid, gharv.hex, tell("sinks, dead, and its counter is freed")))
            gharv.hex = None
            game.touch()
            continue
        if gharv.standing and in_contact(game, gharv):
            continue
        if is_water(game, gharv.hex):
            events.append(GharvLeft(gid, gharv.hex, tell("dives back under the water")))
            gharv.hex = None
            game.touch()
            continue
        events.extend(_head_for_water(game, gharv))
    return events


def water_route(game: Game, gharv: Unit) -> list[tuple[Hex, int]] | None:
    """The cheapest way (for its land potential's steps) from a Gharv on land to the
    nearest water hex: [(hex, movement points spent on arriving there)], the water hex
    last; None when no water can be reached. Standing characters bar the way."""
    assert gharv.hex is not None
    p = profile(game, gharv)
    best: dict[Hex, int] = {gharv.hex: 0}
    parent: dict[Hex, Hex | None] = {gharv.hex: None}
    heap: list[tuple[int, Hex, float]] = [(0, gharv.hex, gharv.level)]
    while heap:
        cost, here, level = heapq.heappop(heap)
        if cost > best.get(here, cost):
            continue
        if here != gharv.hex and is_water(game, here):
            route: list[tuple[Hex, int]] = []
            at: Hex | None = here
            while at is not None and at != gharv.hex:
                route.append((at, best[at]))
                at = parent[at]
            return route[::-1]
        for n in here.neighbours():
            if n not in game.board.cells or not _free(game, n):
                continue
            verdict = plain_step(game, gharv, p, here, level, n)
            total = cost + verdict.cost
            if verdict.ok and total < best.get(n, 1 << 30):
                best[n] = total
                parent[n] = here
                heapq.heappush(heap, (total, n, verdict.level))
    return None


def stranded_as_it_should(game: Game, gharv: Unit) -> bool:
    """After a disappearance phase, a Gharv still on the map is in contact with a
    character, dead there this interphase... or on land, unable to reach the water with
    its land potential this time (it goes on next interphase). For the playout checks."""
    if gharv.hex is None or not gharv.alive or in_contact(game, gharv):
        return True
    if is_water(game, gharv.hex):
        return False
    route = water_route(game, gharv)
    left = (profile(game, gharv).movement_land or 0) - gharv.mp_spent
    return route is None or route[-1][1] > left


def _head_for_water(game: Game, gharv: Unit) -> list[Event]:
    """Walk a Gharv on land toward the nearest water hex with its land potential; it
    leaves the map if it reaches the water this interphase."""
    route = water_route(game, gharv)
    if route is None:
        return [
            GharvNote(tell("{gharv} finds no way back to the water", gharv=Who(gharv.id)), R_GONE)
        ]
    budget = profile(game, gharv).movement_land or 0
    walked = [(h, spent) for h, spent in route if spent <= budget]
    events: list[Event] = []
    if walked:
        last, spent = walked[-1]
        gharv.hex, gharv.level = last, game.board.cells[last].level
        gharv.mp_spent = spent  # its land potential for this interphase
        game.touch()
        events.append(UnitMoved(gharv.id, tuple(h for h, _ in walked), spent, R_GONE))
        if last == route[-1][0]:
            events.append(GharvLeft(gharv.id, last, tell("reaches the water and dives")))
            gharv.hex = None
            game.touch()
    return events
