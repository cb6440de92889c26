"""Actions: what a player (or the AI, or a replay) asks the engine to do.

Small frozen values, named as nouns. They carry only what the player chooses; everything
else (costs, dice, consequences) the engine works out. Each turns into a JSON dict and
back, which is how save files and replays store them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from dragonnoir.hexmap.hexes import Hex


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
class Attack(Action):
    """Attackers (one or several, joined) attack defenders (one or several, summed).

    `between_legs`: a Queen's Guard attacking the enemy placed between its legs, attack
    doubled and one column right ("The Krobs: Attack").
    """

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    between_legs: bool = False


@dataclass(frozen=True, slots=True)
class ChooseCasualty(Action):
    """Answer to "which of your characters takes the blow?" ("Multiple Combat")."""

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


ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (
        EndPhase,
        Pass,
        Move,
        Jump,
        Attack,
        ChooseCasualty,
        Retreat,
        Advance,
        DestroyWeb,
        Fire,
        CastSpell,
    )
}


def _encode(value: object) -> Any:
    if isinstance(value, Hex):
        return [value.q, value.r]
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def action_from_dict(data: dict[str, Any]) -> Action:
    """Rebuild an action from its JSON dict; ValueError says what is wrong."""
    kind = data.get("type")
    cls = ACTION_TYPES.get(str(kind))
    if cls is None:
        raise ValueError(f"unknown action type {kind!r}")
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            continue
        raw = data[f.name]
        if f.name in ("path",):
            kwargs[f.name] = tuple(_hex(v) for v in raw)
        elif f.name in ("to", "at"):
            kwargs[f.name] = _hex(raw)
        elif isinstance(raw, list):
            kwargs[f.name] = tuple(str(v) for v in raw)
        else:
            kwargs[f.name] = raw
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise ValueError(f"bad {kind} action: {exc}") from None


def _hex(raw: object) -> Hex:
    if not isinstance(raw, list | tuple) or len(raw) != 2:
        raise ValueError(f"a hex is written [q, r], not {raw!r}")
    return Hex(int(raw[0]), int(raw[1]))
