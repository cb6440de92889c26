"""The one way a turn file is written: sorted keys, one space of indent, UTF-8.

A turn file must be refused after any change of a byte (issue 42 §2). Signatures cover
what a file says, not how it is spaced, so the reader also requires the bytes to be the
canonical writing of what they say: a re-indented or re-spaced file is refused too.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_bytes(value: Any) -> bytes:
    """`value` as JSON in the canonical form (sorted keys, indent 1, no ASCII escapes)."""
    text = json.dumps(value, sort_keys=True, indent=1, ensure_ascii=False, allow_nan=False)
    return (text + "\n").encode("utf-8")


def digest(value: Any) -> str:
    """The SHA-256 of `value`'s canonical bytes, in hex."""
    return hashlib.sha256(canonical_bytes(value)).hexdigest()
