"""The map editor driven by posted events (SDL dummy driver): compose a two-board layout,
turn a board and see the join turn red with its reason, undo; paint a board, put a wall
on a hex side, undo a whole stroke; save and load back; the unsaved-changes prompt; the
autosave offered back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui
import pytest
from ui_driver import click, key, small_settings, step

from dragonnoir.editor.layout_doc import LayoutDocument
from dragonnoir.hexmap.board import EdgeFeature
from dragonnoir.hexmap.board_io import load_board
from dragonnoir.hexmap.hexes import Edge
from dragonnoir.hexmap.layout import load_layout
from dragonnoir.render.fonts import ui_font
from dragonnoir.ui import editor_modes
from dragonnoir.ui.app import App
from dragonnoir.ui.dialogs import ConfirmDialog
from dragonnoir.ui.editor_modes import to_screen
from dragonnoir.ui.editor_scene import EditorScene
from dragonnoir.ui.scenes import MainMenu
from dragonnoir.ui.settings import Settings


def editor(make_app: Callable[..., App]) -> tuple[App, EditorScene]:
    app = make_app(settings=Settings(window_width=1280, window_height=800))
    click(app, app.scene.buttons["editor"])
    scene = app.scene
    assert isinstance(scene, EditorScene)
    return app, scene


def pick(app: App, element: object, text: str) -> None:
    """What a click on an item of a selection list posts."""
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=element, text=text
        )
    )
    step(app, 2)


def mouse(app: App, pos: tuple[int, int], button: int = 1, up: bool = True) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    if up:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app, 2)


def slot_centre(scene: EditorScene, row: int, col: int) -> tuple[int, int]:
    mode = scene.layout
    assert mode.canvas is not None and mode.control is not None
    left, top, right, bottom = mode.canvas.slot_rect(row, col)
    return to_screen(mode.control, (left + right) / 2, (top + bottom) / 2)


def choose_board(app: App, scene: EditorScene, board_id: str) -> None:
    entry = next(e for e in scene.layout.palette if e.board.id == board_id)
    pick(app, scene.lists["palette"], entry.label)
    assert scene.layout.chosen is entry


def test_compose_a_two_board_layout_turn_undo_save(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app, scene = editor(make_app)
    choose_board(app, scene, "fosse")
    mouse(app, slot_centre(scene, 0, 0))
    assert [p.board.id for p in scene.layout.doc.placements] == ["fosse"]
    choose_board(app, scene, "ile")
    mouse(app, slot_centre(scene, 0, 1))
    doc = scene.layout.doc
    assert [(p.board.id, p.row, p.col) for p in doc.placements] == [
        ("fosse", 0, 0),
        ("ile", 0, 1),
    ]
    assert [j.ok for j in scene.layout.joins] == [True]
    # R over the second board turns it: the arrows no longer agree, and the list says so.
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=slot_centre(scene, 0, 1), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    key(app, pygame.K_r)
    assert doc.placements[1].rotation == 180
    assert [j.ok for j in scene.layout.joins] == [False]
    assert any("arrows" in p.message for p in scene.layout.problems)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert doc.placements[1].rotation == 0 and scene.layout.joins[0].ok
    assert scene.save_to(tmp_path / "pair.toml")
    layout = load_layout(tmp_path / "pair.toml")
    assert [p.board.id for p in layout.placements] == ["fosse", "ile"]
    assert not scene.layout.modified
    click(app, scene.buttons["menu"])
    assert isinstance(app.scene, MainMenu)


def test_a_board_that_cannot_join_is_placed_turned(make_app: Callable[..., App]) -> None:
    app, scene = editor(make_app)
    choose_board(app, scene, "fosse")
    mouse(app, slot_centre(scene, 0, 0))
    choose_board(app, scene, "ile")
    mouse(app, slot_centre(scene, 1, 0))  # below: Y must meet Y, so it is turned
    below = scene.layout.doc.at(1, 0)
    assert below is not None and below.rotation == 180
    assert all(j.ok for j in scene.layout.joins)


def test_paint_a_board_put_a_wall_undo_and_save(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app, scene = editor(make_app)
    click(app, scene.buttons["board"])
    mode = scene.board
    assert scene.mode is mode and mode.control is not None
    control = mode.control
    board = mode.doc.board
    g = board.grid
    centre = g.to_hex(13, 9)
    start = to_screen(control, *g.hex_centre(centre))
    end = to_screen(control, *g.hex_centre(g.to_hex(17, 9)))
    # A stroke of cave floor from (13, 9) to (17, 9), in one drag.
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 6):
        x = start[0] + (end[0] - start[0]) * i // 5
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, start[1]), rel=(0, 0), buttons=(1, 0, 0))
        )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    step(app, 2)
    floor = {g.to_cell(h) for h, c in board.cells.items() if c.terrain == "cave_floor"}
    assert floor == {(c, 9) for c in range(13, 18)}
    assert len(mode.history.undo_steps) == 1
    assert mode.view is not None and mode.view.repaints >= 1
    # A wall on the east side of (13, 9).
    pick(app, scene.lists["tools"], "Side feature")
    pick(app, scene.lists["options"], "Wall")
    (ax, ay), (bx, by) = g.edge_segment(centre, centre.neighbour(0))
    mouse(app, to_screen(control, (ax + bx) / 2 - 2, (ay + by) / 2))
    assert (
        mode.doc.board.edges == {next(iter(mode.doc.board.edges)): EdgeFeature.WALL}
        and len(mode.doc.board.edges) == 1
    )
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert mode.doc.board.edges == {}
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert all(c.terrain == "rock" for c in mode.doc.board.cells.values())
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert scene.save_to(tmp_path / "mine.tmx")
    again = load_board(tmp_path / "mine.tmx")
    assert again.cells == mode.doc.board.cells
    # The saved board joins the layout palette.
    assert any(e.path == (tmp_path / "mine.tmx").resolve() for e in scene.layout.palette)


def test_leaving_with_unsaved_changes_asks(make_app: Callable[..., App]) -> None:
    app, scene = editor(make_app)
    choose_board(app, scene, "nid")
    mouse(app, slot_centre(scene, 0, 0))
    click(app, scene.buttons["menu"])
    dialog = app.scene
    assert isinstance(dialog, ConfirmDialog) and dialog.parent is scene
    click(app, dialog.buttons[2])  # Cancel
    assert app.scene is scene and scene.layout.doc.placements
    click(app, scene.buttons["menu"])
    dialog = app.scene
    assert isinstance(dialog, ConfirmDialog)
    click(app, dialog.buttons[1])  # Discard
    assert isinstance(app.scene, MainMenu)


def test_the_autosave_is_offered_back(make_app: Callable[..., App]) -> None:
    app, scene = editor(make_app)
    choose_board(app, scene, "pont")
    mouse(app, slot_centre(scene, 0, 0))
    scene.autosave()
    assert scene.recoverable()
    click(app, scene.buttons["menu"])
    assert isinstance(app.scene, ConfirmDialog)
    key(app, pygame.K_ESCAPE)  # Cancel
    # Another session finds the autosave and recovers it as an unsaved layout.
    other = EditorScene(app)
    app.go(other)
    step(app, 2)
    assert "recover" in other.buttons
    click(app, other.buttons["recover"])
    doc: LayoutDocument = other.layout.doc
    assert [p.board.id for p in doc.placements] == ["pont"]
    assert doc.path is None and other.layout.modified


def test_the_editor_opens_a_file_from_the_command_line(make_app: Callable[..., App]) -> None:
    from ui_driver import REPO

    app = make_app(
        lambda a: EditorScene(a, REPO / "layouts" / "two-boards.toml"),
        settings=small_settings(),
    )
    scene = app.scene
    assert isinstance(scene, EditorScene) and scene.mode is scene.layout
    assert len(scene.layout.doc.placements) == 2 and not scene.layout.problems
    bad = EditorScene(app, REPO / "README.md")
    assert bad.status.startswith("Cannot open:") and "README.md" in bad.status


def test_walls_by_a_stroke_and_a_room_copied_and_pasted(make_app: Callable[..., App]) -> None:
    app, scene = editor(make_app)
    click(app, scene.buttons["board"])
    mode = scene.board
    control = mode.control
    assert control is not None
    g = mode.doc.board.grid
    # Paint two hexes of floor, then wall their row's north sides in one stroke.
    for col in (10, 11):
        mouse(app, to_screen(control, *g.hex_centre(g.to_hex(col, 8))))
    pick(app, scene.lists["tools"], "Side feature")
    pick(app, scene.lists["options"], "Wall")
    points = []
    for col in (10, 11):
        h = g.to_hex(col, 8)
        (ax, ay), (bx, by) = g.edge_segment(h, h.neighbour(1))  # the NE side
        points.append(to_screen(control, (ax + bx) / 2, (ay + by) / 2 + 2))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=points[0], button=1))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=points[1], rel=(0, 0), buttons=(1, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=points[1], button=1))
    step(app, 2)
    assert len(mode.doc.board.edges) == 2
    assert mode.history.undo_label() == "Sides"
    # Select the two hexes, copy, paste four rows below.
    pick(app, scene.lists["tools"], "Select, copy, paste")
    for col in (10, 11):
        mouse(app, to_screen(control, *g.hex_centre(g.to_hex(col, 8))))
    assert mode.selection == {g.to_hex(10, 8), g.to_hex(11, 8)}
    key(app, pygame.K_c, mod=pygame.KMOD_CTRL)
    target = to_screen(control, *g.hex_centre(g.to_hex(10, 12)))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0))
    )
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    cells = mode.doc.board.cells
    assert cells[g.to_hex(10, 12)].terrain == cells[g.to_hex(11, 12)].terrain == "cave_floor"
    assert len(mode.doc.board.edges) == 4
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert cells[g.to_hex(10, 12)].terrain == "rock" and len(mode.doc.board.edges) == 2


def test_recent_files_reopen(make_app: Callable[..., App], tmp_path: Path) -> None:
    from ui_driver import REPO

    app, scene = editor(make_app)
    assert scene.open_path(REPO / "maps" / "nid.tmx")
    assert scene.open_path(REPO / "layouts" / "two-boards.toml")
    assert list(scene.recent) == ["two-boards.toml (layouts)", "nid.tmx (maps)"]
    assert scene.recent_menu is not None
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            ui_element=scene.recent_menu,
            text="nid.tmx (maps)",
        )
    )
    step(app, 2)
    assert scene.mode is scene.board and scene.board.doc.board.id == "nid"


def test_a_zone_gets_properties_and_a_new_name(make_app: Callable[..., App]) -> None:
    from ui_driver import REPO

    app, scene = editor(make_app)
    assert scene.open_path(REPO / "maps" / "fosse.tmx")
    pick(app, scene.lists["tools"], "Zone")
    name = scene.board.doc.board.zones[0].name
    entry = scene.entries["zone_name"]
    entry.set_text(name)
    for kind in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED):
        pygame.event.post(pygame.event.Event(kind, ui_element=entry, text=name))
        step(app, 2)
    props = scene.entries["zone_props"]
    assert props.get_text() == "side=top"
    props.set_text("side=top, turn=2")
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=props, text="")
    )
    step(app, 2)
    zone = scene.board.doc.board.zone(name)
    assert zone is not None and dict(zone.properties) == {"side": "top", "turn": 2}
    rename = scene.entries["zone_rename"]
    rename.set_text("west-door")
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=rename, text="")
    )
    step(app, 2)
    assert scene.board.doc.board.zone("west-door") is not None
    assert scene.board.zone_name == "west-door"
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    zone = scene.board.doc.board.zone(name)
    assert zone is not None and dict(zone.properties) == {"side": "top"}


def test_e_paints_a_layout_board_and_saving_it_updates_the_layout(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    import shutil

    from ui_driver import REPO

    shutil.copytree(REPO / "maps" / "tilesets", tmp_path / "maps" / "tilesets")
    for name in ("labyrinthe.tmx", "fosse.tmx"):
        shutil.copy(REPO / "maps" / name, tmp_path / "maps" / name)
    (tmp_path / "layouts").mkdir()
    shutil.copy(REPO / "layouts" / "two-boards.toml", tmp_path / "layouts" / "two.toml")
    app, scene = editor(make_app)
    assert scene.open_path(tmp_path / "layouts" / "two.toml")
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=slot_centre(scene, 1, 0), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    key(app, pygame.K_e)
    assert scene.mode is scene.board
    assert scene.board.doc.path == tmp_path / "maps" / "fosse.tmx"
    doc = scene.board.doc
    shut = next(h for h, c in sorted(doc.board.cells.items()) if c.terrain == "cave_floor")
    from dragonnoir.editor import board_doc as bd

    scene.board.do(bd.set_side(doc, Edge(shut, shut.neighbour(0)), EdgeFeature.WALL))
    assert scene.save_to(None)
    lower = scene.layout.doc.at(1, 0)
    assert lower is not None and lower.board.edges.get(Edge(shut, shut.neighbour(0))) == (
        EdgeFeature.WALL
    )
    assert not scene.layout.modified  # the layout file itself did not change


def test_paint_across_two_boards_of_a_layout_undo_and_save(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    """Layout mode paints the boards where they lie: a stroke from Le Labyrinthe down
    into La Fosse (turned 180 degrees) paints both boards, the seam hex on both; one
    undo step takes it all back; Save writes the layout and both boards."""
    import shutil

    from ui_driver import REPO

    from dragonnoir.editor import board_doc as bd
    from dragonnoir.editor import layout_paint as lp

    shutil.copytree(REPO / "maps" / "tilesets", tmp_path / "maps" / "tilesets")
    for name in ("labyrinthe.tmx", "fosse.tmx"):
        shutil.copy(REPO / "maps" / name, tmp_path / "maps" / name)
    (tmp_path / "layouts").mkdir()
    shutil.copy(REPO / "layouts" / "two-boards.toml", tmp_path / "layouts" / "two.toml")
    app, scene = editor(make_app)
    assert scene.open_path(tmp_path / "layouts" / "two.toml")
    mode = scene.layout
    pick(app, scene.lists["layout_tools"], "Paint terrain")
    pick(app, scene.lists["options"], "Rubble")
    assert mode.tool == "terrain" and mode.terrain == "rubble"
    canvas, control, view = mode.canvas, mode.control, mode.view
    assert canvas is not None and control is not None and view is not None
    doc = mode.doc
    upper, lower = doc.placements
    before = [dict(upper.board.cells), dict(lower.board.cells)]
    composed = dict(canvas.layout.map.cells)
    grid = canvas.layout.grid
    start = canvas.layout.to_global(0, upper.board.grid.to_hex(13, 15))
    end = canvas.layout.to_global(1, lower.board.grid.to_hex(13, 15))  # turned: 4 rows down
    a = to_screen(control, *grid.hex_centre(start))
    b = to_screen(control, *grid.hex_centre(end))
    repaints = view.repaints
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    for i in range(1, 7):
        pos = (a[0] + (b[0] - a[0]) * i // 6, a[1] + (b[1] - a[1]) * i // 6)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    step(app, 2)
    assert len(mode.history.undo_steps) == 1 and mode.modified
    assert view.repaints > repaints  # only the changed areas were drawn again
    painted = {h for h, c in canvas.layout.map.cells.items() if c.terrain == "rubble"}
    assert {start, end} <= painted
    changed = [
        {h for h, c in p.board.cells.items() if c != before[i][h]}
        for i, p in enumerate((upper, lower))
    ]
    assert changed[0] and changed[1]
    # The turned board's own cell under the end of the stroke is the one painted.
    assert lower.board.cells[lower.board.grid.to_hex(13, 15)].terrain == "rubble"
    seam = next(h for h in painted if canvas.layout.is_seam(h))
    assert all(
        p.board.cells[local].terrain == "rubble" for p, local in lp.halves(doc, canvas, seam)
    )
    fresh = doc.canvas()
    assert fresh is not None and fresh.layout.map.cells == canvas.layout.map.cells
    # One undo takes the stroke off both boards.
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert [dict(upper.board.cells), dict(lower.board.cells)] == before
    assert canvas.layout.map.cells == composed
    assert not mode.modified
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    # The autosave keeps copies of the painted boards, and the autosaved layout names
    # them: recovering it shows the paint.
    from dragonnoir.ui.editor_autosave import LAYOUT_AUTOSAVE, autosave_dir

    scene.autosave()
    copies = sorted(autosave_dir().glob("autosave-layout-*.tmx"))
    assert [c.name for c in copies] == [
        "autosave-layout-fosse.tmx",
        "autosave-layout-labyrinthe.tmx",
    ]
    recovered = LayoutDocument.open(autosave_dir() / LAYOUT_AUTOSAVE)
    assert [p.board.cells for p in recovered.placements] == [upper.board.cells, lower.board.cells]
    # E would open a painted board in board mode with the paint lost: refused.
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    key(app, pygame.K_e)
    assert scene.mode is mode and "save the layout first" in scene.status
    assert scene.save_to(None)
    assert not mode.modified and doc.painted == set()
    for p in (upper, lower):
        assert load_board(p.file or "").cells == p.board.cells
    # A board open in board mode with changes of its own is not painted on the layout.
    assert scene.open_path(upper.file or Path())
    scene.board.do(
        bd.paint(
            scene.board.doc, [scene.board.doc.board.grid.to_hex(3, 3)], bd.with_terrain("water")
        )
    )
    click(app, scene.buttons["layout"])
    steps = len(mode.history.undo_steps)
    mode.terrain = "trees"  # (the hex is rubble already)
    mouse(app, a)
    assert len(mode.history.undo_steps) == steps and "open in board mode" in scene.status


def test_a_shipped_board_opened_and_saved_says_where_the_changes_go(
    make_app: Callable[..., App], home: Path
) -> None:
    from ui_driver import REPO

    app, scene = editor(make_app)
    assert scene.open_path(REPO / "maps" / "labyrinthe.tmx")
    assert scene.status.endswith(
        "one of the game's own files: saving it makes your copy (My Labyrinthe)"
    )
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    mine = home / "data" / "maps" / "my-labyrinthe.tmx"
    assert scene.status == (
        "Saved — Le Labyrinthe is a shipped board: your changes go to a copy, My Labyrinthe "
        "(my-labyrinthe.tmx in your maps folder)"
    )
    assert scene.board.doc.path == mine


def test_a_long_status_wraps_over_the_map_and_is_read_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A status wider than the window (an error naming a long path, in French) is drawn
    on several lines growing upward from the bottom strip, every word of it on screen
    (it was cut at the window's edge)."""
    pygame.font.init()
    screen = pygame.Surface((640, 400))
    strip = pygame.Rect(10, 376, 620, 24)
    text = (
        "Cannot open: /home/player/documents/dragon-noir/scenarios/the-long-one.toml : "
        "field turn_limit : the value must be greater than or equal to 1 " * 2
    )
    drawn: list[tuple[str, pygame.Rect]] = []
    real = editor_modes.draw_lines

    def spy(surface: pygame.Surface, lines: list[str], rect: pygame.Rect, px: int = 15) -> None:
        drawn.extend((line, rect) for line in lines)
        real(surface, lines, rect, px)

    monkeypatch.setattr(editor_modes, "draw_lines", spy)
    editor_modes.draw_status(screen, text, strip)
    font = ui_font(15)
    lines = [line for line, _rect in drawn]
    assert len(lines) > 1 and " ".join(lines).split() == text.split()
    assert all(font.size(line)[0] <= strip.w for line in lines)
    rect = drawn[0][1]
    assert rect.top >= 0 and rect.bottom == strip.bottom
    assert rect.h >= len(lines) * (font.get_height() + 2)  # room for every line
