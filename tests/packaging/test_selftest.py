"""`dragonnoir --selftest` from the source tree: every check passes, one line each."""

from __future__ import annotations

import pytest

from dragonnoir.cli import main


def test_selftest_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--selftest"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[-1] == "selftest: all checks passed"
    for name in ("rules data", "boards", "layouts", "scenarios", "game screen",
                 "random actions", "save and reload", "export", "sound"):  # fmt: skip
        assert any(line.startswith(f"ok   {name}: ") for line in lines), name


def test_selftest_reports_a_failure(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from dragonnoir import selftest

    monkeypatch.setattr(selftest, "SCENARIO", "no-such-scenario")
    assert main(["--selftest"]) == 1
    out = capsys.readouterr().out
    assert "FAIL game screen: ResourceError: no-such-scenario: no such file" in out
    assert out.splitlines()[-1] == "selftest: 3 checks failed"


def test_selftest_speaks_french(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under French every line is French: the checks' names, their details, the verdict."""
    from dragonnoir import selftest

    monkeypatch.setattr(selftest, "SCENARIO", "no-such-scenario")
    assert main(["--lang", "fr", "--selftest"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("dragonnoir ") and ": fichiers dans " in lines[0]
    assert any(line.startswith("ok   plateaux : fosse, ") for line in lines)
    assert any(line.startswith("ÉCHEC écran de jeu : ResourceError : ") for line in lines)
    assert lines[-1] == "autotest : 3 vérifications ont échoué"
