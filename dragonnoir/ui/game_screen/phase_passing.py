"""Phases with nothing to do pass by themselves (the setting `auto_pass`, on by
default): a fire phase with no archer that has a target, a combat phase where nobody
can attack — one log line each. Never a movement or deployment phase (a player may want
to look), never a decision."""

from __future__ import annotations

from dragonnoir.engine.actions import EndPhase
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.i18n import N_, _, pgettext
from dragonnoir.narration.phases import PHASE_TITLES
from dragonnoir.ui.game_screen.log_panel import GameLog

#: Why a phase passed, by the action it would have allowed.
WHY_PASSED = {"Fire": N_("no archer has a target"), "Attack": N_("nobody can attack")}


def pass_empty_phases(game: Game, log: GameLog) -> bool:
    """End the phases in which the phasing side may do nothing but end them, each noted
    in `log`; True when a phase was passed."""
    passed = False
    for _turn in range(12):
        if game.over or game.state.pending:
            break
        ph = game.phase
        if ph.automatic or "EndPhase" not in ph.actions or {"Move", "Deploy"} & ph.actions:
            break  # a player may want to look at his moves or placement
        if any(a.kind != "EndPhase" for a in game.legal_actions()):
            break
        reason = next((_(WHY_PASSED[k]) for k in WHY_PASSED if k in ph.actions), _("nothing to do"))
        at = log.phase_start()
        try:
            game.apply(EndPhase())
        except IllegalAction:
            break
        log.passed_phase(at, pgettext("phase", PHASE_TITLES.get(ph.id, ph.title)), reason)
        passed = True
    return passed
