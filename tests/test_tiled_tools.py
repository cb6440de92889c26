"""`dragonnoir.tiled_tools` says clearly when a Tiled tool is missing or fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragonnoir import tiled_tools
from dragonnoir.tiled_tools import TiledToolError


def test_a_missing_tool_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(tiled_tools.shutil, "which", lambda name: None)
    assert not tiled_tools.have_tiled() and not tiled_tools.have_rasterizer()
    with pytest.raises(TiledToolError, match="tmxrasterizer is not installed"):
        tiled_tools.rasterize(tmp_path / "a.tmx", tmp_path / "a.png")
    with pytest.raises(TiledToolError, match="tiled is not installed"):
        tiled_tools.export_map(tmp_path / "a.tmx", tmp_path / "b.tmx")


@pytest.mark.tiled
@pytest.mark.skipif(not tiled_tools.have_tiled(), reason="Tiled is not installed")
def test_a_failed_export_says_what_tiled_said(tmp_path: Path) -> None:
    with pytest.raises(TiledToolError) as info:
        tiled_tools.export_map(tmp_path / "missing.tmx", tmp_path / "out.tmx")
    message = str(info.value)
    assert "--export-map" in message and "exit status" in message and "\n" not in message
