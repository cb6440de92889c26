"""The digests that tell one set of rules data from another: a file's by its values, a
set's by its files' (engine/rules_record.py says what a save does with them).

Apart from the save's record so that the rules data (`tables.RulesData`) can give its
own digests without importing the record, which loads rules data.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dragonnoir.safe_read import parse_toml, read_text

if TYPE_CHECKING:
    from dragonnoir.engine.tables import RulesData


def values_digest(text: str) -> str:
    """The SHA-256 of a TOML text's values: the parsed document as canonical JSON (keys
    sorted), so comments, spacing and key order do not count. A text that is not TOML
    (it could not have been loaded) is digested as it stands."""
    try:
        values: Any = parse_toml(text)
    except ValueError:
        values = text
    canonical = json.dumps(
        values, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=_plain
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _plain(value: object) -> str:
    """TOML dates and times, as JSON cannot hold them."""
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not a TOML value")


def file_digests(rules: RulesData) -> dict[str, str]:
    """Each rules file's name -> its `values_digest`: a player's file from the text read
    when the rules were loaded, a shipped one from this installation's file."""
    out: dict[str, str] = {}
    for name in sorted(rules.sources):
        text = rules.own_texts.get(name)
        if text is None:
            text = read_text(rules.sources[name])
        out[name] = values_digest(text)
    return out


def fingerprint(digests: Mapping[str, str]) -> str:
    """One digest for a set of rules files (their names and value digests)."""
    lines = "".join(f"{name} {digest}\n" for name, digest in sorted(digests.items()))
    return hashlib.sha256(lines.encode("utf-8")).hexdigest()
