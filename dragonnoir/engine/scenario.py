"""Scenarios: the map, the characters and where they stand, the turn limit.

A scenario is a TOML file ("Course of a Game": the players choose a scenario, arrange the
playing surface as indicated and select the characters present). Its map is a board
(`.tmx`) or a layout (`.toml`) named relative to the scenario file. Characters are roster
counters placed on Tiled cells of the (composed) map, so a designer reads the cell under
the mouse in Tiled or in the viewer and types it in. Every fault is one line naming the
file and the entry: an unknown counter, a cell off the map, two characters on one hex.

Groups say how characters come into play: standing where the file says, deployed by their
player in zones before the first turn, entering later from an entry zone (reinforcements),
placed in secret (the Krobs' hidden placement). Objectives ("Orb?", "Khuzun?", "Sun?"),
deep passages between dungeon entrances, special-rule switches and victory conditions
complete a scenario. The file's shape is `scenario_format.py`; docs/scenarios.md is the
reference with an annotated example. Everything the rules need later is written into the
initial state (`state.scratch["scenario"]`), so saves and replays carry it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from dragonnoir.datafiles import load_toml_model
from dragonnoir.engine.box import OBJECTIVE_LIMITS, over_the_box
from dragonnoir.engine.game import Game
from dragonnoir.engine.phases import FIRST_PHASE, PHASES
from dragonnoir.engine.rules.footprint import hexes_for
from dragonnoir.engine.rules.steps import never_swims
from dragonnoir.engine.scenario_format import (
    AccessoryEntry,
    ConditionEntry,
    GroupEntry,
    ObjectiveEntry,
    PassageEntry,
    ScenarioFile,
    SwitchesEntry,
    UnitEntry,
    WizardEntry,
)
from dragonnoir.engine.state import Accessory, AccessoryKind, GameState, Side, Status, Unit, Wizard
from dragonnoir.engine.tables import RulesData, default_rules_data
from dragonnoir.engine.values import profile_of, side_of
from dragonnoir.errors import DataFileError
from dragonnoir.hexmap.board import Board, ZoneKind
from dragonnoir.hexmap.board_io import load_board
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.layout import Layout, load_layout
from dragonnoir.i18n import N_, _, pgettext
from dragonnoir.local_texts import Texts
from dragonnoir.safe_read import (
    SCENARIO,
    Missing,
    either,
    file_problem,
    named_file,
    quoted,
    resolved,
)

Hexes = list[list[int]]  # hexes as JSON: [[q, r], ...]


@dataclass
class Group:
    """A group of characters and how they come into play (resolved to hexes)."""

    id: str
    name: str
    side: Side
    units: list[str]
    hidden: bool = False
    deploy: list[Hex] = field(default_factory=list)
    entry: list[Hex] = field(default_factory=list)
    entry_turn: int | None = None
    behaviour: str | None = None
    zone_names: list[str] = field(default_factory=list)
    #: The entry zone is a dungeon entrance: they come up out of the deep passages.
    from_below: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "side": self.side.value,
            "units": list(self.units),
            "hidden": self.hidden,
            "deploy": _hexes(self.deploy),
            "entry": _hexes(self.entry),
            "entry_turn": self.entry_turn,
            "behaviour": self.behaviour,
            "zones": list(self.zone_names),
            **({"from_below": True} if self.from_below else {}),
        }


@dataclass
class Objective:
    """The "?" counters of one kind and which of them hides the true one (None: drawn
    with the game's dice at the start)."""

    kind: AccessoryKind
    hexes: list[Hex]
    real: int | None = None
    #: For counters laid on zones: each counter's whole zone (a Sun's exit gallery).
    areas: list[list[Hex]] = field(default_factory=list)


@dataclass
class Passage:
    """A deep passage between two dungeon entrances ("Accessory Counters": the Dungeon
    Entrance counters; "The Underground Maps": the trapdoor of La Fosse)."""

    id: str
    name: str
    a: Hex
    b: Hex
    turns: int
    both_ways: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "a": [self.a.q, self.a.r],
            "b": [self.b.q, self.b.r],
            "turns": self.turns,
            "both_ways": self.both_ways,
        }


@dataclass
class Scenario:
    """A scenario ready to start: map loaded, counters built and checked."""

    id: str
    name: str
    briefing: str
    board: Board
    layout: Layout | None
    units: list[Unit]
    accessories: list[Accessory] = field(default_factory=list)
    wizards: list[Wizard] = field(default_factory=list)
    turn_limit: int | None = None
    first_phase: str = FIRST_PHASE
    source: Path | None = None
    map_path: Path | None = None
    size: str = ""
    groups: list[Group] = field(default_factory=list)
    objectives: list[Objective] = field(default_factory=list)
    passages: list[Passage] = field(default_factory=list)
    #: The title and briefing in the other languages the file gives (`[text.fr]`);
    #: `title()` and `briefing_in()` say them.
    texts: Texts | None = None
    #: The victory block as the engine reads it (zones resolved to hexes).
    victory: dict[str, Any] = field(default_factory=dict)
    switches: dict[str, Any] = field(default_factory=dict)
    #: Display names given in the file, by unit id.
    names: dict[str, str] = field(default_factory=dict)
    #: Hexes where an Adventurer may leave the map (exits, and entries on the map's edge).
    exits: list[Hex] = field(default_factory=list)

    # -- what the picker shows -----------------------------------------------------------

    def title(self, language: str | None = None) -> str:
        """The scenario's name in `language` (None: the language in use), if the file
        gives it; else the file's own."""
        return (self.texts or Texts(self.name, self.briefing)).name(language)

    def briefing_in(self, language: str | None = None) -> str:
        """The briefing in `language` (None: the language in use), as `title`."""
        return (self.texts or Texts(self.name, self.briefing)).briefing(language)

    def words(self, text: str, language: str | None = None) -> str:
        """Another text of the file (a group's name...) in `language`, if the file gives it."""
        return (self.texts or Texts(self.name, self.briefing)).word(text, language)

    def features(self) -> list[str]:
        """The game features this scenario uses, in words (the picker lists them)."""
        found: list[str] = []
        kinds = {a.kind for a in self.accessories}
        profiles = [profile_of(default_rules_data().roster, u) for u in self.units]
        tags = {t for p in profiles for t in p.tags}
        categories = {p.category for p in profiles}
        checks = [
            (any(g.hidden for g in self.groups), "hidden Krobs"),
            (any(g.deploy for g in self.groups), "deployment"),
            (any(g.entry for g in self.groups), "reinforcements"),
            (bool(self.wizards), "wizards"),
            (AccessoryKind.BOAT in kinds, "boats"),
            (AccessoryKind.WEB in kinds, "spider webs"),
            (bool(self.switches.get("gharvs", True)) and self._has_water(), "Gharvs"),
            (bool(self.passages), "deep passages"),
            ("queen" in categories, "the Queen"),
            ("guard" in categories, "Guards"),
            ("killer" in categories, "Killers"),
            (any(not u.adult for u in self.units), "babies"),
        ]
        found.extend(text for ok, text in checks if ok)
        for obj in self.objectives:
            found.append({"orb": "the Orb", "khuzun": "Khuzun", "sun": "the Sun exit"}[obj.kind])
        found.extend(sorted({_SPECIAL_TAGS[t] for t in tags if t in _SPECIAL_TAGS}))
        return list(dict.fromkeys(found))

    def boards(self) -> int:
        return 1 if self.layout is None else len(self.layout.placements)

    def _has_water(self) -> bool:
        table = default_rules_data().terrain
        return any(table[c.terrain].water for c in self.board.cells.values())

    # -- starting a game -----------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        """What the rules read of this scenario during the game (`scratch["scenario"]`):
        only what differs from a plain scenario, so that games of scenarios without
        groups, objectives or conditions keep the state (and the saves) they had."""
        out: dict[str, Any] = {}
        if self.names:
            out["names"] = dict(self.names)
        if self.groups:
            out["groups"] = {g.id: g.to_dict() for g in self.groups}
        if self.passages:
            out["passages"] = {p.id: p.to_dict() for p in self.passages}
        if self.victory:
            out["victory"] = self.victory
        switches = {k: v for k, v in self.switches.items() if DEFAULT_SWITCHES.get(k) != v}
        if switches:
            out["switches"] = switches
        return out

    def new_game(self, seed: int, rules: RulesData | None = None) -> Game:
        """Set up the playing surface and start at turn 1 with `seed` for the dice (after
        the deployment step when the scenario has one)."""
        accessories = {a.id: a for a in self.accessories}
        wizards = {w.unit: w for w in self.wizards}
        setup = self.setup()
        queue = self._setup_queue()
        objectives = self.objectives

        def prepare(state: object) -> None:
            assert isinstance(state, GameState)
            state.accessories = {k: _copy_accessory(a) for k, a in accessories.items()}
            # The sheet keeps the wounds its EP were counted with (a campaign's wizard
            # carried over wounded is not halved a second time: rules/energy.py).
            state.wizards = {
                k: Wizard(w.unit, w.level, w.energy, wounds=w.wounds) for k, w in wizards.items()
            }
            if setup:
                state.scratch["scenario"] = setup
            offmap: dict[str, Any] = {}
            for g in self.groups:
                for uid in g.units:
                    if g.deploy and state.units[uid].hex is None:
                        offmap[uid] = {"state": "deploying", "group": g.id}
                    elif g.entry and g.from_below:
                        # Underground until their turn: out at the entrance then (or the
                        # nearest free hex), unseen by the enemy meanwhile.
                        out = g.entry[0]
                        offmap[uid] = {
                            "state": "passage",
                            "group": g.id,
                            "passage": "",
                            "out": [out.q, out.r],
                            "turn": g.entry_turn or 1,
                            "hidden": g.hidden,
                        }
                        state.units[uid].hidden_from = g.side.enemy()
                    elif g.entry:
                        offmap[uid] = {"state": "arriving", "group": g.id}
            if offmap:
                state.scratch["offmap"] = offmap
            _place_objectives(state, objectives)
            if len(queue) > 1:
                state.scratch["setup_queue"] = queue[1:]

        game = Game.start(
            self.board,
            [Unit.from_dict(u.to_dict()) for u in self.units],
            rules or default_rules_data(),
            seed,
            layout=self.layout,
            scenario_id=self.id,
            turn_limit=self.turn_limit,
            first_phase=queue[0] if queue else self.first_phase,
            prepare=prepare,
        )
        if self.source is not None:
            game.scenario_path = str(resolved(self.source))
        return game

    def _setup_queue(self) -> list[str]:
        """The deployment phases, in the order the scenario sets (none: no deployment)."""
        sides = {g.side for g in self.groups if g.deploy}
        first = Side(self.switches.get("deploy_first", "krobs"))
        order = [first, first.enemy()]
        return [f"{s.value[:-1]}_deployment" for s in order if s in sides]


DEFAULT_SWITCHES: dict[str, Any] = SwitchesEntry().model_dump()

#: Special characters the picker names, by roster tag ("Special Rules").
_SPECIAL_TAGS = {
    "crazy_ork": "the Crazy Ork",
    "elf": "Elves",
    "goblin": "Goblins",
    "troll": "Trolls",
    "zed_curare": "Zed",
    "godiva": "Lucifer and Godiva",
    "godivas_dog": "Lucifer and Godiva",
    "prisoner": "Khuzun",
}


def _hexes(hexes: list[Hex]) -> Hexes:
    return [[h.q, h.r] for h in hexes]


def _copy_accessory(a: Accessory) -> Accessory:
    return Accessory.from_dict(a.to_dict())


def _place_objectives(state: Any, objectives: list[Objective]) -> None:
    """Lay the "?" counters; the real one is the scenario's or drawn now with the game's
    dice (so a replay draws the same)."""
    for obj in objectives:
        real = obj.real if obj.real is not None else state.dice.roll(len(obj.hexes)) - 1
        for i, h in enumerate(obj.hexes):
            aid = f"{obj.kind.value}_{i + 1}"
            props: dict[str, str | int | float | bool] = {"real": i == real, "revealed": False}
            area = obj.areas[i] if i < len(obj.areas) else []
            if len(area) > 1:
                props["zone"] = ";".join(f"{z.q},{z.r}" for z in area)
            state.accessories[aid] = Accessory(aid, obj.kind, (h,), face_up=True, properties=props)


P = ParamSpec("P")
T = TypeVar("T")


class _Loader:
    """Reads one scenario file against its map and the rules data; every fault is a
    `DataFileError` naming the file and the entry (and the hexes at fault, when there are).

    With `faults` (a list), the loader collects: each entry is read with `attempt`, and
    the fault of a bad entry goes in the list instead of stopping the reading, so the
    editor can mark every bad entry at once. Without it the first fault is raised, as a
    player loading the file sees it."""

    def __init__(
        self,
        src: Path,
        data: ScenarioFile,
        board: Board,
        rules: RulesData,
        faults: list[DataFileError] | None = None,
    ) -> None:
        self.src = src
        self.data = data
        self.board = board
        self.rules = rules
        self.faults = faults
        self.units: list[Unit] = []
        self.ids: set[str] = set()
        self.covered: dict[tuple[Hex, float], str] = {}
        self.names: dict[str, str] = {}

    def fail(self, message: str, place: str, hexes: tuple[Hex, ...] = ()) -> DataFileError:
        return DataFileError(self.src, message, place=place, hexes=hexes)

    def attempt(self, read: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T | None:
        """`read(...)`; when collecting, its fault is kept and None returned instead."""
        if self.faults is None:
            return read(*args, **kwargs)
        try:
            return read(*args, **kwargs)
        except DataFileError as exc:
            self.faults.append(exc)
            return None

    # -- places --------------------------------------------------------------------------

    def cell(self, xy: tuple[int, int], place: str) -> Hex:
        h = self.board.grid.to_hex(*xy)
        if h not in self.board.cells:
            raise self.fail(_("cell {xy} is not on the map").format(xy=tuple(xy)), place)
        return h

    def zone_hexes(self, name: str, place: str, kinds: tuple[ZoneKind, ...] = ()) -> list[Hex]:
        zone = self.board.zone(name)
        if zone is None:
            known = sorted(z.name for z in self.board.zones if not kinds or z.kind in kinds)
            hint = (
                _(" (zones of that kind here: {zones})").format(zones=", ".join(known[:12]))
                if known
                else ""
            )
            raise self.fail(
                _("no zone {name!r} on the map{hint}").format(name=name, hint=hint), place
            )
        if kinds and zone.kind not in kinds:
            wanted = either(tuple(zone_kind_words(k) for k in kinds))
            raise self.fail(
                _("zone {name!r} is of the kind {kind}, not {wanted}").format(
                    name=name, kind=zone_kind_words(zone.kind), wanted=wanted
                ),
                place,
            )
        return sorted(zone.hexes, key=lambda h: (h.q, h.r))

    def where(self, h: Hex) -> str:
        col, row = self.board.grid.to_cell(h)
        return f"({col}, {row})"

    def open_ground(self, h: Hex) -> bool:
        """A hex a character can stand on: passable, not water."""
        terrain = self.rules.terrain[self.board.cells[h].terrain]
        return bool(terrain.passable and not terrain.water)

    # -- characters ----------------------------------------------------------------------

    def unit(self, entry: UnitEntry, place: str, *, placed: bool) -> Unit:
        rules = self.rules
        # Where the entry stands, for the editor to outline (None: no cell, or off the map).
        at = self.board.grid.to_hex(*entry.cell) if entry.cell is not None else None
        here = (at,) if at is not None and at in self.board.cells else ()
        if entry.kind not in rules.roster:
            raise self.fail(
                _("no counter {kind!r} in the roster").format(kind=entry.kind),
                f"{place}.kind",
                here,
            )
        unit_id = entry.id or entry.kind
        if unit_id in self.ids:
            raise self.fail(
                _("unit id {unit_id!r} is used twice").format(unit_id=unit_id), f"{place}.id", here
            )
        self.ids.add(unit_id)
        if entry.name:
            self.names[unit_id] = entry.name
        unit = Unit(
            id=unit_id,
            kind=entry.kind,
            side=side_of(rules.roster, entry.kind),
            facing=entry.facing,
            status=Status(entry.status),
            wounds=entry.wounds,
            adult=entry.adult,
        )
        if entry.cell is None:
            if placed:
                raise self.fail(
                    _(
                        "{unit_id!r} has no cell: a character stands on a cell unless his group "
                        "is deployed by its player or enters later"
                    ).format(unit_id=unit_id),
                    f"{place}.cell",
                )
            return unit
        if not placed:
            raise self.fail(
                _(
                    "{unit_id!r} has a cell, but his group is placed by its player or enters "
                    "later: leave the cell out"
                ).format(unit_id=unit_id),
                f"{place}.cell",
                here,
            )
        anchor = self.cell(entry.cell, f"{place}.cell")
        cell = self.board.cells[anchor]
        level = cell.level if entry.level is None else entry.level
        if level not in cell.levels():
            raise self.fail(
                _("level {level:g} does not exist at cell {cell} (levels there: {levels})").format(
                    level=level,
                    cell=entry.cell,
                    levels=", ".join(f"{lv:g}" for lv in cell.levels()),
                ),
                f"{place}.level",
                here,
            )
        unit.hex, unit.level = anchor, level
        self.check_ground(unit, place)
        return unit

    def check_ground(self, unit: Unit, place: str) -> None:
        assert unit.hex is not None
        p = profile_of(self.rules.roster, unit)
        afloat = {
            h
            for acc in self.data.accessory
            if acc.kind in (AccessoryKind.BOAT, AccessoryKind.BRIDGE)
            for h in (self.board.grid.to_hex(*xy) for xy in acc.cells)
        }
        for h in hexes_for(unit.hex, p.size, unit.facing):
            if h not in self.board.cells:
                col, row = self.board.grid.to_cell(h)
                raise self.fail(
                    _("the counter reaches cell ({col}, {row}), off the map").format(
                        col=col, row=row
                    ),
                    f"{place}.cell",
                    (unit.hex,),
                )
            terrain = self.rules.terrain[self.board.cells[h].terrain]
            if not terrain.passable:
                raise self.fail(
                    _("{id!r} would stand on {lower} at cell {where}").format(
                        id=unit.id,
                        lower=pgettext("data", terrain.name).lower(),
                        where=self.where(h),
                    ),
                    f"{place}.cell",
                    (h,),
                )
            if terrain.water and h not in afloat and never_swims(p):
                raise self.fail(
                    _(
                        "{id!r} would stand in water at cell {where}, but cannot swim (The "
                        "Underground Maps: River; put him in a boat or on the bank)"
                    ).format(id=unit.id, where=self.where(h)),
                    f"{place}.cell",
                    (h,),
                )
            if unit.alive:
                other = self.covered.get((h, unit.level))
                if other is not None:
                    raise self.fail(
                        _(
                            "{id!r} and {other!r} would share a hex at the same level (Stacking: "
                            "one living character per hex)"
                        ).format(id=unit.id, other=other),
                        f"{place}.cell",
                        (h,),
                    )
                self.covered[(h, unit.level)] = unit.id

    def group_unit(self, group: GroupEntry, entry: UnitEntry, place: str, *, placed: bool) -> Unit:
        """A character of a group (of the group's side, hidden if the group is)."""
        unit = self.unit(entry, place, placed=placed)
        if unit.side.value != group.side:
            raise self.fail(
                _("{id!r} is one of {side}, not of {group_side}").format(
                    id=unit.id, side=side_words(unit.side.value), group_side=side_words(group.side)
                ),
                f"{place}.kind",
                () if unit.hex is None else (unit.hex,),
            )
        if group.hidden:
            unit.hidden_from = Side.ADVENTURERS
        self.units.append(unit)
        return unit

    def group(self, i: int, entry: GroupEntry) -> Group:
        place = f"field group[{i}] (id {entry.id!r})"
        deploy: list[Hex] = []
        zone_names: list[str] = []
        if entry.deploy is not None:
            names = [entry.deploy] if isinstance(entry.deploy, str) else entry.deploy
            for name in names:
                deploy.extend(self.zone_hexes(name, f"{place}.deploy"))
                zone_names.append(name)
        for xy in entry.deploy_cells:
            deploy.append(self.cell(xy, f"{place}.deploy_cells"))
        entry_hexes: list[Hex] = []
        below: set[bool] = set()
        if entry.enter is not None:
            names = [entry.enter.zone] if isinstance(entry.enter.zone, str) else entry.enter.zone
            kinds = (ZoneKind.ENTRY, ZoneKind.EXIT, ZoneKind.DUNGEON_ENTRANCE)
            for name in names:
                entry_hexes.extend(self.zone_hexes(name, f"{place}.enter.zone", kinds))
                zone = self.board.zone(name)
                below.add(zone is not None and zone.kind is ZoneKind.DUNGEON_ENTRANCE)
                zone_names.append(name)
            if len(below) > 1:
                raise self.fail(
                    _(
                        "a group comes in by entries of the map or up from the deep passages, not "
                        "both"
                    ),
                    f"{place}.enter.zone",
                )
        placed = not deploy and not entry_hexes
        ids: list[str] = []
        for j, u in enumerate(entry.unit):
            unit = self.attempt(self.group_unit, entry, u, f"{place}.unit[{j}]", placed=placed)
            if unit is not None:
                ids.append(unit.id)
        if deploy:
            room = len({h for h in deploy if self.open_ground(h)})
            if room < len(entry.unit):
                raise self.fail(
                    _(
                        "{count} characters to deploy on {room} hexes of open ground: the zone is "
                        "too small"
                    ).format(count=len(entry.unit), room=room),
                    f"{place}.deploy",
                    tuple(deploy),
                )
        if entry_hexes and not any(self.open_ground(h) for h in entry_hexes):
            raise self.fail(
                _("no hex of the entry zone can be stood on"),
                f"{place}.enter.zone",
                tuple(entry_hexes),
            )
        return Group(
            id=entry.id,
            name=entry.name or entry.id.replace("-", " ").replace("_", " ").capitalize(),
            side=Side(entry.side),
            units=ids,
            hidden=entry.hidden,
            deploy=deploy,
            entry=entry_hexes,
            entry_turn=None if entry.enter is None else entry.enter.turn,
            behaviour=entry.behaviour,
            zone_names=zone_names,
            from_below=below == {True},
        )

    # -- objectives, passages, victory ----------------------------------------------------

    def objective(self, i: int, entry: ObjectiveEntry) -> Objective:
        place = f"field objective[{i}] ({entry.kind})"
        hexes = [self.cell(xy, f"{place}.cells") for xy in entry.cells]
        areas: list[list[Hex]] = [[h] for h in hexes]
        for name in entry.zones:
            found = self.zone_hexes(name, f"{place}.zones")
            hexes.append(found[0])  # one counter per zone: on its first hex
            areas.append(found)
        limit = OBJECTIVE_LIMITS[entry.kind]
        if len(hexes) > limit:
            raise self.fail(
                _("{count} {kind} counters: the box has {limit} (Accessory Counters)").format(
                    count=len(hexes), kind=entry.kind, limit=limit
                ),
                place,
                tuple(hexes),
            )
        if len(set(hexes)) != len(hexes):
            twice = tuple(h for h in set(hexes) if hexes.count(h) > 1)
            raise self.fail(_("two counters on one hex"), place, twice)
        for h in hexes:
            if not self.rules.terrain[self.board.cells[h].terrain].passable:
                raise self.fail(
                    _("a counter on {where}, in the rock: no one can reach it").format(
                        where=self.where(h)
                    ),
                    place,
                    (h,),
                )
        if entry.real is not None and entry.real >= len(hexes):
            raise self.fail(
                _("real = {real}, but there are {count} counters (0 to {last})").format(
                    real=entry.real, count=len(hexes), last=len(hexes) - 1
                ),
                f"{place}.real",
            )
        return Objective(AccessoryKind(entry.kind), hexes, entry.real, areas)

    def passage_end(self, end: str | tuple[int, int], place: str) -> Hex:
        if isinstance(end, str):
            return self.zone_hexes(end, place, (ZoneKind.DUNGEON_ENTRANCE,))[0]
        return self.cell(end, place)

    def passage(self, i: int, entry: PassageEntry) -> Passage:
        place = f"field passage[{i}]"
        a = self.passage_end(entry.ends[0], f"{place}.ends[0]")
        b = self.passage_end(entry.ends[1], f"{place}.ends[1]")
        if a == b:
            raise self.fail(_("a passage joins two different entrances"), f"{place}.ends", (a,))
        # Unnamed stays "": the narrator names it by its ends in the reader's language
        # (offmap.passage_name), not by words fixed here in English.
        return Passage(f"passage_{i + 1}", entry.name, a, b, entry.turns, entry.both_ways)

    def condition(self, i: int, entry: ConditionEntry) -> dict[str, Any]:
        place = f"field victory.condition[{i}] ({entry.kind})"
        side = Side(entry.side)
        for uid in entry.units:
            if uid not in self.ids:
                raise self.fail(
                    _("no unit {uid!r} in this scenario").format(uid=uid), f"{place}.units"
                )
        by_id = {u.id: u for u in self.units}
        hexes = [self.cell(xy, f"{place}.cells") for xy in entry.cells]
        for name in entry.zones:
            hexes.extend(self.zone_hexes(name, f"{place}.zones"))
        # The file's objective kinds (those read: the same when the loader stops at a
        # fault; when it collects, a bad objective entry is not blamed on conditions too).
        kinds = {o.kind for o in self.data.objective}
        kind = entry.kind
        if kind in ("reach", "hold") and not hexes:
            raise self.fail(_("a {kind} condition needs zones or cells").format(kind=kind), place)
        if (
            kind in ("reach", "exit", "sun_exit", "orb_off", "khuzun_out")
            and side is not Side.ADVENTURERS
        ):
            raise self.fail(
                _("only the Adventurers can win by {kind} (they leave or seek)").format(kind=kind),
                place,
            )
        need = {"orb_off": "orb", "khuzun_out": "khuzun", "sun_exit": "sun"}.get(kind)
        if need is not None and need not in kinds:
            raise self.fail(
                f"a {kind} condition, but the scenario lays no {need} counters "
                "(add an [[objective]] with kind = " + repr(need) + ")",
                place,
            )
        if kind == "khuzun_out" and "khuzun" in self.ids:
            raise self.fail(_("Khuzun is freed from his cell: do not list him as a unit"), place)
        if kind == "kill":
            for uid in entry.units:
                unit = by_id.get(uid)  # None: the unit's own entry is at fault
                if unit is not None and unit.side is side:
                    raise self.fail(
                        _("{uid!r} is one of {side} themselves").format(
                            uid=uid, side=side_words(side.value)
                        ),
                        f"{place}.units",
                    )
        if kind == "hold" and entry.turn is None and self.data.turn_limit is None:
            raise self.fail(_("a hold condition needs a turn (or a turn limit)"), place)
        too_many = entry.count is not None and entry.units and entry.count > len(entry.units)
        if kind in ("reach", "exit", "kill") and too_many:
            raise self.fail(
                _("count = {count}, but only {named} units are named").format(
                    count=entry.count, named=len(entry.units)
                ),
                f"{place}.count",
            )
        if kind in ("reach", "exit", "sun_exit") and entry.count is not None and not entry.units:
            mine = [u for u in self.units if u.side is side]
            if entry.count > len(mine):
                raise self.fail(
                    _(
                        "count = {count}, but {side} have only {characters} characters: the "
                        "condition can never be met"
                    ).format(count=entry.count, side=side_words(side.value), characters=len(mine)),
                    f"{place}.count",
                )
        return {
            "id": f"c{i + 1}",
            "side": side.value,
            "kind": kind,
            "units": list(entry.units),
            "count": entry.count,
            "hexes": _hexes(hexes),
            "turn": entry.turn,
            "text": entry.text,
        }


def load_scenario(path: Path | str, rules: RulesData | None = None) -> Scenario:
    """Read and check a scenario file; faults name the file and the entry."""
    src = Path(path)
    return scenario_from(load_toml_model(src, ScenarioFile, SCENARIO), src, rules)


def scenario_from(
    data: ScenarioFile,
    src: Path,
    rules: RulesData | None = None,
    *,
    map_: tuple[Board, Layout | None] | None = None,
) -> Scenario:
    """Check a scenario already read (the map editor's document) as if it were the file
    `src`: faults name `src` and the entry. `map_`, when given, is the (composed) map the
    scenario is on, so an editor checking each edit does not read it again."""
    return _read(data, src, rules or default_rules_data(), map_, None)


def scenario_problems(
    data: ScenarioFile,
    src: Path,
    rules: RulesData | None = None,
    *,
    map_: tuple[Board, Layout | None] | None = None,
) -> list[DataFileError]:
    """Every fault of a scenario, not only the first: one per bad entry (a group's bad
    characters each), in the order `scenario_from` meets them, each with the message it
    would raise and the hexes at fault (`DataFileError.hexes`). Empty: it loads. A fault
    of the map itself (no file) is the only one: nothing else can be judged without it.
    The map editor marks them all; `dragonnoir validate` prints them all."""
    faults: list[DataFileError] = []
    try:
        _read(data, src, rules or default_rules_data(), map_, faults)
    except DataFileError as exc:  # what stops the reading as a whole (the map)
        faults.append(exc)
    return faults


def scenario_file_problems(path: Path | str, rules: RulesData | None = None) -> list[DataFileError]:
    """`scenario_problems` of a file (a file that is not a scenario: its one fault)."""
    src = Path(path)
    try:
        data = load_toml_model(src, ScenarioFile, SCENARIO)
    except DataFileError as exc:
        return [exc]
    return scenario_problems(data, src, rules)


def _read(
    data: ScenarioFile,
    src: Path,
    rules: RulesData,
    map_: tuple[Board, Layout | None] | None,
    faults: list[DataFileError] | None,
) -> Scenario:
    """`scenario_from`; with `faults`, every entry's fault is collected there instead of
    raised (the scenario returned then leaves the bad entries out)."""

    def fail(message: str, place: str, hexes: tuple[Hex, ...] = ()) -> DataFileError:
        return DataFileError(src, message, place=place, hexes=hexes)

    if data.first_phase not in PHASES:
        _report(
            faults,
            fail(
                _("unknown phase {first_phase!r}").format(first_phase=data.first_phase),
                "field first_phase",
            ),
        )
    layout: Layout | None = None
    if map_ is not None:  # the editor's map, opened already (by the player's choice)
        board, layout = map_
        map_path = resolved(src.parent / data.map)
    else:
        map_path = named_file(src, data.map, "map", place="field map")
        problem = file_problem(map_path)
        if isinstance(problem, Missing):
            raise fail(
                _("no map file {map} ({map_path})").format(map=quoted(data.map), map_path=map_path),
                "field map",
            )
        if problem is not None:
            raise fail(
                _("map file {map}: {problem}").format(map=quoted(data.map), problem=problem),
                "field map",
            )
        if map_path.suffix.lower() == ".toml":
            layout = load_layout(map_path, rules.terrain)
            board = layout.map
        else:
            board = load_board(map_path, rules.terrain)

    loader = _Loader(src, data, board, rules, faults)
    for i, entry in enumerate(data.unit):
        unit = loader.attempt(loader.unit, entry, f"field unit[{i}]", placed=True)
        if unit is not None:
            loader.units.append(unit)
    groups = _groups(loader)
    accessories: list[Accessory] = []
    for i, acc in enumerate(data.accessory):
        read = loader.attempt(_accessory, loader, i, acc)
        if read is not None:
            accessories.append(read)

    wizards: list[Wizard] = []
    for i, wiz in enumerate(data.wizard):
        wizard = loader.attempt(_wizard, loader, i, wiz)
        if wizard is not None:
            wizards.append(wizard)

    objectives: list[Objective] = []
    for i, obj in enumerate(data.objective):
        objective = loader.attempt(_objective, loader, i, obj)
        if objective is not None:
            objectives.append(objective)
    passages = [
        p
        for p in (loader.attempt(loader.passage, i, entry) for i, entry in enumerate(data.passage))
        if p is not None
    ]
    for p in passages:  # the Dungeon Entrance counters mark both ends
        for end in (p.a, p.b):
            if not any(
                a.kind is AccessoryKind.DUNGEON_ENTRANCE and end in a.hexes for a in accessories
            ):
                count = sum(a.kind is AccessoryKind.DUNGEON_ENTRANCE for a in accessories)
                aid = f"entrance_{count + 1}"
                accessories.append(Accessory(aid, AccessoryKind.DUNGEON_ENTRANCE, (end,)))
    for excess in over_the_box(rules.roster, rules.spells.counters, loader.units, accessories):
        _report(faults, fail(str(excess), "the box's counters"))
    victory: dict[str, Any] = {}
    if data.victory is not None:
        conditions = [
            loader.attempt(loader.condition, i, c) for i, c in enumerate(data.victory.condition)
        ]
        victory = {
            "at_turn_limit": data.victory.at_turn_limit,
            "margin": data.victory.margin,
            "draw_allowed": data.victory.draw_allowed,
            "conditions": [c for c in conditions if c is not None],
        }
    exits = sorted(
        {
            h
            for z in board.zones
            if z.kind is ZoneKind.EXIT or (z.kind is ZoneKind.ENTRY and _on_edge(board, z.hexes))
            for h in z.hexes
        },
        key=lambda h: (h.q, h.r),
    )
    return Scenario(
        id=data.id,
        name=data.name,
        briefing=data.briefing,
        texts=Texts(data.name, data.briefing, data.text),
        board=board,
        layout=layout,
        units=loader.units,
        accessories=accessories,
        wizards=wizards,
        turn_limit=data.turn_limit,
        first_phase=data.first_phase,
        source=src,
        map_path=map_path,
        size=data.size,
        groups=groups,
        objectives=objectives,
        passages=passages,
        victory=victory,
        switches=data.rules.model_dump(),
        names=loader.names,
        exits=exits,
    )


def _groups(loader: _Loader) -> list[Group]:
    """The `[[group]]` entries, each id once; no secret group sharing hexes with the
    other side's deployment."""
    groups: list[Group] = []
    seen_groups: set[str] = set()
    for i, entry in enumerate(loader.data.group):
        group = loader.attempt(_group, loader, i, entry, seen_groups)
        if group is not None:
            groups.append(group)
    for i, g in enumerate(groups):
        # A secret placement may not share hexes with the other side's deployment zone: the
        # other player would find the hidden Krobs by the hexes refused to him.
        for other in groups[:i]:
            if g.side is not other.side and (g.hidden or other.hidden):
                shared = set(g.deploy) & set(other.deploy)
                if shared:
                    index = loader.data.group.index(
                        next(e for e in loader.data.group if e.id == g.id)
                    )
                    error = loader.fail(
                        _(
                            "groups {id!r} and {id2!r} deploy on the same hexes, and one is "
                            "placed in secret"
                        ).format(id=other.id, id2=g.id),
                        f"field group[{index}].deploy",
                        tuple(sorted(shared, key=lambda h: (h.q, h.r))),
                    )
                    _report(loader.faults, error)
    return groups


def _report(faults: list[DataFileError] | None, error: DataFileError) -> None:
    """Raise `error`, or keep it when collecting."""
    if faults is None:
        raise error
    faults.append(error)


def _group(loader: _Loader, i: int, entry: GroupEntry, seen: set[str]) -> Group:
    if entry.id in seen:
        raise loader.fail(
            _("group id {id!r} is used twice").format(id=entry.id), f"field group[{i}].id"
        )
    seen.add(entry.id)
    return loader.group(i, entry)


def _accessory(loader: _Loader, i: int, acc: AccessoryEntry) -> Accessory:
    """One `[[accessory]]` entry."""
    place = f"field accessory[{i}]"
    if any(a.id == acc.id for a in loader.data.accessory[:i]):
        raise loader.fail(_("accessory id {id!r} is used twice").format(id=acc.id), f"{place}.id")
    if acc.kind in (AccessoryKind.ORB, AccessoryKind.KHUZUN, AccessoryKind.SUN):
        raise loader.fail(
            _(
                "objective counters are laid by [[objective]] (which one is real is the "
                "scenario's or the dice's)"
            ),
            f"{place}.kind",
        )
    if acc.hidden and acc.kind is not AccessoryKind.WEB:
        raise loader.fail(_("only spider webs are placed in secret"), f"{place}.hidden")
    hexes = [loader.cell(xy, f"{place}.cells") for xy in acc.cells]
    if acc.kind is AccessoryKind.WEB:
        for h in hexes:
            if not loader.open_ground(h):
                raise loader.fail(
                    _("a spider web on {where}, which is not open ground").format(
                        where=loader.where(h)
                    ),
                    f"{place}.cells",
                    (h,),
                )
    return Accessory(
        acc.id,
        acc.kind,
        tuple(hexes),
        acc.face_up,
        acc.facing,
        hidden_from=Side.ADVENTURERS if acc.hidden else None,
    )


def _wizard(loader: _Loader, i: int, wiz: WizardEntry) -> Wizard:
    if wiz.unit not in loader.ids:
        raise loader.fail(
            _("no unit {unit!r} in this scenario").format(unit=wiz.unit), f"field wizard[{i}].unit"
        )
    energy = wiz.level * 100 if wiz.energy is None else wiz.energy
    return Wizard(wiz.unit, wiz.level, energy)


def _objective(loader: _Loader, i: int, obj: ObjectiveEntry) -> Objective:
    if any(o.kind == obj.kind for o in loader.data.objective[:i]):
        raise loader.fail(
            _("two [[objective]] entries of kind {kind!r}").format(kind=obj.kind),
            f"field objective[{i}]",
        )
    return loader.objective(i, obj)


def _on_edge(board: Board, hexes: frozenset[Hex]) -> bool:
    """Whether any of `hexes` lies on the map's outer edge (an entry of a board inside a
    layout, against another board, is no way out)."""
    return any(n not in board.cells for h in hexes for n in h.neighbours())


#: The sides and the kinds of zone in words (the narrator's words for the sides).
_SIDE_WORDS = {"adventurers": N_("the Adventurers"), "krobs": N_("the Krobs")}
_ZONE_KIND_WORDS = {
    ZoneKind.ENTRY: N_("entry"),
    ZoneKind.DEPLOYMENT: N_("deployment"),
    ZoneKind.CELL: N_("cell"),
    ZoneKind.EXIT: N_("exit"),
    ZoneKind.DUNGEON_ENTRANCE: N_("dungeon entrance"),
    ZoneKind.LANDING_STAGE: N_("landing stage"),
}


def side_words(side: str) -> str:
    """A side, as a message names it ("the Krobs"), in the language in use."""
    words = _SIDE_WORDS.get(side)
    return _(words) if words is not None else side


def zone_kind_words(kind: ZoneKind) -> str:
    """A kind of zone in words ("dungeon entrance"), in the language in use."""
    return _(_ZONE_KIND_WORDS[kind])
