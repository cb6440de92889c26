"""The Adventurer AI against a passive enemy (issue 44, part 1): figures, not tests.

Run: `python -m benchmarks.ai_passive [--games N] [--seed S] [--levels normal,hard]
[--krobs random] [--save FILE] [SCENARIO ...]` (default: every shipped scenario, 200
games from seed 0, normal and hard). For each scenario and level it plays, with the code
of `dragonnoir simulate` in one process, the Adventurer AI against the random Krobs and
reports its wins, how it lost (the victory's reasons: "turn limit reached" is the party
that did not get its job done in time) and the average turn of its wins.

A party that cannot get its job done in time against an enemy that barely fights back is
the weakness a human finds first, so this is the figure the turn-limit planning is
judged on (aim: 90% or more everywhere). `--save FILE` writes every game's seed, winner,
turn and reason as JSON lines, to read the lost ones with `python -m
benchmarks.ai_endings SCENARIO --krobs random --adventurers ai:LEVEL --seed K --games 1`.

Prints one JSON object per scenario and level as it goes, then a Markdown table for
benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent


def shipped() -> list[str]:
    return sorted(p.stem for p in (REPO_ROOT / "scenarios").glob("*.toml"))


def measure(scenario: str, level: str, games: int, seed: int, krobs: str) -> dict[str, Any]:
    """The party of `level` against `krobs` on `scenario`: wins, losses by reason."""
    from dragonnoir.ai.simulate import simulate
    from dragonnoir.resources import find

    summary = simulate(
        find("scenarios", scenario), games=games, seed=seed, krobs=krobs,
        adventurers=f"ai:{level}",
    )  # fmt: skip
    won = [r for r in summary.records if r.winner == "adventurers"]
    slowest = [max(r.decision_cpu_ms.get("adventurers", [0.0])) for r in summary.records]
    worst = summary.records[slowest.index(max(slowest))]
    losses = Counter(
        f"{r.winner or 'nobody'}: {r.reason}" for r in summary.records if r.winner != "adventurers"
    )
    return {
        "scenario": scenario,
        "level": level,
        "krobs": krobs,
        "games": games,
        "seed": seed,
        "wins": len(won),
        "losses": dict(losses.most_common()),
        "win_turn": round(sum(r.turns for r in won) / len(won), 1) if won else None,
        # The party's slowest decision, in processor time (ms) and where.
        "slowest_cpu_ms": round(max(slowest), 1) if slowest else None,
        "slowest_at": f"seed {worst.seed}" if slowest else "",
        "results": [
            {"seed": r.seed, "winner": r.winner, "turns": r.turns, "reason": r.reason}
            for r in summary.records
        ],
    }


def _at_limit(row: dict[str, Any]) -> int:
    return sum(n for reason, n in row["losses"].items() if "turn limit" in reason)


def table(rows: list[dict[str, Any]]) -> str:
    levels = sorted({r["level"] for r in rows}, key=["easy", "normal", "hard"].index)
    head = " | ".join(f"{lv}: wins (lost at the limit)" for lv in levels)
    lines = [f"| scenario | games | {head} |", "|---|---|" + "---|" * len(levels)]
    for scenario in dict.fromkeys(r["scenario"] for r in rows):
        cells = []
        games = 0
        for lv in levels:
            row = next((r for r in rows if r["scenario"] == scenario and r["level"] == lv), None)
            if row is None:
                cells.append("-")
                continue
            games = row["games"]
            pct = round(100 * row["wins"] / games)
            cells.append(f"{row['wins']} ({pct}%; {_at_limit(row)})")
        lines.append(f"| {scenario} | {games} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenarios", nargs="*")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument("--krobs", default="random")
    parser.add_argument("--save", type=Path, help="every game's result, one JSON line each")
    args = parser.parse_args(argv)
    rows = []
    for scenario in args.scenarios or shipped():
        for level in args.levels.split(","):
            row = measure(scenario, level, args.games, args.seed, args.krobs)
            results = row.pop("results")
            if args.save:
                with args.save.open("a") as out:
                    for r in results:
                        out.write(json.dumps({"scenario": scenario, "level": level, **r}) + "\n")
            print(json.dumps(row), flush=True)
            rows.append(row)
    print(table(rows))


if __name__ == "__main__":
    main()
