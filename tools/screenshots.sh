#!/usr/bin/env bash
# Reproduce docs/screenshots/{menu,picker,game-open,game,game-fire,game-fire-refused,game-move,game-combat}.png:
# start Xvfb, run the client with a
# throw-away DRAGONNOIR_HOME, drive it with xdotool, grab the screen with ImageMagick.
# Needs Xvfb, xdotool and imagemagick. Usage: tools/screenshots.sh [OUTPUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${1:-docs/screenshots}"
DISPLAY_NUM="${SCREENSHOT_DISPLAY:-:91}"
W=1600 H=1000
SETTINGS_EXTRA=', "handover": true'
source tools/xvfb_session.sh

# Where Le Nid's Queen's Guard is on the screen as the game opens, and Le Nid's row in
# the scenario picker (the same scenes, headless, at the same window size).
eval "$(SDL_VIDEODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 DRAGONNOIR_HOME="$HOME_DIR/nid" \
  .venv/bin/python - "$W" "$H" <<'PY'
import sys
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.ui.app import App
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.settings import Settings

w, h = int(sys.argv[1]), int(sys.argv[2])
game = load_scenario("scenarios/le-nid.toml").new_game(1)
app = App(lambda a: GameScene(a, game), settings=Settings(window_width=w, window_height=h, handover=False))
scene = app.scene
app.step(1 / 60)
mx, my = scene.map.view.grid.hex_centre(game.state.units["guard_2"].hex)
sx, sy = scene.map.camera.to_screen(mx, my)
print(f"NID_X={scene.map.viewport.x + round(sx)} NID_Y={scene.map.viewport.y + round(sy)}")
app.close()
from dragonnoir.ui.scenes import ScenarioPicker
app = App(lambda a: ScenarioPicker(a), settings=Settings(window_width=w, window_height=h))
app.step(1 / 60)
row = next(i for i in app.scene.list.item_list if i["text"].startswith("Le Nid"))
print(f"PICK_Y={row['button_element'].rect.centery}")
app.close()
PY
)"

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
click 180 "$PICK_Y" 2                          # Le Nid in the list
shot picker
click $((W - 130)) $((H - 51)) 3               # Start (Le Nid: the Krob nest's resin floor)
xdotool key space                              # past the hand-over screen
sleep 1
xdotool mousemove 5 $((H - 5))                 # the mouse off the map
sleep 1
shot game-open                                 # the game as it opens: framed, counters legible
xdotool mousemove "$NID_X" "$NID_Y"            # hover the Guard on the resin: in words
sleep 1
shot game

# The game screen acting (docs/screenshots/game-{fire,move,combat}.png) on the position
# of tests/data/scenarios/screens.toml: it is written as the autosave and continued. The
# screen positions of its hexes are computed by the same GameScene, headless, after the
# same zoom (two "+" with the mouse on the crossbowman).
kill -KILL "$APP" 2>/dev/null || true  # SIGTERM would be a QUIT event: the quit prompt
wait "$APP" 2>/dev/null || true
APP=""
eval "$(SDL_VIDEODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 .venv/bin/python - "$W" "$H" <<'PY'
import sys
import pygame
from dragonnoir.engine.actions import EndPhase
from dragonnoir.engine.save import save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.rules.movement import legal_destinations
from dragonnoir.ui.app import App
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.settings import Settings
from dragonnoir.ui.storage import autosave_path

w, h = int(sys.argv[1]), int(sys.argv[2])
scenario = load_scenario("tests/data/scenarios/screens.toml")
game = scenario.new_game(1)
autosave_path().parent.mkdir(parents=True, exist_ok=True)
save_game(game, autosave_path())
app = App(lambda a: GameScene(a, game), settings=Settings(window_width=w, window_height=h, handover=False))
scene = app.scene
def pos(hx):
    mx, my = scene.map.view.grid.hex_centre(hx)
    sx, sy = scene.map.camera.to_screen(mx, my)
    vp = scene.map.viewport
    return vp.x + round(sx), vp.y + round(sy)
units = game.state.units
app.step(1 / 60)
x, y = pos(units["rebel_crossbowman_1"].hex)
print(f"ZX={x} ZY={y}")
for _ in range(2):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PLUS, mod=0, unicode="+", scancode=0))
    for _ in range(60):
        app.step(1 / 60)
moved = scenario.new_game(1)
moved.apply(EndPhase())
reach = legal_destinations(moved, "rebel_knight_1")
to = max(reach.values(), key=lambda d: (d.rolls, len(d.path), d.cost))
from dragonnoir.engine.actions import Fire
refused = next(
    u for u in sorted(units.values(), key=lambda u: u.id)
    if u.side.value == "krobs" and not game.explain(Fire(("rebel_crossbowman_1",), u.id)).legal
)
for name, hx in (
    ("SHOOTER", units["rebel_crossbowman_1"].hex), ("TARGET", units["warrior_03"].hex),
    ("REFUSED", refused.hex),
    ("MOVER", units["rebel_knight_1"].hex), ("DEST", to.hex),
    ("ATTACKER", units["dwarf_axeman_1"].hex), ("JOINER", units["rebel_swordsman_1"].hex),
    ("DEFENDER", units["warrior_04"].hex),
):
    x, y = pos(hx)
    print(f"{name}_X={x} {name}_Y={y}")
app.close()
PY
)"
.venv/bin/python -m dragonnoir &
APP=$!
sleep 4
click $((W / 2)) $((H / 2 - 11)) 3            # Continue (the third menu button)
xdotool key space                              # past the hand-over screen
sleep 1
for _ in 1 2; do
  xdotool mousemove "$ZX" "$ZY"; sleep 0.3; xdotool key plus; sleep 1
done
click "$SHOOTER_X" "$SHOOTER_Y"                # the crossbowman: a shooter
xdotool mousemove "$TARGET_X" "$TARGET_Y"; sleep 0.5
click "$TARGET_X" "$TARGET_Y"                  # the Warrior: the target, shot previewed
shot game-fire
xdotool key Escape; sleep 0.5
click "$SHOOTER_X" "$SHOOTER_Y"                # the crossbowman again...
click "$REFUSED_X" "$REFUSED_Y"                # ...at a Krob he cannot shoot: refused
xdotool mousemove "$REFUSED_X" "$REFUSED_Y"; sleep 0.5
shot game-fire-refused
xdotool key Escape; sleep 0.5
xdotool key e; sleep 1                         # the movement phase
click "$MOVER_X" "$MOVER_Y"                    # the knight: his reach
xdotool mousemove "$DEST_X" "$DEST_Y"; sleep 1 # the path there
shot game-move
xdotool key Escape; sleep 0.5
xdotool key e; sleep 1                         # the combat phase
click "$ATTACKER_X" "$ATTACKER_Y"              # the dwarf and the swordsman attack...
click "$JOINER_X" "$JOINER_Y"
click "$DEFENDER_X" "$DEFENDER_Y"              # ...the Warrior: odds, shifts, chances
xdotool mousemove "$DEFENDER_X" "$DEFENDER_Y"; sleep 0.5
shot game-combat
