"""Where a combat is fought: the terrain each side counts, the Queen's and her Guards'
front and rear ("Defence"), the hex between a Guard's legs ("Attack"), distances between
counters of any size, and who may fight whom ("Combat Restrictions").

All of it is geometry on `rules/footprint.py` terms (docs/combat.md, "Geometry"):

* A **Guard** covers its head (the anchor) and two body hexes behind it, at the head's
  neighbours in directions facing+3 and facing+4. Nine hexes touch it:
  - two touch the head only (directions facing and facing+1 from the head): its front;
  - two touch the head and one body hex (directions facing+2 and facing+5 from the
    head): the notches on either side of the thorax where the legs are — **between its
    legs**; they are front hexes too;
  - four touch a single body hex, and one (the back notch) touches both body hexes:
    these five are the **greyed rear zone**.
* The **Queen** covers her centre (the anchor) and its ring. She faces `facing` (a hex
  side direction). Of the twelve hexes that touch her (the ring of radius 2), the five
  whose direction from her centre points backwards (more than 90 degrees from her
  facing) are the **greyed rear zone**; the seven others, the two exactly abeam
  included, are her front.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.rules.steps import can_attack_hex, in_position_to_attack, terrain_at
from dragonnoir.engine.state import AccessoryKind, Side, Unit
from dragonnoir.engine.tables import least_advantageous, majority_effect
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import DIRECTIONS, Hex
from dragonnoir.hexmap.terrain import CombatEffect
from dragonnoir.narration.phrase import Cited, Phrase, Value, Who, tell

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

FRONT = "front"
REAR = "rear"


# -- the Queen's and the Guards' zones --------------------------------------------------------


def guard_hexes(anchor: Hex, facing: int) -> tuple[Hex, Hex, Hex]:
    """Head, first body hex (facing+3), second body hex (facing+4)."""
    return anchor, anchor.neighbour(facing + 3), anchor.neighbour(facing + 4)


def between_legs_hexes(guard: Unit) -> frozenset[Hex]:
    """The two hexes between a Guard's legs (docstring of this module)."""
    assert guard.hex is not None
    head = guard.hex
    return frozenset({head.neighbour(guard.facing + 2), head.neighbour(guard.facing + 5)})


def _guard_rear(anchor: Hex, facing: int) -> frozenset[Hex]:
    head, b1, b2 = guard_hexes(anchor, facing)
    body = {head, b1, b2}
    rear: set[Hex] = set()
    for part in (b1, b2):
        for n in part.neighbours():
            if n not in body and head.distance(n) > 1:
                rear.add(n)
    return frozenset(rear)


def _queen_rear(anchor: Hex, facing: int) -> frozenset[Hex]:
    front = DIRECTIONS[facing % 6]
    rear: set[Hex] = set()
    for i in range(6):
        corner = anchor + DIRECTIONS[i].scale(2)
        side = anchor + DIRECTIONS[i] + DIRECTIONS[(i + 1) % 6]
        for h in (corner, side):
            if _dot(h - anchor, front) < 0:
                rear.add(h)
    return frozenset(rear)


def _dot(a: Hex, b: Hex) -> int:
    """Twice the dot product of two hex vectors in the plane (sign is what matters)."""
    # Cartesian x = q + r/2, y = r*sqrt(3)/2: 2*(ax*bx + ay*by) stays an integer after * 2.
    return (2 * a.q + a.r) * (2 * b.q + b.r) + 3 * a.r * b.r


def rear_zone(game: Game, unit: Unit) -> frozenset[Hex]:
    """The greyed zone of the Queen or a Guard: attacks from these hexes are "from
    behind". Empty for everybody else."""
    if unit.hex is None:
        return frozenset()
    category = profile(game, unit).category
    if category == "guard":
        return _guard_rear(unit.hex, unit.facing)
    if category == "queen":
        return _queen_rear(unit.hex, unit.facing)
    return frozenset()


def attack_zone(game: Game, attacker: Unit, defender: Unit) -> str | None:
    """FRONT or REAR for an attack on the Queen or a Guard; None for anyone else.

    An attacker counts as attacking from behind when every hex of his that touches the
    defender lies in the greyed zone (a single-hex attacker: his hex is in it)."""
    zone = rear_zone(game, defender)
    if not zone:
        return None
    theirs = footprint(game, defender)
    touching = [a for a in footprint(game, attacker) if any(a.distance(b) == 1 for b in theirs)]
    if touching and all(a in zone for a in touching):
        return REAR
    return FRONT


# -- terrain ----------------------------------------------------------------------------------


def terrain_effect(game: Game, unit: Unit) -> tuple[CombatEffect, str]:
    """The combat effect of the terrain `unit` fights on, and why ("Effect of Terrain on
    Combats"): the Elves count trees as (+), Gharvs count water and marshes as (+) and
    land as (-), a Guard (and, our reading, the Queen) counts the majority of its hexes."""
    p = profile(game, unit)
    effects: list[CombatEffect] = []
    names: list[str] = []
    favourable = set(game.rules.roster.gharv_favourable_terrain)
    for h in footprint(game, unit):
        terrain = terrain_at(game, h)
        if terrain is None:
            continue
        effect = CombatEffect(terrain.combat)
        if "elf" in p.tags and terrain.id == "trees":
            effect = CombatEffect.PLUS
        elif p.category == "gharv":
            effect = CombatEffect.PLUS if terrain.id in favourable else CombatEffect.MINUS
        effects.append(effect)
        names.append(terrain.name.lower())
    if not effects:
        return CombatEffect.NEUTRAL, "off the map"
    if len(effects) == 1:
        why = f"{names[0]} ({effects[0].value})"
        if "elf" in p.tags and names[0] == "trees":
            why += ": trees are (+) for the Elves (The Elves)"
        elif p.category == "gharv":
            why += ": water and marshes are (+) for a Gharv, land (-) (The Gharvs)"
        return effects[0], why
    effect = majority_effect(effects)
    rule = (
        "A Queen's Guard is considered to be on the majority terrain of the three hexes it occupies"
        if p.category == "guard"
        else "the Queen counts the majority of her seven hexes (our reading)"
    )
    return effect, f"majority of {', '.join(names)} = ({effect.value}): {rule}"


def side_terrain(game: Game, units: Iterable[Unit]) -> tuple[CombatEffect, str]:
    """The least advantageous terrain of several characters fighting together
    ("Multiple Combat"; for several defenders, our reading: the same rule)."""
    found = [(u.id, *terrain_effect(game, u)) for u in units]
    effect = least_advantageous(e for _, e, _ in found)
    if len(found) == 1:
        return effect, found[0][2]
    parts = "; ".join(f"{uid} on {why}" for uid, _, why in found)
    return effect, f"{parts} -> the least advantageous, ({effect.value})"


# -- distances, fighting ----------------------------------------------------------------------


def distance_between(a: Iterable[Hex], b: Iterable[Hex]) -> int:
    """Hexes between two footprints (the nearest pair)."""
    bs = tuple(b)
    return min(x.distance(y) for x in a for y in bs)


def adjacent(game: Game, a: Unit, b: Unit) -> bool:
    if a.hex is None or b.hex is None:
        return False
    return distance_between(footprint(game, a), footprint(game, b)) == 1


def is_enemy(a: Unit, b: Unit) -> bool:
    """Opponents: the other player's characters; Gharvs are the enemies of both."""
    return a.side is not b.side


@contextmanager
def webs_lifted(game: Game, hexes: Iterable[Hex]) -> Iterator[None]:
    """Pretend the spider webs on `hexes` are not there (and put them back).

    "How to Destroy a Spider Web": an adventurer may attack a Krob standing on a web and
    may advance onto a web hex the enemy left, though webs stop his movement."""
    wanted = set(hexes)
    lifted = [
        acc
        for acc in game.state.accessories.values()
        if acc.kind is AccessoryKind.WEB and acc.face_up and wanted.intersection(acc.hexes)
    ]
    if not lifted:
        yield
        return
    for acc in lifted:
        acc.face_up = False
    game.touch()  # per-version caches (movement) must see the change
    try:
        yield
    finally:
        for acc in lifted:
            acc.face_up = True
        game.touch()


def why_cannot_fight(game: Game, attacker: Unit, defender: Unit) -> Phrase:
    """In words, why `attacker` is not in a position to attack `defender`: not adjacent,
    or what keeps him off the defender's hex and the rule that does (a Krob and a boat:
    "Only Adventurers can move by boat", so "any combat is impossible when the attacker
    cannot go onto the hex he is attacking", "Combat Restrictions")."""
    if attacker.hex is None or defender.hex is None:
        return tell(
            "{attacker} or {defender} is not on the map",
            attacker=Who(attacker.id),
            defender=Who(defender.id),
        )
    if not attacker.standing:
        return tell("{attacker} is knocked out", attacker=Who(attacker.id))
    p = profile(game, attacker)
    pairs = [
        (a, b)
        for a in footprint(game, attacker)
        for b in footprint(game, defender)
        if a.distance(b) == 1
    ]
    if not pairs:
        return tell(
            "{attacker} is not adjacent to {defender}",
            attacker=Who(attacker.id),
            defender=Who(defender.id),
        )
    lifted = footprint(game, defender) if attacker.side is Side.ADVENTURERS else ()
    with webs_lifted(game, lifted):
        a, b = pairs[0]
        step = can_attack_hex(game, attacker, p, a, b, defender.level)
    reason = step.reason or tell("he cannot go there")
    cited: Value = tell(" ({rule})", rule=Cited(step.rule)) if step.rule else ""
    return tell(
        "{attacker} cannot go onto {defender}'s hex {cell}: {reason}{rule}, and a combat is "
        "impossible when the attacker cannot go onto the hex he is attacking",
        attacker=Who(attacker.id),
        defender=Who(defender.id),
        cell=b,
        reason=reason,
        rule=cited,
    )


def can_fight(game: Game, attacker: Unit, defender: Unit) -> bool:
    """Is `attacker` in a position to attack `defender` ("Combat Restrictions": he must be
    able to go onto the hex he attacks)? A web under the defender does not stop an
    adventurer's blow ("How to Destroy a Spider Web")."""
    if attacker.side is Side.ADVENTURERS and defender.hex is not None:
        with webs_lifted(game, footprint(game, defender)):
            return in_position_to_attack(game, attacker, defender)
    return in_position_to_attack(game, attacker, defender)
