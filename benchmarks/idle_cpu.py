"""CPU an idle client costs: the main menu, or a game, left alone (issue 16).

`python -m benchmarks.idle_cpu [--screen menu|game] [--seconds 10]` starts the client
(`python -m dragonnoir`, or `dragonnoir play la-fosse` for the game screen) with a
scratch DRAGONNOIR_HOME, waits `--settle` seconds for it to draw, then reads the
process's CPU time (user + system, `/proc/PID/stat`, so Linux only) at the start and the
end of `--seconds` while nobody touches it, and prints the share of one core as JSON.
The video driver is the environment's: under Xvfb, `SDL_VIDEODRIVER=x11` (the dummy
driver draws nothing to a screen and costs less). For the game screen, when `xdotool` is
installed, one click in the window passes the hand-over screen so that the map is shown
(without it the hand-over screen is measured). Figures in benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
SCREENS = {
    "menu": [sys.executable, "-m", "dragonnoir"],
    "game": [sys.executable, "-m", "dragonnoir", "play", "la-fosse", "--seed", "1"],
}


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process `pid` so far (Linux `/proc/PID/stat`)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text[text.rindex(")") + 2 :].split()  # after "pid (name) "
    utime, stime = int(fields[11]), int(fields[12])
    return (utime + stime) / os.sysconf("SC_CLK_TCK")


def click_into(pid: int) -> None:
    """One left click inside the window of process `pid` (xdotool), then time to draw."""
    found = subprocess.run(
        ["xdotool", "search", "--pid", str(pid)], capture_output=True, text=True, check=False
    )
    for window in found.stdout.split()[:1]:
        subprocess.run(
            ["xdotool", "mousemove", "--window", window, "200", "200", "click", "1"], check=False
        )
        time.sleep(2.0)


def idle_share(command: list[str], settle: float, seconds: float, click: bool) -> float:
    """Percent of one core `command` uses over `seconds`, after `settle` seconds (and a
    click into its window if `click`)."""
    with tempfile.TemporaryDirectory(prefix="dragonnoir-idle-") as home:
        env = {**os.environ, "DRAGONNOIR_HOME": home}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        proc = subprocess.Popen(
            command, env=env, cwd=REPO_ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        try:
            time.sleep(settle)
            if proc.poll() is not None:
                raise RuntimeError(f"the client stopped: {proc.stderr.read().decode()[-400:]}")  # type: ignore[union-attr]
            if click:
                click_into(proc.pid)
            before, start = cpu_seconds(proc.pid), time.monotonic()
            time.sleep(seconds)
            after, end = cpu_seconds(proc.pid), time.monotonic()
        finally:
            proc.kill()
            proc.wait()
    return round(100.0 * (after - before) / (end - start), 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.idle_cpu")
    parser.add_argument("--screen", choices=sorted(SCREENS), default="menu")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long to measure")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds to draw first")
    args = parser.parse_args(argv)
    click = args.screen == "game" and shutil.which("xdotool") is not None
    share = idle_share(SCREENS[args.screen], args.settle, args.seconds, click)
    print(json.dumps({f"idle_{args.screen}_cpu_percent": share}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
