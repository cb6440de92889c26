"""Play by e-mail's tests: seeded secrets, and a table of two players (pbem_helpers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pbem_helpers import Player, Table, seed_secrets

from dragonnoir.engine.state import Side
from dragonnoir.engine.tables import default_rules_data
from dragonnoir.pbem.keys import Identity


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """The secrets and game ids come from the system's generator in play; here from a
    seeded one, so each test plays the same games every run."""
    seed_secrets(monkeypatch)


@pytest.fixture
def table(tmp_path: Path) -> Table:
    players = {side: Player(side, Identity.fresh(), tmp_path / side.value) for side in Side}
    return Table(tmp_path, players, default_rules_data())
