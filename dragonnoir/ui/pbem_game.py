"""The game screen on a received turn file (issue 42 §4): the other side's last link
shown action by action, as the AI's moves are, then this side's link played with all the
screen's rules help, then the next file written.

It is the ordinary game screen (`GameScene`) with three differences:

- while the other side's link is shown, both seats are "the AI": a `ShownLink` agent
  hands the driver each action the file holds, so the screen shows them as it shows the
  AI's (beats, results on the map, the log; Space pauses, 1-4 the speed);
- in this side's link, the person plays his side; the other side's decisions are
  answered by its standing orders (`Session.answer`), applied here on the screen's
  thread (never on the AI's worker: the answer must be the one the checker computes);
  the game's dice are the link's (`Game.dice_source`, set by the session);
- when the link ends (`Session.link_over`), the screen asks to send: the person's own
  standing orders are shown and editable (ui/pbem_orders.py), then the file is written
  and its path copied and said.

Nothing is saved or autosaved: a game by e-mail lives in its files. Leaving in the
middle of the link sends nothing; the same file opens on the same turn again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton

from dragonnoir.ai.view import SideView
from dragonnoir.engine.actions import Action
from dragonnoir.engine.events import Event
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side
from dragonnoir.errors import DragonNoirError
from dragonnoir.i18n import N_, _
from dragonnoir.pbem.chain import other
from dragonnoir.pbem.session import Session
from dragonnoir.ui import keymap
from dragonnoir.ui.ai_driver import HUMAN, AIMove
from dragonnoir.ui.app import App, Quit, Reset, Result
from dragonnoir.ui.dialogs import ConfirmDialog
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.game_screen.ai_strip import AI_COMMANDS, AIStrip
from dragonnoir.ui.game_screen.order_button import OrderButton
from dragonnoir.ui.game_screen.phase_passing import pass_empty_phases
from dragonnoir.ui.pbem_desktop import copy_text, open_folder
from dragonnoir.ui.pbem_orders import OrdersPanel, orders_said
from dragonnoir.ui.words import side_name

if TYPE_CHECKING:
    from pathlib import Path

#: The seat name both seats carry while the file's link is shown (a known AI name: the
#: screen's players; the agents are `ShownLink`, not an AI).
SHOWN = "ai:normal"
#: The width of the orders button over the map.
ORDERS_BUTTON_W = 250
SAME_DICE = N_(
    "Nothing is sent until your turn ends. If you close the window before, opening the "
    "same file again starts this turn again, with the same dice: they were fixed by both "
    "players' secrets."
)


@dataclass
class ShownLink:
    """The `Agent` of a seat while the file's link is shown: the file's next action."""

    session: Session
    side: Side
    intent: list[str] = field(default_factory=list)

    def choose(self, view: SideView) -> Action:
        return self.session.next_shown()


class PbemHooks:
    """A game by e-mail is kept by its files: no autosave, and no save (which would
    make a game whose dice are no longer the link's)."""

    def autosave(self, game: Game) -> None:
        return None

    def save(self, game: Game) -> Path:
        raise DragonNoirError(
            _("a game by e-mail is kept by its turn files; your turn is sent when it ends")
        )


class PbemStrip(AIStrip):
    """The AI strip's words for the file's link ("Krobs (their turn file)"); in the
    person's link, whose turn it is and where it ends (nothing to pause there)."""

    @property
    def session(self) -> Session:
        scene = self.scene
        assert isinstance(scene, PbemGameScene)
        return scene.session

    def name(self, side: Side | None) -> str:
        if self.session.mine_started:
            return _("{side} (standing orders)").format(side=side_name(side))
        return _("{side} (their turn file)").format(side=side_name(side))

    def status_text(self) -> str:
        session = self.session
        game = self.scene.game
        if not session.mine_started or game.over or game.to_act() is session.side:
            return super().status_text()
        if session.written is not None:
            return _("Your turn is sent")
        return _("Your turn is over: send it")

    def hint(self) -> str:
        session = self.session
        if not session.mine_started or session.side is None:
            return super().hint()
        return _("Your turn ends where the {side} decide; then the file goes to them.").format(
            side=side_name(other(session.side))
        )


class NoFireOrderButton(OrderButton):
    """The screen's own defensive-fire order is not this game's: the file's standing
    orders answer for the player (the orders button of `PbemGameScene`)."""

    def shown(self) -> bool:
        return False


class PbemGameScene(GameScene):
    """The game screen on a `Session` (see the module docstring)."""

    def __init__(self, app: App, session: Session) -> None:
        self.session = session
        game = session.game
        assert game is not None
        #: Whether the person has been asked to send (the link is over).
        self.asked_to_send = False
        game.players = {s.value: SHOWN for s in (Side.ADVENTURERS, Side.KROBS)}
        super().__init__(
            app,
            game,
            new=True,
            hooks=PbemHooks(),
            agents=lambda _name, side, _seed: ShownLink(session, side),
        )
        self.strip = PbemStrip(self)
        self.order_button = NoFireOrderButton(self)
        self.note_in_log(
            _("Play by e-mail: {file}").format(file=session.src.name), colour="#c9a45a"
        )
        if session.mine_started:
            self._seat_the_person()
        elif session.script and session.side is not None:
            said = _("The {side}' turn, as their file holds it: watch, then play yours.")
            self.message(said.format(side=side_name(other(session.side))))
        elif session.script:
            self.message(_("The last turn of the game, as the file holds it."))
        for line in session.said:  # a cut, the end audit: said, not shown
            self.note_in_log(line, colour="#c9a45a")
        if session.said:
            self.message(session.said[0])

    def apply(self, action: Action) -> list[Event] | None:
        """The one door, with the hidden Krobs' seals and openings of the link shown
        taken in first (`Session.before_shown`: nothing of a seal is shown)."""
        if not self.session.mine_started:
            self.session.before_shown()
        return super().apply(action)

    def can_save(self) -> bool:
        """Never: the turn files keep the game (PbemHooks says so to Ctrl+S)."""
        return False

    # -- whose seats ---------------------------------------------------------------------

    def _begin_mine(self) -> None:
        """The file's link has been shown: this side's link begins."""
        self.session.begin_mine()
        self._seat_the_person()
        self.changed()  # his phases with nothing to do pass, as at any change

    def _seat_the_person(self) -> None:
        """The person plays his side from here; the other seat is its standing orders,
        applied by this screen (`_answer_for_them`), so its driver thinks no more."""
        mine = self.session.side
        assert mine is not None and self.ai is not None
        self.players = {mine: HUMAN, other(mine): SHOWN}
        self.game.players = {mine.value: HUMAN, other(mine).value: SHOWN}
        self.ai.players = dict(self.players)
        self.ai.restart(self.game)
        self.ai.paused = True
        self.human = mine
        self.controller.viewer_side = mine
        self.undoing.floor = len(self.game.history)
        self.undoing.marks = []
        self._last_side = self.game.to_act()
        self.message(
            _("Your turn: the {side}. The dice come from the file.").format(side=side_name(mine))
        )
        self.note_in_log(_(SAME_DICE), colour="#c9a45a")
        if self.root is not None:
            self.rebuild()

    def auto_pass(self) -> bool:
        """Phases with nothing to do pass by themselves only in this side's link and
        only this side's phases: the file's link holds its own passes, and the other
        side's phases are the other side's to end."""
        session = self.session
        if not session.mine_started or session.written is not None or session.side is None:
            return False
        if not self.app.settings.auto_pass:
            return False
        if not pass_empty_phases(self.game, self.log, only=session.side):
            return False
        self.undoing.floor = len(self.game.history)
        return True

    def can_undo(self) -> bool:
        """Nothing is taken back once the file is written: it holds the turn as sent."""
        return self.session.written is None and super().can_undo()

    def undo(self) -> None:
        if self.session.written is not None:
            self.message(_("Your turn is sent: nothing can be taken back."), refused=True)
            return
        super().undo()

    def keep_view(self) -> None:
        """The camera is not kept: what Continue restores is the autosaved game's."""
        return None

    # -- the frame -----------------------------------------------------------------------

    def update(self, dt: float) -> Result:
        session = self.session
        if session.mine_started and session.written is None and self.game.over:
            self.end_shown = True  # the end screen waits until the last file is written
        quiet = self.interphase.current is None and not self.reveals.flashes
        if not session.mine_started:
            if quiet and not session.replaying() and session.side is not None:
                self._begin_mine()
        elif session.written is None and quiet and not self.asked_to_send:
            if session.link_over():
                self.ai.paused = True  # type: ignore[union-attr]
                return self.ask_to_send()
            self._answer_for_them()
        return super().update(dt)

    def _answer_for_them(self) -> None:
        """The other side's decision, by its standing orders, through the one door and
        shown as the AI's moves are."""
        answer = self.session.answer()
        side = self.session.side
        if answer is not None and side is not None:
            self.strip.play(AIMove(other(side), answer, (), 0.0))

    def build(self, root: UIContainer) -> None:
        super().build(root)
        if not self.session.mine_started or not self.widgets:
            return  # the file's link is shown: pause and speed are the person's
        for key in ("ai_pause", "ai_speed"):
            button = self.widgets.get(key)
            if isinstance(button, UIButton):
                button.hide()  # type: ignore[no-untyped-call]
        vp = self.map_rect()
        self.widgets["pbem_orders"] = UIButton(
            pygame.Rect(vp.right - ORDERS_BUTTON_W - 8, vp.y + 8, ORDERS_BUTTON_W, 34),
            _("Your standing orders (O)"),
            self.manager,
            container=root,
            tool_tip_text=_("How your side answers during the other side's turn"),
        )

    def handle(self, event: pygame.event.Event) -> Result:
        session = self.session
        if session.mine_started and keymap.command_for(event) in AI_COMMANDS:
            return None  # nothing to pause: the other side answers by its orders
        wants_orders = (
            event.type == pygame_gui.UI_BUTTON_PRESSED
            and event.ui_element is self.widgets.get("pbem_orders")
        ) or (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_o
            and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)  # Ctrl+O: Load
        )
        if wants_orders and session.mine_started and session.written is None:
            return OrdersPanel(self.app, self, session)
        return super().handle(event)

    # -- sending ---------------------------------------------------------------------------

    def ask_to_send(self) -> Result:
        """The decision has passed to the other side (or the game is over): send."""
        self.asked_to_send = True
        if self.game.over:
            return self.send()  # no orders to set: the end screen follows
        session = self.session
        assert session.side is not None
        if len(self.game.history) > session.link_start:
            over = _("Your turn is over: the {side} decide next.")
        else:  # the game starts with the other side: this file only hands it over
            over = _("Nothing for you to do yet: the {side} begin.")
        text = "\n\n".join(
            [
                over.format(side=side_name(other(session.side))),
                _("Your standing orders for their turn:") + "\n" + orders_said(session.orders),
            ]
        )
        return ConfirmDialog(
            self.app,
            self,
            _("Send your turn"),
            text,
            [
                (_("Write the file"), self.send),
                (_("Standing orders..."), lambda: OrdersPanel(self.app, self, self.session)),
            ],
        )

    def send(self) -> Result:
        """Write the next file, copy its path, say where; a failure is said, and the
        turn stays to be sent again (nothing is counted as sent)."""
        try:
            path = self.session.finish()
        except DragonNoirError as exc:
            self.asked_to_send = False
            self.message(_("Could not write the file: {why}").format(why=exc), refused=True)
            return None
        copied = copy_text(str(path))
        said = _("Wrote {file}: send it to the other player.").format(file=path)
        if copied:
            said += " " + _("Its path is copied.")
        self.note_in_log(said, colour="#c9a45a")
        self.message(said)
        if self.game.over:
            self.end_shown = False
            return None  # the end screen, as for any game
        return sent_dialog(self.app, self, path, said)

    # -- leaving -----------------------------------------------------------------------------

    def _unsent(self) -> bool:
        session = self.session
        return (
            session.mine_started
            and session.written is None
            and session.game is not None
            and len(session.game.history) > session.link_start
        )

    def to_menu(self) -> Result:
        return self._leave(Reset())

    def close_requested(self) -> Result:
        return self._leave(Quit())

    def _leave(self, then: Result) -> Result:
        if not self._unsent():
            return then
        return ConfirmDialog(
            self.app,
            self,
            _("Your turn is not sent"),
            _(SAME_DICE),
            [(_("Leave"), lambda: then), (_("Cancel"), lambda: None)],
        )


def sent_dialog(app: App, parent: GameScene | None, path: Path, said: str) -> ConfirmDialog:
    """What was written and where; the folder opened on request; back to the menu."""
    scene = parent if parent is not None else app.scene

    def open_it() -> Result:
        open_folder(path.parent)
        return sent_dialog(app, parent, path, said)

    return ConfirmDialog(
        app,
        scene,
        _("Turn written"),
        said,
        [(_("Open the folder"), open_it), (_("Main menu"), lambda: Reset())],
    )
