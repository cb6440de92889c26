"""Phases with nothing to do pass by themselves (the setting `auto_pass`, on by
default): a fire phase with no archer that has a target, a combat phase where nobody
can attack. Never a movement or deployment phase (a player may want to look), never a
decision.

Each pass is one line added to the log, saying why in words with the rule, as a
refusal does (`no Adventurer can attack: Zed cannot go onto Killer 1's hex... [Combat
Restrictions]`): the reason is the engine's own refusal of the nearest attack or shot
the phasing side might have tried (`why_nothing`). The phase's own line, already in
the log, is never rewritten (issue 45 §4)."""

from __future__ import annotations

from dataclasses import dataclass

from dragonnoir.engine.actions import Attack, EndPhase
from dragonnoir.engine.explain import Explanation, IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import fire
from dragonnoir.engine.rules.combat_odds import R_COMBAT
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.state import Side, Unit
from dragonnoir.i18n import N_, _
from dragonnoir.ui.game_screen.log_panel import GameLog
from dragonnoir.ui.names import Names, names_of
from dragonnoir.ui.tools.common import redacted
from dragonnoir.ui.visibility import visible_to

#: What the phasing side could not do, by the action the phase allows and the side.
CANNOT = {
    ("Attack", Side.ADVENTURERS): N_("no Adventurer can attack"),
    ("Attack", Side.KROBS): N_("no Krob can attack"),
    ("Fire", Side.ADVENTURERS): N_("no Adventurer can fire"),
    ("Fire", Side.KROBS): N_("no Krob can fire"),
}
#: When the phasing side has nobody to try with at all: the words and their rule.
NOBODY = {
    "Attack": (N_("none is next to an enemy"), R_COMBAT),
    "Fire": (N_("none carries a bow or a crossbow"), fire.R_FIRE),
}


@dataclass(frozen=True, slots=True)
class WhyNothing:
    """Why a phase had nothing to do: the words and the rule they come from ("" when
    no one refusal says it)."""

    text: str
    rule: str = ""


def pass_empty_phases(game: Game, log: GameLog, only: Side | None = None) -> bool:
    """End the phases in which the phasing side may do nothing but end them, each noted
    in `log` with its reason; True when a phase was passed. `only`: the phases of that
    side alone (play by e-mail: the other side's phases are its own to end)."""
    passed = False
    for _turn in range(12):
        if game.over or game.state.pending:
            break
        ph = game.phase
        if only is not None and ph.side is not only:
            break
        if ph.automatic or "EndPhase" not in ph.actions or {"Move", "Deploy"} & ph.actions:
            break  # a player may want to look at his moves or placement
        if any(a.kind != "EndPhase" for a in game.legal_actions()):
            break
        why = why_nothing(game, names_of(game))
        last = len(game.log) - 1  # the phase's last line: the note follows it
        try:
            game.apply(EndPhase())
        except IllegalAction:
            break
        log.passed_phase(last, why.text, why.rule)
        passed = True
    return passed


def why_nothing(game: Game, names: Names) -> WhyNothing:
    """Why the phasing side can do nothing in this phase, in words: the engine's refusal
    of the attack (or shot) nearest to being possible, among the characters the side
    sees (a hidden enemy is never named)."""
    ph = game.phase
    side = ph.side
    kind = next((k for k in ("Attack", "Fire") if k in ph.actions), None)
    if kind is None or side is None:
        return WhyNothing(_("nothing to do"))
    cannot = _(CANNOT[(kind, side)]) if (kind, side) in CANNOT else _("nothing to do")
    tries = _attacks(game, side) if kind == "Attack" else _shots(game, side)
    refusal = next((e for e in tries if not e.legal), None)
    if refusal is None:
        words, rule = NOBODY[kind]
        return WhyNothing(
            _("{cannot}: {why}").format(cannot=cannot, why=_(words)), names.rule(rule)
        )
    # never a spider web the side may not know of (the log is read by both players)
    said, rule = redacted(game, visible_to(game, side), refusal.said, refusal.rule)
    why = names.say(said)
    return WhyNothing(_("{cannot}: {why}").format(cannot=cannot, why=why), names.rule(rule))


def _seen_enemies(game: Game, side: Side) -> list[Unit]:
    seen = visible_to(game, side)
    return [
        u
        for u in sorted(game.living_units(), key=lambda u: u.id)
        if u.side is not side and seen.sees_unit(u)
    ]


def _attacks(game: Game, side: Side) -> list[Explanation]:
    """The engine's verdict on each one-against-one attack between a character of `side`
    and an enemy next to him."""
    enemies = _seen_enemies(game, side)
    out = []
    for unit in sorted(game.living_units(side), key=lambda u: u.id):
        around = {n for h in footprint(game, unit) for n in h.neighbours()}
        for enemy in enemies:
            if around & set(footprint(game, enemy)):
                out.append(game.explain(Attack((unit.id,), (enemy.id,))))
    return out


def _shots(game: Game, side: Side) -> list[Explanation]:
    """The engine's verdict on each archer's shot at the nearest enemies first (a
    shooter who may not fire at all says why once)."""
    archers = [
        u
        for u in sorted(game.living_units(side), key=lambda u: u.id)
        if fire.weapon_rate(game, u) is not None
    ]
    enemies = _seen_enemies(game, side)
    out = []
    for archer in archers:
        if archer.hex is None:
            continue
        mode = fire.current_mode(game) or fire.OFFENSIVE
        problem = fire.shooter_problem(game, archer, mode)
        if problem is not None:
            out.append(problem)
            continue
        start = archer.hex
        near = sorted(
            (e for e in enemies if e.hex is not None),
            key=lambda e: start.distance(e.hex) if e.hex is not None else 0,
        )
        out.extend(fire.explain_shot(game, archer.id, e.id, mode) for e in near[:3])
    return out
