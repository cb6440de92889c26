"""Edits: every change to a document is a value that, applied, returns its own inverse.

This is how Wesnoth's map editor keeps undo honest (`editor_action::perform` returns the
undo action): there is no separate "undo code" to drift away from the "do code", because
undoing is just applying the inverse the edit itself computed from the document it
changed. `History` (history.py) keeps the inverses; `Batch` groups several edits (one
brush stroke) into one step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from dragonnoir.errors import DragonNoirError
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.i18n import ngettext

D = TypeVar("D")
D_contra = TypeVar("D_contra", contravariant=True)


class EditError(DragonNoirError):
    """An edit that cannot be applied to this document (a hex off the board, a board on
    an occupied grid position...). The document is left unchanged."""


class Edit(Protocol[D]):
    """A change to a document of type D."""

    @property
    def label(self) -> str:
        """What the edit does, for the undo/redo menu ("Paint 7 hexes Cave floor")."""
        ...

    def apply(self, doc: D) -> Edit[D]:
        """Change `doc` and return the edit that changes it back. Raises `EditError`
        (leaving `doc` as it was) when the edit does not fit the document."""
        ...

    def touched(self) -> frozenset[Hex] | None:
        """The hexes (in the document's coordinates) whose look this edit may change, so
        a view redraws only those; None means "everything" (a new board, a new layout)."""
        ...


@dataclass(frozen=True, slots=True)
class Batch(Generic[D]):
    """Several edits applied in order as one step; its inverse undoes them in reverse.

    If one edit fails, those already applied are undone before the error is raised, so a
    batch is all or nothing."""

    edits: tuple[Edit[D], ...]
    name: str = ""

    @property
    def label(self) -> str:
        if self.name:
            return self.name
        n = len(self.edits)
        return self.edits[0].label if n == 1 else ngettext("{n} edit", "{n} edits", n).format(n=n)

    def apply(self, doc: D) -> Batch[D]:
        inverses: list[Edit[D]] = []
        try:
            for edit in self.edits:
                inverses.append(edit.apply(doc))
        except EditError:
            for inverse in reversed(inverses):
                inverse.apply(doc)
            raise
        return Batch(tuple(reversed(inverses)), self.name)

    def touched(self) -> frozenset[Hex] | None:
        out: set[Hex] = set()
        for edit in self.edits:
            hexes = edit.touched()
            if hexes is None:
                return None
            out |= hexes
        return frozenset(out)


def batch(edits: Sequence[Edit[D]], name: str = "") -> Edit[D]:
    """One edit doing `edits` in order: the edit itself when there is only one."""
    if len(edits) == 1 and not name:
        return edits[0]
    return Batch(tuple(edits), name)
