"""The rules at hand: a panel over the map with our summary of each rule.

Opened by F2 (the game screen and the replay viewer), by its button, or by a click on a
rule's name in the log (the log cites each rule as a link `rule:<citation>`,
ui/game_screen/texts.py). It lists the rules we have a note for (ui/rule_notes.py),
the rulebook's sections first, ours after, and shows for the one chosen: our summary,
where the rule comes from (the rulebook's section, or "ours" with the doc that says
it), and the tables it reads, each said as ours (shipped) or the player's own file from
their rules folder (rules_folder.py). Every word is translated.

The panel keeps what it shows in plain attributes, so the screen's rebuilds (a resize,
a step of the replay) draw it again as it was.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton, UIPanel, UISelectionList, UITextBox

from dragonnoir import rules_folder
from dragonnoir.i18n import _, pgettext
from dragonnoir.ui.app import Scene
from dragonnoir.ui.rule_notes import LISTED, note_for
from dragonnoir.ui.rule_tables import MONO_FONT, MONO_ID, table_html

#: How the log's rule names link to the panel (pygame_gui's <a href=...>).
RULE_LINK = "rule:"


#: The doc an "ours" rule's name cites: ", docs/scenarios.md" (": docs/..." in French).
DOC_CITED = re.compile(r"\s*[,:]\s*docs/[\w./-]+\.md")


def ours_notice() -> str:
    """The notice the menu, the picker and the panel give: tables, counter values,
    spells, boards and scenarios are this project's own, and how to play with the box's
    Game Sheet instead."""
    return _(
        "Tables, counter values, spells, boards and scenarios are this project's own, "
        "not the box's. To play with your box's Game Sheet, put its values in your rules "
        "folder ({folder}): 'dragonnoir data --copy all' copies our files there to edit."
    ).format(folder=rules_folder.rules_dir())


class RulesPanel:
    """The rules panel of one screen (`scene`, which it rebuilds when it opens, closes or
    shows another rule): closed, or open on one rule."""

    def __init__(self, scene: Scene, rules: object) -> None:
        self.scene = scene
        self.rules = rules
        #: The rule shown (a key of `rule_notes.NOTES`, or a citation we have no note
        #: for); None: the panel is closed.
        self.shown: str | None = None
        self.widgets: dict[str, object] = {}

    @property
    def is_open(self) -> bool:
        return self.shown is not None

    def open(self, citation: str) -> None:
        """Open on the rule `citation` falls under ("": the first of the list)."""
        key = note_for(citation)[0] if citation else LISTED[0]
        self.shown = key
        self._rebuild()

    def close(self) -> bool:
        """Close it; False when it was closed already (nothing done)."""
        if not self.is_open:
            return False
        self.shown = None
        self._rebuild()
        return True

    def _rebuild(self) -> None:
        if self.scene.root is not None:
            self.scene.rebuild()

    # -- what it says -------------------------------------------------------------------------

    def names(self) -> list[str]:
        """The list's lines: each rule's name in the player's language, without the doc
        an "ours" name cites (the text beside says it): the names then fit the list at
        1280x800 ("Hidden placement (ours)", not "... (ours, docs/scenarios.md)")."""
        full = [pgettext("rule", key) for key in LISTED]
        short = [DOC_CITED.sub("", name) for name in full]
        return short if len(set(short)) == len(short) else full

    def text_html(self) -> str:
        """What the panel says of the rule shown."""
        key = self.shown or LISTED[0]
        key, note = note_for(key)
        title = html.escape(pgettext("rule", key))
        out = [f"<b><font color='#e8c36a'>{title}</font></b>"]
        if note is None:
            out.append(html.escape(_("We have no summary of this rule yet.")))
            return "<br>".join(out)
        out.append(html.escape(_(note.summary)))
        if note.ours:
            where = _("Ours: the rulebook has no such rule; {doc} says how we play it.")
        else:
            where = _("From the rulebook, section '{section}'; {doc} says how we read it.")
        out.append(
            "<i>" + html.escape(where.format(section=pgettext("rule", key), doc=note.doc)) + "</i>"
        )
        if note.tables:
            out.append("<b>" + html.escape(_("Its tables:")) + "</b>")
            for name in note.tables:
                out.append(html.escape(self.table_line(name)))
                out.extend(table_html(self.rules, name))
        out.append("<font color='#b8a888'>" + html.escape(ours_notice()) + "</font>")
        return "<br>".join(out)

    def table_line(self, name: str) -> str:
        """One table and whose values it holds: ours as shipped, or the player's file."""
        sources: dict[str, Path] = getattr(self.rules, "sources", {}) or {}
        path = sources.get(name)
        mine = path is not None and _inside(path, rules_folder.rules_dir())
        if mine:
            return _("{file}: yours, read from {path}").format(file=name, path=path)
        return _("{file}: our values (not the box's Game Sheet)").format(file=name)

    # -- widgets -----------------------------------------------------------------------------

    def build(self, root: UIContainer, area: pygame.Rect) -> None:
        """The panel inside `area` (the map's part of the screen), if it is open."""
        self.widgets = {}
        if self.shown is None:
            return
        m = self.scene.manager
        fonts = m.get_theme().get_font_dictionary()
        if not fonts.check_font_preloaded(MONO_ID):  # the tables' font, loaded once
            m.preload_fonts([MONO_FONT])
        rect = area.inflate(-40, -40)
        panel = UIPanel(
            rect, manager=m, container=root, object_id=ObjectID(object_id="#rules_panel")
        )
        names: list[str | tuple[str, str]] = list(self.names())
        font = m.get_theme().get_font(["selection_list.@selection_list_item"])
        longest = max(font.size(str(n))[0] for n in names)
        list_w = min(longest + 40, rect.w // 2)  # the names whole where there is room
        key = note_for(self.shown)[0]
        chosen = self.names()[LISTED.index(key)] if key in LISTED else None
        rule_list = UISelectionList(
            pygame.Rect(8, 8, list_w, rect.h - 66),
            names,
            m,
            container=panel,
            default_selection=chosen,
        )
        _scroll_to_selection(rule_list)
        self.widgets["list"] = rule_list
        self.widgets["text"] = UITextBox(
            self.text_html(),
            pygame.Rect(list_w + 16, 8, rect.w - list_w - 28, rect.h - 66),
            m,
            container=panel,
        )
        self.widgets["close"] = UIButton(
            pygame.Rect(rect.w - 140, rect.h - 52, 128, 40),
            _("Close"),
            m,
            container=panel,
            tool_tip_text=_("Close the rules (Esc)"),
        )
        self.widgets["panel"] = panel

    def follow_link(self, event: pygame.event.Event) -> bool:
        """Open on the rule a click on its name in a log named (`RULE_LINK`)."""
        if event.type != pygame_gui.UI_TEXT_BOX_LINK_CLICKED:
            return False
        target = str(getattr(event, "link_target", ""))
        if not target.startswith(RULE_LINK):
            return False
        self.open(target[len(RULE_LINK) :])
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """Whether `event` was the panel's (a rule chosen, Close pressed)."""
        if self.shown is None:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.widgets.get(
            "close"
        ):
            self.close()
            return True
        if (
            event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION
            and event.ui_element is self.widgets.get("list")
        ):
            names = self.names()
            if event.text in names:
                self.shown = LISTED[names.index(event.text)]
                self._rebuild()
            return True
        return False


def _scroll_to_selection(rule_list: UISelectionList) -> None:
    """Scroll the list so the rule shown is in sight: opened from the log on a rule far
    down the list (Gharvs, Magic, ours), the list would otherwise show its top and the
    player would not see which rule the text beside is about."""
    bar = rule_list.scroll_bar
    if bar is None:  # the whole list fits
        return
    share = rule_list.get_single_selection_start_percentage()
    # With the chosen line a third of the way down rather than at the very top: the
    # rules before it stay in sight, and the bar clamps where the list ends.
    bar.set_scroll_from_start_percentage(share - bar.visible_percentage / 3)


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except OSError:
        return False
