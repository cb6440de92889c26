"""The client's menu screens: main menu, scenario picker, load game, settings, and the
confirmation dialog that wraps any scene (the map editor is `ui/editor_scene.py`).
"""

from __future__ import annotations

import datetime as dt
import html
import secrets
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIHorizontalSlider,
    UIImage,
    UILabel,
    UISelectionList,
    UITextBox,
)

from dragonnoir import rules_folder
from dragonnoir.engine.state import Side
from dragonnoir.i18n import LANGUAGE_NAMES, N_, _, available, current, ngettext
from dragonnoir.narration.names import data_name
from dragonnoir.render import fonts
from dragonnoir.ui import library
from dragonnoir.ui.app import App, Pop, Quit, Reset, Result, Scene
from dragonnoir.ui.dialogs import Choice, ConfirmDialog
from dragonnoir.ui.rules_panel import ours_notice
from dragonnoir.ui.rules_status import rules_or_reason, rules_status
from dragonnoir.ui.settings import (
    DEFENSIVE_FIRE_ORDERS,
    OFF_AT_0,
    WINDOW_SIZES,
    Settings,
    hold_text,
    next_hold,
    next_order,
)
from dragonnoir.ui.storage import autosave_path
from dragonnoir.ui.words import feature_words, side_name

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game
    from dragonnoir.engine.tables import RulesData
    from dragonnoir.ui.game_scene import GameScene

MENU_BUTTON = ObjectID(class_id="@menu_button")
#: The height of the picker's "who plays" rows (ui/player_choice.py: `ROWS_H`).
PLAYER_ROWS_H = 90


def _label(text: str, rect: pygame.Rect, root: UIContainer, manager: object, oid: str) -> UILabel:
    return UILabel(rect, text, manager, container=root, object_id=ObjectID(object_id=oid))  # type: ignore[arg-type]


def _pressed(event: pygame.event.Event, button: UIButton | None) -> bool:
    return (
        button is not None
        and event.type == pygame_gui.UI_BUTTON_PRESSED
        and event.ui_element is button
    )


def load_with_rules(
    path: Path, rules: RulesData, *, unverified: bool = False
) -> tuple[Game, list[str]]:
    """The game saved at `path` (SaveError when it cannot be loaded) and what differs
    between the rules data it was played with, which it keeps, and `rules`.

    `unverified`: the player chose to go on from the position as saved when the replay
    check fails (engine/unverified.py); a save that now checks out loads as usual."""
    from dragonnoir.engine.save import SaveError, check_save

    check = check_save(path, rules=rules)
    game = check.game if check.ok else check.snapshot if unverified else None
    if game is None:
        raise check.problems[0] if check.problems else SaveError(path, "the replay did not finish")
    return game, check.warnings


#: The choice that goes on from a save's position as it stands, its replay check failed.
GO_ON_UNVERIFIED = N_("Go on unverified")


def game_scene_with_warnings(scene: GameScene, warnings: list[str]) -> GameScene:
    """`scene` saying, under the map and in the log, that the game keeps the rules data
    it was played with (the Load list shows every difference before loading)."""
    for warning in warnings:
        scene.note_in_log(_("Rules data: {warning}").format(warning=warning), colour="#ff9a6a")
    if warnings:
        scene.message(_("Rules data: {warning}").format(warning=warnings[0]), refused=True)
    return scene


# -- main menu ----------------------------------------------------------------------------


class MainMenu(Scene):
    title = N_("Main menu")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.message = ""
        self.buttons: dict[str, UIButton] = {}
        self._backdrop: pygame.Surface | None = None
        #: Which rules data is in use and where the player's own files go.
        self.rules_label: UITextBox | None = None
        #: That the tables and values are ours, not the box's (`ours_notice`).
        self.ours_label: UITextBox | None = None
        #: Whether the player's own rules files have been checked: not before the app's
        #: first frame (loading them takes 0.1-0.3 s), at the first update after it.
        self.rules_checked = False

    def build(self, root: UIContainer) -> None:
        w, h = self.app.size
        _label("Dragon Noir 2", pygame.Rect(0, h // 2 - 290, w, 64), root, self.manager, "#title")
        _label(
            _("L'Épreuve — two players at one screen, or against the AI"),
            pygame.Rect(0, h // 2 - 226, w, 34),
            root,
            self.manager,
            "#subtitle",
        )
        items = (
            ("new", _("New game")),
            ("load", _("Load game")),
            ("continue", _("Continue")),
            ("watch", _("Watch a replay")),
            ("campaign", _("Campaign")),
            ("pbem", _("Play by e-mail")),
            ("editor", _("Map editor")),
            ("settings", _("Settings")),
            ("quit", _("Quit")),
        )
        bw, gap = 320, 8
        y = h // 2 - 180
        # 42 px buttons, closer in a small window: the last clear of the notes under them
        bh = min(42, (h - 118 - y) // len(items) - gap)
        self.buttons = {}
        for key, text in items:
            rect = pygame.Rect((w - bw) // 2, y, bw, bh)
            self.buttons[key] = UIButton(
                rect, text, self.manager, container=root, object_id=MENU_BUTTON
            )
            y += bh + gap
        if not autosave_path().is_file():
            self.buttons["continue"].disable()  # type: ignore[no-untyped-call]
        rules_line, rules_refusal = rules_status(check=self.rules_checked)
        if rules_refusal:
            for key in ("new", "load", "continue", "watch", "campaign", "pbem"):
                self.buttons[key].disable()  # type: ignore[no-untyped-call]
        self.rules_label = UITextBox(
            html.escape(rules_line),
            pygame.Rect(12, h - 58, w - 24, 52),
            self.manager,
            container=root,
            object_id=ObjectID(object_id="#rules_line"),
        )
        # whose tables and values these are, and how to play with the box's own
        self.ours_label = UITextBox(
            html.escape(ours_notice()),
            pygame.Rect(12, h - 114, w - 24, 58),
            self.manager,
            container=root,
            object_id=ObjectID(object_id="#rules_line"),
        )
        lines = [m for m in (self.app.settings_warning, rules_refusal, self.message) if m]
        if lines:
            UITextBox(
                "<br>".join(html.escape(m) for m in lines),
                pygame.Rect(40, y + 16, w - 80, min(112, max(48, h - 118 - y - 16))),
                self.manager,
                container=root,
                object_id=ObjectID(object_id="#warning"),
            )

    def update(self, dt: float) -> Result:
        if not self.rules_checked and self.app.frames:  # after the first frame is shown
            self.rules_checked = True
            if rules_folder.look().own:
                self.rebuild()  # now with the check: a file that cannot be used turns play off
        return None

    def handle(self, event: pygame.event.Event) -> Result:
        b = self.buttons
        if _pressed(event, b.get("new")):
            return ScenarioPicker(self.app)
        if _pressed(event, b.get("load")):
            return LoadScene(self.app)
        if _pressed(event, b.get("continue")):
            return self.continue_game()
        if _pressed(event, b.get("watch")):
            return self.app.screens.watch_replay(self.app)
        if _pressed(event, b.get("campaign")):
            return self.app.screens.campaign_menu(self.app)
        if _pressed(event, b.get("pbem")):
            return self.app.screens.pbem_menu(self.app)
        if _pressed(event, b.get("editor")):
            return self.app.screens.editor(self.app)
        if _pressed(event, b.get("settings")):
            return SettingsScene(self.app)
        if _pressed(event, b.get("quit")):
            return Quit()
        if event.type == pygame.DROPFILE and str(event.file).lower().endswith(".dnturn"):
            return self.app.screens.pbem_menu(self.app, Path(event.file))  # a turn file
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Quit()
        return None

    def continue_game(self) -> Result:
        """Load the autosave; a broken one is reported here, not raised. Its intact
        backup is offered, and when its replay check failed (engine/unverified.py) its
        position as saved, marked unverified."""
        from dragonnoir.engine.save import check_save  # the first frame loads no engine

        try:
            rules = rules_folder.rules_in_use()
        except rules_folder.RulesFolderError:
            self.rebuild()  # the menu says why
            return None
        check = check_save(autosave_path(), rules=rules)

        def play(game: Game, warnings: list[str]) -> Result:
            scene = self.app.screens.game(self.app, game, restore_view=True)
            return game_scene_with_warnings(scene, warnings)

        if check.ok and check.game is not None:
            return play(check.game, check.warnings)
        choices: list[Choice] = []
        if check.fault is not None:
            self.message = _(
                "Cannot continue: the autosave does not check out (Continue again says why)."
            )
            text = library.replay_said(check)
            if (snapshot := check.snapshot) is not None:
                choices.append((_(GO_ON_UNVERIFIED), lambda: play(snapshot, check.warnings)))
        else:
            problem = check.problems[0] if check.problems else _("the replay did not finish")
            self.message = _("Cannot continue: {why}").format(why=" ".join(str(problem).split()))
            text = self.message
        backup = library.backup_entry(autosave_path(), rules)
        if backup is not None and backup.game is not None:
            when = dt.datetime.fromtimestamp(backup.modified).strftime("%Y-%m-%d %H:%M")
            state = backup.label.split(": ", 1)[-1]
            intact = _("Its backup, written {when}, is intact ({state}).")
            text += "\n\n" + intact.format(when=when, state=state)
            choices.append(
                (_("Continue from backup"), lambda: self._from_backup(backup.path, rules))
            )
        if not choices:
            self.rebuild()
            return None
        if check.fault is None:
            text += " " + _("Continue from the backup?")
        if check.fault:
            title = _("The autosave does not check out")
        else:
            title = _("The autosave is damaged")
        return ConfirmDialog(self.app, self, title, text, [*choices, (_("Cancel"), lambda: None)])

    def _from_backup(self, path: Path, rules: RulesData) -> Result:
        from dragonnoir.engine.save import SaveError  # the first frame loads no engine

        try:
            restored, notes = load_with_rules(path, rules)
        except SaveError as err:
            self.message = _("Cannot continue: {why}").format(why=" ".join(str(err).split()))
            self.rebuild()
            return None
        scene = self.app.screens.game(self.app, restored, restore_view=True)
        return game_scene_with_warnings(scene, notes)

    def draw(self, screen: pygame.Surface) -> None:
        size = screen.get_size()
        if self._backdrop is None or self._backdrop.get_size() != size:
            self._backdrop = hex_backdrop(size)  # drawn once per window size, not per frame
        screen.blit(self._backdrop, (0, 0))


def hex_backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The main menu's background: a faint hex pattern on the dark ground."""
    surface = pygame.Surface(size)
    surface.fill((16, 13, 11))
    w, h = size
    r = 36
    corners = [pygame.math.Vector2(0, -1).rotate(60 * i) * r for i in range(6)]
    for row in range(-1, h // (r * 3 // 2) + 2):
        for col in range(-1, w // int(r * 1.732) + 2):
            cx = col * r * 1.732 + (row % 2) * r * 0.866
            cy = row * r * 1.5
            pts = [(cx + c.x, cy + c.y) for c in corners]
            pygame.draw.polygon(surface, (30, 25, 20), pts, 1)
    return surface


# -- scenario picker ----------------------------------------------------------------------

#: The picker's list: its item font (theme.json, "@selection_list_item"), the room its
#: items keep left and right, the scroll bar's, and its narrowest width.
LIST_ITEM_PX = 16
LIST_ITEM_ROOM = 2 * 10 + 20 + 8
LIST_NARROWEST = 300


def picker_list_width(labels: list[str], window_w: int) -> int:
    """The scenario list as wide as its longest name needs (issue 45 §3: names were cut),
    within 300 pixels and two fifths of the window."""
    font = fonts.ui_font(LIST_ITEM_PX)
    widest = max((font.size(label)[0] for label in labels), default=0) + LIST_ITEM_ROOM
    return max(LIST_NARROWEST, min(widest, window_w * 2 // 5))


class ScenarioPicker(Scene):
    title = N_("New game")

    def __init__(self, app: App, folder: Path | None = None, seed: int | None = None) -> None:
        super().__init__(app)
        self.rules, self.rules_error = rules_or_reason()
        self.entries = library.scenarios(folder, self.rules) if self.rules is not None else []
        self.selected = next((i for i, e in enumerate(self.entries) if e.scenario), 0)
        self.seed = seed
        self.list: UISelectionList | None = None
        self.start: UIButton | None = None
        self.back: UIButton | None = None
        #: Who plays each seat: a person, or the AI at a level (the last choice, kept
        #: in the settings, is offered again). Imported here: the main menu's first
        #: frame loads no engine (tests/test_lazy_imports.py).
        from dragonnoir.ui.player_choice import PlayerChoice

        self.choice = PlayerChoice(app)

    @property
    def entry(self) -> library.ScenarioEntry | None:
        return self.entries[self.selected] if self.entries else None

    def build(self, root: UIContainer) -> None:
        w, h = self.app.size
        _label(_("Choose a scenario"), pygame.Rect(30, 20, 500, 40), root, self.manager, "#heading")
        labels: list[str | tuple[str, str]] = [e.label for e in self.entries]
        list_w = picker_list_width([e.label for e in self.entries], w)
        self.list = UISelectionList(
            pygame.Rect(30, 76, list_w, h - 170),
            labels,
            self.manager,
            container=root,
            default_selection=labels[self.selected] if labels else None,
        )
        x = 30 + list_w + 24
        right_w = w - x - 30
        thumb_h = min(int((h - 170) * 0.55), 460)
        entry = self.entry
        if entry is not None and entry.scenario is not None:
            image = library.thumbnail(entry, (right_w, thumb_h))
            iw, ih = image.get_size()
            UIImage(
                pygame.Rect(x + (right_w - iw) // 2, 76, iw, ih),
                image,
                self.manager,
                container=root,
            )
            text = self.details_html(entry)
        elif entry is not None:
            text = f"<font color='#ff9a6a'>{html.escape(entry.error)}</font>"
        elif self.rules_error:
            text = f"<font color='#ff9a6a'>{html.escape(self.rules_error)}</font>"
        else:
            text = html.escape(_("No scenarios in {folder}.").format(folder=library.SCENARIO_DIR))
        text_top = 76 + thumb_h + 12
        UITextBox(
            text,
            pygame.Rect(x, text_top, right_w, max(40, h - 170 - thumb_h - 12 - PLAYER_ROWS_H)),
            self.manager,
            container=root,
        )
        self.choice.build(
            root,
            pygame.Rect(x, h - 94 - PLAYER_ROWS_H + 8, right_w, PLAYER_ROWS_H - 8),
            pygame.Rect(200, h - 70, max(100, w - 450), 40),
        )
        self.back = UIButton(
            pygame.Rect(30, h - 74, 160, 46), _("Back"), self.manager, container=root
        )
        self.start = UIButton(
            pygame.Rect(w - 230, h - 74, 200, 46),
            _("Start"),
            self.manager,
            container=root,
            object_id=MENU_BUTTON,
        )
        if entry is None or entry.scenario is None:
            self.start.disable()  # type: ignore[no-untyped-call]

    def details_html(self, entry: library.ScenarioEntry) -> str:
        scenario = entry.scenario
        assert scenario is not None
        roster = self.rules.roster if self.rules is not None else None
        parts = [f"<b>{html.escape(scenario.title())}</b><br>"]
        if scenario.turn_limit:
            turns = ngettext("{n} game turn", "{n} game turns", scenario.turn_limit)
            limit = turns.format(n=scenario.turn_limit)
        else:
            limit = _("no turn limit")
        boards = scenario.boards()
        length = [limit, ngettext("{n} board", "{n} boards", boards).format(n=boards)]
        if scenario.size:
            length.insert(0, scenario.words(scenario.size))
        said = html.escape(", ".join(length))
        head = html.escape(_("Length:"))
        parts.append(f"<font color='#c9a45a'>{head}</font> {said}<br>")
        features = [feature_words(f) for f in scenario.features()]
        if features:
            said = html.escape(", ".join(features))
            head = html.escape(_("Features:"))
            parts.append(f"<font color='#c9a45a'>{head}</font> {said}<br>")
        ours = _(
            "Our scenario, on our boards, with our tables and counter values, not the box's: "
            "to play with your Game Sheet's values, put them in your rules folder ({folder})."
        ).format(folder=rules_folder.rules_dir())
        parts.append(f"<i><font color='#8f806a'>{html.escape(ours)}</font></i><br>")
        briefing = scenario.briefing_in()
        if briefing:
            parts.append(f"<br>{html.escape(' '.join(briefing.split()))}<br><br>")
        for side in (Side.ADVENTURERS, Side.KROBS, Side.GHARVS):
            units = [u for u in scenario.units if u.side is side]
            if not units:
                continue
            names = []
            for u in units:
                counter = roster.get(u.kind) if roster is not None else None
                given = scenario.names.get(u.id)
                if given:
                    names.append(scenario.words(given))
                elif counter is not None:
                    names.append(data_name(counter.name, current()))
                else:
                    names.append(u.kind)
            colour = "#7fa8ee" if side is Side.ADVENTURERS else "#ee7f6a"
            parts.append(
                f"<font color='{colour}'><b>{html.escape(side_name(side))}</b></font> "
                f"({len(units)}): {html.escape(', '.join(names))}<br>"
            )
        return "".join(parts)

    def handle(self, event: pygame.event.Event) -> Result:
        if _pressed(event, self.back) or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        ):
            return Pop()
        if _pressed(event, self.start) or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN
        ):
            return self.start_game()
        if self.choice.handle(event):
            self.rebuild()
            return None
        if (
            event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION
            and event.ui_element is self.list
        ):
            labels = [e.label for e in self.entries]
            if event.text in labels:
                self.selected = labels.index(event.text)
                self.rebuild()
        return None

    def start_game(self) -> Result:
        entry = self.entry
        if entry is None or entry.scenario is None:
            return None
        seed = self.seed if self.seed is not None else secrets.randbelow(2**31)
        game = entry.scenario.new_game(seed, self.rules)
        game.players = self.choice.for_game()
        self.choice.remember()
        return Reset(self.app.screens.game(self.app, game, new=True))


# -- load game ------------------------------------------------------------------------------


def _fit_line(text: str, room: int) -> str:
    """`text` cut to `room` characters with an ellipsis (a list cuts long lines at its
    edge, mid-word, without one)."""
    return text if len(text) <= room else text[: room - 1].rstrip() + "…"


class LoadScene(Scene):
    title = N_("Load game")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rules, self.rules_error = rules_or_reason()
        self.entries = library.saves(rules=self.rules) if self.rules is not None else []
        self.selected: int | None = next((i for i, e in enumerate(self.entries) if e.ok), None)
        self.list: UISelectionList | None = None
        self.load: UIButton | None = None
        self.back: UIButton | None = None
        self.detail: UITextBox | None = None

    def build(self, root: UIContainer) -> None:
        w, h = self.app.size
        _label(_("Load a game"), pygame.Rect(30, 20, 500, 40), root, self.manager, "#heading")
        labels: list[str | tuple[str, str]] = list(self.labels())
        chosen = labels[self.selected] if self.selected is not None else None
        self.list = UISelectionList(
            pygame.Rect(30, 76, w - 60, h - 260),
            labels,
            self.manager,
            container=root,
            default_selection=chosen,
        )
        if self.entries:
            detail = self.detail_html()
        elif self.rules_error:
            detail = f"<font color='#ff9a6a'>{html.escape(self.rules_error)}</font>"
        else:
            detail = html.escape(_("No saved games yet (Ctrl+S saves during a game)."))
        self.detail = UITextBox(
            detail, pygame.Rect(30, h - 174, w - 60, 90), self.manager, container=root
        )
        self.back = UIButton(
            pygame.Rect(30, h - 74, 160, 46), _("Back"), self.manager, container=root
        )
        self.load = UIButton(
            pygame.Rect(w - 230, h - 74, 200, 46),
            _("Load"),
            self.manager,
            container=root,
            object_id=MENU_BUTTON,
        )
        if self.selected is None or self._loadable(self.entries[self.selected]) is None:
            self.load.disable()  # type: ignore[no-untyped-call]

    def _loadable(self, entry: library.SaveEntry) -> library.SaveEntry | None:
        """The entry itself (loaded, or its position offered unverified), or for a
        damaged save its intact backup, or None."""
        if entry.ok or entry.unverified is not None:
            return entry
        return library.backup_entry(entry.path, self.rules)

    def labels(self) -> list[str]:
        """The list's lines, cut to its width (the detail box below has them whole)."""
        room = max(20, (self.app.size[0] - 100) // 8)
        return [_fit_line(e.label, room) for e in self.entries]

    def detail_html(self) -> str:
        if self.selected is None:
            return html.escape(_("Choose a save."))
        e = self.entries[self.selected]
        if not e.ok:
            text = f"<font color='#ff9a6a'>{html.escape(e.error)}</font>"
            backup = library.backup_entry(e.path, self.rules)
            if backup is not None:
                opens = _("Load offers it too.") if e.unverified else _("Load opens the backup.")
                intact = _("Its backup {file} is intact: {opens}").format(
                    file=backup.path.name, opens=opens
                )
                text += f"<br>{html.escape(intact)}"
            return text
        notes = "".join(f"<br><i>{html.escape(n)}</i>" for n in e.notes)
        return f"{html.escape(str(e.path))}{notes}"

    def handle(self, event: pygame.event.Event) -> Result:
        if _pressed(event, self.back) or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        ):
            return Pop()
        if _pressed(event, self.load):
            return self.load_selected()
        if (
            event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION
            and event.ui_element is self.list
        ):
            labels = self.labels()
            if event.text in labels:
                self.selected = labels.index(event.text)
                self.rebuild()
        return None

    def load_selected(self) -> Result:
        if self.selected is None:
            return None
        entry = self._loadable(self.entries[self.selected])
        if entry is None or self.rules is None:
            return None
        if entry.game is None and entry.unverified is not None:
            return self._ask_unverified(entry)
        return self._open(entry)

    def _ask_unverified(self, entry: library.SaveEntry) -> Result:
        """A save whose replay check failed: say why, and let the player go on from its
        position as saved (marked unverified), open its intact backup, or not."""
        choices: list[Choice] = [(_(GO_ON_UNVERIFIED), lambda: self._open(entry, unverified=True))]
        backup = library.backup_entry(entry.path, self.rules)
        if backup is not None:
            choices.append((_("Open the backup"), lambda: self._open(backup)))
        text = entry.error
        if backup is not None:
            text += "\n\n" + _("Its backup {file} is intact.").format(file=backup.path.name)
        choices.append((_("Cancel"), lambda: None))
        return ConfirmDialog(self.app, self, _("This save does not check out"), text, choices)

    def _open(self, entry: library.SaveEntry, *, unverified: bool = False) -> Result:
        from dragonnoir.engine.save import SaveError  # the first frame loads no engine

        assert self.rules is not None
        # The list's game was replayed from the file; replay again so the loaded game
        # owns fresh state even if the list is reused.
        try:
            game, warnings = load_with_rules(entry.path, self.rules, unverified=unverified)
        except SaveError as exc:
            entry.error = " ".join(str(exc).split())
            self.rebuild()
            return None
        is_auto = entry.path.name.startswith(autosave_path().name)
        scene = self.app.screens.game(self.app, game, save_path=None if is_auto else entry.path)
        return Reset(game_scene_with_warnings(scene, warnings))


# -- settings ---------------------------------------------------------------------------------


class SettingsScene(Scene):
    title = N_("Settings")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.draft = app.settings.model_copy()
        self.error = ""
        self.widgets: dict[str, object] = {}

    def language_names(self) -> dict[str, str]:
        """The languages offered, by code ("" the system's), each by its own name."""
        names = {"": _("The system's language")}
        for code in available():
            names[code] = LANGUAGE_NAMES.get(code, code)
        if self.draft.language and self.draft.language not in names:
            names[self.draft.language] = self.draft.language
        return names

    def build(self, root: UIContainer) -> None:
        w, h = self.app.size
        d = self.draft
        m = self.manager
        _label(_("Settings"), pygame.Rect(30, 20, 500, 40), root, m, "#heading")
        captions = {
            "language": _("Language"),
            "size": _("Window size"),
            "fullscreen": _("Fullscreen"),
            "handover": _("Hand-over screen between turns"),
            "auto_pass": _("Phases with nothing to do"),
            "spell_every_window": _("Spells in the Krob turn"),
            "defensive_fire": _("Defensive fire in the Krob turn"),
            "result_hold": _("After a result, the hand-over waits"),
            "scroll_speed": _("Scroll speed"),
            "zoom_speed": _("Zoom speed"),
            "animation_speed": _("Animation speed (0: off)"),
            "move_slide": _("Moves slide (0: off)"),
            "sound_volume": _("Sound volume"),
            "sound_muted": _("Sound"),
        }
        font = m.get_theme().get_font(["label"])
        caption_w = max(font.size(text)[0] for text in captions.values()) + 2 * 4 + 8
        x0 = max(20, min(w // 2 - 330, w - caption_w - 420))
        x1 = max(x0 + caption_w + 10, w // 2 - 40)
        y = 80
        row = max(30, min(56, (h - 80 - 90) // len(captions)))
        tall = min(40, row - 4)

        def caption(key: str) -> None:
            UILabel(pygame.Rect(x0, y, x1 - x0 - 10, tall), captions[key], m, container=root)

        def toggle(key: str, text: str) -> None:
            caption(key)
            self.widgets[key] = UIButton(
                pygame.Rect(x1, y, 300, tall),
                text,
                m,
                container=root,
                tool_tip_text=_("Click to change: {what}").format(what=captions[key]),
            )

        names = self.language_names()
        caption("language")
        self.widgets["language"] = UIDropDownMenu(
            list(names.values()),
            names[d.language],
            pygame.Rect(x1, y, 300, tall),
            m,
            container=root,
        )
        y += row
        sizes: list[str | tuple[str, str]] = [f"{a} x {b}" for a, b in WINDOW_SIZES]
        current = f"{d.window_width} x {d.window_height}"
        if current not in sizes:
            sizes.append(current)
        caption("size")
        self.widgets["size"] = UIDropDownMenu(
            sizes, current, pygame.Rect(x1, y, 300, tall), m, container=root
        )
        y += row
        toggle("fullscreen", _("On") if d.fullscreen else _("Off"))
        y += row
        toggle("handover", _("Always") if d.handover else _("Only with hidden information"))
        y += row
        toggle("auto_pass", _("Pass by themselves") if d.auto_pass else _("Wait for End phase"))
        y += row
        every = _("Offer at every window") if d.spell_every_window else _("Only when I press M")
        toggle("spell_every_window", every)
        y += row
        toggle("defensive_fire", _(DEFENSIVE_FIRE_ORDERS[d.defensive_fire]))
        y += row
        toggle("result_hold", hold_text(d.result_hold))
        y += row
        for key in ("scroll_speed", "zoom_speed", "animation_speed", "move_slide", "sound_volume"):
            caption(key)
            volume = key == "sound_volume"
            lo, hi = (0.0, 100.0) if volume else (0.0 if key in OFF_AT_0 else 0.25, 4.0)
            self.widgets[key] = UIHorizontalSlider(
                pygame.Rect(x1, y, 300, tall),
                float(getattr(d, key)),
                (lo, hi),
                m,
                container=root,
                click_increment=5 if volume else 0.25,
            )
            value = f"{d.sound_volume}" if volume else f"{getattr(d, key):.2f}x"
            UILabel(pygame.Rect(x1 + 310, y, 80, tall), value, m, container=root)
            y += row
        toggle("sound_muted", _("Muted") if d.sound_muted else _("On"))
        y += row
        if self.error:
            UILabel(
                pygame.Rect(x0, y, w - 2 * x0, 30),
                self.error,
                m,
                container=root,
                object_id=ObjectID(object_id="#warning"),
            )
        self.widgets["back"] = UIButton(
            pygame.Rect(30, h - 74, 160, 46), _("Back"), m, container=root
        )
        self.widgets["save"] = UIButton(
            pygame.Rect(w - 230, h - 74, 200, 46),
            _("Save"),
            m,
            tool_tip_text=_("Keep these settings"),
            container=root,
            object_id=MENU_BUTTON,
        )

    #: The settings a button turns on and off.
    TOGGLES = ("fullscreen", "handover", "auto_pass", "spell_every_window", "sound_muted")

    def handle(self, event: pygame.event.Event) -> Result:
        wd = self.widgets
        if _pressed(event, wd.get("back")) or (  # type: ignore[arg-type]
            event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        ):
            return Pop()
        if _pressed(event, wd.get("save")):  # type: ignore[arg-type]
            error = self.app.apply_settings(self.draft.model_copy())
            if error:
                self.error = error
                self.rebuild()
                return None
            return Pop()
        for key in self.TOGGLES:
            if _pressed(event, wd.get(key)):  # type: ignore[arg-type]
                setattr(self.draft, key, not getattr(self.draft, key))
                self.rebuild()
                return None
        if _pressed(event, wd.get("defensive_fire")):  # type: ignore[arg-type]
            self.draft.defensive_fire = next_order(self.draft.defensive_fire)
            self.rebuild()
            return None
        if _pressed(event, wd.get("result_hold")):  # type: ignore[arg-type]
            self.draft.result_hold = next_hold(self.draft.result_hold)
            self.rebuild()
            return None
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is wd.get("size"):
                a, b = (int(v) for v in event.text.split(" x "))
                self.draft.window_width, self.draft.window_height = a, b
            elif event.ui_element is wd.get("language"):
                by_name = {name: code for code, name in self.language_names().items()}
                self.draft.language = by_name.get(event.text, self.draft.language)
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            for key in ("scroll_speed", "zoom_speed", "animation_speed", "move_slide"):
                if event.ui_element is wd.get(key):
                    setattr(self.draft, key, round(float(event.value) * 4) / 4)
                    self.rebuild()
            if event.ui_element is wd.get("sound_volume"):
                self.draft.sound_volume = int(round(float(event.value) / 5) * 5)
                self.rebuild()
        return None

    @staticmethod
    def defaults() -> Settings:
        return Settings()
