"""Import the build scripts of build/ (not a package) for the tests."""

from __future__ import annotations

import sys
from pathlib import Path

BUILD_DIR = Path(__file__).resolve().parents[2] / "build"
if str(BUILD_DIR) not in sys.path:
    sys.path.insert(0, str(BUILD_DIR))

import bundle  # noqa: E402
import notices  # noqa: E402

__all__ = ["BUILD_DIR", "bundle", "notices"]
