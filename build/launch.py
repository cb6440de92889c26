"""The frozen program's entry point (pyinstaller runs this script, see dragonnoir.spec).

It is `dragonnoir.cli.main`, plus one thing only a Windows binary needs: the executable
is a console program, so that `dragonnoir.exe --selftest` or `validate` print in a
terminal and CI can read them; when it is double-clicked instead, Windows gives it a
console window of its own, which is released at once so the player sees the game alone.
"""

from __future__ import annotations

import os
import sys


def _release_own_console() -> None:
    """On Windows, drop a console that only this process uses (a double-click from
    Explorer); keep a terminal's console shared with the shell that started us."""
    if os.name != "nt" or not getattr(sys, "frozen", False):
        return
    import ctypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
    processes = (ctypes.c_uint32 * 2)()
    if kernel32.GetConsoleProcessList(processes, 2) == 1:
        kernel32.FreeConsole()
        devnull = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (lives as long as the process)
        sys.stdout = sys.stderr = devnull


if __name__ == "__main__":
    _release_own_console()
    from dragonnoir.cli import main

    sys.exit(main())
