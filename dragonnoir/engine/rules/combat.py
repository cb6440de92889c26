"""Combat ("Combat", "Resolution of Combats", "Effect of Terrain on Combats", "Multiple
Combat", "Combat Against an Armoured Defender", "Advance After Combat", "Combat
Restrictions", "How to Destroy a Spider Web", and the special rules that change a
combat: "The Adventurers", "The Spectres", "The Krobs", "The Gharvs").

Actions judged here: `Attack`, `DestroyWeb`. Decisions raised here and answered by the
side concerned: "casualty" (`ChooseCasualty`), "retreat" (`Retreat`), "advance"
(`Advance` or `Pass`). The procedure and every reading of an unclear rule are in
docs/combat.md.

Modules: `combat_plan` declares the combats and resolves them in turn; `combat_odds`
judges an attack before the die (totals, odds, shifts, die modifiers, probabilities);
`fight` throws the die and reads the result, which `combat_results` carries out;
`combat_geometry` holds the Queen's and Guards' zones, terrain and who may fight whom.

`legal_actions` lists, for each eligible attacker: every single attack (one attacker,
one defender), every attack of that attacker on all the enemies it may attack together
(when more than one), a joint attack of all the eligible attackers on each defender
(when more than one; against the Queen or a Guard, one per zone, front and rear), and a
Guard's attack between its legs. Any other legal grouping is accepted by `explain` /
`apply`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from dragonnoir.engine.actions import (
    Action,
    Advance,
    Attack,
    ChooseCasualty,
    DestroyWeb,
    Pass,
    Retreat,
)
from dragonnoir.engine.events import Event
from dragonnoir.engine.explain import Explanation, allowed, refused
from dragonnoir.engine.rules import combat_declared as declared
from dragonnoir.engine.rules import combat_plan
from dragonnoir.engine.rules import combat_results as results
from dragonnoir.engine.rules.combat_geometry import (
    attack_zone,
    between_legs_hexes,
    can_fight,
    is_enemy,
    webs_lifted,
)
from dragonnoir.engine.rules.combat_odds import (
    R_ONE_ATTACK,
    attacks_allowed,
    check_attacker,
    is_guard,
)
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.rules.steps import known_web_at, step
from dragonnoir.engine.state import AccessoryKind, Decision, Side, Unit
from dragonnoir.engine.tables import Effect
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.combat_words import effect_name
from dragonnoir.narration.phrase import Who, tell, tell_n

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

R_WEB = "How to Destroy a Spider Web"
R_DECISION = "Multiple Combat"


# -- attacks ------------------------------------------------------------------------------


def _attackers_of(game: Game, side: Side) -> list[Unit]:
    return [
        u
        for u in game.living_units(side)
        if u.standing and u.attacked < attacks_allowed(profile(game, u))
    ]


#: A counter covers its anchor and hexes next to it, so two whose anchors are farther
#: apart than this have no two hexes side by side: they cannot fight.
_FIGHT_REACH = 3


def _targets(game: Game, attacker: Unit) -> list[Unit]:
    at = attacker.hex
    if at is None:
        return []
    return [
        d
        for d in game.living_units()
        if is_enemy(attacker, d)
        and d.id != attacker.id
        and d.hex is not None
        and at.distance(d.hex) <= _FIGHT_REACH
        and can_fight(game, attacker, d)
    ]


class CombatRules:
    """Judge and carry out attacks and spider-web destruction."""

    def explain(self, game: Game, action: Action) -> Explanation:
        if isinstance(action, DestroyWeb):
            return explain_destroy_web(game, action)
        assert isinstance(action, Attack)
        return combat_plan.explain_declare(game, action)

    def apply(self, game: Game, action: Action) -> list[Event]:
        if isinstance(action, DestroyWeb):
            return apply_destroy_web(game, action)
        assert isinstance(action, Attack)
        return combat_plan.declare(game, action)

    def generate(self, game: Game, side: Side) -> Iterable[Action]:
        if not declared.closed(game):
            yield from sorted(set(_candidate_attacks(game, side)), key=_attack_key)
        yield from _candidate_webs(game, side)


def _attack_key(a: Attack) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    return a.attackers, a.defenders, a.between_legs


def _candidate_attacks(game: Game, side: Side) -> Iterable[Attack]:
    attackers = _attackers_of(game, side)
    by_defender: dict[str, list[Unit]] = {}
    for a in attackers:
        targets = [d for d in _targets(game, a) if check_attacker(game, a, (d.id,)) is None]
        for d in targets:
            by_defender.setdefault(d.id, []).append(a)
            for attack in (Attack((a.id,), (d.id,)),):
                if game.explain(attack).legal:
                    yield attack
        if len(targets) > 1:
            attack = Attack((a.id,), tuple(sorted(d.id for d in targets)))
            if game.explain(attack).legal:
                yield attack
        if is_guard(profile(game, a)) and not a.attacked:
            legs = between_legs_hexes(a)
            for d in targets:
                if set(footprint(game, d)) <= legs:
                    attack = Attack((a.id,), (d.id,), between_legs=True)
                    if game.explain(attack).legal:
                        yield attack
    for did, group in by_defender.items():
        defender = game.state.units[did]
        zones: dict[str | None, list[str]] = {}
        for a in group:
            zones.setdefault(attack_zone(game, a, defender), []).append(a.id)
        for ids in zones.values():
            if len(ids) > 1:
                attack = Attack(tuple(sorted(ids)), (did,))
                if game.explain(attack).legal:
                    yield attack


# -- spider webs --------------------------------------------------------------------------


def explain_destroy_web(game: Game, action: DestroyWeb) -> Explanation:
    """ "To destroy a spider web, an Adventurer must be adjacent to the web during his
    combat phase. If there is no Krob on the hex in question, the Adventurer
    automatically benefits from the advance after combat. The web counter is flipped."

    Our readings: it is the adventurer's one attack of the turn; his advance after
    combat follows "Advance After Combat": half his movement potential, the first hex
    the web's (it must pay for that one at least), and on as far as the rest allows
    (`combat_results.start_web_advance`)."""
    unit = game.state.units.get(action.unit)
    if unit is None:
        return refused(tell("no such character"), R_WEB)
    if unit.side is not Side.ADVENTURERS or profile(game, unit).category != "adventurer":
        return refused(tell("only an Adventurer destroys spider webs"), R_WEB)
    if unit.hex is None or not unit.standing:
        return refused(tell("{unit} is not standing on the map", unit=Who(unit.id)), R_WEB)
    if (
        unit.attacked
        or declared.planned_against(game, unit.id)
        or unit.id in declared.engaged(game)
    ):
        return refused(
            tell(
                "{unit} has already attacked or is named in a combat this turn (destroying a web "
                "is his attack)",
                unit=Who(unit.id),
            ),
            R_ONE_ATTACK,
        )
    found = known_web_at(game, action.at)
    if found is None:
        return refused(tell("there is no spider web there"), R_WEB)
    if unit.hex.distance(action.at) != 1:
        return refused(tell("{unit} must be adjacent to the web", unit=Who(unit.id)), R_WEB)
    others = [o for o in game.units_at(action.at) if o.alive]
    if any(o.side is Side.KROBS for o in others):
        return refused(
            tell(
                "a Krob stands on the web: attack it; the web is destroyed only if the Krob "
                "retreats or is killed and the Adventurer advances onto the web hex"
            ),
            R_WEB,
        )
    if others:
        return refused(tell("another character lies on the web hex (Stacking)"), R_WEB)
    p = profile(game, unit)
    with webs_lifted(game, [action.at]):
        verdict = step(game, unit, p, unit.hex, unit.level, action.at)
    if not verdict.ok:
        return refused(
            tell(
                "{unit} cannot go onto the web hex: {reason}",
                unit=Who(unit.id),
                reason=verdict.reason,
            ),
            verdict.rule,
        )
    budget = results.half_movement(p)
    if verdict.cost > budget:
        return refused(
            tell(
                "the web hex costs {cost} MP, more than half {unit}'s movement potential "
                "({budget})",
                cost=verdict.cost,
                unit=Who(unit.id),
                budget=budget,
            ),
            "Advance After Combat",
        )
    return allowed(
        tell(
            "{unit} destroys the web: he advances onto it, and on if he likes, up to half his "
            "movement potential ({budget} MP)",
            unit=Who(unit.id),
            budget=budget,
        ),
        R_WEB,
        web=found.id,
        cost=verdict.cost,
        budget=budget,
    )


def apply_destroy_web(game: Game, action: DestroyWeb) -> list[Event]:
    unit = game.state.units[action.unit]
    unit.attacked += 1
    return results.start_web_advance(game, unit.id, action.at)


def _candidate_webs(game: Game, side: Side) -> Iterable[DestroyWeb]:
    if side is not Side.ADVENTURERS or "DestroyWeb" not in game.phase.actions:
        return
    webs = sorted(
        {
            h
            for acc in game.state.accessories.values()
            if acc.kind is AccessoryKind.WEB
            and acc.face_up
            and acc.hidden_from is not Side.ADVENTURERS
            for h in acc.hexes
        }
    )
    if not webs:
        return
    for unit in sorted(game.living_units(side), key=lambda u: u.id):
        if unit.hex is None or unit.attacked:
            continue
        for h in webs:
            if unit.hex.distance(h) == 1:
                action = DestroyWeb(unit.id, h)
                if explain_destroy_web(game, action).legal:
                    yield action


# -- decisions ----------------------------------------------------------------------------


class CasualtyRules:
    """ "It is the player of the side concerned who decides which of his characters
    takes the blow" ("Multiple Combat")."""

    def explain(self, game: Game, decision: Decision, action: Action) -> Explanation:
        if not isinstance(action, ChooseCasualty):
            return refused(
                tell(
                    "first choose who is {effect}", effect=effect_name(str(decision.data["effect"]))
                ),
                R_DECISION,
            )
        if action.unit not in decision.data["candidates"]:
            return refused(
                tell("{unit} did not take part in this combat", unit=Who(action.unit)), R_DECISION
            )
        return allowed(tell("{unit} takes the blow", unit=Who(action.unit)), R_DECISION)

    def apply(self, game: Game, decision: Decision, action: Action) -> list[Event]:
        assert isinstance(action, ChooseCasualty)
        game.pop_decision()
        unit = game.state.units[action.unit]
        events = results.blow(game, unit, Effect(decision.data["effect"]), decision.data["role"])
        return events + results.run(game)

    def generate(self, game: Game, decision: Decision) -> Iterable[Action]:
        return [ChooseCasualty(uid) for uid in decision.data["candidates"]]


class RetreatRules:
    """The owner chooses each retreating character's path (docs/combat.md, "Retreats")."""

    def _paths(self, game: Game, decision: Decision, uid: str) -> list[tuple[Hex, ...]]:
        units: dict[str, int] = decision.data["units"]
        away = results.enemies_of(game, decision.data["role"])
        return results.retreat_paths(game, game.state.units[uid], units[uid], away)

    def explain(self, game: Game, decision: Decision, action: Action) -> Explanation:
        if not isinstance(action, Retreat):
            return refused(tell("first choose the retreat paths"), decision.data["rule"])
        if action.unit not in decision.data["units"]:
            return refused(
                tell("{unit} does not have to retreat", unit=Who(action.unit)),
                decision.data["rule"],
            )
        paths = self._paths(game, decision, action.unit)
        if tuple(action.path) not in paths:
            n = decision.data["units"][action.unit]
            return refused(
                tell_n(
                    "a retreat is {n} hex, farther from every enemy of the combat, on a hex he "
                    "may enter, not an enemy's, not ending on another living character",
                    "a retreat is {n} hexes, each farther from every enemy of the combat, on "
                    "hexes he may enter, never through an enemy, not ending on another living "
                    "character",
                    int(n),
                ),
                results.R_RETREAT,
                paths=[results.hex_list(p) for p in paths],
            )
        return allowed(tell("{unit} retreats", unit=Who(action.unit)), decision.data["rule"])

    def apply(self, game: Game, decision: Decision, action: Action) -> list[Event]:
        assert isinstance(action, Retreat)
        game.pop_decision()
        role = decision.data["role"]
        unit = game.state.units[action.unit]
        rule = decision.data["rule"]
        units: dict[str, int] = decision.data["units"]
        lurkers = results.lurking_on(game, unit, action.path)
        if lurkers:
            # He runs into a Krob nobody saw: found, and the retreat is chosen again.
            events = results.found_on_retreat(game, unit, lurkers)
            rest = dict(units)
        else:
            events = results.do_retreat(game, unit, tuple(action.path), role, rule)
            rest = {k: v for k, v in units.items() if k != action.unit}
        if rest:
            results.combat(game)["queue"].insert(
                0, {"op": "retreat", "role": role, "units": rest, "rule": rule}
            )
        return events + results.run(game)

    def generate(self, game: Game, decision: Decision) -> Iterable[Action]:
        out: list[Action] = []
        for uid in sorted(decision.data["units"]):
            for path in results.retreat_paths(
                game,
                game.state.units[uid],
                decision.data["units"][uid],
                results.enemies_of(game, decision.data["role"]),
            ):
                out.append(Retreat(uid, path))
        return out


class AdvanceRules:
    """Advance after combat: any of the victors, one at a time, or Pass for the rest."""

    def explain(self, game: Game, decision: Decision, action: Action) -> Explanation:
        if isinstance(action, Pass) and decision.data.get("web"):
            return refused(
                tell(
                    "the advance after destroying a web is automatic: choose where it ends, "
                    "on the web's hex or beyond it"
                ),
                R_WEB,
            )
        if isinstance(action, Pass):
            return allowed(tell("no (further) advance after combat"), results.R_ADVANCE)
        if not isinstance(action, Advance):
            return refused(
                tell("first advance after combat or pass: it must be carried out immediately"),
                results.R_ADVANCE,
            )
        if action.unit not in decision.data["units"]:
            return refused(
                tell(
                    "{unit} may not advance: only a victorious character involved in the combat "
                    "can",
                    unit=Who(action.unit),
                ),
                results.R_ADVANCE,
            )
        unit = game.state.units[action.unit]
        first = frozenset(results.hexes_from(decision.data["vacated"]))
        why = results.check_advance_path(game, unit, tuple(action.path), first)
        if why is not None:
            return refused(why, results.R_ADVANCE)
        return allowed(tell("{unit} advances", unit=Who(action.unit)), results.R_ADVANCE)

    def apply(self, game: Game, decision: Decision, action: Action) -> list[Event]:
        game.pop_decision()
        if isinstance(action, Pass):
            return results.run(game)
        assert isinstance(action, Advance)
        unit = game.state.units[action.unit]
        events = results.do_advance(game, unit, tuple(action.path))
        rest = [u for u in decision.data["units"] if u != action.unit]
        if rest:
            results.combat(game)["queue"].insert(
                0, {"op": "advance", "role": decision.data["role"], "units": rest}
            )
        return events + results.run(game)

    def generate(self, game: Game, decision: Decision) -> Iterable[Action]:
        first = frozenset(results.hexes_from(decision.data["vacated"]))
        out: list[Action] = []
        for uid in decision.data["units"]:
            unit = game.state.units[uid]
            options = results.advance_options(game, unit, first)
            for h in sorted(options):
                out.append(Advance(uid, options[h][0]))
        if not decision.data.get("web"):
            out.append(Pass())
        return out


RULES = CombatRules()
