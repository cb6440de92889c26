"""The pyinstaller build on this system (issue 15, "The build"): build/build.py makes
dist/dragonnoir/, the built program passes its --selftest from another folder, and the
licence files sit beside it.

Slow (~40 s on 2 cores; `pytest -m slow`); skipped without pyinstaller
(`pip install -e '.[build]'`, which .ci/run does). It replaces dist/dragonnoir/.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

import pytest
from build_modules import BUILD_DIR, bundle, notices

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        importlib.util.find_spec("PyInstaller") is None,
        reason="pyinstaller is not installed (pip install -e '.[build]')",
    ),
]


def test_the_built_binary_passes_its_selftest() -> None:
    result = subprocess.run(
        [sys.executable, str(BUILD_DIR / "build.py"), "--selftest"],
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "selftest: all checks passed" in result.stdout
    assert "(frozen): files in " in result.stdout
    folder = bundle.DIST_DIR / bundle.APP_NAME
    text = (folder / bundle.NOTICES_FILE).read_text(encoding="utf-8")
    assert "licence not recorded" not in text
    assert "SDL (Simple DirectMedia Layer) 2" in text
    assert (
        (folder / bundle.LICENSE_FILE)
        .read_text(encoding="utf-8")
        .startswith("                    GNU GENERAL PUBLIC LICENSE")
    )
    bundled = [p.name for p in folder.rglob("*")]
    assert not [n for n in bundled if bundle.EXCLUDED_LIBRARIES.search(n)]
    assert not [n for n in bundled if bundle.EXCLUDED_FONTS.search(n)]
    assert notices.unknown_libraries(bundled) == []
