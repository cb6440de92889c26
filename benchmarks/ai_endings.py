"""How each game of one pairing ends: for reading the AI's games, not for figures.

Run: `python -m benchmarks.ai_endings SCENARIO [--krobs AGENT] [--adventurers AGENT]
[--seed S] [--games N] [--jobs J]` (agents as for `dragonnoir simulate`: random, ai,
ai:easy, ai:normal, ai:hard). One line per game, seed by seed: the winner, the game
turn it ended on, the victory's reason, then who died and who got out, each with his
game turn ("Warrior 8 +3": killed in turn 3; "Elf Archer 2 >4@(22,18)": left the map
in turn 4 by that hex). Then how many games each reason ended.

The win counts alone say how often a side loses, not how: the Guard falling in turn 4
to fireballs and the Guard falling in turn 9 to a charge are two faults. Reading which
characters died when, game after game, is how session 20 found why hard's party lost
le-pont (Godiva going with the party into the ambush) and session 21 how hard's Krobs
lose le-nid (benchmarks/README.md).
"""

from __future__ import annotations

import argparse
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass


@dataclass(frozen=True)
class Ending:
    """How one game ended."""

    seed: int
    winner: str
    turn: int
    reason: str
    #: Who died and who left the map, in the order it happened, as players read it.
    fates: tuple[str, ...]

    def line(self) -> str:
        fates = ", ".join(self.fates) or "nobody died or left"
        return f"{self.seed} {self.winner} turn {self.turn} | {self.reason} | {fates}"


def ending(scenario: str, seed: int, krobs: str, adventurers: str) -> Ending:
    """Play one game of `scenario` with `seed` and tell how it ended."""
    from dragonnoir.ai.behaviours import display
    from dragonnoir.ai.runner import play_game
    from dragonnoir.ai.simulate import games_of
    from dragonnoir.engine.events import TurnBegan, UnitKilled, UnitLeftMap
    from dragonnoir.engine.game import Game
    from dragonnoir.engine.state import Side
    from dragonnoir.resources import find

    held: list[Game] = []

    def keep(game: Game, *_: object) -> None:
        if not held:
            held.append(game)

    make = games_of(str(find("scenarios", scenario)))
    agents = {Side.KROBS: krobs, Side.ADVENTURERS: adventurers}
    record = play_game(make, seed, agents, on_action=keep)
    fates: list[str] = []
    if held:
        game = held[0]
        turn = 0
        for event in game.log:
            if isinstance(event, TurnBegan):
                turn = event.turn
            elif isinstance(event, UnitKilled):
                fates.append(f"{display(game, event.unit)} +{turn}")
            elif isinstance(event, UnitLeftMap):
                fates.append(f"{display(game, event.unit)} >{turn}@{game.where(event.at)}")
    return Ending(seed, record.winner or "nobody", record.turns, record.reason, tuple(fates))


def _one(job: tuple[str, int, str, str]) -> Ending:
    return ending(*job)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenario")
    parser.add_argument("--krobs", default="ai")
    parser.add_argument("--adventurers", default="ai")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    jobs = [
        (args.scenario, seed, args.krobs, args.adventurers)
        for seed in range(args.seed, args.seed + args.games)
    ]
    reasons: Counter[str] = Counter()
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        for e in pool.map(_one, jobs) if pool else map(_one, jobs):
            print(e.line(), flush=True)
            reasons[f"{e.winner}: {e.reason}"] += 1
    for reason, count in reasons.most_common():
        print(f"{count:4d}  {reason}")


if __name__ == "__main__":
    main()
