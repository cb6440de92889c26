"""The shape of what an opening puts into the Adventurers' blind game besides the Krob's
counter: his off-map entry and his move in progress (pbem/blind.py `opening_of`).

They come from the other player's file and go into the game's bookkeeping
(`state.scratch`), which the engine reads as it wrote it: a value of another shape (a
`true` where an entry belongs) would crash a rule long after, not refuse the file. So each
is read here against the shapes the engine writes (engine/scenario.py and
engine/rules/offmap.py for the entries, engine/rules/movement/who_moves.py for the move),
and anything else is refused with its field."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from dragonnoir.i18n import _
from dragonnoir.pydantic_words import validation_reason


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class OffMapEntry(_Strict):
    """A character off the map, as the engine records him."""

    state: Literal["deploying", "arriving", "exited", "passage"]
    group: str | None = None
    placed: bool | None = None
    passage: str | None = None
    out: tuple[int, int] | None = None
    at: tuple[int, int] | None = None
    turn: int | None = None
    hidden: bool | None = None


class MoveInProgress(_Strict):
    """The last character to have moved, who may go on with his move."""

    unit: str
    turn: int
    phase: str


def checked_offmap(raw: Any) -> dict[str, Any] | None:
    """The opening's off-map entry as the engine writes one (None: on the map)."""
    return _checked(OffMapEntry, raw, "offmap")


def checked_moving(raw: Any) -> dict[str, Any] | None:
    """The opening's move in progress as the engine writes one (None: none)."""
    return _checked(MoveInProgress, raw, "moving")


def _checked(model: type[_Strict], raw: Any, name: str) -> dict[str, Any] | None:
    if raw is None:
        return None
    try:
        fields = model.model_validate(raw, strict=True).model_dump(exclude_unset=True)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in (name, *error["loc"]))
        why = validation_reason(error)
        raise ValueError(_("field {name}: {why}").format(name=where, why=why)) from None
    # Back to the JSON the engine keeps (lists, not tuples), as the full game holds it.
    return {k: list(v) if isinstance(v, tuple) else v for k, v in fields.items()}
