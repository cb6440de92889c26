"""Commands import what they need, when they need it (issue 16, sections 2 and 3): the
main menu's first frame does not load the rules engine or the map reader, and checking
a board loads neither pydantic nor pygame. Run in fresh interpreters, so what another
test imported does not count. (Timings are in benchmarks/, never here.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tmx_samples import plain_fosse

REPO = Path(__file__).resolve().parents[1]


#: The modules loaded (entries set to None mark a module as absent).
_LOADED = "k for k, v in sys.modules.items() if v is not None"


def _modules_after(code: str, tmp_path: Path) -> set[str]:
    """The modules a fresh interpreter holds after `code` (printed on its last line)."""
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "DRAGONNOIR_HOME": str(tmp_path / "home"),
    }
    run = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint(' '.join(sorted({_LOADED})))"],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
        env=env,
    )
    return set(run.stdout.splitlines()[-1].split())


def test_the_main_menu_s_first_frame_loads_no_engine_and_no_map_reader(
    tmp_path: Path,
) -> None:
    mods = _modules_after(
        "from dragonnoir.ui.screens import open_app\napp = open_app()\nassert app.step(0.0)",
        tmp_path,
    )
    assert "dragonnoir.ui.scenes" in mods  # the menu was built
    loaded = {m for m in mods if m.startswith(("dragonnoir.engine.", "dragonnoir.hexmap."))}
    # The state's light leaves only (plain.py: its snapshots' copy, stdlib alone).
    assert loaded <= {
        "dragonnoir.engine.state",
        "dragonnoir.engine.dice",
        "dragonnoir.engine.plain",
        "dragonnoir.hexmap.hexes",
    }
    assert "pytmx" not in mods


def test_validating_a_board_loads_neither_pydantic_nor_pygame(tmp_path: Path) -> None:
    mods = _modules_after(
        "from dragonnoir.cli import main\nassert main(['validate', 'maps/fosse.tmx']) == 0",
        tmp_path,
    )
    assert "dragonnoir.hexmap.board_io" in mods
    assert not {"pydantic", "pygame", "dragonnoir.engine.game"} & mods


def test_validating_a_board_says_only_its_verdict() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "dragonnoir", "validate", "maps/fosse.tmx"],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )
    assert run.returncode == 0
    assert run.stdout.startswith("ok   maps/fosse.tmx: board 'fosse'")
    assert run.stderr == ""


def test_render_as_a_program_loads_only_pygame_s_drawing_core_and_draws_the_same(
    tmp_path: Path,
) -> None:
    """`dragonnoir render` run as a program (render/pygame_core.py): no mixer, fonts,
    sprites, no argparse sub-parsers but its own; the PNG is byte for byte the one the
    whole of pygame makes in this process."""
    tmx = plain_fosse(tmp_path)
    lean = tmp_path / "lean.png"
    mods = _modules_after(
        "import sys\nfrom dragonnoir.cli import main\n"
        f"sys.argv = ['dragonnoir', 'render', {str(tmx)!r}, '-o', {str(lean)!r}]\n"
        "assert main() == 0",
        tmp_path,
    )
    assert {"pygame.surface", "pygame.draw", "pygame.transform", "pygame.image"} <= mods
    assert not {"pygame.mixer", "pygame.font", "pygame.sprite", "pygame.sysfont"} & mods
    assert not {"shutil", "tomllib", "tempfile", "pydantic"} & mods
    from dragonnoir.cli import main

    whole = tmp_path / "whole.png"
    assert main(["render", str(tmx), "-o", str(whole)]) == 0  # in process: all of pygame
    assert lean.read_bytes() == whole.read_bytes()


def test_the_drawing_core_is_left_alone_once_pygame_is_imported() -> None:
    import pygame

    from dragonnoir.render.pygame_core import load_drawing_core

    assert load_drawing_core() is False
    assert sys.modules["pygame"] is pygame and hasattr(pygame, "mixer")


def test_a_drawing_core_that_cannot_load_gives_way_to_the_whole_of_pygame(
    tmp_path: Path,
) -> None:
    mods = _modules_after(
        "from dragonnoir.render import pygame_core\n"
        "pygame_core.CORE_MODULES += ('no_such_module',)\n"
        "assert pygame_core.load_drawing_core() is False\n"
        "import pygame\n"
        "assert pygame.Surface((2, 2)).get_size() == (2, 2) and pygame.mixer",
        tmp_path,
    )
    assert "pygame.mixer" in mods
