"""A bridge laid so that a friend has room to retreat after a combat ("Magic Spells";
the retreat rules: docs/combat.md, 'Retreats' and 'A blocked retreat').

"The result 'attacker retreats' or 'defender retreats' applies to all the characters who
took part": a character with no path of the full length strictly away from every enemy of
the combat stays where he is and is knocked out instead ('A blocked retreat'). An
Adventurer with his back to the water (one who may not swim: Movement Restriction 2), to
the rock or to a wall is cornered so. A bridge laid over the water beside him, or a
gallery opened in the rock, or the wall brought down, is a hex to fall back onto: the
Krobs' "retreat" results stay retreats.

So, once the Krobs have declared their combats (the Krob turn's window after the
declaration: the friends attacked and their attackers are known), for each friend
defending who has no room for a retreat the Combat Table may give him: the chance of
those results at the combat's odds, times what a knock-out costs him more than a retreat
(evaluation.loss_share; three times for one whose death loses the game: spells.VITAL).
Each counter the wizard may lay next to a cornered friend is laid on a copy of the view
as the engine lays it (`magic.lay_counter`) and the room asked again there
(`retreats.has_room`); the placement is worth the knock-outs it saves in all, and
spells.py weighs it with the spell's chance and price like every other cast.
"""

from __future__ import annotations

from dataclasses import dataclass

from dragonnoir.ai.evaluation import loss_share, planned_column, unit_value
from dragonnoir.ai.retreats import has_room
from dragonnoir.ai.view import SideView
from dragonnoir.engine.actions import CastSpell
from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import clone
from dragonnoir.engine.rules import combat_declared, magic
from dragonnoir.engine.rules.combat_odds import result_probabilities
from dragonnoir.engine.state import Unit
from dragonnoir.engine.tables import Effect
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex


@dataclass(frozen=True)
class Cornered:
    """A friend defending with no room for a retreat the table may give him: the combat's
    attackers, and per retreat length he lacks room for, its chance."""

    friend: str
    attackers: tuple[str, ...]
    chances: tuple[tuple[int, float], ...]
    #: What a knock-out costs him more than a retreat (casualty points).
    cost: float


@dataclass(frozen=True)
class RoomMade:
    """A counter that gives cornered friends room, and what it saves (casualty points,
    before the weights of the named, the spell's chance and price)."""

    action: CastSpell
    friends: tuple[str, ...]
    saved: float


def cornered_friends(view: SideView) -> list[Cornered]:
    """The side's friends in the declared combats with no room for a retreat the Combat
    Table may give them (the view's game: no Krob hidden from the side is in it)."""
    game = view.game
    if view.phase != "krob_combat" or not combat_declared.closed(game):
        return []
    units = game.state.units
    out: list[Cornered] = []
    for _, combat in combat_declared.open_combats(game):
        attackers = [units[a] for a in combat["attackers"] if a in units and units[a].standing]
        defenders = [units[d] for d in combat["defenders"] if d in units]
        if not attackers or not defenders:
            continue
        lengths = _retreats(game, attackers, defenders)
        for friend in defenders:
            if friend.side is not view.side or not friend.standing or friend.hex is None:
                continue
            lacking = tuple(
                (n, p) for n, p in lengths.items() if not has_room(game, friend, n, attackers)
            )
            if lacking:
                cost = unit_value(game, friend) * (
                    loss_share(game, friend, "knocked_out") - loss_share(game, friend, "retreat")
                )
                ids = tuple(a.id for a in attackers)
                out.append(Cornered(friend.id, ids, lacking, cost))
    return out


def rooms_made(view: SideView, wizard: Unit, cornered: list[Cornered]) -> list[RoomMade]:
    """The counters `wizard` may lay now (bridges, galleries, walls brought down) beside a
    cornered friend that give him room, each with what it saves."""
    game = view.game
    units = game.state.units
    beside = {n for c in cornered for h in (units[c.friend].hex,) if h for n in h.neighbours()}
    scratch = clone(game)
    out: list[RoomMade] = []
    for action in magic.casts(game, wizard_id=wizard.id, which=magic.lays_counter):
        if not counter_hexes(action) & beside:
            continue  # it touches no hex beside a cornered friend
        plan = magic.plan_cast(scratch, action)
        if not isinstance(plan, magic.Plan):
            continue
        counter = magic.lay_counter(scratch, plan)
        scratch.touch()
        try:
            given = _room_given(scratch, cornered)
        finally:
            del scratch.state.accessories[counter.id]
            scratch.touch()
        if given:
            saved = sum(c.cost * p for c, p in given)
            out.append(RoomMade(action, tuple(c.friend for c, _ in given), saved))
    return out


def _room_given(scratch: Game, cornered: list[Cornered]) -> list[tuple[Cornered, float]]:
    """Each cornered friend who has room on `scratch`, with the chance of the retreats he
    now has room for."""
    units = scratch.state.units
    given = []
    for c in cornered:
        friend = units[c.friend]
        attackers = [units[a] for a in c.attackers]
        chance = sum(p for n, p in c.chances if has_room(scratch, friend, n, attackers))
        if chance:
            given.append((c, chance))
    return given


def _retreats(game: Game, attackers: list[Unit], defenders: list[Unit]) -> dict[int, float]:
    """The chance of each length of the defenders' retreat in this combat, by the Combat
    Table at its odds (the attacks and defences summed, a joint attack's shift, armour's
    die modifier; the terrain's columns left out: a planner's reading, the engine rolls)."""
    table = game.rules.combat
    attack = sum(profile(game, a).attack for a in attackers)
    defence = sum(profile(game, d).defence for d in defenders)
    column = planned_column(game, attack, defence, len(attackers))
    if column is None:
        return {}
    armoured = any(profile(game, d).armoured for d in defenders)
    modifier = table.modifiers.armoured_defender if armoured else 0
    by_code = {r.code: r for r in table.results}
    out: dict[int, float] = {}
    for code, chance in result_probabilities(game, column, modifier).items():
        effect = by_code[code].defender
        if effect.effect is Effect.RETREAT and chance:
            out[effect.hexes] = out.get(effect.hexes, 0.0) + float(chance)
    return out


def counter_hexes(action: CastSpell) -> set[Hex]:
    """The hexes a map spell's counter is laid on (its targets but the facing)."""
    return {
        h
        for t in action.targets
        if not t.startswith("facing:")
        for h in (magic.parse_hex(t),)
        if h is not None
    }
