"""Blink on the wizard's own way: over what his walk must go round ("Magic Spells";
Blink is ours: data/spells.toml, docs/spells.md).

Blink sets the wizard down on a free hex at most three hexes away, and takes none of his
movement points: cast before he moves (the Adventurers' offensive fire), it is three
hexes more on his way to his goal, whatever his goal is: the place to reach or hold, the
party he keeps up with, or, badly wounded, away from the enemy. Three hexes of open
floor are worth little (a few steps, for a spell of 8 EP the fight may want); three
hexes over the water, a wall or the rock, which his walk must go round or wade (the
water counts three times: the Gharvs), can be a turn's walk and the Gharvs' teeth saved.

So, for each free hex within the Blink's reach that is firm and dry (not water, marsh or
a boat's hex: where the Gharvs rise) and brings him no nearer an enemy within `KEEP_OFF`
hexes: the walk it saves on his own way to his goal (`mobility.goal_field`: water,
levels, boats, as he walks). A saving below `LEAST_SAVED` walking points is none (the
Blink is kept for escaping an attack); above, it is worth what a way opened is
(`shortcuts.POINTS_PER_CASUALTY`, capped at `shortcuts.SAVING_CAP`), and `spells.py`
weighs it with the spell's chance and price like every other cast.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from dragonnoir.ai import mobility
from dragonnoir.ai.paths import FAR
from dragonnoir.ai.shortcuts import POINTS_PER_CASUALTY, SAVING_CAP
from dragonnoir.ai.view import SideView
from dragonnoir.engine.rules import magic
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.rules.steps import boat_at, terrain_at
from dragonnoir.engine.spell_book import Spell
from dragonnoir.engine.state import Unit
from dragonnoir.hexmap.hexes import Hex, spiral

#: Walking points a Blink must save on the wizard's way to be worth its energy: more
#: than its three hexes of open floor, and at least what a way opened must save
#: (shortcuts.LEAST_SAVED) for the whole party.
LEAST_SAVED = 8
#: The Blink never sets him down nearer a standing enemy than he is, within this many
#: hexes (farther, the enemy is not the way's concern: the move after it weighs him).
KEEP_OFF = 6


@dataclass(frozen=True)
class BlinkOnTheWay:
    """Where the wizard blinks to, the walk it saves him, and its worth (casualty
    points, before the spell's chance and price)."""

    to: Hex
    saved: int
    cut_off: bool = False  # he had no way there at all (the water, for one who may not swim)

    @property
    def worth(self) -> float:
        return min(SAVING_CAP, self.saved) / POINTS_PER_CASUALTY


def blink_on_the_way(
    view: SideView, wizard: Unit, spell: Spell, goals: Mapping[str, frozenset[Hex]]
) -> BlinkOnTheWay | None:
    """The landing that saves `wizard` most walking to his goal (see the module's
    docstring), or None when none saves `LEAST_SAVED`."""
    game = view.game
    here = wizard.hex
    goal = goals.get(wizard.id)
    if here is None or not goal or here in goal or not wizard.standing:
        return None
    field = mobility.goal_field(game, wizard, goal)
    # No way there at all (one who may not swim, with the water between): a landing with
    # a way on saves him as much as a saving counts at most.
    now = field.get(here, FAR)
    enemies = [u.hex for u in view.enemies() if u.hex is not None and u.standing]
    near_now = min((here.distance(e) for e in enemies), default=FAR)
    taken = {h for u in game.living_units() for h in footprint(game, u)}
    best: tuple[int, Hex] | None = None
    for h in spiral(here, spell.reach):
        there = field.get(h, FAR)
        if there >= FAR or (now < FAR and now - there < LEAST_SAVED) or h in taken:
            continue
        if best is not None and there >= best[0]:
            continue
        if not dry_and_firm(view, h) or not magic.same_map(game, here, h):
            continue
        near = min((h.distance(e) for e in enemies), default=FAR)
        if near < min(near_now, KEEP_OFF):
            continue
        if not magic._may_hold(game, wizard, spell, h):
            continue
        best = (there, h)
    if best is None:
        return None
    there, h = best
    if now >= FAR:
        return BlinkOnTheWay(h, SAVING_CAP, cut_off=True)
    return BlinkOnTheWay(h, now - there)


def dry_and_firm(view: SideView, h: Hex) -> bool:
    """Ground where the Gharvs do not rise under him: no water, no marsh, no boat."""
    terrain = terrain_at(view.game, h)
    if terrain is None or not terrain.passable or terrain.water:
        return False
    return "marsh" not in terrain.id and boat_at(view.game, h) is None
