"""The game screen's top bar: the phase line (as much of it as fits), the hint line
under it (what the player may do now), and the game's buttons (End phase, Undo, Save,
Load, Help, Menu)."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton, UILabel, UIPanel

from dragonnoir.i18n import N_, _

BAR_H = 52
#: The bar's buttons: (key = command, text, width).
#: A button is widened when its text (in the player's language) needs more room.
BAR_BUTTONS = (
    ("end_phase", N_("End phase"), 100),
    ("undo", N_("Undo"), 64),
    ("save", N_("Save"), 64),
    ("load", N_("Load"), 64),
    ("help", N_("Help"), 60),
    ("menu", N_("Menu"), 70),
)
#: The hint line's style (left-aligned, smaller than the phase line).
HINT_THEME = {
    "#hint_label": {
        "font": {"name": "noto_sans", "size": "13", "italic": "1"},
        "misc": {"text_horiz_alignment": "left"},
        "colours": {"normal_text": "#c9b894"},
    }
}
#: What a label keeps free each side of its text (pygame_gui's default).
LABEL_PADDING = 4


def build_top_bar(
    manager: pygame_gui.UIManager,
    root: UIContainer,
    width: int,
    phase_texts: Sequence[str],
    hint: str,
) -> dict[str, object]:
    """The bar's widgets by key: "phase", "hint" and one button per `BAR_BUTTONS`."""
    widgets: dict[str, object] = {}
    bar = UIPanel(
        pygame.Rect(0, 0, width, BAR_H),
        manager=manager,
        container=root,
        object_id=ObjectID(object_id="#phase_bar"),
    )
    buttons = [(key, _(text), bw) for key, text, bw in BAR_BUTTONS]
    font = manager.get_theme().get_font(["button"])
    buttons = [(key, text, max(bw, font.size(text)[0] + 16)) for key, text, bw in buttons]
    x = width - 8 - sum(bw + 6 for _k, _t, bw in buttons)
    phase = UILabel(
        pygame.Rect(10, 2, x - 20, 26),
        "",
        manager,
        container=bar,
        object_id=ObjectID(object_id="#phase_label"),
    )
    phase.set_text(fitting(phase, phase_texts))
    widgets["phase"] = phase
    _theme_hint(manager)
    hint_label = UILabel(
        pygame.Rect(10, 26, x - 20, 20),
        "",
        manager,
        container=bar,
        object_id=ObjectID(object_id="#hint_label"),
    )
    hint_label.set_text(shortened(hint_label, hint))
    widgets["hint"] = hint_label
    for key, text, bw in buttons:
        widgets[key] = UIButton(pygame.Rect(x, 7, bw, BAR_H - 18), text, manager, container=bar)
        x += bw + 6
    return widgets


def fitting(label: UILabel, texts: Sequence[str]) -> str:
    """The first of `texts` (longest first) that `label` shows whole in its font; the
    last one, shortened at a word (`shortened`), when none does. pygame_gui would cut
    the text mid-letter and warn."""
    font = label.font
    if font is None:  # (no theme font yet: the label measures nothing)
        return texts[0]
    room = label.rect.width - 2 * LABEL_PADDING
    found = next((t for t in texts if font.size(t)[0] <= room), None)
    return found if found is not None else shortened(label, texts[-1])


def shortened(label: UILabel, text: str) -> str:
    """`text` whole if `label` shows it, else cut after the last word that fits, with
    "…" (the hint line: what it leaves out the side panel says in full)."""
    font = label.font
    if font is None:
        return text
    room = label.rect.width - 2 * LABEL_PADDING
    if font.size(text)[0] <= room:
        return text
    words = text.split()
    while words and font.size(" ".join(words) + "…")[0] > room:
        words.pop()
    return " ".join(words) + "…"


def _theme_hint(manager: pygame_gui.UIManager) -> None:
    theme = manager.get_theme()
    if not getattr(theme, "_dragonnoir_hint", False):
        theme.update_theming(json.dumps(HINT_THEME), rebuild_all=False)
        theme._dragonnoir_hint = True  # type: ignore[attr-defined]
