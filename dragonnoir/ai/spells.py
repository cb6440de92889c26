"""The wizards' spells for the Adventurer AI ("Magic", "Magic Spells"; the list is ours:
data/spells.toml, docs/spells.md).

"At each game turn, each of the wizards may cast one spell, either during his turn or
during that of the Krobs." The AI weighs, for each wizard who may cast now, the spells
that change a fight, on the same scale as every other choice (casualty points, evaluation.py):

- **Fireball** on a Krob in range: the chance the spell succeeds times the loss the
  Fireball Table deals him (the Queen and her Guards take it lighter, as the engine says).
  A retreat he has no room for is a wound ("A blocked retreat": a Krob, for whom knocked
  out is itself a retreat, takes a wound instead), and a blow to an enemy whose death
  wins (the Queen of la-reine) counts `TARGET_WEIGHT` times, as in the fights;
- **healing** (Self-healing, Healing hands) on a wounded friend: the wound given back;
- **summoning** a Living Dead or a Gargoyle next to a Krob: the blows the spectre will
  deal in the turns it stays (it cannot be hurt: "Spectres have a single side");
- **Far sight** when it would settle which '?' counter is true from the wizard's map
  and the next (two of a kind within reach, or all but one: ai/sight.py): what finding
  the true objective saves the party.

- **Blink** out of the Krobs' reach: at the window before the Krobs attack, a wizard
  next to Krobs vanishes to a free hex within the spell's reach where none can strike
  him this turn: worth the blows he escapes (three times more for one whose death loses
  the game: Godiva, Zacharie). While such a wizard may still want to, the Krob turn's
  earlier windows are passed, not declined for the turn (`may_blink_later`; and while a
  bridge may be wanted for a friend's retreat: `may_cast_later`).

- **a bridge, a gallery or a demolished wall** before the party moves, where it
  shortens the characters' ways to their goals: worth the walk saved (shortcuts.py);
  and **Blink on the wizard's own way**, over the water, a wall or the rock his walk
  must go round, likewise worth the walk saved (blink_way.py); **Blink away** for a
  badly wounded wizard, farther from the Krobs before he walks away, worth the blows he
  escapes in their next move (blink_away.py);

- **a bridge (a gallery, a wall brought down) for a friend's retreat**: once the Krobs
  have declared their combats, beside a friend attacked who has no room to retreat,
  worth the knock-outs it saves ('A blocked retreat': bridge_room.py).

Energy is not free: a spell is cast when its value beats its cost in EP at `EP_PRICE`
(a wizard of level 1 has 100 EP for the whole game).

Every candidate is judged by the engine (`plan_cast`: range, the maps, the EP, the chance
with the level and the penalty beyond range), on the side's view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from dragonnoir.ai import sight
from dragonnoir.ai.behaviours import display, named_by_enemy, victory_targets
from dragonnoir.ai.blink_away import blink_away
from dragonnoir.ai.blink_way import blink_on_the_way
from dragonnoir.ai.bridge_room import cornered_friends, rooms_made
from dragonnoir.ai.evaluation import (
    TARGET_WEIGHT,
    attack_loss,
    cornered,
    loss_share,
    unit_value,
)
from dragonnoir.ai.paths import FAR
from dragonnoir.ai.retreats import has_room
from dragonnoir.ai.shortcuts import shortcuts
from dragonnoir.ai.view import SideView
from dragonnoir.engine.actions import CastSpell
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import combat_declared, magic
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.spell_book import Effect as SpellEffect
from dragonnoir.engine.spell_book import Spell
from dragonnoir.engine.state import Side, Unit
from dragonnoir.engine.values import is_queen_or_guard, profile
from dragonnoir.hexmap.hexes import Hex, spiral

#: What one energy point is worth, in casualty points.
EP_PRICE = 0.015
#: What turning over the '?' counters with Far sight is worth (steps saved, a surprise
#: avoided).
FAR_SIGHT_WORTH = 1.5


@dataclass(frozen=True)
class Cast:
    action: CastSpell
    value: float  # expected casualty points, net of the energy spent
    why: str


def best_cast(
    view: SideView,
    goals: Callable[[], Mapping[str, frozenset[Hex]]] | None = None,
    *,
    keeps_safe: bool = False,
) -> Cast | None:
    """The best spell to cast now for the side's wizards, or None when none is worth it.
    `goals`: where each character is going (his order's goal), asked only when a way may
    be opened: before the Adventurers move, when the way opened is walked at once.
    `keeps_safe`: the level keeps the wizard and the badly wounded out of the enemies'
    next move (levels.py): only then does a badly wounded wizard walk away after a Blink
    away (blink_away.py), which is worth nothing if he walks back (normal's Shaman on
    le-nid did, and died: 87 Krob wins of 200 with it against 82)."""
    game = view.game
    if view.side is not Side.ADVENTURERS:
        return None
    best: Cast | None = None
    for wizard in sorted(view.mine(), key=lambda u: u.id):
        if not magic.is_wizard(game, wizard) or magic.may_cast_now(game, wizard) is not None:
            continue
        found = _candidates(view, wizard)
        found.extend(_rooms_for_retreats(view, wizard))
        if goals is not None and view.phase == "adventurer_fire":
            wanted = goals()
            found.extend(_ways_opened(view, wizard, wanted))
            found.extend(_blinks_on_the_way(view, wizard, wanted))
            if keeps_safe:
                found.extend(_blinks_away(view, wizard))
        for cast in found:
            if cast.value > 0 and (best is None or cast.value > best.value):
                best = cast
    return best


def _ways_opened(view: SideView, wizard: Unit, goals: Mapping[str, frozenset[Hex]]) -> list[Cast]:
    """A bridge, a gallery or a demolished wall, worth the walk it saves (shortcuts.py)."""
    game = view.game
    out: list[Cast] = []
    for way in shortcuts(view, wizard, goals):
        spell = game.rules.spells.get(way.action.spell)
        if spell is None:
            continue
        names = ", ".join(display(game, uid) for uid, _ in way.by)
        why = f"a way {way.saved} movement points shorter in all for {names}"
        out.extend(
            _judged(
                game, wizard, spell.id, way.action.targets, way.worth, EP_PRICE * spell.cost, why
            )
        )
    return out


def _blinks_on_the_way(
    view: SideView, wizard: Unit, goals: Mapping[str, frozenset[Hex]]
) -> list[Cast]:
    """A Blink over what the wizard's own way must go round, worth the walk it saves
    (blink_way.py)."""
    game = view.game
    out: list[Cast] = []
    for spell in _blinks_known(game, wizard):
        way = blink_on_the_way(view, wizard, spell, goals)
        if way is None:
            continue
        why = (
            "over what he cannot cross on his way"
            if way.cut_off
            else f"a way {way.saved} movement points shorter"
        )
        target = (f"{way.to.q},{way.to.r}",)
        out.extend(_judged(game, wizard, spell.id, target, way.worth, EP_PRICE * spell.cost, why))
    return out


def _blinks_away(view: SideView, wizard: Unit) -> list[Cast]:
    """A Blink that takes the badly wounded wizard farther from the Krobs before he walks
    away, worth the blows he escapes (blink_away.py)."""
    game = view.game
    weight = VITAL if wizard.id in named_by_enemy(view) else 1.0
    out: list[Cast] = []
    for spell in _blinks_known(game, wizard):
        away = blink_away(view, wizard, spell)
        if away is None:
            continue
        target = (f"{away.to.q},{away.to.r}",)
        worth = away.escaped * weight
        why = "farther from the Krobs before he walks away"
        out.extend(_judged(game, wizard, spell.id, target, worth, EP_PRICE * spell.cost, why))
    return out


def _rooms_for_retreats(view: SideView, wizard: Unit) -> list[Cast]:
    """A bridge (a gallery, a wall brought down) that gives a friend the Krobs have
    attacked room to retreat, worth the knock-outs it saves (bridge_room.py)."""
    cornered = cornered_friends(view)
    if not cornered:
        return []
    game = view.game
    vital = named_by_enemy(view)
    out: list[Cast] = []
    for room in rooms_made(view, wizard, cornered):
        spell = game.rules.spells.get(room.action.spell)
        if spell is None:
            continue
        weight = VITAL if any(f in vital for f in room.friends) else 1.0
        names = ", ".join(display(game, f) for f in dict.fromkeys(room.friends))
        why = f"room for {names} to retreat"
        worth = room.saved * weight
        targets = room.action.targets
        out.extend(_judged(game, wizard, spell.id, targets, worth, EP_PRICE * spell.cost, why))
    return out


def _blinks_known(game: Game, wizard: Unit) -> list[Spell]:
    """The Blink spells of the wizard's level."""
    level = magic.sheet(game, wizard).level
    return [
        s for s in game.rules.spells.spells if s.effect is SpellEffect.BLINK and s.level <= level
    ]


def _candidates(view: SideView, wizard: Unit) -> list[Cast]:
    game = view.game
    assert wizard.hex is not None
    level = magic.sheet(game, wizard).level
    reach = magic.range_of(level)
    enemies = [u for u in view.enemies() if u.hex is not None and u.alive]
    friends = [u for u in view.mine() if u.hex is not None and u.alive]
    out: list[Cast] = []
    kill: frozenset[str] | None = None
    for spell in game.rules.spells.spells:
        if spell.level > level:
            continue
        price = EP_PRICE * spell.cost
        if spell.effect is SpellEffect.FIREBALL:
            for enemy in enemies:
                assert enemy.hex is not None
                if wizard.hex.distance(enemy.hex) > reach:
                    continue
                if kill is None:
                    kill = frozenset(victory_targets(view)[2])
                worth = _fireball_worth(game, wizard, enemy, level)
                if enemy.id in kill:
                    worth *= TARGET_WEIGHT
                out.extend(_judged(game, wizard, spell.id, (enemy.id,), worth, price, "fireball"))
        elif spell.effect is SpellEffect.HEAL:
            patients = [wizard] if spell.target.value == "self" else friends
            for friend in patients:
                if not friend.wounds or friend.hex is None:
                    continue
                if wizard.hex.distance(friend.hex) > reach:
                    continue
                targets = () if spell.target.value == "self" else (friend.id,)
                worth = unit_value(game, friend) * loss_share(game, friend, "wounded")
                if friend is wizard:
                    worth += 0.5  # his energy doubles again
                out.extend(_judged(game, wizard, spell.id, targets, worth, price, "healing"))
        elif spell.effect is SpellEffect.SUMMON and spell.summons:
            spot = _summon_spot(view, wizard, spell, reach, enemies)
            if spot is not None:
                h, worth = spot
                out.extend(
                    _judged(game, wizard, spell.id, (f"{h.q},{h.r}",), worth, price, "summon")
                )
        elif spell.effect is SpellEffect.BLINK and view.phase == "krob_combat":
            spot = _blink_spot(view, wizard, spell)
            if spot is not None:
                h, worth = spot
                out.extend(
                    _judged(game, wizard, spell.id, (f"{h.q},{h.r}",), worth, price, "blink")
                )
        elif spell.effect is SpellEffect.DETECT:
            worth = _far_sight_worth(view, wizard)
            if worth:
                out.extend(_judged(game, wizard, spell.id, (), worth, price, "far sight"))
    return out


def _judged(
    game: Game,
    wizard: Unit,
    spell: str,
    targets: tuple[str, ...],
    worth: float,
    price: float,
    why: str,
) -> list[Cast]:
    """The cast as the engine judges it: its chance times its worth, less its price."""
    action = CastSpell(wizard.id, spell, targets)
    plan = magic.plan_cast(game, action)
    if not isinstance(plan, magic.Plan):
        return []
    return [Cast(action, plan.chance * worth - price, why)]


def _fireball_worth(game: Game, wizard: Unit, enemy: Unit, level: int) -> float:
    """The expected loss the Fireball Table deals `enemy` (die + the wizard's level).
    His retreat goes away from the wizard (`combat_results.start_shot`); where he has
    no room for it, it is a wound or a knock-out ("A blocked retreat", as the engine
    rules: `blocked_retreat`)."""
    table = game.rules.spells
    guard = is_queen_or_guard(profile(game, enemy))
    value = unit_value(game, enemy)
    total = 0.0
    for face in range(1, 11):
        code = table.fireball_result(face + level)
        effect = {"N": "none", "R": "retreat", "W": "wounded", "K": "killed"}[code]
        if guard:
            effect = {"wounded": "retreat", "retreat": "none"}.get(effect, effect)
        effect = cornered(game, enemy, effect, 1, [wizard])  # kept per state version
        total += value * loss_share(game, enemy, effect) / 10
    return total


def _summon_spot(
    view: SideView, wizard: Unit, spell: Spell, reach: int, enemies: list[Unit]
) -> tuple[Hex, float] | None:
    """The free hex next to the Krob a spectre would hurt most, and what it is worth:
    the spectre's expected blow each of its turns (with the friends already next to that
    Krob, a joint attack), never a loss of its own."""
    game = view.game
    counter = next((s for s in game.rules.roster.spectres if s.kind.value == spell.summons), None)
    if counter is None or wizard.hex is None:
        return None
    stay = counter.lasts_turns
    friends = [u for u in view.mine() if u.hex is not None and u.standing]
    best: tuple[Hex, float] | None = None
    for enemy in enemies:
        if not enemy.standing:
            continue
        around = {n for h in footprint(game, enemy) for n in h.neighbours()}
        with_him = [f for f in friends if f.hex in around]
        attack = counter.attack + sum(profile(game, f).attack for f in with_him)
        ep = profile(game, enemy)
        blow = attack_loss(
            game, attack, ep.defence, enemy, ep.armoured, attackers=1 + len(with_him)
        )
        worth = blow * stay
        if best is not None and worth <= best[1]:
            continue
        for h in sorted(around, key=lambda x: (x.q, x.r)):
            if wizard.hex.distance(h) > reach or not magic.same_map(game, wizard.hex, h):
                continue
            if h in game.board.cells and magic._may_hold(game, wizard, spell, h):
                best = (h, worth)
                break
    return best


#: How much more the blows to one whose death loses the game weigh (as `WARY` does the
#: Gharvs' waters, behaviours.py).
VITAL = 3.0
#: A wizard this near a standing enemy (walking aside) may want to blink away before the
#: Krobs attack: the Krob turn's windows are passed, not declined, while one is.
BLINK_WATCH = 8


#: A standing enemy as Blink weighs him: the hexes next to his counter, his attack.
_Striker = tuple[frozenset[Hex], int]


def _strikers(view: SideView, wizard: Unit) -> list[_Striker]:
    """The enemies that may strike `wizard` in this combat phase, each with where he
    would have to stand to be struck. Before the Krobs declare their combats: every
    standing enemy, next to any of its hexes. Once they are declared (the window after
    the declaration): only the attackers of a combat against him, and only where he
    stands; a Blink anywhere else makes that combat lapse (no new one can be declared)."""
    game = view.game
    if view.phase == "krob_combat" and combat_declared.closed(game) and wizard.hex is not None:
        here = frozenset({wizard.hex})
        units = game.state.units
        return [
            (here, profile(game, units[a]).attack)
            for _, c in combat_declared.open_combats(game)
            if wizard.id in c["defenders"]
            for a in c["attackers"]
            if units[a].standing
        ]
    out: list[_Striker] = []
    for enemy in view.enemies():
        if enemy.standing and enemy.hex is not None:
            around = frozenset(n for x in footprint(game, enemy) for n in x.neighbours())
            out.append((around, profile(game, enemy).attack))
    return out


def _blows_at(game: Game, wizard: Unit, h: Hex, strikers: list[_Striker]) -> float:
    """The loss the standing enemies next to `h` may deal the wizard there in one combat
    (all of them at once: the Krobs attack together)."""
    attacks = [attack for around, attack in strikers if h in around]
    if not attacks:
        return 0.0
    p = profile(game, wizard)
    return attack_loss(game, sum(attacks), p.defence, wizard, p.armoured, attackers=len(attacks))


def _blink_spot(view: SideView, wizard: Unit, spell: Spell) -> tuple[Hex, float] | None:
    """Before the Krobs attack: the free hex within the Blink's reach where the wizard
    escapes most of the blows awaiting him (the most friends about him on a tie), and
    what that is worth."""
    game = view.game
    here = wizard.hex
    if here is None or not wizard.standing:
        return None
    strikers = _strikers(view, wizard)
    danger = _blows_at(game, wizard, here, strikers)
    if not danger:
        return None
    taken = {h for u in game.living_units() for h in footprint(game, u)}
    friends = [u.hex for u in view.mine() if u.hex is not None and u.standing and u is not wizard]
    best: tuple[float, int, Hex] | None = None
    for h in spiral(here, spell.reach):
        if h in taken or h not in game.board.cells:
            continue
        if not magic.same_map(game, here, h) or not magic._may_hold(game, wizard, spell, h):
            continue
        escaped = danger - _blows_at(game, wizard, h, strikers)
        company = sum(1 for f in friends if f.distance(h) <= 1)
        if best is None or (escaped, company) > best[:2]:
            best = (escaped, company, h)
    if best is None or best[0] <= 0:
        return None
    weight = VITAL if wizard.id in named_by_enemy(view) else 1.0
    return best[2], best[0] * weight


def may_blink_later(view: SideView) -> bool:
    """A wizard of the side who may still cast this turn, with the energy for a Blink,
    stands within `BLINK_WATCH` hexes of a standing enemy: the Krobs may come at him,
    and the window before they attack is worth keeping open."""
    enemies = [u.hex for u in view.enemies() if u.hex is not None and u.standing]
    return any(
        wizard.hex is not None and any(wizard.hex.distance(e) <= BLINK_WATCH for e in enemies)
        for wizard in _ready_wizards(view, lambda s: s.effect is SpellEffect.BLINK)
    )


def may_cast_later(view: SideView) -> bool:
    """Whether the Krob turn's windows are worth keeping open (passed, not declined for
    the turn): a wizard may yet blink away before the Krobs attack (`may_blink_later`),
    or lay a bridge for a friend's retreat once they declare (`may_make_room_later`)."""
    return may_blink_later(view) or may_make_room_later(view)


def may_make_room_later(view: SideView) -> bool:
    """A wizard of the side who may still cast this turn, with the energy for a spell that
    lays a counter, has within his range a friend near a standing enemy (`BLINK_WATCH`)
    who has no room to retreat a hex away from the nearest of them: the Krobs may corner
    him, and the window after their declaration is worth keeping open."""
    game = view.game
    enemies = [u for u in view.enemies() if u.hex is not None and u.standing]
    if not enemies:
        return False
    friends = [u for u in view.mine() if u.hex is not None and u.standing]
    for wizard in _ready_wizards(view, magic.lays_counter):
        assert wizard.hex is not None
        reach = magic.range_of(magic.sheet(game, wizard).level)
        for friend in friends:
            assert friend.hex is not None
            if wizard.hex.distance(friend.hex) > reach + 1:
                continue
            here = friend.hex
            nearest = min(enemies, key=lambda e: (here.distance(e.hex) if e.hex else FAR, e.id))
            assert nearest.hex is not None
            if here.distance(nearest.hex) > BLINK_WATCH:
                continue
            if not has_room(game, friend, 1, [nearest]):
                return True  # cornered against the one nearest him
    return False


def _ready_wizards(view: SideView, which: Callable[[Spell], bool]) -> list[Unit]:
    """The side's wizards on the map who may still cast this turn and have the level and
    the energy for a spell `which` picks (the Adventurers' only: the Krobs cast none)."""
    game = view.game
    if view.side is not Side.ADVENTURERS:
        return []
    spells = [s for s in game.rules.spells.spells if which(s)]
    ready: list[Unit] = []
    for wizard in view.mine() if spells else ():
        if wizard.hex is None or not magic.is_wizard(game, wizard):
            continue
        if magic.may_cast_now(game, wizard) is not None:
            continue
        sheet = magic.sheet(game, wizard)
        energy = magic.available_energy(sheet, wizard)
        if any(s.level <= sheet.level and s.cost <= energy for s in spells):
            ready.append(wizard)
    return ready


def _far_sight_worth(view: SideView, wizard: Unit) -> float:
    """Far sight turns over the '?' counters and finds the webs on the wizard's map and
    the next: worth it while it would settle which counter is true (two or more of a
    kind within reach, or all but one of a kind: `sight.settles`)."""
    assert wizard.hex is not None
    found = sight.settles(view.game, wizard.hex, sight.unknown(view.game))
    return FAR_SIGHT_WORTH if found else 0.0
