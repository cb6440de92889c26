"""Coming onto the map and leaving it: deployment, reinforcements, exits, deep passages.

All of it is the scenario's (docs/scenarios.md), so all of it is ours: "At the start of
each scenario there is a small diagram that indicates ... the sides through which the
various characters enter"; the Dungeon Entrance counters "indicate the entrances to even
deeper underground passages, some of which are linked to the trapdoor found in the pit"
("Accessory Counters", "The Underground Maps").

Where each character off the map is, is kept in `state.scratch["offmap"]`:
`{"state": "deploying" | "arriving" | "exited" | "passage", ...}`; what the scenario says
of its groups and passages in `state.scratch["scenario"]` (written by `Scenario.new_game`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from dragonnoir.engine.actions import Action, Deploy, EnterMap, EnterPassage, LeaveMap
from dragonnoir.engine.events import (
    Event,
    PassageTaken,
    UnitDeployed,
    UnitEntered,
    UnitLeftMap,
    WentUnderground,
)
from dragonnoir.engine.explain import Explanation, allowed, refused
from dragonnoir.engine.rules import hidden, movement, objectives
from dragonnoir.engine.rules.footprint import GUARD_SIZE, QUEEN_SIZE, hexes_for
from dragonnoir.engine.rules.placing import R_DEPLOY, free_spot_near, placement
from dragonnoir.engine.rules.steps import terrain_at
from dragonnoir.engine.state import AccessoryKind, Side, Unit
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.board import ZoneKind
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import DataName, Many, Phrase, Value, reasons, tell

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

R_ENTRY = "Course of a Game: the sides through which the characters enter (ours)"
R_EXIT = "Scenario: leaving the map (ours, docs/scenarios.md)"
R_PASSAGE = "Accessory Counters: the Dungeon Entrances, deep passages (ours)"

DEPLOYMENT_PHASES = {"krob_deployment": Side.KROBS, "adventurer_deployment": Side.ADVENTURERS}
MOVEMENT_PHASES = {"adventurer_movement": Side.ADVENTURERS, "krob_movement": Side.KROBS}


# -- reading the scenario's setup ---------------------------------------------------------


def setup(game: Game) -> dict[str, Any]:
    found = game.state.scratch.get("scenario")
    return found if isinstance(found, dict) else {}


def offmap(game: Game) -> dict[str, dict[str, Any]]:
    """Characters off the map, by id (read only: empty when nobody is off the map)."""
    found = game.state.scratch.get("offmap")
    return found if isinstance(found, dict) else {}


def _offmap_table(game: Game) -> dict[str, dict[str, Any]]:
    """The table to write into (made when the first character goes off the map)."""
    found = game.state.scratch.get("offmap")
    if not isinstance(found, dict):
        found = {}
        game.state.scratch["offmap"] = found
    return found


def status_of(game: Game, uid: str) -> str | None:
    """ "deploying", "arriving", "exited", "passage", or None for a character on the map
    (or dead)."""
    entry = game.state.scratch.get("offmap", {}).get(uid)
    return None if not isinstance(entry, dict) else str(entry.get("state"))


def group_of(game: Game, uid: str) -> dict[str, Any] | None:
    for group in setup(game).get("groups", {}).values():
        if uid in group.get("units", ()):
            return group  # type: ignore[no-any-return]
    return None


def _hexes(raw: Iterable[Any]) -> list[Hex]:
    return [Hex(int(q), int(r)) for q, r in raw]


def _forget(game: Game, uid: str) -> None:
    """`uid` is on the map again: drop his entry (and the table when it is empty)."""
    table = _offmap_table(game)
    table.pop(uid, None)
    if not table:
        game.state.scratch.pop("offmap", None)


def exit_hexes(game: Game) -> frozenset[Hex]:
    """Where an Adventurer may leave the map: exit zones, and entry zones on the map's
    outer edge (an entry against another board of a layout is no way out)."""
    found = game.cache.get("exit_hexes")
    if isinstance(found, frozenset):
        return found
    board = game.board
    out: set[Hex] = set()
    for zone in board.zones:
        on_edge = any(n not in board.cells for h in zone.hexes for n in h.neighbours())
        if zone.kind is ZoneKind.EXIT or (zone.kind is ZoneKind.ENTRY and on_edge):
            out.update(zone.hexes)
    result = frozenset(out)
    game.cache["exit_hexes"] = result
    return result


def exited(game: Game) -> dict[str, dict[str, Any]]:
    """The characters who left the map, by id, with where and when."""
    return {uid: e for uid, e in offmap(game).items() if e.get("state") == "exited"}


# -- placing a character ------------------------------------------------------------------


def facings_for(game: Game, unit: Unit) -> tuple[int, ...]:
    size = profile(game, unit).size
    return tuple(range(6)) if size in (GUARD_SIZE, QUEEN_SIZE) else (0,)


def _arrive(game: Game, unit: Unit, to: Hex, facing: int, level: float) -> list[Event] | None:
    """Put `unit` down; if a character hidden from his side stands there, that one is
    revealed and `unit` stays where he was (None is returned with the reveal in `out`)."""
    p = profile(game, unit)
    lurking = hidden.hidden_enemy_at(game, unit, hexes_for(to, p.size, facing))
    if lurking is not None:
        return [hidden.reveal(game, lurking, tell("a character runs into him"), hidden.R_ENTERED)]
    unit.hex, unit.facing, unit.level = to, facing, level
    game.touch()
    return None


# -- Deploy --------------------------------------------------------------------------------


def _deploy_hexes(game: Game, uid: str) -> list[Hex]:
    group = group_of(game, uid)
    return _hexes(group.get("deploy", ())) if group else []


class DeployRules:
    """Deployment before the first turn: the owner places his characters in their
    group's zone, one by one, and may place one again elsewhere until his phase ends."""

    def explain(self, game: Game, action: Action) -> Explanation:
        assert isinstance(action, Deploy)
        side = DEPLOYMENT_PHASES.get(game.state.phase)
        unit = game.state.units.get(action.unit)
        if unit is None:
            return refused(tell("no such character"), R_DEPLOY)
        if side is None or unit.side is not side:
            return refused(
                tell("{unit} is not deployed now", unit=DataName(hidden.display_name(game, unit))),
                R_DEPLOY,
            )
        if status_of(game, unit.id) != "deploying":
            return refused(
                tell(
                    "{unit} is not one of the characters his player places",
                    unit=DataName(hidden.display_name(game, unit)),
                ),
                R_DEPLOY,
            )
        zone = _deploy_hexes(game, unit.id)
        if action.to not in zone:
            return refused(tell("{cell} is outside his deployment zone", cell=action.to), R_DEPLOY)
        facing = 0 if action.facing is None else action.facing
        if facing not in facings_for(game, unit):
            return refused(tell("only the Queen and her Guards choose an orientation"), R_DEPLOY)
        return placement(game, unit, action.to, facing)

    def apply(self, game: Game, action: Action) -> list[Event]:
        assert isinstance(action, Deploy)
        unit = game.state.units[action.unit]
        facing = 0 if action.facing is None else action.facing
        level = float(placement(game, unit, action.to, facing).details["level"])
        unit.hex = None  # lifted off the map while he is placed again
        game.touch()
        found = _arrive(game, unit, action.to, facing, level)
        if found is not None:
            return found
        _offmap_table(game)[unit.id]["placed"] = True
        return [UnitDeployed(unit.id, action.to, game.where(action.to))]

    def generate(self, game: Game, side: Side) -> Iterable[Action]:
        for uid, entry in sorted(offmap(game).items()):
            unit = game.state.units.get(uid)
            if unit is None or unit.side is not side or entry.get("state") != "deploying":
                continue
            if entry.get("placed"):
                continue  # placing again is allowed, not listed (the lists stay short)
            for h in _deploy_hexes(game, uid):
                for facing in facings_for(game, unit):
                    if placement(game, unit, h, facing).legal:
                        yield Deploy(uid, h, None if facing == 0 else facing)


def deployment_unfinished(side: Side) -> Any:
    def check(game: Game) -> Explanation | None:
        waiting = [
            uid
            for uid, e in offmap(game).items()
            if e.get("state") == "deploying"
            and game.state.units[uid].side is side
            and game.state.units[uid].hex is None
        ]
        if not waiting:
            return None
        names = Many(
            tuple(DataName(hidden.display_name(game, game.state.units[u])) for u in sorted(waiting))
        )
        return refused(
            tell(
                "{n_waiting} characters still to place: {names}",
                n_waiting=len(waiting),
                names=names,
            ),
            R_DEPLOY,
        )

    return check


def deployment_done(side: Side) -> Any:
    def hook(game: Game) -> list[Event]:
        table = _offmap_table(game)
        for uid in [u for u, e in table.items() if e.get("state") == "deploying"]:
            if game.state.units[uid].side is side:
                del table[uid]
        if not table:
            game.state.scratch.pop("offmap", None)
        return []

    return hook


# -- EnterMap ------------------------------------------------------------------------------


def _entry_cost(game: Game, unit: Unit, to: Hex, facing: int) -> int | None:
    p = profile(game, unit)
    cost = 0
    for h in hexes_for(to, p.size, facing):
        terrain = terrain_at(game, h)
        if terrain is None or terrain.move_cost is None:
            return None
        cost = max(cost, int(terrain.move_cost))
    return cost


class EnterMapRules:
    """Reinforcements come on in their side's movement phase of their turn or later."""

    def explain(self, game: Game, action: Action) -> Explanation:
        assert isinstance(action, EnterMap)
        unit = game.state.units.get(action.unit)
        if unit is None:
            return refused(tell("no such character"), R_ENTRY)
        name = DataName(hidden.display_name(game, unit))
        if MOVEMENT_PHASES.get(game.state.phase) is not unit.side:
            return refused(
                tell("{name} enters during his side's movement phase", name=name), R_ENTRY
            )
        if status_of(game, unit.id) != "arriving":
            return refused(tell("{name} is not waiting to come onto the map", name=name), R_ENTRY)
        group = group_of(game, unit.id) or {}
        turn = int(group.get("entry_turn") or 1)
        if game.state.turn < turn:
            return refused(
                tell("{name} comes onto the map on game turn {turn}", name=name, turn=turn), R_ENTRY
            )
        if action.to not in _hexes(group.get("entry", ())):
            return refused(
                tell("{cell} is not where {name} comes in", cell=action.to, name=name), R_ENTRY
            )
        facing = 0 if action.facing is None else action.facing
        if facing not in facings_for(game, unit):
            return refused(tell("only the Queen and her Guards choose an orientation"), R_ENTRY)
        verdict = placement(game, unit, action.to, facing)
        if not verdict.legal:
            return verdict
        cost = _entry_cost(game, unit, action.to, facing)
        potential = profile(game, unit).movement
        if cost is None or cost > potential:
            return refused(
                tell("{name} has not the movement points to enter there", name=name), R_ENTRY
            )
        return allowed(
            tell(
                "{name} comes onto the map at {cell} for {cost} MP",
                name=name,
                cell=action.to,
                cost=cost,
            ),
            R_ENTRY,
            level=verdict.details["level"],
            cost=cost,
        )

    def apply(self, game: Game, action: Action) -> list[Event]:
        assert isinstance(action, EnterMap)
        unit = game.state.units[action.unit]
        verdict = self.explain(game, action)
        facing = 0 if action.facing is None else action.facing
        found = _arrive(game, unit, action.to, facing, float(verdict.details["level"]))
        if found is not None:
            return found
        _forget(game, unit.id)
        movement.start_moving(game, unit)
        unit.mp_spent = int(verdict.details["cost"])
        return [
            UnitEntered(
                unit.id, action.to, tell("comes onto the map at {cell}", cell=action.to), R_ENTRY
            )
        ]

    def generate(self, game: Game, side: Side) -> Iterable[Action]:
        for uid, entry in sorted(offmap(game).items()):
            unit = game.state.units.get(uid)
            if unit is None or unit.side is not side or entry.get("state") != "arriving":
                continue
            group = group_of(game, uid) or {}
            for h in _hexes(group.get("entry", ())):
                for facing in facings_for(game, unit):
                    action = EnterMap(uid, h, None if facing == 0 else facing)
                    if self.explain(game, action).legal:
                        yield action


# -- LeaveMap ------------------------------------------------------------------------------


def _may_go(game: Game, unit: Unit, rule: str) -> Explanation | None:
    why = movement.may_move(game, unit)
    if why is not None:
        return why
    if movement.budget_of(game, unit) < 1:
        return refused(
            tell(
                "{unit} has no movement point left", unit=DataName(hidden.display_name(game, unit))
            ),
            rule,
        )
    return None


def _what_leaving_counts_for(game: Game, unit: Unit) -> Value:
    """What a character leaving here does for his side, as the player reads it before he
    commits (the Orb he carries, Khuzun brought out, an exit condition, the Sun)."""
    assert unit.hex is not None
    said: list[Value] = []
    if objectives.carries_orb(game, unit):
        said.append(tell("he carries the Orb off the map"))
    if unit.id == objectives.KHUZUN_ID:
        said.append(tell("Khuzun is brought out"))
    sun = objectives.real_counter(game, AccessoryKind.SUN)
    if sun is not None and sun.properties.get("revealed") and unit.hex in objectives.area(sun):
        said.append(tell("by the true gallery of the Sun"))
    for c in setup(game).get("victory", {}).get("conditions", ()):
        if c.get("kind") != "exit" or c.get("side") != unit.side.value:
            continue
        named = c.get("units") or []
        zone = {Hex(int(q), int(r)) for q, r in c.get("hexes", ())}
        if (not named or unit.id in named) and (not zone or unit.hex in zone):
            condition = c.get("text") or tell("leaving the map")
            said.append(tell("counts for: {condition}", condition=condition))
    if not said:
        said.append(tell("he is safe, and takes no further part"))
    return reasons(said)


class LeaveMapRules:
    def explain(self, game: Game, action: Action) -> Explanation:
        assert isinstance(action, LeaveMap)
        unit = game.state.units.get(action.unit)
        if unit is None:
            return refused(tell("no such character"), R_EXIT)
        name = DataName(hidden.display_name(game, unit))
        if unit.side is not Side.ADVENTURERS:
            return refused(tell("only the Adventurers leave the map (the Krobs defend it)"), R_EXIT)
        if unit.hex is None:
            return refused(tell("{name} is not on the map", name=name), R_EXIT)
        if "victory" not in setup(game):
            return refused(
                tell("in this scenario no one leaves the map (it has no objectives)"), R_EXIT
            )
        why = _may_go(game, unit, R_EXIT)
        if why is not None:
            return why
        if not set(movement.footprint_of(game, unit)) & exit_hexes(game):
            return refused(tell("{name} is not on an exit of the map", name=name), R_EXIT)
        counts = _what_leaving_counts_for(game, unit)
        return allowed(
            tell(
                "{name} leaves the map by {cell}: {counts}", name=name, cell=unit.hex, counts=counts
            ),
            R_EXIT,
            counts=counts,
        )

    def apply(self, game: Game, action: Action) -> list[Event]:
        assert isinstance(action, LeaveMap)
        unit = game.state.units[action.unit]
        assert unit.hex is not None
        at = unit.hex
        _offmap_table(game)[unit.id] = {
            "state": "exited",
            "turn": game.state.turn,
            "at": [at.q, at.r],
        }
        unit.hex = None
        game.touch()
        return [UnitLeftMap(unit.id, at, tell("leaves the map by {cell}", cell=at), R_EXIT)]

    def generate(self, game: Game, side: Side) -> Iterable[Action]:
        if side is not Side.ADVENTURERS or "victory" not in setup(game):
            return
        exits = exit_hexes(game)
        for unit in sorted(game.state.units.values(), key=lambda u: u.id):
            if unit.side is side and unit.hex in exits:
                action = LeaveMap(unit.id)
                if self.explain(game, action).legal:
                    yield action


# -- deep passages -------------------------------------------------------------------------


def passages(game: Game) -> dict[str, dict[str, Any]]:
    """The scenario's deep passages by id, as its set-up records them (name, ends a and
    b, turns, both ways)."""
    found = setup(game).get("passages", {})
    return found if isinstance(found, dict) else {}


def passage_name(passage: dict[str, Any]) -> str | Phrase:
    """What a passage is called: the name its scenario gives (a scenario's text, said in
    the reader's language by the file's own words), or, unnamed, its two ends by cell."""
    name = passage.get("name")
    if name:
        return str(name)
    return tell("the passage {a} - {b}", a=Hex(*passage["a"]), b=Hex(*passage["b"]))


def passage_out(game: Game, pid: str, at: Hex) -> Hex | None:
    """The other end of passage `pid` for a character standing on `at` (None: `at` is
    not an end he may go down by)."""
    p = passages(game).get(pid)
    if p is None:
        return None
    a, b = Hex(*p["a"]), Hex(*p["b"])
    if at == a:
        return b
    if at == b and p.get("both_ways", True):
        return a
    return None


class EnterPassageRules:
    def explain(self, game: Game, action: Action) -> Explanation:
        assert isinstance(action, EnterPassage)
        unit = game.state.units.get(action.unit)
        if unit is None:
            return refused(tell("no such character"), R_PASSAGE)
        name = DataName(hidden.display_name(game, unit))
        if unit.hex is None:
            return refused(tell("{name} is not on the map", name=name), R_PASSAGE)
        if profile(game, unit).size != 1:
            return refused(
                tell("the Queen and her Guards do not fit in the deep passages"), R_PASSAGE
            )
        why = _may_go(game, unit, R_PASSAGE)
        if why is not None:
            return why
        if action.passage not in passages(game):
            return refused(
                tell("no passage {passage} in this scenario", passage=action.passage), R_PASSAGE
            )
        out = passage_out(game, action.passage, unit.hex)
        if out is None:
            return refused(
                tell("{name} does not stand on an entrance of that passage", name=name), R_PASSAGE
            )
        turns = int(passages(game)[action.passage]["turns"])
        return allowed(
            tell(
                "{name} goes down; he comes out at {cell} on game turn {turn}",
                name=name,
                cell=out,
                turn=game.state.turn + turns,
            ),
            R_PASSAGE,
            out=[out.q, out.r],
            turns=turns,
        )

    def apply(self, game: Game, action: Action) -> list[Event]:
        assert isinstance(action, EnterPassage)
        unit = game.state.units[action.unit]
        assert unit.hex is not None
        at = unit.hex
        verdict = self.explain(game, action)
        arrives = game.state.turn + int(verdict.details["turns"])
        was_hidden = unit.hidden_from is not None
        events: list[Event] = []
        if not was_hidden:
            who = DataName(hidden.display_name(game, unit))
            events.append(WentUnderground(who, at, game.where(at)))
        _offmap_table(game)[unit.id] = {
            "state": "passage",
            "passage": action.passage,
            "out": verdict.details["out"],
            "turn": arrives,
            "hidden": was_hidden,
        }
        unit.hex = None
        unit.hidden_from = unit.side.enemy()  # unseen while underground
        game.touch()
        passage = passage_name(passages(game)[action.passage])
        events.append(PassageTaken(unit.id, passage, arrives))
        return events

    def generate(self, game: Game, side: Side) -> Iterable[Action]:
        table = passages(game)
        if not table:
            return
        # Only a character on one end of a passage may go down (asked at every step of
        # a movement phase: the others are not looked at).
        ends = {Hex(*p[end]) for p in table.values() for end in ("a", "b") if end in p}
        pids = sorted(table)
        for unit in sorted(game.state.units.values(), key=lambda u: u.id):
            if unit.side is not side or unit.hex is None or unit.hex not in ends:
                continue
            for pid in pids:
                if passage_out(game, pid, unit.hex) is not None:
                    action = EnterPassage(unit.id, pid)
                    if self.explain(game, action).legal:
                        yield action


def come_out(side: Side) -> Any:
    """At the start of his side's movement phase, a character whose time underground is
    over comes out at the passage's other end, or on the nearest hex where he may stand;
    he may then move. With nowhere to stand he waits a turn more."""

    def hook(game: Game) -> list[Event]:
        table = game.state.scratch.get("offmap")
        if not isinstance(table, dict):
            return []
        events: list[Event] = []
        for uid in sorted(table):
            entry = table[uid]
            unit = game.state.units[uid]
            if entry.get("state") != "passage" or unit.side is not side:
                continue
            if int(entry["turn"]) > game.state.turn:
                continue
            spot = free_spot_near(game, unit, Hex(*entry["out"]))
            if spot is None:
                continue
            to, level = spot
            unit.hidden_from = unit.side.enemy() if entry.get("hidden") else None
            found = _arrive(game, unit, to, 0, level)
            if found is not None:
                events.extend(found)
                unit.hidden_from = unit.side.enemy()
                continue
            del table[uid]
            events.append(
                UnitEntered(
                    uid, to, tell("comes out of the deep passage at {cell}", cell=to), R_PASSAGE
                )
            )
        if not table:
            game.state.scratch.pop("offmap", None)
        return events

    return hook


def waiting(game: Game, side: Side) -> list[str]:
    """Characters of `side` still to come onto the map (reinforcements, underground)."""
    return sorted(
        uid
        for uid, e in offmap(game).items()
        if e.get("state") in ("arriving", "passage", "deploying")
        and game.state.units[uid].side is side
        and game.state.units[uid].alive
    )
