"""*Play by e-mail* (issue 42 §4): start a game and write its first file, or open a
received file (the list of the turns folder, a file dialog, or a file dropped on the
window) and play it on the game screen (ui/pbem_game.py).

A file the program cannot play (not a turn file, changed, another game, not this side's
turn, older than the last one sent, a fork) is one message here, in the player's
language, and nothing of his games changes: the session checks everything before
anything is written (pbem/session.py).
"""

from __future__ import annotations

import html
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextBox
from pygame_gui.windows import UIFileDialog

from dragonnoir.engine.state import Side
from dragonnoir.errors import DragonNoirError
from dragonnoir.i18n import N_, _
from dragonnoir.pbem.keys import load_identity
from dragonnoir.pbem.session import (
    new_game,
    open_session,
    recent_turn_files,
    remember_opened,
    turns_folder,
)
from dragonnoir.pbem.turnfile import SUFFIX
from dragonnoir.rules_folder import rules_in_use
from dragonnoir.ui import library
from dragonnoir.ui.app import App, Pop, Result, Scene
from dragonnoir.ui.pbem_desktop import copy_text, open_folder
from dragonnoir.ui.words import side_name

MENU_BUTTON = ObjectID(class_id="@menu_button")
#: How many of the turns folder's files the list shows.
RECENT = 40
WARNING = "#ff9a6a"
GOOD = "#c9e0a0"
INTRO = N_(
    "Play a game at a distance: each turn is a file you send the other player (by e-mail, "
    "chat, a shared folder). The dice come from secrets both of you fixed: nobody can "
    "re-roll them, nobody can change a file."
)


class PbemMenu(Scene):
    """The *Play by e-mail* screen (see the module docstring)."""

    title = N_("Play by e-mail")

    def __init__(self, app: App, file: Path | None = None) -> None:
        super().__init__(app)
        self.entries: list[library.ScenarioEntry] = []
        self.selected = 0
        self.side = Side.ADVENTURERS
        self.files: list[Path] = []
        self.chosen_file: Path | None = None
        #: The last thing said (a refusal in the warning colour, a file written).
        self.said = ""
        self.said_ok = True
        #: The last file written, for Copy the path and Open the folder.
        self.written: Path | None = None
        self.buttons: dict[str, UIButton] = {}
        self.scenario_list: UISelectionList | None = None
        self.file_list: UISelectionList | None = None
        self.dialog: UIFileDialog | None = None
        #: A file to open at the first frame (`dragonnoir pbem play FILE`).
        self.first_file = file

    # -- building --------------------------------------------------------------------

    def build(self, root: UIContainer) -> None:
        w, h = self.app.size
        m = self.manager
        if not self.entries:
            try:
                self.entries = library.scenarios(None, rules_in_use())
            except DragonNoirError as exc:
                self.show_line(str(exc), ok=False)
        self.files = recent_turn_files()[:RECENT]
        heading = ObjectID(object_id="#heading")
        UILabel(
            pygame.Rect(30, 14, w - 60, 40),
            _("Play by e-mail"),
            m,
            container=root,
            object_id=heading,
        )
        # Text boxes of height -1 grow to their text: the intro and the hint are read
        # whole at any window size and in any language (French is longer).
        intro = UITextBox(html.escape(_(INTRO)), pygame.Rect(30, 56, w - 60, -1), m, container=root)
        col = (w - 90) // 2
        top, bottom = intro.relative_rect.bottom + 10, h - 200
        # start a game
        UILabel(pygame.Rect(30, top, col, 32), _("Start a game"), m, container=root)
        labels: list[str | tuple[str, str]] = [e.label for e in self.entries]
        self.scenario_list = UISelectionList(
            pygame.Rect(30, top + 36, col, bottom - top - 36 - 100),
            labels,
            m,
            container=root,
            default_selection=labels[self.selected] if labels else None,
        )
        y = bottom - 92
        half = (col - 10) // 2
        for i, side in enumerate((Side.ADVENTURERS, Side.KROBS)):
            text = _("Play the {side}").format(side=side_name(side))
            if side is self.side:
                text = "> " + text + " <"
            self.buttons[side.value] = UIButton(
                pygame.Rect(30 + i * (half + 10), y, half, 40),
                text,
                m,
                container=root,
                tool_tip_text=_("This computer plays this side in the new game"),
            )
        self.buttons["start"] = UIButton(
            pygame.Rect(30, y + 48, col, 44),
            _("Start and write the first file"),
            m,
            container=root,
            object_id=MENU_BUTTON,
        )
        if not self.entries:
            self.buttons["start"].disable()  # type: ignore[no-untyped-call]
        # open a received file
        x = 60 + col
        UILabel(pygame.Rect(x, top, col, 32), _("Open a received file"), m, container=root)
        names: list[str | tuple[str, str]] = [self.file_label(p) for p in self.files]
        chosen = self.file_label(self.chosen_file) if self.chosen_file in self.files else None
        self.file_list = UISelectionList(
            pygame.Rect(x, top + 36, col, bottom - top - 36 - 100),
            names,
            m,
            container=root,
            default_selection=chosen,
        )
        self.buttons["open"] = UIButton(pygame.Rect(x, y, half, 40), _("Open"), m, container=root)
        if self.chosen_file is None:
            self.buttons["open"].disable()  # type: ignore[no-untyped-call]
        self.buttons["browse"] = UIButton(
            pygame.Rect(x + half + 10, y, half, 40), _("Choose a file..."), m, container=root
        )
        hint = UITextBox(
            html.escape(
                _("Or drop a {suffix} file on this window. Files in {folder}").format(
                    suffix=SUFFIX, folder=turns_folder()
                )
            ),
            pygame.Rect(x, y + 46, col, -1),
            m,
            container=root,
        )
        # what happened, below the hint however many lines it took
        said_top = max(bottom + 10, hint.relative_rect.bottom + 8)
        colour = GOOD if self.said_ok else WARNING
        UITextBox(
            f"<font color='{colour}'>{html.escape(self.said)}</font>" if self.said else "",
            pygame.Rect(30, said_top, w - 60, max(60, h - 80 - said_top)),
            m,
            container=root,
            object_id=ObjectID(object_id="#pbem_said"),
        )
        self.buttons["back"] = UIButton(
            pygame.Rect(30, h - 70, 160, 46), _("Back"), m, container=root
        )
        self.buttons["copy"] = UIButton(
            pygame.Rect(w - 470, h - 70, 210, 46), _("Copy the path"), m, container=root
        )
        self.buttons["folder"] = UIButton(
            pygame.Rect(w - 250, h - 70, 220, 46), _("Open the folder"), m, container=root
        )
        if self.written is None:
            self.buttons["copy"].disable()  # type: ignore[no-untyped-call]

    @staticmethod
    def file_label(path: Path) -> str:
        """A file of the turns folder by its name, one from elsewhere with its folder."""
        if path.parent == turns_folder():
            return path.name
        return f"{path.name} ({path.parent})"

    def show_line(self, text: str, *, ok: bool = True) -> None:
        self.said, self.said_ok = " ".join(text.split()), ok

    # -- events ----------------------------------------------------------------------

    def update(self, dt: float) -> Result:
        if self.first_file is not None:
            path, self.first_file = self.first_file, None
            return self.open_file(path)
        return None

    def handle(self, event: pygame.event.Event) -> Result:
        if event.type == pygame.DROPFILE:
            return self.open_file(Path(event.file))
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.dialog = None
            return self.open_file(Path(event.text))
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            if event.ui_element is self.scenario_list:
                labels = [e.label for e in self.entries]
                if event.text in labels:
                    self.selected = labels.index(event.text)
            elif event.ui_element is self.file_list:
                by_label = {self.file_label(p): p for p in self.files}
                self.chosen_file = by_label.get(event.text)
                self.rebuild()
            return None
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            if event.ui_element is self.file_list and self.chosen_file is not None:
                return self.open_file(self.chosen_file)
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.dialog is None:
            return Pop()
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.pressed(event.ui_element)
        return None

    def pressed(self, element: object) -> Result:
        b = self.buttons
        if element is b.get("back"):
            return Pop()
        for side in (Side.ADVENTURERS, Side.KROBS):
            if element is b.get(side.value):
                self.side = side
                self.rebuild()
        if element is b.get("start"):
            self.start_game()
        elif element is b.get("open") and self.chosen_file is not None:
            return self.open_file(self.chosen_file)
        elif element is b.get("browse"):
            self.browse()
        elif element is b.get("copy") and self.written is not None:
            if copy_text(str(self.written)):
                self.show_line(_("The path is copied: {file}").format(file=self.written))
            else:
                self.show_line(
                    _("There is no clipboard here: the file is {file}").format(file=self.written)
                )
            self.rebuild()
        elif element is b.get("folder"):
            folder = self.written.parent if self.written is not None else turns_folder()
            folder.mkdir(parents=True, exist_ok=True)
            if not open_folder(folder):
                self.show_line(
                    _("Could not open the folder {folder}").format(folder=folder), ok=False
                )
                self.rebuild()
        return None

    def browse(self) -> None:
        w, h = self.app.size
        folder = turns_folder()
        self.dialog = UIFileDialog(
            pygame.Rect(max(0, w // 2 - 300), max(0, h // 2 - 250), min(600, w), min(500, h)),
            self.manager,
            window_title=_("Open a received turn file ({suffix})").format(suffix=SUFFIX),
            initial_file_path=str(folder if folder.is_dir() else Path.home()),
            allow_existing_files_only=True,
        )

    # -- doing -----------------------------------------------------------------------

    def start_game(self) -> None:
        """Write the first file of a new game of the chosen scenario, this computer
        playing the chosen side."""
        entry = self.entries[self.selected] if self.entries else None
        if entry is None or entry.scenario is None:
            self.show_line(entry.error if entry is not None else _("No scenario"), ok=False)
            self.rebuild()
            return
        try:
            path = new_game(entry.scenario, self.side, load_identity(), rules_in_use())
        except DragonNoirError as exc:
            self.show_line(str(exc), ok=False)
            self.rebuild()
            return
        self.wrote(
            path,
            _("A new game of {scenario}: you play the {side}.").format(
                scenario=entry.scenario.title(), side=side_name(self.side)
            ),
        )

    def wrote(self, path: Path, what: str) -> None:
        self.written = path
        copied = copy_text(str(path))
        said = [what, _("Wrote {file}: send it to the other player.").format(file=path)]
        if copied:
            said.append(_("Its path is copied."))
        self.show_line(" ".join(said))
        self.rebuild()

    def open_file(self, path: Path) -> Result:
        """Check the file, then play it: the hand-shake answered at once, a turn on the
        game screen. A file that cannot be played is said, and nothing is written."""
        try:
            session = open_session(path, load_identity(), rules_in_use())
            if session.handshake_only:
                written = session.finish()
        except DragonNoirError as exc:
            self.show_line(_("Cannot play this file: {why}").format(why=exc), ok=False)
            self.rebuild()
            return None
        remember_opened(path)
        if session.handshake_only:
            self.wrote(
                written,
                _("You accept the game of {scenario}: you play the {side}.").format(
                    scenario=session.scenario_name,
                    side=side_name(session.side),
                ),
            )
            return None
        return self.app.screens.pbem_game(self.app, session)
