"""Reproduce docs/screenshots/editor-scenario*.png: the map editor's scenario mode on a
sample scenario (made here with the editor's own edits), one picture per tool; and
docs/screenshots/editor-layout-paint.png: layout mode painting the six-board layout
where its boards lie (a stroke across a seam, the brush under the mouse).

Headless (SDL's dummy driver) with a throw-away DRAGONNOIR_HOME: the app screen is saved
with pygame.image.save after posting the clicks a designer would make.
Usage: .venv/bin/python tools/editor_scenario_screenshots.py [OUTPUT_DIR]
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
W, H = 1600, 1000


def sample(target: Path) -> Path:
    """A two-board scenario: a rebel patrol with a level 2 wizard, a hidden Krob ambush
    deploying in the central cave and on three cells, a wounded Killer with a name, two
    Orb counters (the second the true one), a web, a deep passage from La Fosse's
    trapdoor, two conditions."""
    from dragonnoir.editor import scenario_doc as sd
    from dragonnoir.engine.state import AccessoryKind
    from dragonnoir.hexmap.hexes import Hex

    doc = sd.ScenarioDocument.new(ROOT / "layouts" / "two-boards.toml")
    g = doc.board.grid

    def at(col: int, row: int) -> Hex:
        return g.to_hex(col, row)

    zone = doc.board.zone("fosse:trapdoor")
    assert zone is not None
    trapdoor = min(zone.hexes, key=lambda h: (h.q, h.r))

    edits = [
        lambda: sd.place_unit(doc, "rebel_knight_1", at(12, 1), new_group_side="adventurers"),
        lambda: sd.place_unit(doc, "zacharie", at(13, 1), "adventurers"),
        lambda: sd.place_unit(doc, "elf_1", at(12, 2), "adventurers"),
        lambda: sd.place_unit(doc, "ork_axeman_1", at(13, 2), "adventurers"),
        lambda: sd.set_group(doc, "adventurers", name="The rebel patrol"),
        lambda: sd.set_wizard(doc, "zacharie", 2),
        lambda: sd.place_unit(doc, "hunter_01", at(12, 9), new_group_side="krobs"),
        lambda: sd.place_unit(doc, "warrior_01", at(12, 10), "krobs"),
        lambda: sd.set_group(
            doc, "krobs", deploy=["labyrinthe:central-cave"], hidden=True, name="The ambush"
        ),
        lambda: sd.toggle_deploy_cell(doc, "krobs", at(14, 12)),
        lambda: sd.toggle_deploy_cell(doc, "krobs", at(15, 12)),
        lambda: sd.toggle_deploy_cell(doc, "krobs", at(16, 12)),
        lambda: sd.place_unit(doc, "killer_1", at(17, 21)),
        lambda: sd.set_unit(
            doc, "killer_1", name="Grashk the One-Eyed", status="wounded", wounds=1
        ),
        lambda: sd.toggle_objective(doc, "orb", at(19, 22)),
        lambda: sd.toggle_objective(doc, "orb", at(10, 31)),
        lambda: sd.set_objective_real(doc, "orb", 1),
        lambda: sd.new_passage(doc, trapdoor, at(4, 3)),
        lambda: sd.set_passage(doc, 0, turns=2, name="The old drain"),
        lambda: sd.toggle_accessory(doc, AccessoryKind.WEB, at(12, 5)),
        lambda: sd.put_condition(
            doc,
            None,
            sd.condition_from_form("adventurers", "orb_off", text="The Orb leaves the caves"),
        ),
        lambda: sd.put_condition(
            doc,
            None,
            sd.condition_from_form("krobs", "kill", units="zacharie", text="The wizard dies"),
        ),
        lambda: sd.set_info(
            doc,
            name="The Orb of the Pit",
            id="orb-of-the-pit",
            turn_limit=8,
            size="skirmish",
            briefing="Four rebels come down into Le Labyrinthe for the Orb hidden in La "
            "Fosse. The Krobs wait in the central cave, unseen.",
        ),
    ]
    for make in edits:
        edit = make()
        assert edit is not None
        edit.apply(doc)
    problems = doc.check()
    assert not problems, problems
    return doc.save(target)


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        os.environ["DRAGONNOIR_HOME"] = home
        import pygame
        import pygame_gui

        from dragonnoir.ui.editor_modes import to_screen
        from dragonnoir.ui.editor_scenario import TOOLS
        from dragonnoir.ui.editor_scene import EditorScene
        from dragonnoir.ui.screens import open_app
        from dragonnoir.ui.settings import Settings

        path = sample(Path(home) / "orb-of-the-pit.toml")
        app = open_app(
            lambda a: EditorScene(a, path), settings=Settings(window_width=W, window_height=H)
        )
        scene = app.scene
        assert isinstance(scene, EditorScene) and scene.scenario is not None
        mode, panel = scene.scenario, scene.panel
        assert mode.control is not None and panel is not None
        grid = mode.doc.board.grid

        def frames(n: int = 3) -> None:
            for _ in range(n):
                app.step(1 / 60)

        def post(kind: int, **attrs: object) -> None:
            pygame.event.post(pygame.event.Event(kind, **attrs))
            frames()

        def at(col: int, row: int) -> tuple[int, int]:
            assert mode.control is not None
            return to_screen(mode.control, *grid.hex_centre(grid.to_hex(col, row)))

        def shot(name: str) -> None:
            app.draw()
            pygame.image.save(pygame.display.get_surface(), str(out / f"{name}.png"))
            print(f"wrote {out / name}.png")

        frames()
        # Forces: the patrol chosen, Zacharie selected (his wizard level), the mouse on
        # the ambush's deployment zone.
        post(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            ui_element=panel.menus["group"],
            text="adventurers (adventurers)",
        )
        post(pygame.MOUSEBUTTONDOWN, pos=at(13, 1), button=1)
        post(pygame.MOUSEBUTTONUP, pos=at(13, 1), button=1)
        post(pygame.MOUSEMOTION, pos=at(12, 9), rel=(0, 0), buttons=(0, 0, 0))
        shot("editor-scenario")
        # The ambush: deploying in the central cave and on three cells ticked on the map.
        post(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            ui_element=panel.menus["group"],
            text="krobs (krobs)",
        )
        post(pygame_gui.UI_BUTTON_PRESSED, ui_element=panel.buttons["cells"])
        post(pygame.MOUSEMOTION, pos=at(17, 12), rel=(0, 0), buttons=(0, 0, 0))
        shot("editor-scenario-deploy-cells")
        # Character: the Killer selected (his name, state and wounds).
        post(pygame.MOUSEBUTTONDOWN, pos=at(17, 21), button=1)
        post(pygame.MOUSEBUTTONUP, pos=at(17, 21), button=1)
        for tool, name in (
            ("character", "character"),
            ("counters", "counters"),
            ("passages", "passages"),
            ("victory", "victory"),
            ("details", "details"),
        ):
            post(
                pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                ui_element=panel.lists["tools"],
                text=dict(TOOLS)[tool],
            )
            if tool == "counters":  # the Orb chosen: which one is true
                post(
                    pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                    ui_element=panel.lists["counter"],
                    text="Orb ? counter",
                )
            if tool == "passages":
                rows = panel.lists["passages"].item_list
                post(
                    pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                    ui_element=panel.lists["passages"],
                    text=rows[0]["text"],
                )
            if tool == "victory":
                rows = panel.lists["conditions"].item_list
                post(
                    pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                    ui_element=panel.lists["conditions"],
                    text=rows[0]["text"],
                )
            shot(f"editor-scenario-{name}")
        app.close()
        layout_paint(out, Path(home))
    return 0


def layout_paint(out: Path, home: Path) -> None:
    """Layout mode on copies of the six boards: rubble painted in one stroke from Le
    Labyrinthe down across the seam into the board turned below it (both boards
    painted, the seam's amber dots where the halves still differ); the brush (7 hexes)
    under the mouse."""
    import shutil

    import pygame
    import pygame_gui

    from dragonnoir.ui.editor_modes import to_screen
    from dragonnoir.ui.editor_scene import EditorScene
    from dragonnoir.ui.screens import open_app
    from dragonnoir.ui.settings import Settings

    shutil.copytree(ROOT / "maps", home / "maps")
    (home / "layouts").mkdir()
    shutil.copy(ROOT / "layouts" / "six-boards.toml", home / "layouts")
    path = home / "layouts" / "six-boards.toml"
    settings = Settings(window_width=W, window_height=H)
    app = open_app(lambda a: EditorScene(a, path), settings=settings)
    scene = app.scene
    assert isinstance(scene, EditorScene)
    mode = scene.layout
    assert mode.control is not None and mode.canvas is not None
    layout = mode.canvas.layout
    grid = layout.grid

    def frames(n: int = 3) -> None:
        for _ in range(n):
            app.step(1 / 60)

    def post(kind: int, **attrs: object) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))
        frames()

    def pick(element: object, text: str) -> None:
        post(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=element, text=text)

    def screen_at(index: int, col: int, row: int) -> tuple[int, int]:
        assert mode.control is not None
        local = layout.placements[index].board.grid.to_hex(col, row)
        return to_screen(mode.control, *grid.hex_centre(layout.to_global(index, local)))

    frames()
    # Zoom on the join of Le Labyrinthe (top left) and the board turned below it.
    centre = screen_at(0, 14, 18)
    vp = mode.control.viewport
    mode.control.zoom_to(0.55, (centre[0] - vp.x, centre[1] - vp.y), animate=False)
    frames()
    pick(scene.lists["layout_tools"], "Paint terrain")
    pick(scene.lists["options"], "Rubble")
    post(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.buttons["brush1"])
    start, end = screen_at(0, 12, 13), screen_at(3, 16, 13)
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    for i in range(1, 9):
        pos = (start[0] + (end[0] - start[0]) * i // 8, start[1] + (end[1] - start[1]) * i // 8)
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    post(pygame.MOUSEMOTION, pos=screen_at(0, 9, 15), rel=(0, 0), buttons=(0, 0, 0))
    app.draw()
    pygame.image.save(pygame.display.get_surface(), str(out / "editor-layout-paint.png"))
    print(f"wrote {out / 'editor-layout-paint.png'}")
    app.close()


if __name__ == "__main__":
    raise SystemExit(main())
