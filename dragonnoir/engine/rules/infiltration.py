"""Infiltration of enemy lines ("Infiltration of Enemy Lines", "The Krobs: Infiltration").

"When a character crosses, during his movement, a hex adjacent to an enemy in a position
to attack, the player concerned must roll the die and consult the corresponding table
... He rolls the die as many times as there are enemies adjacent to the hex in question.
This rule applies only to hexes crossed. A character who ends his movement on a hex
adjacent to the enemy does not trigger a die roll."

Public helpers, shared with movement and with advance after combat (rules/combat.py):

- `infiltration_threats(game, mover, crossed, *, ignore=...)`: the enemies that make the
  mover roll while crossing `crossed`;
- `resolve_infiltration(game, mover, crossed, threats)`: rolls, applies the results,
  says whether the mover is stopped.

"In a position to attack" is judged as in "Combat Restrictions" (`steps.can_attack_hex`):
the enemy must be standing, adjacent, and able to go onto the crossed hex at the mover's
level — so a wall, a cliff, a level difference (walkway deck and floor), or terrain the
enemy may not enter (an armoured character and water) removes the threat. Dogs never
roll ("They do not take into account the rule of infiltration of enemy lines"); baby
Hunters neither roll nor make anyone roll ("The Krobs: Infiltration").

Our readings (docs/movement.md):
- "He rolls the die as many times as there are enemies adjacent": every roll for the hex
  is made and every result applies (wounds add up; a stop or a knock-out ends his move
  on that hex once the rolls are done: issue 8, ruling 3). The order of the enemies is
  decided by the die, as the rulebook settles the Gharvs' order ("the question will be
  decided with the die"): they are numbered in id order and a d10 picks the next one
  (faces shared out evenly, the spare faces re-rolled), until one is left;
- the modifiers of our table (`modifiers.mover_wounded`, `modifiers.enemy_wounded`) apply;
- a character who cannot be knocked out (a Troll, a frenzied Crazy Ork, any Krob,
  Gharv or spectre) is only stopped by a `K`; Crazy Ork not yet frenzied goes into his
  frenzy on a `K` or a `W` ("As soon as he suffers a wounded or knocked-out result");
  a wound kills a dog, a newborn Krob or a frenzied Crazy Ork; spectres are only
  stopped (nothing hurts them); a Killer's wound is not mortal here (that rule is about
  a Killer's attack).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dragonnoir.engine import revisions
from dragonnoir.engine.events import (
    Event,
    MovementStopped,
    UnitFrenzied,
    UnitKilled,
    UnitKnockedOut,
    UnitWounded,
)
from dragonnoir.engine.roster import infiltration_column
from dragonnoir.engine.rules import energy
from dragonnoir.engine.rules.draw import draw_order
from dragonnoir.engine.rules.footprint import hexes_for
from dragonnoir.engine.rules.steps import can_attack_hex, ground_level
from dragonnoir.engine.state import AccessoryKind, Side, Status, Unit
from dragonnoir.engine.tables import RollEffect
from dragonnoir.engine.values import Profile, profile
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import DataName, Many, Value, Who, tell

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

RULE = "Infiltration of Enemy Lines"
RULE_TABLE = "Infiltration of Enemy Lines (Infiltration Table)"


def exempt(p: Profile, unit: Unit) -> bool:
    """Never subject to infiltration: dogs, and baby Hunters."""
    return "dog" in p.tags or (p.category == "hunter" and not unit.adult)


def is_enemy(a: Side, b: Side) -> bool:
    """Opposing sides; the Gharvs are enemies of both players ("The Gharvs")."""
    return a is not b


#: Accessory counters that change the map for moving and attacking (webs do not).
MAP_COUNTERS = frozenset(
    {
        AccessoryKind.BRIDGE,
        AccessoryKind.GALLERY,
        AccessoryKind.DEMOLISHED_WALL,
        AccessoryKind.BOAT,  # boarding and landing depend on where the boats lie
    }
)


class PositionInfo:
    """What one state version of a game says about who stands where: each unit's
    profile and footprint, the standing characters next to each hex, and the map
    counters' fingerprint (keys of the per-map caches)."""

    __slots__ = (
        "_adjacent",
        "_threatening",
        "attack",
        "fingerprint",
        "footprints",
        "profiles",
        "version",
    )

    def __init__(self, game: Game) -> None:
        self.version = game.version
        # Where bridges stand depends on the game's rule revisions too (steps.py).
        self.fingerprint: tuple[Any, ...] = (
            revisions.has(game, revisions.BRIDGE_BANKS),
            *sorted(
                (a.id, a.kind.value, a.hexes, a.face_up, a.facing)
                for a in game.state.accessories.values()
                if a.kind in MAP_COUNTERS
            ),
        )
        self.profiles: dict[str, Profile] = {}
        self.footprints: dict[str, tuple[Hex, ...]] = {}
        self._adjacent: dict[Hex, list[tuple[Unit, Hex]]] | None = None
        #: Each standing character seen by all who threatens a crossing, with the hexes
        #: next to him (`adjacent` is made from them when first asked for).
        self._threatening: list[tuple[Unit, tuple[tuple[Hex, Hex], ...]]] = []
        # Built at every new position (every view an agent decides from): the look-ups
        # are bound once, and what a counter face on a placement covers and threatens
        # is kept from one position to the next (`_placed`).
        profiles, footprints, threatening = self.profiles, self.footprints, self._threatening
        placed = _placed(game)
        for unit in game.state.units.values():
            if unit.hex is None:
                continue
            key = (unit.kind, unit.wounds, unit.frenzied, unit.adult, unit.hex, unit.facing)
            found = placed.get(key)
            if found is None:
                found = placed[key] = _placement(game, unit)
            p, cells, around = found
            profiles[unit.id] = p
            footprints[unit.id] = cells
            if not unit.standing or unit.hidden_from is not None:
                continue  # a hidden Krob is never next to a standing enemy (rules/hidden.py)
            if around:
                threatening.append((unit, around))
        verdicts: AttackVerdicts = game.cache.setdefault(_VERDICTS, {})
        if self.fingerprint not in verdicts and len(verdicts) > 16:
            verdicts.clear()
        self.attack = verdicts.setdefault(self.fingerprint, {})

    @property
    def adjacent(self) -> dict[Hex, list[tuple[Unit, Hex]]]:
        """For each hex, the standing characters next to it who threaten a crossing, each
        with his hex it touches (in the order of the state's characters)."""
        if self._adjacent is None:
            self._adjacent = {}
            next_to = self._adjacent.setdefault
            for unit, around in self._threatening:
                for n, a in around:
                    next_to(n, []).append((unit, a))
        return self._adjacent

    def next_to_threats(self, side: Side) -> frozenset[Hex]:
        """The hexes next to a character not of `side` who threatens a crossing: where
        one of `side` may meet an infiltration roll (`threats_at` finds no one
        elsewhere)."""
        return frozenset(
            n for unit, around in self._threatening if unit.side is not side for n, _ in around
        )


#: Per roster: what a counter face (kind, wounds, frenzied, adult) covers and threatens
#: on a placement (hex, facing), by the roster's identity (`_placed`).
_PLACED: dict[int, tuple[object, dict[tuple[Any, ...], _Placement]]] = {}
_PLACED_KEPT: Final = 100_000
#: A counter on a placement: its profile, the hexes it covers, and each (hex next to it,
#: its hex that hex touches) it threatens — none for a face that threatens no one (a baby
#: Hunter has "no effect either on enemies trying to infiltrate", "The Krobs: Infiltration").
_Placement = tuple[Profile, tuple[Hex, ...], tuple[tuple[Hex, Hex], ...]]


def _placed(game: Game) -> dict[tuple[Any, ...], _Placement]:
    roster = game.rules.roster
    found = _PLACED.get(id(roster))
    if found is None or found[0] is not roster or len(found[1]) >= _PLACED_KEPT:
        if len(_PLACED) > 8:
            _PLACED.clear()
        found = (roster, {})
        _PLACED[id(roster)] = found
    return found[1]


def _placement(game: Game, unit: Unit) -> _Placement:
    assert unit.hex is not None
    p = profile(game, unit)
    cells = hexes_for(unit.hex, p.size, unit.facing)
    threatens = infiltration_column(game.rules.roster[unit.kind], adult=unit.adult) is not None
    around = tuple((n, a) for a in cells for n in a.neighbours()) if threatens else ()
    return p, cells, around


#: "In a position to attack" verdicts by the map counters' fingerprint, then by (kind of
#: attacker, his hex and level, the hex attacked and its level): plain map data.
AttackVerdicts = dict[tuple[Any, ...], dict[tuple[Any, ...], bool]]
_VERDICTS = "attack_verdicts"


def share_attack_verdicts(game: Game, verdicts: AttackVerdicts) -> None:
    """Let `game` read and fill `verdicts` (as `movement.share_movement_tables`: games
    on the same map and rules, an agent's successive views of one game, need not judge
    again whether an enemy next to a crossed hex may attack there)."""
    game.cache[_VERDICTS] = verdicts


def position_info(game: Game) -> PositionInfo:
    """The `PositionInfo` of the game's current state version (built once per version)."""
    info = game.cache.get("position_info")
    if not isinstance(info, PositionInfo) or info.version != game.version:
        info = PositionInfo(game)
        game.cache["position_info"] = info
    return info


def threats_at(
    game: Game,
    mover: Unit,
    cells: tuple[Hex, ...],
    level: float,
    *,
    ignore: frozenset[str] = frozenset(),
    mover_profile: Profile | None = None,
) -> list[Unit]:
    """Enemies adjacent to the hexes `cells` (the mover's footprint there) and in a
    position to attack the mover standing on them at `level`, sorted by id."""
    p = mover_profile or profile(game, mover)
    if exempt(p, mover):
        return []
    info = position_info(game)
    adjacent = info.adjacent
    verdicts = info.attack
    found: dict[str, Unit] = {}
    for c in cells:
        for enemy, a in adjacent.get(c, ()):
            if (
                enemy.id == mover.id
                or enemy.id in found
                or enemy.id in ignore
                or not is_enemy(mover.side, enemy.side)
                or a in cells
            ):
                continue
            ep = info.profiles[enemy.id]
            key: tuple[Any, ...] = (ep.side, ep.category, ep.armoured, "goblin" in ep.tags)
            key = (*key, ep.movement, a, enemy.level, c, level)
            ok = verdicts.get(key)
            if ok is None:
                ok = can_attack_hex(game, enemy, ep, a, c, level).ok
                verdicts[key] = ok
            if ok:
                found[enemy.id] = enemy
    return [found[k] for k in sorted(found)]


def infiltration_threats(
    game: Game,
    mover: Unit,
    crossed: Hex,
    *,
    ignore: frozenset[str] = frozenset(),
    level: float | None = None,
    facing: int | None = None,
) -> list[Unit]:
    """The enemies adjacent to `crossed` in a position to attack `mover` there, minus
    the ids in `ignore` (advance after combat: enemies engaged in a combat).

    `crossed` is the mover's anchor (the Queen's centre, a Guard's head, with `facing`,
    default his own); `level` defaults to the level of the hex (the floor of a walkway
    hex unless the mover stands on its deck there).
    """
    p = profile(game, mover)
    if level is None:
        ground = ground_level(game, crossed) if crossed in game.board.cells else 0.0
        level = mover.level if crossed == mover.hex else ground
    cells = hexes_for(crossed, p.size, mover.facing if facing is None else facing)
    return threats_at(game, mover, cells, level, ignore=ignore, mover_profile=p)


def resolve_infiltration(
    game: Game, mover: Unit, crossed: Hex, threats: list[Unit]
) -> tuple[bool, list[Event]]:
    """Roll once per enemy in `threats` on the Infiltration Table, in an order the dice
    decide, and apply every result to `mover`, who is crossing `crossed` (he must
    already stand there). Returns whether he is stopped there, and the events (dice,
    wounds, knock-outs, the stop).

    "He rolls the die as many times as there are enemies adjacent to the hex in
    question": a result that stops him does not spare him the other rolls (issue 8,
    ruling 3); only his death ends them. A stopped mover loses his remaining movement
    points (`mp_spent` set to his potential); where he ends when he may not stay on
    `crossed` (stacking) is the caller's business.
    """
    table = game.rules.infiltration
    roster = game.rules.roster
    events: list[Event] = []
    p = profile(game, mover)
    if exempt(p, mover):
        return False, events
    rolling = [e for e in threats if infiltration_column(roster[e.kind], adult=e.adult)]
    stops: list[Value] = []
    for enemy in roll_order(game, mover, rolling, events):
        if not mover.alive:
            break  # nothing more can befall him
        column = infiltration_column(roster[enemy.kind], adult=enemy.adult)
        assert column is not None
        modifier = 0
        if mover.wounds > 0:
            modifier += table.modifiers.mover_wounded
        if enemy.wounds > 0:
            modifier += table.modifiers.enemy_wounded
        _, die = game.roll(
            tell(
                "infiltration past {enemy} ({column})",
                enemy=Who(enemy.id),
                column=DataName(table.column_name(column)),
            ),
            RULE,
            modifier,
            by=mover.id,
        )
        result = table.roll(column, die.value, modifier)
        events.append(die)
        if not result.stops:
            continue
        events.extend(suffer(game, mover, result.effect, RULE))
        stops.append(tell("{result} ({enemy})", result=DataName(result.name), enemy=Who(enemy.id)))
        game.touch()
    if not stops:
        return False, events
    # The rest of his points are lost: those of the counter he now shows (a Crazy Ork
    # sent into his frenzy by a roll has a stronger one).
    mover.mp_spent = max(mover.mp_spent, p.movement, profile(game, mover).movement)
    events.append(MovementStopped(mover.id, crossed, Many(tuple(stops)), RULE_TABLE))
    game.touch()
    return True, events


def roll_order(game: Game, mover: Unit, enemies: list[Unit], events: list[Event]) -> list[Unit]:
    """The order of the infiltration rolls, decided by the die (`draw.draw_order`): the
    enemies are numbered in id order. One enemy needs no die. The throws go to
    `events`."""
    ordered = sorted(enemies, key=lambda u: u.id)
    return draw_order(
        game,
        ordered,
        lambda u: Who(u.id),
        tell("order of the infiltration rolls"),
        RULE,
        events,
        by=mover.id,
    )


def suffer(game: Game, unit: Unit, effect: RollEffect | str, rule: str) -> list[Event]:
    """Apply a knocked-out or wounded effect of the Infiltration or Jump Table to
    `unit`, with the special rules of the counters ("Special Rules")."""
    effect = RollEffect(effect)
    if effect is RollEffect.NONE or not unit.alive:
        return []
    p = profile(game, unit)
    events: list[Event] = []
    if p.category in ("living_dead", "gargoyle"):
        return events  # "it is impossible to knock them out, wound them"
    if "crazy_ork" in p.tags and not unit.frenzied:
        unit.frenzied = True  # "goes into a frenzy" on a wound or a knock-out
        events.append(UnitFrenzied(unit.id))
        return events
    if effect is RollEffect.KNOCKED_OUT:
        can_be_knocked_out = (
            p.category == "adventurer"
            and "troll" not in p.tags
            and "dog" not in p.tags
            and not unit.frenzied
        )
        if can_be_knocked_out:
            unit.status = Status.KNOCKED_OUT
            unit.knocked_out_turn = game.state.turn
            events.append(UnitKnockedOut(unit.id, rule))
        return events
    # Wounded.
    energy.change_wounds(game, unit, 1)
    dies = unit.wounds >= p.wounds_to_kill or (p.is_krob and not unit.adult) or unit.frenzied
    if dies:
        unit.status = Status.KILLED
        events.append(UnitKilled(unit.id, rule))
    else:
        unit.status = Status.WOUNDED if unit.status is not Status.KNOCKED_OUT else unit.status
        events.append(UnitWounded(unit.id, unit.wounds, rule))
    return events
