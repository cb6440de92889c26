"""What play by e-mail asks of the desktop: copy a file's path, open its folder.

Both are favours, never needed: the screen always says the path in words too, so a
system without a clipboard (a headless test, a bare window manager) or without a file
manager loses nothing but a click.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame


def copy_text(text: str) -> bool:
    """Put `text` on the system's clipboard; False when there is none to put it on."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put_text(text)
    except (pygame.error, RuntimeError, AttributeError):
        return False
    return True


def open_folder(folder: Path) -> bool:
    """Show `folder` in the system's file manager; False when it cannot be opened."""
    try:
        if sys.platform == "win32":
            os.startfile(folder)  # type: ignore[attr-defined]
        elif sys.platform == "darwin":
            subprocess.Popen(["open", str(folder)])
        else:
            subprocess.Popen(["xdg-open", str(folder)])
    except OSError:
        return False
    return True
