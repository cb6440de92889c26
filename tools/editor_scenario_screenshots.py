"""Reproduce docs/screenshots/editor-scenario*.png: the map editor's scenario mode on a
sample scenario (made here with the editor's own edits), one picture per tool.

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
    deploying in the central cave, a Killer, two Orb counters, a web, two conditions."""
    from dragonnoir.editor import scenario_doc as sd
    from dragonnoir.engine.state import AccessoryKind

    doc = sd.ScenarioDocument.new(ROOT / "layouts" / "two-boards.toml")
    g = doc.board.grid

    def at(col: int, row: int) -> object:
        return g.to_hex(col, row)

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
        lambda: sd.place_unit(doc, "killer_1", at(17, 21)),
        lambda: sd.toggle_objective(doc, "orb", at(19, 22)),
        lambda: sd.toggle_objective(doc, "orb", at(11, 26)),
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

        from dragonnoir.ui.app import App
        from dragonnoir.ui.editor_modes import to_screen
        from dragonnoir.ui.editor_scenario import TOOLS
        from dragonnoir.ui.editor_scene import EditorScene
        from dragonnoir.ui.settings import Settings

        path = sample(Path(home) / "orb-of-the-pit.toml")
        app = App(
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
        for tool, name in (
            ("counters", "counters"),
            ("victory", "victory"),
            ("details", "details"),
        ):
            post(
                pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                ui_element=panel.lists["tools"],
                text=dict(TOOLS)[tool],
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
