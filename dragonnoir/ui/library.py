"""What the menus list: the scenarios shipped in `scenarios/`, their thumbnails, and the
player's saves. A file that cannot be read becomes an entry with a one-line error, so a
broken scenario or save never stops a menu from opening.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from dragonnoir import resources
from dragonnoir.engine.state import Side
from dragonnoir.errors import DragonNoirError
from dragonnoir.i18n import _, language
from dragonnoir.local_texts import file_texts as scenario_texts
from dragonnoir.safe_read import resolved
from dragonnoir.safe_write import BACKUP_SUFFIX, WriteError, write_stream
from dragonnoir.ui.storage import autosave_path, cache_dir, file_stem, save_file_path, saves_dir

if TYPE_CHECKING:  # the engine is imported when a scenario or save is first read, not
    # when the main menu opens (start-up time, issue 16)
    from dragonnoir.engine.game import Game
    from dragonnoir.engine.save import SaveCheck
    from dragonnoir.engine.scenario import Scenario
    from dragonnoir.engine.tables import RulesData

SCENARIO_DIR = resources.bundled_dir("scenarios")

SIDE_COLOURS: dict[Side, tuple[int, int, int]] = {
    Side.ADVENTURERS: (70, 130, 220),
    Side.KROBS: (200, 60, 50),
    Side.GHARVS: (120, 170, 70),
}


@dataclass
class ScenarioEntry:
    path: Path
    scenario: Scenario | None = None
    error: str = ""

    @property
    def label(self) -> str:
        if self.scenario is None:
            return _("{file}: cannot load").format(file=self.path.name)
        return self.scenario.title()


_SCENARIOS: dict[tuple[Path, float, str], ScenarioEntry] = {}
_THUMBS: dict[tuple[Path, float, int, int], pygame.Surface] = {}


def scenario_files(folder: Path | None = None) -> list[Path]:
    """The scenarios in `folder`; by default the player's own (user data folder,
    `scenarios/`) then the bundled ones (dragonnoir/resources.py)."""
    if folder is None:
        return [item.path for item in resources.items("scenarios")]
    return sorted(folder.glob("*.toml")) if folder.is_dir() else []


def scenario_entry(path: Path, rules: RulesData | None = None) -> ScenarioEntry:
    """The scenario at `path` checked against `rules` (the rules data in use: a scenario
    may name the player's own counters; default shipped), loaded once per version of the
    file and of the rules."""
    key = (resolved(path), _mtime(path), _version_of(rules))
    entry = _SCENARIOS.get(key)
    if entry is None:
        from dragonnoir.editor.playable import load_playable

        try:  # a scenario with design problems is listed with them, not played
            entry = ScenarioEntry(path, load_playable(path, rules))
        except DragonNoirError as exc:
            entry = ScenarioEntry(path, None, str(exc))
        _SCENARIOS[key] = entry
    return entry


def scenarios(folder: Path | None = None, rules: RulesData | None = None) -> list[ScenarioEntry]:
    return [scenario_entry(p, rules) for p in scenario_files(folder)]


#: Bumped when the thumbnails' drawing changes (the disk cache keys on it).
THUMB_VERSION = 2
ZONE_ALPHA = 90


def thumbnail(entry: ScenarioEntry, size: tuple[int, int]) -> pygame.Surface:
    """The scenario's layout fitted into `size`: the map, the deployment zones tinted in
    their side's colour, the entry zones of reinforcements outlined, the objective
    counters as "?" marks and a dot per character already placed. Cached in memory and
    on disk (the user cache folder, keyed by the scenario's and its maps' contents and
    times), so the picker opens at once the second time."""
    assert entry.scenario is not None
    key = (resolved(entry.path), _mtime(entry.path), *size)
    thumb = _THUMBS.get(key)
    if thumb is None:
        disk = _thumb_file(entry, size)
        thumb = _load_png(disk) if disk is not None else None
        if thumb is None:
            thumb = _draw_thumbnail(entry.scenario, size)
            if disk is not None:
                _save_png(thumb, disk)
        _THUMBS[key] = thumb
    return thumb


def _version_of(rules: RulesData | None) -> str:
    """What tells one set of rules data from another in the caches' keys."""
    return rules.fingerprint if rules is not None else "shipped"


def _draw_thumbnail(scenario: Scenario, size: tuple[int, int]) -> pygame.Surface:
    from dragonnoir.render.board_view import BoardView

    view = BoardView(scenario.board)
    view.show_seams = False
    zoom = min(size[0] / view.map_w, size[1] / view.map_h)
    thumb = view.surface(zoom).copy()
    grid = scenario.board.grid

    def poly(h: object) -> list[tuple[float, float]]:
        return [(x * zoom, y * zoom) for x, y in grid.hex_polygon(h)]  # type: ignore[arg-type]

    def centre(h: object) -> tuple[int, int]:
        x, y = grid.hex_centre(h)  # type: ignore[arg-type]
        return round(x * zoom), round(y * zoom)

    tint = pygame.Surface(thumb.get_size(), pygame.SRCALPHA)
    for group in scenario.groups:
        colour = SIDE_COLOURS.get(group.side, (200, 200, 200))
        for h in group.deploy:
            pygame.draw.polygon(tint, (*colour, ZONE_ALPHA), poly(h))
        for h in group.entry:
            pygame.draw.polygon(tint, (*colour, 230), poly(h), max(1, round(4 * zoom)))
    thumb.blit(tint, (0, 0))
    radius = max(3, round(18 * zoom))
    font = pygame.font.Font(None, max(12, round(radius * 2.4)))
    for obj in scenario.objectives:
        for h in obj.hexes:
            c = centre(h)
            rect = pygame.Rect(0, 0, radius * 2 + 2, radius * 2 + 2)
            rect.center = c
            pygame.draw.rect(thumb, (40, 32, 26), rect, border_radius=2)
            pygame.draw.rect(thumb, (244, 204, 96), rect, 1, border_radius=2)
            mark = font.render("?", True, (244, 204, 96))
            thumb.blit(mark, mark.get_rect(center=c))
    for unit in scenario.units:
        if unit.hex is None:
            continue
        c = centre(unit.hex)
        pygame.draw.circle(thumb, (0, 0, 0), c, radius + 1)
        pygame.draw.circle(thumb, SIDE_COLOURS.get(unit.side, (200, 200, 200)), c, radius)
    return thumb


def _thumb_file(entry: ScenarioEntry, size: tuple[int, int]) -> Path | None:
    """The thumbnail's file in the cache folder: named by a digest of the scenario
    file's bytes, its maps' times and sizes, the picture's size and THUMB_VERSION."""
    scenario = entry.scenario
    assert scenario is not None
    try:
        digest = hashlib.sha256(entry.path.read_bytes())
    except OSError:
        return None
    maps = [scenario.map_path] if scenario.map_path is not None else []
    if scenario.layout is not None:
        maps.extend(p.file for p in scenario.layout.placements if p.file is not None)
    for m in maps:
        try:
            st = m.stat()
            digest.update(f"{m}:{st.st_mtime_ns}:{st.st_size}".encode())
        except OSError:
            pass
    digest.update(f"{size[0]}x{size[1]}:v{THUMB_VERSION}".encode())
    return cache_dir() / "thumbnails" / f"{digest.hexdigest()[:32]}.png"


def _load_png(path: Path) -> pygame.Surface | None:
    if not path.is_file():
        return None
    try:
        return pygame.image.load(str(path))
    except (pygame.error, OSError):
        return None  # a damaged cache file is drawn again


def _save_png(surface: pygame.Surface, path: Path) -> None:
    """Write the thumbnail atomically; a cache that cannot be written costs only time."""
    with contextlib.suppress(WriteError, pygame.error):
        write_stream(path, lambda fh: pygame.image.save(surface, fh, "thumbnail.png"))


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


# -- saves ------------------------------------------------------------------------------


@dataclass
class SaveEntry:
    """One save in the load list: the replayed game, or the one-line reason it failed.

    A save whose replay check failed (engine/unverified.py) says so in words (`error`)
    and holds the game as its snapshot stands (`unverified`), which Load offers."""

    path: Path
    label: str
    game: Game | None = None
    error: str = ""
    modified: float = 0.0
    notes: list[str] = field(default_factory=list)
    unverified: Game | None = None

    @property
    def ok(self) -> bool:
        return self.game is not None and not self.error


#: Entries by file, time, rules data and language (their labels are in words).
_SAVES: dict[tuple[Path, float, str, str], SaveEntry] = {}


def save_entry(path: Path, title: str | None = None, rules: RulesData | None = None) -> SaveEntry:
    """Load (replay and check) the save at `path` against `rules`, the rules data in use
    (default shipped); never raises for a bad file. A save made with other rules data
    replays with its own, and the entry's notes start with what differs."""
    mtime = _mtime(path)
    key = (resolved(path), mtime, _version_of(rules), language())
    cached = _SAVES.get(key)
    if cached is not None:
        return cached
    when = dt.datetime.fromtimestamp(mtime).strftime("%Y-%m-%d %H:%M") if mtime else "?"
    name = title or path.stem
    from dragonnoir.engine.save import check_save

    check = check_save(path, rules=rules)
    notes = [_("Rules data: {warning}").format(warning=w) for w in check.warnings] + check.notes
    # the label stays short (the list cuts long lines); the detail box says why
    if check.fault is not None:
        label = _("{name}: does not check out (see below)").format(name=name)
        entry = SaveEntry(path, label, None, replay_said(check), mtime)
        entry.unverified = check.snapshot
    elif check.problems or check.game is None:
        problem = check.problems[0] if check.problems else _("the replay did not finish")
        line = " ".join(str(problem).split())
        label = _("{name}: cannot load (see below)").format(name=name)
        entry = SaveEntry(path, label, None, line, mtime)
    else:
        game = check.game
        scenario = scenario_name(check.scenario_file) or game.scenario_id or "?"
        state = _("game over") if game.over else _("turn {turn}").format(turn=game.state.turn)
        if game.unverified is not None:
            label = _("{name}: {scenario}, {state}, {when}, unverified")
        else:
            label = _("{name}: {scenario}, {state}, {when}")
        label = label.format(name=name, scenario=scenario, state=state, when=when)
        entry = SaveEntry(path, label, game, "", mtime, notes)
    _SAVES[key] = entry
    return entry


def replay_said(check: SaveCheck) -> str:
    """What a failed replay check found, in the player's words, and what is offered."""
    from dragonnoir.engine.unverified import OFFER_SAID

    return check.in_words() if check.snapshot is None else f"{check.in_words()} {_(OFFER_SAID)}"


def save_files() -> list[Path]:
    """The player's saves, newest first."""
    folder = saves_dir()
    files = list(folder.glob("*.json")) if folder.is_dir() else []
    return sorted(files, key=_mtime, reverse=True)


def backup_entry(path: Path, rules: RulesData | None = None) -> SaveEntry | None:
    """The intact backup (`<name>.bak`, kept by every save) of a damaged save, or None
    when there is none or it is damaged too."""
    backup = path.with_name(path.name + BACKUP_SUFFIX)
    if not backup.is_file():
        return None
    entry = save_entry(backup, _("{name} (backup)").format(name=path.stem), rules)
    return entry if entry.ok else None


def saves(include_autosave: bool = True, rules: RulesData | None = None) -> list[SaveEntry]:
    out = []
    auto = autosave_path()
    if include_autosave and auto.is_file():
        out.append(save_entry(auto, _("Autosave"), rules))
    out.extend(save_entry(p, rules=rules) for p in save_files())
    return out


def scenario_name(path: Path | None) -> str:
    """The name of the scenario file at `path` in the player's language (the file's
    `[text.<language>]`, else its `name`); empty when it cannot be read."""
    return " ".join(scenario_texts(path).name().split())


def new_save_path(game: Game) -> Path:
    """A fresh file name in the saves folder for `game`: its scenario, its turn and the
    time ("la-fosse-turn2-20261201-143005.json"); never the name of an existing file."""
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    base = f"{file_stem(game.scenario_id)}-turn{game.state.turn}"
    path = save_file_path(f"{base}-{stamp}.json")
    n = 2
    while path.exists() or path.is_symlink():
        path = save_file_path(f"{base}-{stamp}-{n}.json")
        n += 1
    return path
