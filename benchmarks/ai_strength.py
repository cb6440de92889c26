"""How strong and how fast the AI is (issue 13, section 5): figures, not pass/fail tests.

Run: `python -m benchmarks.ai_strength [--games N] [--jobs J] [SCENARIO ...]` (default: the
shipped scenarios the machine can afford, 20 games each). For each scenario it plays,
with `dragonnoir.ai.simulate` (the same code as `dragonnoir simulate`):

- the Krob AI (normal) against the random player, and the Adventurer AI (normal)
  against the random player: the AI's win rate from each seat;
- the median time of an AI decision and of an AI side's whole game turn of decisions,
  and the slowest decision seen.

Seeds 0..N-1, the same every run. Prints one JSON object per line and a Markdown table
for benchmarks/README.md at the end.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ["la-fosse", "le-nid", "le-pont", "l-ile"]


def measure(scenario: str, games: int, jobs: int) -> dict[str, Any]:
    from dragonnoir.ai.simulate import simulate
    from dragonnoir.resources import find

    path = find("scenarios", scenario)
    krob_seat = simulate(path, games=games, krobs="ai", adventurers="random", jobs=jobs)
    adv_seat = simulate(path, games=games, krobs="random", adventurers="ai", jobs=jobs)
    return {
        "scenario": scenario,
        "games": games,
        "krob_ai_wins": krob_seat.wins["krobs"],
        "krob_ai_draws": krob_seat.draws,
        "adventurer_ai_wins": adv_seat.wins["adventurers"],
        "adventurer_ai_draws": adv_seat.draws,
        "krob_decision_ms": krob_seat.median_decision_ms["krobs"],
        "krob_turn_ms": krob_seat.median_turn_ms["krobs"],
        "adventurer_decision_ms": adv_seat.median_decision_ms["adventurers"],
        "adventurer_turn_ms": adv_seat.median_turn_ms["adventurers"],
        "slowest_decision_ms": round(
            max(krob_seat.slowest_decision_ms, adv_seat.slowest_decision_ms)
        ),
        "seconds_per_game": round((krob_seat.seconds_per_game + adv_seat.seconds_per_game) / 2, 2),
    }


def big_turns(scenario: str = "les-six-cavernes", turns: int = 3, seed: int = 0) -> dict[str, Any]:
    """AI against AI on the largest scenario for its first `turns` game turns: the median
    and the longest Krob turn of decisions, and the slowest decision."""
    import statistics

    from dragonnoir.ai.runner import play_game
    from dragonnoir.engine.playout import scenario_games
    from dragonnoir.engine.state import Side
    from dragonnoir.resources import find

    make = scenario_games(find("scenarios", scenario))
    krobs = sum(1 for u in make(seed).state.units.values() if u.side is Side.KROBS)
    record = play_game(make, seed, {Side.KROBS: "ai", Side.ADVENTURERS: "ai"}, max_turns=turns)
    krob_turns = [t for t in record.turn_ms.get("krobs", ()) if t]
    return {
        "scenario": scenario,
        "krobs": krobs,
        "turns": len(krob_turns),
        "krob_turn_ms_median": round(statistics.median(krob_turns)) if krob_turns else None,
        "krob_turn_ms_max": round(max(krob_turns)) if krob_turns else None,
        "krob_decision_ms_median": round(statistics.median(record.decision_ms["krobs"]), 1),
        "slowest_decision_ms": round(record.slowest_decision_ms),
        "slowest_decision": record.slowest_decision,
    }


def table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| scenario | games | Krob AI vs random: wins (draws) | Adventurer AI vs random: wins "
        "(draws) | AI decision ms, Krobs / Adv. (median) | AI turn ms, Krobs / Adv. (median) "
        "| slowest decision ms | s per game |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        n = r["games"]
        lines.append(
            f"| {r['scenario']} | {n} | {r['krob_ai_wins']}/{n} ({r['krob_ai_draws']}) | "
            f"{r['adventurer_ai_wins']}/{n} ({r['adventurer_ai_draws']}) | "
            f"{r['krob_decision_ms']:.0f} / {r['adventurer_decision_ms']:.0f} | "
            f"{r['krob_turn_ms']:.0f} / {r['adventurer_turn_ms']:.0f} | "
            f"{r['slowest_decision_ms']} | {r['seconds_per_game']} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenarios", nargs="*", default=DEFAULT)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--big", action="store_true", help="only the Krob turn time on les-six-cavernes"
    )
    args = parser.parse_args()
    if args.big:
        print(json.dumps(big_turns()))
        return
    rows = []
    for scenario in args.scenarios:
        row = measure(scenario, args.games, args.jobs)
        print(json.dumps(row), flush=True)
        rows.append(row)
    print(table(rows))


if __name__ == "__main__":
    main()
