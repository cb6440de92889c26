#!/usr/bin/env bash
# Reproduce docs/screenshots/editor-layout.png and editor-board.png: start Xvfb, run the
# map editor with a throw-away DRAGONNOIR_HOME, drive it with xdotool, grab the screen
# with ImageMagick. The screen positions of slots and hexes are computed by the same
# EditorScene, headless, at the same window size.
# Needs Xvfb, xdotool and imagemagick. Usage: tools/editor_screenshots.sh [OUTPUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${1:-docs/screenshots}"
DISPLAY_NUM="${SCREENSHOT_DISPLAY:-:92}"
W=1600 H=1000
source tools/xvfb_session.sh
shot() { import -window root -crop "${W}x${H}+0+0" +repage "$OUT/$1.png"; echo "wrote $OUT/$1.png"; }
stop() { kill -KILL "$APP" 2>/dev/null || true; wait "$APP" 2>/dev/null || true; APP=""; }

# Where things are on screen, from a headless editor of the same size.
eval "$(SDL_VIDEODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 DRAGONNOIR_HOME="$HOME_DIR" \
  .venv/bin/python - "$W" "$H" <<'PY'
import sys
from pathlib import Path
from dragonnoir.ui.app import App
from dragonnoir.ui.editor_modes import to_screen
from dragonnoir.ui.editor_scene import EditorScene
from dragonnoir.ui.settings import Settings

w, h = int(sys.argv[1]), int(sys.argv[2])
settings = Settings(window_width=w, window_height=h)
app = App(lambda a: EditorScene(a, Path("layouts/four-boards.toml")), settings=settings)
scene = app.scene
mode = scene.layout
canvas = mode.canvas

def slot(row, col):
    left, top, right, bottom = canvas.slot_rect(row, col)
    return to_screen(mode.control, (left + right) / 2, (top + bottom) / 2)

print("TURN_X=%d TURN_Y=%d" % slot(1, 1))
print("FREE_X=%d FREE_Y=%d" % slot(0, 2))
app.close()
app = App(lambda a: EditorScene(a, Path("maps/labyrinthe.tmx")), settings=settings)
mode = app.scene.board
g = mode.doc.board.grid
a = to_screen(mode.control, *g.hex_centre(g.to_hex(16, 1)))
b = to_screen(mode.control, *g.hex_centre(g.to_hex(18, 1)))
hover = to_screen(mode.control, *g.hex_centre(g.to_hex(9, 9)))
print("PAINT_AX=%d PAINT_AY=%d PAINT_BX=%d PAINT_BY=%d" % (*a, *b))
print("HOVER_X=%d HOVER_Y=%d" % hover)
app.close()
PY
)"

# Layout mode: the four-board square with its bottom-right board turned the wrong way
# (two red seams and their reasons), the mouse on a free place.
.venv/bin/python -m dragonnoir edit layouts/four-boards.toml &
APP=$!
sleep 5
xdotool mousemove "$TURN_X" "$TURN_Y"; sleep 0.5
xdotool key r; sleep 1.5
xdotool mousemove "$FREE_X" "$FREE_Y"; sleep 1
shot editor-layout
stop

# Board mode: Le Labyrinthe with its zones; a stroke of cave floor cut into the rock of
# the north (no one can reach it: a problem, marked and listed).
.venv/bin/python -m dragonnoir edit maps/labyrinthe.tmx &
APP=$!
sleep 5
xdotool mousemove "$PAINT_AX" "$PAINT_AY"; sleep 0.3
xdotool mousedown 1; sleep 0.2
xdotool mousemove $(( (PAINT_AX + PAINT_BX) / 2 )) "$PAINT_AY"; sleep 0.2
xdotool mousemove "$PAINT_BX" "$PAINT_BY"; sleep 0.2
xdotool mouseup 1; sleep 1
xdotool mousemove "$HOVER_X" "$HOVER_Y"; sleep 1
shot editor-board
stop
