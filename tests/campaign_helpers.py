"""Shared pieces of the campaign tests: the shipped campaign, a game ended by hand."""

from __future__ import annotations

from pathlib import Path

from dragonnoir.campaign import CampaignRun, load_campaign
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side, Status

REPO = Path(__file__).resolve().parents[1]
DESCENTE = REPO / "campaigns" / "la-descente.toml"


def start(seed: int = 7) -> CampaignRun:
    return CampaignRun.start(load_campaign(DESCENTE), seed)


def pit_fight(run: CampaignRun) -> Game:
    """The first scenario's game with the hunting pack in the pit, one of its Krobs (the
    hunter_21) killed there: a band fought, its losses counted."""
    pack = run.state.band("hunting-pack")
    assert pack is not None
    pack.cave = "fosse"
    game = run.new_game()
    game.state.units["hunter_21"].status = Status.KILLED
    return game


def end(game: Game, winner: Side | None, reason: str = "by hand", **details: object) -> None:
    """End `game` now as the engine does (`state.winner`, `scratch["result"]`)."""
    game.state.scratch["game_over"] = True
    game.state.winner = winner
    game.state.scratch["result"] = {
        "winner": None if winner is None else winner.value,
        "reason": reason,
        "turn": game.state.turn,
        **details,
    }
