"""A tooltip on every button: what it does and its key (issue 45 §7).

The screens are built by several hands and a button's words change with the language, so
the tooltips live in one table here, keyed by the button's words as written in the code
(its msgid: "End phase", or a template like "Speed {speed} (1-4)"); `give_tooltips`
walks the widgets shown and gives each button without a tooltip the one its words call
for, in the player's language. `App.step` calls it every frame (a walk of a hundred
widgets at most; a button already given its tooltip is passed over), so a button a
screen adds later (the answers to a question) gets its tooltip too. A screen may still
give its own (`tool_tip_text=`): those are kept.

tests/ui/test_tooltips.py walks the main screens and fails on a button without one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pygame_gui
from pygame_gui.elements import UIButton

from dragonnoir.i18n import N_, _, language, pgettext

#: Button words (msgid, with "{field}" where the words vary) -> the tooltip's msgid.
TIPS: dict[str, str] = {
    # main menu
    "New game": N_("Choose a scenario and who plays each side"),
    "Load game": N_("Open a saved game (Ctrl+O in a game)"),
    "Continue": N_("Go on with the last game, from its autosave"),
    "Watch a replay": N_(
        "Step through a saved game, forwards and backwards, as either side saw it"
    ),
    "Campaign": N_("Play the scenarios of a campaign one after the other"),
    "Play by e-mail": N_("Play at a distance: turn files you and the other player exchange"),
    "Map editor": N_("Compose layouts, paint boards, place scenarios"),
    "Settings": N_("Language, window, hand-over, speeds and sound"),
    "Quit": N_("Close the program (Esc, Ctrl+Q)"),
    # lists and dialogs
    "Back": N_("Back to the screen before (Esc)"),
    "Start": N_("Start the game with this scenario and these players (Enter)"),
    "Load": N_("Open the chosen save"),
    "Save": N_("Save (Ctrl+S)"),
    "Cancel": N_("Leave things as they are (Esc)"),
    "Go on unverified": N_("Play on from the position as it was saved, marked unverified"),
    "Open the backup": N_("Open the intact backup of this save instead"),
    "Continue from backup": N_("Go on from the autosave's intact backup"),
    # who plays each side (the picker)
    "Person": N_("A person plays this side at this screen"),
    "AI easy": N_("The computer plays this side, gently"),
    "AI normal": N_("The computer plays this side"),
    "AI hard": N_("The computer plays this side as well as it can"),
    # the game screen's bar
    "End phase": N_("End this phase and go on to the next (E)"),
    "Undo": N_("Take back what you last did (Ctrl+Z); in a game, not past a die roll"),
    "Help": N_("The keys and the mouse (H, F1)"),
    "Menu": N_("Back to the main menu (Esc)"),
    # the game screen's acting buttons
    "Fire": N_("Fire: choose archers, then a target (F)"),
    "Attack": N_("Attack: choose attackers and defenders (A)"),
    "Magic": N_("Magic: a wizard's spell book, then aim the spell (M)"),
    "Confirm": N_("Carry out the shot, attack or move shown (Enter)"),
    "Pass": N_("Pass: no advance, no more defensive fire (P)"),
    "Pause (Space)": N_("Pause the AI's moves (Space)"),
    "Resume (Space)": N_("Let the AI play on (Space)"),
    "Speed {speed} (1-4)": N_("How fast the AI's moves are shown: 1x, 2x, 4x or at once (1-4)"),
    "more ({page}/{pages}): the next {n} answers": N_("Show the next answers to the question"),
    # the end screen
    "Play again": N_("The same scenario again, with new dice"),
    "Look at the map": N_("The board as the game ended"),
    "Back to menu": N_("Back to the main menu (Esc)"),
    "Back to the menu": N_("Back to the main menu (Esc)"),
    "Back to the editor": N_("Back to the map editor"),
    # play by e-mail
    "Start and write the first file": N_(
        "Start a game of this scenario and write its first turn file, to send"
    ),
    "Open": N_("Check the chosen turn file, then play it"),
    "Choose a file...": N_("Find a turn file you received"),
    "Copy the path": N_("Put the file's path on the clipboard, to attach it to a message"),
    "Open the folder": N_("Show the turn files' folder in your file manager"),
    "Write the file": N_("Write your turn's file, to send to the other player"),
    "Standing orders...": N_("How your side answers during the other side's turn"),
    "Main menu": N_("Back to the main menu (Esc)"),
    "Done": N_("Close this window (Enter, Esc)"),
    # the campaign
    "Resume": N_("Go on with the saved campaign"),
    "New campaign": N_("Begin the chosen campaign anew"),
    # the map editor's bar and board panel
    "Layout": N_("Compose a layout of boards"),
    "Board": N_("Paint a board's hexes, sides and zones"),
    "Scenario": N_("Place a scenario's forces, zones and victory on a map"),
    "New": N_("Begin a new layout, board or scenario"),
    "Open…": N_("Open a file of yours or a shipped one (Ctrl+O)"),
    "Save as…": N_("Save under a new name (a shipped file is never written)"),
    "Export TMX…": N_("Write the layout as one Tiled map"),
    "Play": N_("Try the scenario in a test game"),
    "Redo": N_("Do again what Undo took back (Ctrl+Y)"),
    "Recover": N_("Open the autosave of work left unsaved"),
    "Next board turned: {degrees}°": N_("Turn the next board placed by 60°"),
    "Fill: on": N_("Fill the whole area under a click: click to paint hex by hex"),
    "Fill: off": N_("Paint hex by hex: click to fill a whole area"),
    "Make": N_("Make a new board of this size"),
}

#: Contexts a button's words may be translated in (the acting buttons: "button").
CONTEXTS = ("button",)
#: pygame_gui's own widgets made of buttons (a list's lines, a slider's arrows): their
#: buttons are parts of one control, not buttons of ours.
COMPOSITES = frozenset(
    {
        "drop_down_menu",
        "horizontal_slider",
        "selection_list",
        "vertical_scroll_bar",
        "horizontal_scroll_bar",
        "text_box",
        "window",
    }
)


def give_tooltips(root: object) -> None:
    """Give every button under `root` without a tooltip the one its words call for."""
    if root is None:
        return
    for button in our_buttons(root):
        if getattr(button, "_dn_tipped", False) or button.tool_tip_text:
            continue
        tip = tooltip_for(button.text)
        if tip:
            button.set_tooltip(tip)
        button._dn_tipped = True  # type: ignore[attr-defined]


def tooltip_for(words: str) -> str:
    """The tooltip of a button showing `words` (in the player's language), "" if none."""
    for pattern, tip in _patterns(language()):
        if pattern.fullmatch(words):
            return _(tip)
    return ""


@cache
def _patterns(language: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each button's words in `language` as a pattern (a template's fields match any
    words), with its tooltip's msgid."""
    out = []
    for words, tip in TIPS.items():
        for said in {_(words), *(pgettext(c, words) for c in CONTEXTS)}:
            pattern = re.sub(r"\\\{\w+\\\}", ".+?", re.escape(said))
            out.append((re.compile(pattern), tip))
    return tuple(out)


def our_buttons(root: object) -> Iterator[UIButton]:
    """The buttons under `root` that are buttons of ours (not parts of a list, a slider,
    a drop-down)."""
    for button in _buttons(root):
        if not COMPOSITES.intersection(button.element_ids or ()):
            yield button


def _buttons(element: object) -> Iterator[UIButton]:
    """The buttons in `element` and every container inside it."""
    if isinstance(element, UIButton):
        yield element
        return
    container = element
    if hasattr(element, "get_container") and not isinstance(element, pygame_gui.core.UIContainer):
        container = element.get_container()
    for child in getattr(container, "elements", ()):
        yield from _buttons(child)
