"""Deep copies of plain bookkeeping values (dicts, lists, tuples of text, numbers,
booleans and None): the state's scratch, a decision's data, the copies an agent's view
and an undo point take.

`copy.deepcopy` handles any object and keeps a memo of what it copied, which makes it
several times slower on these small JSON-like trees; a state is copied at every action
(its undo point) and at every decision an agent makes (its view), so the difference is
a measurable part of a turn with sixty Krobs (issue 44, "In time")."""

from __future__ import annotations

import copy
from typing import Any

#: The plain values `plain_copy` keeps as they are, by exact type (the common case looked
#: up first; their subclasses are kept too, found by `isinstance`).
_ATOMS = frozenset({str, int, float, bool, type(None)})


def plain_copy(value: Any) -> Any:
    """A deep copy of `value`, JSON-like bookkeeping; anything else inside it goes to
    `copy.deepcopy`. Plain values in a dict or list are taken without a call."""
    kind = type(value)
    if kind is dict:
        atoms = _ATOMS
        return {k: v if type(v) in atoms else plain_copy(v) for k, v in value.items()}
    if kind is list:
        atoms = _ATOMS
        return [v if type(v) in atoms else plain_copy(v) for v in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, dict):
        return {k: plain_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain_copy(v) for v in value]
    if isinstance(value, tuple):
        return tuple(plain_copy(v) for v in value)
    return copy.deepcopy(value)
