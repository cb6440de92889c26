"""The map editor's model: documents (a board, a layout), the edits made to them, the
undo history, live rule-aware validation and the files they are saved to.

Pure Python like `hexmap` (never pygame): the client's editor screens (`ui/editor_*.py`)
only turn clicks into edits and draw what these documents hold, so everything a designer
can do is testable without a window. See docs/editor.md.
"""
