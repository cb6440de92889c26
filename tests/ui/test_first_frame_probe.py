"""DRAGONNOIR_FIRST_FRAME=exit: the client draws its first main-menu frame, says so on
stdout and quits (benchmarks/startup.py times launch -> that line)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragonnoir.ui.app import FIRST_FRAME_ENV
from dragonnoir.ui.screens import run_app


def test_the_probe_quits_after_the_first_frame(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(FIRST_FRAME_ENV, "exit")
    assert run_app() == 0
    assert capsys.readouterr().out == "dragonnoir: first frame drawn\n"
