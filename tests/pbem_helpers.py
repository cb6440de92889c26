"""Two players of a game by files on one computer (tests/pbem/): each side its own key
and its own records folder. A module of its own name, not the folder's conftest: test
modules of other folders import a `conftest` of their own."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side
from dragonnoir.engine.tables import RulesData
from dragonnoir.pbem import coins
from dragonnoir.pbem.canonical import canonical_bytes
from dragonnoir.pbem.chain import other, replay
from dragonnoir.pbem.commands import agent_chooser
from dragonnoir.pbem.keys import Identity
from dragonnoir.pbem.orders import Orders
from dragonnoir.pbem.records import load_record
from dragonnoir.pbem.session import Session
from dragonnoir.pbem.turnfile import TurnFile, read_turn_file
from dragonnoir.pbem.turns import start_game, take_turn

REPO = Path(__file__).resolve().parents[1]


def seed_secrets(patch: pytest.MonkeyPatch, seed: int = 42) -> None:
    """The secrets and game ids from a seeded generator instead of the system's, so a
    test plays the same games every run."""
    rng = random.Random(seed)
    patch.setattr(coins, "new_secret", lambda: rng.randbytes(32).hex())
    patch.setattr(coins, "new_game_id", lambda: rng.randbytes(16).hex())


@dataclass
class Player:
    side: Side
    identity: Identity
    records: Path
    agent: str = "random"
    orders: Orders = field(default_factory=Orders)

    def play(self, turn: TurnFile, src: Path, rules: RulesData, out: Path) -> TurnFile:
        chooser = agent_chooser(self.agent, turn.game)
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
        start_game(
            game_scenario,
            creator,
            p.identity,
            self.rules,
            out,
            p.orders,
            p.records,
        )
        return out

    def next(self, path: Path, side: Side) -> Path:
        turn = read_turn_file(path)
        out = self.folder / f"t{len(turn.links)}.dnturn"
        self.players[side].play(turn, path, self.rules, out)
        return out

    def play_to_the_end(self, scenario: str, creator: Side, limit: int = 200) -> list[Path]:
        """The files of a whole game, each side playing in turn."""
        files = [self.start(scenario, creator)]
        side = other(creator)
        for _ in range(limit):
            walk = replay(read_turn_file(files[-1]), files[-1], self.rules)
            if walk.next_side() is None:
                return files
            assert walk.next_side() is side
            files.append(self.next(files[-1], side))
            side = other(side)
        raise AssertionError(f"{scenario}: not over after {limit} files")


#: Le Pont's Krobs deployed in secret.
HIDDEN = {"killer_2", "warrior_06", "warrior_07", "hunter_06", "hunter_07"}


def opened_in(link: dict[str, Any]) -> set[str]:
    """The hidden Krobs a link opens (before an action, or in its cut)."""
    opens = [a["open"] for a in link["actions"] if "open" in a]
    opens += link.get("cut", {}).get("open", [])
    return {o["unit"]["id"] for o in opens}


def check_no_hidden_id(links: list[dict[str, Any]], hidden: set[str]) -> None:
    """No link names a hidden Krob before it opens him (his id is nowhere in its bytes:
    not in an action, not in what it says), the end audit apart."""
    kept = set(hidden)
    for link in links:
        kept -= opened_in(link)
        if "audit" in link:
            continue
        said = canonical_bytes(link).decode("utf-8")
        assert not [uid for uid in kept if uid in said], link["n"]


def check_kept_hidden(table: Table, files: list[Path], hidden: set[str]) -> None:
    """A whole game by files kept its hidden Krobs hidden: no link names one before it
    opens him, the Adventurers' computer holds no opening, and the last link is the Krob
    player's end audit, which the Adventurers' program replays in full."""
    links = read_turn_file(files[-1]).links
    check_no_hidden_id(links, hidden)
    assert "audit" in links[-1] and links[-1]["side"] == "krobs"
    sealed = [a for link in links for a in link["actions"] if "sealed" in a]
    game_id = read_turn_file(files[-1]).game
    adventurers = load_record(game_id, table.players[Side.ADVENTURERS].records)
    krobs = load_record(game_id, table.players[Side.KROBS].records)
    assert adventurers is not None and adventurers.openings is None
    assert krobs is not None and len(krobs.openings or {}) == len(sealed)
    walk = replay(read_turn_file(files[-1]), files[-1], table.rules)
    assert walk.game is not None and walk.game.over and walk.next_side() is None


def play_by_hand(session: Session, seed: int = 7) -> None:
    """This side's link as a person plays it: one legal action at a time (here drawn at
    random), the other side's standing orders answering its decisions."""
    rng = random.Random(seed)
    game = session.game
    assert game is not None and session.side is not None
    for _ in range(2000):
        if session.link_over():
            return
        answer = session.answer()
        if answer is not None:
            game.apply(answer)
            continue
        assert game.to_act() is session.side
        game.apply(rng.choice(game.legal_actions(session.side)))
    raise AssertionError("the link never ended")
