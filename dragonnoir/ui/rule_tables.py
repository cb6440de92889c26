"""The tables a rule uses, as the rules panel shows them (ui/rules_panel.py): the values
in use (ours, or the player's own file), laid out in pygame_gui's monospaced font.

Only the tables a player reads while playing are laid out (the Combat Table, the
terrain); the others are named with their file. Every word is the rules data's own name
in the player's language (`narration.names.data_name`)."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from dragonnoir.i18n import _, current
from dragonnoir.narration.names import data_name
from dragonnoir.ui.words import cover_words

#: pygame_gui's monospaced font (FiraCode, shipped with it, under this name).
MONO = "fira_code_symbols"
#: Its size in the panel, preloaded by the panel (pygame_gui warns of a font used unloaded).
MONO_SIZE = 14
MONO_FONT: dict[str, str | int | float] = {
    "name": MONO,
    "point_size": MONO_SIZE,
    "style": "regular",
    "antialiased": "1",
}
#: pygame_gui's id of that font once loaded.
MONO_ID = f"{MONO}_regular_aa_{MONO_SIZE}"


def table_html(rules: Any, file: str) -> list[str]:
    """The lines showing the table of rules data `file` ("combat.toml"), [] for a table
    this panel does not lay out (or rules data without it)."""
    layout = LAYOUTS.get(file)
    table = getattr(rules, ATTRIBUTES.get(file, ""), None)
    if layout is None or table is None:
        return []
    return [
        f"<font face='{MONO}' pixel_size={MONO_SIZE}>{_spaced(line)}</font>"
        for line in layout(table)
    ]


def _combat(table: Any) -> list[str]:
    """The Combat Table: the die down, the odds across, the result codes, then what each
    code means."""
    width = max(
        3, *(len(c) for c in table.columns), *(len(r) for row in table.rows for r in row.results)
    )
    head = _("die").ljust(4) + "".join(c.rjust(width + 1) for c in table.columns)
    rows = [
        str(row.die).ljust(4) + "".join(r.rjust(width + 1) for r in row.results)
        for row in table.rows
    ]
    names = [f"{r.code}: {data_name(r.name, current())}" for r in table.results]
    return [head, *rows, "", *names]


def _terrain(table: Any) -> list[str]:
    """The terrain: its movement cost (— impassable), cover and effect on combat."""
    named = [(data_name(t.name, current()), t) for t in table.terrain]
    width = max(len(n) for n, _t in named)
    head = (
        _("terrain").ljust(width)
        + "  "
        + _("MP").rjust(3)
        + "  "
        + _("cover").ljust(7)
        + _("combat")
    )
    lines = [head]
    for name, t in named:
        cost = "—" if t.move_cost is None else str(t.move_cost)
        cover = cover_words(str(getattr(t.cover, "value", t.cover)))
        combat = getattr(t.combat, "value", t.combat)
        lines.append(f"{name.ljust(width)}  {cost.rjust(3)}  {cover.ljust(7)}{combat}")
    return lines


#: The rules data's attribute holding each file's table.
ATTRIBUTES = {"combat.toml": "combat", "terrain.toml": "terrain"}
LAYOUTS: dict[str, Callable[[Any], list[str]]] = {"combat.toml": _combat, "terrain.toml": _terrain}


def _spaced(line: str) -> str:
    """`line` escaped, its spaces kept (HTML would fold them)."""
    return html.escape(line).replace(" ", "&nbsp;") or "&nbsp;"
