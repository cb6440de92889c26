"""The map editor's screen: a layout mode and a board mode around one map, with files,
undo/redo, live problems, autosave and an unsaved-changes prompt.

The modes (`ui/editor_modes.py`) hold the documents and turn mouse work into edits; this
scene holds the window: the top bar (modes, files, undo), the left panel (the palette of
boards, or the painting tools), the right panel (the problems, each with its rule, and
what is under the mouse), the status line, the file dialogs and the prompts. Files are
opened and saved through `open_path` / `save_to` (the dialogs call them; tests call them
directly). Nothing is lost: saves are atomic, the open documents are autosaved every
`AUTOSAVE_SECONDS` into the user's data folder (offered back by *Recover* next time), and
leaving with unsaved changes asks first (the autosave is `ui/editor_autosave.py`'s; the
lists' words, `ui/editor_words.py`'s).
"""

from __future__ import annotations

import contextlib
import html
import secrets
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UISelectionList,
    UITextBox,
    UITextEntryBox,
    UITextEntryLine,
)
from pygame_gui.windows import UIFileDialog

from dragonnoir import resources
from dragonnoir.editor import board_doc as bd
from dragonnoir.editor import copies
from dragonnoir.editor import layout_doc as ld
from dragonnoir.editor import scenario_doc as sd
from dragonnoir.editor.copies import Copied
from dragonnoir.editor.edits import EditError
from dragonnoir.editor.playable import load_playable
from dragonnoir.editor.recent import load_recent, remember
from dragonnoir.editor.words import ARROW_WORDS, data_word, word
from dragonnoir.errors import DragonNoirError
from dragonnoir.hexmap.board import LEVELS, EdgeFeature, ZoneKind
from dragonnoir.i18n import N_, NP_, _, current, language, ngettext, pgettext
from dragonnoir.narration.rules import say_rule
from dragonnoir.rules_folder import rules_in_use
from dragonnoir.ui.app import App, Pop, Push, Quit, Result, Scene
from dragonnoir.ui.buttons import set_enabled
from dragonnoir.ui.dialogs import ConfirmDialog
from dragonnoir.ui.editor_autosave import (
    AUTOSAVE_SECONDS,
    Autosaver,
    clear_autosaves,
    recent_store,
    recoverable,
)
from dragonnoir.ui.editor_modes import (
    LAYOUT_TOOL_HINTS,
    LAYOUT_TOOLS,
    LEVEL_NAMES,
    TOOLS,
    WALKWAYS,
    AnyMode,
    BoardMode,
    LayoutMode,
    draw_lines,
    draw_status,
)
from dragonnoir.ui.editor_scenario import ScenarioMode
from dragonnoir.ui.editor_scenario_panel import ScenarioPanel
from dragonnoir.ui.editor_words import feature_name, zone_kind_name
from dragonnoir.ui.map_view import draw_key_help

TOP = 46
LEFT = 270
RIGHT = 330
STATUS = 30

HELP_ROWS = (
    (NP_("key", "left click / drag"), N_("place a board, paint, set a side")),
    (NP_("key", "right click"), N_("remove a board; pick terrain; clear a side; take from a zone")),
    (NP_("key", "drag a board"), N_("move it (swaps with a board there)")),
    (NP_("key", "R"), N_("turn the board under the mouse 180°")),
    (
        NP_("key", "E"),
        N_("paint the board under the mouse (board mode; saving it updates the layout)"),
    ),
    (NP_("key", "[ ]"), N_("brush smaller / larger")),
    (NP_("key", "G"), N_("fill on / off")),
    (NP_("key", "Ctrl+C, Ctrl+V"), N_("copy the selection, paste it at the mouse")),
    (NP_("key", "Ctrl+Z, Ctrl+Y"), N_("undo, redo")),
    (NP_("key", "Ctrl+S, Ctrl+O"), N_("save, open")),
    (NP_("key", "middle drag, arrows, wheel"), N_("pan and zoom")),
    (NP_("key", "H, F1"), N_("this help")),
)


RECENT_PROMPT = N_("Recent files…")
#: The languages pygame_gui speaks itself (its file dialog's buttons).
GUI_LOCALES = frozenset({"en", "fr", "de", "es", "it", "pt", "pl", "ru", "ja", "zh"})


class EditorScene(Scene):
    title = N_("Map editor")

    def __init__(self, app: App, path: Path | None = None) -> None:
        super().__init__(app)
        self.library = ld.BoardLibrary()
        self.layout = LayoutMode(self.library)
        self.board = BoardMode()
        self.scenario: ScenarioMode | None = None
        self.panel: ScenarioPanel | None = None
        self.mode: AnyMode = self.layout
        self.status = ""
        self.help = False
        self.autosave_timer = 0.0
        self.autosaver = Autosaver()
        self.buttons: dict[str, UIButton] = {}
        self.lists: dict[str, UISelectionList] = {}
        self.entries: dict[str, UITextEntryLine] = {}
        self.problem_box: UITextBox | None = None
        self.shown_problems: list[str] | None = None
        self.dialog: UIFileDialog | None = None
        self.recent: dict[str, Path] = {}
        self.recent_menu: UIDropDownMenu | None = None
        self.pending_open: Path | None = None
        self.dialog_purpose = ""
        if path is not None:
            self.open_path(path)
        elif self.recoverable():
            self.status = _("An autosave of unsaved work is there: Recover opens it.")

    # -- geometry ------------------------------------------------------------------

    def viewport(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(LEFT, TOP, max(50, w - LEFT - RIGHT), max(50, h - TOP - STATUS))

    def enter(self) -> None:
        super().enter()
        vp = self.viewport()
        for mode in self.modes():
            if mode.control is None:
                mode.make_control(vp)
            else:
                assert mode.control is not None
                mode.control.resize(vp)

    def modes(self) -> tuple[AnyMode, ...]:
        """The open modes (scenario mode once a scenario is open)."""
        if self.scenario is None:
            return (self.layout, self.board)
        return (self.layout, self.board, self.scenario)

    # -- widgets -------------------------------------------------------------------

    def build(self, root: UIContainer) -> None:
        w, h = self.app.size
        m = self.manager
        self.buttons, self.lists, self.entries = {}, {}, {}
        button_font = m.get_theme().get_font(["button"])
        x = 8
        for key, text, width in (
            ("layout", _("Layout"), 86),
            ("board", _("Board"), 80),
            ("scenario", _("Scenario"), 96),
            ("new", _("New"), 64),
            ("open", _("Open…"), 76),
            ("save", _("Save"), 66),
            ("save_as", _("Save as…"), 92),
            ("export", _("Export TMX…"), 116),
            ("play", _("Play"), 66),
            ("undo", _("Undo"), 66),
            ("redo", _("Redo"), 66),
            ("recover", _("Recover"), 86),
            ("menu", _("Menu"), 70),
        ):
            width = max(width, button_font.size(text)[0] + 16)  # a longer language
            if key == "export" and self.mode is not self.layout:
                continue
            if key == "play" and self.mode is not self.scenario:
                continue
            if key == "recover" and not self.recoverable():
                continue
            if key == "menu":
                x = max(x, w - width - 8)
            self.buttons[key] = UIButton(pygame.Rect(x, 6, width, 34), text, m, container=root)
            x += width + 6
        self.buttons[self.mode.name].disable()  # type: ignore[no-untyped-call]
        if not self.mode.history.can_undo():
            self.buttons["undo"].disable()  # type: ignore[no-untyped-call]
        if not self.mode.history.can_redo():
            self.buttons["redo"].disable()  # type: ignore[no-untyped-call]
        if self.mode is self.layout:
            self.build_layout_panel(root, h)
        elif self.mode is self.board:
            self.build_board_panel(root, h)
        elif self.panel is not None:
            self.panel.build(root, m, pygame.Rect(10, TOP + 6, LEFT - 20, h - TOP - STATUS - 12))
        UILabel(
            pygame.Rect(w - RIGHT + 10, TOP + 4, RIGHT - 20, 26),
            _("Problems"),
            m,
            container=root,
        )
        self.problem_box = UITextBox(
            self.problems_html(),
            pygame.Rect(w - RIGHT + 10, TOP + 32, RIGHT - 20, (h - TOP - STATUS) // 2),
            m,
            container=root,
        )
        self.recent = {}
        for path in load_recent(recent_store()):
            label = f"{path.name} ({path.parent.name})"
            self.recent.setdefault(label, path)
        self.recent_menu = UIDropDownMenu(
            [_(RECENT_PROMPT), *self.recent],
            _(RECENT_PROMPT),
            pygame.Rect(w - RIGHT + 10, TOP + 38 + (h - TOP - STATUS) // 2, RIGHT - 20, 34),
            m,
            container=root,
        )

    def labelled_entry(self, root: UIContainer, y: int, label: str, key: str, text: str) -> None:
        """A one-line text entry of the left panel with its label, kept as `entries[key]`."""
        font = self.manager.get_theme().get_font(["label"])
        label_w = max(60, font.size(label)[0] + 10)  # a longer language widens it
        UILabel(pygame.Rect(10, y, label_w, 30), label, self.manager, container=root)
        entry = UITextEntryLine(
            pygame.Rect(10 + label_w, y, LEFT - 20 - label_w, 32), self.manager, container=root
        )
        entry.set_text(text)
        self.entries[key] = entry

    def build_layout_panel(self, root: UIContainer, h: int) -> None:
        m = self.manager
        mode = self.layout
        top = self.tool_list(root, "layout_tools", LAYOUT_TOOLS, mode.tool) - 2
        if mode.tool != "arrange":
            self.build_layout_brush(root, top, h)
            return
        UILabel(pygame.Rect(10, top, LEFT - 20, 26), _("Boards"), m, container=root)
        labels: list[str | tuple[str, str]] = [e.label for e in mode.palette]
        chosen = mode.chosen
        self.lists["palette"] = UISelectionList(
            pygame.Rect(10, top + 28, LEFT - 20, 200),
            labels,
            m,
            container=root,
            default_selection=chosen.label if chosen else None,
        )
        y = top + 238
        self.buttons["turn"] = UIButton(
            pygame.Rect(10, y, LEFT - 20, 34),
            _("Next board turned: {degrees}°").format(degrees=mode.rotation),
            m,
            container=root,
        )
        y += 44
        self.labelled_entry(root, y, _("Name"), "layout_name", mode.doc.name)
        y += 42
        UITextBox(
            _(
                "Click a free place next to the layout to put the chosen board there (it is "
                "turned to join legally if it can). Drag a board to move it, R turns the "
                "board under the mouse, right click removes it. Seams: {green} joins, {red} "
                "does not (the reason is in Problems); {amber} are seam hexes where one "
                "board is closed."
            ).format(
                green="<font color='#46dc6e'>" + html.escape(_("green")) + "</font>",
                red="<font color='#f03c3c'>" + html.escape(_("red")) + "</font>",
                amber="<font color='#ffaa28'>" + html.escape(_("amber dots")) + "</font>",
            ),
            pygame.Rect(10, y, LEFT - 20, max(60, h - y - STATUS - 10)),
            m,
            container=root,
        )

    def tool_list(
        self, root: UIContainer, key: str, tools: tuple[tuple[str, str], ...], tool: str
    ) -> int:
        """The tools list at the top of the left panel (kept as `lists[key]`); returns
        the y below it."""
        labels: list[str | tuple[str, str]] = [_(label) for _key, label in tools]
        self.lists[key] = UISelectionList(
            pygame.Rect(10, TOP + 6, LEFT - 20, len(tools) * 26 + 8),
            labels,
            self.manager,
            container=root,
            default_selection=_(dict(tools)[tool]),
        )
        return TOP + 6 + len(tools) * 26 + 16

    def build_layout_brush(self, root: UIContainer, y: int, h: int) -> None:
        """Layout mode's painting tools: what the brush paints, its size."""
        m = self.manager
        options, current = self.tool_options()
        list_h = min(220, len(options) * 26 + 8)
        self.lists["options"] = UISelectionList(
            pygame.Rect(10, y, LEFT - 20, list_h),
            list(options),
            m,
            container=root,
            default_selection=current or None,
        )
        y += list_h + 8
        self.brush_buttons(root, y, self.layout.radius, False)
        y += 44
        UITextBox(
            html.escape(
                _(
                    "Paint the boards where they lie: each hex goes to its board (a turned "
                    "board is painted turned), a seam hex to both boards, a side along a seam "
                    "to both. A stroke is one undo step. Save writes the layout and the boards "
                    "painted. Zones, copy and fill: board mode (E over a board)."
                )
            ),
            pygame.Rect(10, y, LEFT - 20, max(60, h - y - STATUS - 10)),
            m,
            container=root,
        )

    def brush_buttons(self, root: UIContainer, y: int, radius_now: int, fill: bool) -> None:
        """The brush size buttons (1, 7, 19, 37 hexes), the current one disabled."""
        bw = (LEFT - 20 - 3 * 4) // 4
        for i, radius in enumerate(bd.BRUSH_RADII):
            button = UIButton(
                pygame.Rect(10 + i * (bw + 4), y, bw, 32),
                str(3 * radius * (radius + 1) + 1),
                self.manager,
                container=root,
            )
            if radius == radius_now and not fill:
                button.disable()  # type: ignore[no-untyped-call]
            self.buttons[f"brush{radius}"] = button

    def build_board_panel(self, root: UIContainer, h: int) -> None:
        m = self.manager
        mode = self.board
        y = self.tool_list(root, "tools", TOOLS, mode.tool)
        options, current = self.tool_options()
        if mode.tool == "select":
            options = [_("Ctrl+C copies the selection"), _("Ctrl+V pastes at the mouse")]
            current = ""
        list_h = min(200, len(options) * 26 + 8)
        self.lists["options"] = UISelectionList(
            pygame.Rect(10, y, LEFT - 20, list_h),
            list(options),
            m,
            container=root,
            default_selection=current or None,
        )
        y += list_h + 8
        if mode.tool == "zone":
            self.labelled_entry(root, y, _("Name"), "zone_name", mode.zone_name)
            y += 36
            zone = mode.doc.board.zone(mode.zone_name)
            if zone is not None:  # the named zone's other properties, and a new name
                self.labelled_entry(
                    root, y, _("Props"), "zone_props", bd.properties_text(zone.properties)
                )
                y += 36
                self.labelled_entry(root, y, _("Rename"), "zone_rename", zone.name)
                y += 36
            y += 4
        self.brush_buttons(root, y, mode.radius, mode.fill)
        y += 38
        self.buttons["fill"] = UIButton(
            pygame.Rect(10, y, LEFT - 20, 32),
            _("Fill: on") if mode.fill else _("Fill: off"),
            m,
            container=root,
        )
        y += 46
        board = mode.doc.board
        self.labelled_entry(root, y, _("Name"), "board_name", board.name)
        y += 38
        self.labelled_entry(root, y, _("Id"), "board_id", board.id)
        y += 38
        half = (LEFT - 24) // 2
        self.buttons["sides"] = UIButton(
            pygame.Rect(10, y, half, 32),
            _("Top: {side}").format(side=board.side_top.value),
            m,
            container=root,
        )
        self.buttons["arrows"] = UIButton(
            pygame.Rect(14 + half, y, half, 32),
            _("Arrows {arrows}").format(arrows=word(ARROW_WORDS, board.arrows)),
            m,
            container=root,
        )
        y += 44
        # The label on its own line: a longer language has room for it.
        UILabel(pygame.Rect(10, y, LEFT - 20, 26), _("New board size"), m, container=root)
        y += 28
        width_entry = UITextEntryLine(pygame.Rect(10, y, 56, 32), m, container=root)
        width_entry.set_text(str(board.width))
        height_entry = UITextEntryLine(pygame.Rect(70, y, 56, 32), m, container=root)
        height_entry.set_text(str(board.height))
        self.entries["new_w"], self.entries["new_h"] = width_entry, height_entry
        self.buttons["new_size"] = UIButton(
            pygame.Rect(130, y, LEFT - 140, 32), _("Make"), m, container=root
        )

    def painter(self) -> BoardMode | LayoutMode:
        """The mode whose brush the left panel sets: layout mode painting, or board mode."""
        return self.layout if self.mode is self.layout else self.board

    def tool_options(self) -> tuple[list[str], str]:
        """The options list of the current painting tool, and the chosen one."""
        mode = self.painter()
        table = mode.doc.table
        if mode.tool == "terrain":
            return [data_word(t.name) for t in table.terrain], data_word(table[mode.terrain].name)
        if mode.tool == "level":
            return [LEVEL_NAMES[lv] for lv in LEVELS], LEVEL_NAMES[mode.level]
        if mode.tool == "walkway":
            return [_(label) for _key, label in WALKWAYS], _(dict(WALKWAYS)[mode.walkway])
        if mode.tool == "side":
            clear = _("Clear the side")
            names = [feature_name(f) for f in EdgeFeature] + [clear]
            return names, feature_name(mode.feature) if mode.feature else clear
        kinds = [zone_kind_name(k) for k in ZoneKind]
        return kinds, zone_kind_name(self.board.zone_kind)

    def choose_option(self, text: str) -> None:
        mode = self.painter()
        table = mode.doc.table
        if mode.tool == "terrain":
            mode.terrain = next(t.id for t in table.terrain if data_word(t.name) == text)
        elif mode.tool == "level":
            mode.level = next(lv for lv in LEVELS if LEVEL_NAMES[lv] == text)
        elif mode.tool == "walkway":
            mode.walkway = next(k for k, label in WALKWAYS if _(label) == text)
        elif mode.tool == "side":
            mode.feature = next((f for f in EdgeFeature if feature_name(f) == text), None)
        elif mode is self.board:
            board = self.board
            board.zone_kind = next(k for k in ZoneKind if zone_kind_name(k) == text)
            if board.zone_name in {k.value for k in ZoneKind} or not board.zone_name:
                board.zone_name = board.zone_kind.value
                self.rebuild()

    def problems_html(self) -> str:
        problems = self.mode.problems
        if not problems:
            found = html.escape(_("No problem found."))
            return f"<font color='#46dc6e'>{found}</font>"
        lines = [
            f"<font color='#ff7a6a'>•</font> {html.escape(p.message)} "
            f"<font color='#c9a45a'><i>{html.escape(say_rule(p.rule, current()))}</i></font>"
            for p in problems[:60]
        ]
        if len(problems) > 60:
            lines.append(html.escape(_("… and {n} more").format(n=len(problems) - 60)))
        return "<br>".join(lines)

    # -- modes and documents ---------------------------------------------------------

    def switch(self, mode: AnyMode) -> None:
        if mode is not self.mode:
            self.mode = mode
            self.status = mode.title()
            self.rebuild()

    def to_scenario(self) -> None:
        """Scenario mode: the open scenario, or a new one on the layout (or board) of the
        mode we come from, which must be saved (a scenario names its map's file)."""
        if self.scenario is None and not self.new_scenario():
            return
        assert self.scenario is not None
        self.switch(self.scenario)

    def new_scenario(self) -> bool:
        source = self.mode if self.mode is not self.scenario else self.layout
        if source is self.layout and not self.layout.doc.placements:
            source = self.board
        path = self.layout.doc.path if source is self.layout else self.board.doc.path
        if path is None or source.modified:
            if source is self.layout:
                self.status = _("Save the layout first: a scenario names the file of its map")
            else:
                self.status = _("Save the board first: a scenario names the file of its map")
            return False
        try:
            doc = sd.ScenarioDocument.new(path, rules_in_use())
        except DragonNoirError as exc:
            self.status = _("No scenario on this map: {why}").format(why=" ".join(str(exc).split()))
            return False
        self.set_scenario(ScenarioMode(doc))
        return True

    def set_scenario(self, mode: ScenarioMode) -> None:
        self.scenario = mode
        self.panel = ScenarioPanel(mode)
        self.mode = mode
        if self.root is not None:
            mode.make_control(self.viewport())
            self.rebuild()

    def open_path(self, path: Path) -> bool:
        """Open a board (.tmx) or a layout (.toml) in its mode; a bad file is a line in
        the status, never a crash."""
        p = Path(path)
        try:
            if p.suffix.lower() == ".toml" and sd.is_scenario_file(p):
                self.set_scenario(ScenarioMode(sd.ScenarioDocument.open(p, rules_in_use())))
            elif p.suffix.lower() == ".toml":
                self.forget_painted()
                doc = ld.LayoutDocument.open(p, self.library)
                self.layout = LayoutMode(self.library, doc)
                self.mode = self.layout
            else:
                if p.resolve() in self.layout.doc.painted:
                    self.status = painted_not_saved(p)
                    return False
                self.library.forget(p)
                self.board = BoardMode(bd.BoardDocument.open(p))
                self.mode = self.board
        except DragonNoirError as exc:
            self.status = _("Cannot open: {why}").format(why=" ".join(str(exc).split()))
            return False
        remember(recent_store(), p)
        if self.root is not None:
            self.enter_mode_controls()
            self.rebuild()
        self.status = _("Opened {path}").format(path=p)
        if resources.is_shipped(p):
            self.status += _(
                " — one of the game's own files: saving it makes your copy ({copy})"
            ).format(copy=copies.copy_name(self.document_name()))
        return True

    def document_name(self) -> str:
        """The open document's name as the player reads it."""
        if self.mode is self.board:
            return self.board.doc.board.name
        if self.mode is self.layout:
            return self.layout.doc.name
        assert self.scenario is not None
        return self.scenario.doc.data.name

    def enter_mode_controls(self) -> None:
        vp = self.viewport()
        for mode in self.modes():
            if mode.control is None:
                mode.make_control(vp)

    def save_to(self, path: Path | None) -> bool:
        """Save the current mode's document (to `path`, or where it came from). Problems
        do not stop a save; the status says how many there are."""
        mode = self.mode
        copied: list[Copied] = []
        try:
            if mode is self.board:
                target = self.board.doc.save(path)
                copied = [c for c in (self.board.doc.copied,) if c is not None]
                self.library.forget(target)
                self.layout.load_palette([target])
                self.layout.reload_board(target)  # the layout shows the board as saved
            elif mode is self.layout:
                painted = set(self.layout.doc.painted)
                target = self.layout.doc.save(path)  # and the boards painted on it
                copied = self.layout.doc.copied
                self.board_files_saved(painted)
            else:
                assert self.scenario is not None
                target = self.scenario.doc.save(path)
                copied = [c for c in (self.scenario.doc.copied,) if c is not None]
        except (DragonNoirError, OSError) as exc:
            self.status = _("Not saved: {why}").format(why=" ".join(str(exc).split()))
            return False
        mode.history.mark_saved()
        remember(recent_store(), target)
        n = len(mode.problems)
        warn = ngettext(
            " — with {n} problem (see the list)", " — with {n} problems (see the list)", n
        ).format(n=n)
        if copied:
            saved = _("Saved — {copies}").format(copies=copies.said_of(copied))
        else:
            saved = _("Saved {path}").format(path=target)
        self.status = f"{saved}{warn}" if n else saved
        self.rebuild()
        return True

    def board_files_saved(self, files: set[Path]) -> None:
        """Boards painted on the layout were saved: board mode shows the file again if it
        has it open without changes of its own."""
        path = self.board.doc.path
        if path is None or path.resolve() not in files or self.board.modified:
            return
        self.board = BoardMode(bd.BoardDocument.open(path))
        self.board.make_control(self.viewport())

    def forget_painted(self) -> None:
        """The layout is closed: its boards painted and not saved are read again from
        their files next time (the library's boards are the ones painted)."""
        for file in self.layout.doc.painted:
            self.library.forget(file)
        self.layout.doc.painted.clear()

    def export_to(self, path: Path) -> bool:
        try:
            out = self.layout.doc.export_tmx(path)
        except (DragonNoirError, OSError) as exc:
            self.status = _("Not exported: {why}").format(why=" ".join(str(exc).split()))
            return False
        self.status = _("Exported {path} (opens in Tiled)").format(path=out)
        return True

    def new_document(self) -> None:
        if self.mode is self.scenario:  # on the open layout (or board); kept if that fails
            self.new_scenario()
            return
        if self.mode is self.layout:
            self.forget_painted()
            self.layout = LayoutMode(self.library)
            self.mode = self.layout
        else:
            self.board = BoardMode()
            self.mode = self.board
        self.enter_mode_controls()
        self.status = self.mode.title()
        self.rebuild()

    def unsaved(self, modes: tuple[AnyMode, ...] | None = None) -> list[AnyMode]:
        return [m for m in (modes or self.modes()) if m.modified]

    def confirm_then(self, modes: tuple[AnyMode, ...], then: str) -> Result:
        """Run the action `then` ("leave", "new", "open"), asking first when `modes`
        hold unsaved changes."""
        dirty = self.unsaved(modes)
        if not dirty:
            return self.carry_out(then)
        titles = [m.title() for m in dirty]
        names = titles[0]
        for title in titles[1:]:
            names = _("{documents} and {document}").format(documents=names, document=title)

        def save() -> Result:
            for m in dirty:
                self.mode = m
                if m is self.board and self.board.doc.path is None:
                    self.status = _("Choose a file to save the board first")
                    return self.ask_file("save_as")
                if m is self.layout and self.layout.doc.path is None:
                    self.status = _("Choose a file to save the layout first")
                    return self.ask_file("save_as")
                if self.scenario is not None and m is self.scenario and m.doc.path is None:
                    self.status = _("Choose a file to save the scenario first")
                    return self.ask_file("save_as")
                if not self.save_to(None):
                    return None
            return self.carry_out(then)

        def discard() -> Result:
            if then == "leave":
                self.clear_autosaves()
            return self.carry_out(then)

        return ConfirmDialog(
            self.app,
            self,
            _("Unsaved changes"),
            _("{documents} has unsaved changes.").format(documents=names),
            [(_("Save"), save), (_("Discard"), discard), (_("Cancel"), lambda: None)],
        )

    def carry_out(self, action: str) -> Result:
        if action == "leave":
            if not self.unsaved():
                self.clear_autosaves()
            return Pop()
        if action == "new":
            self.new_document()
            return None
        if action == "open":
            return self.ask_file("open")
        if action == "open_recent" and self.pending_open is not None:
            path, self.pending_open = self.pending_open, None
            self.open_path(path)
        return None

    def ask_file(self, purpose: str) -> Result:
        """Open a file dialog; its pick comes back as an event (`file_picked`)."""
        if self.dialog is not None:
            self.dialog.kill()  # type: ignore[no-untyped-call]
        kind = "layouts" if self.mode is self.layout else "maps"
        if self.mode is self.scenario:
            kind = "scenarios"
        folder = resources.user_dir(kind)  # type: ignore[arg-type]
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
        doc_path = self.current_path()
        if purpose == "export":
            start = folder / f"{_slug(self.layout.doc.name)}.tmx"
            title = _("Export the layout as one TMX")
        elif purpose == "open":
            start = folder
            title = _("Open a board (.tmx), a layout or a scenario (.toml)")
        else:
            ext = ".tmx" if self.mode is self.board else ".toml"
            name = self.layout.doc.name if self.mode is self.layout else self.board.doc.board.id
            if self.scenario is not None and self.mode is self.scenario:
                name = self.scenario.doc.data.id
            start = doc_path or folder / f"{_slug(name)}{ext}"
            title = _("Save as")
        w, h = self.app.size
        # The dialog's own buttons (OK, Cancel, its tool tips) are pygame_gui's words, said
        # in its locale: the player's language where pygame_gui has it, else English.
        self.manager.set_locale(language() if language() in GUI_LOCALES else "en")
        self.dialog = UIFileDialog(
            pygame.Rect(max(0, w // 2 - 300), max(0, h // 2 - 250), min(600, w), min(500, h)),
            self.manager,
            window_title=title,
            initial_file_path=str(start),
            allow_existing_files_only=purpose == "open",
        )
        self.dialog_purpose = purpose
        return None

    def file_picked(self, text: str) -> Result:
        purpose, self.dialog_purpose, self.dialog = self.dialog_purpose, "", None
        path = Path(text)
        if purpose == "open":
            self.open_path(path)
        elif purpose == "export":
            self.export_to(path if path.suffix else path.with_suffix(".tmx"))
        elif purpose in ("save_as", "save_play"):
            ext = ".tmx" if self.mode is self.board else ".toml"
            saved = self.save_to(path if path.suffix else path.with_suffix(ext))
            if saved and purpose == "save_play":
                return self.play()
        return None

    # -- autosave --------------------------------------------------------------------

    def autosave(self) -> None:
        """Write the open documents with unsaved changes to the autosave files (a failure
        is a status line: autosave must never stop the work)."""
        try:
            self.autosaver.write(self.board, self.layout, self.scenario)
        except DragonNoirError as exc:
            self.status = _("Autosave failed: {why}").format(why=" ".join(str(exc).split()))

    def recoverable(self) -> list[Path]:
        return recoverable()

    def recover(self) -> None:
        """Open the autosaves as new, unsaved documents (Save as keeps them)."""
        found = self.recoverable()
        for path in found:
            if not self.open_path(path):
                return
            mode = self.mode
            if mode is self.board:
                self.board.doc.path = None
            elif mode is self.layout:
                self.layout.doc.path = None
            elif self.scenario is not None:
                self.scenario.doc.path = None
            mode.history._saved_serial = None  # modified until saved somewhere
        self.status = ngettext(
            "Recovered {n} autosaved document: Save as… to keep it",
            "Recovered {n} autosaved documents: Save as… to keep them",
            len(found),
        ).format(n=len(found))
        self.rebuild()

    def clear_autosaves(self) -> None:
        clear_autosaves()

    # -- events --------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Result:
        if self.mode is self.scenario and self.panel is not None and self.panel.handle(event):
            self.status = self.mode.message or self.status
            self.mode.message = ""
            if self.panel.rebuild:
                self.panel.rebuild = False
                self.rebuild()
            self.refresh_buttons()
            return None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.button(event.ui_element)
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            return self.file_picked(event.text)
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
            return None
        if (
            event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED
            and event.ui_element is self.recent_menu
        ):
            path = self.recent.get(event.text)
            if path is None:
                return None
            self.pending_open = path
            layout = path.suffix.lower() == ".toml"
            return self.confirm_then((self.layout if layout else self.board,), "open_recent")
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            self.list_choice(event.ui_element, event.text)
            return None
        if event.type in (pygame_gui.UI_TEXT_ENTRY_FINISHED, pygame_gui.UI_TEXT_ENTRY_CHANGED):
            self.text_entered(event.ui_element, event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED)
            return None
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        control = self.mode.control
        if control is None:
            return None
        if self.mode is self.layout:
            path = self.board.doc.path
            self.layout.held = path.resolve() if path and self.board.modified else None
        if self.mode.map_event(event):
            self.after_map_event()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return None  # left clicks are the tools', never a pan
        control.handle(event)
        return None

    def after_map_event(self) -> None:
        if self.mode.message:
            self.status = self.mode.message
        scenario = self.scenario
        if scenario is not None and self.mode is scenario and scenario.panel_stale:
            scenario.panel_stale = False
            self.rebuild()
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        for key, can in (
            ("undo", self.mode.history.can_undo()),
            ("redo", self.mode.history.can_redo()),
        ):
            set_enabled(self.buttons.get(key), can)

    def typing(self) -> bool:
        """Is a text field focused (a name, a property, the scenario panel's Find)? Then
        keys are text: no hotkey acts (typing "Warrior" in Find once turned the selected
        knight three times), only Ctrl+S and Ctrl+O, which no text field uses."""
        focus = self.manager.get_focus_set() or set()  # type: ignore[no-untyped-call]
        return any(isinstance(e, UITextEntryLine | UITextEntryBox) for e in focus)

    def key(self, event: pygame.event.Event) -> Result:
        focused = self.typing()
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        if ctrl and event.key == pygame.K_s:
            if self.current_path() is None:
                return self.ask_file("save_as")
            self.save_to(None)
            return None
        if ctrl and event.key == pygame.K_o:
            return self.confirm_then((self.mode,), "open")
        if focused:
            return None
        if ctrl and event.key == pygame.K_z:
            if getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
                self.redo()
            else:
                self.undo()
            return None
        if ctrl and event.key == pygame.K_y:
            self.redo()
            return None
        if ctrl and event.key in (pygame.K_c, pygame.K_v) and self.mode is self.board:
            if event.key == pygame.K_c:
                self.board.copy()
            else:
                self.board.paste()
            self.status = self.board.message
            self.refresh_buttons()
            return None
        if event.key == pygame.K_ESCAPE:
            if self.help:
                self.help = False
                return None
            return self.confirm_then(self.modes(), "leave")
        if event.key in (pygame.K_h, pygame.K_F1):
            self.help = not self.help
            return None
        if event.key == pygame.K_e and self.mode is self.layout:
            board_file = self.layout.board_file_under_mouse()
            if board_file is None:
                self.status = _("E over a board of the layout opens it in board mode")
                return None
            if board_file.resolve() in self.layout.doc.painted:
                self.status = painted_not_saved(board_file)
                return None
            self.pending_open = board_file
            return self.confirm_then((self.board,), "open_recent")
        if event.key == pygame.K_f:
            control = self.mode.control
            if control is not None:
                control.fit()
            return None
        if event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_MINUS):
            control = self.mode.control
            if control is not None:
                control.zoom_step(-1 if event.key == pygame.K_MINUS else 1)
            return None
        if self.mode.key(event):
            self.status = self.mode.message
            if self.mode is self.board:
                self.rebuild()
            self.refresh_buttons()
            return None
        control = self.mode.control
        if control is not None:
            control.handle(event)
        return None

    def current_path(self) -> Path | None:
        if self.mode is self.layout:
            return self.layout.doc.path
        if self.scenario is not None and self.mode is self.scenario:
            return self.scenario.doc.path
        return self.board.doc.path

    def undo(self) -> None:
        self.mode.undo()
        self.status = self.mode.message
        self.after_undo()

    def redo(self) -> None:
        self.mode.redo()
        self.status = self.mode.message
        self.after_undo()

    def after_undo(self) -> None:
        # Names and sides live in the panel's widgets: show the document's again.
        self.rebuild()

    def button(self, element: object) -> Result:
        b = self.buttons
        if element is b.get("layout"):
            self.switch(self.layout)
        elif element is b.get("board"):
            self.switch(self.board)
        elif element is b.get("scenario"):
            self.to_scenario()
        elif element is b.get("play"):
            return self.play()
        elif element is b.get("new"):
            return self.confirm_then((self.mode,), "new")
        elif element is b.get("open"):
            return self.confirm_then((self.mode,), "open")
        elif element is b.get("save"):
            if self.current_path() is None:
                return self.ask_file("save_as")
            self.save_to(None)
        elif element is b.get("save_as"):
            return self.ask_file("save_as")
        elif element is b.get("export"):
            return self.ask_file("export")
        elif element is b.get("undo"):
            self.undo()
        elif element is b.get("redo"):
            self.redo()
        elif element is b.get("recover"):
            self.recover()
        elif element is b.get("menu"):
            return self.confirm_then(self.modes(), "leave")
        elif element is b.get("turn"):
            self.layout.rotation = 180 - self.layout.rotation
            self.rebuild()
        elif element is b.get("fill"):
            self.board.fill = not self.board.fill
            self.status = self.board.brush_text()
            self.rebuild()
        elif element is b.get("sides"):
            board = self.board.doc.board
            top, bottom = board.side_bottom.value, board.side_top.value
            self.board.do(bd.SetBoardInfo((("side_top", top), ("side_bottom", bottom))))
            self.status = self.board.message
            self.rebuild()
        elif element is b.get("arrows"):
            other = "down" if self.board.doc.board.arrows == "up" else "up"
            self.board.do(bd.SetBoardInfo((("arrows", other),)))
            self.status = self.board.message
            self.rebuild()
        elif element is b.get("new_size"):
            self.make_new_board()
        else:
            for radius in bd.BRUSH_RADII:
                if element is b.get(f"brush{radius}"):
                    painter = self.painter()
                    painter.radius = radius
                    if painter is self.board:
                        self.board.fill = False
                    self.status = painter.brush_text()
                    self.rebuild()
        return None

    def play(self) -> Result:
        """Save the scenario and start it at once in hotseat; a scenario that would not
        load, or has design problems, is refused with the same messages as `validate`."""
        mode = self.scenario
        if mode is None:
            return None
        if mode.doc.path is None:
            self.status = _("Choose a file for the scenario: it is saved, then played")
            return self.ask_file("save_play")
        if mode.modified and not self.save_to(None):
            return None
        try:
            rules = rules_in_use()  # the player's own rules data, as a new game from the menu
            scenario = load_playable(mode.doc.path, rules)
        except DragonNoirError as exc:
            self.status = _("Cannot play: {why}").format(why=" ".join(str(exc).split()))
            return None
        game = scenario.new_game(secrets.randbelow(2**31), rules)
        test_game = self.app.screens.game(self.app, game, new=True, back_to=self)
        return Push(test_game)  # leaving it comes back here

    def make_new_board(self) -> None:
        try:
            width = int(self.entries["new_w"].get_text())
            height = int(self.entries["new_h"].get_text())
        except ValueError:
            self.status = _("The new board's width and height are whole numbers of cells")
            return
        if self.board.new_board(width, height):
            self.board.changed(None)
        self.status = self.board.message
        self.rebuild()

    def list_choice(self, element: object, text: str) -> None:
        if element is self.lists.get("palette"):
            labels = [e.label for e in self.layout.palette]
            if text in labels:
                self.layout.choice = labels.index(text)
                self.status = _("{board}: click a free place next to the layout").format(board=text)
        elif element is self.lists.get("tools"):
            self.board.tool = next(k for k, label in TOOLS if _(label) == text)
            self.rebuild()
        elif element is self.lists.get("layout_tools"):
            self.layout.tool = next(k for k, label in LAYOUT_TOOLS if _(label) == text)
            self.status = _(LAYOUT_TOOL_HINTS[self.layout.tool])
            self.rebuild()
        elif element is self.lists.get("options") and self.painter().tool != "select":
            self.choose_option(text)

    def text_entered(self, element: object, finished: bool) -> None:
        e = self.entries
        if element is e.get("zone_name"):
            self.board.zone_name = e["zone_name"].get_text().strip()
            if finished:  # an existing zone: its kind, properties and a new name
                zone = self.board.doc.board.zone(self.board.zone_name)
                if zone is not None:
                    self.board.zone_kind = zone.kind
                self.rebuild()
            return
        if not finished:
            return
        if element is e.get("zone_props"):
            self.zone_properties(e["zone_props"].get_text())
            return
        if element is e.get("zone_rename"):
            self.zone_rename(e["zone_rename"].get_text())
            return
        if element is e.get("layout_name"):
            name = e["layout_name"].get_text().strip()
            if name != self.layout.doc.name:
                self.layout.do(ld.SetLayoutName(name))
        elif element is e.get("board_name"):
            name = e["board_name"].get_text().strip()
            if name != self.board.doc.board.name:
                self.board.do(bd.SetBoardInfo((("name", name),)))
        elif element is e.get("board_id"):
            ident = e["board_id"].get_text().strip()
            if ident != self.board.doc.board.id:
                self.board.do(bd.SetBoardInfo((("id", ident),)))
        self.status = self.mode.message
        self.refresh_buttons()

    def zone_properties(self, text: str) -> None:
        """Set the named zone's properties from `side=top, turn=3` (Enter in *Props*)."""
        mode = self.board
        try:
            properties = bd.parse_properties(text)
            edit = bd.set_zone_properties(mode.doc, mode.zone_name, properties)
        except EditError as exc:
            self.status = _("Properties not set: {why}").format(why=exc)
            return
        if edit is not None and mode.do(edit):
            said = bd.properties_text(properties) or _("none")
            self.status = _("Zone {zone}: {properties}").format(
                zone=mode.zone_name, properties=said
            )
        self.refresh_buttons()

    def zone_rename(self, text: str) -> None:
        """Rename the named zone (Enter in *Rename*); painting then goes on in it."""
        mode = self.board
        if text.strip() == mode.zone_name:
            return
        try:
            edit = bd.rename_zone(mode.doc, mode.zone_name, text)
        except EditError as exc:
            self.status = _("Not renamed: {why}").format(why=exc)
            return
        if mode.do(edit):
            mode.zone_name = text.strip()
            self.status = mode.message
        self.rebuild()

    def close_requested(self) -> Result:
        if not self.unsaved():
            self.clear_autosaves()
            return Quit()
        result = self.confirm_then(self.modes(), "leave")
        return result

    # -- time and drawing ------------------------------------------------------------

    def update(self, dt: float) -> Result:
        control = self.mode.control
        if control is not None:
            control.update(dt)
        self.autosave_timer += dt
        if self.autosave_timer >= AUTOSAVE_SECONDS:
            self.autosave_timer = 0.0
            self.autosave()
        texts = [p.text() for p in self.mode.problems]
        if texts != self.shown_problems and self.problem_box is not None:
            self.shown_problems = texts
            self.problem_box.set_text(self.problems_html())
        return None

    def draw(self, screen: pygame.Surface) -> None:
        screen.fill((16, 13, 11))
        control = self.mode.control
        if control is not None:
            control.draw(screen)
            clip = screen.get_clip()
            screen.set_clip(control.viewport)
            try:
                self.mode.draw_overlay(screen)
            finally:
                screen.set_clip(clip)
        w, h = screen.get_size()
        draw_lines(
            screen,
            self.mode.hover_lines(),
            pygame.Rect(w - RIGHT + 12, TOP + 84 + (h - TOP - STATUS) // 2, RIGHT - 24, 400),
        )

    def draw_overlay(self, screen: pygame.Surface) -> None:
        """Over the widgets: the status line (a long one wraps upward over the panels)
        and the key help."""
        w, h = screen.get_size()
        title = self.mode.title()
        line = f"{title} •" if self.mode.modified else title
        if self.status and self.status != title:  # a mode's switch says its title once
            line = f"{line}   —   {self.status}"
        draw_status(screen, line, pygame.Rect(10, h - STATUS + 6, w - 20, STATUS - 6))
        if self.help:
            rows = [(pgettext("key", keys), _(does)) for keys, does in HELP_ROWS]
            draw_key_help(screen, rows, (w // 2, h // 2), title=_("Map editor"))


def painted_not_saved(board_file: Path) -> str:
    """Why a board painted on the layout does not open in board mode yet."""
    return _(
        "{file} is painted on the layout and not saved: save the layout first (it saves its "
        "painted boards)"
    ).format(file=board_file.name)


def _slug(text: str) -> str:
    out = "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")
    return out or "untitled"
