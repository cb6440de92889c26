"""The undo/redo history of one document.

Each step keeps the inverse its edit returned (edits.py), so undo applies that inverse
and keeps *its* inverse for redo. A brush stroke is many small edits made while the mouse
is down: `begin()`/`end()` fold them into one step, so one Ctrl+Z takes the whole stroke
back. `saved` remembers which point of the history is on disk, so the editor knows when
there are unsaved changes even after undoing back to the saved state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from dragonnoir.editor.edits import Batch, Edit
from dragonnoir.hexmap.hexes import Hex

D = TypeVar("D")

#: Steps kept; older ones are forgotten (a long painting session stays bounded).
MAX_STEPS = 500


@dataclass
class _Step(Generic[D]):
    label: str
    inverse: Edit[D]
    serial: int


@dataclass
class History(Generic[D]):
    """Undo and redo for `doc`. Apply every edit through `do`, never directly."""

    doc: D
    undo_steps: list[_Step[D]] = field(default_factory=list)
    redo_steps: list[_Step[D]] = field(default_factory=list)
    _group: list[Edit[D]] | None = None
    _group_label: str = ""
    _serial: int = 0
    #: The serial of the state that was saved (0: the state the history started from).
    _saved_serial: int | None = 0
    _current: int = 0

    # -- doing -------------------------------------------------------------------------

    def do(self, edit: Edit[D]) -> Edit[D]:
        """Apply `edit` to the document and record it; returns its inverse. Raises the
        edit's `EditError` (nothing recorded) when it does not fit."""
        inverse = edit.apply(self.doc)
        if self._group is not None:
            self._group.append(inverse)
        else:
            self._push(edit.label, inverse)
        return inverse

    def begin(self, label: str) -> None:
        """Start folding the following edits into one step (a brush stroke)."""
        self.end()
        self._group = []
        self._group_label = label

    def end(self) -> bool:
        """Close the open group; True when it recorded a step (it had edits)."""
        group, self._group = self._group, None
        if not group:
            return False
        self._push(self._group_label, Batch(tuple(reversed(group)), self._group_label))
        return True

    @property
    def grouping(self) -> bool:
        return self._group is not None

    def _push(self, label: str, inverse: Edit[D]) -> None:
        self._serial += 1
        self._current = self._serial
        self.undo_steps.append(_Step(label, inverse, self._serial))
        if len(self.undo_steps) > MAX_STEPS:
            del self.undo_steps[0]
        self.redo_steps.clear()

    # -- undoing -------------------------------------------------------------------------

    def can_undo(self) -> bool:
        return bool(self.undo_steps)

    def can_redo(self) -> bool:
        return bool(self.redo_steps)

    def undo_label(self) -> str | None:
        return self.undo_steps[-1].label if self.undo_steps else None

    def redo_label(self) -> str | None:
        return self.redo_steps[-1].label if self.redo_steps else None

    def undo(self) -> frozenset[Hex] | None:
        """Take back the last step; returns the hexes it touched (None: everything).
        Does nothing (returns an empty set) when there is nothing to undo."""
        self.end()
        if not self.undo_steps:
            return frozenset()
        step = self.undo_steps.pop()
        redo = step.inverse.apply(self.doc)
        self.redo_steps.append(_Step(step.label, redo, step.serial))
        self._current = self.undo_steps[-1].serial if self.undo_steps else 0
        return step.inverse.touched()

    def redo(self) -> frozenset[Hex] | None:
        """Do again the last step undone; returns the hexes it touched."""
        self.end()
        if not self.redo_steps:
            return frozenset()
        step = self.redo_steps.pop()
        undo = step.inverse.apply(self.doc)
        self.undo_steps.append(_Step(step.label, undo, step.serial))
        self._current = step.serial
        return step.inverse.touched()

    # -- saving ------------------------------------------------------------------------

    def mark_saved(self) -> None:
        """The document as it is now is what the file holds."""
        self.end()
        self._saved_serial = self._current

    @property
    def modified(self) -> bool:
        """Whether the document differs from the last saved (or opened) state."""
        return bool(self._group) or self._current != self._saved_serial
