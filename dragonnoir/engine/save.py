"""Save files: the scenario, the seed, every action, and a snapshot to check them against.

"Dice are events": `(scenario, seed, actions)` reproduces a game exactly, so a save file
is that triple plus the state it should come to (`GameState.to_dict()`), and the event
log as text for a reader that does not replay. Loading rebuilds the game from the
scenario and the seed, applies every action through `Game.apply` (the one door), and
compares the result with the snapshot; any difference, a corrupt file, an unknown format
version or a missing scenario file is a `SaveError` naming the file and the place.
Loading never writes anything.

Writing is atomic (`dragonnoir.safe_write`, the program's one writer): the new save
goes to a temporary file in the same folder and is renamed over the old one, after the
old one has been kept as `<name>.bak` (itself replaced atomically). A crash at any moment
leaves a complete save, and the next save removes the temporaries of a killed one.

The format (`docs/saves.md` describes every field)::

    {"format": "dragonnoir-save", "version": 1, "program": "dragonnoir 0.1.0",
     "scenario": {"id": ..., "path": <relative to the save>, "absolute": ...,
                  "sha256": ..., "board_sha256": ...,
                  "embedded": {board, start, [boards,] sha256}}  # (a scenario not shipped)
                 # or {"id": ..., "inline": {board, start, [boards,] sha256}}
     "rules": {"fingerprint": ..., "files": {...}, "own": {...}},  # engine/rules_record.py
     "seed": 3, "actions": [...], "state": {...}, "log": ["Game turn 1 begins.", ...]}

The rules data the game was played with are recorded (the player's own files carried
whole), and a save made under other rules than those in use replays with its own, the
differences named (`SaveCheck.warnings`).

A game set up from a scenario file refers to that file. A game built in code
(`engine.testing.position`) has none: its board and its set-up state are embedded
("inline"). A game on several boards also carries which boards each hex lies on
(`engine/carried.py`), so it loads without its scenario file too.

A save is believed only for what it proves: a carried map and set-up must give the
digest recorded with them, and the board a scenario file gives now is compared with the
one the game was played on (`board_sha256`), since a changed exit or wall may matter
only turns after the last action and pass the replay check.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dragonnoir import __version__
from dragonnoir.engine import revisions
from dragonnoir.engine.actions import Action, action_from_dict
from dragonnoir.engine.carried import (
    COVERS,
    CarriedCover,
    carried_copy,
    carried_digest,
    values_sha256,
)
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.phases import PHASES
from dragonnoir.engine.rules.hidden import display_name
from dragonnoir.engine.rules_record import RULES_FIELD, read_record, rules_for_save, rules_record
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import GameState, Side, Unit
from dragonnoir.engine.tables import RulesData, default_rules_data
from dragonnoir.engine.unverified import (
    CANNOT_PLAY_SAID,
    UNVERIFIED_FIELD,
    ReplayFault,
    Unverified,
    in_words,
    mark_in_words,
)
from dragonnoir.errors import DataFileError, DragonNoirError, place_words
from dragonnoir.foreign_words import json_kind, system_reason
from dragonnoir.hexmap.board import Board, Cell, EdgeFeature, SideLabel, Zone, ZoneKind
from dragonnoir.hexmap.hexes import Edge, Hex
from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.i18n import SOURCE, _, language
from dragonnoir.narration.narrator import Narrator
from dragonnoir.resources import ResourceError, find_by_id
from dragonnoir.safe_read import (
    SAVE,
    SCENARIO,
    NameRefused,
    check_limits,
    either,
    is_regular_file,
    json_document,
    not_utf8,
    parse_json,
    quoted,
    read_bytes,
    resolve_name,
    resolved,
)
from dragonnoir.safe_write import WriteError, write_text

SAVE_FORMAT = "dragonnoir-save"
SAVE_VERSION = 1
#: Who plays each seat ({"adventurers": "human", "krobs": "ai:normal"}); absent in a
#: hotseat game and in saves older than solo play.
PLAYERS_FIELD = "players"
#: The longest player name a save may give (agents are named "ai:normal" and the like).
MAX_PLAYER_NAME = 40
#: How many differing fields `verify_save` lists before it stops.
MAX_DIFFERENCES = 5
#: The longest reason an unverified mark keeps (a difference may quote long values).
MAX_REASON = 400


class SaveError(DataFileError):
    """A save file that cannot be written, read, or does not reproduce its snapshot."""


# -- writing ---------------------------------------------------------------------------


def save_game(game: Game, path: Path | str) -> Path:
    """Write `game` to `path` atomically, keeping the previous save as `<name>.bak`.

    Refuses (SaveError, nothing written) to replace a file that is not a save.
    """
    target = Path(path)
    text = dumps_save(save_document(game, target))
    _write_atomic(target, text)
    return target


def save_document(game: Game, path: Path | str) -> dict[str, Any]:
    """The JSON document `save_game` writes to `path` (the scenario reference is made
    relative to `path`'s folder)."""
    doc: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "program": f"dragonnoir {__version__}",
        "scenario": _scenario_reference(game, Path(path)),
    }
    if isinstance(game.rules, RulesData):  # (tests may play without rules data)
        doc[RULES_FIELD] = rules_record(game.rules)
    if game.players:
        doc[PLAYERS_FIELD] = dict(sorted(game.players.items()))
    if game.unverified is not None:
        doc[UNVERIFIED_FIELD] = game.unverified.to_dict()
    return doc | {
        "seed": game.seed,
        "actions": [a.to_dict() for a in game.history],
        "state": game.state.to_dict(),
        LANGUAGE_FIELD: language(),
        "log": Narrator.of(game).log(game, None),
    }


#: The language the save's `log` is written in (the player's, when the game was saved).
LANGUAGE_FIELD = "language"


def dumps_save(doc: dict[str, Any]) -> str:
    """The text of a save: top-level fields one per line, list items (actions, units,
    log lines) one per line, so a save reads and diffs well. Deterministic."""
    return _dump(doc, 0) + "\n"


def _dump(value: Any, depth: int) -> str:
    pad = "  " * (depth + 1)
    end = "  " * depth
    if isinstance(value, dict) and value and depth < 2:
        items = [f"{pad}{json.dumps(k)}: {_dump(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    if isinstance(value, list) and value and depth < 3:
        items = [pad + _compact(v) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + end + "]"
    return _compact(value)


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), allow_nan=False)


def _scenario_reference(game: Game, save_path: Path) -> dict[str, Any]:
    if game.scenario_path:
        scenario = resolved(game.scenario_path)
        try:
            digest = _sha256(scenario)
        except OSError as exc:
            raise SaveError(
                save_path,
                _("cannot read the scenario file {scenario}: {reason}").format(
                    scenario=scenario, reason=system_reason(exc)
                ),
            ) from None
        try:
            relative: str | None = Path(
                os.path.relpath(scenario, resolved(save_path).parent)
            ).as_posix()
        except ValueError:  # another drive (Windows): no relative path exists
            relative = None
        board = board_to_dict(game.board)
        ref: dict[str, Any] = {
            "id": game.scenario_id,
            "path": relative,
            "absolute": scenario.as_posix(),
            "sha256": digest,
            BOARD_DIGEST: values_sha256(board),
        }
        bundled = _bundled_scenario(game.scenario_id)
        not_shipped = bundled is None or _digest_or_none(bundled) != digest
        if not_shipped and game.start_state is not None:
            # Not a scenario every installation has: the save carries its map and set-up,
            # so it loads wherever the game is installed, even without the file (or with
            # a file kept where a save may not lead: names inside files, issue 47).
            ref["embedded"] = carried_copy(board, game.start_state, _cover(game))
        return ref
    if game.start_state is None:
        raise SaveError(save_path, _("this game has no recorded set-up (start it with Game.start)"))
    inline = carried_copy(board_to_dict(game.board), game.start_state, _cover(game))
    return {"id": game.scenario_id, "inline": inline}


def _cover(game: Game) -> CarriedCover | None:
    """Which boards each hex lies on, for a game on several boards (None on one)."""
    if game.layout is None:
        return None
    return CarriedCover.of(game.layout, game.board.cells)


#: The field of a scenario reference holding the digest of the board played on (as
#: `board_to_dict` values): a map file changed since the game was saved is said.
BOARD_DIGEST = "board_sha256"


def _bundled_scenario(scenario_id: str) -> Path | None:
    """The scenario file of that id this installation has (bundled, or the player's own
    of the same id: `dragonnoir.resources`), or None."""
    if not scenario_id or "/" in scenario_id or "\\" in scenario_id:
        return None
    try:
        found = find_by_id("scenarios", scenario_id)  # an id, never a path
    except (ResourceError, OSError):
        return None
    return found if found is not None and is_regular_file(found) else None


def _sha256(path: Path) -> str:
    """The SHA-256 of a regular file's bytes (OSError when it cannot be read)."""
    try:
        data = read_bytes(path, limit=SCENARIO.size, what="scenario file")
    except DataFileError as exc:
        raise OSError(exc.detail) from None
    return hashlib.sha256(data).hexdigest()


def _digest_or_none(path: Path) -> str | None:
    try:
        return _sha256(path)
    except OSError:
        return None


def _looks_like_save(path: Path) -> bool:
    """Is the file at `path` (probably) a save, so that replacing it loses no other work?
    Empty and broken saves count: overwriting them with a good one is what a player
    wants."""
    with path.open("rb") as fh:
        head = fh.read(256)
    return not head.strip() or SAVE_FORMAT.encode() in head


def _write_atomic(target: Path, text: str) -> None:
    """Write the save through the program's one writer (`dragonnoir.safe_write`),
    keeping the save it replaces as `<name>.bak`; refuses to replace what is not a save."""
    if target.is_dir():
        raise SaveError(target, _("is a folder, not a file"))
    if target.exists() and not _looks_like_save(target):
        raise SaveError(target, _("is not a Dragon Noir save; not overwriting it"))
    try:
        write_text(target, text, backup=True)
    except WriteError as exc:
        raise SaveError(target, exc.detail) from None


# -- boards embedded in a save -----------------------------------------------------------


def board_to_dict(board: Board) -> dict[str, Any]:
    """A board as plain JSON values (for saves of games built without a scenario file)."""
    g = board.grid
    return {
        "id": board.id,
        "name": board.name,
        "width": board.width,
        "height": board.height,
        "grid": [g.stagger_axis, g.stagger_index, g.tile_width, g.tile_height, g.side_length],
        "cells": [
            [h.q, h.r, c.terrain, c.level, c.walkway, c.walkway_end]
            for h, c in sorted(board.cells.items())
        ],
        "edges": [
            [e.a.q, e.a.r, e.b.q, e.b.r, f.value]
            for e, f in sorted(board.edges.items(), key=lambda ef: (ef[0].a, ef[0].b))
        ],
        "zones": [
            {
                "kind": z.kind.value,
                "name": z.name,
                "hexes": [[h.q, h.r] for h in sorted(z.hexes)],
                "properties": dict(z.properties),
            }
            for z in board.zones
        ],
        "side_top": board.side_top.value,
        "side_bottom": board.side_bottom.value,
        "arrows": board.arrows,
        "properties": dict(board.properties),
    }


def board_from_dict(data: dict[str, Any]) -> Board:
    """The inverse of `board_to_dict`; ValueError/KeyError/TypeError on bad data."""
    axis, index, tw, th, side = data["grid"]
    cells = {
        Hex(int(q), int(r)): Cell(str(t), float(lv), bool(w), bool(end))
        for q, r, t, lv, w, end in data["cells"]
    }
    edges = {
        Edge(Hex(int(q1), int(r1)), Hex(int(q2), int(r2))): EdgeFeature(f)
        for q1, r1, q2, r2, f in data["edges"]
    }
    zones = [
        Zone(
            ZoneKind(z["kind"]),
            str(z["name"]),
            frozenset(Hex(int(q), int(r)) for q, r in z["hexes"]),
            dict(z.get("properties", {})),
        )
        for z in data.get("zones", [])
    ]
    return Board(
        id=str(data["id"]),
        name=str(data["name"]),
        width=int(data["width"]),
        height=int(data["height"]),
        cells=cells,
        edges=edges,
        zones=zones,
        side_top=SideLabel(data.get("side_top", SideLabel.X.value)),
        side_bottom=SideLabel(data.get("side_bottom", SideLabel.Y.value)),
        arrows=str(data.get("arrows", "up")),
        grid=HexGrid(axis, index, int(tw), int(th), int(side)),
        properties=dict(data.get("properties", {})),
    )


# -- reading ---------------------------------------------------------------------------


@dataclass
class SaveCheck:
    """What loading a save found.

    `game` is the replayed game (None when the replay could not run to the end, or did
    not reproduce the snapshot); `problems` are one-line errors (the replay does not
    reproduce the save); `notes` are things worth knowing that do not make the save
    wrong (the scenario file has changed but the replay still comes to the same state;
    the log's wording differs); `warnings` name what differs between the rules data the
    game was played with and the rules data in use (engine/rules_record.py): the game
    keeps its own.

    When the replay check failed (an action refused on replay, or another position
    reached) `fault` says how, and `snapshot` is the game as its snapshot stands,
    marked unverified, when that snapshot can be played (engine/unverified.py): the
    client offers it with `in_words()`; `load_game` never takes it.
    """

    path: Path
    game: Game | None = None
    problems: list[SaveError] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    scenario_file: Path | None = None
    #: The game turn each action was taken in (for a summary of what happened).
    action_turns: list[int] = field(default_factory=list)
    fault: ReplayFault | None = None
    snapshot: Game | None = None
    scenario_changed: bool = False
    #: The board the scenario file gives differs from the one the game was played on.
    map_changed: bool = False

    @property
    def ok(self) -> bool:
        return self.game is not None and not self.problems

    def in_words(self) -> str:
        """What the replay check found, for the player ("" when it found nothing), and
        whether its position can be played."""
        if self.fault is None:
            return ""
        game = self.snapshot

        def name(uid: str) -> str:
            unit = game.state.units.get(uid) if game is not None else None
            if unit is None:
                return _("a character")
            if unit.hidden_from is not None:
                return _("a hidden character")
            return display_name(game, unit) if game is not None else uid

        changed = self.scenario_changed or self.map_changed
        said = in_words(self.fault, name, scenario_changed=changed)
        return said if game is not None else f"{said} {_(CANNOT_PLAY_SAID)}"


def load_game(path: Path | str, *, rules: Any = None) -> Game:
    """Rebuild the game saved at `path` by replaying its actions; raise `SaveError` on
    the first problem (the replay differs from the snapshot, corruption, an unknown
    version, a missing scenario file). `rules`: the rules data in use (default:
    shipped); a save made with other rules replays with its own (`check_save`)."""
    check = check_save(path, rules=rules)
    if check.problems:
        raise check.problems[0]
    assert check.game is not None
    return check.game


def verify_save(path: Path | str, *, rules: Any = None) -> list[str]:
    """The problems of the save at `path`, one line each naming the file; empty when the
    replay of its actions reproduces its snapshot."""
    return [str(p) for p in check_save(path, rules=rules).problems]


def check_save(path: Path | str, *, rules: Any = None) -> SaveCheck:
    """Load and replay the save at `path`, collecting every problem instead of raising.

    Whatever the file holds, the result is a `SaveCheck`: a fault the checks below did
    not foresee still becomes a `SaveError` (naming the field being read), so one damaged
    save never breaks a Load list or the command line.

    `rules` is the rules data in use (default: shipped). The game is replayed with the
    rules data the save records (its `rules` field): `rules` itself when they are the
    same or the save records none, else the rules it was played with, each difference
    named in `warnings`.

    A replay check that fails sets `fault` and, when the save's position can be played,
    `snapshot`: the game going on from it, marked unverified (engine/unverified.py)."""
    src = Path(path)
    check = SaveCheck(src)
    stage = _Stage()
    replayed: Game | None = None  # once set up: a snapshot goes on from it
    try:
        doc = _read_document(src)
        stage.place = f"field {RULES_FIELD}"
        record = read_record(src, doc[RULES_FIELD], error=SaveError) if RULES_FIELD in doc else None
        match = rules_for_save(src, record, rules or default_rules_data(), error=SaveError)
        check.warnings.extend(match.warnings)
        stage.place = "field scenario"
        game, check.scenario_changed = _rebuild(src, doc, match.rules, check)
        # A game saved before a rule revision replays (and goes on) with the rules it
        # was begun with (engine/revisions.py).
        revisions.align(game, revisions.of_snapshot(doc["state"]))
        game.players = _players(doc, check)
        start = _go_to_mark(src, doc, game, check, stage)
        replayed = game
        _replay(src, doc, game, start, check, stage, match.hint)
    except SaveError as exc:
        check.game = None
        check.problems.append(exc)
    except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError) as exc:
        check.game = None
        check.problems.append(
            SaveError(src, _("the save is damaged ({exc})").format(exc=_brief(exc)), stage.place)
        )
    except RecursionError:
        check.game = None
        check.problems.append(
            SaveError(src, _("the save is damaged (nested too deeply)"), stage.place)
        )
    if check.fault is not None and check.problems and replayed is not None:
        check.game = None  # a replay that differs from the save is no game to play
        check.snapshot = _take_snapshot(src, doc, replayed, check)
    return check


#: The start of the message of a damaged save whose fault no specific check caught (the
#: fuzz tests look for it: each such case deserves its own check and message).
#: How an unforeseen fault begins in English (tests and the fuzzers look for it).
UNFORESEEN = "the save is damaged"


@dataclass
class _Stage:
    """The field `check_save` is reading, for a message about an unforeseen fault."""

    place: str = "field state"


def _brief(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    text = text if len(text) <= 100 else text[:96] + "…"
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _read_document(src: Path) -> dict[str, Any]:
    raw = read_bytes(src, limit=SAVE.size, what="save", error=SaveError)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(src, not_utf8(exc)) from None
    doc = json_document(
        src,
        text,
        marker=SAVE_FORMAT,
        version=SAVE_VERSION,
        names=("save", "save file", "save format"),
        error=SaveError,
    )
    check_limits(doc, SAVE, src, error=SaveError)  # before a single action is read
    _expect(src, doc, "seed", int)
    _expect(src, doc, "scenario", dict)
    _expect(src, doc, "actions", list)
    _expect(src, doc, "state", dict)
    if "log" in doc:
        _expect(src, doc, "log", list)
    return doc


def _expect(src: Path, doc: dict[str, Any], key: str, kind: type) -> None:
    value = doc.get(key)
    if key not in doc:
        raise SaveError(src, _("missing"), place=f"field {key}")
    if not isinstance(value, kind) or isinstance(value, bool):
        raise SaveError(
            src,
            _("expected {kind}, found {found}").format(
                kind=json_kind(kind), found=json_kind(type(value))
            ),
            place=f"field {key}",
        )


def _rebuild(src: Path, doc: dict[str, Any], rules: Any, check: SaveCheck) -> tuple[Game, bool]:
    """The game as set up, before any action; and whether the scenario file changed."""
    ref: dict[str, Any] = doc["scenario"]
    seed: int = doc["seed"]
    if "inline" in ref:
        _check_carried(src, ref["inline"], "field scenario.inline", check)
        return _rebuild_inline(src, ref["inline"], ref.get("id"), seed, rules, "inline"), False
    candidates, refused = _named_scenarios(src, ref)
    ident = ref.get("id")
    bundled = _bundled_scenario(ident) if isinstance(ident, str) else None
    if bundled is not None:
        candidates.append(resolved(bundled))  # this installation's scenario of that id
    existing = [p for p in dict.fromkeys(candidates) if is_regular_file(p)]
    check.notes.extend(f"{r.place}: {r.detail}; not followed" for r in refused)
    if not existing:  # the scenario file is nowhere here: the copy the save carries
        embedded = ref.get("embedded")
        if not isinstance(embedded, dict):
            raise _no_scenario(src, candidates, refused, ident)
        check.notes.append(_("the scenario file was not found as saved: its embedded copy is used"))
        _check_carried(src, embedded, "field scenario.embedded", check)
        return _rebuild_inline(src, embedded, ident, seed, rules, "embedded"), False
    return _from_scenario_file(src, ref, existing, seed, rules, check)


def _no_scenario(
    src: Path, candidates: list[Path], refused: list[SaveError], ident: Any
) -> SaveError:
    """Why a save has no scenario to start from: a name refused (said first: the file
    named may well be there), no name at all, or the files named are missing."""
    if refused:
        return refused[0]
    if not candidates:
        return SaveError(src, _("no scenario file named"), "field scenario")
    looked = either(tuple(quoted(str(p), 200) for p in dict.fromkeys(candidates)))
    by_id = _(" nor a scenario of id {ident}").format(ident=quoted(str(ident))) if ident else ""
    return SaveError(
        src,
        _("the scenario file is missing (looked for {looked}{by_id})").format(
            looked=looked, by_id=by_id
        ),
        "field scenario.path",
    )


def _from_scenario_file(
    src: Path, ref: dict[str, Any], existing: list[Path], seed: int, rules: Any, check: SaveCheck
) -> tuple[Game, bool]:
    """The game set up from the first of the `existing` scenario files whose SHA-256 is
    the one saved (else the first), a changed file or map said in `check.notes`; and
    whether the file changed."""
    wanted = ref.get("sha256")
    digests = {p: _digest_or_none(p) for p in existing}
    chosen = next((p for p in existing if digests[p] == wanted), existing[0])
    changed = digests[chosen] != wanted
    if changed:
        check.notes.append(
            _(
                "the scenario file {chosen} has changed since the game was saved (its SHA-256 "
                "differs)"
            ).format(chosen=chosen)
        )
    check.scenario_file = chosen
    try:
        scenario = load_scenario(chosen, rules)
    except DragonNoirError as exc:
        raise SaveError(
            src, _("its scenario cannot be loaded: {exc}").format(exc=exc), place="field scenario"
        ) from None
    if ref.get("id") and scenario.id != ref.get("id"):
        raise SaveError(
            src,
            _(
                "the scenario file {chosen} is scenario {scenario_id!r}, the save is of {save_id!r}"
            ).format(chosen=chosen, scenario_id=scenario.id, save_id=ref.get("id")),
            place="field scenario.id",
        )
    game = scenario.new_game(seed, rules)
    check.map_changed = _map_changed(ref, game)
    if check.map_changed:
        check.notes.append(
            _("the map of the scenario has changed since the game was saved (its digest differs)")
        )
    return game, changed


def _named_scenarios(src: Path, ref: dict[str, Any]) -> tuple[list[Path], list[SaveError]]:
    """The scenario files the save's `path` (relative to its folder) and `absolute` (a
    hint) name, each under the rule of names inside files (`safe_read.resolve_name`):
    those it allows, and a refusal for each other (a save naming `/etc/passwd` as its
    scenario makes the program open nothing)."""
    base = resolved(src).parent
    found: list[Path] = []
    refused: list[SaveError] = []
    for key in ("path", "absolute"):
        value = ref.get(key)
        if not isinstance(value, str) or not value:
            continue
        try:
            found.append(resolve_name(base, value, "scenario"))
        except NameRefused as exc:
            refused.append(SaveError(src, str(exc), f"field scenario.{key}"))
    return found, refused


def _map_changed(ref: dict[str, Any], game: Game) -> bool:
    """Whether the board the scenario file gives now differs from the one the game was
    played on (a save that recorded its digest). A change that matters only turns later
    (an exit zone moved) passes the replay check, so it is said here."""
    recorded = ref.get(BOARD_DIGEST)
    return isinstance(recorded, str) and values_sha256(board_to_dict(game.board)) != recorded


def _check_carried(src: Path, carried: Any, place: str, check: SaveCheck) -> None:
    """The map and set-up a save carries must give the digest recorded with them; one
    without a digest (written before it was recorded) is used, and that is said."""
    if not isinstance(carried, dict):
        raise SaveError(
            src,
            _("expected an object, found {found}").format(found=json_kind(type(carried))),
            place,
        )
    recorded = carried.get("sha256")
    if recorded is None:
        check.warnings.append(
            _(
                "the map and set-up this save carries have no digest (a save written before it "
                "was recorded): an edit to them cannot be found"
            )
        )
        return
    if carried_digest(carried) != recorded:
        raise SaveError(
            src,
            _(
                "the map and set-up the save carries have been changed since the game was saved "
                "(they do not give the digest recorded for them)"
            ),
            place,
        )


def _expect_entries(src: Path, state: Any, place: str) -> None:
    """A set-up's lists of units, accessories, wizards and decisions hold objects (the
    state's own reader assumes so)."""
    if not isinstance(state, dict):
        raise SaveError(
            src, _("expected an object, found {found}").format(found=json_kind(type(state))), place
        )
    for key in ("units", "accessories", "wizards", "pending"):
        entries = state.get(key, [])
        if not isinstance(entries, list):
            found = json_kind(type(entries))
            raise SaveError(
                src, _("expected a list, found {found}").format(found=found), f"{place}.{key}"
            )
        for i, entry in enumerate(entries):
            if not isinstance(entry, dict):
                raise SaveError(
                    src,
                    _("expected an object, found {entry}").format(entry=_compact(entry)),
                    f"{place}.{key}[{i}]",
                )


def _rebuild_inline(
    src: Path, inline: dict[str, Any], ident: Any, seed: int, rules: Any, key: str
) -> Game:
    """The game set up on the map and set-up a save carries (`scenario.<key>`: "inline"
    for a game built in code, "embedded" for a scenario file that is not here)."""
    place = f"field scenario.{key}"
    try:
        board = board_from_dict(inline["board"])
    except (LookupError, TypeError, ValueError, ArithmeticError, AttributeError) as exc:
        raise SaveError(
            src,
            _("the embedded map is damaged ({exc})").format(exc=_brief(exc)),
            place=f"{place}.board",
        ) from None
    _expect_entries(src, inline.get("start"), f"{place}.start")
    try:
        start = GameState.from_dict(inline["start"])
    except (LookupError, TypeError, ValueError, ArithmeticError, AttributeError) as exc:
        raise SaveError(
            src,
            _("the embedded set-up is damaged ({exc})").format(exc=_brief(exc)),
            f"{place}.start",
        ) from None

    if start.phase not in PHASES:
        raise SaveError(
            src,
            _("unknown phase {phase}").format(phase=quoted(start.phase)),
            f"{place}.start.phase",
        )
    cover = None
    if COVERS in inline:  # a game on several boards: which boards each hex lies on
        try:
            cover = CarriedCover.from_list(inline[COVERS])
        except ValueError as exc:
            raise SaveError(
                src,
                _("the embedded boards are damaged ({exc})").format(exc=exc),
                f"{place}.{COVERS}",
            ) from None

    def prepare(state: GameState) -> None:
        for f in dataclasses.fields(GameState):
            setattr(state, f.name, getattr(start, f.name))

    return Game.start(
        board,
        [Unit.from_dict(u.to_dict()) for u in start.units.values()],
        rules,
        seed,
        layout=cover,
        scenario_id=str(ident or ""),
        turn_limit=start.turn_limit,
        first_phase=start.phase,
        prepare=prepare,
    )


def carried_start(game: Game) -> dict[str, Any]:
    """The game's map and set-up as a save carries them inline, with their digest: all a
    program needs to set the game up again, independent of any file on any machine (a
    turn file of play by e-mail, dragonnoir/pbem/, starts from it)."""
    if game.start_state is None:
        raise ValueError(_("this game has no recorded set-up (start it with Game.start)"))
    return carried_copy(board_to_dict(game.board), game.start_state, _cover(game))


def game_from_carried(src: Path, carried: Any, ident: str, seed: int, rules: Any) -> Game:
    """The game set up from `carried_start`'s copy (SaveError naming `src` when the copy
    is damaged or does not give its digest)."""
    check = SaveCheck(src)
    if isinstance(carried, dict) and "sha256" not in carried:
        raise SaveError(src, _("the map and set-up carry no digest"), "field start.scenario")
    _check_carried(src, carried, "field start.scenario", check)
    return _rebuild_inline(src, carried, ident, seed, rules, "inline")


def _read_action(src: Path, raw: Any, i: int) -> Action:
    """The save's action `i`, read strictly."""
    place = f"field actions[{i}]"
    if not isinstance(raw, dict):
        raise SaveError(
            src, _("an action is an object, not {raw}").format(raw=_compact(raw)), place=place
        )
    try:
        return action_from_dict(raw)
    except ValueError as exc:
        raise SaveError(src, str(exc), place=place) from None


def _replay(
    src: Path,
    doc: dict[str, Any],
    game: Game,
    start: int,
    check: SaveCheck,
    stage: _Stage,
    rules_hint: str = "",
) -> None:
    """Apply the save's actions from `start` (the first after its unverified mark, if
    it has one) and compare the state they come to with the snapshot."""
    hint = (
        _(" (the scenario file has changed since the game was saved)")
        if check.scenario_changed
        else ""
    )
    if check.map_changed:
        hint += _(" (the scenario's map has changed since the game was saved)")
    hint += rules_hint
    total = len(doc["actions"])
    for i in range(start, total):
        place = f"field actions[{i}]"
        stage.place = place
        action = _read_action(src, doc["actions"][i], i)
        check.action_turns.append(game.state.turn)
        try:
            game.apply(action)
        except IllegalAction as exc:
            check.fault = ReplayFault(total, game.state.turn, refused=i)
            raise SaveError(
                src,
                _("{describe} is refused on replay: {exc}{hint}").format(
                    describe=_describe(action),
                    exc=Narrator.of(game).verdict(exc.explanation),  # in the player's language
                    hint=hint,
                ),
                place=place,
            ) from None
        except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError) as exc:
            check.fault = ReplayFault(total, game.state.turn, refused=i)
            raise SaveError(
                src,
                _("{describe} cannot be replayed ({exc}){hint}").format(
                    describe=_describe(action), exc=_brief(exc), hint=hint
                ),
                place=place,
            ) from None
    stage.place = "field state"
    check.game = game
    replayed = json.loads(_compact(game.state.to_dict()))
    found = differing_fields(doc["state"], replayed, limit=MAX_DIFFERENCES)
    for where, diff in found:
        check.problems.append(
            SaveError(
                src,
                _("the replay does not reproduce the snapshot: {where}: {diff}{hint}").format(
                    where=where, diff=diff, hint=hint
                ),
                "field state",
            )
        )
    if found:
        fields = tuple(where for where, _ in found)
        check.fault = ReplayFault(total, game.state.turn, fields=fields)
    _compare_log(doc, game, check)


def _compare_log(doc: dict[str, Any], game: Game, check: SaveCheck) -> None:
    """A note when the saved log's text is not the replay's (the replay's is shown)."""
    saved_log = doc.get("log")
    if saved_log is None:
        return
    written_in = doc.get(LANGUAGE_FIELD)
    said_in = written_in if isinstance(written_in, str) else SOURCE
    lines = Narrator.of(game, said_in).log(game, None)
    if saved_log != lines:
        first = next(
            (n for n, (a, b) in enumerate(zip(saved_log, lines, strict=False)) if a != b),
            min(len(saved_log), len(lines)),
        )
        check.notes.append(
            _(
                "the saved log text differs from the replay's from line {line} (the replay's is "
                "shown)"
            ).format(line=first + 1)
        )


# -- a save that does not replay: its unverified mark, its snapshot -------------------------


def _go_to_mark(src: Path, doc: dict[str, Any], game: Game, check: SaveCheck, stage: _Stage) -> int:
    """For a save with an unverified mark: bring `game` to the marked snapshot and
    return the number of actions before it (the replay checks those after); 0 without.

    The actions before the mark are played as far as they go, only for the log they
    give (they do not lead to the snapshot: that is what the mark says)."""
    if UNVERIFIED_FIELD not in doc:
        return 0
    stage.place = f"field {UNVERIFIED_FIELD}"
    mark = _read_mark(src, doc[UNVERIFIED_FIELD], len(doc["actions"]), game)
    before = [_read_action(src, raw, i) for i, raw in enumerate(doc["actions"][: mark.actions])]
    turns: list[int] = []
    for action in before:
        turns.append(game.state.turn)
        try:
            game.apply(action)
        except (IllegalAction, LookupError, TypeError, ValueError, AttributeError, ArithmeticError):
            break
    check.action_turns = turns + [mark.turn] * (len(before) - len(turns))
    game.go_on_unverified(GameState.from_dict(mark.state), before, mark)
    check.notes.append(mark_in_words(mark))
    return mark.actions


_MARK_KEYS = ("actions", "turn", "reason", "state")


def _read_mark(src: Path, raw: Any, total: int, game: Game) -> Unverified:
    """The save's unverified mark, read strictly: a damaged one is a damaged save."""
    place = f"field {UNVERIFIED_FIELD}"
    if not isinstance(raw, dict):
        raise SaveError(
            src, _("expected an object, found {found}").format(found=json_kind(type(raw))), place
        )
    unknown = sorted(set(raw) - set(_MARK_KEYS))
    if unknown:
        raise SaveError(
            src, _("unknown field {unknown}").format(unknown=quoted(str(unknown[0]))), place
        )
    for key, kind in zip(_MARK_KEYS, (int, int, str, dict), strict=True):
        value = raw.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            found = _("nothing") if key not in raw else json_kind(type(value))
            raise SaveError(
                src,
                _("expected {kind}, found {found}").format(kind=json_kind(kind), found=found),
                f"{place}.{key}",
            )
    if not 0 <= raw["actions"] <= total:
        raise SaveError(
            src,
            _("{raw} is not between 0 and the {total} actions").format(
                raw=raw["actions"], total=total
            ),
            f"{place}.actions",
        )
    _usable_state(src, raw["state"], game, f"{place}.state")
    return Unverified(raw["actions"], copy.deepcopy(raw["state"]), raw["reason"], raw["turn"])


def _usable_state(src: Path, raw: Any, game: Game, place: str) -> GameState:
    """`raw` as a state the rules can play on this map: every character of a counter the
    rules data knows, on a hex of the map, in a phase of the game."""
    _expect_entries(src, raw, place)
    try:
        state = GameState.from_dict(raw)
    except (LookupError, TypeError, ValueError, ArithmeticError, AttributeError) as exc:
        raise SaveError(
            src, _("the position is damaged ({exc})").format(exc=_brief(exc)), place
        ) from None
    if state.phase not in PHASES:
        raise SaveError(
            src, _("unknown phase {phase}").format(phase=quoted(state.phase)), f"{place}.phase"
        )
    _reads_back(src, raw, state, place)
    roster = getattr(game.rules, "roster", None)
    for unit in state.units.values():
        if roster is not None and roster.get(unit.kind) is None:
            raise SaveError(
                src,
                _("no counter {kind}").format(kind=quoted(unit.kind)),
                f"{place}.units[{unit.id}]",
            )
        if unit.hex is not None and unit.hex not in game.board.cells:
            raise SaveError(src, _("a character off the map"), f"{place}.units[{unit.id}].hex")
    for acc in state.accessories.values():
        if any(h not in game.board.cells for h in acc.hexes):
            raise SaveError(src, _("a counter off the map"), f"{place}.accessories[{acc.id}]")
    return state


def _reads_back(src: Path, raw: dict[str, Any], state: GameState, place: str) -> None:
    """The position as the program holds it is the one the file says, and a save of it
    reads back (a number the reader coerced, 1e308 turned into 309 digits, would not)."""
    try:
        again = parse_json(_compact(state.to_dict()))
    except ValueError as exc:
        raise SaveError(
            src, _("the position cannot be saved again ({exc})").format(exc=_brief(exc)), place
        ) from None
    changed = differences(raw, again)
    if changed:
        raise SaveError(
            src,
            _("the position does not read back as saved: {changed}").format(changed=changed[0]),
            place,
        )


def _take_snapshot(src: Path, doc: dict[str, Any], game: Game, check: SaveCheck) -> Game | None:
    """The replayed game going on from the save's snapshot as it stands, marked
    unverified, or None (with a note why) when the snapshot cannot be played."""
    problem = check.problems[0]
    reason = f"{problem.place}: {problem.detail}" if problem.place else problem.detail
    reason = reason if len(reason) <= MAX_REASON else reason[: MAX_REASON - 1] + "…"
    try:
        history = [_read_action(src, raw, i) for i, raw in enumerate(doc["actions"])]
        state = _usable_state(src, doc["state"], game, "field state")
        game.go_on_unverified(
            state,
            history,
            Unverified(len(history), copy.deepcopy(doc["state"]), reason, state.turn),
        )
        if not game.over and not game.legal_actions():
            raise SaveError(src, _("nobody could act in it"), "field state")
    except SaveError as exc:
        check.notes.append(
            _("its position cannot be played either: {place}: {detail}").format(
                place=place_words(exc.place or ""), detail=exc.detail
            )
        )
        return None
    except (
        ArithmeticError,
        LookupError,
        TypeError,
        ValueError,
        AttributeError,
        RuntimeError,
    ) as exc:
        check.notes.append(
            _("its position cannot be played either ({exc})").format(exc=_brief(exc))
        )
        return None
    return game


def _players(doc: dict[str, Any], check: SaveCheck) -> dict[str, str]:
    """The save's `players` field: side value -> "human" or an agent's name. A field
    that is not of that form is left out with a note (the game loads as hotseat): who
    plays is the client's business, never a reason to refuse a game. The client checks
    the names themselves (an agent it does not know is played by a person)."""
    raw = doc.get(PLAYERS_FIELD)
    if raw is None:
        return {}
    sides = {s.value for s in Side}
    if isinstance(raw, dict) and all(
        isinstance(k, str) and k in sides and isinstance(v, str) and 0 < len(v) <= MAX_PLAYER_NAME
        for k, v in raw.items()
    ):
        return dict(raw)
    check.notes.append(
        _(
            "field {field} is not a list of who plays each side: both sides are played by people"
        ).format(field=PLAYERS_FIELD)
    )
    return {}


def _describe(action: Action) -> str:
    return _compact(action.to_dict())


# -- comparing snapshots ---------------------------------------------------------------

_LABELS = ("id", "unit")


def differences(saved: Any, replayed: Any, path: str = "", limit: int = 1) -> list[str]:
    """Where `replayed` differs from `saved`, first difference first, at most `limit`:
    "units[zed].hex: replay gives [3, 4], the save says [3, 5]". List entries with an
    `id` (or `unit`) are matched and named by it."""
    return [f"{where}: {diff}" for where, diff in differing_fields(saved, replayed, path, limit)]


def differing_fields(
    saved: Any, replayed: Any, path: str = "", limit: int = 1
) -> list[tuple[str, str]]:
    """`differences` as (where, how) pairs: ("units[zed].hex", "replay gives ...")."""
    out: list[tuple[str, str]] = []
    _diff(saved, replayed, path, out, limit)
    return out


def _label(*lists: list[Any]) -> str | None:
    """The key naming the entries of these lists, if every entry has a distinct one."""
    for key in _LABELS:
        if all(
            all(isinstance(v, dict) and isinstance(v.get(key), str) for v in items)
            and len({v[key] for v in items}) == len(items)
            for items in lists
        ):
            return key
    return None


def _scalars(items: list[Any]) -> bool:
    return not any(isinstance(v, dict | list) for v in items)


def _diff(saved: Any, replayed: Any, path: str, out: list[tuple[str, str]], limit: int) -> None:
    if len(out) >= limit:
        return
    if isinstance(saved, dict) and isinstance(replayed, dict):
        for key in [*saved, *(k for k in replayed if k not in saved)]:
            sub = f"{path}.{key}" if path else str(key)
            if key not in replayed:
                out.append(
                    (
                        sub,
                        _("the replay has no such field, the save says {saved}").format(
                            saved=_compact(saved[key])
                        ),
                    )
                )
            elif key not in saved:
                out.append(
                    (
                        sub,
                        _("replay gives {replayed}, the save has no such field").format(
                            replayed=_compact(replayed[key])
                        ),
                    )
                )
            else:
                _diff(saved[key], replayed[key], sub, out, limit)
            if len(out) >= limit:
                return
        return
    if isinstance(saved, list) and isinstance(replayed, list):
        if _scalars(saved) and _scalars(replayed):  # a hex, a path: one value
            if saved != replayed:
                out.append(
                    (
                        path,
                        _("replay gives {replayed}, the save says {saved}").format(
                            replayed=_compact(replayed), saved=_compact(saved)
                        ),
                    )
                )
            return
        key = _label(saved, replayed)
        if key is not None:
            mine = {v[key]: v for v in saved}
            theirs = {v[key]: v for v in replayed}
            for name in [*mine, *(n for n in theirs if n not in mine)]:
                sub = f"{path}[{name}]"
                if name not in theirs:
                    out.append((sub, _("the save has it, the replay does not")))
                elif name not in mine:
                    out.append((sub, _("the replay has it, the save does not")))
                else:
                    _diff(mine[name], theirs[name], sub, out, limit)
                if len(out) >= limit:
                    return
            return
        for i, (a, b) in enumerate(zip(saved, replayed, strict=False)):
            _diff(a, b, f"{path}[{i}]", out, limit)
            if len(out) >= limit:
                return
        if len(saved) != len(replayed):
            out.append(
                (
                    path,
                    _("replay gives {replayed} entries, the save says {saved}").format(
                        replayed=len(replayed), saved=len(saved)
                    ),
                )
            )
        return
    same_type = type(saved) is type(replayed) or _same_number(saved, replayed)
    if saved != replayed or not same_type:
        out.append(
            (
                path,
                _("replay gives {replayed}, the save says {saved}").format(
                    replayed=_compact(replayed), saved=_compact(saved)
                ),
            )
        )


def _same_number(a: Any, b: Any) -> bool:
    numbers = (int, float)
    return (
        isinstance(a, numbers)
        and isinstance(b, numbers)
        and not isinstance(a, bool)
        and not isinstance(b, bool)
        and a == b
    )
