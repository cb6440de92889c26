"""A mutation fuzzer for every loader of a file a player may hand the program (issue 17).

Each loader ("kind") has seeds: the shipped files of that kind and the malformed samples
kept in tests/data/malformed/. An example is a seed with one to four random mutations
(bytes flipped, cut, repeated; numbers swapped for extreme ones; tokens that broke
loaders before: `1e400`, `nan`, 5,000 digits, deep nesting, a newline in a value).
Each example is loaded and classified:

* `ok`: accepted; `error`: our own `DragonNoirError`, one line, naming the file;
* `escape`: anything else (another exception, a message of several lines or without the
  file's name, a save "damaged" by a fault no check foresaw, exit code 2 of the command
  line); `hang`: over `EXAMPLE_SECONDS`; `memory`: a `MemoryError` under the memory
  limit the run sets for itself (`MEMORY_LIMIT`).

Run as a script it fuzzes in its own process (so a limit never touches the test
runner) and prints a JSON summary; `tests/fuzz/test_fuzz.py` runs it with a bounded
budget in the normal suite and a long one under `pytest -m fuzz`::

    python tests/fuzz/fuzz_harness.py --kind tmx --examples 500 --seed 1 [--keep DIR]

Seeds are copied into a scratch folder with their references (tilesets, images, boards,
scenario files) made absolute, so mutants are written there and never beside the
project's files. Names inside files may lead only within the file's folder tree, the
installation and the player's data folder (`safe_read.resolve_name`): the run trusts the
project's test data as it trusts the installation (`TRUSTED_ENV`), and its player's data
folder is a scratch one.

Issue 47 added the mutations that found its faults: huge lists (a line repeated up to
400,000 times: a scenario of 405,881 groups hung for 12 s), names pointing outside (a
reference swapped for `/etc/shadow`, `../../../etc/passwd`, `/proc/self/environ`: each
must be refused unopened, and an audit hook makes opening one an `escape`), and the kind
"save-tamper": a good save with its carried rules file, carried board or rules record
edited, or its scenario named outside, must be refused or loaded with a word about it;
loaded silently, it is an `escape`.

One kind mutates play, not bytes: "queries" (issue 47), questions between actions. Its
seeds are the scenarios; an example is a random game of one (`game_spec`: scenario,
seed, length) in which random kinds of questions (tests/query_kinds.py: legal actions,
explain, reach, fire, the AI's view, the client's previews...) are asked between the
actions; the game is saved and the save must load and reproduce. A save that does not
is an `escape`: asking changed the game. The example kept for a failure is the game's
spec, which plays the same game again.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import json
import os
import random
import re
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
MALFORMED = REPO / "tests" / "data" / "malformed"

#: Wall-clock seconds one example may take before it counts as a hang.
EXAMPLE_SECONDS = 10
#: The address-space limit of a fuzzing process (bytes): a loader that blows up memory
#: meets a MemoryError instead of the machine's swap.
MEMORY_LIMIT = 3 * 1024**3

Outcome = str  # "ok" | "error" | "escape" | "hang" | "memory"


# -- the loaders --------------------------------------------------------------------------


def _save(path: Path) -> None:
    from dragonnoir.engine.save import UNFORESEEN, check_save

    check = check_save(path)
    if check.problems:
        problem = check.problems[0]
        if UNFORESEEN in str(problem):
            raise AssertionError(f"the last guard was reached: {problem}")
        if check.snapshot is not None:
            _play_the_snapshot(check.snapshot, path)
        raise problem


def _play_the_snapshot(game: Any, path: Path) -> None:
    """A snapshot the check offers (engine/unverified.py) is a game the client will
    play: the rules answer on it, and a save of it loads and reproduces."""
    from dragonnoir.ai.view import view_for
    from dragonnoir.engine.save import check_save, save_game

    side = game.to_act()
    if side is not None:
        view_for(game, side).legal  # noqa: B018 - asked for the effect: it must not raise
    again = check_save(save_game(game, path.with_name(path.stem + ".unverified.json")))
    if not again.ok:
        raise AssertionError(f"the snapshot offered does not save: {again.problems[:1]}")


#: A game of the "queries" kind asks this many kinds of question between two actions.
QUESTIONS_BETWEEN = (1, 3)
#: And plays at most this many actions.
QUERIED_ACTIONS = 40


def game_spec(scenario: Path, rng: random.Random) -> bytes:
    """An example of the "queries" kind: which game to play, as JSON."""
    spec = {
        "scenario": str(scenario.resolve()),
        "seed": rng.randrange(2**31),
        "actions": rng.randint(0, QUERIED_ACTIONS),
        "questions": rng.randrange(2**31),
    }
    return json.dumps(spec).encode()


def _queries(path: Path) -> None:
    """Play the game `path` describes, asking questions between the actions; its save
    must load and reproduce (a problem is a fault of ours, never the file's)."""
    from query_kinds import KINDS, Questions, wander

    from dragonnoir.engine.save import check_save, save_game
    from dragonnoir.engine.scenario import load_scenario
    from dragonnoir.safe_read import read_text

    spec = json.loads(read_text(path, what="game spec"))  # a FIFO, /dev/zero: refused
    game = load_scenario(spec["scenario"]).new_game(spec["seed"])
    rng = random.Random(spec["questions"])
    questions = Questions(random.Random(spec["questions"]))
    for _ in range(spec["actions"]):
        for kind in rng.sample(KINDS, rng.randint(*QUESTIONS_BETWEEN)):
            questions.ask(kind, game)
        action = wander(game, rng)
        if action is None or game.over:
            break
        game.apply(action)
    check = check_save(save_game(game, path.with_name(path.stem + ".save.json")))
    if check.problems:
        raise AssertionError(f"a save made after questions does not load: {check.problems[0]}")


def _save_tamper(path: Path) -> None:
    """A good save tampered with (`tamper`, the last made): an edited carried file or
    board must be refused; a record deleted or a name leading outside must at least be
    said. Believed otherwise, it is a fault."""
    from dragonnoir.engine.save import UNFORESEEN, check_save

    check = check_save(path)
    if check.problems:
        if UNFORESEEN in str(check.problems[0]):
            raise AssertionError(f"the last guard was reached: {check.problems[0]}")
        raise check.problems[0]
    if TAMPERED and TAMPERED[-1] in MUST_REFUSE:
        raise AssertionError(f"a save tampered with ({TAMPERED[-1]}) loads")
    if not (check.warnings or check.notes):
        raise AssertionError(f"a save tampered with ({TAMPERED[-1:]}) loads, nothing said")


def _tmx(path: Path) -> None:
    from dragonnoir.hexmap.tmx import read_tmx

    read_tmx(path)


def _tsx(path: Path) -> None:
    from dragonnoir.hexmap.tmx import read_tsx

    read_tsx(path)


def _board(path: Path) -> None:
    from dragonnoir.hexmap.board_io import load_board

    load_board(path)


def _layout(path: Path) -> None:
    from dragonnoir.hexmap.layout import export_layout_tmx, load_layout

    layout = load_layout(path)
    export_layout_tmx(layout, path.with_suffix(".export.tmx"))


def _scenario(path: Path) -> None:
    from dragonnoir.engine.scenario import load_scenario

    load_scenario(path)


def _rules(path: Path) -> None:
    from dragonnoir.engine import roster, tables
    from dragonnoir.hexmap.terrain import load_terrain_table

    loaders: dict[str, Callable[[Path], object]] = {
        "terrain": load_terrain_table,
        "adventurers": roster.load_adventurers,
        "krobs": roster.load_krobs,
        "gharvs": roster.load_gharvs,
        "spectres": roster.load_spectres,
        "combat": tables.load_combat_table,
        "terrain_shifts": tables.load_terrain_shifts,
        "infiltration": tables.load_infiltration_table,
        "jump": tables.load_jump_table,
        "fire": tables.load_fire_table,
        "rate_of_fire": tables.load_rate_of_fire,
    }
    stem = path.stem.split(".")[0]
    loaders.get(stem, load_terrain_table)(path)


def _settings(path: Path) -> None:
    from dragonnoir.errors import DataFileError
    from dragonnoir.ui.settings import load_settings

    _, warning = load_settings(path)
    if warning is not None:  # the client shows it and goes on with the defaults
        raise DataFileError(path, warning.split(": ", 1)[-1])


def _cli(*argv: str) -> Callable[[Path], None]:
    def run(path: Path) -> None:
        from dragonnoir.cli import main
        from dragonnoir.errors import DragonNoirError

        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = main([*argv[:1], str(path), *argv[1:]])
        lines = err.getvalue().splitlines()
        if code == 2 or any("internal error" in line for line in lines):
            raise AssertionError(f"exit {code}: {err.getvalue()[:300]}")
        if code != 0:
            raise DragonNoirError(lines[0] if lines else f"exit {code}")

    return run


LOADERS: dict[str, Callable[[Path], None]] = {
    "save": _save,
    "save-tamper": _save_tamper,
    "tmx": _tmx,
    "tsx": _tsx,
    "board": _board,
    "layout": _layout,
    "scenario": _scenario,
    "rules": _rules,
    "settings": _settings,
    "cli-validate": _cli("validate"),
    "cli-replay": _cli("replay", "--verify"),
    "queries": _queries,
}
#: Kinds whose examples are games to play, not mutated bytes: example -> its spec.
GAMES: dict[str, Callable[[Path, random.Random], bytes]] = {"queries": game_spec}
#: Seconds one example of a kind may take, where it is not `EXAMPLE_SECONDS` (a game
#: played with questions between its actions, saved and replayed).
EXAMPLE_SECONDS_OF = {"queries": 90}


def seeds(kind: str) -> list[Path]:
    """The seed files of a loader: shipped files and the malformed samples."""
    data = REPO / "dragonnoir" / "data"
    tests = REPO / "tests" / "data"
    found: dict[str, list[Path]] = {
        "save": sorted((MALFORMED / "saves").glob("*.json")),
        "tmx": [
            *sorted((REPO / "maps").glob("*.tmx"))[:2],
            *sorted((tests / "tmx").glob("*.tmx")),
            *sorted((MALFORMED / "tmx").glob("*.tmx")),
        ],
        "tsx": [
            *sorted((REPO / "maps" / "tilesets").glob("*.tsx")),
            *sorted((tests / "tmx").glob("*.tsx")),
            *sorted((MALFORMED / "tmx").glob("*.tsx")),
        ],
        "board": [
            *sorted((REPO / "maps").glob("*.tmx")),
            *sorted((MALFORMED / "tmx").glob("board-*.tmx")),
        ],
        "layout": [
            *sorted((REPO / "layouts").glob("*.toml"))[:2],
            *sorted((tests / "layouts").glob("*.toml")),
            *sorted((MALFORMED / "toml").glob("layout-*.toml")),
        ],
        "scenario": [
            *sorted((REPO / "scenarios").glob("*.toml")),
            *sorted((tests / "scenarios").glob("*.toml")),
            *sorted((MALFORMED / "toml").glob("scenario-*.toml")),
        ],
        "rules": [
            *sorted(data.glob("*.toml")),
            *sorted((MALFORMED / "toml").glob("rules-*.toml")),
        ],
        "settings": sorted((MALFORMED / "settings").glob("*.json")),
    }
    found["cli-validate"] = found["board"][:2] + [
        p for p in found["layout"] if p.parent == REPO / "layouts"
    ]
    found["cli-replay"] = [p for p in found["save"] if p.name.startswith("good")]
    found["save-tamper"] = [p for p in found["cli-replay"] if "unverified" not in p.name]
    found["queries"] = [
        *sorted((REPO / "scenarios").glob("*.toml")),
        *sorted((tests / "scenarios").glob("*.toml")),
    ]
    return found[kind]


# -- seeds made portable --------------------------------------------------------------------

_XML_REF = re.compile(rb'(source=")([^"]+)(")')
_TOML_REF = re.compile(rb'^(\s*(?:file|map|scenario)\s*=\s*")([^"\n]+)(")', re.MULTILINE)
_JSON_REF = re.compile(rb'("path":\s*")([^"]+)(")')
_JSON_ABSOLUTE = re.compile(rb'("absolute":\s*")([^"]*)(")')
_REFS = (_XML_REF, _TOML_REF, _JSON_REF, _JSON_ABSOLUTE)


def portable(seed: Path) -> bytes:
    """The seed's bytes with its references to other files made absolute, so that a
    mutant written anywhere still finds the files the seed names."""
    data = seed.read_bytes()

    def absolute(match: re.Match[bytes]) -> bytes:
        ref = match.group(2)
        try:
            target = (seed.parent / ref.decode("utf-8")).resolve()
            if not target.exists():
                return match.group(0)
        except (OSError, ValueError, RuntimeError):
            return match.group(0)
        return match.group(1) + target.as_posix().encode() + match.group(3)

    for pattern in (_XML_REF, _TOML_REF, _JSON_REF):
        data = pattern.sub(absolute, data)
    return data


# -- mutations ------------------------------------------------------------------------------

#: Tokens that broke a loader before (issue 17), and classic troublemakers.
TOKENS: tuple[bytes, ...] = (
    b"1e400",
    b"-1e400",
    b"1e308",
    b"nan",
    b"NaN",
    b"Infinity",
    b"-1",
    b"0",
    b"4294967296",
    b"2147483648",
    b"9" * 5000,
    b"[" * 3000,
    b"{" * 3000,
    b"<group>" * 1200,
    b"\x00",
    b"\xff\xfe",
    "é".encode(),
    b'"',
    b"'",
    b"\n",
    b"\\n",
    b"null",
    b"true",
    b"[]",
    b"{}",
    b"../../../../etc/passwd",
    b"/etc/shadow",
    b"/proc/self/environ",
    b"/dev/zero",
    b"a" * 5000,
    b"&amp;",
    b"<!--",
    b"]]>",
    b",",
    b"=",
    b"<",
    b">",
)
_NUMBER = re.compile(rb"-?\d+(?:\.\d+)?")


_QUOTED = re.compile(rb'"([^"\n]{0,80})"')

#: Names of files no file of ours may lead to (issue 47): each is refused unopened.
OUTSIDE_NAMES: tuple[bytes, ...] = (
    b"/etc/passwd",
    b"/etc/shadow",
    b"/proc/self/environ",
    b"../../../../../../../../etc/passwd",
    b"../../../../../../../../etc/hostname",
    b"/etc/passwd.tmx",
    b"../../../../../../../../etc/shadow.toml",
)
#: Where those lead, symlinks followed: opening one is an `escape` (`_watch_opens`).
OUTSIDE_TARGETS = frozenset(
    os.path.realpath(p)
    for p in ("/etc/passwd", "/etc/shadow", "/etc/hostname", "/proc/self/environ")
)
#: How many times a line is repeated to make a huge list: just over the limits of
#: `safe_read` (200 groups, 1,000 settings, 5,000 items, 20,000 actions) and far over.
HUGE = (201, 1_001, 5_001, 20_001, 100_001, 405_881)
#: The most a huge list adds to a file (a long line is repeated fewer times).
HUGE_BYTES = 24 * 1024 * 1024
#: The lines that are list entries: TOML arrays of tables, JSON entries one per line (a
#: save's actions and log), XML elements.
_ENTRY_LINE = re.compile(rb"^\s*(?:\[\[|\{|\"|<(?:object|tile|property|layer)\b)")


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three random mutations of `data`, most of them keeping the syntax (a
    number or a quoted value swapped, a line repeated) so that the loaders' checks
    beyond the parser are reached too."""
    out = bytearray(data)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        choice = rng.randrange(22)
        n = len(out)
        pos = rng.randrange(n + 1)
        if choice < 8:  # swap a number for an extreme or ordinary one
            numbers = list(_NUMBER.finditer(out))
            if numbers:
                m = rng.choice(numbers)
                swap = rng.choice((*TOKENS[:12], str(rng.randint(-3, 40)).encode()))
                out[m.start() : m.end()] = swap
        elif choice < 12:  # swap a quoted value
            quoted = list(_QUOTED.finditer(out))
            if quoted:
                m = rng.choice(quoted)
                out[m.start(1) : m.end(1)] = rng.choice(TOKENS).replace(b'"', b"")
        elif choice < 14:  # repeat or drop a line
            lines = out.split(b"\n")
            i = rng.randrange(len(lines))
            if rng.random() < 0.5:
                lines.insert(i, lines[i])
            else:
                del lines[i]
            out = bytearray(b"\n".join(lines))
        elif choice == 14 and n:  # flip a byte
            out[min(pos, n - 1)] = rng.randrange(256)
        elif choice == 15 and n:  # cut a chunk
            out[pos : pos + rng.randint(1, 64)] = b""
        elif choice == 16 and n:  # repeat a chunk
            chunk = out[pos : pos + rng.randint(1, 64)]
            out[pos:pos] = chunk * rng.randint(1, 50)
        elif choice == 17:  # insert a token
            out[pos:pos] = rng.choice(TOKENS)
        elif choice == 18 and n:  # truncate
            del out[pos:]
        elif choice == 19 and n:  # splice in another part of the file
            a = rng.randrange(n)
            out[pos:pos] = out[a : a + rng.randint(1, 256)]
        elif choice == 20:  # a huge list: one entry repeated (issue 47)
            out = bytearray(huge_list(bytes(out), rng))
        else:  # a name pointing outside (issue 47)
            out = bytearray(name_outside(bytes(out), rng))
    return bytes(out)


def huge_list(data: bytes, rng: random.Random) -> bytes:
    """One list entry (a line that looks like one, else any line) repeated `HUGE` times
    before itself; in JSON each copy ends with a comma, so the list stays a list."""
    lines = data.split(b"\n")
    entries = [i for i, line in enumerate(lines) if _ENTRY_LINE.match(line)]
    i = rng.choice(entries) if entries else rng.randrange(len(lines))
    entry = lines[i]
    if data.lstrip().startswith(b"{"):
        entry = entry.rstrip().rstrip(b",") + b","
    count = min(rng.choice(HUGE), max(2, HUGE_BYTES // (len(entry) + 1)))
    lines[i:i] = [entry] * count
    return b"\n".join(lines)


def name_outside(data: bytes, rng: random.Random) -> bytes:
    """A name of another file inside `data` (a tileset, an image, a board, a map, a
    scenario) swapped for one leading outside."""
    spots = [m for pattern in _REFS for m in pattern.finditer(data)]
    if not spots:
        return data
    m = rng.choice(spots)
    return data[: m.start(2)] + rng.choice(OUTSIDE_NAMES) + data[m.end(2) :]


# -- tampering with a good save (issue 47, part 3) -------------------------------------------

_INT_VALUE = re.compile(r"^(\s*[A-Za-z_][\w-]*\s*=\s*)(-?\d+)(\s*(?:#.*)?)$", re.MULTILINE)


def _edit_carried_rules(doc: dict[str, Any], rng: random.Random) -> bool:
    own = doc.get("rules", {}).get("own", {})
    for name in rng.sample(sorted(own), len(own)):
        values = list(_INT_VALUE.finditer(own[name]))
        if values:
            m = rng.choice(values)
            changed = str(int(m.group(2)) + rng.choice((-14, -1, 1, 9)))
            own[name] = own[name][: m.start(2)] + changed + own[name][m.end(2) :]
            return True
    return False


def _edit_carried_board(doc: dict[str, Any], rng: random.Random) -> bool:
    ref = doc["scenario"]
    key = "inline" if "inline" in ref else "embedded" if "embedded" in ref else None
    if key is None or "sha256" not in ref[key]:
        return False  # a copy without its digest (an older save) is only said to be
    if key == "embedded":  # the copy is what loads only when the file is not found
        ref.update(path="gone.toml", absolute="", id="gone")
    board = ref[key]["board"]
    edit = rng.randrange(4)
    if edit == 0 and board["zones"]:
        board["zones"].pop(rng.randrange(len(board["zones"])))  # an exit zone removed
    elif edit == 1 and board["edges"]:
        board["edges"] = [[*e[:4], "wall"] for e in board["edges"]]  # walls everywhere
    elif edit == 2 and board["zones"]:
        zone = rng.choice(board["zones"])
        zone["hexes"] = [[q + 1, r] for q, r in zone["hexes"]]  # moved one hex
    else:
        cell = rng.choice(board["cells"])
        cell[2] = "rock" if cell[2] != "rock" else "cave_floor"
    return True


def _drop_rules(doc: dict[str, Any], rng: random.Random) -> bool:
    return doc.pop("rules", None) is not None


def _scenario_outside(doc: dict[str, Any], rng: random.Random) -> bool:
    ref = doc["scenario"]
    if "inline" in ref:
        return False
    ref[rng.choice(("path", "absolute"))] = rng.choice(OUTSIDE_NAMES).decode()
    return True


TAMPERS: tuple[Callable[[dict[str, Any], random.Random], bool], ...] = (
    _edit_carried_rules,
    _edit_carried_board,
    _drop_rules,
    _scenario_outside,
)
#: The tampering that a load must refuse (the others it must at least speak of).
MUST_REFUSE = frozenset({"_edit_carried_rules", "_edit_carried_board"})
#: The tampering each example got, in order (`tamper` makes them one at a time, just
#: before the example is loaded).
TAMPERED: list[str] = []


def tamper(data: bytes, rng: random.Random) -> bytes:
    """A good save with one change a player could make to it by hand, that a load must
    refuse or speak of (`_save_tamper`); a save none applies to is left as it is."""
    from dragonnoir.engine.save import dumps_save

    doc = json.loads(data)
    for change in rng.sample(TAMPERS, len(TAMPERS)):
        if change(doc, rng):
            TAMPERED.append(change.__name__)
            return dumps_save(doc).encode()
    TAMPERED.append("")
    return data


# -- running --------------------------------------------------------------------------------


class _Hang(Exception):
    pass


#: The files of `OUTSIDE_TARGETS` opened while an example loads.
OPENED: set[str] = set()


def _watch_opens() -> None:
    """Record every opening of a file no file of ours may lead to (Python's audit hook:
    `open` and `os.open` alike). Installed once per fuzzing process; never removed."""

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if event == "open" and isinstance(args[0], str | bytes | os.PathLike):
            with contextlib.suppress(OSError, ValueError, TypeError):
                if os.path.realpath(args[0]) in OUTSIDE_TARGETS:
                    OPENED.add(os.fsdecode(args[0]))

    sys.addaudithook(hook)


def _trust_the_test_data(scratch: Path) -> None:
    """Mutants live in `scratch` and name the project's test files by absolute names
    (`portable`): the run trusts tests/data as it trusts the installation, and plays
    with a player's data folder of its own."""
    from dragonnoir.safe_read import TRUSTED_ENV
    from dragonnoir.user_folders import HOME_ENV

    os.environ[TRUSTED_ENV] = str(REPO / "tests" / "data")
    os.environ[HOME_ENV] = str(scratch / "home")


def _alarm(signum: int, frame: Any) -> None:
    raise _Hang()


def classify(kind: str, path: Path) -> tuple[Outcome, str]:
    """Load `path` with the loader of `kind`; the outcome and a one-line detail."""
    from dragonnoir.errors import DataFileError, DragonNoirError

    started = time.monotonic()
    limit = EXAMPLE_SECONDS_OF.get(kind, EXAMPLE_SECONDS)
    signal.alarm(limit)
    try:
        LOADERS[kind](path)
        outcome, detail = "ok", ""
    except _Hang:
        outcome, detail = "hang", f"over {limit} s"
    except MemoryError:
        outcome, detail = "memory", "MemoryError"
    except DragonNoirError as exc:
        message = str(exc)
        outcome, detail = "error", message
        if "\n" in message or "\r" in message:
            outcome = "escape"
            detail = f"a message of several lines: {message[:200]!r}"
        elif isinstance(exc, DataFileError) and exc.path is None:
            outcome = "escape"
            detail = f"a message naming no file: {message[:200]}"
    except RecursionError:
        outcome, detail = "escape", "RecursionError"
    except BaseException as exc:  # anything else is what the fuzzer looks for
        if isinstance(exc, KeyboardInterrupt | SystemExit):
            raise
        outcome, detail = "escape", f"{type(exc).__name__}: {str(exc)[:200]}"
    finally:
        signal.alarm(0)
    if outcome != "hang" and time.monotonic() - started > limit:
        outcome, detail = "hang", f"took {time.monotonic() - started:.1f} s"
    return outcome, detail


def _cases(
    kind: str, sources: list[Path], examples: int, rng: random.Random
) -> Iterator[tuple[Path, bytes]]:
    """Each seed once, then `examples` mutants of random seeds; for a kind of `GAMES`,
    `examples` random games of random seeds (a scenario is not itself a game). Made one
    at a time: a huge mutant is tens of megabytes."""
    if kind in GAMES:
        yield from ((s, GAMES[kind](s, rng)) for s in rng.choices(sources, k=examples))
        return
    bases = [(s, portable(s)) for s in sources]
    picked = (rng.choice(bases) for _ in range(examples))
    if kind == "save-tamper":  # every example is a good save tampered with
        yield from ((s, tamper(b, rng)) for s, b in itertools.chain(bases, picked))
        return
    yield from bases
    yield from ((s, mutate(b, rng)) for s, b in picked)


def fuzz(kind: str, examples: int, seed: int, keep: Path | None = None) -> dict[str, Any]:
    """Run `examples` mutants of `kind`'s seeds (and each seed itself once)."""
    import resource

    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = MEMORY_LIMIT if hard == resource.RLIM_INFINITY else min(MEMORY_LIMIT, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    signal.signal(signal.SIGALRM, _alarm)
    _watch_opens()
    rng = random.Random(f"{kind}:{seed}")
    sources = seeds(kind)
    counts = {"ok": 0, "error": 0, "escape": 0, "hang": 0, "memory": 0}
    failures: list[dict[str, str]] = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix=f"dn-fuzz-{kind}-") as scratch:
        folder = Path(scratch)
        _trust_the_test_data(folder)
        cases = _cases(kind, sources, examples, rng)
        for n, (source, data) in enumerate(cases):
            suffix = ".json" if kind in GAMES else source.suffix
            path = folder / f"{source.stem}.{n}{suffix}"
            path.write_bytes(data)
            OPENED.clear()
            outcome, detail = classify(kind, path)
            if OPENED:
                outcome, detail = "escape", f"opened {sorted(OPENED)[0]}, named inside the file"
            counts[outcome] += 1
            if outcome in ("escape", "hang", "memory"):
                failures.append({"seed": str(source), "outcome": outcome, "detail": detail})
                if keep is not None:
                    keep.mkdir(parents=True, exist_ok=True)
                    (keep / f"{kind}-{outcome}-{n}{suffix}").write_bytes(data)
            with contextlib.suppress(OSError):
                path.unlink()
    return {
        "kind": kind,
        "examples": sum(counts.values()),
        "seconds": round(time.monotonic() - started, 1),
        **counts,
        "failures": failures[:20],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=sorted(LOADERS), action="append")
    parser.add_argument("--examples", type=int, default=100, help="mutants per loader")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--keep", type=Path, help="write failing inputs to this folder")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    results = [fuzz(k, args.examples, args.seed, args.keep) for k in args.kind or sorted(LOADERS)]
    print(json.dumps(results, indent=1))
    return 0 if all(r["escape"] == r["hang"] == r["memory"] == 0 for r in results) else 1


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    sys.path.insert(1, str(REPO / "tests"))  # query_kinds, for the kind "queries"
    sys.exit(main())
