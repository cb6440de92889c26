"""The scenario file format: TOML read into these pydantic models (docs/scenarios.md).

Only the shape of the file is checked here (types, ranges, unknown keys refused so typos
are caught); whether a cell is on the map, a zone exists or a counter is in the roster is
`scenario.py`'s business, because it needs the map and the rules data.

Everything here is ours: the box's scenario booklet, the Krobs' secret placement sheet and
the plan of the deep passages are printed material we do not have ("Course of a Game":
"The players first choose one of the scenarios offered. Before starting the game, they
must arrange the playing surface in the manner indicated and select the characters present
in the scenario as well as the accessory counters they will need").
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from dragonnoir.engine.phases import FIRST_PHASE
from dragonnoir.engine.state import AccessoryKind
from dragonnoir.i18n import _
from dragonnoir.local_texts import LanguageCode, LocalTexts

Cell = tuple[int, int]
SideName = Literal["adventurers", "krobs"]

#: Victory condition kinds (docs/scenarios.md, "Victory").
ConditionKind = Literal[
    "reach",  # units stand in a zone (any N, or all the named ones)
    "exit",  # units have left the map (by given zones, or any exit)
    "orb_off",  # the real Orb is carried off the map
    "khuzun_out",  # Khuzun is freed and leaves the map
    "sun_exit",  # N adventurers leave by the real Sun exit
    "kill",  # the named characters (or any N of the enemy) are dead
    "hold",  # the side still holds a zone at the end of a turn
    "eliminate",  # no enemy left standing on the map, nor to come
]

AtLimit = Literal["adventurers", "krobs", "draw", "casualties"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class UnitEntry(_Strict):
    """One character counter: a roster id, where it stands (or nothing, for a unit that is
    deployed by its player, enters later or waits in a group's zone), and its state."""

    kind: str
    id: str | None = None
    name: str | None = None  # display name, when two counters of one kind need telling apart
    cell: Cell | None = None
    level: float | None = None
    facing: int = Field(default=0, ge=0, le=5)
    status: Literal["healthy", "knocked_out", "wounded", "killed"] = "healthy"
    wounds: int = Field(default=0, ge=0)
    adult: bool = True


class EntrySpec(_Strict):
    """Reinforcements: the group comes onto the map from an entry zone during its side's
    movement phase of game turn `turn` (or any later one)."""

    zone: str | list[str]
    turn: int = Field(default=1, ge=1)


class GroupEntry(_Strict):
    """A group of characters sharing how they come into play.

    - `deploy`: the owner places them before the first turn, in these zones (a zone name
      of the map, `board:zone` on a layout) or on these `cells`;
    - `enter`: they come on later from an entry zone (reinforcements);
    - neither: they stand where their `cell` says.
    `hidden` (Krobs only): placed in secret, unseen by the Adventurers until revealed (line
    of sight, contact, detection, a character entering the hex). `behaviour` is read by the
    Krob AI (guard, ambush, hunt, swarm, protect_queen, patrol, block, flee).
    """

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    name: str = ""
    side: SideName
    hidden: bool = False
    deploy: str | list[str] | None = None
    deploy_cells: list[Cell] = Field(default_factory=list)
    enter: EntrySpec | None = None
    behaviour: str | None = None
    unit: list[UnitEntry] = Field(min_length=1)

    @model_validator(mode="after")
    def _one_way_in(self) -> GroupEntry:
        if self.enter is not None and (self.deploy is not None or self.deploy_cells):
            raise ValueError(_("a group either is deployed or enters later, not both"))
        if self.hidden and self.side != "krobs":
            raise ValueError(_("only the Krobs place groups in secret"))
        return self


class AccessoryEntry(_Strict):
    id: str
    kind: AccessoryKind
    cells: list[Cell] = Field(min_length=1)
    face_up: bool = True
    facing: int = Field(default=0, ge=0, le=5)
    #: A spider web placed in secret: hidden from the Adventurers until one runs into it.
    hidden: bool = False


class WizardEntry(_Strict):
    unit: str
    level: int = Field(default=1, ge=1, le=2)
    energy: int | None = Field(default=None, ge=0)


class ObjectiveEntry(_Strict):
    """The "Orb?" (3), "Khuzun?" (8) or "Sun?" (4) counters ("Accessory Counters").

    Placed on `cells`, or on the hexes of these `zones` (one counter per zone: cells for
    Khuzun, exits for the Sun). `real` is the index (from 0) of the counter that hides the
    true one; without it the engine draws it at the start with the game's dice.
    """

    kind: Literal["orb", "khuzun", "sun"]
    cells: list[Cell] = Field(default_factory=list)
    zones: list[str] = Field(default_factory=list)
    real: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _somewhere(self) -> ObjectiveEntry:
        if not self.cells and not self.zones:
            raise ValueError(_("an objective needs cells or zones"))
        return self


class PassageEntry(_Strict):
    """A deep passage between two dungeon entrances (zone names or cells): a character on
    one end may go down and comes out at the other after `turns` game turns."""

    ends: tuple[str | Cell, str | Cell]
    turns: int = Field(default=1, ge=1, le=20)
    both_ways: bool = True
    name: str = ""


class ConditionEntry(_Strict):
    side: SideName
    kind: ConditionKind
    units: list[str] = Field(default_factory=list)
    count: int | None = Field(default=None, ge=1)
    zones: list[str] = Field(default_factory=list)
    cells: list[Cell] = Field(default_factory=list)
    turn: int | None = Field(default=None, ge=1)
    text: str = ""


class VictoryEntry(_Strict):
    at_turn_limit: AtLimit = "krobs"
    #: With "casualties", the margin of points a side needs over the other to win.
    margin: int = Field(default=0, ge=0)
    draw_allowed: bool = True
    condition: list[ConditionEntry] = Field(default_factory=list)


class SwitchesEntry(_Strict):
    """Special rules a scenario may turn off or on (docs/scenarios.md, "Rules")."""

    gharvs: bool = True
    unstable_marsh: bool = True
    #: Newborn Krobs become adults at the start of the Krob turn after `babies_grow_turns`.
    babies_grow: bool = False
    babies_grow_turns: int = Field(default=3, ge=1)
    #: Who deploys first when both sides deploy.
    deploy_first: SideName = "krobs"


class ScenarioFile(_Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    name: str
    briefing: str = ""
    map: str
    turn_limit: int | None = Field(default=None, ge=1)
    first_phase: str = FIRST_PHASE
    #: Shown in the picker: "introduction", "skirmish", "raid", "epic"...
    size: str = ""
    rules: SwitchesEntry = SwitchesEntry()
    unit: list[UnitEntry] = Field(default_factory=list)
    group: list[GroupEntry] = Field(default_factory=list)
    accessory: list[AccessoryEntry] = Field(default_factory=list)
    wizard: list[WizardEntry] = Field(default_factory=list)
    objective: list[ObjectiveEntry] = Field(default_factory=list)
    passage: list[PassageEntry] = Field(default_factory=list)
    #: Absent: the game ends at the turn limit with no winner (test positions, sandboxes).
    victory: VictoryEntry | None = None
    #: The scenario's texts in other languages (`[text.fr]`: dragonnoir/local_texts.py).
    text: dict[LanguageCode, LocalTexts] = Field(default_factory=dict)

    @property
    def victory_or_default(self) -> VictoryEntry:
        """The victory block, or the one an editor starts from when the file has none."""
        return self.victory if self.victory is not None else VictoryEntry()
