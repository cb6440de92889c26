"""Declared combats (issue 8, ruling 2): a combat phase begins with a declaration step
in which the phasing player declares all its combats (`Attack`, each a separate
combat: front and rear attacks on the Queen and Guards, a Guard's two attacks or its
doubled between-the-legs attack), may take one back (`WithdrawAttack`) until he closes
the step (`Declare`); then the combats are resolved one by one in the order he chooses
(`ResolveCombat`). A declared combat cannot be withdrawn once the step is closed, and
the phase ends only when every one is resolved.

Why: "Advance after combat ... must be carried out immediately, without waiting for the
resolution of the other combats in progress" and an enemy "engaged at the same moment
in a combat ... It does not matter whether the combat has already taken place or not"
(Advance After Combat) — so every combat of the phase is known before the first is
resolved, and an enemy named in any of them causes no infiltration roll to an advance.

Our reading (docs/combat.md, "Declared combats"): when a combat's turn comes, those it
named who can no longer take part drop out (dead, knocked out, off the map, or no
longer in a position to attack every remaining defender); the rest fight it, judged
afresh (odds, shifts, zones); a combat left without attackers or defenders, or that
has become impossible (below 1 to 1, front and rear mixed), does not take place
(`CombatLapsed`). Destroying a spider web needs no die and no declaration: it is
allowed in either step to an adventurer named in no combat.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from dragonnoir.engine.actions import Action, Attack, Declare, ResolveCombat, WithdrawAttack
from dragonnoir.engine.events import (
    CombatDeclared,
    CombatLapsed,
    CombatsDeclared,
    CombatWithdrawn,
    Event,
)
from dragonnoir.engine.explain import Explanation, allowed, refused
from dragonnoir.engine.rules import combat_declared as declared
from dragonnoir.engine.rules.combat_geometry import can_fight
from dragonnoir.engine.rules.combat_odds import Assessment, assess
from dragonnoir.engine.rules.fight import fight
from dragonnoir.engine.state import Side
from dragonnoir.narration.combat_words import status_name
from dragonnoir.narration.phrase import Many, Phrase, Value, Who, tell, tell_n

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

R_DECLARED = "Combat (declared, then resolved: Advance After Combat)"
#: The reading a player planning an attack must know (issue 8, ruling 2).
WITHDRAW_NOTE = {
    "text": "planned: it may be withdrawn until the combats are declared (Declare)",
    "rule": R_DECLARED,
}


def explain_declare(game: Game, action: Attack) -> Explanation:
    """May `action` be declared now? The full preview (odds, shifts, chances) either way."""
    if declared.closed(game):
        return refused(
            tell(
                "the combats of this phase are declared: resolve them in the order you choose "
                "(no new combat can be added once the declarations are closed)"
            ),
            R_DECLARED,
        )
    verdict = assess(game, action)
    if isinstance(verdict, Explanation):
        return verdict
    number = len(declared.combats(game)) + 1
    notes = [*verdict.details.get("notes", ()), WITHDRAW_NOTE]
    return allowed(
        _combat_said(number, verdict),
        "Resolution of Combats",
        number=number,
        **{**verdict.details, "notes": notes},
    )


def _combat_said(number: int, verdict: Assessment) -> Phrase:
    """A planned or declared combat, as the player reads it before it is resolved."""
    return tell(
        "combat {number}: {attackers} ({attack}) against {defenders} ({defence}): {odds}, "
        "resolved on {column_label}",
        number=number,
        attackers=Many(tuple(Who(i) for i in verdict.attackers)),
        attack=verdict.attack,
        defenders=Many(tuple(Who(i) for i in verdict.defenders)),
        defence=verdict.defence,
        odds=verdict.odds,
        column_label=verdict.column_label,
    )


def declare(game: Game, action: Attack) -> list[Event]:
    verdict = assess(game, action)
    assert isinstance(verdict, Assessment)
    rec = declared.record(game)
    rec["combats"].append(
        {
            "attackers": list(action.attackers),
            "defenders": list(action.defenders),
            "engaged": list(verdict.defenders),
            "between_legs": action.between_legs,
            "status": declared.DECLARED,
        }
    )
    declared.save(game, rec)
    return [
        CombatDeclared(
            len(rec["combats"]),
            verdict.attackers,
            verdict.defenders,
            verdict.odds,
            verdict.column_label,
            action.between_legs,
        )
    ]


def current_attack(game: Game, combat: dict[str, Any]) -> Attack | Phrase:
    """The attack a declared combat is fought as now, or why it cannot take place."""
    units = game.state.units
    defenders = [
        units[d] for d in combat["defenders"] if units[d].alive and units[d].hex is not None
    ]
    if not defenders:
        return tell("its defenders are no longer on the map")
    attackers = [
        units[a]
        for a in combat["attackers"]
        if units[a].standing
        and units[a].hex is not None
        and all(can_fight(game, units[a], d) for d in defenders)
    ]
    if not attackers:
        return tell("none of its attackers can still fight its defenders")
    return Attack(
        tuple(a.id for a in attackers),
        tuple(d.id for d in defenders),
        bool(combat["between_legs"]),
    )


def judge(game: Game, number: int) -> Assessment | Value:
    """Declared combat `number` judged now: its assessment, or why it lapses."""
    combat = declared.combats(game)[number - 1]
    attack = current_attack(game, combat)
    if isinstance(attack, Phrase):
        return attack
    verdict = assess(game, attack)
    if isinstance(verdict, Explanation):
        return verdict.said
    return verdict


class PlanRules:
    """`WithdrawAttack`, `Declare`, `ResolveCombat`."""

    def explain(self, game: Game, action: Action) -> Explanation:
        if isinstance(action, Declare):
            if declared.closed(game):
                return refused(tell("the combats of this phase are already declared"), R_DECLARED)
            n = len(declared.combats(game))
            return allowed(
                tell_n("{n} combat declared", "{n} combats declared", n), R_DECLARED, count=n
            )
        assert isinstance(action, WithdrawAttack | ResolveCombat)
        combats = declared.combats(game)
        if not 1 <= action.number <= len(combats):
            return refused(
                tell("there is no combat {number} declared", number=action.number), R_DECLARED
            )
        combat = combats[action.number - 1]
        if isinstance(action, WithdrawAttack):
            if declared.closed(game):
                return refused(
                    tell(
                        "a declared combat cannot be withdrawn: planned attacks may be withdrawn "
                        "only until the combats are declared"
                    ),
                    R_DECLARED,
                )
            return allowed(tell("combat {number} withdrawn", number=action.number), R_DECLARED)
        if not declared.closed(game):
            return refused(
                tell("first declare every combat of the phase (Declare), then resolve them"),
                R_DECLARED,
            )
        if combat["status"] != declared.DECLARED:
            return refused(
                tell(
                    "combat {number} is already {status}",
                    number=action.number,
                    status=status_name(str(combat["status"])),
                ),
                R_DECLARED,
            )
        verdict = judge(game, action.number)
        if not isinstance(verdict, Assessment):
            return allowed(
                tell(
                    "combat {number} does not take place: {verdict}",
                    number=action.number,
                    verdict=verdict,
                ),
                R_DECLARED,
                lapses=True,
            )
        return allowed(
            _combat_said(action.number, verdict),
            "Resolution of Combats",
            number=action.number,
            **verdict.details,
        )

    def apply(self, game: Game, action: Action) -> list[Event]:
        rec = declared.record(game)
        if isinstance(action, Declare):
            rec["closed"] = True
            declared.save(game, rec)
            return [CombatsDeclared(len(rec["combats"]))]
        if isinstance(action, WithdrawAttack):
            del rec["combats"][action.number - 1]
            declared.save(game, rec)
            return [CombatWithdrawn(action.number)]
        assert isinstance(action, ResolveCombat)
        verdict = judge(game, action.number)
        combat = rec["combats"][action.number - 1]
        if not isinstance(verdict, Assessment):
            combat["status"] = declared.LAPSED
            declared.save(game, rec)
            return [CombatLapsed(action.number, verdict)]
        combat["status"] = declared.RESOLVED
        declared.save(game, rec)
        return fight(game, verdict)

    def generate(self, game: Game, side: Side) -> Iterable[Action]:
        if not declared.closed(game):
            planned = len(declared.combats(game))
            for i in range(planned):
                yield WithdrawAttack(i + 1)
            if planned:  # with none, End phase says it all
                yield Declare()
            return
        for number, _ in declared.open_combats(game):
            yield ResolveCombat(number)


def combats_unfinished(game: Game) -> Explanation | None:
    """End phase check of the combat phases: declared combats are all resolved."""
    combats = declared.combats(game)
    if not declared.closed(game):
        if combats:
            return refused(
                tell_n(
                    "{n} combat is planned: declare it (Declare) and resolve it, or withdraw it",
                    "{n} combats are planned: declare them (Declare) and resolve them, "
                    "or withdraw them",
                    len(combats),
                ),
                R_DECLARED,
            )
        return None
    left = declared.open_combats(game)
    if left:
        return refused(
            tell(
                "every declared combat must be resolved before the phase ends (left: {numbers})",
                numbers=Many(tuple(n for n, _ in left)),
            ),
            R_DECLARED,
        )
    return None
