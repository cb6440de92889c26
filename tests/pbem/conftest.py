"""Two players on one computer: each side its own key and its own records folder."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side
from dragonnoir.engine.tables import RulesData, default_rules_data
from dragonnoir.pbem import coins
from dragonnoir.pbem.commands import agent_chooser
from dragonnoir.pbem.keys import Identity
from dragonnoir.pbem.orders import Orders
from dragonnoir.pbem.turnfile import TurnFile, read_turn_file
from dragonnoir.pbem.turns import start_game, take_turn

REPO = Path(__file__).resolve().parents[2]


@dataclass
class Player:
    side: Side
    identity: Identity
    records: Path
    agent: str = "random"
    orders: Orders = field(default_factory=Orders)

    def play(self, turn: TurnFile, src: Path, rules: RulesData, out: Path) -> TurnFile:
        chooser = agent_chooser(self.agent, self.side, turn.game)
        new, _walk = take_turn(
            turn, src, self.identity, rules, chooser, out, self.orders, self.records
        )
        return new


@dataclass
class Table:
    """A game by files between two players, each file written to `folder`."""

    folder: Path
    players: dict[Side, Player]
    rules: RulesData

    def start(self, scenario: str, creator: Side = Side.ADVENTURERS) -> Path:
        game_scenario = load_scenario(REPO / "scenarios" / f"{scenario}.toml", self.rules)
        p = self.players[creator]
        out = self.folder / "t0.dnturn"
        start_game(game_scenario, creator, p.identity, self.rules, out, p.orders, p.records)
        return out

    def next(self, path: Path, side: Side) -> Path:
        turn = read_turn_file(path)
        out = self.folder / f"t{len(turn.links)}.dnturn"
        self.players[side].play(turn, path, self.rules, out)
        return out


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """The secrets and game ids come from the system's generator in play; here from a
    seeded one, so each test plays the same games every run."""
    rng = random.Random(42)
    monkeypatch.setattr(coins, "new_secret", lambda: rng.randbytes(32).hex())
    monkeypatch.setattr(coins, "new_game_id", lambda: rng.randbytes(16).hex())


@pytest.fixture
def table(tmp_path: Path) -> Table:
    players = {side: Player(side, Identity.fresh(), tmp_path / side.value) for side in Side}
    return Table(tmp_path, players, default_rules_data())
