"""Startup: from launching the program to its first main-menu frame, and the binary's size.

`python -m benchmarks.startup [--binary dist/dragonnoir/dragonnoir] [--repeats N]` starts
the game N times from source (`python -m dragonnoir`) and, when it exists, from the
pyinstaller build, with `DRAGONNOIR_FIRST_FRAME=exit`: the client prints a line after
drawing its first frame and quits. The figure is the wall time from starting the process
to reading that line (median). A scratch DRAGONNOIR_HOME keeps the player's settings out.
The video driver is the environment's (`SDL_VIDEODRIVER`; under Xvfb, x11). Aims (issue
15): <= 1 s from source, <= 2 s for the binary. Prints JSON.

`--own-rules` puts a copy of the shipped `combat.toml` in the scratch home's rules folder:
the main menu then loads and checks the player's rules data before its first frame (the
cost a player with their own Game Sheet files pays; docs/rules-tables.md).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 60
DEFAULT_BINARY = (
    REPO_ROOT / "dist" / "dragonnoir" / ("dragonnoir.exe" if os.name == "nt" else "dragonnoir")
)


def time_to_first_frame(command: list[str], repeats: int, own_rules: bool = False) -> float:
    """Median ms from spawning `command` to its first-frame line (one warm-up run)."""
    times = []
    with tempfile.TemporaryDirectory(prefix="dragonnoir-startup-") as tmp:
        env = {**os.environ, "DRAGONNOIR_HOME": tmp, "DRAGONNOIR_FIRST_FRAME": "exit"}
        if own_rules:
            rules = Path(tmp) / "data" / "rules"
            rules.mkdir(parents=True)
            shipped = REPO_ROOT / "dragonnoir" / "data" / "combat.toml"
            (rules / "combat.toml").write_bytes(shipped.read_bytes())
        for i in range(repeats + 1):
            start = time.perf_counter()
            proc = subprocess.Popen(command, stdout=subprocess.PIPE, env=env, cwd=tmp, text=True)
            assert proc.stdout is not None
            watchdog = threading.Timer(TIMEOUT_S, proc.kill)  # a build without the probe
            watchdog.start()
            try:
                for line in proc.stdout:
                    if "first frame drawn" in line:
                        break
                else:
                    raise RuntimeError(f"{command[0]}: no first-frame line in {TIMEOUT_S} s")
                elapsed = (time.perf_counter() - start) * 1000.0
                proc.wait(timeout=TIMEOUT_S)
            finally:
                watchdog.cancel()
            if i:
                times.append(elapsed)
    return round(statistics.median(times), 1)


def folder_size_mb(path: Path) -> float:
    files = (
        [path]
        if path.is_file()
        else [p for p in path.rglob("*") if p.is_file() and not p.is_symlink()]
    )
    return round(sum(p.stat().st_size for p in files) / 2**20, 1)


def measure(binary: Path, repeats: int, own_rules: bool = False) -> dict[str, float | str]:
    source = [sys.executable, "-m", "dragonnoir"]
    figures: dict[str, float | str] = {
        "video_driver": os.environ.get("SDL_VIDEODRIVER", "default"),
        "own_rules": str(own_rules).lower(),
        "startup_source_ms": time_to_first_frame(source, repeats, own_rules),
    }
    binary = binary.resolve()  # the runs start in a scratch folder
    if binary.is_file():
        figures["startup_binary_ms"] = time_to_first_frame([str(binary)], repeats, own_rules)
        target = binary if binary.parent.name == "onefile" else binary.parent
        figures["binary_size_mb"] = folder_size_mb(target)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", type=Path, default=DEFAULT_BINARY)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument(
        "--own-rules", action="store_true", help="a rules file of the player's in the home"
    )
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.binary, args.repeats, args.own_rules), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
