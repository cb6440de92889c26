"""The map editor's scenario mode's left panel: the widgets of its tools (Forces,
Character, Counters, Deep passages, Victory, Details) and what their events do, as edits
of `editor/scenario_doc.py` through the mode (so undo and redo cover everything).
"""

from __future__ import annotations

from collections.abc import Mapping
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
from dragonnoir.engine.scenario_format import ConditionKind
from dragonnoir.engine.state import AccessoryKind
from dragonnoir.ui.editor_scenario import OBJECTIVES, ScenarioMode, zones_of

TOOLS: Final = (
    ("forces", "Forces (place characters)"),
    ("character", "Character (name, state)"),
    ("counters", "Counters (accessories, ?)"),
    ("passages", "Deep passages"),
    ("victory", "Victory conditions"),
    ("details", "Details (name, turns, briefing)"),
)
NO_GROUP: Final = "No group: stands where placed"
NEW_GROUP: Final = {"adventurers": "+ New Adventurer group", "krobs": "+ New Krob group"}
HOW: Final = ("Placed", "Deploys", "Enters")
SIDES: Final = ("adventurers", "krobs")
KINDS: Final = ConditionKind.__args__  # type: ignore[attr-defined]
AT_LIMIT: Final = ("krobs", "adventurers", "draw", "casualties")
#: What the victory menus show for the file's values (docs/scenarios.md, "Victory"):
#: words short enough for the left panel's menus and list.
SIDE_WORDS: Final = {"adventurers": "Adventurers", "krobs": "Krobs"}
KIND_WORDS: Final = {
    "reach": "stand in a place",
    "exit": "get out",
    "orb_off": "Orb off the map",
    "khuzun_out": "Khuzun out",
    "sun_exit": "out by the Sun",
    "kill": "kill",
    "hold": "hold a place",
    "eliminate": "no enemy left",
}
AT_LIMIT_WORDS: Final = {
    "krobs": "the Krobs win",
    "adventurers": "the Adventurers win",
    "draw": "a draw",
    "casualties": "casualty points",
}


def value_of(words: Mapping[str, str], shown: str) -> str:
    """The file's value a menu's words stand for (the words themselves if none)."""
    return next((value for value, said in words.items() if said == shown), shown)


#: What the Krob AI reads of a group (docs/scenarios.md, `behaviour`).
BEHAVIOURS: Final = ("guard", "ambush", "hunt", "swarm", "protect_queen", "patrol", "block", "flee")
NO_BEHAVIOUR: Final = "(the AI decides)"
#: No [victory] table: the game ends at the turn limit with no winner.
NO_VICTORY: Final = "no winner"
#: The objective counter's "which one is real" choice left to the game's dice.
BY_DICE: Final = "Drawn by the dice"
AUTO_LEVEL: Final = "the hex's own"


def _accessory_label(kind: AccessoryKind) -> str:
    return kind.value.replace("_", " ").capitalize()


class ScenarioPanel:
    """The scenario mode's widgets (left panel) and what their events do."""

    def __init__(self, mode: ScenarioMode) -> None:
        self.mode = mode
        self.buttons: dict[str, UIButton] = {}
        self.lists: dict[str, UISelectionList] = {}
        self.entries: dict[str, UITextEntryLine] = {}
        self.menus: dict[str, UIDropDownMenu] = {}
        self.briefing: UITextEntryBox | None = None
        self.roster: list[tuple[str, str]] = []
        self.form: dict[str, str] = {"side": "adventurers", "kind": "exit"}
        #: Set when a widget change needs the panel built again (the scene does it).
        self.rebuild = False

    # -- building ------------------------------------------------------------------------

    def build(self, root: UIContainer, manager: pygame_gui.UIManager, rect: pygame.Rect) -> None:
        self.buttons, self.lists, self.entries, self.menus = {}, {}, {}, {}
        self.briefing = None
        mode = self.mode
        x, w = rect.x, rect.w
        labels: list[str | tuple[str, str]] = [label for _, label in TOOLS]
        self.lists["tools"] = UISelectionList(
            pygame.Rect(x, rect.y, w, len(TOOLS) * 26 + 8),
            labels,
            manager,
            container=root,
            default_selection=dict(TOOLS)[mode.tool],
        )
        y = rect.y + len(TOOLS) * 26 + 16
        body = pygame.Rect(x, y, w, rect.bottom - y)
        getattr(self, f"build_{mode.tool}")(root, manager, body)

    def _row(self, root: UIContainer, m: Any, x: int, y: int, w: int, label: str) -> pygame.Rect:
        UILabel(pygame.Rect(x, y, 84, 30), label, m, container=root)
        return pygame.Rect(x + 86, y, w - 86, 30)

    def _entry(self, key: str, rect: pygame.Rect, text: str, root: UIContainer, m: Any) -> None:
        entry = UITextEntryLine(rect, m, container=root)
        entry.set_text(text)
        self.entries[key] = entry

    def _menu(
        self,
        key: str,
        options: list[str],
        current: str,
        rect: pygame.Rect,
        root: UIContainer,
        m: Any,
    ) -> None:
        shown: list[str | tuple[str, str]] = list(options)
        if current not in options:
            shown.insert(0, current)
        self.menus[key] = UIDropDownMenu(shown, current, rect, m, container=root)

    def _button(
        self, key: str, text: str, rect: pygame.Rect, root: UIContainer, m: Any
    ) -> UIButton:
        self.buttons[key] = UIButton(rect, text, m, container=root)
        return self.buttons[key]

    def build_forces(self, root: UIContainer, m: Any, r: pygame.Rect) -> None:
        mode, doc = self.mode, self.mode.doc
        x, y, w = r.x, r.y, r.w
        groups = [f"{g.id} ({g.side})" for g in doc.data.group]
        current = NO_GROUP
        if mode.new_group_side is not None:
            current = NEW_GROUP[mode.new_group_side]
        elif mode.group is not None and doc.group(mode.group) is not None:
            g = doc.group(mode.group)
            assert g is not None
            current = f"{g.id} ({g.side})"
        self._menu(
            "group",
            [NO_GROUP, *groups, *NEW_GROUP.values()],
            current,
            pygame.Rect(x, y, w, 30),
            root,
            m,
        )
        y += 36
        self._entry("search", self._row(root, m, x, y, w, "Find"), mode.search, root, m)
        y += 34
        self.roster = mode.roster_entries()
        chosen = next((label for label, kid in self.roster if kid == mode.kind), None)
        list_h = 170 if mode.group is None else 110
        self.lists["roster"] = UISelectionList(
            pygame.Rect(x, y, w, list_h),
            [label for label, _ in self.roster],
            m,
            container=root,
            default_selection=chosen,
        )
        y += list_h + 6
        group = doc.group(mode.group) if mode.group else None
        if group is not None:
            deploys = group.deploy is not None or bool(group.deploy_cells)
            how = "Enters" if group.enter else "Deploys" if deploys else "Placed"
            bw = (w - 8) // 3
            for i, text in enumerate(HOW):
                b = self._button(
                    f"how_{text}", text, pygame.Rect(x + i * (bw + 4), y, bw, 30), root, m
                )
                if text == how:
                    b.disable()  # type: ignore[no-untyped-call]
            y += 36
            if how != "Placed":
                kinds = ("deployment",) if how == "Deploys" else ("entry", "exit")
                names = doc.zone_names(*kinds)
                chosen_zones = zones_of(
                    group.deploy if how == "Deploys" else group.enter.zone if group.enter else None
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
            if how == "Deploys":
                count = len(group.deploy_cells)
                text = f"Cells: {count} (click the map: {'on' if mode.cells_tool else 'off'})"
                self._button("cells", text, pygame.Rect(x, y, w, 30), root, m)
                y += 36
            if how == "Enters" and group.enter is not None:
                self._entry(
                    "turn", self._row(root, m, x, y, w, "on turn"), str(group.enter.turn), root, m
                )
                y += 34
            self._entry(
                "group_name", self._row(root, m, x, y, w, "Group name"), group.name, root, m
            )
            y += 34
            if group.side == "krobs":
                text = "Hidden (placed in secret): yes" if group.hidden else "Hidden: no"
                self._button("hidden", text, pygame.Rect(x, y, w, 30), root, m)
                y += 36
                row = self._row(root, m, x, y, w, "AI")
                current = group.behaviour or NO_BEHAVIOUR
                self._menu("behaviour", [NO_BEHAVIOUR, *BEHAVIOURS], current, row, root, m)
                y += 34
        chosen_unit = doc.find(mode.selected) if mode.selected else None
        if chosen_unit is not None and doc.is_wizard(chosen_unit.entry.kind):
            level = doc.wizard_level(chosen_unit.unit_id)
            bw = (w - 8) // 3
            for i, (key, text) in enumerate(
                (("wiz0", "No magic"), ("wiz1", "Wizard 1"), ("wiz2", "Wizard 2"))
            ):
                b = self._button(key, text, pygame.Rect(x + i * (bw + 4), y, bw, 30), root, m)
                if (level or 0) == i:
                    b.disable()  # type: ignore[no-untyped-call]

    def build_counters(self, root: UIContainer, m: Any, r: pygame.Rect) -> None:
        mode = self.mode
        options = [_accessory_label(k) for k in sd.PLACED_ACCESSORIES] + list(OBJECTIVES.values())
        current = OBJECTIVES.get(mode.counter) or _accessory_label(AccessoryKind(mode.counter))
        self.lists["counter"] = UISelectionList(
            pygame.Rect(r.x, r.y, r.w, len(options) * 26 + 8),
            options,  # type: ignore[arg-type]
            m,
            container=root,
            default_selection=current,
        )
        y = r.y + len(options) * 26 + 14
        left = [
            f"{name.replace('_', ' ')} {n} of {limit}"
            for name, n, limit in sd.box_left(mode.doc, mode.counter)
        ]
        if len(left) > 1:  # galleries, bridges: a line each, or the panel cuts them off
            UILabel(pygame.Rect(r.x, y, r.w, 24), "Left in the box:", m, container=root)
            y += 24
        lines = left if len(left) > 1 else [f"Left in the box: {left[0]}"]
        for line in lines:
            UILabel(pygame.Rect(r.x, y, r.w, 24), line, m, container=root)
            y += 24
        y += 6
        if mode.counter == AccessoryKind.WEB.value:
            text = "New webs hidden: yes" if mode.web_hidden else "New webs hidden: no"
            self._button("web_hidden", text, pygame.Rect(r.x, y, r.w, 30), root, m)
        laid = sd.objective_hexes(mode.doc, mode.counter) if mode.counter in OBJECTIVES else []
        if laid:
            entry = next(o for o in mode.doc.data.objective if o.kind == mode.counter)
            choices = [f"{i + 1}: cell {mode.doc.cell_of(h)}" for i, h in enumerate(laid)]
            current = BY_DICE if entry.real is None else choices[entry.real]
            UILabel(pygame.Rect(r.x, y, r.w, 26), "The true one", m, container=root)
            rect = pygame.Rect(r.x, y + 28, r.w, 30)
            self._menu("real", [BY_DICE, *choices], current, rect, root, m)

    def build_character(self, root: UIContainer, m: Any, r: pygame.Rect) -> None:
        """The selected character's entry: display name, state at the start, level."""
        mode, doc = self.mode, self.mode.doc
        x, y, w = r.x, r.y, r.w
        found = doc.find(mode.selected) if mode.selected else None
        if found is None:
            UITextBox(
                "Click a character on the map: his display name (when two counters of "
                "one kind need telling apart), how he starts (wounded, knocked out...) "
                "and the level he stands at (+1: on a walkway's deck).",
                pygame.Rect(x, y, w, 120),
                m,
                container=root,
            )
            return
        entry = found.entry
        counter = doc.roster.get(entry.kind)
        UILabel(
            pygame.Rect(x, y, w, 26),
            f"{counter.name if counter else entry.kind} · {found.unit_id}",
            m,
            container=root,
        )
        y += 30
        self._entry("u_name", self._row(root, m, x, y, w, "Name"), entry.name or "", root, m)
        y += 34
        row = self._row(root, m, x, y, w, "State")
        self._menu("u_status", list(sd.STATUSES), entry.status, row, root, m)
        y += 34
        self._entry("u_wounds", self._row(root, m, x, y, w, "Wounds"), str(entry.wounds), root, m)
        y += 34
        levels = [f"{lv:+g}" if lv else "0" for lv in sd.unit_levels(doc, found.unit_id)]
        current = AUTO_LEVEL if entry.level is None else f"{entry.level:+g}" if entry.level else "0"
        row = self._row(root, m, x, y, w, "Level")
        self._menu("u_level", [AUTO_LEVEL, *levels], current, row, root, m)

    def build_passages(self, root: UIContainer, m: Any, r: pygame.Rect) -> None:
        """The deep passages: the list, and the chosen one's turns, way and name."""
        mode, doc = self.mode, self.mode.doc
        x, y, w = r.x, r.y, r.w
        rows: list[str | tuple[str, str]] = [
            f"{i + 1}. {_end_text(p.ends[0])} - {_end_text(p.ends[1])}"
            + ("" if p.both_ways else " (one way)")
            for i, p in enumerate(doc.data.passage)
        ]
        chosen = mode.passage if mode.passage is not None and mode.passage < len(rows) else None
        self.lists["passages"] = UISelectionList(
            pygame.Rect(x, y, w, 120),
            rows,
            m,
            container=root,
            default_selection=rows[chosen] if chosen is not None else None,
        )
        y += 126
        if chosen is not None:
            p = doc.data.passage[chosen]
            self._entry("p_turns", self._row(root, m, x, y, w, "Turns"), str(p.turns), root, m)
            y += 34
            self._entry("p_name", self._row(root, m, x, y, w, "Name"), p.name, root, m)
            y += 34
            way = "Both ways: yes" if p.both_ways else "Both ways: no (a to b only)"
            self._button("p_way", way, pygame.Rect(x, y, w, 30), root, m)
            y += 36
            self._button("p_remove", "Remove the passage", pygame.Rect(x, y, w, 30), root, m)
            y += 40
        UITextBox(
            "Click a hex (a dungeon entrance), then the other end: a deep passage between "
            "them. A click on an end chooses its passage; right click removes it.",
            pygame.Rect(x, y, w, max(60, r.bottom - y)),
            m,
            container=root,
        )

    def build_victory(self, root: UIContainer, m: Any, r: pygame.Rect) -> None:
        doc, mode = self.mode.doc, self.mode
        x, y, w = r.x, r.y, r.w
        victory = doc.data.victory_or_default
        self._menu(
            "at_limit",
            [NO_VICTORY, *(AT_LIMIT_WORDS[v] for v in AT_LIMIT)],
            NO_VICTORY if doc.data.victory is None else AT_LIMIT_WORDS[victory.at_turn_limit],
            self._row(root, m, x, y, w, "At limit"),
            root,
            m,
        )
        y += 34
        rows: list[str | tuple[str, str]] = [  # (its text: in the form when chosen)
            f"{i + 1}. {SIDE_WORDS[c.side]}: {KIND_WORDS[c.kind]}"
            for i, c in enumerate(victory.condition)
        ]
        chosen = (
            rows[mode.condition]
            if mode.condition is not None and mode.condition < len(rows)
            else None
        )
        self.lists["conditions"] = UISelectionList(
            pygame.Rect(x, y, w, 96),
            rows,
            m,
            container=root,
            default_selection=chosen,
        )
        y += 100
        form = self.form
        for key, label, words, default in (
            ("side", "Side", SIDE_WORDS, "adventurers"),
            ("kind", "Kind", KIND_WORDS, "exit"),
        ):
            row = self._row(root, m, x, y, w, label)
            shown = words[form.get(key, default)]
            self._menu(key, list(words.values()), shown, row, root, m)
            y += 34
        for key, label in (
            ("units", "Units"),
            ("zones", "Zones"),
            ("count", "Count"),
            ("turn", "Turn"),
            ("text", "Text"),
        ):
            self._entry(f"c_{key}", self._row(root, m, x, y, w, label), form.get(key, ""), root, m)
            y += 34
        bw = (w - 8) // 3
        self._button("c_add", "Add", pygame.Rect(x, y, bw, 30), root, m)
        b1 = self._button("c_replace", "Replace", pygame.Rect(x + bw + 4, y, bw, 30), root, m)
        b2 = self._button("c_remove", "Remove", pygame.Rect(x + 2 * (bw + 4), y, bw, 30), root, m)
        if chosen is None:
            b1.disable()  # type: ignore[no-untyped-call]
            b2.disable()  # type: ignore[no-untyped-call]

    def build_details(self, root: UIContainer, m: Any, r: pygame.Rect) -> None:
        data = self.mode.doc.data
        x, y, w = r.x, r.y, r.w
        for key, label, value in (
            ("name", "Name", data.name),
            ("id", "Id", data.id),
            ("size", "Size", data.size),
            ("turn_limit", "Turn limit", "" if data.turn_limit is None else str(data.turn_limit)),
        ):
            self._entry(f"d_{key}", self._row(root, m, x, y, w, label), value, root, m)
            y += 34
        UILabel(pygame.Rect(x, y, w, 26), "Briefing (Enter: a new line)", m, container=root)
        y += 26
        self.briefing = UITextEntryBox(pygame.Rect(x, y, w, 110), data.briefing, m, container=root)
        y += 114
        self._button("d_briefing", "Apply the briefing", pygame.Rect(x, y, w, 30), root, m)
        y += 38
        rules = data.rules
        for i, (key, text) in enumerate(
            (
                ("gharvs", f"Gharvs: {'on' if rules.gharvs else 'off'}"),
                ("unstable_marsh", f"Unstable marsh: {'on' if rules.unstable_marsh else 'off'}"),
                ("babies_grow", f"Babies grow: {'on' if rules.babies_grow else 'off'}"),
                ("deploy_first", f"First to deploy: {rules.deploy_first}"),
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
        self.roster = self.mode.roster_entries()
        roster = self.lists.get("roster")
        if roster is not None:
            roster.set_item_list([label for label, _ in self.roster])

    def list_choice(self, element: object, text: str) -> bool:
        mode = self.mode
        if element is self.lists.get("tools"):
            mode.tool = next(k for k, label in TOOLS if label == text)
            self.rebuild = True
        elif element is self.lists.get("roster"):
            mode.kind = next((kid for label, kid in self.roster if label == text), None)
            mode.message = f"{text.split(' · ')[0]}: click the map to place"
            if mode.group is not None:
                group = mode.doc.group(mode.group)
                if group is not None and (group.deploy is not None or group.enter is not None):
                    mode.message = f"{text.split(' · ')[0]}: click the map to add to {group.id}"
        elif element is self.lists.get("zones"):
            return self.zones_chosen()
        elif element is self.lists.get("counter"):
            for kind in sd.PLACED_ACCESSORIES:
                if _accessory_label(kind) == text:
                    mode.counter = kind.value
            for key, label in OBJECTIVES.items():
                if label == text:
                    mode.counter = key
            mode.message = f"{text}: click a hex to put it there, again to take it off"
            self.rebuild = True
        elif element is self.lists.get("passages"):
            mode.passage = int(text.split(".")[0]) - 1
            self.rebuild = True
        elif element is self.lists.get("conditions"):
            index = int(text.split(".")[0]) - 1
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
            mode.message = "A group that deploys or enters needs at least one zone (or cells)"
            return True
        if group.enter is not None:
            zone: str | list[str] = names[0] if len(names) == 1 else names
            mode.apply(sd.set_group, group.id, enter={"zone": zone, "turn": group.enter.turn})
        else:
            mode.apply(sd.set_group, group.id, deploy=names)
        return True

    def menu_choice(self, element: object, text: str) -> bool:
        mode = self.mode
        if element is self.menus.get("group"):
            mode.new_group_side = None
            mode.cells_tool = False
            if text == NO_GROUP:
                mode.group = None
            elif text in NEW_GROUP.values():
                mode.new_group_side = next(k for k, v in NEW_GROUP.items() if v == text)
                mode.group = None
                mode.message = "The next character placed starts the new group"
            else:
                mode.group = text.split(" (")[0]
            self.rebuild = True
        elif element is self.menus.get("behaviour") and mode.group:
            value = None if text == NO_BEHAVIOUR else text
            mode.apply(sd.set_group, mode.group, behaviour=value)
        elif element is self.menus.get("at_limit"):
            if text == NO_VICTORY:
                mode.apply(sd.drop_victory)
            else:
                mode.apply(sd.set_victory, at_turn_limit=value_of(AT_LIMIT_WORDS, text))
            self.rebuild = True
        elif element is self.menus.get("u_status") and mode.selected:
            mode.apply(sd.set_unit, mode.selected, status=text)
        elif element is self.menus.get("u_level") and mode.selected:
            level = None if text == AUTO_LEVEL else float(text)
            mode.apply(sd.set_unit, mode.selected, level=level)
        elif element is self.menus.get("real"):
            real = None if text == BY_DICE else int(text.split(":")[0]) - 1
            mode.apply(sd.set_objective_real, mode.counter, real)
        elif element is self.menus.get("side"):
            self.form["side"] = value_of(SIDE_WORDS, text)
        elif element is self.menus.get("kind"):
            self.form["kind"] = value_of(KIND_WORDS, text)
        else:
            return False
        return True

    def entry_finished(self, element: object) -> bool:
        mode, e = self.mode, self.entries
        if element is e.get("turn") and mode.group:
            group = mode.doc.group(mode.group)
            if group is not None and group.enter is not None:
                try:
                    turn = int(e["turn"].get_text())
                except ValueError:
                    mode.message = "The turn is a whole number"
                    return True
                mode.apply(sd.set_group, group.id, enter={"zone": group.enter.zone, "turn": turn})
            return True
        if element is e.get("u_name") and mode.selected:
            mode.apply(sd.set_unit, mode.selected, name=e["u_name"].get_text())
            return True
        if element is e.get("u_wounds") and mode.selected:
            try:
                wounds = int(e["u_wounds"].get_text())
            except ValueError:
                mode.message = "Wounds are a whole number"
                return True
            mode.apply(sd.set_unit, mode.selected, wounds=wounds)
            return True
        if element is e.get("p_turns") and mode.passage is not None:
            try:
                turns = int(e["p_turns"].get_text())
            except ValueError:
                mode.message = "A passage takes a whole number of game turns (1 to 20)"
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
                        mode.message = (
                            "The turn limit is a whole number of game turns (empty: none)"
                        )
                        return True
                mode.apply(sd.set_info, **{key: value})
                return True
        return any(element is entry for entry in e.values())

    def button(self, element: object) -> bool:
        mode, b = self.mode, self.buttons
        group = mode.doc.group(mode.group) if mode.group else None
        if group is not None and element in (
            b.get("how_Placed"),
            b.get("how_Deploys"),
            b.get("how_Enters"),
        ):
            mode.cells_tool = False
            if element is b.get("how_Placed"):
                mode.apply(sd.set_group, group.id, deploy=None, enter=None, deploy_cells=[])
            elif element is b.get("how_Deploys"):
                zones = mode.doc.zone_names("deployment")
                if not zones:
                    mode.cells_tool = True
                    mode.message = (
                        "This map has no deployment zone: click the cells the group deploys on"
                    )
                else:
                    mode.apply(sd.set_group, group.id, deploy=[zones[0]])
            else:
                zones = mode.doc.zone_names("entry")
                if not zones:
                    mode.message = "This map has no entry zone (paint one in board mode)"
                else:
                    mode.apply(sd.set_group, group.id, enter={"zone": zones[0], "turn": 2})
            self.rebuild = True
        elif group is not None and element is b.get("cells"):
            mode.cells_tool = not mode.cells_tool
            mode.message = (
                f"Clicks on the map tick {group.id}'s deployment cells"
                if mode.cells_tool
                else "Clicks on the map place characters again"
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
            mode.message = f"Not added: {exc}"
            return
        if mode.apply(sd.put_condition, index, condition) and index is None:
            mode.condition = len(mode.doc.data.victory_or_default.condition) - 1
        self.rebuild = True


def _end_text(end: str | tuple[int, int] | list[int]) -> str:
    return end if isinstance(end, str) else f"({end[0]}, {end[1]})"
