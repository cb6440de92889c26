"""Two versions of the program measured in one run: the figures of a change, before and after.

Run: `python -m benchmarks.before_after BEFORE [AFTER] [--rounds N]` (AFTER defaults to
HEAD). Each version is checked out in a temporary git worktree; every round measures
both, in alternating order (before-after, then after-before), each figure in its own
process with that checkout first on `PYTHONPATH`, so both meet the same machine at the
same minutes: on a shared machine, figures taken an hour apart differ by more than most
changes. Prints one JSON line per measurement, then a Markdown table of the medians over
the rounds and their ratio (after / before) for benchmarks/README.md.

Figures (each the median its own benchmark reports; see benchmarks/README.md):
- `startup_source_ms`: `python -m dragonnoir` to the main menu's first frame
  (`benchmarks/startup.py`, wall time);
- `frame_ms_100`, `frame_ms_fit`: a map frame of the six-board layout with 140 sprites
  (`dragonnoir bench --only frames`);
- `game_screen_frame_ms`, `counters_frame_ms_100`: the whole game screen, and the map with
  140 counters (`benchmarks/client_frame.py`);
- `legal_destinations_ms`, `playout_ms`: the engine (`dragonnoir bench --only engine`);
- `ai_normal_decision_cpu_ms`, `ai_normal_turn_cpu_ms` (and `ai_hard_...`): each level
  against itself on La Fosse, the median decision and whole turn in processor time
  (`benchmarks/ai_timing.py`).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 900

#: One measurement: the command run in a checkout and how to read its figures.
Probe = tuple[str, list[str], Callable[[str], dict[str, float]]]


def _json_figures(keys: tuple[str, ...]) -> Callable[[str], dict[str, float]]:
    """Reads the named figures from a benchmark that prints one JSON object."""

    def read(out: str) -> dict[str, float]:
        data = json.loads(out[out.index("{") :])
        return {k: float(data[k]) for k in keys if k in data}

    return read


def _ai_figures(out: str) -> dict[str, float]:
    """The AI timing's figures per level (the random player's line is left out)."""
    figures: dict[str, float] = {}
    for line in out.splitlines():
        if line.startswith("{") and '"ai:' in line:
            row = json.loads(line)
            level = row["agent"].removeprefix("ai:")
            figures[f"ai_{level}_decision_cpu_ms"] = float(row["decision_ms_median"])
            figures[f"ai_{level}_turn_cpu_ms"] = float(row["turn_ms_median"])
    if not figures:
        raise ValueError("no AI line in the output of benchmarks.ai_timing")
    return figures


PROBES: list[Probe] = [
    (
        "startup",
        ["-m", "benchmarks.startup", "--repeats", "5", "--binary", "/nonexistent"],
        _json_figures(("startup_source_ms",)),
    ),
    (
        "frames",
        ["-m", "dragonnoir", "bench", "--repeats", "15", "--only", "frames"],
        _json_figures(("frame_ms_100", "frame_ms_fit")),
    ),
    (
        "client",
        ["-m", "benchmarks.client_frame", "--repeats", "60"],
        _json_figures(("game_screen_frame_ms", "counters_frame_ms_100")),
    ),
    (
        "engine",
        ["-m", "dragonnoir", "bench", "--repeats", "9", "--only", "engine"],
        _json_figures(("legal_destinations_ms", "playout_ms")),
    ),
    (
        "ai",
        ["-m", "benchmarks.ai_timing", "la-fosse", "--games", "2", "--levels", "normal,hard"],
        _ai_figures,
    ),
]


def checkout(rev: str, into: Path) -> Path:
    """A clean worktree of `rev` (removed by `remove_checkout`)."""
    subprocess.run(
        ["git", "-C", str(REPO_ROOT), "worktree", "add", "--detach", "-q", str(into), rev],
        check=True,
    )
    return into


def remove_checkout(path: Path) -> None:
    subprocess.run(
        ["git", "-C", str(REPO_ROOT), "worktree", "remove", "--force", str(path)], check=False
    )


def measure(where: Path, probe: Probe) -> dict[str, float]:
    """One run of `probe` with the checkout `where` first on the path."""
    _, args, read = probe
    env = {
        **os.environ,
        "PYTHONPATH": str(where),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    done = subprocess.run(
        [sys.executable, *args],
        cwd=where,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed in {where}:\n{done.stderr[-2000:]}")
    return read(done.stdout)


def table(before: str, after: str, runs: dict[str, dict[str, list[float]]]) -> str:
    lines = [
        f"| figure | before ({before}) | after ({after}) | after / before |",
        "|---|---|---|---|",
    ]
    for figure in runs["before"]:
        b = statistics.median(runs["before"][figure])
        a = statistics.median(runs["after"].get(figure, [float("nan")]))
        lines.append(f"| {figure} | {b:.2f} | {a:.2f} | {a / b:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.before_after")
    parser.add_argument("before", help="the version before the change (a commit or branch)")
    parser.add_argument("after", nargs="?", default="HEAD")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", nargs="*", help="probe names: " + ", ".join(p[0] for p in PROBES))
    args = parser.parse_args(argv)
    probes = [p for p in PROBES if not args.only or p[0] in args.only]
    runs: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    with tempfile.TemporaryDirectory(prefix="dragonnoir-before-after-") as tmp:
        trees = {
            "before": checkout(args.before, Path(tmp) / "before"),
            "after": checkout(args.after, Path(tmp) / "after"),
        }
        try:
            for round_no in range(args.rounds):
                order = ["before", "after"] if round_no % 2 == 0 else ["after", "before"]
                for probe in probes:
                    for which in order:
                        figures = measure(trees[which], probe)
                        line: dict[str, Any] = {"round": round_no, "version": which, **figures}
                        print(json.dumps(line), flush=True)
                        for k, v in figures.items():
                            runs[which].setdefault(k, []).append(v)
        finally:
            for tree in trees.values():
                remove_checkout(tree)
    print(table(args.before, args.after, runs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
