"""`plain_copy` (the undo points', decisions' and agents' views' copy of bookkeeping):
the same value as `copy.deepcopy`, sharing nothing mutable with the original."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from dragonnoir.engine.plain import plain_copy

_ATOMS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
_PLAIN = st.recursive(
    _ATOMS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=5), inner, max_size=4)
        | st.tuples(inner, inner)
    ),
    max_leaves=30,
)


def _containers(value: Any) -> list[Any]:
    """Every dict and list inside `value` (itself included)."""
    out: list[Any] = []
    if isinstance(value, dict):
        out.append(value)
        for v in value.values():
            out.extend(_containers(v))
    elif isinstance(value, list | tuple):
        if isinstance(value, list):
            out.append(value)
        for v in value:
            out.extend(_containers(v))
    return out


@given(_PLAIN)
def test_a_plain_copy_equals_deepcopy_and_shares_no_container(value: Any) -> None:
    copied = plain_copy(value)
    assert copied == copy.deepcopy(value)
    assert type(copied) is type(value)
    originals = {id(c) for c in _containers(value)}
    assert not originals & {id(c) for c in _containers(copied)}


def test_changing_the_copy_leaves_the_original() -> None:
    scratch = {"combat": {"attackers": ["warrior_1"], "odds": [3, 1]}, "turn": 2}
    copied = plain_copy(scratch)
    copied["combat"]["attackers"].append("hunter_2")
    copied["combat"]["odds"][0] = 1
    assert scratch == {"combat": {"attackers": ["warrior_1"], "odds": [3, 1]}, "turn": 2}


def test_what_is_not_plain_is_deep_copied_all_the_same() -> None:
    class Box:
        def __init__(self) -> None:
            self.inside = [1, 2]

    original = {"box": Box()}
    copied = plain_copy(original)
    assert copied["box"] is not original["box"]
    assert copied["box"].inside == [1, 2] and copied["box"].inside is not original["box"].inside
