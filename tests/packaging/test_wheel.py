"""A wheel carries the whole game (issue 15, "Resources from anywhere"): build it,
install it (not editable) into a fresh venv, and from another folder play the self-test,
name bundled items by id, export a layout whose tilesets resolve.

Slow (a wheel build and a venv with pygame-ce, pydantic...: ~20 s): `pytest -m slow`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dragonnoir.hexmap.tmx import read_tmx

REPO = Path(__file__).resolve().parents[2]
#: The shipped scenarios' ids as the "unknown id" message lists them.
SHIPPED_IDS = ", ".join(sorted(p.stem for p in (REPO / "scenarios").glob("*.toml")))
pytestmark = pytest.mark.slow


def _bin(venv: Path, name: str) -> Path:
    folder = venv / ("Scripts" if os.name == "nt" else "bin")
    return folder / (name + (".exe" if os.name == "nt" else ""))


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv holding the wheel built from this checkout; returns its folder."""
    tmp = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp), str(REPO)],
        check=True,
    )
    (wheel,) = tmp.glob("dragonnoir-*.whl")
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([_bin(venv, "python"), "-m", "pip", "install", "-q", str(wheel)], check=True)
    return venv


def _run(venv: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "DRAGONNOIR_HOME": str(cwd / "home"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    env.pop("PYTHONPATH", None)
    return subprocess.run(
        [str(_bin(venv, "dragonnoir")), *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_installed_copy_passes_its_selftest(installed: Path, tmp_path: Path) -> None:
    result = _run(installed, tmp_path, "--selftest")
    assert result.returncode == 0, result.stdout + result.stderr
    first = result.stdout.splitlines()[0]
    assert "site-packages" in first and "_content" in first  # not this checkout
    assert result.stdout.splitlines()[-1] == "selftest: all checks passed"


def test_export_by_id_gives_a_map_whose_tilesets_resolve(installed: Path, tmp_path: Path) -> None:
    result = _run(installed, tmp_path, "export", "six-boards", "-o", "six.tmx")
    assert result.returncode == 0, result.stderr
    tmx = read_tmx(tmp_path / "six.tmx")
    assert {ts.name for ts in tmx.tilesets} == {"terrain", "levels", "features"}
    for ts in tmx.tilesets:
        assert ts.source_path is not None
        assert ts.source_path.parent == tmp_path / "tilesets"
        assert ts.image is not None and ts.image.path is not None
        assert ts.image.path.is_file()


def test_ids_and_errors_from_another_folder(installed: Path, tmp_path: Path) -> None:
    ok = _run(installed, tmp_path, "validate", "six-boards", "fosse")
    assert ok.returncode == 0, ok.stderr
    assert "layout 'Les six cavernes'" in ok.stdout
    unknown = _run(installed, tmp_path, "play", "la-fose")
    assert unknown.returncode == 1
    assert f"no scenario of that id (scenarios: {SHIPPED_IDS})" in unknown.stderr
    bench = _run(installed, tmp_path, "bench")
    assert bench.returncode == 1
    assert "developer command" in bench.stderr
    assert "Traceback" not in unknown.stderr + bench.stderr
