"""The frozen program's entry point (pyinstaller runs this script, see dragonnoir.spec):
`dragonnoir.cli.main`, as the `dragonnoir` console script and `python -m dragonnoir` are.

The executable is a console program on Windows too, so that `dragonnoir.exe --selftest`,
`validate` or `export` print in a terminal and CI can read them. When the game is
double-clicked instead, Windows gives it a console window of its own; the spec's
`hide_console="hide-early"` makes pyinstaller's bootloader hide that window at once (it
leaves a terminal's console alone), in the one-folder and the one-file builds alike.
"""

from __future__ import annotations

import sys

from dragonnoir.cli import main

if __name__ == "__main__":
    sys.exit(main())
