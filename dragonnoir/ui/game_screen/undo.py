"""Undo on the game screen: a player takes back only his own actions since the last
hand-over, never a die roll or a reveal (`Game.undo`); against the AI, the person's last
action and the AI's reply after it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonnoir.i18n import _, ngettext

if TYPE_CHECKING:
    from dragonnoir.ui.game_scene import GameScene


class Undo:
    """Where undo stops (`floor`, the person's `marks`) and what it says."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        #: Undo never goes back past this many actions of the history: the last hand-over
        #: (the side to act changed) — one player never takes back the other's moves.
        self.floor = len(scene.game.history)
        #: History lengths before each of the person's actions (a solo game's undo
        #: goes back to the last of them, the AI's reply included).
        self.marks: list[int] = []

    def possible(self) -> bool:
        """Undo takes back only the acting player's own actions since the last hand-over,
        and never a die roll or a reveal (`Game.undo`). Against the AI: the person's
        last action and everything after it (the AI's reply), when no die was rolled
        and nothing revealed since."""
        scene = self.scene
        if scene.ai is not None:
            steps = self._solo_steps()
            return steps is not None and steps <= scene.game.undo_depth
        return scene.game.can_undo() and len(scene.game.history) > self.floor

    def _solo_steps(self) -> int | None:
        """How many actions take the game back to before the person's last action
        (None: he has none to take back since the game was started or loaded)."""
        history = self.scene.game.history
        marks = [m for m in self.marks if m < len(history)]
        if self.scene.human is None or not marks:
            return None
        return len(history) - marks[-1]

    def undo(self) -> None:
        """Undo (the button or Ctrl+Z), or say why not."""
        scene = self.scene
        game = scene.game
        if scene.ai is not None:
            self._undo_against_ai()
            return
        if len(game.history) <= self.floor and game.can_undo():
            scene.message(
                _("Nothing to undo: undo stops where the other player handed over to you."),
                refused=True,
            )
            return
        if not game.undo():
            scene.message(_("Nothing to undo: undo stops at the last die roll or reveal."))
            return
        scene.message(_("Undone."))
        scene.changed()

    def _undo_against_ai(self) -> None:
        """Take back the person's last action and the AI's reply after it, so that he is
        back at his own decision; refused (and said why) when a die was rolled or
        something revealed since, as any undo."""
        scene = self.scene
        game = scene.game
        ai = scene.ai
        assert ai is not None
        if scene.human is None:
            scene.message(_("Nothing to undo: the AI plays both sides."), refused=True)
            return
        steps = self._solo_steps()
        if steps is None:
            scene.message(
                _("Nothing to undo: you have made no move since the game was started or loaded."),
                refused=True,
            )
            return
        if steps > game.undo_depth:
            scene.message(
                _(
                    "Cannot undo: a die was rolled or something revealed since your last action "
                    "(the AI's reply included); undo stops at the last die roll or reveal."
                ),
                refused=True,
            )
            return
        ai.drop()
        for _step in range(steps):
            game.undo()
        self.marks = [m for m in self.marks if m < len(game.history)]
        ai.restart(game)
        theirs = steps - 1
        if theirs:
            undone = ngettext(
                "Undone: your last action and the AI's {n} action after it.",
                "Undone: your last action and the AI's {n} actions after it.",
                theirs,
            ).format(n=theirs)
        else:
            undone = _("Undone: your last action.")
        scene.message(undone)
        scene.interphase.skip()
        scene.changed()
