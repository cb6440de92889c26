"""*Watch a replay* (main menu): the player's saves, as the Load list shows them, and the
one chosen opened in the replay viewer (ui/watch_scene.py). A save that does not check
out says why here, in the words Load uses, and opens nothing."""

from __future__ import annotations

import datetime as dt
import html

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextBox

from dragonnoir import rules_folder
from dragonnoir.i18n import N_, _
from dragonnoir.ui import library
from dragonnoir.ui.app import App, Pop, Result, Scene
from dragonnoir.ui.storage import autosave_path
from dragonnoir.ui.watch_scene import WatchError, WatchScene, open_replay


class WatchPicker(Scene):
    title = N_("Watch a replay")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rules: object = None
        self.problem = ""
        try:
            self.rules = rules_folder.rules_in_use()
        except rules_folder.RulesFolderError as exc:
            self.problem = _("Your rules data cannot be used: {why}").format(why=exc)
        auto = autosave_path()
        self.files = [auto] * auto.is_file() + library.save_files()
        self.selected: int | None = 0 if self.files else None
        self.widgets: dict[str, object] = {}

    def labels(self) -> list[str]:
        """Each save by its file's name and when it was written, newest first (the
        autosave first): replaying every save to say more would keep the list waiting."""
        out = []
        for i, path in enumerate(self.files):
            try:
                when = dt.datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
            except OSError:
                when = "?"
            out.append(f"{i + 1}. {path.name} ({when})")
        return out

    def build(self, root: UIContainer) -> None:
        w, h = self.app.size
        m = self.manager
        UILabel(
            pygame.Rect(30, 20, w - 60, 40),
            _("Watch a replay"),
            m,
            container=root,
            object_id=ObjectID(object_id="#heading"),
        )
        labels = self.labels()
        chosen = labels[self.selected] if self.selected is not None else None
        self.widgets["list"] = UISelectionList(
            pygame.Rect(30, 76, w - 60, h - 260),
            list(labels),
            m,
            container=root,
            default_selection=chosen,
        )
        if self.problem:
            detail = f"<font color='#ff9a6a'>{html.escape(self.problem)}</font>"
        elif not self.files:
            detail = html.escape(_("No saved games yet (Ctrl+S saves during a game)."))
        else:
            detail = html.escape(
                _(
                    "The game is shown from its start: step through it with the arrows, "
                    "play it at the speed you choose, and see it as either side saw it."
                )
            )
        self.widgets["detail"] = UITextBox(
            detail, pygame.Rect(30, h - 174, w - 60, 90), m, container=root
        )
        self.widgets["back"] = UIButton(
            pygame.Rect(30, h - 74, 160, 46),
            _("Back"),
            m,
            container=root,
            tool_tip_text=_("Back to the menu (Esc)"),
        )
        watch = UIButton(
            pygame.Rect(w - 230, h - 74, 200, 46),
            _("Watch"),
            m,
            container=root,
            object_id=ObjectID(class_id="@menu_button"),
            tool_tip_text=_("Open the chosen save in the replay viewer (Enter)"),
        )
        if self.selected is None or self.problem:
            watch.disable()  # type: ignore[no-untyped-call]
        self.widgets["watch"] = watch

    def handle(self, event: pygame.event.Event) -> Result:
        pressed = event.ui_element if event.type == pygame_gui.UI_BUTTON_PRESSED else None
        key = event.key if event.type == pygame.KEYDOWN else None
        if key == pygame.K_ESCAPE or (pressed is not None and pressed is self.widgets["back"]):
            return Pop()
        if key == pygame.K_RETURN or (pressed is not None and pressed is self.widgets["watch"]):
            return self.watch_selected()
        if (
            event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION
            and event.ui_element is self.widgets.get("list")
        ):
            labels = self.labels()
            if event.text in labels:
                self.selected = labels.index(event.text)
        return None

    def watch_selected(self) -> Result:
        """The replay viewer on the chosen save, or why it cannot be watched."""
        if self.selected is None or self.problem:
            return None
        path = self.files[self.selected]
        try:
            replay = open_replay(path, self.rules)
        except WatchError as exc:
            box = self.widgets.get("detail")
            if isinstance(box, UITextBox):
                box.set_text(f"<font color='#ff9a6a'>{html.escape(str(exc))}</font>")
            return None
        return WatchScene(self.app, replay, name=path.name)
