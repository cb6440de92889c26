"""Scenarios: the map, the characters and where they stand, the turn limit.

A scenario is a TOML file ("Course of a Game": the players choose a scenario, arrange the
playing surface as indicated and select the characters present). Its map is a board
(`.tmx`) or a layout (`.toml`) named relative to the scenario file. Characters are roster
counters placed on Tiled cells of the (composed) map, so a designer reads the cell under
the mouse in Tiled or in the viewer and types it in. Every fault is one line naming the
file and the entry: an unknown counter, a cell off the map, two characters on one hex.

The scenarios issue will add entry sides, hidden placement and victory conditions; the
format is open for them (unknown top-level tables are refused, so typos are caught).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from dragonnoir.datafiles import load_toml_model
from dragonnoir.engine.game import Game
from dragonnoir.engine.phases import FIRST_PHASE, PHASES
from dragonnoir.engine.rules.footprint import hexes_for
from dragonnoir.engine.state import Accessory, AccessoryKind, Status, Unit, Wizard
from dragonnoir.engine.tables import RulesData, default_rules_data
from dragonnoir.engine.values import profile_of, side_of
from dragonnoir.errors import DataFileError
from dragonnoir.hexmap.board import Board
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.layout import Layout, load_layout
from dragonnoir.safe_read import file_problem, quoted, resolved


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class UnitEntry(_Strict):
    kind: str
    id: str | None = None
    cell: tuple[int, int]
    level: float | None = None
    facing: int = Field(default=0, ge=0, le=5)
    status: Literal["healthy", "knocked_out", "wounded", "killed"] = "healthy"
    wounds: int = Field(default=0, ge=0)
    adult: bool = True


class AccessoryEntry(_Strict):
    id: str
    kind: AccessoryKind
    cells: list[tuple[int, int]] = Field(min_length=1)
    face_up: bool = True
    facing: int = Field(default=0, ge=0, le=5)


class WizardEntry(_Strict):
    unit: str
    level: int = Field(default=1, ge=1, le=2)
    energy: int | None = Field(default=None, ge=0)


class ScenarioFile(_Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    name: str
    briefing: str = ""
    map: str
    turn_limit: int | None = Field(default=None, ge=1)
    first_phase: str = FIRST_PHASE
    unit: list[UnitEntry] = Field(default_factory=list)
    accessory: list[AccessoryEntry] = Field(default_factory=list)
    wizard: list[WizardEntry] = Field(default_factory=list)


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

    def new_game(self, seed: int, rules: RulesData | None = None) -> Game:
        """Set up the playing surface and start at turn 1 with `seed` for the dice."""
        accessories = {a.id: a for a in self.accessories}
        wizards = {w.unit: w for w in self.wizards}

        def prepare(state: object) -> None:
            from dragonnoir.engine.state import GameState

            assert isinstance(state, GameState)
            state.accessories = {k: _copy_accessory(a) for k, a in accessories.items()}
            state.wizards = {k: Wizard(w.unit, w.level, w.energy) for k, w in wizards.items()}

        game = Game.start(
            self.board,
            [Unit.from_dict(u.to_dict()) for u in self.units],
            rules or default_rules_data(),
            seed,
            layout=self.layout,
            scenario_id=self.id,
            turn_limit=self.turn_limit,
            first_phase=self.first_phase,
            prepare=prepare,
        )
        if self.source is not None:
            game.scenario_path = str(resolved(self.source))
        return game


def _copy_accessory(a: Accessory) -> Accessory:
    return Accessory.from_dict(a.to_dict())


def load_scenario(path: Path | str, rules: RulesData | None = None) -> Scenario:
    """Read and check a scenario file; faults name the file and the entry."""
    src = Path(path)
    data = load_toml_model(src, ScenarioFile)
    rules = rules or default_rules_data()

    def fail(message: str, place: str) -> DataFileError:
        return DataFileError(src, message, place=place)

    if data.first_phase not in PHASES:
        raise fail(f"unknown phase {data.first_phase!r}", "field first_phase")
    map_path = resolved(src.parent / data.map)
    problem = file_problem(map_path)
    if problem == "file not found":
        raise fail(f"no map file {quoted(data.map)} ({map_path})", "field map")
    if problem is not None:
        raise fail(f"map file {quoted(data.map)}: {problem}", "field map")
    layout: Layout | None = None
    if map_path.suffix.lower() == ".toml":
        layout = load_layout(map_path, rules.terrain)
        board = layout.map
    else:
        from dragonnoir.hexmap.board_io import load_board

        board = load_board(map_path, rules.terrain)

    units: list[Unit] = []
    covered: dict[tuple[Hex, float], str] = {}
    ids: set[str] = set()
    for i, entry in enumerate(data.unit):
        place = f"field unit[{i}]"
        if entry.kind not in rules.roster:
            raise fail(f"no counter {entry.kind!r} in the roster", f"{place}.kind")
        unit_id = entry.id or entry.kind
        if unit_id in ids:
            raise fail(f"unit id {unit_id!r} is used twice", f"{place}.id")
        ids.add(unit_id)
        anchor = board.grid.to_hex(*entry.cell)
        if anchor not in board.cells:
            raise fail(f"cell {entry.cell} is not on the map", f"{place}.cell")
        cell = board.cells[anchor]
        level = cell.level if entry.level is None else entry.level
        if level not in cell.levels():
            raise fail(
                f"level {level:g} does not exist at cell {entry.cell} "
                f"(levels there: {', '.join(f'{lv:g}' for lv in cell.levels())})",
                f"{place}.level",
            )
        unit = Unit(
            id=unit_id,
            kind=entry.kind,
            side=side_of(rules.roster, entry.kind),
            hex=anchor,
            level=level,
            facing=entry.facing,
            status=Status(entry.status),
            wounds=entry.wounds,
            adult=entry.adult,
        )
        size = profile_of(rules.roster, unit).size
        for h in hexes_for(anchor, size, entry.facing):
            if h not in board.cells:
                col, row = board.grid.to_cell(h)
                raise fail(f"the counter reaches cell ({col}, {row}), off the map", f"{place}.cell")
            terrain = rules.terrain[board.cells[h].terrain]
            if not terrain.passable:
                col, row = board.grid.to_cell(h)
                raise fail(
                    f"{unit_id!r} would stand on {terrain.name.lower()} at cell ({col}, {row})",
                    f"{place}.cell",
                )
            if unit.alive:
                other = covered.get((h, level))
                if other is not None:
                    raise fail(
                        f"{unit_id!r} and {other!r} would share a hex at the same level "
                        "(Stacking: one living character per hex)",
                        f"{place}.cell",
                    )
                covered[(h, level)] = unit_id
        units.append(unit)

    accessories: list[Accessory] = []
    for i, acc in enumerate(data.accessory):
        hexes = []
        for cell_xy in acc.cells:
            h = board.grid.to_hex(*cell_xy)
            if h not in board.cells:
                raise fail(f"cell {cell_xy} is not on the map", f"field accessory[{i}].cells")
            hexes.append(h)
        accessories.append(Accessory(acc.id, acc.kind, tuple(hexes), acc.face_up, acc.facing))

    wizards: list[Wizard] = []
    for i, wiz in enumerate(data.wizard):
        if wiz.unit not in ids:
            raise fail(f"no unit {wiz.unit!r} in this scenario", f"field wizard[{i}].unit")
        energy = wiz.level * 100 if wiz.energy is None else wiz.energy
        wizards.append(Wizard(wiz.unit, wiz.level, energy))

    return Scenario(
        id=data.id,
        name=data.name,
        briefing=data.briefing,
        board=board,
        layout=layout,
        units=units,
        accessories=accessories,
        wizards=wizards,
        turn_limit=data.turn_limit,
        first_phase=data.first_phase,
        source=src,
        map_path=map_path,
    )
