#!/usr/bin/env bash
# Reproduce docs/screenshots/{picker-players,game-ai-deploys,game-ai-thinking,game-ai-move}.png: playing
# against the AI. Starts Xvfb, runs the client with a throw-away DRAGONNOIR_HOME, picks
# Les six cavernes with the Krobs played by the AI (normal), and grabs the screen while
# the Krob AI deploys and plays. Needs Xvfb, xdotool and imagemagick.
# Usage: tools/screenshots_ai.sh [OUTPUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${1:-docs/screenshots}"
DISPLAY_NUM="${SCREENSHOT_DISPLAY:-:92}"
W=1600 H=1000
source tools/xvfb_session.sh

# Where the picker's row of the scenario and the "AI normal" button of the Krobs are (the
# same scene, headless, at the same window size).
eval "$(SDL_VIDEODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 DRAGONNOIR_HOME="$HOME_DIR/probe" \
  .venv/bin/python - "$W" "$H" <<'PY'
import sys
from dragonnoir.engine.state import Side
from dragonnoir.ui.app import App
from dragonnoir.ui.scenes import ScenarioPicker
from dragonnoir.ui.settings import Settings

w, h = int(sys.argv[1]), int(sys.argv[2])
app = App(lambda a: ScenarioPicker(a), settings=Settings(window_width=w, window_height=h))
app.step(1 / 60)
picker = app.scene
row = next(i for i in picker.list.item_list if i["text"].startswith("Les six cavernes"))
print(f"PICK_Y={row['button_element'].rect.centery}")
picker.selected = next(
    n for n, e in enumerate(picker.entries) if e.label.startswith("Les six cavernes")
)
picker.rebuild()
ai = picker.choice.buttons[(Side.KROBS, "ai:normal")].rect.center
print(f"AI_X={ai[0]} AI_Y={ai[1]}")
app.close()
PY
)"

.venv/bin/python -m dragonnoir &
APP=$!
sleep 4  # no window manager: the window opens at the top-left corner, with the focus
shot() { import -window root -crop "${W}x${H}+0+0" +repage "$OUT/$1.png"; echo "wrote $OUT/$1.png"; }
click() { xdotool mousemove "$1" "$2"; sleep 0.2; xdotool click 1; sleep "${3:-1}"; }

click $((W / 2)) $((H / 2 - 135)) 5   # New game (the thumbnails take a moment)
click 180 "$PICK_Y" 5                 # Les six cavernes
click "$AI_X" "$AI_Y" 1               # the Krobs: AI normal
xdotool mousemove $((W - 400)) 300
sleep 0.5
shot picker-players
click $((W - 130)) $((H - 51)) 2      # Start: the Krob AI deploys first
shot game-ai-deploys
kill -KILL "$APP" 2>/dev/null || true  # SIGTERM would be a QUIT event: the quit prompt
wait "$APP" 2>/dev/null || true
# The autosave "Continue" opens for the second part: Les six cavernes at the Krob
# movement of turn 1 (both sides deployed and the Adventurers' turn played by the AI),
# the Krobs played by the AI (normal), the Adventurers by a person.
SDL_VIDEODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 .venv/bin/python - <<'PY'
from dragonnoir.ai.agent import make_agent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.save import save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side
from dragonnoir.ui.storage import autosave_path

game = load_scenario("scenarios/les-six-cavernes.toml").new_game(2)
agents = {s: make_agent("ai:normal", s, game.seed) for s in (Side.ADVENTURERS, Side.KROBS)}
while not (game.state.phase == "krob_movement" and game.to_act() is Side.KROBS):
    side = game.to_act()
    game.apply(agents[side].choose(view_for(game, side)))
game.players = {"adventurers": "human", "krobs": "ai:normal"}
autosave_path().parent.mkdir(parents=True, exist_ok=True)
save_game(game, autosave_path())
PY
rm -f "$HOME_DIR/data/autosave.view"  # open framed on the counters
# Continue the prepared game: the Krob AI's movement on six boards
.venv/bin/python -m dragonnoir &
APP=$!
sleep 4
click $((W / 2)) $((H / 2 - 31)) 1   # Continue (the save is replayed first)
xdotool mousemove 5 $((H - 5))
# Grab until the AI's strip says it is thinking: its top border turns gold (255,217,138)
# while an agent works (the strip: 8 px in from the map's left and bottom, 36 px high).
STRIP_Y=$((H - 28 - 8 - 36))
for _ in $(seq 1 60); do
  shot game-ai-thinking >/dev/null
  pixel="$(convert "$OUT/game-ai-thinking.png" -format '%[pixel:p{108,'"$STRIP_Y"'}]' info:)"
  case "$pixel" in *255,217,138*) break ;; esac
  sleep 0.3
done
echo "wrote $OUT/game-ai-thinking.png ($pixel)"
sleep 5
shot game-ai-move
