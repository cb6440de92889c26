"""The map editor's autosave: the open documents with unsaved changes written every
`AUTOSAVE_SECONDS` into the user's data folder, offered back by *Recover* next time.

Nothing is lost when the program stops unexpectedly; a document is written again only
when its history changed since its last autosave (its serial: the undo steps' count and
the last one), and a failure is said in the status line, never stops the work.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from dragonnoir.editor import board_doc as bd
from dragonnoir.safe_write import write_text
from dragonnoir.ui import storage
from dragonnoir.ui.editor_modes import AnyMode, BoardMode, LayoutMode
from dragonnoir.ui.editor_scenario import ScenarioMode

AUTOSAVE_SECONDS = 20.0
BOARD_AUTOSAVE = "autosave-board.tmx"
LAYOUT_AUTOSAVE = "autosave-layout.toml"
SCENARIO_AUTOSAVE = "autosave-scenario.toml"


def autosave_dir() -> Path:
    return storage.data_dir() / "editor"


def recent_store() -> Path:
    """The list of files opened lately (editor/recent.py), beside the autosaves."""
    return autosave_dir() / "recent.json"


def recoverable() -> list[Path]:
    """The autosaves there are, board, layout and scenario."""
    folder = autosave_dir()
    names = (BOARD_AUTOSAVE, LAYOUT_AUTOSAVE, SCENARIO_AUTOSAVE)
    return [folder / name for name in names if (folder / name).is_file()]


def clear_autosaves() -> None:
    """Forget the autosaves (and the boards painted on an autosaved layout)."""
    copies = sorted(autosave_dir().glob("autosave-layout-*.tmx"))
    for path in [*recoverable(), *copies]:
        with contextlib.suppress(OSError):
            path.unlink()


class Autosaver:
    """Writes the modes' unsaved documents, each once per change (raises
    `DragonNoirError` when a write fails: the scene says it)."""

    def __init__(self) -> None:
        self.serials: dict[str, object] = {}

    def write(self, board: BoardMode, layout: LayoutMode, scenario: ScenarioMode | None) -> None:
        folder = autosave_dir()  # (the writes make it)
        if board.modified and self._due("board", board):
            bd.BoardDocument(board.doc.board, table=board.doc.table).save(folder / BOARD_AUTOSAVE)
            self.serials["board"] = _serial(board)
        if layout.modified and layout.doc.placements and self._due("layout", layout):
            target = folder / LAYOUT_AUTOSAVE
            # Boards painted on the layout are kept beside it, and it names them.
            copies = {}
            for file in sorted(layout.doc.painted):
                copy = folder / f"autosave-layout-{file.stem}.tmx"
                doc = layout.doc.board_doc(file)
                bd.BoardDocument(doc.board, table=doc.table).save(copy)
                copies[file] = copy
            write_text(target, layout.doc.toml(target, copies))
            self.serials["layout"] = _serial(layout)
        if scenario is not None and scenario.modified and self._due("scenario", scenario):
            target = folder / SCENARIO_AUTOSAVE
            write_text(target, scenario.doc.toml(target))
            self.serials["scenario"] = _serial(scenario)

    def _due(self, key: str, mode: AnyMode) -> bool:
        return self.serials.get(key) != _serial(mode)


def _serial(mode: AnyMode) -> object:
    steps = mode.history.undo_steps
    return (len(steps), id(steps[-1]) if steps else None)
