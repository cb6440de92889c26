"""Which face a counter shows and what is printed on it ("The Characters").

Rules knowledge only, no drawing: the painters (`chit_painter`, `big_counters`), the
placement (`counters.CounterArt`) and the client's names (`ui.names`) all ask the same
questions — which side of the counter is up, which numbers in which ink, which short
name fits a chit — and must get the same answers.

How a unit's face is chosen (`face_of`): killed > knocked out > frenzied (Crazy Ork) >
newborn (Krob) > wounded (`wounds`-th wounded side) > healthy.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from dragonnoir.engine.roster import Adventurer, Counter, Gharv, Krob, Spectre, Tag
from dragonnoir.engine.state import Side, Status, Unit
from dragonnoir.engine.values import Profile
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.render.counter_style import ATTACK_INK, DEFENCE_INK, MOVE_INK, Colour


class Face(StrEnum):
    """Which side of a counter shows ("The Characters")."""

    HEALTHY = "healthy"  # an adult Krob's adult side too
    NEWBORN = "newborn"
    FRENZIED = "frenzied"
    WOUNDED = "wounded"
    KNOCKED_OUT = "knocked_out"
    KILLED = "killed"


class FaceKey(NamedTuple):
    """A face; `wound` is which wounded side (1 = first) for WOUNDED, else 0."""

    face: Face
    wound: int = 0


class Label(NamedTuple):
    """One number printed on a chit: `text` (main part), `paren` (the part in
    parentheses, may be ""), `colour`, `circled` (the armoured red ring), `role`
    ("attack", "defence", "movement")."""

    text: str
    paren: str
    colour: Colour
    circled: bool
    role: str


def face_of(unit: Unit) -> FaceKey:
    """The face `unit`'s counter shows now."""
    if unit.status is Status.KILLED:
        return FaceKey(Face.KILLED)
    if unit.status is Status.KNOCKED_OUT:
        return FaceKey(Face.KNOCKED_OUT)
    if unit.frenzied:
        return FaceKey(Face.FRENZIED)
    if not unit.adult:
        return FaceKey(Face.NEWBORN)
    if unit.wounds > 0 or unit.status is Status.WOUNDED:
        return FaceKey(Face.WOUNDED, max(1, unit.wounds))
    return FaceKey(Face.HEALTHY)


def faces_for(counter: Counter) -> tuple[FaceKey, ...]:
    """Every face a roster counter can show, in the order of the sheet."""
    if isinstance(counter, Spectre):
        return (FaceKey(Face.HEALTHY),)
    out = [FaceKey(Face.HEALTHY)]
    if isinstance(counter, Adventurer):
        if Tag.TROLL not in counter.tags:
            out.append(FaceKey(Face.KNOCKED_OUT))
        if counter.frenzied is not None:
            out.append(FaceKey(Face.FRENZIED))
    if isinstance(counter, Krob) and counter.newborn is not None:
        out.insert(0, FaceKey(Face.NEWBORN))
    wounded = counter.wounded if not isinstance(counter, Spectre) else ()
    out += [FaceKey(Face.WOUNDED, i + 1) for i in range(len(wounded))]
    out.append(FaceKey(Face.KILLED))
    return tuple(out)


def unit_for_face(counter: Counter, face: FaceKey) -> Unit:
    """A unit of `counter` showing `face` (for `profile_of` and the sheet)."""
    side = (
        Side.KROBS
        if isinstance(counter, Krob)
        else Side.GHARVS
        if isinstance(counter, Gharv)
        else Side.ADVENTURERS
    )
    unit = Unit(counter.id, counter.id, side, Hex(0, 0))
    if face.face is Face.KILLED:
        unit.status = Status.KILLED
        unit.wounds = 0
    elif face.face is Face.KNOCKED_OUT:
        unit.status = Status.KNOCKED_OUT
    elif face.face is Face.FRENZIED:
        unit.frenzied = True
    elif face.face is Face.NEWBORN:
        unit.adult = False
    elif face.face is Face.WOUNDED:
        unit.status = Status.WOUNDED
        unit.wounds = face.wound
    return unit


def number_labels(profile: Profile, face: FaceKey) -> tuple[Label, ...]:
    """The numbers a chit prints for `profile` (none on a knocked-out or killed face)."""
    if face.face in (Face.KNOCKED_OUT, Face.KILLED):
        return ()
    rear = "" if profile.defence_rear is None else str(profile.defence_rear)
    land = "" if profile.movement_land is None else str(profile.movement_land)
    return (
        Label(str(profile.attack), "", ATTACK_INK, False, "attack"),
        Label(str(profile.defence), rear, DEFENCE_INK, profile.armoured, "defence"),
        Label(str(profile.movement), land, MOVE_INK, False, "movement"),
    )


_WORDS = {
    "Crossbowman": "Xbow",
    "Longbowman": "Longbow",
    "Swordsman": "Sword",
    "Hammerer": "Hammer",
    "Spearman": "Spear",
    "Axeman": "Axe",
    "Living": "L.",
}
#: People prefixes kept short on the chit, so two peoples' counters never share a name
#: ("Ork Warrior 1" is not the Krob "Warrior 1", an Elf is not a Goblin Archer).
_PREFIXES = (
    ("Black Dwarf ", "Dw "),
    ("Rebel ", ""),
    ("Ork Warrior ", "Ork Warr "),
    ("Ork ", "Ork "),
    ("Goblin ", "Gob "),
    ("Elf Archer ", "Elf "),
    ("Queen's ", ""),
)


def short_name(name: str) -> str:
    """A name short enough for a chit, one per counter ("Black Dwarf Crossbowman 2" ->
    "Dw Xbow 2", "Elf Archer 1" -> "Elf 1", "Knight of Halöven 1" -> "Knight 1")."""
    out = name.replace(" of Halöven", "")
    for prefix, short in _PREFIXES:
        if out.startswith(prefix) and len(out) > len(prefix):
            out = short + out[len(prefix) :]
            break
    words = [_WORDS.get(w, w) for w in out.split()]
    out = " ".join(words).replace("L. Dead", "L.Dead")
    if out.startswith("Queen Alkiram"):
        out = "Alkiram"
    return out
