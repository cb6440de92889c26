"""The secrets each side fixes, their commitments, and the dice seeds made of them.

A side's secret is 32 random bytes from the system's generator (`secrets`): the only
randomness in play by e-mail that does not go through the engine's seeded dice, because
it must be unknown to the other player. What the engine rolls comes from seeds made of
both sides' secrets (docs/pbem.md, "Dice"):

- the set-up seed of a game: both sides' first secrets;
- the seed of link n: the secret its side reveals in it (committed in its previous link)
  and the one the other side revealed in link n-1;
- each action's seed: the link's seed, the action's place in the link and the action
  itself, so that trying another action does not show the die the first one would have
  had.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any, TypeGuard

from dragonnoir.pbem.canonical import canonical_bytes

SECRET_BYTES = 32


def new_secret() -> str:
    """A fresh secret, in hex."""
    return secrets.token_hex(SECRET_BYTES)


def new_game_id() -> str:
    """A new game's id: 32 random hex digits (it names the game's record file)."""
    return secrets.token_hex(16)


def commitment(secret: str) -> str:
    """What a side writes before revealing `secret`: its SHA-256, which binds the side
    to it without telling it."""
    return hashlib.sha256(b"dragonnoir-commit:" + bytes.fromhex(secret)).hexdigest()


def is_secret(value: object) -> TypeGuard[str]:
    """A secret as this module makes them: 64 lower-case hex digits."""
    return (
        isinstance(value, str)
        and len(value) == 2 * SECRET_BYTES
        and all(c in "0123456789abcdef" for c in value)
    )


def _seed(*parts: str) -> int:
    digest = hashlib.blake2b(":".join(parts).encode(), digest_size=8, person=b"dn-pbem-dice")
    return int.from_bytes(digest.digest(), "big")


def start_seed(game: str, creator_secret: str, other_secret: str) -> int:
    """The seed the game is set up with (dice its first phase rolls)."""
    return _seed(game, "start", creator_secret, other_secret)


def link_seed(game: str, number: int, own_secret: str, other_secret: str) -> str:
    """The seed of link `number`, in hex: the secret its side reveals in it and the one
    the other side revealed last."""
    return hashlib.sha256(f"{game}:{number}:{own_secret}:{other_secret}".encode()).hexdigest()


def action_seed(link: str, index: int, action: dict[str, Any]) -> int:
    """The dice seed of the action at `index` in a link of seed `link`."""
    return _seed(link, str(index), canonical_bytes(action).decode("utf-8"))
