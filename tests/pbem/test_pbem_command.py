"""`dragonnoir pbem new | autoplay | verify`: one line each, exit 0 or 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragonnoir.cli import main
from dragonnoir.ui.storage import HOME_ENV


def run(args: list[str], home: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setenv(HOME_ENV, str(home))
    return main(args)


def test_two_players_exchange_files_and_verify_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    a, k = tmp_path / "adventurers", tmp_path / "krobs"
    t = [tmp_path / f"t{i}.dnturn" for i in range(4)]
    assert (
        run(
            ["pbem", "new", "la-fosse", "--side", "adventurers", "--out", str(t[0])], a, monkeypatch
        )
        == 0
    )
    assert run(["pbem", "autoplay", str(t[0]), "--out", str(t[1])], k, monkeypatch) == 0
    assert (
        run(
            ["pbem", "autoplay", str(t[1]), "--agent", "ai:easy", "--out", str(t[2])],
            a,
            monkeypatch,
        )
        == 0
    )
    capsys.readouterr()
    assert run(["pbem", "verify", str(t[2]), "--previous", str(t[1])], k, monkeypatch) == 0
    said = capsys.readouterr().out.strip()
    assert said.startswith("ok: La Fosse") and "the Krobs to play" in said
    assert said.count("\n") == 0
    # the Adventurers cannot play the Krobs' file; a file does not follow a later one
    assert run(["pbem", "autoplay", str(t[2]), "--out", str(t[3])], a, monkeypatch) == 1
    assert run(["pbem", "verify", str(t[1]), "--previous", str(t[2])], k, monkeypatch) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 1 and "turn of the Krobs" in err and "missing" in err
    assert not t[3].exists()


def test_a_broken_file_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.dnturn"
    broken.write_text('{"format": "dragonnoir-turn"', encoding="utf-8")
    assert run(["pbem", "verify", str(broken)], tmp_path, monkeypatch) == 1
    err = capsys.readouterr().err.strip()
    assert "broken.dnturn" in err and err.count("\n") == 0
