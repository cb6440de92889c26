"""Every kind of file the program writes, each with two versions to write and the
program's own reader to read it back: what tests/test_write_durability.py kills writers
of (`write_forever` is the writer that gets killed).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORRIDOR = REPO / "tests" / "data" / "scenarios" / "corridor.toml"


@dataclass(frozen=True)
class Kind:
    """`write(folder, version)` writes version 0 or 1 of the file; `read(folder)` reads
    it back with the program's own loader (a value the two versions differ by)."""

    write: Callable[[Path, int], object]
    read: Callable[[Path], object]


def _save(folder: Path, version: int) -> object:
    from dragonnoir.engine.save import save_game
    from dragonnoir.engine.scenario import load_scenario

    game = load_scenario(CORRIDOR).new_game(1)
    if version:
        game.apply(game.legal_actions()[0])
    return save_game(game, folder / "game.json")


def _read_save(folder: Path) -> object:
    from dragonnoir.engine.save import check_save

    versions = []
    for name in ("game.json", "game.json.bak"):
        if (folder / name).exists() or name == "game.json":
            check = check_save(folder / name)
            assert check.ok and check.game is not None, [str(p) for p in check.problems]
            versions.append(len(check.game.history))
    return versions[0]


def _campaign(folder: Path, version: int) -> object:
    from dragonnoir.campaign import CampaignRun, load_campaign
    from dragonnoir.campaign.store import save_campaign

    run = CampaignRun.start(load_campaign(REPO / "campaigns" / "la-descente.toml"), 7 + version)
    return save_campaign(run, folder / "campaign.json")


def _read_campaign(folder: Path) -> object:
    from dragonnoir.campaign.store import load_campaign_save

    run, _ = load_campaign_save(folder / "campaign.json")
    return run.state.seed


def _settings(folder: Path, version: int) -> object:
    from dragonnoir.ui.settings import Settings, save_settings

    return save_settings(Settings(handover=bool(version)), folder / "settings.json")


def _read_settings(folder: Path) -> object:
    from dragonnoir.ui.settings import load_settings

    settings, warning = load_settings(folder / "settings.json")
    assert warning is None, warning
    return settings.handover


def _board(folder: Path, version: int) -> object:
    import dataclasses

    from dragonnoir.editor.board_doc import BoardDocument

    doc = BoardDocument.open(REPO / "maps" / "fosse.tmx")
    doc.board = dataclasses.replace(doc.board, name=f"Version {version}")
    return doc.save(folder / "board.tmx")


def _read_board(folder: Path) -> object:
    from dragonnoir.hexmap.board_io import load_board

    return load_board(folder / "board.tmx").name


def _layout(folder: Path, version: int) -> object:
    from dragonnoir.editor.layout_doc import LayoutDocument

    doc = LayoutDocument.open(REPO / "layouts" / "two-boards.toml")
    doc.name = f"Version {version}"
    return doc.save(folder / "layout.toml")


def _read_layout(folder: Path) -> object:
    from dragonnoir.hexmap.layout import read_layout_file

    name, _ = read_layout_file(folder / "layout.toml")
    return name


def _scenario(folder: Path, version: int) -> object:
    from dragonnoir.editor.scenario_doc import ScenarioDocument

    doc = ScenarioDocument.open(REPO / "scenarios" / "la-fosse.toml")
    doc.data = doc.data.model_copy(update={"name": f"Version {version}"})
    return doc.save(folder / "scenario.toml")


def _read_scenario(folder: Path) -> object:
    from dragonnoir.engine.scenario import load_scenario

    return load_scenario(folder / "scenario.toml").name


def _recent(folder: Path, version: int) -> object:
    from dragonnoir.editor.recent import remember

    opened = REPO / "maps" / ("fosse.tmx" if version else "labyrinthe.tmx")
    return remember(folder / "recent.json", opened)


def _read_recent(folder: Path) -> object:
    import json

    from dragonnoir.editor.recent import load_recent

    assert isinstance(json.loads((folder / "recent.json").read_text()), list)
    return load_recent(folder / "recent.json")[0].name


def _view(folder: Path, version: int) -> object:
    from dragonnoir.ui.storage import write_view

    os.environ["DRAGONNOIR_HOME"] = str(folder)
    write_view(1.0 + version, 10.0 * version, 0.0)
    return None


def _read_view(folder: Path) -> object:
    import json

    return json.loads((folder / "data" / "autosave.view").read_text())["zoom"]


def _png(folder: Path, version: int) -> object:
    import pygame

    from dragonnoir.render.png import save_png

    surface = pygame.Surface((300, 200))
    surface.fill((200 * version, 40, 90))
    return save_png(surface, folder / "map.png")


def _read_png(folder: Path) -> object:
    import pygame

    return tuple(pygame.image.load(str(folder / "map.png")).get_at((299, 199)))


def _rules(folder: Path, version: int) -> object:
    """`dragonnoir data --copy all`: never overwrites, so each round starts afresh."""
    from dragonnoir.rules_folder import copy_shipped

    target = folder / "rules"
    for old in target.glob("*.toml") if target.is_dir() else ():
        old.unlink()
    return copy_shipped(["all"], target)


def _read_rules(folder: Path) -> object:
    """Whatever the kill left, every rules file there is whole (the shipped text)."""
    from dragonnoir import resources

    for path in (folder / "rules").glob("*.toml"):
        assert path.read_bytes() == (resources.data_dir() / path.name).read_bytes(), path
    return "whole"


KINDS: dict[str, Kind] = {
    "save": Kind(_save, _read_save),
    "campaign": Kind(_campaign, _read_campaign),
    "settings": Kind(_settings, _read_settings),
    "board": Kind(_board, _read_board),
    "layout": Kind(_layout, _read_layout),
    "scenario": Kind(_scenario, _read_scenario),
    "recent": Kind(_recent, _read_recent),
    "view": Kind(_view, _read_view),
    "png": Kind(_png, _read_png),
    "rules": Kind(_rules, _read_rules),
}


def write_forever(kind: str, folder: Path, ready: int) -> None:
    """Write version 0, then 1, then 0... of `kind`'s file in `folder` until killed;
    one byte to the file descriptor `ready` once the first is written. The files the
    client keeps in the user's folders go under `folder` (DRAGONNOIR_HOME)."""
    os.environ["DRAGONNOIR_HOME"] = str(folder)
    write = KINDS[kind].write
    write(folder, 0)
    os.write(ready, b"!")
    version = 1
    while True:
        write(folder, version)
        version = 1 - version
