"""Movement by boat ("Movement by Boat") and the Gharvs' capsizing of boats ("The
Gharvs": "If the character is in a boat, the Gharv will try to capsize it (see Table)").

"Only Adventurers can move by boat. To do so, an Adventurer simply has to arrive on a
boat hex (cost in movement points: 1 point from land and 2 points from water). If, when
he reaches the boat, the character has used only half or less of his movement points,
the boat can move immediately 2 hexes. Otherwise, it must wait for the following turn.
A character who begins his turn on a boat can move 4 hexes by boat, or 2 hexes and half
of his movement potential if he reaches a landing stage or a beach hex. During the
journey, any change of orientation of the boat greater than 60 degrees (60° = one
hexagon side) counts as one hex of movement. To dock at a landing stage, the two hexes
of the boat must be in contact with the landing stage. To land on a beach, the boat must
occupy a beach hex."

A boat is an accessory counter on two adjacent hexes, `hexes = (stern, bow)`, its
`facing` the direction from stern to bow. Boarding, moving inside it and landing are
steps (rules/steps.py `_boat_step`); rowing is `SailBoat`: each hex the leading end
enters is one hex of movement, plus one when the heading turns by more than 60°.

Our readings (docs/movement.md, "Boats"):
- a boat carries one character per hex (two), as stacking allows; they keep their seats
  when it moves; a boat never enters a hex where a character or another boat is, and
  lies on water or beach hexes only (a beached boat goes no further inland);
- the rower: a passenger of the Adventurer player's movement phase who began the turn
  on the boat (4 hexes), or who has just boarded having used half or fewer of his points
  (2 hexes at once); a boat is rowed once a turn; after rowing 2 hexes or fewer to a
  landing stage or a beach the rower (and every passenger who had not moved) keeps half
  his movement potential to land; otherwise the journey ends their movement;
- capsizing: our Capsize Table (data/gharv_appearance.toml's `capsize`): a capsized
  boat is lost; its passengers are in the water where they sat; an armoured one "would
  sink like stones" (Movement Restriction 2): he clutches the nearest bank he can reach
  from there (a free land hex next to him, wounded) or drowns.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dragonnoir.engine.actions import Action, SailBoat
from dragonnoir.engine.events import (
    BoatCapsized,
    BoatRowed,
    Event,
    GharvNote,
    UnitKilled,
    UnitMoved,
)
from dragonnoir.engine.explain import Explanation, allowed, refused
from dragonnoir.engine.rules.infiltration import suffer
from dragonnoir.engine.rules.movement.who_moves import _continuing, _may_move, _start_moving
from dragonnoir.engine.rules.steps import (
    R_BOAT,
    boat_at,
    boat_landing,
    ground_level,
    never_swims,
    terrain_at,
)
from dragonnoir.engine.state import Accessory, AccessoryKind, Side, Status, Unit
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import DataName, Phrase, Who, tell, tell_n

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

#: Hexes a boat may move, by how its rower came to it.
BEGAN_ABOARD = 4
JUST_BOARDED = 2
#: At most this many hexes rowed, the rower may still land with half his potential.
THEN_LAND = 2
R_CAPSIZE = "The Gharvs: Automatic attacks (a boat: the Capsize Table, ours)"


def passengers(game: Game, boat: Accessory) -> list[Unit]:
    """The living characters aboard, stern first."""
    out: list[Unit] = []
    for h in boat.hexes:
        out.extend(u for u in game.units_at(h) if u.alive and u.side is not Side.GHARVS)
    return out


def boat_of(game: Game, unit: Unit) -> Accessory | None:
    return None if unit.hex is None else boat_at(game, unit.hex)


def _rowed_this_turn(game: Game, boat: Accessory) -> bool:
    """Read only: `explain` and `legal_actions` ask it, and a question must not write
    the record (issue 47: a save made after asking held an empty record the replay,
    which asks nothing, did not make, and was refused on loading)."""
    rowed = game.state.scratch.get("boats")
    return isinstance(rowed, dict) and rowed.get(boat.id) == game.state.turn


def _mark_rowed(game: Game, boat: Accessory) -> None:
    """`boat` has been rowed this turn: `scratch["boats"]` maps each boat rowed to the
    last turn it was, made when the first boat is rowed."""
    rowed = game.state.scratch.setdefault("boats", {})
    rowed[boat.id] = game.state.turn


def _sailable(game: Game, h: Hex, boat: Accessory, aboard: set[str]) -> Phrase | None:
    """Why the boat may not lie on `h`, or None."""
    terrain = terrain_at(game, h)
    if terrain is None:
        return tell("off the map")
    if not terrain.water and terrain.id != "beach":
        return tell(
            "a boat lies on water or a beach, not on {terrain}",
            terrain=DataName(terrain.name, lower=True),
        )
    other = boat_at(game, h)
    if other is not None and other is not boat:
        return tell("another boat lies there")
    if any(u.alive and u.id not in aboard for u in game.units_at(h)):
        return tell("a character is in the way")
    return None


@dataclass(frozen=True)
class Voyage:
    """A checked journey: the boat's positions after each hex, the hexes it counts."""

    positions: tuple[tuple[Hex, Hex], ...]
    cost: int


class _Water:
    """Where this boat may lie, and which hexes are beaches, worked out once a hex (a
    journey's hexes are checked again and again as the journeys are searched)."""

    def __init__(self, game: Game, boat: Accessory) -> None:
        self.game = game
        self.boat = boat
        self.aboard = {u.id for u in passengers(game, boat)}
        self._why_not: dict[Hex, Phrase | None] = {}
        self._beach: dict[Hex, bool] = {}

    def why_not(self, h: Hex) -> Phrase | None:
        """`_sailable`: why the boat may not lie on `h`, or None."""
        if h not in self._why_not:
            self._why_not[h] = _sailable(self.game, h, self.boat, self.aboard)
        return self._why_not[h]

    def beach(self, h: Hex) -> bool:
        if h not in self._beach:
            terrain = terrain_at(self.game, h)
            self._beach[h] = terrain is not None and terrain.id == "beach"
        return self._beach[h]

    def stroke(self, stern: Hex, bow: Hex, h: Hex, backward: bool) -> tuple[Hex, Hex, int] | Phrase:
        """One hex rowed: the boat's (stern, bow) after it and the hexes it counts, or
        why not."""
        lead, tail = (stern, bow) if backward else (bow, stern)
        heading = tail.direction_to(lead)
        turn = lead.direction_to(h)
        if heading is None or turn is None or h == tail:
            return tell("not next to the boat's leading end")
        why = self.why_not(h)
        if why is not None:
            return why
        if self.beach(lead):
            return tell("the boat lies on a beach: a beached boat goes no further")
        change = min((turn - heading) % 6, (heading - turn) % 6)
        cost = 1 + (1 if change > 1 else 0)  # "greater than 60 degrees ... counts as one hex"
        return (h, stern, cost) if backward else (bow, h, cost)


def sail(game: Game, boat: Accessory, path: tuple[Hex, ...], backward: bool) -> Voyage | Phrase:
    """The boat rowed along `path`, or why not (budget aside)."""
    stern, bow = boat.hexes
    water = _Water(game, boat)
    positions: list[tuple[Hex, Hex]] = []
    cost = 0
    for i, h in enumerate(path):
        stroke = water.stroke(stern, bow, h, backward)
        if isinstance(stroke, Phrase):
            return tell("hex {n} ({cell}): {why}", n=i + 1, cell=h, why=stroke)
        stern, bow, counted = stroke
        cost += counted
        positions.append((stern, bow))
    return Voyage(tuple(positions), cost)


def rower_budget(game: Game, unit: Unit, boat: Accessory) -> tuple[int, Phrase] | Explanation:
    """How many hexes `unit` may row `boat` now, and why, or the refusal."""
    why = _may_move(game, unit)
    if why is not None:
        return why
    if _rowed_this_turn(game, boat):
        return refused(tell("this boat has already been rowed this turn"), R_BOAT)
    p = profile(game, unit)
    if not unit.moved:
        return BEGAN_ABOARD, tell("began his turn aboard: 4 hexes")
    if _continuing(game, unit) and 2 * unit.mp_spent <= p.movement:
        return JUST_BOARDED, tell("reached the boat with half his points or fewer: 2 hexes at once")
    return refused(
        tell(
            "he reached the boat with more than half his movement points used: the boat must "
            "wait for the following turn"
        ),
        R_BOAT,
    )


def explain_sail(game: Game, action: SailBoat) -> Explanation | tuple[Accessory, Voyage, int]:
    unit = game.state.units.get(action.unit)
    if unit is None:
        return refused(tell("no such character"), R_BOAT)
    boat = boat_of(game, unit)
    if boat is None:
        return refused(tell("{unit} is not in a boat", unit=Who(unit.id)), R_BOAT)
    if profile(game, unit).category != "adventurer":
        return refused(tell("only Adventurers can move by boat"), R_BOAT)
    budget = rower_budget(game, unit, boat)
    if isinstance(budget, Explanation):
        return budget
    if not action.path:
        return refused(tell("a journey enters at least one hex"), R_BOAT)
    voyage = sail(game, boat, action.path, action.backward)
    if not isinstance(voyage, Voyage):
        return refused(voyage, R_BOAT)
    if voyage.cost > budget[0]:
        return refused(
            tell(
                "the journey counts {cost} hexes (a turn of more than 60° counts one), more than "
                "the {hexes} he may row ({why})",
                cost=voyage.cost,
                hexes=budget[0],
                why=budget[1],
            ),
            R_BOAT,
        )
    return boat, voyage, budget[0]


class SailRules:
    def explain(self, game: Game, action: Action) -> Explanation:
        assert isinstance(action, SailBoat)
        verdict = explain_sail(game, action)
        if isinstance(verdict, Explanation):
            return verdict
        _, voyage, budget = verdict
        return allowed(
            tell_n(
                "{unit} rows the boat {n} hex of {budget}",
                "{unit} rows the boat {n} hexes of {budget}",
                voyage.cost,
                unit=Who(action.unit),
                budget=budget,
            ),
            R_BOAT,
            cost=voyage.cost,
            budget=budget,
        )

    def apply(self, game: Game, action: Action) -> list[Event]:
        assert isinstance(action, SailBoat)
        verdict = explain_sail(game, action)
        assert not isinstance(verdict, Explanation)
        boat, voyage, budget = verdict
        rower = game.state.units[action.unit]
        seats = [(u, boat.hexes.index(u.hex)) for u in passengers(game, boat) if u.hex]
        began_aboard = not rower.moved
        stern, bow = voyage.positions[-1]
        boat.hexes = (stern, bow)
        boat.facing = stern.direction_to(bow) or 0
        _mark_rowed(game, boat)
        events: list[Event] = [BoatRowed(boat.id, rower.id, voyage.cost, budget)]
        landing = boat_landing(game, boat)
        for unit, seat in seats:
            unit.hex = boat.hexes[seat]
            unit.level = ground_level(game, unit.hex)
            p = profile(game, unit)
            keeps_half = landing and voyage.cost <= THEN_LAND
            if unit is rower:
                if began_aboard and keeps_half:
                    unit.mp_spent = max(unit.mp_spent, p.movement - p.movement // 2)
                else:
                    unit.mp_spent = p.movement
            elif not unit.moved:
                unit.mp_spent = p.movement - p.movement // 2 if keeps_half else p.movement
            events.append(
                UnitMoved(unit.id, tuple(pos[seat] for pos in voyage.positions), 0, R_BOAT)
            )
        _start_moving(game, rower)
        game.touch()
        return events

    def generate(self, game: Game, side: Side) -> Iterable[Action]:
        if side is not Side.ADVENTURERS:
            return
        for boat in sorted(
            (a for a in game.state.accessories.values() if a.kind is AccessoryKind.BOAT),
            key=lambda a: a.id,
        ):
            if not boat.face_up:
                continue
            for unit in passengers(game, boat):
                if unit.side is not side or not unit.standing:
                    continue
                budget = rower_budget(game, unit, boat)
                if isinstance(budget, Explanation):
                    continue
                yield from voyages(game, unit, boat, budget[0])


def voyages(game: Game, unit: Unit, boat: Accessory, budget: int) -> Iterable[SailBoat]:
    """One journey to each position the boat can reach, the one counting the fewest
    hexes (cheapest first, a stroke at a time: a position two sharp strokes away may be
    three gentle ones away, which leaves the rower a hex more, or lands him with half
    his points, "2 hexes and half of his movement potential").

    A journey is rowed one way, bow or stern first (`SailBoat.backward`), so where it may
    go on depends on the boat's position and that way: each is searched on from once,
    at its cheapest."""
    water = _Water(game, boat)
    start: tuple[Hex, Hex] = (boat.hexes[0], boat.hexes[1])
    listed = {start}
    searched: set[tuple[tuple[Hex, Hex], bool]] = set()
    #: The journeys found, by the hexes they count: (path, backward, stern, bow).
    by_cost: dict[int, list[tuple[tuple[Hex, ...], bool, Hex, Hex]]] = {
        0: [((), False, *start), ((), True, *start)]
    }
    for cost in range(budget + 1):
        for path, backward, stern, bow in by_cost.pop(cost, ()):
            if ((stern, bow), backward) in searched:
                continue
            searched.add(((stern, bow), backward))
            if (stern, bow) not in listed:
                listed.add((stern, bow))
                yield SailBoat(unit.id, path, backward)
            for h in (stern if backward else bow).neighbours():
                stroke = water.stroke(stern, bow, h, backward)
                if isinstance(stroke, Phrase) or cost + stroke[2] > budget:
                    continue
                by_cost.setdefault(cost + stroke[2], []).append(
                    ((*path, h), backward, stroke[0], stroke[1])
                )


# -- capsizing ----------------------------------------------------------------------------


def capsize(game: Game, gharv: Unit, boat: Accessory) -> list[Event]:
    """A Gharv tries to capsize `boat`: one roll on our Capsize Table."""
    table = game.rules.gharv_appearance
    _, die = game.roll(
        tell("{gharv} tries to capsize the boat", gharv=Who(gharv.id)),
        R_CAPSIZE,
        by=gharv.id,
    )
    events: list[Event] = [die]
    if die.value not in table.capsize:
        events.append(
            GharvNote(tell("the boat holds against {gharv}", gharv=Who(gharv.id)), R_CAPSIZE)
        )
        return events
    aboard = passengers(game, boat)
    boat.face_up = False
    game.touch()
    events.append(BoatCapsized(boat.id, gharv.id, tuple(u.id for u in aboard), R_CAPSIZE))
    for unit in aboard:
        events.extend(_thrown_in(game, unit))
    return events


def _thrown_in(game: Game, unit: Unit) -> list[Event]:
    """A passenger of a capsized boat is in the water where he sat; an armoured one
    clutches a free bank next to him (wounded) or drowns."""
    assert unit.hex is not None
    terrain = terrain_at(game, unit.hex)
    if terrain is None or not terrain.water or not never_swims(profile(game, unit)):
        return []
    for n in unit.hex.neighbours():
        t = terrain_at(game, n)
        if (
            t is not None
            and t.passable
            and not t.water
            and abs(ground_level(game, n) - unit.level) <= 0.5
            and not any(o.alive for o in game.units_at(n))
        ):
            unit.hex, unit.level = n, ground_level(game, n)
            game.touch()
            return [
                UnitMoved(unit.id, (n,), 0, R_CAPSIZE),
                *suffer(game, unit, "wounded", R_CAPSIZE),
            ]
    unit.status = Status.KILLED
    game.touch()
    return [UnitKilled(unit.id, "Movement Restriction 2 (water): he sinks like a stone")]
