"""What this installation keeps of its own games by e-mail (user data folder,
`pbem/games/<game>.json`, written atomically):

- the side it plays in the game;
- its secrets not yet revealed (the other side has only their commitments);
- the last link it sent, so an older file of the game, or one that forks from what it
  sent, is refused instead of played again;
- for the Krob player of a game with hidden Krobs, the openings of their sealed actions
  (seals.py): the file the Adventurers receive carries only the seals.

Losing this file loses only the ability to go on with that game from this computer (its
secrets are gone with it, and the hidden Krobs' openings with them: docs/pbem.md says why
they are kept here rather than in the file); nothing in it is needed to check a turn file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dragonnoir.engine.state import Side
from dragonnoir.errors import DataFileError
from dragonnoir.i18n import _
from dragonnoir.pbem import coins
from dragonnoir.pbem.canonical import canonical_bytes
from dragonnoir.pbem.seals import Opening
from dragonnoir.safe_read import Limits, check_limits, parse_json, read_bytes
from dragonnoir.safe_write import write_bytes
from dragonnoir.user_folders import data_dir

#: A record holds a few secrets, and in a game with hidden Krobs one opening per sealed
#: action: some hundreds over a long game.
RECORD_LIMITS = Limits("game record", size=8 * 1024 * 1024, items=500_000, text=200, depth=10)


def pbem_folder() -> Path:
    """Play by e-mail's part of the player's data folder."""
    return data_dir() / "pbem"


def games_folder() -> Path:
    return pbem_folder() / "games"


@dataclass
class GameRecord:
    """This installation's part in one game."""

    game: str
    side: Side
    #: Link number -> the secret committed in that link, not yet revealed.
    secrets: dict[int, str] = field(default_factory=dict)
    #: How many links the last file sent held, and the digest of its last link.
    sent_links: int = 0
    sent_head: str = ""
    #: The Krob player's openings of the hidden Krobs' sealed actions, by seal (None:
    #: this computer plays the Adventurers, who have none).
    openings: dict[str, Opening] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "side": self.side.value,
            "secrets": {str(n): s for n, s in sorted(self.secrets.items())},
            "sent": {"links": self.sent_links, "head": self.sent_head},
            "openings": None
            if self.openings is None
            else {c: o.to_list() for c, o in sorted(self.openings.items())},
        }


def record_path(game: str, folder: Path | None = None) -> Path:
    # `game` was checked as 32 hex digits where it was read: no name reaches outside.
    return (folder or games_folder()) / f"{game}.json"


def load_record(game: str, folder: Path | None = None) -> GameRecord | None:
    """This installation's record of `game`, or None when it has none."""
    path = record_path(game, folder)
    if not path.exists():
        return None
    raw = read_bytes(path, limit=RECORD_LIMITS.size, what="game record")
    try:
        doc = parse_json(raw.decode("utf-8"))
        check_limits(doc, RECORD_LIMITS, path)
        secrets = {int(n): s for n, s in doc["secrets"].items()}
        if not all(coins.is_secret(s) for s in secrets.values()):
            raise ValueError(_("a secret is damaged"))
        raw = doc.get("openings")
        openings = None if raw is None else {c: Opening.from_list(o) for c, o in raw.items()}
        return GameRecord(
            game=str(doc["game"]),
            side=Side(doc["side"]),
            secrets=secrets,
            sent_links=int(doc["sent"]["links"]),
            sent_head=str(doc["sent"]["head"]),
            openings=openings,
        )
    except (ValueError, TypeError, KeyError, AttributeError, UnicodeDecodeError) as exc:
        raise DataFileError(
            path, _("this game's record is damaged ({why})").format(why=exc)
        ) from None


def save_record(record: GameRecord, folder: Path | None = None) -> Path:
    return write_bytes(record_path(record.game, folder), canonical_bytes(record.to_dict()))
