"""The map editor in the pseudo-language (issue 41 §2): every mode and tool, its panels,
the status line, the hover lines, the key help and the dialogs, read while the program
speaks `qps` (every message accented and 40% longer). A text with neither an accented
letter nor the pseudo-language's "~]" was never marked for translation, unless it is
the document's own (a board's, a zone's, a character's name or id: the file's words, in
every language) or a number (test_languages.ALLOWED)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
from test_editor import editor, pick
from test_languages import ACCENTED, ALLOWED, english_left, texts_on_screen
from ui_driver import REPO, click, key, step

from dragonnoir.hexmap.board import Board, ZoneKind
from dragonnoir.i18n import LANG_ENV, PSEUDO
from dragonnoir.ui import editor_scene
from dragonnoir.ui.app import App
from dragonnoir.ui.dialogs import ConfirmDialog
from dragonnoir.ui.editor_scene import EditorScene

#: A cell, a row and column, a file: the place's own words.
PLACES = re.compile(r"^[\w.\-]+\.(tmx|toml)$|^\(\d+, \d+\)$")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The lines the editor draws itself (status line, hover lines, key help) as it draws
    them, and its language the pseudo-language."""
    monkeypatch.setenv(LANG_ENV, PSEUDO)
    lines: list[str] = []
    real_lines, real_help = editor_scene.draw_lines, editor_scene.draw_key_help

    def draw_lines(screen: pygame.Surface, texts: list[str], *args: Any, **kw: Any) -> Any:
        lines.extend(texts)
        return real_lines(screen, texts, *args, **kw)

    def draw_key_help(screen: pygame.Surface, rows: Any, *args: Any, **kw: Any) -> Any:
        lines.extend(text for row in rows for text in row)
        lines.append(kw.get("title", ""))
        return real_help(screen, rows, *args, **kw)

    real_status = editor_scene.draw_status

    def draw_status(screen: pygame.Surface, text: str, *args: Any, **kw: Any) -> Any:
        lines.append(text)
        return real_status(screen, text, *args, **kw)

    monkeypatch.setattr(editor_scene, "draw_lines", draw_lines)
    monkeypatch.setattr(editor_scene, "draw_status", draw_status)
    monkeypatch.setattr(editor_scene, "draw_key_help", draw_key_help)
    yield lines


def own_words(scene: EditorScene) -> set[str]:
    """The open documents' own words: boards' names and ids (the palette's too), zones'
    (a new zone's name is its kind's id until the designer names it: scenarios name
    zones in their files), the scenario's groups and characters (ids and names)."""
    words: set[str] = {k.value for k in ZoneKind}
    for entry in scene.layout.palette:  # "La Fosse (fosse)": the label, the name, the id
        words |= {entry.label, *re.fullmatch(r"(.*) \((.*)\)", entry.label).groups()}
    boards: list[Board] = [scene.board.doc.board]
    boards += [p.board for p in scene.layout.doc.placements]
    words.add(scene.layout.doc.name)
    if scene.scenario is not None:
        doc = scene.scenario.doc
        boards.append(doc.board)
        words |= {doc.data.name, doc.data.id, doc.data.size, *doc.data.briefing.splitlines()}
        for g in doc.data.group:
            words |= {g.id, g.name, *(u.id or u.kind for u in g.unit)}
        words |= {u.id or u.kind for u in doc.data.unit}
        words |= {p.name for p in doc.data.passage}
    for board in boards:
        words |= {board.name, board.id, *(z.name for z in board.zones)}
    return {w.strip() for w in words if w and w.strip()}


def left_in(scene: EditorScene, app: App, lines: list[str]) -> list[str]:
    """The English left on screen and in the drawn lines (see the module's doc)."""
    own = own_words(scene)
    drawn = [line.strip() for line in lines if line.strip()]
    found = [t for t in drawn if not ACCENTED.search(t) and not ALLOWED.match(t)]
    found += english_left(app)
    return sorted({t for t in found if t not in own and not PLACES.match(t)})


def walk(app: App, scene: EditorScene, lines: list[str]) -> Iterator[str]:
    """Every mode and tool of the editor, its panels and its key help, one at a time
    (yields what it shows)."""
    step(app, 2)
    yield "layout: arrange"
    layout_tools = scene.lists["layout_tools"]
    for label in [item["text"] for item in layout_tools.item_list][1:]:
        pick(app, scene.lists["layout_tools"], label)
        yield f"layout: {label}"
    click(app, scene.buttons["board"])
    yield "board"
    for label in [item["text"] for item in scene.lists["tools"].item_list]:
        pick(app, scene.lists["tools"], label)
        yield f"board: {label}"
    click(app, scene.buttons["scenario"])
    panel = scene.panel
    assert panel is not None
    for label in [item["text"] for item in panel.lists["tools"].item_list]:
        pick(app, panel.lists["tools"], label)
        yield f"scenario: {label}"
    key(app, pygame.K_h)
    yield "key help"
    key(app, pygame.K_h)


def scenario_with_a_group(scene: EditorScene, app: App) -> None:
    """The open scenario's first group chosen, its first character selected: the panel
    shows the group's rows and the character's."""
    assert scene.scenario is not None and scene.panel is not None
    mode = scene.scenario
    group = next(g for g in mode.doc.data.group if g.side == "krobs")
    mode.group = group.id
    placed = list(mode.doc.placed())
    wizard = next((p for p in placed if mode.doc.is_wizard(p.entry.kind)), placed[0])
    mode.select(wizard.unit_id)
    mode.passage = 0 if mode.doc.data.passage else None
    mode.condition = 0 if mode.doc.data.victory_or_default.condition else None
    mode.mouse = (0, 0)
    scene.rebuild()
    step(app, 2)


def test_every_mode_and_tool_of_the_editor_shows_no_english_under_the_pseudo_language(
    make_app: Callable[..., App], drawn: list[str]
) -> None:
    app, scene = editor(make_app)
    assert scene.open_path(REPO / "scenarios" / "le-labyrinthe.toml")
    assert scene.open_path(REPO / "layouts" / "two-boards.toml")
    assert scene.open_path(REPO / "maps" / "fosse.tmx")
    click(app, scene.buttons["layout"])
    found: dict[str, list[str]] = {}
    for state in walk(app, scene, drawn):
        control = scene.mode.control
        if control is not None:  # something under the mouse: the hover lines
            scene.mode.mouse = control.viewport.center  # type: ignore[attr-defined]
            pygame.event.post(
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=control.viewport.center, rel=(0, 0), buttons=(0, 0, 0)
                )
            )
            step(app, 2)
        if state.startswith("scenario") and scene.scenario is not None:
            scenario_with_a_group(scene, app)
        left = left_in(scene, app, drawn)
        if left:
            found[state] = left
        drawn.clear()
    assert found == {}


def test_the_editors_dialogs_show_no_english_under_the_pseudo_language(
    make_app: Callable[..., App], drawn: list[str]
) -> None:
    """The unsaved-changes prompt; the file dialog's own buttons are pygame_gui's, said
    in its locale (French for French: test_the_file_dialog_speaks_french)."""
    app, scene = editor(make_app)
    assert scene.open_path(REPO / "maps" / "fosse.tmx")
    assert scene.mode is scene.board
    scene.board.new_board(9, 9)  # an unsaved change
    click(app, scene.buttons["menu"])
    dialog = app.scene
    assert isinstance(dialog, ConfirmDialog)
    step(app, 2)
    assert left_in(scene, app, drawn) == []
    click(app, dialog.buttons[-1])  # Cancel
    assert app.scene is scene
    scene.ask_file("save_as")
    step(app, 2)
    assert scene.dialog is not None
    title = scene.dialog.window_display_title
    assert ACCENTED.search(title), title


def test_the_file_dialog_speaks_french(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(LANG_ENV, "fr")
    app, scene = editor(make_app)
    scene.ask_file("open")
    step(app, 2)
    texts = texts_on_screen(app)
    assert "Annuler" in texts and "Cancel" not in texts
