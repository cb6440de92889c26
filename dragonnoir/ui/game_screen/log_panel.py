"""The game screen's log panel: the events of `game.log` the viewer may read, the
phases that played themselves with nothing in them left out, and the client's notes
(a phase passed by itself and why, no defensive fire possible, an autosave that failed).

A line once written never changes (issue 45 §4): new events and notes are only ever
added at the end. A note is kept after the last event shown when it is made, so the
log built again from the start (other eyes after a hand-over) says it at the same
place. Only an undo takes lines back."""

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
        #: Client notes: lines after event i (a phase passed, no defensive fire).
        self.after: dict[int, list[str]] = {}
        #: Notes made after the events they follow were shown: added at the next refresh.
        self._late: list[str] = []
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
            self._late = []
            self.lines = self._html(0, end)
            if isinstance(box, UITextBox):
                box.set_text("<br>".join(self.lines))
        elif end > self.length or self._late:
            new = [*self._late, *self._html(self.length, end)]
            self._late = []
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
            line = event_html(names, event, link=True)
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
        self._add(
            len(self.scene.game.log) - 1,
            f"<i><font color='{colour}'>{html.escape(text)}</font></i>",
        )

    def _add(self, at: int, line: str) -> None:
        """Note `line` after event `at`, or after the last event shown if that one is
        past: the lines already written stay as they are."""
        if at < self.length:
            at = self.length - 1
            self._late.append(line)
        self.after.setdefault(at, []).append(line)

    def phase_start(self) -> int:
        """Where the last phase began in `game.log` (-1: none yet)."""
        log = self.scene.game.log
        return max((i for i, e in enumerate(log) if isinstance(e, PhaseBegan)), default=-1)

    def passed_phase(self, last: int, why: str, rule: str) -> None:
        """The phase whose last event is `last` was passed by itself: a line saying why
        (`phase_passing.why_nothing`), its rule cited as the events' are."""
        said = html.escape(_("Nothing to do, the phase passes: {why}.").format(why=why))
        cite = f" <font color='#8c7c64'><i>[{html.escape(rule)}]</i></font>" if rule else ""
        self._add(last, f"<font color='#c9a45a'>{said}</font>{cite}")

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
            self._add(at, f"<i><font color='#b8a888'>{html.escape(text)}</font></i>")
        return text

    def forget_undone(self) -> None:
        """Notes about events an undo took back."""
        n = len(self.scene.game.log)
        for i in [i for i in self.after if i >= n]:
            del self.after[i]
        self.hidden = {i for i in self.hidden if i < n}
