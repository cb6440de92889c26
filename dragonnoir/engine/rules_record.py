"""Which rules data a game was played with: recorded in its save, so that it replays the
same anywhere and a difference is named instead of silently changing the game.

A game's rules data are the shipped TOML files (`dragonnoir/data/`), any of which a player
may replace with their own file of the same name (their Game Sheet's values; the folder is
`dragonnoir/rules_folder.py`'s, docs/rules-tables.md). A save records them as::

    "rules": {"fingerprint": "<sha256>",
              "files": {"adventurers.toml": "<sha256>", ...},   # every rules file
              "own": {"combat.toml": "<the file's text>"}}       # the player's files

- a file's digest is the SHA-256 of its *values* (the parsed TOML as canonical JSON):
  a comment or a re-indented table does not change it, a changed number does;
- the fingerprint is one digest of all the file digests: same fingerprint, same rules;
- `own` carries the text of every file that is not the shipped one (a few KB), so a game
  played with house rules replays on a machine that does not have them. Shipped files are
  not carried: this installation has them (and its program version is in the save).

A record is believed only for what it proves (issue 47): `read_record` refuses a
fingerprint that is not the digest of the files listed, and a carried file whose values do
not give the digest recorded for it, naming the file; a save without a record is said to
replay with the rules in use.

Loading (`rules_for_save`) compares the record with the rules data in use. When they are
the same, nothing is said. Otherwise the game is rebuilt with the rules it was played with
(the files it carries, the shipped ones for the rest) and goes on with them, and a warning
names each file that differs. Only when a *shipped* file of this installation differs from
the one the game was played with (another version of the program) can the replay diverge;
that is said too, and a replay error then names those files.
"""

from __future__ import annotations

import dataclasses
import re
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dragonnoir.engine.rules_digests import fingerprint, values_digest
from dragonnoir.engine.tables import RulesData, load_rules_data, rules_files
from dragonnoir.errors import DataFileError, place_words
from dragonnoir.foreign_words import json_kind, utf8_reason
from dragonnoir.i18n import N_, _, ngettext
from dragonnoir.safe_read import RULES, ErrorType, kind_words, quoted

#: The save's field holding the record.
RULES_FIELD = "rules"
_NAME = re.compile(r"^[a-z][a-z0-9_]*\.toml$")
_DIGEST = re.compile(r"^[0-9a-f]{64}$")


def short(digest: str) -> str:
    """The first 12 hex digits: what messages show of a fingerprint."""
    return digest[:12]


def rules_record(rules: RulesData) -> dict[str, Any]:
    """The save's `rules` field for a game played with `rules`."""
    return {
        "fingerprint": rules.fingerprint,
        "files": dict(sorted(rules.digests.items())),
        "own": dict(sorted(rules.own_texts.items())),
    }


@dataclass(frozen=True)
class RulesRecord:
    """A save's `rules` field, checked."""

    fingerprint: str
    files: dict[str, str]
    own: dict[str, str] = field(default_factory=dict)


def read_record(src: Path, raw: object, *, error: ErrorType = DataFileError) -> RulesRecord:
    """Check a save's `rules` field (whatever the file holds): an object with a
    fingerprint, the digest of each file, and the text of the player's own files."""
    place = f"field {RULES_FIELD}"
    if not isinstance(raw, dict):
        raise error(
            src, _("expected an object, found {found}").format(found=json_kind(type(raw))), place
        )
    for key in raw:
        if key not in ("fingerprint", "files", "own"):
            raise error(src, _("unknown field {key}").format(key=quoted(key)), place)
    print_ = raw.get("fingerprint")
    if not isinstance(print_, str) or not _DIGEST.match(print_):
        raise error(src, _("expected 64 hex digits"), f"{place}.fingerprint")
    files = raw.get("files")
    if not isinstance(files, dict) or not files:
        raise error(src, _("expected an object naming each rules file"), f"{place}.files")
    for name, digest in files.items():
        if not _NAME.match(name):
            raise error(
                src,
                _("{name} is not a rules file name").format(name=quoted(name)),
                f"{place}.files",
            )
        if not isinstance(digest, str) or not _DIGEST.match(digest):
            raise error(src, _("expected 64 hex digits"), f"{place}.files[{quoted(name)}]")
    if fingerprint(files) != print_:
        raise error(
            src,
            _(
                "does not match the digests of the files the record lists (the record has been "
                "changed since the game was saved)"
            ),
            f"{place}.fingerprint",
        )
    own = raw.get("own", {})
    if not isinstance(own, dict):
        raise error(
            src,
            _("expected an object, found {found}").format(found=json_kind(type(own))),
            f"{place}.own",
        )
    for name, text in own.items():
        _check_carried(src, name, text, files, error)
    return RulesRecord(print_, dict(files), dict(own))


def _check_carried(
    src: Path, name: str, text: object, files: Mapping[str, str], error: ErrorType
) -> None:
    """A carried file is believed only if it is the file the game was played with: its
    values must give the digest recorded for it. Without this check an edited copy
    (a modifier changed, the digest left) replayed as if it were the game's rules."""
    where = f"field {RULES_FIELD}.own[{quoted(name)}]"
    if name not in files:
        raise error(src, _("a file the record does not list in 'files'"), where)
    if not isinstance(text, str):
        raise error(
            src,
            _("expected the file's text, found {found}").format(found=json_kind(type(text))),
            where,
        )
    if len(text) > RULES.size:  # characters: at least as many bytes
        raise error(
            src,
            _("more than a {what} may hold ({size} bytes)").format(
                what=kind_words(RULES.what), size=f"{RULES.size:,}"
            ),
            where,
        )
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate (JSON "\ud800"): no file's text
        raise error(
            src, _("not text a file can hold ({reason})").format(reason=utf8_reason(exc)), where
        ) from None
    if values_digest(text) != files[name]:
        raise error(
            src,
            _(
                "the carried file {name} has been changed since the game was saved (its values do "
                "not give the digest recorded for it)"
            ).format(name=name),
            where,
        )


#: Said of a save without a record: it proves nothing about its rules (a game played
#: with a player's own files and its record deleted would otherwise go on, silently,
#: with the shipped ones).
NO_RECORD_SAID = N_(
    "this save does not record the rules data it was played with (it has no 'rules' "
    "field): it replays and goes on with the rules in use"
)
#: Added to a replay error of such a save.
NO_RECORD_HINT = N_(
    " (the save does not record its rules data: it may have been played with others)"
)


@dataclass
class RulesMatch:
    """The rules a saved game replays with, and what the player should know about them."""

    rules: RulesData
    #: One line per thing that differs from the rules data in use (empty: the same).
    warnings: list[str] = field(default_factory=list)
    #: Added to a replay error's message: the files that may explain it (or "").
    hint: str = ""


def rules_for_save(
    src: Path, record: RulesRecord | None, in_use: RulesData, *, error: ErrorType = DataFileError
) -> RulesMatch:
    """The rules to replay the save at `src` with: `in_use` when the save records the same
    rules (or none, which is said: a save written before rules were recorded, or one whose
    record was deleted), else the rules it was played with, rebuilt from the files it
    carries (`read_record` checked each against its digest) and this installation's
    shipped ones. A file it carries that cannot be loaded is an `error` naming the save
    and the file."""
    if record is None:
        return RulesMatch(in_use, [_(NO_RECORD_SAID)], _(NO_RECORD_HINT))
    if record.files == in_use.digests:
        return RulesMatch(in_use)
    rules = _rebuild(src, record, error)
    here = rules.digests
    stale = sorted(n for n in record.files if n in here and here[n] != record.files[n])
    unknown = sorted(n for n in record.files if n not in here)
    unrecorded = sorted(n for n in here if n not in record.files)
    warnings: list[str] = []
    differ = sorted(n for n in record.files if in_use.digests.get(n) != record.files[n])
    if differ:
        detail = ", ".join(
            _("{file} ({then} in the save; {now} here)").format(
                file=n, then=_origin(n, record.own), now=_origin(n, in_use.own_texts)
            )
            for n in differ
        )
        warnings.append(
            _(
                "this game was played with rules data other than the rules in use: {detail}; it "
                "goes on with the rules it was played with"
            ).format(detail=detail)
        )
    if stale:
        warnings.append(
            ngettext(
                "this installation's shipped {files} differs from the one the game was played "
                "with (another version of the program): the replay uses this installation's "
                "and may not reproduce the game",
                "this installation's shipped {files} differ from the ones the game was played "
                "with (another version of the program): the replay uses this installation's "
                "and may not reproduce the game",
                len(stale),
            ).format(files=", ".join(stale))
        )
    if unknown:
        warnings.append(
            _("the save names rules files this version does not have: {files} (ignored)").format(
                files=", ".join(unknown)
            )
        )
    if unrecorded:
        warnings.append(
            ngettext(
                "the save does not record {files}: the shipped one is used",
                "the save does not record {files}: the shipped ones are used",
                len(unrecorded),
            ).format(files=", ".join(unrecorded))
        )
    hint = (
        _(" (the rules data differs from the game's: {files})").format(files=", ".join(stale))
        if stale
        else ""
    )
    return RulesMatch(rules, warnings, hint)


def _origin(name: str, own: Mapping[str, str]) -> str:
    return _("the player's own") if name in own else _("shipped")


def _rebuild(src: Path, record: RulesRecord, error: ErrorType) -> RulesData:
    """The rules data of `record`: its own files (written to a temporary folder, loaded
    as a player's folder is, then removed; their text is kept in `own_texts`) over this
    installation's shipped ones."""
    known = rules_files()  # a file this version does not have is ignored (and said)
    with tempfile.TemporaryDirectory(prefix="dragonnoir-rules-") as tmp:
        folder = Path(tmp)
        for name, text in record.own.items():
            if name in known:
                (folder / name).write_bytes(text.encode("utf-8"))  # as carried, no newline change
        try:
            rules = load_rules_data(folder)
        except DataFileError as exc:
            name = exc.path.name if exc.path is not None else "?"
            inner = f"{place_words(exc.place)}: " if exc.place else ""
            carried = _(
                "the game's rules cannot be rebuilt: the file {name} it carries is refused: "
                "{inner}{detail}"
            )
            shipped = _(
                "the game's rules cannot be rebuilt: the file {name} this installation ships is "
                "refused: {inner}{detail}"
            )
            raise error(
                src,
                (carried if name in record.own else shipped).format(
                    name=name, inner=inner, detail=exc.detail
                ),
                f"field {RULES_FIELD}.own[{quoted(name)}]"
                if name in record.own
                else f"field {RULES_FIELD}",
            ) from None
    # The temporary files are gone: the carried files are said to come from the save.
    sources = {n: Path(f"{src} [{n}]") if n in record.own else p for n, p in rules.sources.items()}
    return dataclasses.replace(rules, sources=sources)
