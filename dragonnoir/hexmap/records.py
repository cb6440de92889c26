"""Plain value classes for the TMX model and the hex grid, without `dataclasses`.

Why not `@dataclass`: it writes each class's `__init__`, `__repr__`, `__eq__`... as
source text and compiles it with `exec` at every import (about 0.5-1 ms a class), and
`import dataclasses` itself imports `inspect` (with `ast`, `dis`, `tokenize`): together
about 20 ms of a whole `dragonnoir render` of a plain Tiled map, the command issue 16
compares with Tiled's own `tmxrasterizer`, where every millisecond of start-up counts.
A class written out by hand is compiled once into the bytecode cache.

So the classes of `tmxmodel` and `tiled.HexGrid` write their `__init__` by hand (as
fast to call as a dataclass's, checked by mypy), one parameter a field, each field a
slot (checked when the class is made), and take from these bases: equality (same class
and equal fields, as a dataclass's), `repr`, `replace` (as `dataclasses.replace`),
copying and pickling, and for `FrozenRecord` immutability and a hash. The fields are
in `__init__`'s order.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self


class Record:
    """A mutable record: equal when of the same class with equal fields; unhashable."""

    __slots__ = ()
    #: The fields (the class's `__slots__`) in `__init__`'s order.
    _fields: ClassVar[tuple[str, ...]] = ()
    #: The fields equality looks at (all of them unless `_uncompared` names some).
    _compared: ClassVar[tuple[str, ...]] = ()
    #: Fields left out of equality (as `field(compare=False)`).
    _uncompared: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        slots = cls.__dict__.get("__slots__", ())
        slots = (slots,) if isinstance(slots, str) else tuple(slots)
        if not slots:
            return  # an abstract base, as FrozenRecord
        code = cls.__init__.__code__
        params = code.co_varnames[1 : code.co_argcount]
        if set(params) != set(slots):
            raise TypeError(f"{cls.__name__}.__init__ takes {params}, not its fields {slots}")
        cls._fields = params
        cls._compared = tuple(f for f in params if f not in cls._uncompared)

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in self._compared)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]  # mutable: unhashable, as a dataclass

    def __repr__(self) -> str:
        fields = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields)
        return f"{self.__class__.__qualname__}({fields})"

    def replace(self, **changes: Any) -> Self:
        """A copy with `changes` (field name: new value), as `dataclasses.replace`."""
        unknown = changes.keys() - set(self._fields)
        if unknown:
            raise TypeError(f"{self.__class__.__name__} has no field {sorted(unknown)[0]!r}")
        values = {f: changes[f] if f in changes else getattr(self, f) for f in self._fields}
        return self.__class__(**values)

    def __reduce__(self) -> tuple[type[Self], tuple[Any, ...]]:
        # copy, deepcopy and pickle: the class called with the fields in order.
        return (self.__class__, tuple(getattr(self, f) for f in self._fields))


class FrozenRecord(Record):
    """An immutable, hashable record; its `__init__` sets fields with `object.__setattr__`."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r} of a {self.__class__.__name__}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r} of a {self.__class__.__name__}")

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(self._values())
