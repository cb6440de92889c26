"""Reading the game's TOML data files into pydantic models, with errors a person can act on.

Every rules file (terrain, combat, infiltration, jump, the roster) goes through
`load_toml_model`: a missing file, broken TOML or a value pydantic refuses becomes one
`DataFileError` naming the file and the field (`field adventurers[12] (id 'zed').movement`),
the reason in the player's language (`pydantic_words`).

Validators that check references inside a file (an unknown result code in a table row, say)
raise `FieldError` with the location relative to the model they validate, so the message
points at the exact entry instead of at the whole table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from dragonnoir import safe_read
from dragonnoir.errors import DataFileError
from dragonnoir.pydantic_words import validation_reason
from dragonnoir.safe_read import ANY_TOML, RULES, Limits

M = TypeVar("M", bound=BaseModel)

#: Keys whose value names a list entry in messages: `[3] (id 'water')`, `[0] (die 1)`.
LABEL_KEYS = ("id", "code", "die")


class FieldError(ValueError):
    """A validator's complaint about one place below the model it validates.

    `loc` is relative to that model, in pydantic's style: `("rows", 3, "results", 2)`.
    """

    def __init__(self, loc: tuple[int | str, ...], message: str) -> None:
        super().__init__(message)
        self.loc = loc
        self.message = message


def read_toml(path: Path, limits: Limits = ANY_TOML) -> dict[str, Any]:
    """Parse a TOML file through the safe reader (`safe_read.read_toml`: a regular file
    of bounded size, UTF-8, bounded nesting and numbers, held to `limits`); any fault is
    a `DataFileError`. The default bounds only the size: for telling what a file is."""
    return safe_read.read_toml(path, limits)


def load_toml_model(path: Path, model: type[M], limits: Limits = RULES) -> M:
    """Read `path`, a document of the kind `limits` describes (default: a rules data
    file, what most models here are), and validate it as `model`; errors name the file
    and the field. The limits are checked before the model is built."""
    raw = read_toml(path, limits)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = tuple(first["loc"])
        message = validation_reason(first)
        cause = (first.get("ctx") or {}).get("error")
        if isinstance(cause, FieldError):
            loc = loc + cause.loc
            message = cause.message
        place = field_path(raw, loc) if loc else None
        raise DataFileError(path, message, place=place) from None


def field_path(raw: object, loc: tuple[int | str, ...]) -> str:
    """Turn a pydantic location into words a person can find in the file.

    List entries are labelled by their `id` (or `code`, or `die`) when they have one:
    `field terrain[3] (id 'water').move_cost`.
    """
    parts: list[str] = []
    node = raw
    for key in loc:
        if isinstance(key, int) and isinstance(node, list):
            item = node[key] if 0 <= key < len(node) else None
            label = ""
            if isinstance(item, dict):
                for name in LABEL_KEYS:
                    if item.get(name) is not None:
                        label = f" ({name} {item[name]!r})"
                        break
            parts.append(f"[{key}]{label}")
            node = item
        else:
            parts.append(f".{key}" if parts else str(key))
            node = node.get(str(key)) if isinstance(node, dict) else None
    return "field " + "".join(parts)
