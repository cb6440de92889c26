"""Reading and writing turn files (`.dnturn`).

The file (docs/pbem.md, "The file")::

    {"format": "dragonnoir-turn", "version": 1,
     "game": <32 hex digits>,
     "start": {"scenario": {"id", "name", "carried": <map and set-up, with digest>},
               "rules": <the rules data's record, as a save's>},
     "links": [<link>, ...]}

and a link::

    {"n": <its place>, "side": "adventurers" | "krobs", "program": "dragonnoir 0.1.0",
     "prev": <SHA-256 of the previous link, or of the game and start for link 0>,
     "key": <the side's public key: in its first link only>,
     "reveal": <the secret the side committed in its previous link, or its first secret>,
     "commit": <SHA-256 of the secret it will reveal in its next link>,
     "orders": <the side's standing orders, orders.py>,
     "actions": [<action>, ...], "said": [<what happened, as its player read it>, ...],
     "sig": <the side's signature of the link without "sig">}

and, in a game with hidden Krobs (reveals.py), in a Krob link: "cut" (where the
Adventurers' link before stops standing, and what that action reveals), "audit" (every
seal opened, once the game is over); among its actions, {"sealed": <seal>} in place of a
hidden Krob's action and {"open": <a Krob revealed, with his sealed actions opened>}.

Reading never trusts the file: its size and nesting within bounds (safe_read), its bytes
the canonical writing of its content, every field of the expected type. What it says is
checked by `chain.check`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dragonnoir.errors import DataFileError
from dragonnoir.i18n import _
from dragonnoir.pbem.canonical import canonical_bytes
from dragonnoir.safe_read import Limits, check_limits, parse_json, read_bytes
from dragonnoir.safe_write import write_bytes

TURN_FORMAT = "dragonnoir-turn"
TURN_VERSION = 1
SUFFIX = ".dnturn"
KIB = 1024
#: A game of 60 turns on six boards is a few MB of links and set-up.
TURN_LIMITS = Limits("turn file", size=32 * 1024 * KIB, items=2_000_000, text=1_000_000, depth=24)
#: The fields of a link, and of the file.
LINK_FIELDS = {
    "n",
    "side",
    "program",
    "prev",
    "key",
    "reveal",
    "commit",
    "orders",
    "actions",
    "said",
    "sig",
    "cut",
    "audit",
}
FILE_FIELDS = {"format", "version", "game", "start", "links"}


class TurnFileError(DataFileError):
    """A turn file that cannot be used: broken, changed, not the next of its game."""


@dataclass
class TurnFile:
    """A game so far, as a turn file holds it."""

    game: str
    start: dict[str, Any]
    links: list[dict[str, Any]]

    def document(self) -> dict[str, Any]:
        return {
            "format": TURN_FORMAT,
            "version": TURN_VERSION,
            "game": self.game,
            "start": self.start,
            "links": self.links,
        }


def write_turn_file(turn: TurnFile, path: Path | str) -> Path:
    """Write `turn` to `path` atomically (the program's one writer)."""
    return write_bytes(path, canonical_bytes(turn.document()))


def read_turn_file(path: Path | str) -> TurnFile:
    """The turn file at `path`, read strictly (TurnFileError naming the place)."""
    src = Path(path)
    raw = read_bytes(src, limit=TURN_LIMITS.size, what="turn file", error=TurnFileError)
    try:
        doc = parse_json(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise TurnFileError(
            src, _("not UTF-8 text ({why}) at byte {at}").format(why=exc.reason, at=exc.start)
        ) from None
    except ValueError as exc:
        raise TurnFileError(src, _("not a turn file: {why}").format(why=exc)) from None
    if not isinstance(doc, dict) or doc.get("format") != TURN_FORMAT:
        raise TurnFileError(src, _("not a Dragon Noir turn file"))
    if doc.get("version") != TURN_VERSION:
        raise TurnFileError(
            src,
            _("turn file version {version}: this program reads 1").format(
                version=repr(doc.get("version"))
            ),
        )
    check_limits(doc, TURN_LIMITS, src, error=TurnFileError)
    if set(doc) != FILE_FIELDS:
        raise TurnFileError(
            src, _("unexpected fields: {fields}").format(fields=sorted(set(doc) ^ FILE_FIELDS))
        )
    if canonical_bytes(doc) != raw:
        raise TurnFileError(
            src, _("the file has been changed (it is not written as the program writes it)")
        )
    game, start, links = doc["game"], doc["start"], doc["links"]
    if not (
        isinstance(game, str) and len(game) == 32 and all(c in "0123456789abcdef" for c in game)
    ):
        raise TurnFileError(src, _("expected 32 hex digits"), _("field game"))
    if not isinstance(start, dict):
        raise TurnFileError(src, _("expected an object"), _("field start"))
    if not isinstance(links, list) or not all(isinstance(link, dict) for link in links):
        raise TurnFileError(src, _("expected a list of objects"), _("field links"))
    for i, link in enumerate(links):
        extra = set(link) - LINK_FIELDS
        if extra:
            raise TurnFileError(
                src,
                _("unexpected fields {fields}").format(fields=sorted(extra)),
                _("link {n}").format(n=i),
            )
    return TurnFile(game, start, links)
