"""Each installation's signing key: Ed25519, through the `cryptography` library.

The key is made on first use and kept in the player's config folder (`pbem/key.pem`,
written atomically, readable by its owner only). Its public half goes into the first
link a side writes in a game, which binds it to that side: every later link of that side
must carry a signature this key made, so a third party cannot forge a turn.
"""

from __future__ import annotations

import base64
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from dragonnoir.errors import DataFileError
from dragonnoir.i18n import _
from dragonnoir.safe_read import read_bytes
from dragonnoir.safe_write import write_bytes
from dragonnoir.user_folders import config_dir

KEY_FILE = "key.pem"
#: A PEM private key is about 120 bytes; anything much larger is not ours.
KEY_FILE_LIMIT = 4096


@dataclass(frozen=True)
class Identity:
    """A player's signing key."""

    private: Ed25519PrivateKey

    @property
    def public(self) -> str:
        """The public key, base64: what a link carries."""
        raw = self.private.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )
        return base64.b64encode(raw).decode("ascii")

    def sign(self, data: bytes) -> str:
        return base64.b64encode(self.private.sign(data)).decode("ascii")

    @classmethod
    def fresh(cls) -> Identity:
        return cls(Ed25519PrivateKey.generate())


def verify(public: str, signature: str, data: bytes) -> bool:
    """Whether `signature` (base64) is `public`'s (base64) signature of `data`."""
    try:
        key = Ed25519PublicKey.from_public_bytes(base64.b64decode(public, validate=True))
        key.verify(base64.b64decode(signature, validate=True), data)
    except (InvalidSignature, ValueError):
        return False
    return True


def key_folder() -> Path:
    return config_dir() / "pbem"


def load_identity(folder: Path | None = None) -> Identity:
    """This installation's key, made (and kept) on first use."""
    folder = folder or key_folder()
    path = folder / KEY_FILE
    if not path.exists():
        # The folder is the owner's alone before the key is written into it.
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        identity = Identity.fresh()
        pem = identity.private.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        write_bytes(path, pem)
        os.chmod(path, 0o600)
        return identity
    data = read_bytes(path, limit=KEY_FILE_LIMIT, what="key file")
    try:
        key = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError) as exc:
        raise DataFileError(path, _("not a signing key ({why})").format(why=exc)) from None
    if not isinstance(key, Ed25519PrivateKey):
        raise DataFileError(path, _("not an Ed25519 signing key"))
    return Identity(key)
