"""The map editor's scenario mode driven by posted events (issue "The map editor", section
7): make a two-board layout, paint a wall, place two units, save, play it; groups,
counters, victory conditions; a scenario with design problems is not played."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui
from test_editor import choose_board, editor, mouse, pick, slot_centre
from ui_driver import REPO, click, key, step

from dragonnoir.editor import scenario_doc as sd
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import AccessoryKind
from dragonnoir.engine.tables import default_rules_data
from dragonnoir.hexmap.board import EdgeFeature
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.ui.app import App
from dragonnoir.ui.editor_modes import to_screen
from dragonnoir.ui.editor_scenario import ScenarioMode
from dragonnoir.ui.editor_scenario_panel import NEW_GROUP, NO_GROUP, TOOLS, ScenarioPanel
from dragonnoir.ui.editor_scene import EditorScene
from dragonnoir.ui.editor_words import Choices
from dragonnoir.ui.end_screen import EndScreen
from dragonnoir.ui.game_scene import GameScene


def dry(doc: sd.ScenarioDocument, control_rect: pygame.Rect, mode: ScenarioMode) -> list[Hex]:
    """Open dry hexes at level 0 that are on screen, ordered."""
    table = default_rules_data().terrain
    assert mode.control is not None
    out = []
    for h, c in sorted(doc.board.cells.items(), key=lambda item: (item[0].q, item[0].r)):
        t = table[c.terrain]
        if not t.passable or t.water or c.level != 0 or c.walkway:
            continue
        if any(h in z.hexes for z in doc.board.zones):
            continue
        if control_rect.inflate(-40, -40).collidepoint(hex_pos(mode, h)):
            out.append(h)
    return out


def hex_pos(mode: ScenarioMode, h: Hex) -> tuple[int, int]:
    assert mode.control is not None
    return to_screen(mode.control, *mode.control.view.grid.hex_centre(h))


def scenario_of(scene: EditorScene) -> tuple[ScenarioMode, ScenarioPanel]:
    assert scene.scenario is not None and scene.panel is not None
    assert scene.mode is scene.scenario
    return scene.scenario, scene.panel


def said(panel: ScenarioPanel, key: str, value: str) -> str:
    """The words list or menu `key` shows for `value`."""
    shown = panel.choices[key].said(value)
    assert shown is not None, (key, value)
    return shown


def choose_counter(app: App, panel: ScenarioPanel, counter_id: str) -> None:
    pick(app, panel.lists["roster"], said(panel, "roster", counter_id))
    assert panel.mode.kind == counter_id


def test_layout_wall_two_units_save_play(make_app: Callable[..., App], tmp_path: Path) -> None:
    app, scene = editor(make_app)
    # A wall painted on La Fosse, saved as the designer's own board.
    assert scene.open_path(REPO / "maps" / "fosse.tmx")
    board = scene.board
    assert board.control is not None
    g = board.doc.board.grid
    table = default_rules_data().terrain
    floor = next(
        h
        for h, c in sorted(board.doc.board.cells.items(), key=lambda i: (i[0].q, i[0].r))
        if table[c.terrain].passable
        and not table[c.terrain].water
        and (n := board.doc.board.cells.get(h.neighbour(0))) is not None
        and table[n.terrain].passable
        and board.control.viewport.collidepoint(to_screen(board.control, *g.hex_centre(h)))
    )
    pick(app, scene.lists["tools"], "Side feature")
    pick(app, scene.lists["options"], "Wall")
    (ax, ay), (bx, by) = g.edge_segment(floor, floor.neighbour(0))
    mouse(app, to_screen(board.control, (ax + bx) / 2 - 2, (ay + by) / 2))
    assert EdgeFeature.WALL in board.doc.board.edges.values()
    maps = tmp_path / "maps"
    maps.mkdir()
    assert scene.save_to(maps / "fosse-walled.tmx")
    # A two-board layout of it and L'Ile Souterraine.
    click(app, scene.buttons["layout"])
    mine = next(e for e in scene.layout.palette if e.path == (maps / "fosse-walled.tmx").resolve())
    pick(app, scene.lists["palette"], mine.label)
    mouse(app, slot_centre(scene, 0, 0))
    choose_board(app, scene, "ile")
    mouse(app, slot_centre(scene, 0, 1))
    assert all(j.ok for j in scene.layout.joins)
    (tmp_path / "layouts").mkdir()
    assert scene.save_to(tmp_path / "layouts" / "walled.toml")
    # Scenario mode on it: two units placed by clicks.
    click(app, scene.buttons["scenario"])
    mode, panel = scenario_of(scene)
    assert mode.doc.map_path == (tmp_path / "layouts" / "walled.toml").resolve()
    assert mode.control is not None
    hexes = dry(mode.doc, mode.control.viewport, mode)
    a, b = hexes[0], hexes[len(hexes) // 2]
    choose_counter(app, panel, "rebel_knight_1")
    mouse(app, hex_pos(mode, a))
    panel.entries["search"].set_text("warrior 01")
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=panel.entries["search"], text=""
        )
    )
    step(app, 2)
    assert [cid for cid, _ in panel.choices["roster"].options] == ["warrior_01"]
    choose_counter(app, panel, "warrior_01")
    mouse(app, hex_pos(mode, b))
    assert [(p.unit_id, p.hex) for p in mode.doc.placed()] == [
        ("rebel_knight_1", a),
        ("warrior_01", b),
    ]
    assert mode.selected == "warrior_01"  # the one just placed
    assert mode.problems == []
    # Undo and redo the second placement.
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert [p.unit_id for p in mode.doc.placed()] == ["rebel_knight_1"]
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert len(list(mode.doc.placed())) == 2
    (tmp_path / "scenarios").mkdir()
    target = tmp_path / "scenarios" / "walled.toml"
    assert scene.save_to(target)
    scenario = load_scenario(target)
    assert {u.id: u.hex for u in scenario.units} == {"rebel_knight_1": a, "warrior_01": b}
    assert scenario.layout is not None
    assert any(
        e is EdgeFeature.WALL for p in scenario.layout.placements for e in p.board.edges.values()
    )
    # Play: at once, in hotseat, with these two units.
    click(app, scene.buttons["play"])
    game_scene = app.scene
    assert isinstance(game_scene, GameScene)
    assert set(game_scene.game.state.units) == {"rebel_knight_1", "warrior_01"}
    assert game_scene.game.state.units["warrior_01"].hex == b
    # Leaving the test game goes back to the editor, not to the main menu; so does the
    # end screen's last button, and Play again stays a test game of the editor's.
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene
    click(app, scene.buttons["play"])
    ended = app.scene
    assert isinstance(ended, GameScene) and ended.back_to is scene
    end = EndScreen(app, ended.game, back_to=ended.back_to)
    app.go(end)
    assert end.buttons["menu"].text == "Back to the editor"
    app.go(end.play_again(seed=3))
    again = app.scene
    assert isinstance(again, GameScene) and again.back_to is scene and app.stack[-2] is scene
    app.go(EndScreen(app, again.game, back_to=scene))
    click(app, app.scene.buttons["menu"])  # type: ignore[attr-defined]
    assert app.scene is scene


def open_scenario(
    make_app: Callable[..., App],
) -> tuple[App, EditorScene, ScenarioMode, ScenarioPanel]:
    app, scene = editor(make_app)
    assert scene.open_path(REPO / "layouts" / "two-boards.toml")
    click(app, scene.buttons["scenario"])
    mode, panel = scenario_of(scene)
    return app, scene, mode, panel


def test_a_hidden_krob_group_deploys_in_a_zone(make_app: Callable[..., App]) -> None:
    app, _, mode, panel = open_scenario(make_app)
    assert mode.control is not None
    hexes = dry(mode.doc, mode.control.viewport, mode)
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            ui_element=panel.menus["group"],
            text=said(panel, "group", NEW_GROUP["krobs"]),
        )
    )
    step(app, 2)
    roster = [cid for cid, _ in panel.choices["roster"].options]
    assert roster[:1] and all(
        cid in mode.doc.roster and not cid.startswith("rebel") for cid in roster
    )
    choose_counter(app, panel, "hunter_01")
    mouse(app, hex_pos(mode, hexes[0]))
    assert mode.group == "krobs" and mode.doc.group("krobs") is not None
    click(app, panel.buttons["how_deploys"])
    click(app, panel.buttons["hidden"])
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            ui_element=panel.menus["behaviour"],
            text=said(panel, "behaviour", "ambush"),
        )
    )
    step(app, 2)
    group = mode.doc.group("krobs")
    assert group is not None and group.hidden and group.deploy and group.behaviour == "ambush"
    assert group.unit[0].cell is None
    assert mode.problems == []
    # another Krob into the group: no cell, the player deploys him
    choose_counter(app, panel, "warrior_02")
    mouse(app, hex_pos(mode, hexes[3]))
    group = mode.doc.group("krobs")
    assert group is not None and [u.kind for u in group.unit] == ["hunter_01", "warrior_02"]
    # undo the group's last four steps: it stands where it was placed again
    for _ in range(4):
        key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    group = mode.doc.group("krobs")
    assert group is not None and not group.hidden and group.deploy is None
    assert group.unit[0].cell == mode.doc.cell_of(hexes[0])


def test_counters_victory_and_details(make_app: Callable[..., App], tmp_path: Path) -> None:
    app, scene, mode, panel = open_scenario(make_app)
    assert mode.control is not None
    hexes = dry(mode.doc, mode.control.viewport, mode)
    choose_counter(app, panel, "zacharie")
    mouse(app, hex_pos(mode, hexes[0]))
    assert mode.selected == "zacharie"
    scene.rebuild()
    click(app, panel.buttons["wiz2"])
    assert mode.doc.wizard_level("zacharie") == 2
    pick(app, panel.lists["tools"], dict(TOOLS)["counters"])
    pick(app, panel.lists["counter"], said(panel, "counter", "orb"))
    mouse(app, hex_pos(mode, hexes[5]))
    mouse(app, hex_pos(mode, hexes[9]))
    pick(app, panel.lists["counter"], said(panel, "counter", "web"))
    click(app, panel.buttons["web_hidden"])
    mouse(app, hex_pos(mode, hexes[12]))
    assert [a.kind for a in mode.doc.data.accessory] == [AccessoryKind.WEB]
    assert mode.doc.data.accessory[0].hidden
    assert len(mode.doc.data.objective[0].cells) == 2
    # a victory condition from the form
    pick(app, panel.lists["tools"], dict(TOOLS)["victory"])
    kinds = panel.menus["kind"].options_list
    assert ("Orb off the map", "Orb off the map") in kinds
    assert not any("_" in shown for shown, _ in kinds)  # words, not the file's ids
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            ui_element=panel.menus["kind"],
            text=said(panel, "kind", "orb_off"),
        )
    )
    step(app, 2)
    panel.entries["c_text"].set_text("The Orb leaves the caves")
    click(app, panel.buttons["c_add"])
    conditions = mode.doc.data.victory.condition
    assert [(c.side, c.kind, c.text) for c in conditions] == [
        ("adventurers", "orb_off", "The Orb leaves the caves")
    ]
    rows = [item["text"] for item in panel.lists["conditions"].item_list]
    assert rows == ["1. Adventurers: Orb off the map"]
    # a bad count is refused with a message, nothing added
    panel.entries["c_count"].set_text("many")
    click(app, panel.buttons["c_add"])
    assert "whole number" in scene.status and len(mode.doc.data.victory.condition) == 1
    # details: turn limit and briefing
    pick(app, panel.lists["tools"], dict(TOOLS)["details"])
    entry = panel.entries["d_turn_limit"]
    entry.set_text("7")
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=entry, text="7")
    )
    step(app, 2)
    assert panel.briefing is not None
    panel.briefing.set_text("Find the Orb.")
    click(app, panel.buttons["d_briefing"])
    assert mode.doc.data.turn_limit == 7 and mode.doc.data.briefing == "Find the Orb."
    assert mode.problems == []
    assert scene.save_to(tmp_path / "orb.toml")
    scenario = load_scenario(tmp_path / "orb.toml")
    assert scenario.wizards[0].level == 2 and scenario.turn_limit == 7
    assert scenario.victory["conditions"][0]["kind"] == "orb_off"
    # the file opens again in scenario mode
    other = EditorScene(app, tmp_path / "orb.toml")
    assert other.scenario is not None and other.mode is other.scenario
    assert other.scenario.doc.data == mode.doc.data
    # New (all saved: no question): an empty scenario on the same layout
    click(app, scene.buttons["new"])
    assert scene.scenario is not None and scene.scenario is not mode
    assert list(scene.scenario.doc.placed()) == []
    assert scene.scenario.doc.map_path == mode.doc.map_path


def test_a_scenario_with_design_problems_is_not_played(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app, scene = editor(make_app)
    doc = sd.ScenarioDocument.new(REPO / "maps" / "marais.tmx")
    table = default_rules_data().terrain
    water = min(h for h, c in doc.board.cells.items() if table[c.terrain].water)
    sd.place_unit(doc, "elf_1", water).apply(doc)
    doc.save(tmp_path / "wet.toml")
    assert load_scenario(tmp_path / "wet.toml")  # an elf swims: fine
    scene.set_scenario(ScenarioMode(sd.ScenarioDocument.open(tmp_path / "wet.toml")))
    mode = scene.scenario
    assert mode is not None and mode.problems == []
    # a Krob Warrior placed by the file in water: the loader refuses it
    text = (tmp_path / "wet.toml").read_text().replace('"elf_1"', '"warrior_01"')
    (tmp_path / "wet.toml").write_text(text)
    assert scene.open_path(tmp_path / "wet.toml")
    assert scene.scenario is not None and scene.scenario.problems
    click(app, scene.buttons["play"])
    assert app.scene is scene and scene.status.startswith("Cannot play:")
    assert "water" in scene.status


def test_passages_deploy_cells_character_state_and_the_true_orb(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    """The fields that were only in the TOML, edited on screen: a deep passage by two
    clicks (its turns and way in the panel), a Krob group deploying on cells ticked on
    the map, a character's display name, state and wounds, the true Orb; saved, opened
    again, loaded and validated; each undoable."""
    from dragonnoir.cli import main

    app, scene, mode, panel = open_scenario(make_app)
    assert mode.control is not None
    hexes = dry(mode.doc, mode.control.viewport, mode)
    # A deep passage: two clicks, then three turns, one way.
    pick(app, panel.lists["tools"], dict(TOOLS)["passages"])
    mouse(app, hex_pos(mode, hexes[2]))
    assert mode.passage_start == hexes[2] and not mode.doc.data.passage
    mouse(app, hex_pos(mode, hexes[30]))
    (passage,) = mode.doc.data.passage
    assert passage.ends == (mode.doc.cell_of(hexes[2]), mode.doc.cell_of(hexes[30]))
    scene.rebuild()
    entry = panel.entries["p_turns"]
    entry.set_text("3")
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=entry, text="3")
    )
    step(app, 2)
    click(app, panel.buttons["p_way"])
    assert mode.doc.data.passage[0].turns == 3 and not mode.doc.data.passage[0].both_ways
    # A Krob group deploying on three cells ticked on the map.
    pick(app, panel.lists["tools"], dict(TOOLS)["forces"])
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            ui_element=panel.menus["group"],
            text=said(panel, "group", NEW_GROUP["krobs"]),
        )
    )
    step(app, 2)
    choose_counter(app, panel, "hunter_01")
    mouse(app, hex_pos(mode, hexes[8]))
    click(app, panel.buttons["how_deploys"])
    click(app, panel.buttons["cells"])
    assert mode.cells_tool
    for h in hexes[10:13]:
        mouse(app, hex_pos(mode, h))
    group = mode.doc.group("krobs")
    assert group is not None
    assert [tuple(c) for c in group.deploy_cells] == [mode.doc.cell_of(h) for h in hexes[10:13]]
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # the third cell undone
    group = mode.doc.group("krobs")
    assert group is not None and len(group.deploy_cells) == 2
    click(app, panel.buttons["cells"])
    # A character's display name, state and wounds.
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            ui_element=panel.menus["group"],
            text=said(panel, "group", NO_GROUP),
        )
    )
    step(app, 2)
    choose_counter(app, panel, "elf_1")
    mouse(app, hex_pos(mode, hexes[20]))
    assert mode.selected == "elf_1"
    pick(app, panel.lists["tools"], dict(TOOLS)["character"])
    name = panel.entries["u_name"]
    name.set_text("Aelin the scout")
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=name, text="")
    )
    step(app, 2)
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            ui_element=panel.menus["u_status"],
            text=said(panel, "u_status", "wounded"),
        )
    )
    step(app, 2)
    wounds = panel.entries["u_wounds"]
    wounds.set_text("1")
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=wounds, text="1")
    )
    step(app, 2)
    elf = mode.doc.find("elf_1")
    assert elf is not None
    assert (elf.entry.name, elf.entry.status, elf.entry.wounds) == ("Aelin the scout", "wounded", 1)
    # Two Orb counters, the second the true one.
    pick(app, panel.lists["tools"], dict(TOOLS)["counters"])
    pick(app, panel.lists["counter"], said(panel, "counter", "orb"))
    mouse(app, hex_pos(mode, hexes[40]))
    mouse(app, hex_pos(mode, hexes[44]))
    scene.rebuild()
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            ui_element=panel.menus["real"],
            text=said(panel, "real", "1"),
        )
    )
    step(app, 2)
    assert mode.doc.data.objective[0].real == 1
    assert mode.problems == []
    # Saved, opened again, loaded by the game, validated.
    target = tmp_path / "passages.toml"
    assert scene.save_to(target)
    other = EditorScene(app, target)
    assert other.scenario is not None and other.scenario.doc.data == mode.doc.data
    scenario = load_scenario(target)
    (p,) = scenario.passages
    assert (p.a, p.b, p.turns, p.both_ways) == (hexes[2], hexes[30], 3, False)
    krobs = next(g for g in scenario.groups if g.id == "krobs")
    assert krobs.deploy[-2:] == hexes[10:12]  # after the zone "Deploys" chose first
    unit = next(u for u in scenario.units if u.id == "elf_1")
    assert unit.status.value == "wounded" and unit.wounds == 1
    assert scenario.names["elf_1"] == "Aelin the scout"
    assert scenario.objectives[0].real == 1
    assert main(["validate", str(target)]) == 0


def test_typing_in_a_text_field_triggers_no_hotkey(make_app: Callable[..., App]) -> None:
    """Typing "Warrior" in Find once turned the selected knight three times (R is the
    turn key) and the scenario was saved with `facing = 3`."""
    app, scene, mode, panel = open_scenario(make_app)
    assert mode.control is not None
    knight = next(cid for cid, _ in panel.choices["roster"].options if "knight" in cid)
    choose_counter(app, panel, knight)
    mouse(app, hex_pos(mode, dry(mode.doc, mode.control.viewport, mode)[0]))
    (placed,) = [p.entry for p in mode.doc.placed()]
    steps = len(mode.history.undo_steps)
    search = panel.entries["search"]
    click(app, search)
    assert scene.typing()
    for letter in "Warrior":
        code = pygame.key.key_code(letter.lower())
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=letter))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
        step(app, 1)
    assert search.get_text() == "Warrior"
    (still,) = [p.entry for p in mode.doc.placed()]
    assert still.facing == placed.facing and len(mode.history.undo_steps) == steps


def test_every_value_of_the_file_the_panel_offers_has_words() -> None:
    """Victory kinds, at-limit judges, behaviours, statuses and counters are shown as
    words, never as the file's ids (issue 45: `orb_off`, `khuzun_out`)."""
    from dragonnoir.ai.behaviours import KNOWN
    from dragonnoir.editor import words
    from dragonnoir.engine.scenario_format import AtLimit, ConditionKind
    from dragonnoir.engine.state import AccessoryKind

    assert set(words.KIND_WORDS) == set(ConditionKind.__args__)  # type: ignore[attr-defined]
    assert set(words.AT_LIMIT_WORDS) == set(AtLimit.__args__)  # type: ignore[attr-defined]
    assert set(words.STATUS_WORDS) == set(sd.STATUSES)
    assert set(words.BEHAVIOUR_WORDS) == set(KNOWN)
    placed = {k.value for k in sd.PLACED_ACCESSORIES} | set(sd.OBJECTIVE_KINDS)
    assert placed <= set(words.COUNTER_WORDS) and AccessoryKind.WEB.value in placed
    for table in (words.KIND_WORDS, words.BEHAVIOUR_WORDS, words.COUNTER_WORDS):
        choices = Choices.of(table, table)
        assert all(choices.value(choices.said(v) or "") == v for v in table)
        assert not any("_" in str(shown) for shown in choices.shown())


def test_the_box_s_counts_fit_the_panel(make_app: Callable[..., App]) -> None:
    """Galleries and bridges come in several counters: a line each, none cut off (the
    one line they shared was wider than the panel)."""
    import warnings

    app, _, _, panel = open_scenario(make_app)
    pick(app, panel.lists["tools"], dict(TOOLS)["counters"])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for counter in ("gallery", "bridge", "boat"):
            pick(app, panel.lists["counter"], said(panel, "counter", counter))
    too_small = [str(w.message) for w in caught if "too small for text" in str(w.message)]
    assert too_small == []


def test_the_group_menu_names_groups_by_their_names(make_app: Callable[..., App]) -> None:
    """Players read names: a group with a name is listed by it (its id only when it has
    none), and choosing it by those words chooses the group."""
    app, scene = editor(make_app)
    assert scene.open_path(REPO / "scenarios" / "le-labyrinthe.toml")
    mode, panel = scenario_of(scene)
    group = next(g for g in mode.doc.data.group if g.name and g.side == "krobs")
    shown = said(panel, "group", group.id)
    assert shown == f"{group.name} (Krobs)"
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=panel.menus["group"], text=shown
        )
    )
    step(app, 2)
    assert mode.group == group.id
