"""The game screen's log panel: the events of `game.log` the viewer may read, the
phases that played themselves with nothing in them left out, and the client's notes
(a phase passed by itself, no defensive fire possible, an autosave that failed)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from pygame_gui.elements import UITextBox

from dragonnoir.engine.events import DecisionRequested, PhaseBegan, TurnBegan
from dragonnoir.engine.phases import phase
from dragonnoir.engine.rules import fire
from dragonnoir.engine.state import Side
from dragonnoir.i18n import _
from dragonnoir.ui.game_screen.texts import event_html
from dragonnoir.ui.visibility import readable_log

if TYPE_CHECKING:
    from dragonnoir.ui.game_scene import GameScene


class GameLog:
    """The log panel's lines (HTML) and the notes the client adds to them."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        #: The lines shown: the events (phases that played themselves with nothing in
        #: them left out) and the client's notes.
        self.lines: list[str] = []
        #: How much of `game.log` the lines cover (0: build them again).
        self.length = 0
        #: Whose log the panel shows (the viewer when it was last filled).
        self.viewer: Side | None = scene.controller.viewer
        self._held_line: str | None = None
        #: Client notes: a line instead of event i (a passed phase), lines after event i
        #: (no defensive fire possible).
        self.replace: dict[int, str] = {}
        self.after: dict[int, list[str]] = {}
        self._defensive_noted: set[int] = set()
        #: Log entries left out: the question and the pass of each spell window passed
        #: quietly (`SpellWindows.pass_quietly`).
        self.hidden: set[int] = set()

    def refresh(self, box: object) -> None:
        """Bring the lines (and the text box `box`, if one is shown) up to date."""
        end = self._end()
        viewer = self.scene.controller.viewer
        if viewer != self.viewer:
            self.viewer, self.length = viewer, 0  # other eyes: the log they may read
        if end < self.length or self.length == 0:
            self._held_line = None
            self.lines = self._html(0, end)
            if isinstance(box, UITextBox):
                box.set_text("<br>".join(self.lines))
        elif end > self.length:
            new = self._html(self.length, end)
            self.lines.extend(new)
            if isinstance(box, UITextBox) and new:
                box.append_html_text("<br>" + "<br>".join(new))
        self.length = end
        if isinstance(box, UITextBox) and box.scroll_bar is not None:
            box.scroll_bar.set_scroll_from_start_percentage(1.0)

    def _end(self) -> int:
        """How much of the log is shown: all of it, but the question of a spell window
        about to pass quietly (`passes_quietly`) waits, and is left out if it passes."""
        log = self.scene.game.log
        if self.scene.spells.passes_quietly():
            for i in range(len(log) - 1, -1, -1):
                if isinstance(log[i], DecisionRequested):
                    return i
        return len(log)

    def _html(self, start: int, end: int | None = None) -> list[str]:
        """The log lines of `game.log[start:]` the viewer may read (`Game.log_for`: a
        hidden Krob's steps are not in the Adventurers' log). A phase that plays itself
        (the Gharv interphases, the stand-up) is shown only when something happened in
        it; a phase passed by itself shows as one line; notes of the client follow
        their event, or, after an event the viewer may not read (a decision of the
        other side's), the last one he may read."""
        game = self.scene.game
        names = self.scene.names
        out: list[str] = []
        noted = start  # notes after events before this one are out
        for i, event in readable_log(game, self.viewer, start):
            if end is not None and i >= end:
                break
            for j in range(noted, i):
                out.extend(self.after.get(j, ()))
            noted = i + 1
            if i in self.hidden:
                continue
            line = self.replace.get(i) or event_html(names, event, link=True)
            if isinstance(event, PhaseBegan) and phase(event.phase).automatic:
                self._held_line = line  # shown if something happens in the phase
            elif isinstance(event, PhaseBegan | TurnBegan):
                self._held_line = None
                out.append(line)
            else:
                if self._held_line is not None:
                    out.append(self._held_line)
                    self._held_line = None
                out.append(line)
            out.extend(self.after.get(i, ()))
        for j in range(noted, len(game.log) if end is None else end):
            out.extend(self.after.get(j, ()))
        return out

    # -- the client's notes ----------------------------------------------------------------

    def note(self, text: str, colour: str = "#b8a888") -> None:
        """A client note after the events so far (it stays there, unlike the line under
        the map): the rules data a loaded game keeps, say."""
        at = len(self.scene.game.log) - 1
        self.after.setdefault(at, []).append(
            f"<i><font color='{colour}'>{html.escape(text)}</font></i>"
        )
        self.length = 0  # rebuild the log with the note

    def phase_start(self) -> int:
        """Where the last phase began in `game.log` (-1: none yet)."""
        log = self.scene.game.log
        return max((i for i, e in enumerate(log) if isinstance(e, PhaseBegan)), default=-1)

    def passed_phase(self, at: int, title: str, reason: str) -> None:
        """The phase that began at `at` was passed by itself: one line instead of it."""
        if at >= 0:
            passed = _("{phase}: {reason}, passed.").format(phase=title, reason=reason)
            self.replace[at] = f"<font color='#c9a45a'>{html.escape(passed)}</font>"

    def no_defensive_fire(self) -> str | None:
        """Once when the Krob movement begins: a note when no Adventurer can fire
        defensively this turn (every archer moved, or is in contact); its text, to say
        under the map too, else None."""
        game = self.scene.game
        if game.state.phase != "krob_movement" or game.state.pending:
            return None
        key = game.state.turn
        if key in self._defensive_noted:
            return None
        self._defensive_noted.add(key)
        archers = [
            u for u in game.living_units(Side.ADVENTURERS) if fire.weapon_rate(game, u) is not None
        ]
        if not archers or any(
            fire.shooter_problem(game, u, fire.DEFENSIVE) is None for u in archers
        ):
            return None
        text = _("No defensive fire this turn: every archer moved or is in contact.")
        at = self.phase_start()
        if at >= 0:
            self.after.setdefault(at, []).append(
                f"<i><font color='#b8a888'>{html.escape(text)}</font></i>"
            )
            self.length = 0  # rebuild the log with the note
        return text

    def forget_undone(self) -> None:
        """Notes about events an undo took back."""
        n = len(self.scene.game.log)
        for notes in (self.replace, self.after):
            for i in [i for i in notes if i >= n]:
                del notes[i]
        self.hidden = {i for i in self.hidden if i < n}
