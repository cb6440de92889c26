#!/usr/bin/env bash
# The whole suite, RUNS times in a row (default 3), in random order and in parallel, while
# every core is kept busy by other processes: the check that no test depends on the
# machine's speed or on another test's leftovers (tests/README.md).
#
# Usage: tools/test_under_load.sh [RUNS] [extra pytest arguments...]
# Each run prints its own random-order seed ("Using --randomly-seed=N"); a failing order
# replays with `.venv/bin/pytest -p randomly -p "randomly_seed=N"` (or `-p no:randomly`
# for the file order). Stops at the first failing run; exit status is pytest's.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
shift || true
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy QT_QPA_PLATFORM=offscreen

burners=()
stop_burners() { kill "${burners[@]}" 2>/dev/null || true; }
trap stop_burners EXIT
# One busy loop per core, at the tests' own priority: the tests get about half the
# processor they would on a quiet machine.
for _ in $(seq "$(nproc)"); do
  python3 -c 'while True: pass' &
  burners+=($!)
done

for run in $(seq "$runs"); do
  echo "== run $run of $runs, $(nproc) cores busy with other work =="
  started=$(date +%s)
  .venv/bin/pytest -q -n auto -p randomly "$@"
  echo "== run $run passed in $(($(date +%s) - started)) s =="
done
