"""Blink to take a badly wounded wizard farther from the Krobs before he walks away, in
his own turn ("Magic Spells"; Blink is ours: data/spells.toml, docs/spells.md).

A wizard one wound from death walks away from the enemy (behaviours.py, `is_badly_hurt`).
On foot, wounded, he may not get out of the Krobs' next move: a Krob walks his potential
and strikes. Blink sets him down up to three hexes away and takes none of his movement
points: cast before he moves (the Adventurers' offensive fire), it puts three hexes more
between him and them, and he walks on from there.

So, for the wizard badly hurt with a standing Krob near enough to matter: where he may
walk (his potential, on the walking graph) from where he stands and from each free,
firm and dry hex within the Blink's reach, and at each the blows of the Krobs who could
walk next to it in their move (their potential) and strike together there
(`evaluation.attack_loss`). He is worth the blows he escapes at the best of those
(three times more for one whose death loses the game, as the escape at the Krob turn's
window weighs them: spells.VITAL), at `AWAY_SHARE`: the Blink spent now is not there to
escape the attack itself at the window before it (one spell a turn, "Magic"); spells.py
weighs it with the spell's chance and price like every other cast.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from dragonnoir.ai.behaviours import is_badly_hurt
from dragonnoir.ai.blink_way import dry_and_firm
from dragonnoir.ai.evaluation import attack_loss
from dragonnoir.ai.paths import distances_for
from dragonnoir.ai.view import SideView
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import magic
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.spell_book import Spell
from dragonnoir.engine.state import Unit
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex, spiral

#: The share of the blows escaped a Blink now is worth: kept for the Krob turn, the same
#: Blink could still take him out of the attack itself (spells.py, `_blink_spot`), when
#: he is attacked and the spell succeeds then.
AWAY_SHARE = 0.5


@dataclass(frozen=True)
class BlinkAway:
    """Where the wounded wizard blinks to, and the blows escaped (casualty points,
    before the weight of his death, the spell's chance and price)."""

    to: Hex
    escaped: float


def blink_away(view: SideView, wizard: Unit, spell: Spell) -> BlinkAway | None:
    """The Blink that takes the badly wounded `wizard` farthest out of the Krobs' next
    move (see the module's docstring), or None when none escapes a blow."""
    game = view.game
    here = wizard.hex
    if here is None or not wizard.standing or not is_badly_hurt(view, wizard):
        return None
    pace = profile(game, wizard).movement
    reach = spell.reach + pace
    enemies = [u for u in view.enemies() if u.standing and u.hex is not None]
    strikes = _strikes(game, enemies, here, reach)
    if not strikes:
        return None
    taken = {h for u in game.living_units() for h in footprint(game, u)}
    taken.discard(here)
    now = _safest(game, wizard, here, pace, strikes, taken)
    if now <= 0:
        return None
    # The fewest blows, then the farthest from the nearest of them.
    best: tuple[float, int, Hex] | None = None
    for h in spiral(here, spell.reach):
        if h == here or h in taken or h not in game.board.cells or not dry_and_firm(view, h):
            continue
        if not magic.same_map(game, here, h) or not magic._may_hold(game, wizard, spell, h):
            continue
        after = _safest(game, wizard, h, pace, strikes, taken)
        off = min(h.distance(e.hex) for e in enemies if e.hex is not None)
        if best is None or (after, -off) < best[:2]:
            best = (after, -off, h)
    if best is None or best[0] >= now:
        return None
    return BlinkAway(best[2], (now - best[0]) * AWAY_SHARE)


#: Per hex, the attacks of the Krobs who could walk next to it and strike this turn.
_Strikes = dict[Hex, list[int]]


def _strikes(game: Game, enemies: Iterable[Unit], here: Hex, reach: int) -> _Strikes:
    """Where each standing enemy within his move and `reach` of `here` could strike in
    his next move: the hexes next to those he may walk to (his potential, on the walking
    graph; a planner's guess, the engine's moves decide)."""
    out: _Strikes = {}
    memo = distances_for(game)
    for enemy in enemies:
        if enemy.hex is None:
            continue
        p = profile(game, enemy)
        if enemy.hex.distance(here) > p.movement + reach + 1:
            continue
        walk = memo.field([enemy.hex], limit=p.movement)
        around = {n for h, d in walk.items() if d <= p.movement for n in h.neighbours()}
        for h in around:
            out.setdefault(h, []).append(p.attack)
    return out


def _safest(
    game: Game, wizard: Unit, start: Hex, pace: int, strikes: _Strikes, taken: set[Hex]
) -> float:
    """The fewest blows he may expect at the end of a walk from `start` within `pace`
    (all who can reach him there strike together)."""
    p = profile(game, wizard)
    walk = distances_for(game).field([start], limit=pace)
    best = None
    for h, d in walk.items():
        if d > pace or h in taken:
            continue
        attacks = strikes.get(h)
        blows = (
            attack_loss(game, sum(attacks), p.defence, wizard, p.armoured, attackers=len(attacks))
            if attacks
            else 0.0
        )
        if best is None or blows < best:
            best = blows
            if not blows:
                break
    return best or 0.0
