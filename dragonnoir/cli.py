"""The `dragonnoir` command: the game client (no command: the main menu; `play`,
`campaign`), view, edit (the map editor), render, validate, export, replay, simulate
(games between AI players), data (the rules data in use) and bench.

Every command turns a `DragonNoirError` (bad map, bad layout, bad data file) into one line
on stderr naming the file and place, and exit code 1 — never a traceback. An unexpected
failure is a bug: its traceback goes to a log file in the user's folder and the command
says where.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dragonnoir.errors import DragonNoirError
from dragonnoir.i18n import N_, _, ngettext

if TYPE_CHECKING:
    import argparse

    from dragonnoir.engine.game import Game
    from dragonnoir.engine.save import SaveCheck
    from dragonnoir.hexmap.tiled import HexGrid

#: A bundled layout's id (dragonnoir/resources.py): the view command's default.
DEFAULT_LAYOUT = "six-boards"


class LoadedMap:
    """A board or a composed layout, ready to draw. (A plain class: `dataclasses` costs
    ~8 ms to import, which `dragonnoir render` of a plain Tiled map need not pay.)"""

    __slots__ = ("board", "board_of", "seams", "title")

    def __init__(
        self,
        board: object,  # dragonnoir.hexmap.board.Board (typed loosely to keep imports lazy)
        title: str,
        seams: list[list[tuple[float, float]]],
        board_of: Callable[[object], list[tuple[str, int, int]]] | None,
    ) -> None:
        self.board = board
        self.title = title
        self.seams = seams
        self.board_of = board_of


def load_map(path: Path, tmx: object = None) -> LoadedMap:
    """Load a board (.tmx) or a layout (.toml) for viewing or rendering; `tmx`, the
    board's file already read (`read_tmx`), saves reading it twice."""
    if path.suffix.lower() == ".toml":
        from dragonnoir.hexmap.layout import load_layout

        layout = load_layout(path)

        def board_of(h: object) -> list[tuple[str, int, int]]:
            out = []
            for placement, local in layout.boards_of(h):  # type: ignore[arg-type]
                col, row = placement.board.grid.to_cell(local)
                out.append((placement.board.id, col, row))
            return out

        return LoadedMap(layout.map, layout.name, layout.seam_polylines(), board_of)
    from dragonnoir.hexmap.board_io import load_board, tmx_to_board

    board = load_board(path) if tmx is None else tmx_to_board(tmx, path=path)  # type: ignore[arg-type]

    def single(h: object) -> list[tuple[str, int, int]]:
        col, row = board.grid.to_cell(h)  # type: ignore[arg-type]
        return [(board.id, col, row)] if h in board.cells else []

    return LoadedMap(board, board.name, [], single)


def map_argument(name: str) -> Path:
    """A .tmx or .toml path as given, else a bundled (or the player's) layout or board id."""
    if os.path.isfile(name):  # a file named on the command line: no need for `resources`
        return Path(name)
    from dragonnoir.resources import find_map

    return find_map(name)


def cmd_view(args: argparse.Namespace) -> int:
    loaded = load_map(map_argument(args.path))
    from dragonnoir.ui.viewer import run_viewer

    return run_viewer(loaded.board, loaded.title, seams=loaded.seams, board_of=loaded.board_of)  # type: ignore[arg-type]


def cmd_edit(args: argparse.Namespace) -> int:
    """The map editor, on FILE (a board .tmx, a layout or scenario .toml, or an id) or empty."""
    from dragonnoir.ui.app import App, Scene
    from dragonnoir.ui.screens import run_app

    path = map_argument(args.path) if args.path else None
    if path is not None:  # a bad file: one line naming it, exit 1, before any window
        from dragonnoir.editor.board_doc import BoardDocument
        from dragonnoir.editor.layout_doc import LayoutDocument
        from dragonnoir.editor.scenario_doc import ScenarioDocument, is_scenario_file

        if path.suffix.lower() == ".toml" and is_scenario_file(path):
            ScenarioDocument.open(path)
        elif path.suffix.lower() == ".toml":
            LayoutDocument.open(path)
        else:
            BoardDocument.open(path)

    def start(app: App) -> Scene:
        app.stack.append(app.screens.main_menu(app))  # under the editor: "Menu" goes back to it
        return app.screens.editor(app, path)

    return run_app(start)


def cmd_menu(args: argparse.Namespace) -> int:
    """The game client's main menu."""
    from dragonnoir.ui.screens import run_app

    return run_app()


def cmd_play(args: argparse.Namespace) -> int:
    """Straight into a game of `scenario` (default: the scenario picker)."""
    from dragonnoir.ui.app import App, Scene
    from dragonnoir.ui.screens import run_app

    if args.scenario is None:
        return run_app(lambda app: app.screens.new_game(app, seed=args.seed))
    import secrets

    from dragonnoir.editor.playable import load_playable
    from dragonnoir.resources import find
    from dragonnoir.rules_folder import rules_in_use

    # a path or a scenario id; a bad file (the scenario, the player's rules) or a scenario
    # with design problems: one line, exit 1
    rules = rules_in_use()
    scenario = load_playable(find("scenarios", args.scenario), rules)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)

    def start(app: App) -> Scene:
        app.stack.append(app.screens.main_menu(app))  # under the game: "Menu" goes back to it
        return app.screens.game(app, scenario.new_game(seed, rules), new=True)

    return run_app(start)


def cmd_watch(args: argparse.Namespace) -> int:
    """Watch a save in the client: step through it forwards and backwards, seen by one
    side or all (docs/watching.md). A save that cannot be watched is one line, exit 1,
    before any window opens; nothing is written."""
    from dragonnoir.engine.state import Side
    from dragonnoir.rules_folder import rules_in_use
    from dragonnoir.ui.app import App, Scene
    from dragonnoir.ui.screens import run_app
    from dragonnoir.ui.watch_scene import WatchScene, open_replay

    path = Path(args.save)
    replay = open_replay(path, rules_in_use())
    side = Side(args.side) if args.side else None

    def start(app: App) -> Scene:
        app.stack.append(app.screens.main_menu(app))  # under the replay: "Back" goes to it
        return WatchScene(app, replay, side=side, name=path.name)

    return run_app(start)


def cmd_campaign(args: argparse.Namespace) -> int:
    """A campaign: FILE (a campaign .toml or id) started anew, or its save resumed with
    --resume (or FILE a campaign save .json); no FILE: the list of campaigns. A bad file
    is one line and exit 1 before any window opens."""
    from dragonnoir.ui.app import App, Scene
    from dragonnoir.ui.screens import run_app

    if args.file is None:
        return run_app(lambda app: app.screens.campaign_menu(app))
    from dragonnoir.campaign import CampaignRun, load_campaign
    from dragonnoir.campaign.store import load_campaign_save
    from dragonnoir.resources import find
    from dragonnoir.rules_folder import rules_in_use
    from dragonnoir.ui.campaign_scene import CampaignSession, save_path_for

    rules = rules_in_use()
    if args.file.endswith(".json"):
        save = Path(args.file)
    else:
        campaign = load_campaign(find("campaigns", args.file), rules)
        save = save_path_for(campaign.id)
    if args.resume or args.file.endswith(".json"):
        run, game = load_campaign_save(save, rules)
    else:
        import secrets

        seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
        run, game = CampaignRun.start(campaign, seed, rules), None

    def start(app: App) -> Scene:
        from dragonnoir.ui.campaign_scene import CampaignScene

        app.stack.append(app.screens.main_menu(app))  # under the campaign: "Menu" goes back
        session = CampaignSession(app, run, save)
        if game is None:
            return CampaignScene(app, session)
        return session.finish(game) if game.over else session.play(game)

    return run_app(start)


def cmd_render(args: argparse.Namespace) -> int:
    import gc
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    # Loading a layout allocates a few hundred thousand objects and frees none of them
    # cyclically: the cyclic GC would walk them again and again for nothing (~40 ms),
    # and once more at exit (~35 ms) unless they are frozen first.
    collecting = gc.isenabled()
    gc.disable()
    try:
        _render(args)
    finally:
        if getattr(args, "whole_process", False):
            gc.freeze()  # the process ends next: leave the heap to the OS
        if collecting:
            gc.enable()
    print(_("wrote {path}").format(path=Path(args.output)))
    return 0


def _render(args: argparse.Namespace) -> None:
    _check_scale(args.scale)
    path = map_argument(args.path)
    out = Path(args.output)
    tmx = None
    if path.suffix.lower() == ".tmx":
        from dragonnoir.hexmap.tmx import read_tmx

        tmx = read_tmx(path)  # read once; a Dragon Noir board declares a `board_id`
    if tmx is not None and "board_id" not in tmx.properties:
        if getattr(args, "whole_process", False):
            from dragonnoir.render.pygame_core import load_drawing_core

            load_drawing_core()  # this process ends after the PNG: pygame's core only
        from dragonnoir.render.tmx_draw import render_tmx_to_png

        _check_picture_size(tmx.width, tmx.height, tmx.grid, args.scale)
        render_tmx_to_png(tmx, out, scale=args.scale)  # any other TMX: as Tiled draws it
    else:
        loaded = load_map(path, tmx)
        board = loaded.board
        _check_picture_size(board.width, board.height, board.grid, args.scale)  # type: ignore[attr-defined]
        from dragonnoir.render.board_view import render_board_to_png

        render_board_to_png(
            loaded.board,  # type: ignore[arg-type]
            out,
            scale=args.scale,
            seams=loaded.seams if args.seams else None,
        )


#: The range of `render --scale`, and the largest picture it may make (side, pixels).
MIN_SCALE, MAX_SCALE = 0.01, 16.0
MAX_PICTURE_SIDE = 32768
MAX_PICTURE_PIXELS = 128 * 1024 * 1024  # 512 MB of RGBA


def _check_scale(value: float) -> None:
    """--scale is a finite number in [MIN_SCALE, MAX_SCALE] (a message, exit 1)."""
    if not MIN_SCALE <= value <= MAX_SCALE:  # also refuses nan
        raise DragonNoirError(
            f"--scale {value:g} is out of range: the scale is between {MIN_SCALE} and {MAX_SCALE:g}"
        )


def _check_picture_size(width: int, height: int, grid: HexGrid, scale: float) -> None:
    """Refuse a picture too large to make (bounded above by (cells + 1) x tile size)."""
    w = round((width + 1) * grid.tile_width * scale)
    h = round((height + 1) * grid.tile_height * scale)
    if max(w, h) > MAX_PICTURE_SIDE or w * h > MAX_PICTURE_PIXELS:
        raise DragonNoirError(
            f"the picture would be about {w}x{h} pixels, more than this program draws "
            f"({MAX_PICTURE_SIDE} a side, {MAX_PICTURE_PIXELS // 2**20} megapixels): "
            "use a smaller --scale"
        )


def cmd_validate(args: argparse.Namespace) -> int:
    from dragonnoir.hexmap.board_io import load_board

    failures = 0
    paths = _expand_paths(_validate_argument(p) for p in args.paths)
    if not paths:
        print(_("nothing to validate"), file=sys.stderr)
        return 1
    for path in paths:
        try:
            if path.suffix.lower() == ".toml" and _is_campaign(path):
                from dragonnoir.campaign.plan import load_campaign
                from dragonnoir.campaign.run import check_campaign
                from dragonnoir.rules_folder import rules_in_use

                rules = rules_in_use()
                campaign = load_campaign(path, rules)
                steps = check_campaign(campaign, rules=rules)
                print(
                    _(
                        "ok   {path}: campaign '{id}' ({name}), {steps} scenarios set up with "
                        "the party, {caves} caves"
                    ).format(
                        path=path,
                        id=campaign.id,
                        name=campaign.name,
                        steps=steps,
                        caves=len(campaign.data.cave),
                    )
                )
            elif path.suffix.lower() == ".toml" and _is_scenario(path):
                from dragonnoir.engine.scenario import load_scenario, scenario_file_problems
                from dragonnoir.rules_folder import rules_in_use

                rules = rules_in_use()  # a scenario may name the player's own counters
                faults = scenario_file_problems(path, rules)
                if faults:  # every bad entry, not only the first
                    for fault in faults:
                        print(_("FAIL {fault}").format(fault=fault), file=sys.stderr)
                    failures += 1
                    continue
                scenario = load_scenario(path, rules)
                game = scenario.new_game(1, rules)
                print(
                    _(
                        "ok   {path}: scenario '{id}' ({name}), {units} characters, {hexes} hexes"
                    ).format(
                        path=path,
                        id=scenario.id,
                        name=scenario.name,
                        units=len(game.state.units),
                        hexes=len(game.board.cells),
                    )
                )
                failures += _design_problems(path, scenario, args)
            elif path.suffix.lower() == ".toml":
                from dragonnoir.hexmap.layout import load_layout

                layout = load_layout(path)
                print(
                    _("ok   {path}: layout '{name}', {boards} boards, {hexes} hexes").format(
                        path=path,
                        name=layout.name,
                        boards=len(layout.placements),
                        hexes=len(layout.map.cells),
                    )
                )
                failures += _design_problems(path, layout, args)
            else:
                board = load_board(path)
                print(
                    _(
                        "ok   {path}: board '{id}' ({name}), {width}x{height}, {hexes} hexes, "
                        "{edges} edge features, {zones} zones"
                    ).format(
                        path=path,
                        id=board.id,
                        name=board.name,
                        width=board.width,
                        height=board.height,
                        hexes=len(board.cells),
                        edges=len(board.edges),
                        zones=len(board.zones),
                    )
                )
                failures += _design_problems(path, board, args)
        except DragonNoirError as exc:
            failures += 1
            print(_("FAIL {fault}").format(fault=exc), file=sys.stderr)
    return 1 if failures else 0


def _design_problems(path: Path, map_: object, args: argparse.Namespace) -> int:
    """With --design or --strict, print the map editor's design problems of a well-formed
    board or layout (a stair joining no levels, a place no one reaches...) or scenario (a
    character in rock or in water it cannot enter, a Queen who does not fit), one line
    each with its rule: warnings, or failures with --strict. Returns 1 when they count as a
    failure. (Opt-in: they need the terrain table, which plain validation does not load.)"""
    strict = bool(args.strict)
    if not (args.design or strict):
        return 0
    from dragonnoir.editor.layout_doc import layout_problems
    from dragonnoir.editor.validate import Problem, validate_board
    from dragonnoir.engine.scenario import Scenario
    from dragonnoir.hexmap.board import Board
    from dragonnoir.hexmap.layout import Layout

    problems: list[Problem] = []
    if isinstance(map_, Scenario):
        from dragonnoir.editor.playable import play_problems
        from dragonnoir.rules_folder import rules_in_use

        problems = play_problems(map_, rules=rules_in_use())  # what refuses playing it
    elif isinstance(map_, Board):
        problems = validate_board(map_)
    elif isinstance(map_, Layout):
        problems = layout_problems(map_)
    word = "FAIL" if strict else "warn"
    for problem in problems:
        print(f"{word} {path}: {problem.text()}", file=sys.stderr if strict else sys.stdout)
    return 1 if strict and problems else 0


def _is_campaign(path: Path) -> bool:
    from dragonnoir.campaign.plan import is_campaign_file

    return is_campaign_file(path)


def _is_scenario(path: Path) -> bool:
    from dragonnoir.editor.scenario_doc import is_scenario_file

    return is_scenario_file(path)


def _validate_argument(name: str) -> Path:
    """An id names a bundled layout, board or scenario; anything else is a path, reported missing
    on its own line with the others still checked."""
    from dragonnoir.resources import ResourceError, find

    try:
        return map_argument(name)
    except ResourceError:
        pass
    for kind in ("scenarios", "campaigns"):
        try:
            return find(kind, name)
        except ResourceError:
            pass
    return Path(name)


def _expand_paths(paths: Iterable[Path]) -> list[Path]:
    """Folders stand for the boards (.tmx) and layouts (.toml) they hold."""
    out: list[Path] = []
    for p in paths:
        if os.path.isdir(p):  # never raises (a name too long for the system is no folder)
            out.extend(sorted([*p.glob("*.tmx"), *p.glob("*.toml")]))
        else:
            out.append(p)
    return out


def cmd_export(args: argparse.Namespace) -> int:
    from dragonnoir.hexmap.layout import export_layout_tmx, load_layout
    from dragonnoir.resources import find
    from dragonnoir.tileset_copies import tilesets_for_export

    layout = load_layout(find("layouts", args.layout))
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    export_layout_tmx(layout, out, tilesets_for_export(out))
    print(_("wrote {path}").format(path=Path(args.output)))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    import json
    import os

    from dragonnoir.resources import content_root, is_checkout

    if not is_checkout():
        raise DragonNoirError(
            "dragonnoir bench is a developer command: it runs the repository's benchmarks/ "
            "folder; run it from a source checkout (pip install -e .)"
        )
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    sys.path.insert(0, str(content_root()))
    from benchmarks.run import run_all

    figures = run_all(repeats=args.repeats, only=args.only)
    print(json.dumps(figures, indent=2))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a save file's actions from its scenario and seed; with --verify, only say
    whether they reproduce the saved snapshot. Exit 0 only when they do."""
    from dragonnoir.engine.save import check_save
    from dragonnoir.engine.state import Side
    from dragonnoir.narration.narrator import Narrator
    from dragonnoir.rules_folder import rules_in_use

    path = Path(args.save)
    check = check_save(path, rules=rules_in_use())
    for warning in check.warnings:
        print(
            _("dragonnoir: warning: {path}: {warning}").format(path=path, warning=warning),
            file=sys.stderr,
        )
    for problem in check.problems:
        print(f"dragonnoir: {problem}", file=sys.stderr)
    if check.fault is not None:
        said = _("dragonnoir: what happened: {fault}").format(fault=_replay_fault_said(check))
        print(said, file=sys.stderr)
    if check.problems or check.game is None:
        return 1
    game = check.game
    if not args.verify:
        side = Side(args.side) if args.side else None
        for line in Narrator.of(game).log(game, side):
            print(line)
        print()
    for line in replay_summary(check):
        print(line)
    for note in check.notes:
        print(_("note: {note}").format(note=note))
    print(_reproduced(game))
    return 0


def _replay_fault_said(check: SaveCheck) -> str:
    """The client's words for a save whose replay check failed, and what it offers."""
    if check.snapshot is None:
        return check.in_words()
    offer = _(
        "The game client offers to go on from the position as it was saved, marked unverified."
    )
    return f"{check.in_words()} {offer}"


def _reproduced(game: Game) -> str:
    """The replay's last line: which actions reproduced the snapshot (all, or those
    since an unverified position)."""
    total = len(game.history)
    if game.unverified is None:
        return ngettext(
            "ok: the {n} action reproduces the saved snapshot",
            "ok: the {n} actions reproduce the saved snapshot",
            total,
        ).format(n=total)
    since = total - game.unverified.actions
    return ngettext(
        "ok: the {n} action since the unverified position (of {total}) reproduces the "
        "saved snapshot",
        "ok: the {n} actions since the unverified position (of {total}) reproduce the "
        "saved snapshot",
        since,
    ).format(n=since, total=total)


def replay_summary(check: SaveCheck) -> list[str]:
    """What a replayed save holds, in the player's language: the scenario, the actions
    turn by turn (counted by kind, as players name them), and how the game stands."""
    from collections import Counter

    from dragonnoir.narration.actions import actions_counted
    from dragonnoir.narration.narrator import Narrator
    from dragonnoir.narration.phases import phase_title
    from dragonnoir.narration.sides import side_name

    assert check.game is not None
    game = check.game
    say = Narrator.of(game).value
    scenario = game.scenario_id or _("without a file")
    where = str(check.scenario_file) if check.scenario_file else _("map in the save")
    lines = [
        _("{path}: scenario {scenario} ({where}), seed {seed}").format(
            path=check.path, scenario=scenario, where=where, seed=game.seed
        )
    ]
    per_turn: dict[int, Counter[str]] = {}
    for turn, action in zip(check.action_turns, game.history, strict=True):
        per_turn.setdefault(turn, Counter())[action.kind] += 1
    for turn, kinds in per_turn.items():
        detail = ", ".join(say(actions_counted(kind, n)) for kind, n in sorted(kinds.items()))
        total = sum(kinds.values())
        said = ngettext(
            "turn {turn}: {n} action ({detail})", "turn {turn}: {n} actions ({detail})", total
        )
        lines.append(said.format(turn=turn, n=total, detail=detail))
    state = game.state
    if game.over:
        narrator = Narrator.of(game)
        ended = [narrator.event(e) for e in game.log if e.kind == "GameEnded"]
        said = _("game over in turn {turn}: {end}").format(
            turn=state.turn, end=ended[-1] if ended else ""
        )
        lines.append(said.rstrip(": "))
    else:
        side = game.to_act()
        lines.append(
            ngettext(
                "now turn {turn}, {phase}; {side} to act; {n} die roll so far",
                "now turn {turn}, {phase}; {side} to act; {n} die rolls so far",
                state.dice.rolls,
            ).format(
                turn=state.turn,
                phase=say(phase_title(state.phase, game.phase.title)),
                side=say(side_name(side.value if side else None)),
                n=state.dice.rolls,
            )
        )
    return lines


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play seeded games between agents and say how they went (docs/ai.md)."""
    import json

    from dragonnoir.ai.simulate import check_agent, progress_bar, simulate
    from dragonnoir.resources import find

    check_agent(args.krobs)  # a mistyped agent is named before any file is read
    check_agent(args.adventurers)
    summary = simulate(
        find("scenarios", args.scenario),
        games=args.games,
        seed=args.seed,
        krobs=args.krobs,
        adventurers=args.adventurers,
        jobs=args.jobs,
        progress=progress_bar(),
    )
    if args.json:
        print(json.dumps(summary.as_json(), indent=2))
    else:
        for line in summary.lines():
            print(line)
    return 0


def cmd_data(args: argparse.Namespace) -> int:
    """Which rules data is in use and where a player's own files go; `--copy` puts
    shipped files there to edit. Exit 1 when a file of the player's cannot be used."""
    from dragonnoir import rules_folder

    if args.copy:
        for path in rules_folder.copy_shipped(args.copy):
            print(_("wrote {path}").format(path=path))
    for line in rules_folder.report():
        print(line)
    return 0


def cmd_selftest(args: argparse.Namespace) -> int:
    from dragonnoir.selftest import run_selftest

    return run_selftest()


def _version() -> str:
    from dragonnoir import __version__

    return f"dragonnoir {__version__}"


def _argparse_classes() -> tuple[type[argparse.HelpFormatter], type[argparse.Action]]:
    """Our help formatter and `--version` action, made when a parser is built: argparse
    is imported only then (`plain_render_args` reads plain renders without it)."""
    import argparse

    _speak_argparse(argparse)

    class HelpFormatter(argparse.HelpFormatter):
        """argparse's formatter, given the terminal's width (left to find it, argparse
        imports shutil, bz2, lzma... at every start, for `get_terminal_size`), saying the
        help in the player's language: the texts are marked `N_` where the parser is
        built and translated only when the help is shown (a command that says nothing
        loads no catalog)."""

        def _get_help_string(self, action: argparse.Action) -> str | None:
            return _(action.help) if action.help else action.help

        def _format_text(self, text: str) -> str:
            return super()._format_text(_(text) if text else text)

        def __init__(
            self,
            prog: str,
            indent_increment: int = 2,
            max_help_position: int = 24,
            width: int | None = None,
        ) -> None:
            if width is None:
                width = _terminal_columns() - 2  # as argparse does
            super().__init__(prog, indent_increment, max_help_position, width)

    class VersionAction(argparse.Action):
        """`--version`: the program's version and which rules data it plays with (worked
        out only when asked: a listing of the player's rules folder)."""

        def __call__(
            self, parser: argparse.ArgumentParser, *args: object, **kwargs: object
        ) -> None:
            from dragonnoir.rules_folder import summary

            print(f"{_version()}\nrules data: {summary()}")
            parser.exit()

    return HelpFormatter, VersionAction


#: argparse's own words (usage, headings, its errors), marked for our catalogs:
#: `_speak_argparse` has argparse say them through them.
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("not allowed with argument %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


def _speak_argparse(argparse: Any) -> None:
    """argparse's messages through our catalogs (it asks the standard library's gettext
    for its own domain, which no catalog of ours fills)."""
    argparse._ = _


def _terminal_columns() -> int:
    """`shutil.get_terminal_size().columns`: $COLUMNS, else the terminal's, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Skipped:
    """Stands for a command's parser that this run does not build (`_Commands`)."""

    def add_argument(self, *args: object, **kwargs: object) -> None:
        pass

    def set_defaults(self, **kwargs: object) -> None:
        pass


class _Commands:
    """The sub-commands, built all (help, a mistyped command) or only the one named on
    the command line: each parser costs argparse work (formatters, translations,
    patterns) that a one-shot command like `render` should not pay eight times."""

    def __init__(
        self,
        action: argparse._SubParsersAction,  # type: ignore[type-arg]
        only: str | None,
        formatter: type[argparse.HelpFormatter],
    ) -> None:
        self.action = action
        self.only = only
        self.formatter = formatter
        self.built: list[str] = []

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser | _Skipped:
        if self.only is not None and name != self.only:
            return _Skipped()
        self.built.append(name)
        parser: argparse.ArgumentParser = self.action.add_parser(
            name, formatter_class=self.formatter, **kwargs
        )
        return parser


#: The help of `pbem --orders` (dragonnoir/pbem/orders.py).
ORDERS_HELP = N_(
    "standing orders for the other side's turn, as name=value,...: fire=in_range|never|ask, "
    "spells=never|ask, casualty=least_wounded|most_wounded|ask, retreat=ask|first, "
    "advance=never|ask (the first value is the default)"
)


def _add_pbem_commands(
    pbem: argparse.ArgumentParser, formatter: type[argparse.HelpFormatter]
) -> None:
    """`dragonnoir pbem new | verify | autoplay` (docs/pbem.md)."""
    own = pbem.add_subparsers(dest="pbem_command", required=True)
    new = own.add_parser(
        "new",
        formatter_class=formatter,
        help=N_("start a game as one side and write its first turn file"),
    )
    new.add_argument("scenario", help=N_("a scenario file (.toml) or id (la-fosse)"))
    new.add_argument("--side", choices=("adventurers", "krobs"), required=True)
    new.add_argument("--out", required=True, help=N_("the turn file to write (.dnturn)"))
    new.add_argument("--orders", default="", help=ORDERS_HELP)
    verify = own.add_parser(
        "verify",
        formatter_class=formatter,
        help=N_("check a turn file, and that it follows the previous one; exit 0/1"),
    )
    verify.add_argument("file", help=N_("a turn file (.dnturn)"))
    verify.add_argument("--previous", help=N_("the previous turn file of the same game"))
    auto = own.add_parser(
        "autoplay",
        formatter_class=formatter,
        help=N_("play the side to move with an agent and write the next turn file"),
    )
    auto.add_argument("file", help=N_("a turn file (.dnturn)"))
    auto.add_argument("--agent", default="random", help=N_("random, ai:easy, ai:normal or ai:hard"))
    auto.add_argument("--out", required=True, help=N_("the next turn file to write"))
    auto.add_argument("--orders", default="", help=ORDERS_HELP)
    play = own.add_parser(
        "play",
        formatter_class=formatter,
        help=N_("open the game client on a received turn file and play your turn"),
    )
    play.add_argument("file", help=N_("a turn file (.dnturn)"))
    pbem.set_defaults(func=cmd_pbem)


def cmd_pbem(args: argparse.Namespace) -> int:
    """Play by e-mail (dragonnoir/pbem/commands.py; `play` opens the client)."""
    if args.pbem_command == "play":
        return cmd_pbem_play(args)
    from dragonnoir.pbem.commands import run

    return run(args)


def cmd_pbem_play(args: argparse.Namespace) -> int:
    """The client on a turn file, as its *Play by e-mail* screen's Open: the file is
    checked there, and a file that cannot be played is said there, in the window (a
    double-click on a broken file gets a message, not a silent exit)."""
    from dragonnoir.ui.app import App, Scene
    from dragonnoir.ui.screens import run_app

    file = Path(args.file).expanduser()

    def start(app: App) -> Scene:
        app.stack.append(app.screens.main_menu(app))  # "Back" goes to the main menu
        return app.screens.pbem_menu(app, file)

    return run_app(start)


def turn_file_argument(words: list[str]) -> list[str]:
    """`dragonnoir FILE.dnturn` (a double-click on a turn file, the system passing its
    path) is `dragonnoir pbem play FILE.dnturn`; any other command line is left as is."""
    if len(words) == 1 and words[0].lower().endswith(".dnturn") and not words[0].startswith("-"):
        return ["pbem", "play", words[0]]
    return words


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; `only`, a command's name: that command's parser alone
    (the whole parser if no command has that name)."""
    import argparse

    formatter, version_action = _argparse_classes()
    parser = argparse.ArgumentParser(
        prog="dragonnoir",
        description=N_("Dragon Noir 2: L'Epreuve. Without a command: the game's main menu."),
        formatter_class=formatter,
    )
    parser.add_argument(
        "--lang",
        metavar="CODE",
        help=N_(
            "the language to speak (en, fr); default: DRAGONNOIR_LANG, the settings, the system's"
        ),
    )
    parser.add_argument(
        "--selftest",
        action="store_true",
        help=N_("check this copy of the game (data, a frame, a few moves, a save); exit 0/1"),
    )
    parser.add_argument(
        "--version",
        action=version_action,
        nargs=0,
        help=N_("show the version and which rules data is in use, and exit"),
    )
    sub = _Commands(parser.add_subparsers(dest="command"), only, formatter)

    play = sub.add_parser("play", help=N_("play a scenario (no scenario: choose one)"))
    play.add_argument("scenario", nargs="?", help=N_("a scenario file (.toml) or id (la-fosse)"))
    play.add_argument("--seed", type=int, default=None, help=N_("the dice seed (default: random)"))
    play.set_defaults(func=cmd_play)

    campaign = sub.add_parser("campaign", help=N_("play a campaign (no file: choose one)"))
    campaign.add_argument(
        "file",
        nargs="?",
        help=N_("a campaign file (.toml) or id (la-descente), or a campaign save"),
    )
    campaign.add_argument("--resume", action="store_true", help=N_("resume its saved campaign"))
    campaign.add_argument("--seed", type=int, default=None, help=N_("the campaign's seed"))
    campaign.set_defaults(func=cmd_campaign)

    view = sub.add_parser("view", help=N_("open a board or layout in a window"))
    view.add_argument(
        "path", nargs="?", default=DEFAULT_LAYOUT, help=N_("a .tmx board, .toml layout or their id")
    )
    view.set_defaults(func=cmd_view)

    edit = sub.add_parser(
        "edit", help=N_("the map editor: compose layouts, paint boards, place scenarios")
    )
    edit.add_argument(
        "path", nargs="?", help=N_("a .tmx board, a .toml layout or scenario, or their id")
    )
    edit.set_defaults(func=cmd_edit)

    render = sub.add_parser("render", help=N_("draw a board, layout or any hex TMX to PNG"))
    render.add_argument("path", help=N_("a .tmx map, a .toml layout, or a board or layout id"))
    render.add_argument("-o", "--output", required=True, help=N_("PNG file to write"))
    render.add_argument(
        "--scale", type=float, default=1.0, help=f"zoom factor, {MIN_SCALE} to {MAX_SCALE:g}"
    )
    render.add_argument("--seams", action="store_true", help=N_("draw the seams between boards"))
    render.set_defaults(func=cmd_render)

    validate = sub.add_parser(
        "validate", help=N_("check boards, layouts and scenarios; exit 1 on faults")
    )
    validate.add_argument(
        "paths", nargs="+", help=N_("boards, layouts, scenarios (files or ids) or folders")
    )
    validate.add_argument(
        "--design",
        action="store_true",
        help=N_("also list the map editor's design problems (docs/editor.md) as warnings"),
    )
    validate.add_argument(
        "--strict",
        action="store_true",
        help=N_("list the design problems as failures (exit 1)"),
    )
    validate.set_defaults(func=cmd_validate)

    export = sub.add_parser("export", help=N_("write a layout as one TMX map that Tiled opens"))
    export.add_argument("layout", help=N_("a .toml layout or a layout id (six-boards)"))
    export.add_argument("-o", "--output", required=True, help=N_("TMX file to write"))
    export.set_defaults(func=cmd_export)

    replay = sub.add_parser(
        "replay", help=N_("replay a save file; exit 1 if it does not reproduce")
    )
    replay.add_argument("save", help=N_("a save file (.json)"))
    replay.add_argument(
        "--verify",
        action="store_true",
        help=N_("only check that the actions reproduce the snapshot (no event log)"),
    )
    replay.add_argument(
        "--side",
        choices=("adventurers", "krobs"),
        help=N_("the log as that side reads it, hidden Krobs kept hidden (default: all of it)"),
    )
    replay.set_defaults(func=cmd_replay)

    watch = sub.add_parser(
        "watch", help=N_("watch a save file in the client, step by step, forwards and backwards")
    )
    watch.add_argument("save", help=N_("a save file (.json)"))
    watch.add_argument(
        "--side",
        choices=("adventurers", "krobs"),
        help=N_("as that side saw it, hidden Krobs kept hidden (default: all of it)"),
    )
    watch.set_defaults(func=cmd_watch)

    pbem = sub.add_parser("pbem", help=N_("play by e-mail: turn files two players exchange"))
    if isinstance(pbem, argparse.ArgumentParser):
        _add_pbem_commands(pbem, formatter)

    simulate = sub.add_parser(
        "simulate", help=N_("play seeded games between AI or random players; win rates and times")
    )
    simulate.add_argument("scenario", help=N_("a scenario file (.toml) or id (la-fosse)"))
    simulate.add_argument("--games", type=int, default=10, help=N_("games to play (default 10)"))
    simulate.add_argument(
        "--seed", type=int, default=0, help=N_("the first game's seed; game i plays seed+i")
    )
    agents = "random, ai (= ai:normal), ai:easy, ai:normal or ai:hard"
    simulate.add_argument("--krobs", default="ai", help=f"who plays the Krobs: {agents}")
    simulate.add_argument(
        "--adventurers", default="ai", help=f"who plays the Adventurers: {agents}"
    )
    simulate.add_argument(
        "--jobs", type=int, default=1, help=N_("worker processes playing games at once")
    )
    simulate.add_argument(
        "--json", action="store_true", help=N_("print one JSON object instead of the summary")
    )
    simulate.set_defaults(func=cmd_simulate)

    data = sub.add_parser(
        "data",
        help=N_("which rules data is in use; where your own rules files go (docs/rules-tables.md)"),
    )
    data.add_argument(
        "--copy",
        action="append",
        metavar="FILE",
        help=N_(
            "copy a shipped rules file (combat.toml..., or all) into your rules folder to "
            "edit it there (never overwrites)"
        ),
    )
    data.set_defaults(func=cmd_data)

    bench = sub.add_parser(
        "bench", help=N_("measure the speed figures (JSON, medians; from a source checkout)")
    )
    bench.add_argument("--repeats", type=int, default=15, help=N_("timed runs per figure"))
    bench.add_argument(
        "--only",
        action="append",
        metavar="GROUP",
        help=N_(
            "measure only this group (repeatable): "
            "load, frames, render, commands, engine, fire, client, editor"
        ),
    )
    bench.set_defaults(func=cmd_bench)
    if only is not None and not sub.built:
        return build_parser()
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; `argv` None means this process is the command (sys.argv), so a
    command may leave its memory to the OS at exit instead of tidying it up."""
    words = sys.argv[1:] if argv is None else list(argv)
    words, lang = take_language(words)
    words = turn_file_argument(words)
    if lang is not None:
        from dragonnoir.i18n import prefer

        prefer(lang)
    command = next((w for w in words if not w.startswith("-")), None)
    args: Any = plain_render_args(words)
    if args is None:
        args = build_parser(only=command).parse_args(words)
    if args.selftest:
        args.func = cmd_selftest
    elif args.command is None:
        args.func = cmd_menu
    args.whole_process = argv is None
    try:
        result: int = args.func(args)
        return result
    except DragonNoirError as exc:
        print(f"dragonnoir: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`dragonnoir data | head`): not an error of ours. Point
        # stdout at nothing so the interpreter's last flush does not complain again.
        import contextlib
        import os

        with contextlib.suppress(OSError, ValueError, AttributeError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:  # a bug, not bad input: keep the details for a report
        crash = _("dragonnoir: internal error: {error}; {report}")
        print(crash.format(error=repr(exc), report=_report_crash()), file=sys.stderr)
        return 2


def take_language(words: list[str]) -> tuple[list[str], str | None]:
    """The command line without its `--lang CODE` (or `--lang=CODE`), and the code: the
    language is chosen before any command is read (its help and errors are in it), and
    `--lang` may come anywhere. The last one given wins."""
    rest: list[str] = []
    lang: str | None = None
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--lang" and i + 1 < len(words):
            lang, i = words[i + 1], i + 2
            continue
        if word.startswith("--lang="):
            lang = word.removeprefix("--lang=")
        else:
            rest.append(word)
        i += 1
    return rest, lang


def plain_render_args(words: Sequence[str]) -> Any:
    """The arguments of `render PATH -o OUT [--scale S] [--seams]` written plainly (each
    option once, `-o`/`--output`/`--scale` followed by their value as a word of its own,
    a path not starting with "-"), read without argparse; None for any other command
    line, which argparse reads (with --help, errors and the other forms).

    Why: importing argparse and building even one command's parser (with gettext and
    locale) takes ~4 ms, 3% of a whole `dragonnoir render` of a small map, the command
    compared with Tiled's tmxrasterizer (issue 16). Agrees with argparse on every command
    line it takes (tests/render/test_render_args.py)."""
    if not words or words[0] != "render":
        return None
    values: dict[str, str] = {}
    seams, path, rest = False, None, list(words[1:])
    while rest:
        word = rest.pop(0)
        key = {"-o": "output", "--output": "output", "--scale": "scale"}.get(word)
        if key is not None and rest and key not in values and not rest[0].startswith("-"):
            values[key] = rest.pop(0)
        elif word == "--seams" and not seams:
            seams = True
        elif path is None and word and not word.startswith("-"):
            path = word
        else:
            return None
    if path is None or "output" not in values:
        return None
    try:
        scale = float(values.get("scale", "1.0"))
    except ValueError:
        return None
    from types import SimpleNamespace

    return SimpleNamespace(
        command="render",
        selftest=False,
        func=cmd_render,
        path=path,
        output=values["output"],
        scale=scale,
        seams=seams,
    )


def _crash_log() -> Path:
    """Where a crash report goes: `$DRAGONNOIR_HOME/log` when that is set (tests, a
    portable copy), else the system's log folder for the user."""
    import os

    from platformdirs import user_log_dir

    home = os.environ.get("DRAGONNOIR_HOME")
    folder = Path(home) / "log" if home else Path(user_log_dir("dragonnoir", appauthor=False))
    return folder / "crash.log"


def _report_crash() -> str:
    """Keep the traceback of the exception being handled in the crash log; says where,
    or, when the log cannot be written (a read-only or full disk), gives the traceback's
    last lines instead: never a second traceback on top of the first."""
    import traceback

    from dragonnoir.safe_write import WriteError, write_text

    details = traceback.format_exc()
    try:
        log = write_text(_crash_log(), details)
    except (WriteError, OSError) as exc:
        tail = " | ".join(line.strip() for line in details.strip().splitlines()[-3:])
        return f"the crash log could not be written ({exc}); the end of the report: {tail}"
    return f"details in {log}"
