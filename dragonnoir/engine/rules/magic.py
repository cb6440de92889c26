"""Magic ("Magic", "Magic Spells", "Energy Points (EP)", "Resolution of a Spell", "Range of
Action", "Counters Linked to Magic Spells", "The Spectres", "The Krobs: Fireballs").

The spell list is ours, as data (dragonnoir/data/spells.toml, docs/spells.md). What the
rulebook says, and where it is enforced:

- "only Zacharie and Shaman have the quality of wizard": the roster's `wizard` tag, with
  the scenario's level and energy (`state.wizards`; a wizard the scenario leaves out has
  his roster level and level x 100 EP);
- "available EP = Level x 100 ... When a wizard is wounded, the number of energy points
  he has left is divided by two (rounded down). If he heals, the EP he has left are
  multiplied by two" (rules/energy.py: the sheet changes at the wound and at the
  healing); past zero, or short of the cost, no spell;
- "At each game turn, each of the wizards may cast one spell, either during his turn or
  during that of the Krobs. The moment of casting the spell is freely decided by the
  Adventurer player": `CastSpell` in the Adventurer phases, and in the Krob turn as an
  answer to the windows this module opens — at the start of the Krob movement, after
  each step of a Krob the Adventurers see (with the defensive fire decision), when the
  Krob combat phase begins, once its combats are declared, between two combats and at
  the end of the Krob turn (`cast_window`, `open_window`); never in a Gharv interphase;
- "for a spell that requires 1 to 10 energy points, he must roll more than 1 ... 11 to
  20 ... more than 2 ... etc.", "a bonus which is added to the die result ... equal to
  the level reached", "Whether the spell fails or succeeds, the energy points ... are
  subtracted" (`success_needs`, `CastRules.apply`);
- "spells can only be cast in the cave (the map) where the wizard is ... on a hex
  straddling two maps can cast spells in both. Exception to this rule: remote detection
  spells can be cast one cave (one map) away" (`same_map`, `near_map`);
- "reduced to 7 hexes for a level 1 wizard and to 10 hexes for a level 2 wizard ... the
  hex the wizard occupies is not counted ... beyond his range ... a penalty to the die
  of one point per hex beyond the limit"; an area is measured to its farthest hex;
- fireballs: "Wounded becomes retreats one hex and retreats becomes no effect" for the
  Queen and her Guards; "Fireballs automatically destroy spider webs";
- spectres: summoned on the Adventurers' side, they dematerialise after their time
  ("The player turn during which they appear counts as a half-turn").
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dragonnoir.engine import box, revisions
from dragonnoir.engine.actions import Action, CastSpell, DeclineSpells, Pass
from dragonnoir.engine.events import (
    DecisionRequested,
    Event,
    Revealed,
    SpectreVanished,
    SpellCast,
    UnitMoved,
    UnitWounded,
    WebDestroyed,
)
from dragonnoir.engine.explain import Explanation, allowed, refused
from dragonnoir.engine.rules import combat_declared as declared
from dragonnoir.engine.rules import combat_results, hidden, movement, objectives
from dragonnoir.engine.rules.energy import R_EP, change_wounds, settle

# The sheet's readers, where the spells' callers have always found them.
from dragonnoir.engine.rules.energy import available_energy as available_energy
from dragonnoir.engine.rules.energy import is_wizard as is_wizard
from dragonnoir.engine.rules.energy import sheet as sheet
from dragonnoir.engine.rules.fire import end_interrupted_move
from dragonnoir.engine.rules.steps import (
    GALLERY_SIDES,
    boat_at,
    edge_feature,
    ground_level,
    never_swims,
    terrain_at,
)
from dragonnoir.engine.rules.steps import known_web_at as known_web_at
from dragonnoir.engine.spell_book import Effect as SpellEffect
from dragonnoir.engine.spell_book import Spell, Target
from dragonnoir.engine.state import (
    Accessory,
    AccessoryKind,
    Decision,
    Side,
    Status,
    Unit,
)
from dragonnoir.engine.tables import Effect
from dragonnoir.engine.values import is_queen_or_guard, profile
from dragonnoir.hexmap.board import EdgeFeature
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.accessories import accessory_name
from dragonnoir.narration.actions import action_name
from dragonnoir.narration.phrase import DataName, Who, tell, tell_n

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

R_MAGIC = "Magic"
R_RESOLUTION = "Resolution of a Spell"
R_RANGE = "Range of Action"
R_WHEN = "Resolution of a Spell (one spell per wizard per game turn)"
R_COUNTERS = "Counters Linked to Magic Spells"
R_FIREBALL = "The Krobs: Fireballs"
R_SPECTRES = "The Spectres"
CAST_WINDOW = "cast_window"

#: The shape of each gallery counter (rules/steps.py GALLERY_SIDES).
_GALLERY_SHAPES = {
    "gallery_straight_1": "straight",
    "gallery_straight_2": "straight",
    "gallery_curved_1": "curved",
    "gallery_crossing": "crossing",
}
_COUNTER_KIND = {
    SpellEffect.BRIDGE: AccessoryKind.BRIDGE,
    SpellEffect.GALLERY: AccessoryKind.GALLERY,
    SpellEffect.DEMOLISH_WALL: AccessoryKind.DEMOLISHED_WALL,
}


# -- the wizard's sheet: rules/energy.py (`sheet`, `available_energy`) ---------------------


def success_needs(cost: int) -> int:
    """The die must show more than this: 1 for 1-10 EP, 2 for 11-20, 3 for 21-30..."""
    return max(1, math.ceil(cost / 10))


def range_of(level: int) -> int:
    return 7 if level <= 1 else 10


# -- maps ----------------------------------------------------------------------------------


def _boards(game: Game, h: Hex) -> set[str]:
    if game.layout is None:
        return {game.board.id} if h in game.board.cells else set()
    return set(game.layout.board_ids_at(h))


def same_map(game: Game, a: Hex, b: Hex) -> bool:
    """On a map (board) where the wizard is; a straddling hex is on both."""
    return bool(_boards(game, a) & _boards(game, b))


def near_map(game: Game, a: Hex, b: Hex) -> bool:
    """Remote detection: the wizard's map or one map (board) next to it in the layout."""
    if same_map(game, a, b):
        return True
    placements_at = getattr(game.layout, "placements_at", None)
    if placements_at is None:
        return False
    mine = placements_at(a)
    theirs = placements_at(b)
    return any(
        abs(p.row - q.row) + abs(p.col - q.col) == 1
        for p in mine
        for q in theirs
        if hasattr(p, "row") and hasattr(q, "row")
    )


# -- judging a cast --------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    wizard: Unit
    spell: Spell
    level: int
    energy: int
    needs: int
    penalty: int
    distance: int
    units: tuple[Unit, ...]
    hexes: tuple[Hex, ...]
    facing: int | None = None  # a counter's orientation ("facing:N" among the targets)

    @property
    def modifier(self) -> int:
        return self.level - self.penalty

    @property
    def chance(self) -> float:
        return sum(1 for face in range(1, 11) if face + self.modifier > self.needs) / 10


def parse_hex(text: str) -> Hex | None:
    """A spell target written "q,r" (`CastSpell.targets`), or None."""
    try:
        q, r = (int(v) for v in text.split(","))
    except ValueError:
        return None
    return Hex(q, r)


def may_cast_now(game: Game, wizard: Unit) -> Explanation | None:
    """Why this wizard may not cast at all now (whatever the spell), or None."""
    if wizard.side is not Side.ADVENTURERS or not is_wizard(game, wizard):
        return refused(
            tell("{wizard} is no wizard: only Zacharie and Shaman are", wizard=Who(wizard.id)),
            R_MAGIC,
        )
    if wizard.hex is None or not wizard.alive:
        return refused(tell("{wizard} is not on the map", wizard=Who(wizard.id)), R_MAGIC)
    if not wizard.standing:
        return refused(tell("{wizard} is knocked out: no spell", wizard=Who(wizard.id)), R_MAGIC)
    current = sheet(game, wizard)
    if current.cast_turn == game.state.turn:
        return refused(
            tell(
                "{wizard} has cast his spell of this game turn: each wizard may cast one spell "
                "per game turn, in the Adventurer turn or in that of the Krobs",
                wizard=Who(wizard.id),
            ),
            R_WHEN,
        )
    if available_energy(current, wizard) <= 0:
        return refused(tell("{wizard} has no energy points left", wizard=Who(wizard.id)), R_EP)
    return None


def plan_cast(game: Game, action: CastSpell) -> Plan | Explanation:
    """The cast judged: its plan (chance, penalty) or the refusal naming the rule."""
    wizard = game.state.units.get(action.wizard)
    if wizard is None:
        return refused(tell("no such character"), R_MAGIC)
    why = may_cast_now(game, wizard)
    if why is not None:
        return why
    spell = game.rules.spells.get(action.spell)
    if spell is None:
        return refused(
            tell("there is no spell {spell} on the wizard sheets", spell=action.spell), R_MAGIC
        )
    current = sheet(game, wizard)
    energy = available_energy(current, wizard)
    if spell.level > current.level:
        return refused(
            tell(
                "{spell} needs a level {level} wizard ({wizard} is level {his})",
                spell=DataName(spell.name),
                level=spell.level,
                wizard=Who(wizard.id),
                his=current.level,
            ),
            "Magic Spells",
        )
    if spell.cost > energy:
        return refused(
            tell(
                "{spell} costs {cost} EP; {wizard} has {energy} left",
                spell=DataName(spell.name),
                cost=spell.cost,
                wizard=Who(wizard.id),
                energy=energy,
            ),
            R_EP,
        )
    assert wizard.hex is not None
    units: list[Unit] = []
    hexes: list[Hex] = []
    facing: int | None = None
    for t in action.targets:
        if t.startswith("facing:"):
            try:
                facing = int(t.split(":", 1)[1]) % 6
            except ValueError:
                return refused(tell("{t}: a facing is 'facing:0' to 'facing:5'", t=t), R_MAGIC)
            continue
        h = parse_hex(t)
        if h is not None:
            hexes.append(h)
        elif t in game.state.units and hidden.seen_by(wizard.side, game.state.units[t]):
            units.append(game.state.units[t])
        else:  # a character hidden from the wizard is no more a target than a made-up id
            return refused(tell("{t} is neither a character nor a hex 'q,r'", t=t), R_MAGIC)
    target_check = _check_targets(game, wizard, spell, units, hexes)
    if isinstance(target_check, Explanation):
        return target_check
    points = [u.hex for u in units if u.hex is not None] + hexes
    distance = max((wizard.hex.distance(p) for p in points), default=0)
    for p in points:
        if spell.effect is SpellEffect.DETECT:
            continue
        if not same_map(game, wizard.hex, p):
            return refused(
                tell(
                    "{cell} is not on the map where {wizard} stands: spells apply only to the "
                    "cave the wizard is in (both, on a hex straddling two)",
                    cell=p,
                    wizard=Who(wizard.id),
                ),
                R_RANGE,
            )
    reach = range_of(current.level)
    penalty = max(0, distance - reach) if spell.target is not Target.MAP else 0
    return Plan(
        wizard,
        spell,
        current.level,
        energy,
        success_needs(spell.cost),
        penalty,
        distance,
        tuple(units),
        tuple(hexes),
        facing,
    )


def _free(game: Game, h: Hex) -> bool:
    """No living character the wizards see on `h` (a Krob hidden there is found when the
    spell lands: `_lands_on_hidden`)."""
    return h in game.board.cells and not any(
        u.alive and u.hidden_from is not Side.ADVENTURERS for u in game.units_at(h)
    )


def _lands_on_hidden(game: Game, plan: Plan) -> list[Event]:
    """A spell put down on hexes where a hidden Krob stands (a bridge, a spectre, a
    blink) reveals him instead of taking effect (ours, docs/scenarios.md)."""
    if plan.spell.effect in (SpellEffect.DETECT, SpellEffect.FIREBALL):
        return []
    events: list[Event] = []
    for h in plan.hexes:
        for unit in game.units_at(h):
            if unit.alive and unit.hidden_from is plan.wizard.side:
                events.append(
                    hidden.reveal(
                        game,
                        unit,
                        tell("{spell} meets him", spell=DataName(plan.spell.name)),
                        R_MAGIC,
                    )
                )
    return events


def _standable(game: Game, unit_like: Unit | None, h: Hex) -> bool:
    terrain = terrain_at(game, h)
    if terrain is None or not terrain.passable or not _free(game, h):
        return False
    if terrain.water and boat_at(game, h) is None:
        return unit_like is None or not never_swims(profile(game, unit_like))
    return True


def _in_line(hexes: list[Hex]) -> bool:
    if len(hexes) < 2:
        return True
    d = hexes[0].direction_to(hexes[1])
    return d is not None and all(a.direction_to(b) == d for a, b in itertools.pairwise(hexes))


def counters_left(game: Game, counter: str) -> int:
    """How many of that spell counter are still in the box."""
    limit = int(game.rules.spells.counters.get(counter, 0))
    return limit - _counters_on_map(game).get(counter, 0)


def _counters_on_map(game: Game) -> dict[str, int]:
    """Spell counters on the map by kind (accessories, and spectres by their category),
    counted once per state version: every candidate cast asks."""
    cached = game.cache.get("spell_counters")
    if isinstance(cached, tuple) and cached[0] == game.version:
        return cached[1]  # type: ignore[no-any-return]
    used: dict[str, int] = {}
    for a in game.state.accessories.values():
        counter = box.counter_of(a)  # a scenario's bridge is a counter of the box too
        if a.face_up and counter is not None:
            used[counter] = used.get(counter, 0) + 1
    spectres = {s.id for s in game.rules.roster.spectres}
    for u in game.state.units.values():
        if u.hex is not None and u.alive and u.kind in spectres:
            category = profile(game, u).category
            used[category] = used.get(category, 0) + 1
    game.cache["spell_counters"] = (game.version, used)
    return used


def _check_targets(
    game: Game, wizard: Unit, spell: Spell, units: list[Unit], hexes: list[Hex]
) -> Explanation | None:
    effect = spell.effect
    if spell.counter is not None and counters_left(game, spell.counter) <= 0:
        return refused(
            tell(
                "the box has run out of {counter} counters: all {n} are on the map",
                counter=spell.counter.replace("_", " "),
                n=game.rules.spells.counters.get(spell.counter, 0),
            ),
            R_COUNTERS,
        )
    if spell.target is Target.SELF:
        if units or hexes:
            return refused(
                tell("{spell} is cast on the wizard himself", spell=DataName(spell.name)),
                "Magic Spells",
            )
        if effect is SpellEffect.HEAL and wizard.wounds == 0:
            return refused(
                tell("{wizard} has no wound to heal", wizard=Who(wizard.id)), "Magic Spells"
            )
        return None
    if spell.target is Target.MAP:
        return None
    if effect is SpellEffect.FIREBALL and hexes and not units:
        return _check_web_target(game, spell, hexes)
    if spell.target in (Target.FRIEND, Target.ENEMY, Target.CHARACTER):
        if len(units) != 1 or hexes:
            return refused(
                tell("{spell} is cast on one character", spell=DataName(spell.name)), "Magic Spells"
            )
        target = units[0]
        if target.hex is None or not target.alive:
            return refused(
                tell("{target} is not a living character on the map", target=Who(target.id)),
                R_MAGIC,
            )
        if spell.target is Target.ENEMY and target.side is Side.ADVENTURERS:
            return refused(
                tell("{spell} is cast on an enemy", spell=DataName(spell.name)), "Magic Spells"
            )
        if spell.target is Target.FRIEND and target.side is not Side.ADVENTURERS:
            return refused(
                tell("{spell} is cast on a friend", spell=DataName(spell.name)), "Magic Spells"
            )
        if effect is SpellEffect.HEAL and target.wounds == 0:
            return refused(
                tell("{target} has no wound to heal", target=Who(target.id)), "Magic Spells"
            )
        return None
    # hexes
    if len(hexes) != spell.hexes or units:
        return refused(
            tell_n(
                "{spell} is cast on {n} hex",
                "{spell} is cast on {n} hexes",
                spell.hexes,
                spell=DataName(spell.name),
            ),
            "Magic Spells",
        )
    if any(h not in game.board.cells for h in hexes):
        return refused(tell("a hex is off the map"), R_MAGIC)
    if len(set(hexes)) != len(hexes) or not _in_line(hexes):
        return refused(tell("the hexes must follow each other in a straight line"), R_COUNTERS)
    if effect is SpellEffect.BLINK:
        assert wizard.hex is not None
        h = hexes[0]
        if wizard.hex.distance(h) > spell.reach or not _standable(game, wizard, h):
            return refused(
                tell(
                    "{spell} takes the wizard to a free hex he may stand on, at most {reach} "
                    "hexes away",
                    spell=DataName(spell.name),
                    reach=spell.reach,
                ),
                "Magic Spells",
            )
        return None
    if effect is SpellEffect.BRIDGE:
        for h in hexes:
            t = terrain_at(game, h)
            if t is None or not t.water or boat_at(game, h) is not None:
                return refused(
                    tell("a bridge spans water hexes ({cell} is not)", cell=h), R_COUNTERS
                )
        return None
    if effect is SpellEffect.GALLERY:
        for h in hexes:
            t = terrain_at(game, h)
            if t is None or t.passable:
                return refused(
                    tell("a gallery opens in the rock ({cell} is not)", cell=h), R_COUNTERS
                )
        return None
    if effect is SpellEffect.DEMOLISH_WALL:
        a, b = hexes
        if a.distance(b) != 1 or edge_feature(game, a, b) not in (
            EdgeFeature.WALL,
            EdgeFeature.WINDOW,
            EdgeFeature.ARROW_SLIT,
        ):
            return refused(tell("there is no wall between those two hexes"), R_COUNTERS)
        return None
    if effect is SpellEffect.SUMMON:
        h = hexes[0]
        if not _standable(game, None, h) or ((t := terrain_at(game, h)) is not None and t.water):
            return refused(
                tell("a spectre appears on a free hex of firm ground ({cell})", cell=h), R_SPECTRES
            )
        return None
    return None


def aims_at_webs(spell: Spell) -> bool:
    """May this spell be aimed at a spider web's hex (a Fireball)?"""
    return spell.effect is SpellEffect.FIREBALL


def _check_web_target(game: Game, spell: Spell, hexes: list[Hex]) -> Explanation | None:
    """A Fireball aimed at a hex: "Fireballs automatically destroy spider webs" ("The
    Krobs: Fireballs"), so a web the wizards know of is a target, with or without a
    character on it; any other hex is not."""
    if len(hexes) != 1 or hexes[0] not in game.board.cells:
        return refused(
            tell("{spell} is aimed at one enemy or one spider web", spell=DataName(spell.name)),
            "Magic Spells",
        )
    if known_web_at(game, hexes[0]) is None:
        return refused(
            tell(
                "{spell} is aimed at an enemy or at a spider web: there is none the Adventurers "
                "know of on {cell}",
                spell=DataName(spell.name),
                cell=hexes[0],
            ),
            R_FIREBALL,
        )
    return None


class CastRules:
    """`CastSpell` in the Adventurer phases and as an answer to the Krob turn's windows."""

    def explain(self, game: Game, action: Action) -> Explanation:
        assert isinstance(action, CastSpell)
        plan = plan_cast(game, action)
        if isinstance(plan, Explanation):
            return plan
        return allowed(
            tell(
                "{wizard} casts {spell} ({cost} EP of {energy}): needs more than {needs} on the "
                "die, +{level} for his level{penalty}: {chance}%",
                wizard=Who(plan.wizard.id),
                spell=DataName(plan.spell.name),
                cost=plan.spell.cost,
                energy=plan.energy,
                needs=plan.needs,
                level=plan.level,
                penalty=tell(", -{n} beyond his range", n=plan.penalty) if plan.penalty else "",
                chance=round(plan.chance * 100),
            ),
            R_RESOLUTION,
            cost=plan.spell.cost,
            energy=plan.energy,
            needs=plan.needs,
            level=plan.level,
            penalty=plan.penalty,
            distance=plan.distance,
            range=range_of(plan.level),
            chance=plan.chance,
        )

    def apply(self, game: Game, action: Action) -> list[Event]:
        assert isinstance(action, CastSpell)
        plan = plan_cast(game, action)
        assert isinstance(plan, Plan)
        wizard = plan.wizard
        current = settle(game, wizard)
        current.energy -= plan.spell.cost
        current.cast_turn = game.state.turn
        _, die = game.roll(DataName(plan.spell.name), R_RESOLUTION, plan.modifier, by=wizard.id)
        success = die.modified > plan.needs
        events: list[Event] = [
            die,
            SpellCast(wizard.id, plan.spell.id, plan.spell.name, success, current.energy),
        ]
        found = _lands_on_hidden(game, plan) if success else []
        if found:
            # The spell meets a Krob nobody saw there: he is found, the spell is spent.
            events.extend(found)
        elif success:
            events.extend(_effect(game, plan))
        game.touch()
        return events

    def generate(self, game: Game, side: Side) -> Iterable[Action]:
        if side is not Side.ADVENTURERS:
            return
        yield from casts(game)


def casts(
    game: Game, *, wizard_id: str | None = None, which: Callable[[Spell], bool] | None = None
) -> Iterable[CastSpell]:
    """Legal casts now: each wizard's spells on each target within his range (the ones
    beyond it, with their penalty, are accepted by `explain` but not listed); only
    `wizard_id`'s, and only the spells `which` keeps, when they are given."""
    for wizard in sorted(game.living_units(Side.ADVENTURERS), key=lambda u: u.id):
        if wizard_id is not None and wizard.id != wizard_id:
            continue
        if not is_wizard(game, wizard) or may_cast_now(game, wizard) is not None:
            continue
        assert wizard.hex is not None
        level = sheet(game, wizard).level
        near = [
            h
            for h in game.board.cells
            if wizard.hex.distance(h) <= range_of(level) and same_map(game, wizard.hex, h)
        ]
        for spell in game.rules.spells.spells:
            if which is not None and not which(spell):
                continue
            for targets in _targets_for(game, wizard, spell, near):
                action = CastSpell(wizard.id, spell.id, targets)
                if not isinstance(plan_cast(game, action), Explanation):
                    yield action


def _targets_for(
    game: Game, wizard: Unit, spell: Spell, near: list[Hex]
) -> Iterable[tuple[str, ...]]:
    if spell.target in (Target.SELF, Target.MAP):
        yield ()
        return
    if spell.target in (Target.FRIEND, Target.ENEMY, Target.CHARACTER):
        for unit in sorted(game.living_units(), key=lambda u: u.id):
            if unit.hex in near and hidden.seen_by(wizard.side, unit):
                yield (unit.id,)
        if spell.effect is SpellEffect.FIREBALL:
            yield from _web_targets(game, wizard, near)
        return
    gallery = spell.effect is SpellEffect.GALLERY
    shape = _GALLERY_SHAPES.get(spell.counter or "", "straight")
    # Galleries are listed where they open onto open ground, once per distinct turn (a
    # straight gallery and a crossing look the same turned by 180 degrees); `explain`
    # accepts every other placement.
    turns: Iterable[int | None] = (
        (range(6) if shape == "curved" else range(3)) if gallery else (None,)
    )
    for h in near:
        if not _may_hold(game, wizard, spell, h):
            continue
        if spell.hexes == 1:
            for f in turns:
                if f is None:
                    yield (f"{h.q},{h.r}",)
                elif _opens_onto_ground(game, (h,), f, shape):
                    yield (f"{h.q},{h.r}", f"facing:{f}")
            continue
        for d in range(3):  # each line once
            line = [h]
            for _ in range(spell.hexes - 1):
                line.append(line[-1].neighbour(d))
            if gallery and not _opens_onto_ground(game, tuple(line), d, shape):
                continue
            yield tuple(f"{x.q},{x.r}" for x in line)


def _web_targets(game: Game, wizard: Unit, near: list[Hex]) -> Iterable[tuple[str, ...]]:
    """The web hexes a Fireball may be aimed at, listed where no character the wizards
    see stands (one who does is listed as the target himself)."""
    reach = set(near)
    webs = {
        h
        for acc in game.state.accessories.values()
        if acc.kind is AccessoryKind.WEB and acc.face_up and acc.hidden_from is not wizard.side
        for h in acc.hexes
        if h in reach
    }
    for h in sorted(webs):
        if not any(u.alive and hidden.seen_by(wizard.side, u) for u in game.units_at(h)):
            yield (f"{h.q},{h.r}",)


def _may_hold(game: Game, wizard: Unit, spell: Spell, h: Hex) -> bool:
    """A cheap first look at the hex a spell's target starts on (the full judgement is
    `plan_cast`'s): rock for a gallery, water for a bridge, open dry ground for a
    spectre or a blink, which also has its reach."""
    terrain = terrain_at(game, h)
    if terrain is None:
        return False
    effect = spell.effect
    if effect is SpellEffect.GALLERY:
        return not terrain.passable
    if effect is SpellEffect.BRIDGE:
        return terrain.water
    firm = terrain.passable and not terrain.water
    if effect is SpellEffect.SUMMON:
        return firm
    if effect is SpellEffect.BLINK:
        return firm and wizard.hex is not None and wizard.hex.distance(h) <= spell.reach
    return True


def _opens_onto_ground(game: Game, hexes: tuple[Hex, ...], facing: int, shape: str) -> bool:
    """Does a gallery on `hexes` turned to `facing` open a side onto passable ground?"""
    for h in hexes:
        for k in GALLERY_SIDES[shape]:
            n = h.neighbour((facing + k) % 6)
            if n in hexes:
                continue
            terrain = terrain_at(game, n)
            if terrain is not None and terrain.passable:
                return True
    return False


# -- effects ---------------------------------------------------------------------------------


def _effect(game: Game, plan: Plan) -> list[Event]:
    effect = plan.spell.effect
    wizard = plan.wizard
    if effect is SpellEffect.FIREBALL:
        return _fireball(game, plan)
    if effect is SpellEffect.HEAL:
        return heal(game, plan.units[0] if plan.units else wizard, plan.spell.name)
    if effect is SpellEffect.BLINK:
        h = plan.hexes[0]
        wizard.hex, wizard.level = h, ground_level(game, h)
        return [UnitMoved(wizard.id, (h,), 0, f"{plan.spell.name} ({R_MAGIC})")]
    if effect in _COUNTER_KIND:
        lay_counter(game, plan)
        return [
            Revealed(
                tell("{spell} by {wizard}", spell=DataName(plan.spell.name), wizard=Who(wizard.id)),
                plan.hexes[0],
                R_COUNTERS,
            )
        ]
    if effect is SpellEffect.SUMMON:
        return _summon(game, plan)
    if effect is SpellEffect.DETECT:
        return _detect(game, plan)
    return []


def heal(game: Game, target: Unit, spell_name: str) -> list[Event]:
    """One wound closes (Healing hands, Self-healing); a healed wizard's EP double at
    once ("Energy Points (EP)", rules/energy.py)."""
    change_wounds(game, target, -1)
    if target.status is Status.WOUNDED and target.wounds == 0:
        target.status = Status.HEALTHY
    return [UnitWounded(target.id, target.wounds, f"{spell_name} ({R_MAGIC})")]


def lay_counter(game: Game, plan: Plan) -> Accessory:
    """Lay the counter of a bridge, gallery or demolished-wall spell on the map (its
    effect once it has succeeded; also the AI's "what if it landed", on a copy)."""
    effect = plan.spell.effect
    counter = plan.spell.counter or effect.value
    n = 1 + sum(
        1 for a in game.state.accessories.values() if a.properties.get("counter") == counter
    )
    line = plan.hexes[0].direction_to(plan.hexes[1]) if len(plan.hexes) > 1 else None
    facing = plan.facing if plan.facing is not None else (line or 0)
    properties: dict[str, str | int | float | bool] = {
        "counter": counter,
        "spell": plan.spell.id,
    }
    if effect is SpellEffect.GALLERY:
        properties["shape"] = _GALLERY_SHAPES.get(counter, "straight")
    acc = Accessory(
        f"{counter}_{n}",
        _COUNTER_KIND[effect],
        plan.hexes,
        facing=facing,
        properties=properties,
    )
    game.state.accessories[acc.id] = acc
    return acc


def lays_counter(spell: Spell) -> bool:
    """Does this spell lay a counter that changes the map (a bridge, a gallery, a
    demolished wall)?"""
    return spell.effect in _COUNTER_KIND


def _fireball(game: Game, plan: Plan) -> list[Event]:
    """The ball bursts on its target's hex: "Fireballs automatically destroy spider
    webs" there ("The Krobs: Fireballs"), and an enemy standing there (the one aimed at,
    or one on the web aimed at, found there if he was hidden) faces the Fireball Table."""
    burst = plan.units[0].hex if plan.units else plan.hexes[0]
    assert burst is not None
    events = _burn_webs(game, plan, burst)
    target = plan.units[0] if plan.units else _struck_on(game, plan, burst, events)
    if target is None:
        return events
    events.extend(_fireball_table(game, plan, target))
    return events


def _burn_webs(game: Game, plan: Plan, burst: Hex) -> list[Event]:
    events: list[Event] = []
    for acc in game.state.accessories.values():
        if acc.kind is AccessoryKind.WEB and acc.face_up and burst in acc.hexes:
            acc.face_up = False
            acc.hidden_from = None
            events.append(WebDestroyed(acc.id, burst, plan.wizard.id, R_FIREBALL))
    game.touch()
    return events


def _struck_on(game: Game, plan: Plan, burst: Hex, events: list[Event]) -> Unit | None:
    """The enemy on the web hex a Fireball was aimed at, if any (a hidden one is found)."""
    for unit in sorted(game.units_at(burst), key=lambda u: u.id):
        if unit.alive and unit.side is not plan.wizard.side:
            if unit.hidden_from is plan.wizard.side:
                events.append(
                    hidden.reveal(
                        game,
                        unit,
                        tell("{spell} finds him", spell=DataName(plan.spell.name)),
                        R_MAGIC,
                    )
                )
            return unit
    return None


def _fireball_table(game: Game, plan: Plan, target: Unit) -> list[Event]:
    events: list[Event] = []
    _, die = game.roll(
        tell("Fireball Table at {unit}", unit=Who(target.id)),
        R_FIREBALL,
        plan.level,
        by=plan.wizard.id,
    )
    events.append(die)
    code = game.rules.spells.fireball_result(die.modified)
    effect = {"N": Effect.NONE, "R": Effect.RETREAT, "W": Effect.WOUNDED, "K": Effect.KILLED}[code]
    if is_queen_or_guard(profile(game, target)):
        # "Wounded becomes retreats one hex and retreats becomes no effect."
        effect = {Effect.WOUNDED: Effect.RETREAT, Effect.RETREAT: Effect.NONE}.get(effect, effect)
    events.extend(combat_results.start_shot(game, plan.wizard.id, target.id, effect, R_FIREBALL))
    return events


def _summon(game: Game, plan: Plan) -> list[Event]:
    kind = plan.spell.summons
    roster = game.rules.roster
    free = [
        s
        for s in roster.spectres
        if s.kind.value == kind
        and (game.state.units.get(s.id) is None or game.state.units[s.id].hex is None)
    ]
    if not free:
        return []
    counter = free[0]
    h = plan.hexes[0]
    unit = game.state.units.get(counter.id)
    if unit is None:
        unit = Unit(id=counter.id, kind=counter.id, side=Side.ADVENTURERS, hex=h)
        game.state.units[counter.id] = unit
    unit.hex, unit.level = h, ground_level(game, h)
    unit.status, unit.wounds = Status.HEALTHY, 0
    unit.moved = unit.fired = False
    unit.attacked = unit.mp_spent = 0
    # "The player turn during which they appear counts as a half-turn": a stay of N game
    # turns is 2N player turns, this one the first; `expires_turn` keeps the index
    # (2 x turn, +1 in the Krob turn) of the last player turn it stays.
    now = player_turn(game)
    unit.expires_turn = now + 2 * counter.lasts_turns - 1
    return [UnitMoved(unit.id, (h,), 0, f"{plan.spell.name} ({R_SPECTRES})")]


def player_turn(game: Game) -> int:
    """The index of the player turn under way: 2 x turn, +1 in the Krob turn (the unit
    of the spectres' lifetimes)."""
    return 2 * game.state.turn + (1 if game.state.phase.startswith("krob") else 0)


def _detect(game: Game, plan: Plan) -> list[Event]:
    wizard = plan.wizard
    assert wizard.hex is not None
    events: list[Event] = []
    for acc in game.state.accessories.values():
        if (
            acc.hidden_from is Side.ADVENTURERS
            and acc.face_up
            and acc.hexes
            and near_map(game, wizard.hex, acc.hexes[0])
        ):
            acc.hidden_from = None
            events.append(Revealed(accessory_name(acc.kind), acc.hexes[0], R_MAGIC))
    # Hidden Krobs and the objective counters within reach are found too (issue 12).
    for unit in sorted(game.state.units.values(), key=lambda u: u.id):
        if (
            unit.hidden_from is wizard.side
            and unit.hex is not None
            and near_map(game, wizard.hex, unit.hex)
        ):
            events.append(hidden.reveal(game, unit, DataName(plan.spell.name), R_MAGIC))
    events.extend(objectives.detect(game, lambda h: near_map(game, wizard.hex, h)))
    return events


def dematerialise(game: Game) -> list[Event]:
    """Entry hook of the Gharv interphases (a player turn has just ended): spectres whose
    time is up vanish."""
    if game.rules is None:
        return []
    ended = 2 * game.state.turn + (0 if game.state.phase.startswith("gharv1") else 1)
    events: list[Event] = []
    for unit in game.state.units.values():
        if (
            unit.hex is not None
            and unit.expires_turn is not None
            and unit.expires_turn <= ended
            and profile(game, unit).category in ("living_dead", "gargoyle")
        ):
            events.append(SpectreVanished(unit.id, unit.hex))
            unit.hex = None
            unit.expires_turn = None
            game.touch()
    return events


# -- the Krob turn's windows -----------------------------------------------------------------


def spells_declined(game: Game) -> bool:
    return game.state.scratch.get("spells_declined") == game.state.turn and (
        game.state.phase.startswith("krob")
    )


def any_cast_possible(game: Game) -> bool:
    if spells_declined(game):
        return False
    return any(
        is_wizard(game, w) and may_cast_now(game, w) is None
        for w in game.living_units(Side.ADVENTURERS)
    )


def cast_window(game: Game) -> list[Event]:
    """Entry hook of the Krob combat phase: before any Krob attacks, a wizard who has
    not cast this turn may."""
    if game.rules is None or not any_cast_possible(game):
        return []
    game.push_decision(Decision(CAST_WINDOW, Side.ADVENTURERS, {}))
    return [
        DecisionRequested(
            CAST_WINDOW,
            Side.ADVENTURERS.value,
            tell("a wizard may cast his spell of this turn before the Krobs attack, or pass"),
        )
    ]


# The other moments of the Krob turn where the Adventurer player may say 'stop, I cast'
# (revision `krob_turn_windows`, engine/revisions.py): "The moment of casting the spell
# is freely decided by the Adventurer player" ("Resolution of a Spell"). None of them
# depends on a hidden Krob: the start of the movement, the combats once declared, the
# end of each combat while others remain, and the end of the turn. The windows after a
# Krob's step open only for a Krob the Adventurers see (rules/movement/moving.py).
MOVEMENT_START = "movement_start"
COMBATS_DECLARED = "combats_declared"
BETWEEN_COMBATS = "between_combats"
TURN_END = "turn_end"
#: What the player reads at each window.
WINDOW_PROMPTS = {
    MOVEMENT_START: tell("a wizard may cast his spell of this turn before the Krobs move, or pass"),
    COMBATS_DECLARED: tell(
        "the Krobs' combats are declared: a wizard may cast before the first, or pass"
    ),
    BETWEEN_COMBATS: tell("a wizard may cast before the next Krob combat, or pass"),
    TURN_END: tell("the Krob turn ends: a wizard may still cast his spell of this turn, or pass"),
}
_OFFERED = "cast_windows"


def window_moment(decision: Decision) -> str:
    """Which moment of the Krob turn a cast window is ("" for the one before the Krobs
    attack, which games begun before the revision have too)."""
    return str(decision.data.get("moment", ""))


def _offered(game: Game) -> list[str]:
    """The windows opened this Krob turn, each once (their moments)."""
    found = game.state.scratch.get(_OFFERED)
    if isinstance(found, dict) and found.get("turn") == game.state.turn:
        return list(found.get("moments", ()))
    return []


def open_window(game: Game, moment: str) -> list[Event]:
    """Open the window `moment` (once a turn) when a wizard may still cast."""
    if game.rules is None or not revisions.has(game, revisions.KROB_TURN_WINDOWS):
        return []
    offered = _offered(game)
    if moment in offered or not any_cast_possible(game):
        return []
    game.state.scratch[_OFFERED] = {"turn": game.state.turn, "moments": [*offered, moment]}
    game.push_decision(Decision(CAST_WINDOW, Side.ADVENTURERS, {"moment": moment}))
    prompt = WINDOW_PROMPTS[moment.split(":")[0]]
    return [DecisionRequested(CAST_WINDOW, Side.ADVENTURERS.value, prompt)]


def movement_start(game: Game) -> list[Event]:
    """Entry hook of the Krob movement: before the first Krob moves."""
    return open_window(game, MOVEMENT_START)


def combat_moments(game: Game) -> list[Event]:
    """After every action of the Krob combat phase, once nothing is pending: the window
    after the combats are declared, and after each combat resolved (its retreats and
    advances done) while others remain."""
    if game.over or game.state.pending or game.state.phase != "krob_combat":
        return []
    if not declared.closed(game) or not declared.open_combats(game):
        return []
    done = sum(1 for c in declared.combats(game) if c["status"] != declared.DECLARED)
    if done == 0:
        return open_window(game, COMBATS_DECLARED)
    return open_window(game, f"{BETWEEN_COMBATS}:{done}")


def turn_end(game: Game) -> list[Event]:
    """Closing hook of the Krob combat phase: the Krob turn ends."""
    return open_window(game, TURN_END)


class CastWindowRules:
    """The "cast_window" decision: `CastSpell` or `Pass`."""

    def explain(self, game: Game, decision: Decision, action: Action) -> Explanation:
        if isinstance(action, Pass):
            return allowed(tell("no spell now"), R_WHEN)
        if isinstance(action, DeclineSpells):
            return DeclineSpellsAnswer().explain(game, decision, action)
        if not isinstance(action, CastSpell):
            return refused(
                tell(
                    "{action} does not answer: cast a spell, or pass",
                    action=action_name(action.kind),
                ),
                R_WHEN,
            )
        return CastRules().explain(game, action)

    def apply(self, game: Game, decision: Decision, action: Action) -> list[Event]:
        if isinstance(action, DeclineSpells):
            return DeclineSpellsAnswer().apply(game, decision, action)
        game.pop_decision()
        if isinstance(action, Pass):
            return []
        return CastRules().apply(game, action)

    def generate(self, game: Game, decision: Decision) -> Iterable[Action]:
        yield from casts(game)
        yield Pass()
        yield from DeclineSpellsAnswer().generate(game, decision)


class DeclineSpellsAnswer:
    """`DeclineSpells` as an answer to a Krob turn's window: no more offers of a spell
    this Krob turn; the Krob's move goes on unless an archer may still fire at it."""

    def explain(self, game: Game, decision: Decision, action: Action) -> Explanation:
        if game.state.phase.startswith("krob") and any_cast_possible(game):
            return allowed(tell("no spell for the rest of this Krob turn"), R_WHEN)
        return refused(tell("no spell is offered now"), R_WHEN)

    def apply(self, game: Game, decision: Decision, action: Action) -> list[Event]:
        game.state.scratch["spells_declined"] = game.state.turn
        if decision.kind == CAST_WINDOW:
            game.pop_decision()
            return []
        unit = game.state.units.get(str(decision.data.get("unit", "")))
        still = unit is not None and any(
            check(game, unit)
            for check in game.ruleset.defensive_fire_checks
            if check is not cast_pause
        )
        if still:
            return []  # an archer may still fire at it: the decision stays
        game.pop_decision()
        return movement.resume_move(game)

    def generate(self, game: Game, decision: Decision) -> Iterable[Action]:
        if game.state.phase.startswith("krob") and any_cast_possible(game):
            yield DeclineSpells()


class CastDuringKrobMove:
    """`CastSpell` as an answer to the pause after a Krob's step (the defensive fire
    decision). When the spell leaves the moving Krob where it stood and asks nothing
    more, the pause stays: the Adventurer player may still fire or pass. When it moves
    him, kills him, or asks a decision (a Fireball's retreat: the Krob player's path),
    that is settled first and the Krob's move is over, as after a defensive shot that
    drives him back ("Defensive fire")."""

    def explain(self, game: Game, decision: Decision, action: Action) -> Explanation:
        assert isinstance(action, CastSpell)
        return CastRules().explain(game, action)

    def apply(self, game: Game, decision: Decision, action: Action) -> list[Event]:
        game.pop_decision()
        events = CastRules().apply(game, action)
        krob = game.state.units.get(str(decision.data.get("unit", "")))
        at = decision.data.get("at")
        moved_off = krob is None or krob.hex is None or [krob.hex.q, krob.hex.r] != at
        if krob is None or not krob.alive or moved_off or game.state.pending:
            if krob is not None:
                events.extend(
                    end_interrupted_move(game, krob, tell("struck by a spell: its move ends"))
                )
            else:
                game.state.scratch.pop("move_in_progress", None)
                game.touch()
            return events
        game.state.pending.insert(0, decision)  # the pause goes on: fire, or pass
        return events

    def generate(self, game: Game, decision: Decision) -> Iterable[Action]:
        yield from casts(game)


def cast_pause(game: Game, krob: Unit) -> bool:
    return any_cast_possible(game)
