"""How strong the AI is, scenario by scenario (issue 13, section 5): figures, not tests.

Run: `python -m benchmarks.ai_balance [--games N] [--jobs J] [SCENARIO ...]` (default:
every shipped scenario). For each scenario it plays, with `dragonnoir.ai.simulate` (the
code of `dragonnoir simulate`), seeds 0..N-1 of each pairing:

- **against random**: the Krob AI (normal) against the random player, and the Adventurer
  AI (normal) against it: the AI's wins from each seat (aim: 90% or more);
- **hard against normal**: hard Krobs against normal Adventurers, then normal Krobs
  against hard Adventurers: hard's wins over both (aim: more than 60%);
- **balance**: normal against normal: each side's wins (aim: 35-65%).

One JSON line per scenario as it goes, then a Markdown table for benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent

#: Who plays which seat: (name, Krob agent, Adventurer agent).
PAIRINGS = (
    ("krob_ai_vs_random", "ai", "random"),
    ("adventurer_ai_vs_random", "random", "ai"),
    ("hard_krobs_vs_normal", "ai:hard", "ai"),
    ("normal_krobs_vs_hard", "ai", "ai:hard"),
    ("normal_vs_normal", "ai", "ai"),
)


def shipped() -> list[str]:
    return sorted(p.stem for p in (REPO_ROOT / "scenarios").glob("*.toml"))


def measure(scenario: str, games: int, jobs: int) -> dict[str, Any]:
    from dragonnoir.ai.simulate import simulate
    from dragonnoir.resources import find

    path = find("scenarios", scenario)
    row: dict[str, Any] = {"scenario": scenario, "games": games}
    started = time.perf_counter()
    for name, krobs, adventurers in PAIRINGS:
        summary = simulate(path, games=games, krobs=krobs, adventurers=adventurers, jobs=jobs)
        row[name] = {
            "krobs": summary.wins["krobs"],
            "adventurers": summary.wins["adventurers"],
            "draws": summary.draws,
            "turns": round(summary.average_turns, 1),
        }
    row["minutes"] = round((time.perf_counter() - started) / 60, 1)
    return row


def _pct(won: int, games: int) -> str:
    return f"{won}/{games} ({round(100 * won / games)}%)" if games else "-"


def table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| scenario | games per pairing | Krob AI vs random | Adventurer AI vs random "
        "| hard vs normal (both seats) | normal vs normal: Krobs / Adventurers / draws |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        n = r["games"]
        hard = r["hard_krobs_vs_normal"]["krobs"] + r["normal_krobs_vs_hard"]["adventurers"]
        even = r["normal_vs_normal"]
        lines.append(
            f"| {r['scenario']} | {n} | {_pct(r['krob_ai_vs_random']['krobs'], n)} | "
            f"{_pct(r['adventurer_ai_vs_random']['adventurers'], n)} | {_pct(hard, 2 * n)} | "
            f"{even['krobs']} / {even['adventurers']} / {even['draws']} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenarios", nargs="*")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    rows = []
    for scenario in args.scenarios or shipped():
        row = measure(scenario, args.games, args.jobs)
        print(json.dumps(row), flush=True)
        rows.append(row)
    print(table(rows))


if __name__ == "__main__":
    main()
