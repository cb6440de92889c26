"""`dragonnoir campaign`: a bad file or a missing save is one line and exit 1 before any
window; a good one opens the campaign screen (or the game in progress)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from dragonnoir import cli
from dragonnoir.ui.storage import HOME_ENV


@pytest.fixture
def opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Callable[..., object]]:
    """The scene factories the command would open a window on (no window here)."""
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    seen: list[Callable[..., object]] = []

    def fake_run_app(first: Callable[..., object] | None = None) -> int:
        assert first is not None
        seen.append(first)
        return 0

    monkeypatch.setattr("dragonnoir.ui.screens.run_app", fake_run_app)
    return seen


def test_an_unknown_campaign_is_one_line(
    opened: list[object], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["campaign", "la-descent"]) == 1
    err = capsys.readouterr().err
    assert "la-descent" in err and "la-descente" in err and err.count("\n") == 1
    assert opened == []


def test_resume_without_a_save_is_one_line(
    opened: list[object], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["campaign", "la-descente", "--resume"]) == 1
    err = capsys.readouterr().err
    assert "la-descente.json" in err and "not found" in err
    assert opened == []


def test_a_broken_campaign_save_is_one_line(
    tmp_path: Path, opened: list[object], capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "c.json"
    save.write_text('{"format": "dragonnoir-campaign", "version": 2}', encoding="utf-8")
    assert cli.main(["campaign", str(save)]) == 1
    err = capsys.readouterr().err
    assert str(save) in err and "version 2" in err and err.count("\n") == 1


def test_a_campaign_id_opens_the_campaign(opened: list[object]) -> None:
    assert cli.main(["campaign", "la-descente", "--seed", "5"]) == 0
    assert len(opened) == 1
    assert cli.main(["campaign"]) == 0
    assert len(opened) == 2


def test_validate_sets_up_every_step_of_a_campaign(
    tmp_path: Path, opened: list[object], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["validate", "la-descente"]) == 0
    out = capsys.readouterr().out
    assert "campaign 'la-descente'" in out and "4 scenarios set up with the party" in out
    broken = tmp_path / "broken.toml"
    text = (Path(__file__).resolve().parents[2] / "campaigns" / "la-descente.toml").read_text(
        encoding="utf-8"
    )
    broken.write_text(text.replace('scenario = "le-nid"', 'scenario = "le-ni"'), encoding="utf-8")
    assert cli.main(["validate", str(broken)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("FAIL ") and str(broken) in err and "le-ni" in err
