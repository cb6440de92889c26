#!/usr/bin/env bash
# Reproduce docs/screenshots/{menu,picker,game}.png: start Xvfb, run the client with a
# throw-away DRAGONNOIR_HOME, drive it with xdotool, grab the screen with ImageMagick.
# Needs Xvfb, xdotool and imagemagick. Usage: tools/screenshots.sh [OUTPUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${1:-docs/screenshots}"
DISPLAY_NUM="${SCREENSHOT_DISPLAY:-:91}"
W=1600 H=1000
mkdir -p "$OUT"
HOME_DIR="$(mktemp -d)"
mkdir -p "$HOME_DIR/config"
printf '{"window_width": %d, "window_height": %d, "handover": true}\n' "$W" "$H" \
  >"$HOME_DIR/config/settings.json"

Xvfb "$DISPLAY_NUM" -screen 0 "${W}x${H}x24" >/dev/null 2>&1 &
XVFB=$!
APP=""
cleanup() {
  [ -n "$APP" ] && kill "$APP" 2>/dev/null || true
  kill "$XVFB" 2>/dev/null || true
  rm -rf "$HOME_DIR"
}
trap cleanup EXIT
export DISPLAY="$DISPLAY_NUM" DRAGONNOIR_HOME="$HOME_DIR" SDL_AUDIODRIVER=dummy
sleep 1

.venv/bin/python -m dragonnoir &
APP=$!
sleep 4  # no window manager: the window opens at the top-left corner, with the focus
shot() { import -window root -crop "${W}x${H}+0+0" +repage "$OUT/$1.png"; echo "wrote $OUT/$1.png"; }
click() { xdotool mousemove "$1" "$2"; sleep 0.2; xdotool click 1; sleep "${3:-1}"; }

# The main menu: buttons 320x50, 12 apart, the first at the middle minus 160.
xdotool mousemove $((W / 2)) $((H / 2 - 135))
sleep 0.5
shot menu
click $((W / 2)) $((H / 2 - 135)) 2            # New game
click 180 110 2                                # the second scenario in the list
shot picker
click $((W - 130)) $((H - 51)) 3               # Start
xdotool key space                              # past the hand-over screen
sleep 1
xdotool key plus
sleep 1
xdotool mousemove 560 520                      # hover a hex
sleep 1
xdotool key e                                  # end the first phase: the log grows
sleep 1
shot game
