"""The game state: plain data that turns into JSON and back without loss.

Everything the rules will ever need is represented here from the start ("Counters",
"Organisation of the Game Turn"): characters with their side, counter type, position,
level, facing, state and per-turn flags; accessory and spell counters on the map; the
wizards' energy; the turn and phase; decisions waiting for a player; the dice.

Values printed on counters (attack, defence, movement...) are not copied here: they live
in the roster (`dragonnoir/data/*.toml`) and are looked up from a unit's `kind` and state,
so a player's own Game Sheet values apply to saved games too.

Only `Game.apply` changes a state; renderers and agents read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from dragonnoir.engine.dice import Dice
from dragonnoir.engine.plain import plain_copy
from dragonnoir.hexmap.hexes import Hex

STATE_FORMAT = 1


class Side(StrEnum):
    """Who controls a counter. Gharvs act by the rules alone ("The Gharvs")."""

    ADVENTURERS = "adventurers"
    KROBS = "krobs"
    GHARVS = "gharvs"

    def enemy(self) -> Side:
        """The opposing player's side (Gharvs are enemies of both)."""
        if self is Side.ADVENTURERS:
            return Side.KROBS
        if self is Side.KROBS:
            return Side.ADVENTURERS
        raise ValueError("Gharvs have no single enemy side")


class Status(StrEnum):
    """The face of a character's counter ("The Characters")."""

    HEALTHY = "healthy"
    KNOCKED_OUT = "knocked_out"
    WOUNDED = "wounded"
    KILLED = "killed"


@dataclass(slots=True)
class Unit:
    """One character counter on (or off) the map.

    `hex` is the anchor: the centre hex of the Queen (7 hexes), the head hex of a Guard
    (3 hexes, the other two given by `facing`), the only hex of anyone else. `level` is
    the level the character stands at (a walkway hex holds one character at its ground
    level and one on the deck at +1: "Stacking").
    """

    id: str
    kind: str
    side: Side
    hex: Hex | None = None
    level: float = 0.0
    facing: int = 0
    status: Status = Status.HEALTHY
    wounds: int = 0
    adult: bool = True
    frenzied: bool = False
    # Per-turn flags, cleared when the owner's turn begins.
    moved: bool = False
    fired: bool = False
    attacked: int = 0  # attacks made this turn (Guards may make two: "The Krobs")
    mp_spent: int = 0
    knocked_out_turn: int | None = None
    # Summoned spectres dematerialise ("The Spectres"); None = stays.
    expires_turn: int | None = None
    #: Placed in secret: the side that does not see him until he is revealed
    #: (docs/scenarios.md, "Hidden placement"); None = seen by all.
    hidden_from: Side | None = None

    @property
    def alive(self) -> bool:
        return self.status is not Status.KILLED

    @property
    def standing(self) -> bool:
        """Neither knocked out nor dead: blocks lines of fire and enemy movement."""
        return self.status in (Status.HEALTHY, Status.WOUNDED)

    @property
    def on_map(self) -> bool:
        return self.hex is not None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind,
            "side": self.side.value,
            "hex": None if self.hex is None else [self.hex.q, self.hex.r],
            "level": self.level,
            "facing": self.facing,
            "status": self.status.value,
            "wounds": self.wounds,
            "adult": self.adult,
            "frenzied": self.frenzied,
            "moved": self.moved,
            "fired": self.fired,
            "attacked": self.attacked,
            "mp_spent": self.mp_spent,
            "knocked_out_turn": self.knocked_out_turn,
            "expires_turn": self.expires_turn,
        }
        if self.hidden_from is not None:  # absent when seen: older saves read the same
            data["hidden_from"] = self.hidden_from.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Unit:
        raw_hex = data.get("hex")
        return cls(
            id=str(data["id"]),
            kind=str(data["kind"]),
            side=Side(data["side"]),
            hex=None if raw_hex is None else Hex(int(raw_hex[0]), int(raw_hex[1])),
            level=float(data.get("level", 0.0)),
            facing=int(data.get("facing", 0)),
            status=Status(data.get("status", Status.HEALTHY.value)),
            wounds=int(data.get("wounds", 0)),
            adult=bool(data.get("adult", True)),
            frenzied=bool(data.get("frenzied", False)),
            moved=bool(data.get("moved", False)),
            fired=bool(data.get("fired", False)),
            attacked=int(data.get("attacked", 0)),
            mp_spent=int(data.get("mp_spent", 0)),
            knocked_out_turn=_opt_int(data.get("knocked_out_turn")),
            expires_turn=_opt_int(data.get("expires_turn")),
            hidden_from=None if data.get("hidden_from") is None else Side(data["hidden_from"]),
        )


class AccessoryKind(StrEnum):
    """Accessory and spell counters that lie on the map ("Counters Linked to Magic Spells",
    "Accessory Counters")."""

    WEB = "web"
    BOAT = "boat"
    GALLERY = "gallery"
    DEMOLISHED_WALL = "demolished_wall"
    BRIDGE = "bridge"
    FIREBALL = "fireball"
    ORB = "orb"
    KHUZUN = "khuzun"
    SUN = "sun"
    DUNGEON_ENTRANCE = "dungeon_entrance"


@dataclass(slots=True)
class Accessory:
    """A counter on the map that is not a character.

    `hexes` are the hexes it covers (a boat covers two, a two-hex gallery two, a bridge
    one to three). `face_up` is False for a flipped counter: a destroyed web, an
    objective marker not yet revealed. `hidden_from` names a side that may not see it.
    """

    id: str
    kind: AccessoryKind
    hexes: tuple[Hex, ...]
    face_up: bool = True
    facing: int = 0
    hidden_from: Side | None = None
    properties: dict[str, str | int | float | bool] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind.value,
            "hexes": [[h.q, h.r] for h in self.hexes],
            "face_up": self.face_up,
            "facing": self.facing,
            "hidden_from": None if self.hidden_from is None else self.hidden_from.value,
            "properties": dict(self.properties),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Accessory:
        hidden = data.get("hidden_from")
        return cls(
            id=str(data["id"]),
            kind=AccessoryKind(data["kind"]),
            hexes=tuple(Hex(int(q), int(r)) for q, r in data.get("hexes", [])),
            face_up=bool(data.get("face_up", True)),
            facing=int(data.get("facing", 0)),
            hidden_from=None if hidden is None else Side(hidden),
            properties=dict(data.get("properties", {})),
        )


@dataclass(slots=True)
class Wizard:
    """A wizard's sheet ("Magic"): level, energy points left, spell slot use this turn."""

    unit: str
    level: int = 1
    energy: int = 100
    cast_turn: int | None = None  # the turn this wizard last cast a spell
    #: The wounds the energy above has been counted with. The engine's wounds and
    #: healings change the energy as they happen (rules/energy.py); a wound set from
    #: outside (a scenario's wounded wizard) is counted when read, then settled.
    wounds: int = 0

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "unit": self.unit,
            "level": self.level,
            "energy": self.energy,
            "cast_turn": self.cast_turn,
        }
        if self.wounds:  # absent when 0: saves made before it read back the same
            out["wounds"] = self.wounds
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Wizard:
        return cls(
            unit=str(data["unit"]),
            level=int(data.get("level", 1)),
            energy=int(data.get("energy", 100)),
            cast_turn=_opt_int(data.get("cast_turn")),
            wounds=int(data.get("wounds", 0)),
        )


@dataclass(slots=True)
class Decision:
    """A question the engine is waiting for a player to answer.

    Decisions can belong to the side that is not moving: which defender takes a wound,
    a retreat path, an advance after combat, defensive fire during Krob movement. While
    any are pending, only answers to the first one are legal. `data` holds what the
    rules module that raised it needs to continue (plain JSON values).
    """

    kind: str
    side: Side
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "side": self.side.value, "data": plain_copy(self.data)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Decision:
        return cls(str(data["kind"]), Side(data["side"]), plain_copy(dict(data.get("data", {}))))


@dataclass(slots=True)
class GameState:
    """The whole position. `to_dict()` is what a save file's snapshot holds."""

    turn: int
    phase: str
    units: dict[str, Unit]
    dice: Dice
    accessories: dict[str, Accessory] = field(default_factory=dict)
    wizards: dict[str, Wizard] = field(default_factory=dict)
    pending: list[Decision] = field(default_factory=list)
    turn_limit: int | None = None
    winner: Side | None = None
    #: Free-form bookkeeping of the rules modules that must survive a save (the combat in
    #: progress, the Krob whose move is interrupted...). Plain JSON values only.
    scratch: dict[str, Any] = field(default_factory=dict)

    # -- queries ---------------------------------------------------------------------

    def units_of(self, side: Side) -> list[Unit]:
        return [u for u in self.units.values() if u.side is side]

    def unit(self, unit_id: str) -> Unit:
        return self.units[unit_id]

    # -- (de)serialisation -----------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": STATE_FORMAT,
            "turn": self.turn,
            "phase": self.phase,
            "units": [u.to_dict() for u in self.units.values()],
            "accessories": [a.to_dict() for a in self.accessories.values()],
            "wizards": [w.to_dict() for w in self.wizards.values()],
            "pending": [d.to_dict() for d in self.pending],
            "dice": self.dice.to_dict(),
            "turn_limit": self.turn_limit,
            "winner": None if self.winner is None else self.winner.value,
            "scratch": plain_copy(self.scratch),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        if data.get("format") != STATE_FORMAT:
            raise ValueError(f"state format {data.get('format')!r} is not {STATE_FORMAT}")
        units = [Unit.from_dict(u) for u in data["units"]]
        accessories = [Accessory.from_dict(a) for a in data.get("accessories", [])]
        wizards = [Wizard.from_dict(w) for w in data.get("wizards", [])]
        winner = data.get("winner")
        return cls(
            turn=int(data["turn"]),
            phase=str(data["phase"]),
            units={u.id: u for u in units},
            dice=Dice.from_dict(data["dice"]),
            accessories={a.id: a for a in accessories},
            wizards={w.unit: w for w in wizards},
            pending=[Decision.from_dict(d) for d in data.get("pending", [])],
            turn_limit=_opt_int(data.get("turn_limit")),
            winner=None if winner is None else Side(winner),
            scratch=plain_copy(dict(data.get("scratch", {}))),
        )

    def copy(self) -> GameState:
        """An independent copy (undo snapshots, look-ahead)."""
        return GameState.from_dict(self.to_dict())


def _opt_int(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueError(f"expected an integer or null, not {value!r}")
    return int(value)
