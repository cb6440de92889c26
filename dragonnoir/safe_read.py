"""The one door through which the program reads a file a player may have handed it.

Maps, tilesets, layouts, scenarios, rules data, settings and saves come from anywhere: a
download, a shared folder, a typo. Whatever such a file holds, reading it must end in the
data or in one `DataFileError` naming the file, within bounded time and memory. So:

* only *regular* files are read (a FIFO would block forever, a symlink to /dev/zero would
  fill memory, a folder is not a file), and never more than a size limit;
* text must be UTF-8;
* parsed TOML and JSON are refused when nested deeper than any real file is
  (`MAX_NESTING`): the parsers and every walk over the result recurse, and a
  `RecursionError` is not a message;
* JSON is read strictly: duplicate keys, NaN, Infinity and numbers too large for a float
  or too long for an int are refused instead of silently taking the last key or turning
  into `inf` that crashes later;
* values quoted in messages (`quoted`) never hold a raw newline, so an error stays one
  line;
* each kind of document (a scenario, a layout, a campaign, a rules data file, a save,
  the settings) has its `Limits`: its size, the length of its lists, strings and
  nesting, checked before any model is built, so a refusal takes milliseconds, not the
  seconds and gigabytes of building a model of 400,000 entries first.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import os
import re
import stat
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dragonnoir.errors import DataFileError
from dragonnoir.foreign_words import json_reason, system_reason, toml_reason, utf8_reason
from dragonnoir.i18n import N_, _

#: The largest file read when no kind says less (`Limits.size` does for each kind of
#: document). Maps and tilesets: our boards are ~15 KB; the TMX reader bounds the cells,
#: layers and images inside (hexmap/tmx.py), so a map may be far bigger.
MAX_TEXT_BYTES = 8 * 1024 * 1024
MAX_MAP_BYTES = 64 * 1024 * 1024

#: Deepest nesting of arrays/tables/objects (or XML elements) a file may have. Our files
#: nest 6 deep at most; Python's parsers and our walks recurse once per level.
MAX_NESTING = 64

#: Longest integer literal accepted in JSON (an int64 has 19 digits).
MAX_INT_DIGITS = 30

ErrorType = Callable[..., DataFileError]


def quoted(value: object, limit: int = 80) -> str:
    """`value` as a quoted, one-line string for a message, cut to `limit` characters:
    `'a\\nb'` rather than a raw newline splitting the message."""
    text = repr(str(value)) if not isinstance(value, str) else repr(value)
    if len(text) > limit:
        text = text[: limit - 4] + "…" + text[0]
    return text


class Missing(str):
    """`file_problem`'s words when the file is not there at all ("file not found", in the
    language in use): callers that say it their own way tell it by its type, never by its
    words."""


def file_problem(path: Path) -> str | None:
    """Why `path` cannot be read as a data file (missing, a folder, a FIFO, a device, a
    symlink loop, a name too long), or None when it is a regular file. Never raises."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return Missing(_("file not found"))
    except NotADirectoryError:
        return _("file not found (a folder on its path is a file)")
    except OSError as exc:
        return _("cannot read it: {reason}").format(reason=system_reason(exc))
    except ValueError:  # an embedded NUL byte in the name
        return _("cannot read it: its name holds a NUL character")
    return _kind_problem(st.st_mode)


def is_regular_file(path: Path) -> bool:
    """Whether `path` is (or links to) a regular file we may read. Never raises."""
    return file_problem(path) is None


def _kind_problem(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return _("is a folder, not a file")
    if stat.S_ISFIFO(mode):
        return _("is a pipe (FIFO), not a regular file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("is a device, not a regular file")
    if stat.S_ISSOCK(mode):
        return _("is a socket, not a regular file")
    return _("is not a regular file")


def read_bytes(
    path: Path | str,
    *,
    limit: int = MAX_TEXT_BYTES,
    what: str = "file",
    error: ErrorType = DataFileError,
) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them; anything else
    is `error(path, message)`. Opened non-blocking and checked again once open, so a
    file swapped for a FIFO between the check and the read cannot block."""
    src = Path(path)
    problem = file_problem(src)
    if problem is not None:
        raise error(src, problem)
    try:
        fd = os.open(src, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise error(src, _cannot_read(what, exc)) from None
    with os.fdopen(fd, "rb") as fh:
        try:
            st = os.fstat(fh.fileno())
            problem = _kind_problem(st.st_mode)
            if problem is not None:
                raise error(src, problem)
            if st.st_size > limit:
                raise error(src, _too_big(what, st.st_size, limit))
            data = fh.read(limit + 1)
        except OSError as exc:
            raise error(src, _cannot_read(what, exc)) from None
    if len(data) > limit:
        raise error(src, _too_big(what, len(data), limit))
    return data


def _cannot_read(what: str, exc: OSError) -> str:
    return _("cannot read the {what}: {reason}").format(
        what=kind_words(what), reason=system_reason(exc)
    )


def _too_big(what: str, size: int, limit: int) -> str:
    return _("the {what} is too large ({size} bytes; the limit is {limit})").format(
        what=kind_words(what), size=f"{size:,}", limit=f"{limit:,}"
    )


#: The kinds of file the readers name (`Limits.what`, `read_bytes(what=...)`), marked
#: here for translation: `kind_words` says them in the language in use.
KINDS = (
    N_("file"),
    N_("scenario"),
    N_("scenario file"),
    N_("layout"),
    N_("campaign"),
    N_("rules data file"),
    N_("settings file"),
    N_("save"),
    N_("save file"),
    N_("save format"),
    N_("campaign save"),
    N_("campaign save format"),
    N_("TOML file"),
    N_("map file"),
    N_("tileset file"),
    N_("image file"),
    N_("game record"),
    N_("turn file"),
    N_("key file"),
)


def kind_words(what: str) -> str:
    """A kind of file (`KINDS`) in the language in use."""
    return _(what)


# -- how much a document of each kind may hold (issue 47) -----------------------------------


@dataclass(frozen=True)
class Limits:
    """How much one kind of document may hold. The size is checked before the file is
    read; the rest on the parsed values (`check_limits`), before any model is built. A
    5 MB scenario of 405,881 groups took 12 s and 1.6 GB to be refused by its models;
    now it is refused by its size, and one within the size with too long a list in
    milliseconds. Every limit is far above what a real file of the kind holds
    (docs/scenarios.md and docs/saves.md give the figures)."""

    #: The kind, in messages ("scenario": "more than a scenario may hold").
    what: str
    #: Bytes of the file.
    size: int
    #: Entries of the list under a key, for the lists a file of this kind grows by.
    lists: Mapping[str, int] = field(default_factory=dict)
    #: Entries of any other list or table.
    items: int = 10_000
    #: Characters of any string or table key.
    text: int = 10_000
    #: Levels of lists and tables inside one another.
    depth: int = 16


KIB = 1024
MIB = 1024 * KIB

#: Our largest scenario is 7 KB, with 12 groups and 60 characters.
SCENARIO = Limits(
    "scenario",
    size=256 * KIB,
    lists={
        "group": 200,
        "unit": 500,
        "accessory": 500,
        "wizard": 20,
        "objective": 100,
        "passage": 100,
        "condition": 50,
    },
    items=5_000,  # the cells of a zone or of a group's deployment: six boards hold ~3,000
    text=20_000,  # a briefing
    depth=12,
)
#: Our layouts are 1 KB, of six boards.
LAYOUT = Limits("layout", size=64 * KIB, lists={"board": 64}, items=1_000, text=1_000, depth=8)
#: La Descente is 5 KB: 6 caves, 7 links, 4 steps.
CAMPAIGN = Limits(
    "campaign",
    size=256 * KIB,
    lists={"cave": 200, "link": 1_000, "step": 200, "ending": 50, "band": 100, "unit": 500},
    items=5_000,
    text=20_000,
    depth=12,
)
#: The rules data files (shipped or the player's own): the largest is 18 KB.
RULES = Limits("rules data file", size=256 * KIB, items=5_000, text=20_000, depth=16)
#: A settings file is a few hundred bytes.
SETTINGS = Limits("settings file", size=64 * KIB, items=1_000, text=4_096, depth=8)
#: A 24-turn game of Les Six Cavernes, 1,419 actions, saves in 250 KB. A save carries the
#: player's own rules files whole (`RULES.size` each at most).
SAVE = Limits(
    "save",
    size=4 * MIB,
    lists={"actions": 20_000, "log": 100_000},
    items=20_000,
    text=RULES.size,
    depth=32,
)
#: A campaign save holds the game in progress as a save does.
CAMPAIGN_SAVE = dataclasses.replace(SAVE, what="campaign save")
#: Reading a TOML file only to tell which kind of document it is (a scenario names a
#: `map`, a layout lists `board`s): bounded by size only; its own reader checks the rest.
ANY_TOML = Limits("TOML file", size=SCENARIO.size, items=2**62, text=2**62, depth=MAX_NESTING)


def check_limits(
    value: Any, limits: Limits, src: Path, *, error: ErrorType = DataFileError
) -> None:
    """Refuse parsed values holding more than `limits` allow, naming the field and the
    limit; walked without recursion (the values may nest up to `MAX_NESTING`)."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    while stack:
        node, path = stack.pop()
        if not isinstance(node, dict | list):
            continue  # the top of a document that is not a table (its reader says so)
        if len(path) > limits.depth:
            raise error(
                src,
                _("nested {depth} levels deep, deeper than a {what} may be ({limit})").format(
                    depth=len(path), what=kind_words(limits.what), limit=limits.depth
                ),
                _field(path),
            )
        children = node.items() if isinstance(node, dict) else enumerate(node)
        _check_count(len(node), path, limits, src, error)
        for key, child in children:
            if isinstance(key, str) and len(key) > limits.text:
                raise error(src, _too_long(N_("a key"), len(key), limits), _field(path))
            if isinstance(child, dict | list):
                stack.append((child, (*path, key)))
            elif isinstance(child, str) and len(child) > limits.text:
                raise error(src, _too_long(N_("text"), len(child), limits), _field((*path, key)))


def _check_count(
    count: int, path: tuple[str | int, ...], limits: Limits, src: Path, error: ErrorType
) -> None:
    key = path[-1] if path else None
    cap = limits.lists.get(key, limits.items) if isinstance(key, str) else limits.items
    if count > cap:
        raise error(
            src,
            _("{count} entries, more than a {what} may hold ({limit})").format(
                count=f"{count:,}", what=kind_words(limits.what), limit=f"{cap:,}"
            ),
            _field(path),
        )


def _too_long(what: str, length: int, limits: Limits) -> str:
    return _("{what} of {length} characters, longer than a {kind} may hold ({limit})").format(
        what=_(what), length=f"{length:,}", kind=kind_words(limits.what), limit=f"{limits.text:,}"
    )


def _field(path: tuple[str | int, ...]) -> str | None:
    """`field group[3].unit`, as `datafiles.field_path` words a place (None: the top)."""
    if not path:
        return None
    words = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
    return f"field {words}"


def read_text(
    path: Path | str,
    *,
    limit: int = MAX_TEXT_BYTES,
    what: str = "file",
    error: ErrorType = DataFileError,
) -> str:
    """`read_bytes` decoded as UTF-8 (a BOM is allowed); a bad byte is named by offset."""
    data = read_bytes(path, limit=limit, what=what, error=error)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(Path(path), not_utf8(exc)) from None


def not_utf8(exc: UnicodeDecodeError) -> str:
    """Why bytes are not UTF-8 text, in words: the offset of the first bad byte."""
    return _("not UTF-8 text ({reason} at byte {offset})").format(
        reason=utf8_reason(exc), offset=exc.start
    )


def too_deep(value: Any, limit: int = MAX_NESTING) -> bool:
    """Whether lists/dicts nest deeper than `limit` in `value` (checked without
    recursion, so it is safe on anything a parser returned)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            node = list(node.values())
        elif not isinstance(node, list):
            continue
        if depth >= limit:
            return True
        stack.extend((child, depth + 1) for child in node if isinstance(child, dict | list))
    return False


def parse_toml(text: str) -> dict[str, Any]:
    """`tomllib.loads` with its crashes turned into `TOMLDecodeError`-like `ValueError`s:
    nesting too deep (RecursionError) and integers too long for Python (ValueError)."""
    import tomllib  # here, not at the top: reading a map needs neither TOML nor JSON

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise
    except RecursionError:
        raise ValueError(_nested_too_deep()) from None
    except ValueError:  # Python refuses integers of more than 4,300 digits
        raise ValueError(_("an integer has more than 4,300 digits")) from None
    if too_deep(data):
        raise ValueError(_nested_too_deep())
    return data


def read_toml(
    path: Path | str,
    limits: Limits,
    *,
    error: ErrorType = DataFileError,
) -> dict[str, Any]:
    """A TOML document of the kind `limits` describes: read through `read_text` (at most
    `limits.size` bytes) and `parse_toml`, then held to `limits` (`check_limits`) before
    anyone builds a model of it; every fault is `error(path, message)`."""
    import tomllib

    src = Path(path)
    text = read_text(src, limit=limits.size, what=limits.what, error=error)
    try:
        data = parse_toml(text)
    except tomllib.TOMLDecodeError as exc:
        reason, place = toml_reason(str(exc))
        raise error(src, _("not valid TOML ({reason})").format(reason=reason), place) from None
    except ValueError as exc:
        raise error(src, _("not valid TOML ({reason})").format(reason=exc)) from None
    check_limits(data, limits, src, error=error)
    return data


class JsonError(ValueError):
    """Strict JSON refused: `msg`, and the line and column when the parser knows them."""

    def __init__(
        self, msg: str, line: int | None = None, column: int | None = None, token: str = ""
    ) -> None:
        super().__init__(msg)
        self.msg = msg
        self.line = line
        self.column = column
        #: The text refused (a number, a key written as JSON), to find where it is.
        self.token = token


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            import json

            raise JsonError(
                _("the key {key} appears twice in one object").format(key=quoted(key)),
                token=json.dumps(key, ensure_ascii=False),
            )
        out[key] = value
    return out


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonError(
            _("the number {number} is too large").format(number=quoted(text)), token=text
        )
    return value


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise JsonError(
            _("an integer of {digits} digits is too large").format(digits=digits), token=text
        )
    return int(text)


def _constant(name: str) -> Any:
    raise JsonError(_("{name} is not a number JSON allows").format(name=name), token=name)


def _located(exc: JsonError, text: str) -> JsonError:
    """`exc` with the line and column of its token (a duplicate key: its second
    occurrence as a key), when it can be found outside a string."""
    if not exc.token:
        return exc
    if exc.token.startswith('"'):
        spots = [m.start() for m in re.finditer(re.escape(exc.token) + r"\s*:", text)]
        pos = spots[1] if len(spots) > 1 else -1
    else:
        found = re.search(r"(?<![\w.+-])" + re.escape(exc.token) + r"(?![\w.])", text)
        pos = found.start() if found else -1
    if pos < 0:
        return exc
    line = text.count("\n", 0, pos) + 1
    column = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return JsonError(exc.msg, line, column, exc.token)


def parse_json(text: str) -> Any:
    """Strict `json.loads`: refuses duplicate keys, NaN/Infinity, floats that overflow,
    integers of more than `MAX_INT_DIGITS` digits and nesting deeper than
    `MAX_NESTING`; every refusal is a `JsonError`."""
    import json

    try:
        value = json.loads(
            text,
            object_pairs_hook=_pairs,
            parse_float=_float,
            parse_int=_int,
            parse_constant=_constant,
        )
    except json.JSONDecodeError as exc:
        raise JsonError(json_reason(exc.msg), exc.lineno, exc.colno) from None
    except JsonError as exc:
        raise _located(exc, text) from None
    except RecursionError:
        raise JsonError(_nested_too_deep()) from None
    if too_deep(value):
        raise JsonError(_nested_too_deep())
    return value


def _nested_too_deep() -> str:
    return _("nested more than {limit} levels deep").format(limit=MAX_NESTING)


def json_document(
    src: Path,
    text: str,
    *,
    marker: str,
    version: int,
    names: tuple[str, str, str],
    error: ErrorType = DataFileError,
) -> dict[str, Any]:
    """A JSON document of ours (a save, a campaign save): strict JSON holding an object
    whose `"format"` is `marker` and whose `"version"` is `version`. `names` words the
    faults: (what an empty file is not, what a foreign file is not, whose version it is),
    e.g. ("save", "save file", "save format"). Every fault is `error(src, message)`."""
    empty, foreign, versioned = names
    if not text.strip():
        raise error(src, _("the file is empty (not a {what})").format(what=kind_words(empty)))
    try:
        doc = parse_json(text)
    except JsonError as exc:
        place = f"line {exc.line}, column {exc.column}" if exc.line is not None else None
        raise error(src, _("corrupt JSON: {reason}").format(reason=exc.msg), place=place) from None
    if not isinstance(doc, dict) or doc.get("format") != marker:
        raise error(
            src,
            _('not a Dragon Noir {what} (no "format": "{marker}")').format(
                what=kind_words(foreign), marker=marker
            ),
        )
    found = doc.get("version")
    if found != version:
        newer = isinstance(found, int) and not isinstance(found, bool) and found > version
        why = _("a newer version of Dragon Noir wrote it") if newer else _("unknown version")
        raise error(
            src,
            _(
                "{what} version {found} is not supported ({why}; this version reads "
                "version {version})"
            ).format(what=kind_words(versioned), found=repr(found), why=why, version=version),
            place="field version",
        )
    return doc


def resolved(path: Path | str) -> Path:
    """`path` made absolute with its symlinks followed as far as they go. Unlike
    `Path.resolve` on Python 3.11 it never raises: a symlink loop stays unresolved (and
    reading it then fails with a message)."""
    try:
        return Path(os.path.realpath(path))
    except (OSError, ValueError):
        return Path(os.path.abspath(path))


# -- names inside files (issue 47) ----------------------------------------------------------

#: What a name inside a file may name, and the endings a file of that kind has. A name
#: of another ending is refused before anything is opened: `/etc/shadow` is no tileset.
NAMED_KINDS: dict[str, tuple[str, ...]] = {
    "map": (".tmx", ".toml"),  # a scenario's map: a board or a layout
    "board": (".tmx",),
    "tileset": (".tsx",),
    "image": (".png", ".jpg", ".jpeg", ".bmp", ".gif", ".tga", ".webp"),
    "scenario": (".toml",),
    "campaign": (".toml",),
}

#: The kinds of `NAMED_KINDS` in words (said in the language in use where refused).
NAMED_KIND_WORDS = {
    "map": N_("map"),
    "board": N_("board"),
    "tileset": N_("tileset"),
    "image": N_("image"),
    "scenario": N_("scenario"),
    "campaign": N_("campaign"),
}

#: Folders laid out as the installation's content is: a file in one of them may name
#: files in the others beside it (a scenario in `scenarios/` names `../maps/fosse.tmx`),
#: so a folder of scenarios and maps shared as the game ships them keeps working.
CONTENT_TREE = ("maps", "layouts", "scenarios", "campaigns", "saves")

#: Folders (separated as PATH is) the person running the program trusts as they trust
#: the installation: for tests and tools reading a third-party corpus whose maps name
#: tilesets in folders above them. Never set by a file.
TRUSTED_ENV = "DRAGONNOIR_TRUSTED_FOLDERS"


class NameRefused(ValueError):
    """A name inside a file that the rule of `resolve_name` refuses; the message is the
    reason, in words that name neither the target nor anything read from it."""


def resolve_name(base: Path, name: str, kind: str) -> Path:
    """The file a name written inside a file of the folder `base` names, symlinks
    followed; `NameRefused` unless it is a file of `kind` inside the places a name may
    lead to (`allowed_roots`).

    Files name other files everywhere (a save its scenario, a scenario its map, a layout
    its boards, a map its tilesets and images), and once players exchange files those
    are other people's files: a name leading anywhere would let a file make the program
    open `/etc/shadow` or `/proc/self/environ` and quote it in an error. A name that
    resolves through a symlink to outside is outside."""
    endings = NAMED_KINDS[kind]
    if not name or "\0" in name:
        raise NameRefused(
            _("the {what} name {name} is not a file name").format(
                what=_(NAMED_KIND_WORDS[kind]), name=quoted(name)
            )
        )
    if not name.lower().endswith(endings):
        raise NameRefused(
            _("the {what} {name} is refused: its name must end in {endings}").format(
                what=_(NAMED_KIND_WORDS[kind]), name=quoted(name), endings=either(endings)
            )
        )
    target = resolved(base / name)
    if not any(target.is_relative_to(root) for root in allowed_roots(base)):
        raise NameRefused(
            _(
                "the {what} {name} is refused: it leads outside this file's folder, "
                "the game's own files and your data folder"
            ).format(what=_(NAMED_KIND_WORDS[kind]), name=quoted(name))
        )
    return target


def either(choices: tuple[str, ...]) -> str:
    """ "a, b or c" in the language in use."""
    if len(choices) == 1:
        return choices[0]
    return _("{some} or {last}").format(some=", ".join(choices[:-1]), last=choices[-1])


def name_problem(base: Path, name: str, kind: str) -> str | None:
    """Why `resolve_name` refuses `name`, or None."""
    try:
        resolve_name(base, name, kind)
    except NameRefused as exc:
        return str(exc)
    return None


def named_file(
    holder: Path,
    name: str,
    kind: str,
    *,
    place: str | None = None,
    error: ErrorType = DataFileError,
) -> Path:
    """`resolve_name` for a name written in the file `holder`: a refusal is
    `error(holder, reason, place)`, naming the file that holds the name."""
    try:
        return resolve_name(Path(holder).parent, name, kind)
    except NameRefused as exc:
        raise error(holder, str(exc), place) from None


def allowed_roots(base: Path) -> Iterator[Path]:
    """Where a name written in a file of the folder `base` may lead: that folder and
    the folders below it (with the content folders beside it, when it is one:
    `CONTENT_TREE`), the installation's content, the folders of `TRUSTED_ENV` and the
    player's data folder. Lazily, in that order: the data folder last, as finding it
    loads platformdirs, which drawing a map (`dragonnoir render`) does without."""
    here = resolved(base)
    yield here
    if here.name in CONTENT_TREE:
        yield from (here.parent / name for name in CONTENT_TREE)
    yield from _installed_roots()
    trusted = os.environ.get(TRUSTED_ENV, "")
    yield from (resolved(folder) for folder in trusted.split(os.pathsep) if folder.strip())
    from dragonnoir.user_folders import data_dir

    yield resolved(data_dir())


@functools.cache
def _installed_roots() -> tuple[Path, ...]:
    """The installation's content folders (maps, layouts, scenarios, campaigns, assets)
    and its rules data, symlinks followed; none when the install is broken (its
    own loaders say so)."""
    from dragonnoir import resources

    try:
        folders = [resources.bundled_dir(name) for name in resources.CONTENT_FOLDERS]
    except resources.ResourceError:
        folders = []
    return tuple(resolved(folder) for folder in [*folders, resources.data_dir()])
