"""Actions: what a player (or the AI, or a replay) asks the engine to do.

Small frozen values, named as nouns. They carry only what the player chooses; everything
else (costs, dice, consequences) the engine works out. Each turns into a JSON dict and
back, which is how save files and replays store them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from dragonnoir.hexmap.hexes import Hex
from dragonnoir.i18n import _


@dataclass(frozen=True, slots=True)
class Action:
    """Base of all actions. The class name is the action's type in JSON and phase tables."""

    @property
    def kind(self) -> str:
        return type(self).__name__

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in fields(self):
            out[f.name] = _encode(getattr(self, f.name))
        return out


@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    """End the current phase ("A new sequence may only begin if the previous one is
    finished")."""


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline an optional decision: no advance after combat, no defensive fire now."""


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move a character along `path` (the hexes entered, in order, not the start).

    For the Queen and her Guards `path` lists the anchor hexes and `facing` the
    orientation at the end ("may freely change orientation, without penalty").
    """

    unit: str
    path: tuple[Hex, ...]
    facing: int | None = None


@dataclass(frozen=True, slots=True)
class Jump(Action):
    """A daredevil adventurer jumps up or down one level to an adjacent hex (Movement
    Restriction 8, the Jump Table)."""

    unit: str
    to: Hex


@dataclass(frozen=True, slots=True)
class Fly(Action):
    """A Gargoyle flies along `path` instead of walking ("The Spectres")."""

    unit: str
    path: tuple[Hex, ...]


@dataclass(frozen=True, slots=True)
class SailBoat(Action):
    """A passenger rows his boat ("Movement by Boat"): `path` lists the hexes entered by
    the boat's leading end, in order — its bow, or its stern when `backward`."""

    unit: str
    path: tuple[Hex, ...]
    backward: bool = False


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Attackers (one or several, joined) attack defenders (one or several, summed).

    In a combat phase it *declares* the combat; `ResolveCombat` resolves it once every
    combat is declared (`Declare`).

    `between_legs`: a Queen's Guard attacking the enemy placed between its legs, attack
    doubled and one column right ("The Krobs: Attack").
    """

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    between_legs: bool = False


@dataclass(frozen=True, slots=True)
class DeclineSpells(Action):
    """The Adventurer player casts no spell for the rest of this Krob turn: the game
    stops offering him the chance after each Krob step ("Magic")."""


@dataclass(frozen=True, slots=True)
class WithdrawAttack(Action):
    """Take back declared combat `number` (from 1) while the declarations are open."""

    number: int


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Close the declaration step of a combat phase: every combat of the phase is now
    known, and none can be withdrawn (issue 8, ruling 2)."""


@dataclass(frozen=True, slots=True)
class ResolveCombat(Action):
    """Resolve declared combat `number` (from 1): the player chooses the order."""

    number: int


@dataclass(frozen=True, slots=True)
class ChooseCasualty(Action):
    """Answer to 'which of your characters takes the blow?' ("Multiple Combat")."""

    unit: str


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """Answer to a retreat result: the path the character retreats along."""

    unit: str
    path: tuple[Hex, ...]


@dataclass(frozen=True, slots=True)
class Advance(Action):
    """Advance after combat along `path` (its first hex one the enemy left)."""

    unit: str
    path: tuple[Hex, ...]


@dataclass(frozen=True, slots=True)
class DestroyWeb(Action):
    """An adventurer adjacent to a spider web with no Krob on it destroys it during his
    combat phase: he advances onto it and the web counter is flipped ("How to Destroy a
    Spider Web")."""

    unit: str
    at: Hex


@dataclass(frozen=True, slots=True)
class Fire(Action):
    """Shooters fire at one target ("Fire with the Bow or Crossbow")."""

    shooters: tuple[str, ...]
    target: str


@dataclass(frozen=True, slots=True)
class CastSpell(Action):
    """A wizard casts a spell ("Magic"); `target` is a unit id or "q,r" hexes."""

    wizard: str
    spell: str
    targets: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Deploy(Action):
    """Place a character of a group the scenario lets its player deploy, before the first
    turn (docs/scenarios.md, "Deployment")."""

    unit: str
    to: Hex
    facing: int | None = None


@dataclass(frozen=True, slots=True)
class EnterMap(Action):
    """Bring a waiting character (reinforcements) onto the map at a hex of his group's
    entry zone; the hex's cost is the first of his movement points."""

    unit: str
    to: Hex
    facing: int | None = None


@dataclass(frozen=True, slots=True)
class LeaveMap(Action):
    """An Adventurer standing on an exit (or on an entry of the map's edge) leaves the
    map: he is safe and counts for the scenario's exit conditions."""

    unit: str


@dataclass(frozen=True, slots=True)
class EnterPassage(Action):
    """A character on a dungeon entrance goes down into the deep passage it opens on; he
    comes out at the other end after the passage's time."""

    unit: str
    passage: str


ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (
        EndPhase,
        Pass,
        Move,
        Jump,
        Fly,
        SailBoat,
        DeclineSpells,
        Attack,
        WithdrawAttack,
        Declare,
        ResolveCombat,
        ChooseCasualty,
        Retreat,
        Advance,
        DestroyWeb,
        Fire,
        CastSpell,
        Deploy,
        EnterMap,
        LeaveMap,
        EnterPassage,
    )
}


def _encode(value: object) -> Any:
    if isinstance(value, Hex):
        return [value.q, value.r]
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


#: How each action field is written in JSON: a hex `[q, r]`, a list of hexes, a string,
#: a list of strings, a flag, or an optional integer. Every field of every action type
#: is listed (a test checks), so reading a save never guesses.
FIELD_KINDS: dict[str, str] = {
    "path": "hexes",
    "to": "hex",
    "at": "hex",
    "unit": "str",
    "target": "str",
    "wizard": "str",
    "spell": "str",
    "attackers": "strs",
    "defenders": "strs",
    "shooters": "strs",
    "targets": "strs",
    "between_legs": "bool",
    "backward": "bool",
    "facing": "int?",
    "number": "int",
    "passage": "str",
}

#: A coordinate beyond this is no hex of any map (and no reason to do arithmetic on it).
MAX_COORDINATE = 1_000_000
#: More entries than any path or list of units in a game can have.
MAX_ITEMS = 10_000


def action_from_dict(data: dict[str, Any]) -> Action:
    """Rebuild an action from its JSON dict, strictly: an unknown type, an unknown or
    missing field, or a value of the wrong type is a ValueError saying which field (a
    save is refused rather than read as something it does not say)."""
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(_("unknown action type {value}").format(value=_show(kind)))
    names = {f.name for f in fields(cls)}
    unknown = [k for k in data if k != "type" and k not in names]
    if unknown:
        raise ValueError(
            _("unknown field {value} in a {kind} action").format(value=_show(unknown[0]), kind=kind)
        )
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            continue
        kwargs[f.name] = _field(FIELD_KINDS[f.name], data[f.name], f"{kind}.{f.name}")
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise ValueError(_("bad {kind} action: {exc}").format(kind=kind, exc=exc)) from None


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:56] + "…"


def _field(kind: str, raw: object, where: str) -> Any:
    if kind == "hex":
        return _hex(raw, where)
    if kind == "hexes" or kind == "strs":
        if not isinstance(raw, list) or len(raw) > MAX_ITEMS:
            raise ValueError(
                _("{where} is a list, not {value}").format(where=where, value=_show(raw))
            )
        if kind == "hexes":
            return tuple(_hex(v, where) for v in raw)
        return tuple(_field("str", v, where) for v in raw)
    if kind == "str":
        if not isinstance(raw, str):
            raise ValueError(
                _("{where} is a string, not {value}").format(where=where, value=_show(raw))
            )
        return raw
    if kind == "bool":
        if not isinstance(raw, bool):
            raise ValueError(
                _("{where} is true or false, not {value}").format(where=where, value=_show(raw))
            )
        return raw
    if raw is None and kind == "int?":
        return None
    return _coordinate(raw, where)


def _coordinate(raw: object, where: str) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or abs(raw) > MAX_COORDINATE:
        raise ValueError(
            _("{where}: expected a whole number, not {value}").format(where=where, value=_show(raw))
        )
    return raw


def _hex(raw: object, where: str = "hex") -> Hex:
    if not isinstance(raw, list | tuple) or len(raw) != 2:
        raise ValueError(
            _("{where}: a hex is written [q, r], not {value}").format(where=where, value=_show(raw))
        )
    return Hex(_coordinate(raw[0], where), _coordinate(raw[1], where))
