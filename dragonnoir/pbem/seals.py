"""Sealed actions: what stands in a Krob link in place of a hidden Krob's action.

A seal is a salted SHA-256 of the action and of its place in the game (the game, the
link, the action's place in the link), so it binds the Krob player to that action at
that place without telling it: the salt (32 random bytes, `coins.new_secret`) makes the
few moves a Krob could have made impossible to try one by one against the seal. An
*opening* is the salt and the action; anyone can check it against the seal
(docs/pbem.md, "Hidden Krobs").
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from dragonnoir.pbem import coins
from dragonnoir.pbem.canonical import canonical_bytes


def seal(game: str, link: int, index: int, salt: str, action: dict[str, Any]) -> str:
    """The seal of `action`, the `index`-th action of link `link` of `game`."""
    place = f"dragonnoir-seal:{game}:{link}:{index}:".encode()
    return hashlib.sha256(place + bytes.fromhex(salt) + canonical_bytes(action)).hexdigest()


@dataclass(frozen=True)
class Opening:
    """A sealed action as the Krob player's computer keeps it, and as a reveal or the end
    audit shows it: where it was played, its salt, the action."""

    link: int
    index: int
    salt: str
    action: dict[str, Any]

    def seal(self, game: str) -> str:
        return seal(game, self.link, self.index, self.salt, self.action)

    def to_list(self) -> list[Any]:
        return [self.link, self.index, self.salt, self.action]

    @classmethod
    def from_list(cls, raw: Any) -> Opening:
        """An opening as a file or a record writes it (ValueError when it is not one)."""
        if not (isinstance(raw, list) and len(raw) == 4):
            raise ValueError("expected [link, index, salt, action]")
        link, index, salt, action = raw
        if not (isinstance(link, int) and isinstance(index, int) and link >= 0 and index >= 0):
            raise ValueError("expected a link and an index")
        if not coins.is_secret(salt):
            raise ValueError("expected a salt (64 hex digits)")
        if not isinstance(action, dict):
            raise ValueError("expected an action")
        return cls(link, index, salt, action)
