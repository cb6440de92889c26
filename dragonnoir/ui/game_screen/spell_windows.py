"""The spell windows and defensive-fire pauses of the Krob turn, as the screen handles
them.

"The moment of casting the spell is freely decided by the Adventurer player"
("Resolution of a Spell"): the engine opens a window at every moment of the Krob turn
he could say 'stop, I cast'. The screen does not ask at each one: with the setting
'Only when I press M' a window passes quietly unless he asked to cast (M, or the Cast
now button over the map); against the AI it stays open while the Krob's step is shown,
so the button can be pressed in time. A pause for defensive fire is asked by the
player's standing order (ui/game_screen/fire_orders.py), and passes quietly likewise
when the order does not ask it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonnoir.engine.actions import Pass
from dragonnoir.engine.events import DecisionPassed, DecisionRequested
from dragonnoir.engine.rules import magic
from dragonnoir.engine.state import Side
from dragonnoir.i18n import N_, _
from dragonnoir.ui.controller_views import Mode
from dragonnoir.ui.game_screen.fire_orders import FireOrders

if TYPE_CHECKING:
    from dragonnoir.ui.game_scene import GameScene

#: The quiet control over the map in the Krob turn (`request_cast`), and its text
#: once pressed, until the next spell window.
CAST_NOW_TEXT = N_("Cast now (M)")
CAST_WAITING_TEXT = N_("Stopping to cast...")
CAST_NOW_W = 160


class SpellWindows:
    """Whether the person asked to cast (`requested`), and what each window does."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        #: The person asked to cast in the Krob turn (M, Cast now): the next spell
        #: window waits for him with the spell book open (`tend`).
        self.requested = False
        #: Which defensive-fire pauses are put to him (his standing order).
        self.orders = FireOrders()

    def spells_may_come(self) -> bool:
        """In the Krob turn, may the person (or, in hotseat, the Adventurer player) still
        cast: a wizard who has not cast, spells not declined? Then Cast now is shown."""
        scene = self.scene
        game = scene.game
        if game.over or not game.state.phase.startswith("krob"):
            return False
        if scene.ai is not None and scene.human is not Side.ADVENTURERS:
            return False
        return magic.any_cast_possible(game)

    def window_for_person(self) -> bool:
        """Is a spell window open now for a person to answer?"""
        scene = self.scene
        return (
            not scene.game.over
            and scene.game.to_act() is Side.ADVENTURERS
            and not scene.ai_turn()
            and scene.controller.spell_window()
        )

    def fire_pause_for_person(self) -> bool:
        """Is a pause for defensive fire open (an archer may fire at the Krob that just
        stepped) for a person to answer?"""
        scene = self.scene
        game = scene.game
        pending = game.state.pending
        return (
            not game.over
            and bool(pending)
            and pending[0].kind == "defensive_fire"
            and game.to_act() is Side.ADVENTURERS
            and not scene.ai_turn()
            and not scene.controller.spell_window()
        )

    def fire_pause_unwanted(self) -> bool:
        """Is it a defensive-fire pause his standing order does not ask him about?"""
        if not self.fire_pause_for_person():
            return False
        game = self.scene.game
        order = self.scene.app.settings.defensive_fire
        return not self.orders.wanted(game, game.state.pending[0], order)

    def cast_now_shown(self) -> bool:
        """Is the Cast now control over the map (a window open, or one may come)?"""
        return not self.scene.handover_showing and (
            self.window_for_person() or self.spells_may_come()
        )

    def request_cast(self) -> None:
        """M or Cast now: the spell book now when a spell may be cast, else the next
        window of the Krob turn waits for the person."""
        scene = self.scene
        if scene.controller.cast_possible() and not scene.ai_turn():
            self.requested = False
            scene.controller_command("cast")
            return
        if self.spells_may_come():
            self.requested = True
            scene.message(_("Cast now: the game stops at the next moment a wizard may cast."))
            scene.refresh_controls()
            return
        scene.controller_command("cast")  # the controller says why not

    def tend(self) -> bool:
        """At a window for a person: open the spell book when he asked to cast, pass it
        quietly when he did not and the setting says 'Only when I press M'; at a pause
        for defensive fire his standing order does not ask, the same. True when a window
        or a pause was passed."""
        scene = self.scene
        window = self.window_for_person()
        if not window and not self.fire_pause_for_person():
            return False
        if self.requested and scene.controller.cast_possible():
            self.requested = False
            scene.controller_command("cast")  # the spell book; Pass still answers
            return False
        if scene.controller.mode is not Mode.DECISION:
            return False  # he is at it (the spell book is open, shooters chosen)
        if window and scene.app.settings.spell_every_window:
            return False  # asked at every window
        if not window and not self.fire_pause_unwanted():
            return False  # his order asks this one
        self.pass_quietly()
        return True

    def pass_hotseat_windows(self) -> bool:
        """Hotseat: the windows nobody asked for pass at once (nothing is being shown,
        the Krob player plays on, no hand-over). True when one was passed."""
        if self.scene.ai is not None or not self.tend():
            return False
        for _tick in range(500):
            if not self.tend():
                break
        return True

    def pass_quietly(self) -> None:
        """Pass the spell window: its question and its pass stay out of the log, and it
        is no move of the person's (undo against the AI goes past it)."""
        scene = self.scene
        game = scene.game
        hidden = scene.log.hidden
        asked = [i for i, e in enumerate(game.log) if isinstance(e, DecisionRequested)]
        start = len(game.log)
        game.apply(Pass())
        if asked:
            hidden.add(asked[-1])
        passed = range(start, len(game.log))
        hidden.update(i for i in passed if isinstance(game.log[i], DecisionPassed))
        scene.known_len = len(game.history)

    def passes_quietly(self) -> bool:
        """Is a spell window open that will pass without asking ('Only when I press M',
        and the person did not ask to cast)?"""
        scene = self.scene
        if self.requested or scene.controller.mode is not Mode.DECISION:
            return False
        if self.window_for_person():
            return not scene.app.settings.spell_every_window
        return self.fire_pause_unwanted()
