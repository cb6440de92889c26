"""Carry the top-level game content into installed copies.

The boards (`maps/`), layouts, scenarios and art (`assets/`) stay at the top of the
repository, where they are edited and documented; a wheel copies them into the package
as `dragonnoir/_content/`, where `dragonnoir/resources.py` finds them. An editable
install needs no copy: `resources.py` reads the checkout's folders directly. All other
metadata is in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
#: Must match dragonnoir/resources.py's CONTENT_FOLDERS and CONTENT_DIR.
CONTENT_FOLDERS = ("maps", "layouts", "scenarios", "campaigns", "assets")
CONTENT_DIR = "_content"


class BuildPyWithContent(build_py):
    """build_py, then copy the content folders into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "dragonnoir" / CONTENT_DIR
        for name in CONTENT_FOLDERS:
            src = ROOT / name
            if not src.is_dir():
                raise SystemExit(f"setup.py: the content folder {src} is missing")
            shutil.copytree(src, target / name, dirs_exist_ok=True)


# setuptools' scratch folders go under build/work/ (ignored by git): build/ itself holds
# the pyinstaller build's sources.
setup(
    cmdclass={"build_py": BuildPyWithContent},
    options={"build": {"build_base": "build/work/setuptools"}},
)
