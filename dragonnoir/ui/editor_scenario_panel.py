"""The map editor's scenario mode's left panel: the widgets of its tools (Forces,
Character, Counters, Deep passages, Victory, Details) and what their events do, as edits
of `editor/scenario_doc.py` through the mode (so undo and redo cover everything).
"""

from __future__ import annotations

import html
from typing import Any, Final

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

from dragonnoir.editor import scenario_doc as sd
from dragonnoir.editor.edits import EditError
from dragonnoir.editor.words import (
    AT_LIMIT_WORDS,
    BEHAVIOUR_WORDS,
    BOX_WORDS,
    COUNTER_WORDS,
    KIND_WORDS,
    SIDE_WORDS,
    STATUS_WORDS,
    data_word,
    word,
)
from dragonnoir.engine.scenario_format import GroupEntry
from dragonnoir.engine.state import AccessoryKind
from dragonnoir.i18n import N_, _
from dragonnoir.ui.editor_scenario import OBJECTIVES, ScenarioMode, zones_of
from dragonnoir.ui.editor_words import Choices

TOOLS: Final = (
    ("forces", N_("Forces (place characters)")),
    ("character", N_("Character (name, state)")),
    ("counters", N_("Counters (accessories, ?)")),
    ("passages", N_("Deep passages")),
    ("victory", N_("Victory conditions")),
    ("details", N_("Details (name, turns, briefing)")),
)
#: The group menu's own options (a group's id is never empty nor starts with "+").
NO_GROUP: Final = ""
NEW_GROUP: Final = {"adventurers": "+adventurers", "krobs": "+krobs"}
GROUP_WORDS: Final = {
    NO_GROUP: N_("No group: stands where placed"),
    NEW_GROUP["adventurers"]: N_("+ New Adventurer group"),
    NEW_GROUP["krobs"]: N_("+ New Krob group"),
}
#: How a group comes into play: placed, deployed by its player, or entering later.
HOW_WORDS: Final = {"placed": N_("Placed"), "deploys": N_("Deploys"), "enters": N_("Enters")}
AT_LIMIT: Final = ("krobs", "adventurers", "draw", "casualties")
#: The menus' "none of the file's values" options, kept as "" (no behaviour: the AI
#: decides; no [victory] table: the game ends at the turn limit with no winner; the
#: objective counter's real one drawn by the game's dice; the level of the hex).
NOTHING: Final = ""
NO_BEHAVIOUR: Final = N_("(the AI decides)")
NO_VICTORY: Final = N_("no winner")
BY_DICE: Final = N_("Drawn by the dice")
AUTO_LEVEL: Final = N_("the hex's own")
WIZARD_WORDS: Final = {"0": N_("No magic"), "1": N_("Wizard 1"), "2": N_("Wizard 2")}


def _with_nothing(said_for_nothing: str, choices: Choices) -> Choices:
    return Choices([(NOTHING, _(said_for_nothing)), *choices.options])


def _on_off(on: bool) -> str:
    return _("on") if on else _("off")


class ScenarioPanel:
    """The scenario mode's widgets (left panel) and what their events do."""

    def __init__(self, mode: ScenarioMode) -> None:
        self.mode = mode
        self.buttons: dict[str, UIButton] = {}
        self.lists: dict[str, UISelectionList] = {}
        self.entries: dict[str, UITextEntryLine] = {}
        self.menus: dict[str, UIDropDownMenu] = {}
        #: Each list's and menu's options: the values kept and the words shown.
        self.choices: dict[str, Choices] = {}
        self.briefing: UITextEntryBox | None = None
        self.form: dict[str, str] = {"side": "adventurers", "kind": "exit"}
        #: Set when a widget change needs the panel built again (the scene does it).
        self.rebuild = False

    # -- building ------------------------------------------------------------------------

    def build(self, root: UIContainer, manager: pygame_gui.UIManager, rect: pygame.Rect) -> None:
        self.buttons, self.lists, self.entries, self.menus = {}, {}, {}, {}
        self.choices = {}
        self.briefing = None
        mode = self.mode
        tools = Choices((key, _(label)) for key, label in TOOLS)
        list_rect = pygame.Rect(rect.x, rect.y, rect.w, len(TOOLS) * 26 + 8)
        self._list("tools", tools, mode.tool, list_rect, root, manager)
        y = rect.y + len(TOOLS) * 26 + 16
        body = pygame.Rect(rect.x, y, rect.w, rect.bottom - y)
        getattr(self, f"build_{mode.tool}")(root, manager, body)

    def _row(self, root: UIContainer, m: Any, x: int, y: int, w: int, label: str) -> pygame.Rect:
        """A label and the rect beside it for its widget (a longer language widens it)."""
        label_w = max(84, min(w // 2, m.get_theme().get_font(["label"]).size(label)[0] + 10))
        UILabel(pygame.Rect(x, y, label_w, 30), label, m, container=root)
        return pygame.Rect(x + label_w + 2, y, w - label_w - 2, 30)

    def _entry(self, key: str, rect: pygame.Rect, text: str, root: UIContainer, m: Any) -> None:
        entry = UITextEntryLine(rect, m, container=root)
        entry.set_text(text)
        self.entries[key] = entry

    def _menu(
        self,
        key: str,
        choices: Choices,
        current: str,
        rect: pygame.Rect,
        root: UIContainer,
        m: Any,
    ) -> None:
        """A drop-down menu of `choices`, showing the words of the value `current` (a
        value the choices lack, as it is: a file's own)."""
        if choices.said(current) is None:
            choices = Choices([(current, current.replace("_", " ")), *choices.options])
        self.choices[key] = choices
        shown = choices.said(current)
        assert shown is not None
        self.menus[key] = UIDropDownMenu(choices.shown(), shown, rect, m, container=root)

    def _list(
        self,
        key: str,
        choices: Choices,
        current: str | None,
        rect: pygame.Rect,
        root: UIContainer,
        m: Any,
    ) -> None:
        """A selection list of `choices`, the value `current` selected."""
        self.choices[key] = choices
        self.lists[key] = UISelectionList(
            rect, choices.shown(), m, container=root, default_selection=choices.said(current)
        )

    def _button(
        self, key: str, text: str, rect: pygame.Rect, root: UIContainer, m: Any
    ) -> UIButton:
        self.buttons[key] = UIButton(rect, text, m, container=root)
        return self.buttons[key]

    def chosen(self, key: str, shown: str) -> str | None:
        """The value of the option of list or menu `key` whose words are `shown`."""
        choices = self.choices.get(key)
        return choices.value(shown) if choices is not None else None

    def build_forces(self, root: UIContainer, m: Any, r: pygame.Rect) -> None:
        mode, doc = self.mode, self.mode.doc
        x, y, w = r.x, r.y, r.w
        groups = Choices(
            [
                (NO_GROUP, _(GROUP_WORDS[NO_GROUP])),
                *((g.id, _group_label(g, doc.data.group)) for g in doc.data.group),
                *((v, _(GROUP_WORDS[v])) for v in NEW_GROUP.values()),
            ]
        )
        current = NO_GROUP
        if mode.new_group_side is not None:
            current = NEW_GROUP[mode.new_group_side]
        elif mode.group is not None and doc.group(mode.group) is not None:
            current = mode.group
        self._menu("group", groups, current, pygame.Rect(x, y, w, 30), root, m)
        y += 36
        self._entry("search", self._row(root, m, x, y, w, _("Find")), mode.search, root, m)
        y += 34
        list_h = 170 if mode.group is None else 110
        roster = Choices((kid, label) for label, kid in mode.roster_entries())
        self._list("roster", roster, mode.kind, pygame.Rect(x, y, w, list_h), root, m)
        y += list_h + 6
        group = doc.group(mode.group) if mode.group else None
        if group is not None:
            deploys = group.deploy is not None or bool(group.deploy_cells)
            how = "enters" if group.enter else "deploys" if deploys else "placed"
            bw = (w - 8) // 3
            for i, (key, label) in enumerate(HOW_WORDS.items()):
                rect = pygame.Rect(x + i * (bw + 4), y, bw, 30)
                b = self._button(f"how_{key}", _(label), rect, root, m)
                if key == how:
                    b.disable()  # type: ignore[no-untyped-call]
            y += 36
            if how != "placed":
                kinds = ("deployment",) if how == "deploys" else ("entry", "exit")
                names = doc.zone_names(*kinds)
                chosen_zones = zones_of(
                    group.deploy if how == "deploys" else group.enter.zone if group.enter else None
                )
                self.lists["zones"] = UISelectionList(
                    pygame.Rect(x, y, w, 96),
                    names,  # type: ignore[arg-type]
                    m,
                    container=root,
                    allow_multi_select=True,
                    default_selection=[n for n in chosen_zones if n in names] or None,
                )
                y += 100
            if how == "deploys":
                text = _("Cells: {count} (click the map: {on})").format(
                    count=len(group.deploy_cells), on=_on_off(mode.cells_tool)
                )
                self._button("cells", text, pygame.Rect(x, y, w, 30), root, m)
                y += 36
            if how == "enters" and group.enter is not None:
                row = self._row(root, m, x, y, w, _("on turn"))
                self._entry("turn", row, str(group.enter.turn), root, m)
                y += 34
            row = self._row(root, m, x, y, w, _("Group name"))
            self._entry("group_name", row, group.name, root, m)
            y += 34
            if group.side == "krobs":
                text = _("Hidden (placed in secret): yes") if group.hidden else _("Hidden: no")
                self._button("hidden", text, pygame.Rect(x, y, w, 30), root, m)
                y += 36
                row = self._row(root, m, x, y, w, _("AI"))
                behaviours = _with_nothing(
                    NO_BEHAVIOUR, Choices.of(BEHAVIOUR_WORDS, BEHAVIOUR_WORDS)
                )
                self._menu("behaviour", behaviours, group.behaviour or NOTHING, row, root, m)
                y += 34
        chosen_unit = doc.find(mode.selected) if mode.selected else None
        if chosen_unit is not None and doc.is_wizard(chosen_unit.entry.kind):
            level = doc.wizard_level(chosen_unit.unit_id)
            bw = (w - 8) // 3
            for i, (key, text) in enumerate(WIZARD_WORDS.items()):
                rect = pygame.Rect(x + i * (bw + 4), y, bw, 30)
                b = self._button(f"wiz{key}", _(text), rect, root, m)
                if (level or 0) == i:
                    b.disable()  # type: ignore[no-untyped-call]

    def build_counters(self, root: UIContainer, m: Any, r: pygame.Rect) -> None:
        mode = self.mode
        kinds = [k.value for k in sd.PLACED_ACCESSORIES] + list(OBJECTIVES)
        counters = Choices.of(kinds, COUNTER_WORDS)
        rect = pygame.Rect(r.x, r.y, r.w, len(kinds) * 26 + 8)
        self._list("counter", counters, mode.counter, rect, root, m)
        y = r.y + len(kinds) * 26 + 14
        left = [
            _("{counters}: {n}/{limit}").format(counters=word(BOX_WORDS, name), n=n, limit=limit)
            for name, n, limit in sd.box_left(mode.doc, mode.counter)
        ]
        # A line each (galleries, bridges come in several counters), under their title,
        # in a box that wraps: one label holding both was cut off in a longer language.
        said = "<br>".join(html.escape(line) for line in [_("Left in the box:"), *left])
        height = 30 + 22 * len(left)
        UITextBox(said, pygame.Rect(r.x, y, r.w, height), m, container=root)
        y += height
        y += 6
        if mode.counter == AccessoryKind.WEB.value:
            text = _("New webs hidden: yes") if mode.web_hidden else _("New webs hidden: no")
            self._button("web_hidden", text, pygame.Rect(r.x, y, r.w, 30), root, m)
        laid = sd.objective_hexes(mode.doc, mode.counter) if mode.counter in OBJECTIVES else []
        if laid:
            entry = next(o for o in mode.doc.data.objective if o.kind == mode.counter)
            choices = Choices(
                (str(i), _("{n}: cell {cell}").format(n=i + 1, cell=mode.doc.cell_of(h)))
                for i, h in enumerate(laid)
            )
            UILabel(pygame.Rect(r.x, y, r.w, 26), _("The true one"), m, container=root)
            rect = pygame.Rect(r.x, y + 28, r.w, 30)
            current = NOTHING if entry.real is None else str(entry.real)
            self._menu("real", _with_nothing(BY_DICE, choices), current, rect, root, m)

    def build_character(self, root: UIContainer, m: Any, r: pygame.Rect) -> None:
        """The selected character's entry: display name, state at the start, level."""
        mode, doc = self.mode, self.mode.doc
        x, y, w = r.x, r.y, r.w
        found = doc.find(mode.selected) if mode.selected else None
        if found is None:
            UITextBox(
                _(
                    "Click a character on the map: his display name (when two counters of "
                    "one kind need telling apart), how he starts (wounded, knocked out...) "
                    "and the level he stands at (+1: on a walkway's deck)."
                ),
                pygame.Rect(x, y, w, 120),
                m,
                container=root,
            )
            return
        entry = found.entry
        counter = doc.roster.get(entry.kind)
        name = data_word(counter.name) if counter else entry.kind
        UILabel(pygame.Rect(x, y, w, 26), f"{name} · {found.unit_id}", m, container=root)
        y += 30
        self._entry("u_name", self._row(root, m, x, y, w, _("Name")), entry.name or "", root, m)
        y += 34
        row = self._row(root, m, x, y, w, _("State"))
        self._menu("u_status", Choices.of(sd.STATUSES, STATUS_WORDS), entry.status, row, root, m)
        y += 34
        row = self._row(root, m, x, y, w, _("Wounds"))
        self._entry("u_wounds", row, str(entry.wounds), root, m)
        y += 34
        levels = Choices(
            (_level_text(lv), _level_text(lv)) for lv in sd.unit_levels(doc, found.unit_id)
        )
        current = NOTHING if entry.level is None else _level_text(entry.level)
        row = self._row(root, m, x, y, w, _("Level"))
        self._menu("u_level", _with_nothing(AUTO_LEVEL, levels), current, row, root, m)

    def build_passages(self, root: UIContainer, m: Any, r: pygame.Rect) -> None:
        """The deep passages: the list, and the chosen one's turns, way and name."""
        mode, doc = self.mode, self.mode.doc
        x, y, w = r.x, r.y, r.w
        rows = Choices(
            (
                str(i),
                _("{n}. {a} - {b}").format(n=i + 1, a=_end_text(p.ends[0]), b=_end_text(p.ends[1]))
                + ("" if p.both_ways else _(" (one way)")),
            )
            for i, p in enumerate(doc.data.passage)
        )
        chosen = (
            mode.passage if mode.passage is not None and mode.passage < len(rows.options) else None
        )
        current = None if chosen is None else str(chosen)
        self._list("passages", rows, current, pygame.Rect(x, y, w, 120), root, m)
        y += 126
        if chosen is not None:
            p = doc.data.passage[chosen]
            self._entry("p_turns", self._row(root, m, x, y, w, _("Turns")), str(p.turns), root, m)
            y += 34
            self._entry("p_name", self._row(root, m, x, y, w, _("Name")), p.name, root, m)
            y += 34
            way = _("Both ways: yes") if p.both_ways else _("Both ways: no (a to b only)")
            self._button("p_way", way, pygame.Rect(x, y, w, 30), root, m)
            y += 36
            self._button("p_remove", _("Remove the passage"), pygame.Rect(x, y, w, 30), root, m)
            y += 40
        UITextBox(
            _(
                "Click a hex (a dungeon entrance), then the other end: a deep passage between "
                "them. A click on an end chooses its passage; right click removes it."
            ),
            pygame.Rect(x, y, w, max(60, r.bottom - y)),
            m,
            container=root,
        )

    def build_victory(self, root: UIContainer, m: Any, r: pygame.Rect) -> None:
        doc, mode = self.mode.doc, self.mode
        x, y, w = r.x, r.y, r.w
        victory = doc.data.victory_or_default
        limits = _with_nothing(NO_VICTORY, Choices.of(AT_LIMIT, AT_LIMIT_WORDS))
        current = NOTHING if doc.data.victory is None else victory.at_turn_limit
        row = self._row(root, m, x, y, w, _("At limit"))
        self._menu("at_limit", limits, current, row, root, m)
        y += 34
        rows = Choices(  # (its text: in the form when chosen)
            (
                str(i),
                _("{n}. {side}: {kind}").format(
                    n=i + 1, side=word(SIDE_WORDS, c.side), kind=word(KIND_WORDS, c.kind)
                ),
            )
            for i, c in enumerate(victory.condition)
        )
        chosen = (
            str(mode.condition)
            if mode.condition is not None and mode.condition < len(rows.options)
            else None
        )
        self._list("conditions", rows, chosen, pygame.Rect(x, y, w, 96), root, m)
        y += 100
        form = self.form
        for key, label, words, default in (
            ("side", _("Side"), SIDE_WORDS, "adventurers"),
            ("kind", _("Kind"), KIND_WORDS, "exit"),
        ):
            row = self._row(root, m, x, y, w, label)
            self._menu(key, Choices.of(words, words), form.get(key, default), row, root, m)
            y += 34
        for key, label in (
            ("units", _("Units")),
            ("zones", _("Zones")),
            ("count", _("Count")),
            ("turn", _("Turn")),
            ("text", _("Text")),
        ):
            self._entry(f"c_{key}", self._row(root, m, x, y, w, label), form.get(key, ""), root, m)
            y += 34
        bw = (w - 8) // 3
        self._button("c_add", _("Add"), pygame.Rect(x, y, bw, 30), root, m)
        b1 = self._button("c_replace", _("Replace"), pygame.Rect(x + bw + 4, y, bw, 30), root, m)
        b2 = self._button(
            "c_remove", _("Remove"), pygame.Rect(x + 2 * (bw + 4), y, bw, 30), root, m
        )
        if chosen is None:
            b1.disable()  # type: ignore[no-untyped-call]
            b2.disable()  # type: ignore[no-untyped-call]

    def build_details(self, root: UIContainer, m: Any, r: pygame.Rect) -> None:
        data = self.mode.doc.data
        x, y, w = r.x, r.y, r.w
        for key, label, value in (
            ("name", _("Name"), data.name),
            ("id", _("Id"), data.id),
            ("size", _("Size"), data.size),
            (
                "turn_limit",
                _("Turn limit"),
                "" if data.turn_limit is None else str(data.turn_limit),
            ),
        ):
            self._entry(f"d_{key}", self._row(root, m, x, y, w, label), value, root, m)
            y += 34
        label = _("Briefing (Enter: a line)")
        UILabel(pygame.Rect(x, y, w, 26), label, m, container=root)
        y += 26
        self.briefing = UITextEntryBox(pygame.Rect(x, y, w, 110), data.briefing, m, container=root)
        y += 114
        self._button("d_briefing", _("Apply the briefing"), pygame.Rect(x, y, w, 30), root, m)
        y += 38
        rules = data.rules
        for i, (key, text) in enumerate(
            (
                ("gharvs", _("Gharvs: {on}").format(on=_on_off(rules.gharvs))),
                (
                    "unstable_marsh",
                    _("Unstable marsh: {on}").format(on=_on_off(rules.unstable_marsh)),
                ),
                ("babies_grow", _("Babies grow: {on}").format(on=_on_off(rules.babies_grow))),
                (
                    "deploy_first",
                    _("First to deploy: {side}").format(side=word(SIDE_WORDS, rules.deploy_first)),
                ),
            )
        ):
            self._button(f"r_{key}", text, pygame.Rect(x, y + i * 34, w, 30), root, m)

    # -- events ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """A widget event of this panel; True when it was one (the scene then shows the
        mode's message and builds the panel again if `rebuild`)."""
        mode = self.mode
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            return self.list_choice(element, event.text)
        if (
            event.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION
            and element is self.lists.get("zones")
        ):
            return self.zones_chosen()
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return self.menu_choice(element, event.text)
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element is self.entries.get("search"):
            mode.search = self.entries["search"].get_text()
            self.refresh_roster()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            return self.entry_finished(element)
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            for key, entry in self.entries.items():
                if element is entry and key.startswith("c_"):
                    self.form[key[2:]] = entry.get_text()
                    return True
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.button(element)
        return False

    def refresh_roster(self) -> None:
        roster = Choices((kid, label) for label, kid in self.mode.roster_entries())
        self.choices["roster"] = roster
        widget = self.lists.get("roster")
        if widget is not None:
            widget.set_item_list(roster.shown())

    def list_choice(self, element: object, text: str) -> bool:
        mode = self.mode
        key = next((k for k, widget in self.lists.items() if widget is element), None)
        value = self.chosen(key, text) if key is not None else None
        if key == "zones":
            return self.zones_chosen()
        if value is None:
            return False
        if key == "tools":
            mode.tool = value
            self.rebuild = True
        elif key == "roster":
            mode.kind = value
            name = text.split(" · ")[0]
            mode.message = _("{name}: click the map to place").format(name=name)
            if mode.group is not None:
                group = mode.doc.group(mode.group)
                if group is not None and (group.deploy is not None or group.enter is not None):
                    mode.message = _("{name}: click the map to add to {group}").format(
                        name=name, group=group.name or group.id
                    )
        elif key == "counter":
            mode.counter = value
            mode.message = _("{counter}: click a hex to put it there, again to take it off").format(
                counter=text
            )
            self.rebuild = True
        elif key == "passages":
            mode.passage = int(value)
            self.rebuild = True
        elif key == "conditions":
            index = int(value)
            mode.condition = index
            c = mode.doc.data.victory_or_default.condition[index]
            self.form = {
                "side": c.side,
                "kind": c.kind,
                "units": ", ".join(c.units),
                "zones": ", ".join(c.zones),
                "count": "" if c.count is None else str(c.count),
                "turn": "" if c.turn is None else str(c.turn),
                "text": c.text,
            }
            self.rebuild = True
        else:
            return False
        return True

    def zones_chosen(self) -> bool:
        mode = self.mode
        group = mode.doc.group(mode.group) if mode.group else None
        widget = self.lists.get("zones")
        if group is None or widget is None:
            return False
        names = [str(n) for n in widget.get_multi_selection()]
        if not names and group.enter is None and group.deploy_cells:
            mode.apply(sd.set_group, group.id, deploy=[])  # on its cells only
            return True
        if not names:
            mode.message = _("A group that deploys or enters needs at least one zone (or cells)")
            return True
        if group.enter is not None:
            zone: str | list[str] = names[0] if len(names) == 1 else names
            mode.apply(sd.set_group, group.id, enter={"zone": zone, "turn": group.enter.turn})
        else:
            mode.apply(sd.set_group, group.id, deploy=names)
        return True

    def menu_choice(self, element: object, text: str) -> bool:
        mode = self.mode
        key = next((k for k, widget in self.menus.items() if widget is element), None)
        value = self.chosen(key, text) if key is not None else None
        if value is None:
            return False
        if key == "group":
            mode.new_group_side = None
            mode.cells_tool = False
            mode.group = None
            if value in NEW_GROUP.values():
                mode.new_group_side = next(k for k, v in NEW_GROUP.items() if v == value)
                mode.message = _("The next character placed starts the new group")
            elif value != NO_GROUP:
                mode.group = value
            self.rebuild = True
        elif key == "behaviour" and mode.group:
            mode.apply(sd.set_group, mode.group, behaviour=value or None)
        elif key == "at_limit":
            if value == NOTHING:
                mode.apply(sd.drop_victory)
            else:
                mode.apply(sd.set_victory, at_turn_limit=value)
            self.rebuild = True
        elif key == "u_status" and mode.selected:
            mode.apply(sd.set_unit, mode.selected, status=value)
        elif key == "u_level" and mode.selected:
            mode.apply(sd.set_unit, mode.selected, level=float(value) if value else None)
        elif key == "real":
            mode.apply(sd.set_objective_real, mode.counter, int(value) if value else None)
        elif key in ("side", "kind"):
            self.form[key] = value
        else:
            return False
        return True

    def entry_finished(self, element: object) -> bool:
        mode, e = self.mode, self.entries
        if element is e.get("turn") and mode.group:
            group = mode.doc.group(mode.group)
            if group is not None and group.enter is not None:
                turn = self.whole_number("turn", _("The turn is a whole number"))
                if turn is None:
                    return True
                mode.apply(sd.set_group, group.id, enter={"zone": group.enter.zone, "turn": turn})
            return True
        if element is e.get("u_name") and mode.selected:
            mode.apply(sd.set_unit, mode.selected, name=e["u_name"].get_text())
            return True
        if element is e.get("u_wounds") and mode.selected:
            wounds = self.whole_number("u_wounds", _("Wounds are a whole number"))
            if wounds is None:
                return True
            mode.apply(sd.set_unit, mode.selected, wounds=wounds)
            return True
        if element is e.get("p_turns") and mode.passage is not None:
            refusal = _("A passage takes a whole number of game turns (1 to 20)")
            turns = self.whole_number("p_turns", refusal)
            if turns is None:
                return True
            mode.apply(sd.set_passage, mode.passage, turns=turns)
            self.rebuild = True
            return True
        if element is e.get("p_name") and mode.passage is not None:
            mode.apply(sd.set_passage, mode.passage, name=e["p_name"].get_text().strip())
            return True
        if element is e.get("group_name") and mode.group:
            mode.apply(sd.set_group, mode.group, name=e["group_name"].get_text().strip())
            return True
        for key in ("name", "id", "size", "turn_limit"):
            if element is e.get(f"d_{key}"):
                value: Any = e[f"d_{key}"].get_text().strip()
                if key == "turn_limit":
                    try:
                        value = int(value) if value else None
                    except ValueError:
                        mode.message = _(
                            "The turn limit is a whole number of game turns (empty: none)"
                        )
                        return True
                mode.apply(sd.set_info, **{key: value})
                return True
        return any(element is entry for entry in e.values())

    def whole_number(self, key: str, refusal: str) -> int | None:
        """The whole number typed in entry `key`; None, and `refusal` said, if it is not."""
        try:
            return int(self.entries[key].get_text())
        except ValueError:
            self.mode.message = refusal
            return None

    def button(self, element: object) -> bool:
        mode, b = self.mode, self.buttons
        group = mode.doc.group(mode.group) if mode.group else None
        if group is not None and element in [b.get(f"how_{how}") for how in HOW_WORDS]:
            mode.cells_tool = False
            if element is b.get("how_placed"):
                mode.apply(sd.set_group, group.id, deploy=None, enter=None, deploy_cells=[])
            elif element is b.get("how_deploys"):
                zones = mode.doc.zone_names("deployment")
                if not zones:
                    mode.cells_tool = True
                    mode.message = _(
                        "This map has no deployment zone: click the cells the group deploys on"
                    )
                else:
                    mode.apply(sd.set_group, group.id, deploy=[zones[0]])
            else:
                zones = mode.doc.zone_names("entry")
                if not zones:
                    mode.message = _("This map has no entry zone (paint one in board mode)")
                else:
                    mode.apply(sd.set_group, group.id, enter={"zone": zones[0], "turn": 2})
            self.rebuild = True
        elif group is not None and element is b.get("cells"):
            mode.cells_tool = not mode.cells_tool
            mode.message = (
                _("Clicks on the map tick the deployment cells of {group}").format(
                    group=group.name or group.id
                )
                if mode.cells_tool
                else _("Clicks on the map place characters again")
            )
            self.rebuild = True
        elif element is b.get("p_way") and mode.passage is not None:
            both = mode.doc.data.passage[mode.passage].both_ways
            mode.apply(sd.set_passage, mode.passage, both_ways=not both)
            self.rebuild = True
        elif element is b.get("p_remove") and mode.passage is not None:
            mode.apply(sd.put_passage, mode.passage, None)
            mode.passage = None
            self.rebuild = True
        elif group is not None and element is b.get("hidden"):
            mode.apply(sd.set_group, group.id, hidden=not group.hidden)
            self.rebuild = True
        elif element in (b.get("wiz0"), b.get("wiz1"), b.get("wiz2")) and mode.selected:
            level = {id(b.get("wiz0")): None, id(b.get("wiz1")): 1, id(b.get("wiz2")): 2}[
                id(element)
            ]
            mode.apply(sd.set_wizard, mode.selected, level)
            self.rebuild = True
        elif element is b.get("web_hidden"):
            mode.web_hidden = not mode.web_hidden
            self.rebuild = True
        elif element in (b.get("c_add"), b.get("c_replace")):
            self.save_condition(None if element is b.get("c_add") else mode.condition)
        elif element is b.get("c_remove") and mode.condition is not None:
            if mode.apply(sd.put_condition, mode.condition, None):
                mode.condition = None
            self.rebuild = True
        elif element is b.get("d_briefing") and self.briefing is not None:
            mode.apply(sd.set_info, briefing=self.briefing.get_text())
        elif element in [
            b.get(f"r_{k}") for k in ("gharvs", "unstable_marsh", "babies_grow", "deploy_first")
        ]:
            key = next(
                k
                for k in ("gharvs", "unstable_marsh", "babies_grow", "deploy_first")
                if b.get(f"r_{k}") is element
            )
            rules = mode.doc.data.rules
            value: Any = not getattr(rules, key)
            if key == "deploy_first":
                value = "adventurers" if rules.deploy_first == "krobs" else "krobs"
            mode.apply(sd.set_info, rules=rules.model_copy(update={key: value}).model_dump())
            self.rebuild = True
        else:
            return False
        return True

    def save_condition(self, index: int | None) -> None:
        mode, form = self.mode, self.form
        for key, entry in self.entries.items():
            if key.startswith("c_"):
                form[key[2:]] = entry.get_text()
        try:
            condition = sd.condition_from_form(
                form.get("side", "adventurers"),
                form.get("kind", "exit"),
                units=form.get("units", ""),
                count=form.get("count", ""),
                zones=form.get("zones", ""),
                turn=form.get("turn", ""),
                text=form.get("text", ""),
            )
        except EditError as exc:
            mode.message = _("Not added: {why}").format(why=exc)
            return
        if mode.apply(sd.put_condition, index, condition) and index is None:
            mode.condition = len(mode.doc.data.victory_or_default.condition) - 1
        self.rebuild = True


def _group_label(group: GroupEntry, groups: list[GroupEntry]) -> str:
    """A group as the group menu names it: its name (its id when it has none, or when
    another group has the same name) and its side."""
    said = group.name or group.id
    if group.name and sum(1 for g in groups if g.name == group.name) > 1:
        said = f"{group.name} · {group.id}"
    return f"{said} ({word(SIDE_WORDS, group.side)})"


def _level_text(level: float) -> str:
    """A level as the menu says it: "0", "+1", "-0.5"."""
    return f"{level:+g}" if level else "0"


def _end_text(end: str | tuple[int, int] | list[int]) -> str:
    return end if isinstance(end, str) else f"({end[0]}, {end[1]})"
