"""Who stands next to whom at one moment of a movement phase, and what a blow there is worth.

Scoring where a character ends his move (ai/scoring.py) asks, for each hex he may end on,
which enemies he would touch, which friends already touch each of them (the joint attack
he would join) and who could still come; the answers are worked out once per view
(`Picture.of`), not once per hex. `expected` is an attack's expected gain on the Combat
Table, before terrain: what the enemy loses minus what the attackers do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from dragonnoir.ai.evaluation import loss_share, planned_column, unit_value
from dragonnoir.ai.view import SideView
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.combat_geometry import rear_zone
from dragonnoir.engine.rules.combat_odds import result_probabilities
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.state import Side, Unit
from dragonnoir.engine.values import Profile, profile
from dragonnoir.hexmap.hexes import Hex


@dataclass
class Picture:
    """The contacts of one moment: for each hex, the standing enemies a character there
    would touch; for each enemy, the attack of the friends already touching him.

    The Queen and her Guards are two enemies each, keyed `id` and `id@rear`: struck from
    the hexes of their greyed zone they show their rear defence, and those blows are a
    combat of their own ("Defence": "an attack from behind, through the greyed zone of
    the counter"), so a character weighs standing behind her at the odds he would get
    there and counts only the friends who strike from the same side."""

    #: For each hex, (key, enemy, his profile as struck from that hex).
    touching: dict[Hex, list[tuple[str, Unit, Profile]]]
    friends_of: dict[str, list[tuple[str, int]]]
    #: For each enemy (by key), the friends who have not moved yet and are within a move
    #: of him.
    could_join: dict[str, list[tuple[str, int]]]
    #: The standing enemies, with their profiles (for who can reach a hex next turn).
    enemies: list[tuple[Unit, Profile]]
    #: For each hex, the attack of the Gharvs on the map next to it.
    gharvs_at: dict[Hex, int]

    @classmethod
    def of(cls, view: SideView) -> Picture:
        game = view.game
        touching: dict[Hex, list[tuple[str, Unit, Profile]]] = {}
        friends_of: dict[str, list[tuple[str, int]]] = {}
        could_join: dict[str, list[tuple[str, int]]] = {}
        enemies: list[tuple[Unit, Profile]] = []
        # The friends as plain numbers (id, attack, q, r, movement, moved): every enemy
        # looks at every friend, hexes compared as (q, r).
        mine = [
            (u.id, p.attack, u.hex.q, u.hex.r, p.movement, u.moved)
            for u in view.mine()
            if u.standing and u.hex is not None
            for p in (profile(game, u),)
        ]
        moving = view.phase == f"{view.side.value[:-1]}_movement"
        for enemy in view.enemies():
            if not enemy.standing:
                continue
            ep = profile(game, enemy)
            enemies.append((enemy, ep))
            around: set[Hex] = set()
            for h in footprint(game, enemy):
                around.add(h)
                around.update(h.neighbours())
            sides = [(enemy.id, ep, around)]
            if ep.defence_rear is not None:
                rear = around & rear_zone(game, enemy)
                if rear:
                    sides = [
                        (enemy.id, ep, around - rear),
                        (f"{enemy.id}@rear", replace(ep, defence=ep.defence_rear), rear),
                    ]
            joiners: list[tuple[str, int]] = []
            if moving and enemy.hex is not None:
                near = {(h.q, h.r) for h in around}
                eq, er = enemy.hex.q, enemy.hex.r
                joiners = [
                    (uid, a)
                    for uid, a, q, r, walk, moved in mine
                    if not moved
                    and (q, r) not in near
                    and (abs(q - eq) + abs(r - er) + abs(q - eq + r - er)) // 2 <= walk
                ]
            for key, shown, hexes in sides:
                for h in hexes:
                    touching.setdefault(h, []).append((key, enemy, shown))
                cells = {(h.q, h.r) for h in hexes}
                friends_of[key] = [(uid, a) for uid, a, q, r, _, _ in mine if (q, r) in cells]
                if moving and enemy.hex is not None:
                    could_join[key] = joiners  # they may come to either side
        gharvs_at: dict[Hex, int] = {}
        for beast in game.state.units.values():
            if beast.side is Side.GHARVS and beast.hex is not None and beast.standing:
                attack = profile(game, beast).attack
                for h in beast.hex.neighbours():
                    gharvs_at[h] = gharvs_at.get(h, 0) + attack
        return cls(touching, friends_of, could_join, enemies, gharvs_at)


def expected(
    game: Game, attack: int, defence: int, attackers: int, enemy: Unit, me: Unit, armoured: bool
) -> float:
    """The expected gain of an attack of `attack` against `defence` (Combat Table, a
    joint attack's shift, armour), before terrain: what the enemy loses minus what the
    attacker does."""
    column = planned_column(game, attack, defence, attackers)
    if column is None:
        return 0.0
    modifier = game.rules.combat.modifiers.armoured_defender if armoured else 0
    return _over_results(game, column, modifier, lambda d, a: (
        unit_value(game, enemy) * loss_share(game, enemy, d)
        - unit_value(game, me) * loss_share(game, me, a) / attackers
    ))  # fmt: skip


def _over_results(
    game: Game, column: int, modifier: int, worth: Callable[[str, str], float]
) -> float:
    by_code = {r.code: r for r in game.rules.combat.results}
    total = 0.0
    chances: dict[str, Any] = result_probabilities(game, column, modifier)
    for code, chance in chances.items():
        r = by_code[code]
        total += float(chance) * worth(r.defender.effect.value, r.attacker.effect.value)
    return total
