"""Leaving the game screen (to the menu, or out of the program): with unsaved progress
the player is asked first; the autosave is brought up to date either way."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonnoir.i18n import _
from dragonnoir.ui.app import Result
from dragonnoir.ui.dialogs import ConfirmDialog

if TYPE_CHECKING:
    from dragonnoir.ui.game_scene import GameScene


def leave_to(scene: GameScene, then: Result, verb: str) -> Result:
    """`then` at once when nothing is unsaved, else a dialog: save and `verb`, `verb`,
    or cancel."""
    if not scene.unsaved:
        scene.autosave()
        return then

    def save_then() -> Result:
        if not scene.save():
            return None
        scene.autosave()
        return then

    def leave() -> Result:
        scene.autosave()
        return then

    return ConfirmDialog(
        scene.app,
        scene,
        _("Unsaved progress"),
        _(
            "This game has changed since it was last saved. The autosave keeps it for "
            "Continue, but a named save does not have it yet."
        ),
        [
            (_("Save and quit") if verb == "quit" else _("Save and leave"), save_then),
            (_("Quit") if verb == "quit" else _("Leave"), leave),
            (_("Cancel"), lambda: None),
        ],
    )
